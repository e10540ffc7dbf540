import UIKit

// Evaluator pattern: the section provider reads the container width. `width > 500 ? 4 : 2` becomes a
// variant with minWidth 501 in the twin; `width < 400` picks the card width.
final class PhotosViewController: UIViewController {
    func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, environment in
            let width = environment.container.effectiveContentSize.width
            if sectionIndex == 0 {
                // A card per row, full width on narrow phones, else 360 pt.
                let cardWidth: NSCollectionLayoutDimension = width < 400 ? .fractionalWidth(1) : .absolute(360)
                let card = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: cardWidth,
                                                                                     heightDimension: .absolute(200)))
                let row = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)),
                    subitems: [card])
                let section = NSCollectionLayoutSection(group: row)
                section.interGroupSpacing = 12
                return section
            }
            let columns = environment.container.effectiveContentSize.width > 500 ? 4 : 2
            let photo = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                  heightDimension: .fractionalHeight(1)))
            photo.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)
            let row = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                   heightDimension: .fractionalWidth(1.0 / CGFloat(columns))),
                subitem: photo, count: columns)
            return NSCollectionLayoutSection(group: row)
        }
    }
}
// The data source has two sections: 3 cards, 60 photos.
