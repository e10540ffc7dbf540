import UIKit
func makeLayout() -> UICollectionViewLayout {
    return UICollectionViewCompositionalLayout { index, env in
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(CGFloat(index + 1))))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)), subitems: [item])
        return NSCollectionLayoutSection(group: group)
    }
}
