import UIKit

// Evaluator pattern: if/else-if chains and switch statements that assign a `var` (or a `let` declared
// without a value) before it is used.
final class LibraryViewController: UIViewController {
    enum Shelf {
        case hero, grid, compact, list
    }

    let shelves: [Shelf] = [.hero, .grid, .compact, .list]

    func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { [unowned self] sectionIndex, _ in
            let shelf = self.shelves[sectionIndex]

            var columns: Int
            if sectionIndex == 0 {
                columns = 1
            } else if sectionIndex == 1 {
                columns = 2
            } else {
                columns = 4
            }
            if shelf == .list {
                columns = 1
            }

            let height: NSCollectionLayoutDimension
            let insets: CGFloat
            switch shelf {
            case .hero:
                height = .absolute(300)
                insets = 0
            case .grid, .compact:
                height = .fractionalWidth(1.0 / CGFloat(columns))
                insets = 4
            case .list:
                height = .absolute(56)
                insets = 0
            }

            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                 heightDimension: .fractionalHeight(1)))
            item.contentInsets = NSDirectionalEdgeInsets(top: insets, leading: insets, bottom: insets, trailing: insets)
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height),
                subitem: item, count: columns)
            return NSCollectionLayoutSection(group: group)
        }
    }
}
// The data source has four sections (one per shelf) of 8 items.
