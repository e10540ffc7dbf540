import UIKit

// Evaluator pattern: closures stored in locals and `map` over literal arrays build the items.
final class ChartsViewController: UIViewController {
    func makeLayout() -> UICollectionViewLayout {
        let makeItem: (CGFloat) -> NSCollectionLayoutItem = { fraction in
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(fraction),
                                                                                 heightDimension: .fractionalHeight(1)))
            item.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 3, bottom: 0, trailing: 3)
            return item
        }
        let bars = [0.5, 0.25, 0.25].map { makeItem(CGFloat($0)) }
        let row = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(64)),
            subitems: bars)
        let heights: [CGFloat] = [64, 64, 32]
        let rows = heights.map { height -> NSCollectionLayoutItem in
            height == 64 ? row : NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                           heightDimension: .absolute(height)))
        }
        let block = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(heights.reduce(0, +))),
            subitems: rows)
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: block))
    }
}
// One section of 21 items.
