import UIKit

// Evaluator pattern: `#available` / `#unavailable` branches. The evaluator should take the branch for
// the newest OS (here: repeatingSubitem, uniformAcrossSiblings), as the twin does.
final class ProductsViewController: UIViewController {
    func makeLayout() -> UICollectionViewLayout {
        let itemHeight: NSCollectionLayoutDimension
        if #available(iOS 17.0, *) {
            itemHeight = .uniformAcrossSiblings(estimate: 180)
        } else {
            itemHeight = .estimated(180)
        }
        let card = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3.0),
                                                                             heightDimension: itemHeight))
        let rowSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(180))

        let row: NSCollectionLayoutGroup
        if #available(iOS 16.0, *) {
            row = .horizontal(layoutSize: rowSize, repeatingSubitem: card, count: 3)
        } else {
            row = .horizontal(layoutSize: rowSize, subitem: card, count: 3)
        }
        row.interItemSpacing = .fixed(10)

        let section = NSCollectionLayoutSection(group: row)
        section.interGroupSpacing = 10
        if #unavailable(iOS 14.0) {
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
        } else {
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
            section.contentInsetsReference = .layoutMargins
        }
        return UICollectionViewCompositionalLayout(section: section)
    }
}
// One section of 24 products.
