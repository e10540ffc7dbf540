import UIKit

// Known mistake: a pinned header left at the default zIndex in a section with a background decoration.
// The background promotes the cells to zIndex 1, the header's default, so cells scroll over the pinned
// header. Expected rule: pinned-header-z-index (on pinToVisibleBounds); the fix sets zIndex 2.
final class TimelineViewController: UIViewController {
    static let backgroundKind = "timeline-background"

    func createLayout() -> UICollectionViewLayout {
        let entry = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                              heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(64)),
            subitems: [entry])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12)

        let dayHeader = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(30)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        dayHeader.pinToVisibleBounds = true
        section.boundarySupplementaryItems = [dayHeader]
        section.decorationItems = [.background(elementKind: TimelineViewController.backgroundKind)]

        return UICollectionViewCompositionalLayout(section: section)
    }
}
// Seven sections (days) of 6 entries.
