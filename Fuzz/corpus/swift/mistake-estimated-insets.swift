import UIKit

// Known mistake: contentInsets on an estimated axis. The rows self-size (estimated height), so UIKit
// ignores their top and bottom insets and logs "Attempting to add contentInsets to an item's dimension
// along an estimated axis…"; the leading and trailing insets still apply. Expected rule:
// estimated-content-insets (on the item's contentInsets).
final class CommentsViewController: UIViewController {
    func createLayout() -> UICollectionViewLayout {
        let comment = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                                heightDimension: .estimated(80)))
        comment.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
        let group = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(80)),
            subitems: [comment])
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }
}
// One section of 50 comments.
