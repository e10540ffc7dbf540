import UIKit

// iOS 17: cards that self-size and then grow to match the tallest card in their row
// (uniformAcrossSiblings), inside a row whose height is estimated so it can grow with them.
final class PricingViewController: UIViewController {
    func createLayout() -> UICollectionViewLayout {
        let card = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3.0),
                                                                             heightDimension: .uniformAcrossSiblings(estimate: 240)))
        let row = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(240)),
            subitems: [card])
        row.interItemSpacing = .fixed(12)
        let section = NSCollectionLayoutSection(group: row)
        section.interGroupSpacing = 12
        section.contentInsets = NSDirectionalEdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
        return UICollectionViewCompositionalLayout(section: section)
    }
}
// One section of 3 plans.
