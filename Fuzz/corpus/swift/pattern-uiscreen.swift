import UIKit

// Evaluator pattern: sizes computed from UIScreen.main.bounds instead of the layout environment. The
// screen's width ignores the safe area: in landscape on a notched iPhone, two 410-pt tiles need 828 pt of
// the 734 pt the section has, so one tile sits alone in each row.
final class WallpapersViewController: UIViewController {
    func makeLayout() -> UICollectionViewLayout {
        let spacing: CGFloat = 8
        let screenWidth = UIScreen.main.bounds.width
        let tileSide = (screenWidth - 3 * spacing) / 2

        let tile = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(tileSide),
                                                                             heightDimension: .absolute(tileSide)))
        let row = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(tileSide)),
            subitems: [tile])
        row.interItemSpacing = .fixed(spacing)
        let section = NSCollectionLayoutSection(group: row)
        section.interGroupSpacing = spacing
        section.contentInsets = NSDirectionalEdgeInsets(top: spacing, leading: spacing, bottom: spacing, trailing: spacing)
        return UICollectionViewCompositionalLayout(section: section)
    }
}
// One section of 40 wallpapers.
