import UIKit

// Evaluator pattern: a data-driven layout. Each section's kind and the mosaic-or-grid choice come from
// the model the view controller holds, so the layout depends on data the evaluator cannot see.
struct Album {
    let title: String
    let photoCount: Int
}

struct FeedSection {
    enum Kind { case carousel, grid }
    let kind: Kind
    let albums: [Album]
}

final class AlbumsViewController: UIViewController {
    var sections: [FeedSection] = []

    func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { [unowned self] sectionIndex, _ in
            let model = self.sections[sectionIndex]
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                 heightDimension: .fractionalHeight(1)))
            item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
            switch model.kind {
            case .carousel:
                let group = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.8), heightDimension: .absolute(200)),
                    subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .groupPaging
                return section
            case .grid:
                // More than three albums: a mosaic (one large, two small); otherwise a plain two-column grid.
                if model.albums.count > 3 {
                    let large = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(2.0 / 3.0),
                                                                                          heightDimension: .fractionalHeight(1)))
                    let small = NSCollectionLayoutGroup.vertical(
                        layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3.0), heightDimension: .fractionalHeight(1)),
                        subitem: item, count: 2)
                    let mosaic = NSCollectionLayoutGroup.horizontal(
                        layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(2.0 / 3.0)),
                        subitems: [large, small])
                    return NSCollectionLayoutSection(group: mosaic)
                }
                let row = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.5)),
                    subitem: item, count: 2)
                return NSCollectionLayoutSection(group: row)
            }
        }
    }
}
