import UIKit

// Evaluator pattern: ternaries on the section index, including a nested one and one that picks a
// dimension, not a number.
final class DashboardViewController: UIViewController {
    func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, _ in
            let isHero = sectionIndex == 0
            let columns = isHero ? 1 : (sectionIndex == 1 ? 2 : 3)
            let height: NSCollectionLayoutDimension = isHero ? .absolute(220) : .fractionalWidth(sectionIndex == 1 ? 0.5 : 1.0 / 3.0)
            let spacing: CGFloat = sectionIndex.isMultiple(of: 2) ? 8 : 16

            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                 heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height),
                subitem: item, count: columns)
            group.interItemSpacing = .fixed(spacing)
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = spacing
            section.orthogonalScrollingBehavior = isHero ? .groupPaging : .none
            return section
        }
    }
}
// The data source has three sections of 6 items.
