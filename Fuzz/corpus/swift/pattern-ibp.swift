import UIKit
import IBPCollectionViewCompositionalLayout

// Evaluator pattern: the IBP spellings of kishikawakatsumi/IBPCollectionViewCompositionalLayout (the
// iOS 12 backport). Same API, every type prefixed with IBP.
final class LegacyGridViewController: UIViewController {
    func makeLayout() -> UICollectionViewLayout {
        let itemSize = IBPNSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5),
                                                 heightDimension: .fractionalHeight(1.0))
        let item = IBPNSCollectionLayoutItem(layoutSize: itemSize)
        item.contentInsets = IBPNSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)

        let groupSize = IBPNSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                  heightDimension: .absolute(160))
        let group = IBPNSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])

        let section = IBPNSCollectionLayoutSection(group: group)
        section.contentInsets = IBPNSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        let headerSize = IBPNSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44))
        let header = IBPNSCollectionLayoutBoundarySupplementaryItem(layoutSize: headerSize,
                                                                    elementKind: "header",
                                                                    alignment: IBPNSRectAlignment.top)
        header.pinToVisibleBounds = true
        header.zIndex = 2
        section.boundarySupplementaryItems = [header]

        return IBPUICollectionViewCompositionalLayout(section: section)
    }

    func makeSectionProviderLayout() -> UICollectionViewLayout {
        IBPUICollectionViewCompositionalLayout { (sectionIndex: Int, environment: IBPNSCollectionLayoutEnvironment) -> IBPNSCollectionLayoutSection? in
            let item = IBPNSCollectionLayoutItem(layoutSize: IBPNSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                                       heightDimension: .fractionalHeight(1.0)))
            let group = IBPNSCollectionLayoutGroup.horizontal(
                layoutSize: IBPNSCollectionLayoutSize(widthDimension: .fractionalWidth(0.8), heightDimension: .absolute(120)),
                subitems: [item])
            let section = IBPNSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = IBPUICollectionLayoutSectionOrthogonalScrollingBehavior.groupPaging
            section.interGroupSpacing = sectionIndex == 0 ? 0 : 10
            return section
        }
    }
}
// makeLayout: one section of 12 items; makeSectionProviderLayout: two sections of 6.
