import UIKit

// In the style of Apple's "Implementing Modern Collection Views" — Grid: five square cells per row,
// written with the iOS 16 repeatingSubitem API (each item keeps its fifth of the width).
final class FiveColumnGridViewController: UIViewController {
    func createLayout() -> UICollectionViewLayout {
        let cell = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.2),
                                                                             heightDimension: .fractionalHeight(1.0)))
        let row = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(0.2)),
            repeatingSubitem: cell, count: 5)
        let section = NSCollectionLayoutSection(group: row)
        return UICollectionViewCompositionalLayout(section: section)
    }
}
// One section of 94 cells.
