import UIKit

// In the style of Apple's "Implementing Modern Collection Views" — Nested Groups (a mosaic), with the
// fractions summing to 1 on every axis: a wide photo over a row of one large photo beside a column of
// two, each row height a fraction of the width so the mosaic keeps its shape in every orientation.
final class MosaicViewController: UIViewController {
    func createLayout() -> UICollectionViewLayout {
        let inset: CGFloat = 4

        let wide = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                             heightDimension: .fractionalHeight(1.0 / 3.0)))
        wide.contentInsets = NSDirectionalEdgeInsets(top: inset, leading: inset, bottom: inset, trailing: inset)

        let large = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(2.0 / 3.0),
                                                                              heightDimension: .fractionalHeight(1.0)))
        large.contentInsets = wide.contentInsets
        let small = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                              heightDimension: .fractionalHeight(0.5)))
        small.contentInsets = wide.contentInsets
        let smallColumn = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3.0), heightDimension: .fractionalHeight(1.0)),
            repeatingSubitem: small, count: 2)
        let lowerRow = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(2.0 / 3.0)),
            subitems: [large, smallColumn])

        let mosaic = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(1.0)),
            subitems: [wide, lowerRow])
        let section = NSCollectionLayoutSection(group: mosaic)
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: inset, bottom: 0, trailing: inset)
        return UICollectionViewCompositionalLayout(section: section)
    }
}
// One section of 40 photos.
