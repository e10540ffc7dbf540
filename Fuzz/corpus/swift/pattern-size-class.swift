import UIKit

// Evaluator pattern: size classes from the environment's trait collection. The twin turns each test
// into a variant with horizontalSizeClass / verticalSizeClass.
final class RecipesViewController: UIViewController {
    func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { _, layoutEnvironment in
            let traits = layoutEnvironment.traitCollection
            let isCompact = traits.horizontalSizeClass == .compact
            let columns = isCompact ? 1 : 3
            let rowHeight: CGFloat = traits.verticalSizeClass == .compact ? 120 : 220

            let recipe = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                   heightDimension: .fractionalHeight(1)))
            let row = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(rowHeight)),
                subitem: recipe, count: columns)
            row.interItemSpacing = .fixed(16)
            let section = NSCollectionLayoutSection(group: row)
            section.interGroupSpacing = 16
            section.contentInsets = isCompact
                ? NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
                : NSDirectionalEdgeInsets(top: 20, leading: 40, bottom: 20, trailing: 40)
            return section
        }
    }
}
// One section of 24 recipes.
