import UIKit

// Evaluator pattern: subitems built with Array(repeating:count:) and array concatenation.
final class KeypadViewController: UIViewController {
    func makeLayout() -> UICollectionViewLayout {
        let key = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3.0),
                                                                            heightDimension: .fractionalHeight(1)))
        key.contentInsets = NSDirectionalEdgeInsets(top: 6, leading: 6, bottom: 6, trailing: 6)
        let keyRow = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.25)),
            subitems: Array(repeating: key, count: 3))

        // The last row: a wide 0 key and a delete key.
        let wideKey = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(2.0 / 3.0),
                                                                                heightDimension: .fractionalHeight(1)))
        wideKey.contentInsets = key.contentInsets
        let lastRow = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.25)),
            subitems: [wideKey] + [key])

        let pad = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(1)),
            subitems: Array(repeating: keyRow, count: 3) + [lastRow])
        let section = NSCollectionLayoutSection(group: pad)
        section.contentInsets = NSDirectionalEdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
        return UICollectionViewCompositionalLayout(section: section)
    }
}
// One section of 11 keys (1–9, 0, delete).
