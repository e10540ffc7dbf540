import UIKit

// Evaluator pattern: a bounded `for` loop (and a closed range) building a group's subitems.
final class MagazineViewController: UIViewController {
    func makeLayout() -> UICollectionViewLayout {
        var subitems: [NSCollectionLayoutItem] = []
        for index in 0..<4 {
            // The first column is twice as wide: 0.4, 0.2, 0.2, 0.2.
            let fraction: CGFloat = index == 0 ? 0.4 : 0.2
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(fraction),
                                                                                 heightDimension: .fractionalHeight(1)))
            item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
            subitems.append(item)
        }
        let strip = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(160)),
            subitems: subitems)

        var rows: [NSCollectionLayoutItem] = [strip]
        for _ in 1...2 {
            let line = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                 heightDimension: .absolute(44)))
            rows.append(line)
        }
        let page = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(248)),
            subitems: rows)
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: page))
    }
}
// One section of 30 items.
