import UIKit

// Evaluator pattern: locals and later mutation. Every value is set, then changed before it is used;
// `rowHeight` is changed once more after the group has read it, which must not change the group.
final class InboxViewController: UIViewController {
    func makeLayout() -> UICollectionViewLayout {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                             heightDimension: .fractionalHeight(1)))
        item.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 8, bottom: 4, trailing: 8)
        item.contentInsets.leading = 16          // top 4, leading 16, bottom 4, trailing 8
        item.contentInsets.trailing += 8         // trailing 16

        var rowHeight: CGFloat = 56
        rowHeight += 8                           // 64
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(rowHeight)),
            subitems: [item])
        rowHeight = 100                          // too late: the group keeps 64
        _ = rowHeight

        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 4
        section.interGroupSpacing *= 2           // 8
        var insets = NSDirectionalEdgeInsets.zero
        insets.top = 12
        insets.bottom = insets.top               // 12
        insets.leading = insets.bottom - 4       // 8
        insets.trailing = insets.leading         // 8
        section.contentInsets = insets
        insets.top = 0                           // a copy: the section keeps 12

        return UICollectionViewCompositionalLayout(section: section)
    }
}
// One section of 20 messages.
