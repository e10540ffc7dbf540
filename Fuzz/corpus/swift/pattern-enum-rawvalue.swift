import UIKit

// Evaluator pattern: enum dispatch — `Section(rawValue: sectionIndex)`, a switch over the enum inside
// one of its methods, and computed properties on the enum that the layout reads.
enum ShopSection: Int, CaseIterable {
    case banner
    case categories
    case bestsellers

    var itemHeight: CGFloat {
        switch self {
        case .banner: return 180
        case .categories: return 90
        case .bestsellers: return 120
        }
    }

    var columns: Int {
        self == .categories ? 4 : 1
    }

    func layoutSection() -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                             heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: self == .banner ? .fractionalWidth(0.9) : .fractionalWidth(1),
                                               heightDimension: .absolute(itemHeight)),
            subitem: item, count: columns)
        group.interItemSpacing = .fixed(8)
        let section = NSCollectionLayoutSection(group: group)
        switch self {
        case .banner:
            section.orthogonalScrollingBehavior = .groupPaging
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
        case .categories, .bestsellers:
            section.interGroupSpacing = 8
            section.contentInsets = NSDirectionalEdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
        }
        return section
    }
}

final class ShopViewController: UIViewController {
    func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, _ in
            ShopSection(rawValue: sectionIndex)?.layoutSection()
        }
    }
}
// The data source has one section per ShopSection case: 4 banners, 8 categories, 10 bestsellers.
