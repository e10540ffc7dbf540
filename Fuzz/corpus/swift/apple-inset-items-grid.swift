import UIKit

// In the style of Apple's "Implementing Modern Collection Views" — Inset Items Grid: the grid's cells
// drawn 5 pt inside their slots, so neighbours are 10 pt apart and the slots stay square.
final class InsetItemsGridViewController: UIViewController {
    private let cellInset: CGFloat = 5

    func createLayout() -> UICollectionViewLayout {
        let cell = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.2),
                                                                             heightDimension: .fractionalHeight(1.0)))
        cell.contentInsets = NSDirectionalEdgeInsets(top: cellInset, leading: cellInset, bottom: cellInset, trailing: cellInset)
        let row = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(0.2)),
            subitems: [cell])
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: row))
    }
}
// One section of 94 cells.
