import UIKit

// The helpers that FeedLayout.swift (the other file of this folder) builds its layout with.
enum LayoutBuilders {
    static let defaultSpacing: CGFloat = 10

    static func fullItem(inset: CGFloat = 0) -> NSCollectionLayoutItem {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                             heightDimension: .fractionalHeight(1)))
        item.contentInsets = NSDirectionalEdgeInsets(top: inset, leading: inset, bottom: inset, trailing: inset)
        return item
    }

    static func grid(columns: Int, aspectRatio: CGFloat = 1, spacing: CGFloat = defaultSpacing) -> NSCollectionLayoutSection {
        let row = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                               heightDimension: .fractionalWidth(aspectRatio / CGFloat(columns))),
            subitem: fullItem(), count: columns)
        row.interItemSpacing = .fixed(spacing)
        let section = NSCollectionLayoutSection(group: row)
        section.interGroupSpacing = spacing
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: spacing, bottom: spacing, trailing: spacing)
        return section
    }
}

extension NSCollectionLayoutSection {
    func withHeader(height: CGFloat, kind: String = UICollectionView.elementKindSectionHeader) -> NSCollectionLayoutSection {
        boundarySupplementaryItems = [
            NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)),
                elementKind: kind, alignment: .top),
        ]
        return self
    }
}
