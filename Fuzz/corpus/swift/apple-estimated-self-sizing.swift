import UIKit

// Self-sizing rows (Dynamic Type): estimated heights for the rows and the self-sizing header, with the
// vertical gaps in edgeSpacing and interGroupSpacing, since contentInsets on an estimated axis are ignored.
final class ArticlesViewController: UIViewController {
    func createLayout() -> UICollectionViewLayout {
        let row = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                            heightDimension: .estimated(64)))
        row.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
        row.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: nil, top: .fixed(4), trailing: nil, bottom: .fixed(4))
        let group = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(64)),
            subitems: [row])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 8
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(32)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        section.boundarySupplementaryItems = [header]
        return UICollectionViewCompositionalLayout(section: section)
    }
}
// Three sections of 15 articles.
