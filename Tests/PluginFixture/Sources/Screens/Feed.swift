// The same mistake in Swift: an item with an estimated height and contentInsets top and bottom 8, which UIKit
// drops ("Attempting to add contentInsets to an item's dimension along an estimated axis"). layoutlint's Swift
// front end reports it; run.sh asserts the build prints it where `layoutlint lint` of this file does.
#if canImport(UIKit)
import UIKit

public func feedLayout() -> UICollectionViewCompositionalLayout {
    let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
    let item = NSCollectionLayoutItem(layoutSize: itemSize)
    item.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0)
    let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
    let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
}
#endif

/// Builds on every platform (the layout needs UIKit).
public let feedSectionName = "rows"
