import UIKit

// Known mistake: insets larger than an absolute size. A 40 × 40 icon slot with 24 pt of inset on each
// side leaves the icon −8 pt wide and tall. Expected rule: insets-exceed-size (on the item's insets).
final class ToolbarViewController: UIViewController {
    private let iconSide: CGFloat = 40
    private let touchPadding: CGFloat = 24

    func createLayout() -> UICollectionViewLayout {
        let icon = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(iconSide),
                                                                             heightDimension: .absolute(iconSide)))
        icon.contentInsets = NSDirectionalEdgeInsets(top: touchPadding, leading: touchPadding, bottom: touchPadding, trailing: touchPadding)
        let bar = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(iconSide)),
            subitems: [icon])
        bar.interItemSpacing = .flexible(8)
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: bar))
    }
}
// One section of 5 icons.
