import UIKit

// In the style of Apple's "Implementing Modern Collection Views" — Two-Column Grid: two 44-pt cells per
// row, 10 pt apart and 10 pt from the edges. Each item is half the row (repeatingSubitem keeps it).
final class TwoColumnGridViewController: UIViewController {
    func createLayout() -> UICollectionViewLayout {
        let spacing = CGFloat(10)
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5),
                                                                             heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44)),
            repeatingSubitem: item, count: 2)
        group.interItemSpacing = .fixed(spacing)

        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = spacing
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        return UICollectionViewCompositionalLayout(section: section)
    }
}
// One section of 94 cells.
