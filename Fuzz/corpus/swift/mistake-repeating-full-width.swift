import UIKit

// Known mistake: Apple's "Two-Column Grid" moved to the iOS 16 API as published — repeatingSubitem with
// count 2 and a full-width item. Unlike the deprecated subitem:count:, repeatingSubitem keeps the item's
// size, so each item is the whole row wide and the second one runs off the group. Expected rule:
// group-overflow (repeatingSubitem × count exceeds the group).
final class TwoColumnAsPublishedViewController: UIViewController {
    func createLayout() -> UICollectionViewLayout {
        let spacing = CGFloat(10)
        let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0))
        let item = NSCollectionLayoutItem(layoutSize: itemSize)
        let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, repeatingSubitem: item, count: 2)
        group.interItemSpacing = .fixed(spacing)

        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = spacing
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        return UICollectionViewCompositionalLayout(section: section)
    }
}
// One section of 94 cells.
