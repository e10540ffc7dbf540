import UIKit

// Evaluator pattern: one value used in several places — `spacing` feeds the item spacing, the group
// spacing, the section insets and (halved) the header offset; `halfSize` sizes both the large photo
// and the column of two beside it.
final class GalleryViewController: UIViewController {
    private let spacing: CGFloat = 12

    func makeLayout() -> UICollectionViewLayout {
        let fullSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1))
        let halfSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1))
        let large = NSCollectionLayoutItem(layoutSize: halfSize)

        let column = NSCollectionLayoutGroup.vertical(layoutSize: halfSize,
                                                      subitem: NSCollectionLayoutItem(layoutSize: fullSize), count: 2)
        column.interItemSpacing = .fixed(spacing)
        let columns = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(240)),
            subitems: [large, column])
        columns.interItemSpacing = .fixed(spacing)

        let section = NSCollectionLayoutSection(group: columns)
        section.interGroupSpacing = spacing
        section.contentInsets = NSDirectionalEdgeInsets(top: spacing, leading: spacing, bottom: spacing, trailing: spacing)
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(36)),
            elementKind: UICollectionView.elementKindSectionHeader,
            alignment: .top,
            absoluteOffset: CGPoint(x: 0, y: -spacing / 2))
        section.boundarySupplementaryItems = [header]
        return UICollectionViewCompositionalLayout(section: section)
    }
}
// One section of 24 photos.
