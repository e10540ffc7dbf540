import UIKit

// Evaluator pattern: arithmetic and literal typing. A literal passed where CGFloat is expected is a
// CGFloat, so `1/3` is 0.333…, not the integer 0; integers need an explicit CGFloat(…) conversion.
final class CalendarViewController: UIViewController {
    func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, _ in
            if sectionIndex == 0 {
                // A week strip: seven days, 2/7 of the width tall.
                let day = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1/7),
                                                                                    heightDimension: .fractionalHeight(1)))
                let week = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(2/7)),
                    subitems: [day])
                return NSCollectionLayoutSection(group: week)
            }
            // Agenda: three columns from an Int, rows 44 * 2 + 8 = 96 pt, 1.5 × 8 = 12 pt apart.
            let columns = 3
            let gap: CGFloat = 8
            let event = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / CGFloat(columns)),
                                                                                  heightDimension: .fractionalHeight(1)))
            event.contentInsets = NSDirectionalEdgeInsets(top: gap / 2, leading: gap / 2, bottom: gap / 2, trailing: gap / 2)
            let row = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44 * 2 + gap)),
                subitems: [event])
            let section = NSCollectionLayoutSection(group: row)
            section.interGroupSpacing = 1.5 * gap
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: gap / 2, bottom: 0, trailing: gap / 2)
            return section
        }
    }
}
// The data source has two sections: 14 days, 9 events.
