import UIKit

// Evaluator pattern: implicit member expressions and `.init(…)` wherever the type is known from context.
final class StoriesViewController: UIViewController {
    func makeLayout() -> UICollectionViewCompositionalLayout {
        let item: NSCollectionLayoutItem = .init(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        item.contentInsets = .init(top: 0, leading: 4, bottom: 0, trailing: 4)
        let group: NSCollectionLayoutGroup = .horizontal(layoutSize: .init(widthDimension: .absolute(72), heightDimension: .absolute(96)),
                                                         subitems: [item])
        group.edgeSpacing = .init(leading: .fixed(0), top: .fixed(8), trailing: .fixed(0), bottom: .fixed(8))
        let section: NSCollectionLayoutSection = .init(group: group)
        section.orthogonalScrollingBehavior = .continuous
        section.contentInsets = .zero
        section.contentInsets.leading = 12
        section.boundarySupplementaryItems = [
            .init(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(32)),
                  elementKind: "stories-header", alignment: .topLeading),
        ]
        let configuration: UICollectionViewCompositionalLayoutConfiguration = .init()
        configuration.interSectionSpacing = 16
        return .init(section: section, configuration: configuration)
    }
}
// One section of 12 stories.
