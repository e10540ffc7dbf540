import UIKit

// Known mistake: subitem fractions that sum past 1 along the group's axis. 0.5 + 0.3 + 0.3 = 1.1: the
// third item never fits after the first two, so UIKit drops it from every group and the next group
// starts with the wide item again. Expected rule: group-overflow (on the third subitem's width).
final class ProfileViewController: UIViewController {
    func createLayout() -> UICollectionViewLayout {
        let avatar = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5),
                                                                               heightDimension: .fractionalHeight(1.0)))
        let stat = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.3),
                                                                             heightDimension: .fractionalHeight(1.0)))
        let followers = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.3),
                                                                                  heightDimension: .fractionalHeight(1.0)))
        let header = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(120)),
            subitems: [avatar, stat, followers])
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: header))
    }
}
// One section of 9 items.
