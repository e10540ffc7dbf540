import UIKit

// In the style of Apple's list examples (iOS 14): list sections from UICollectionLayoutListConfiguration,
// beside an ordinary grid section. The spec format has no list configuration, so this case has no twin.
final class OutlineViewController: UIViewController {
    func createLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, layoutEnvironment in
            if sectionIndex == 0 {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3.0),
                                                                                     heightDimension: .fractionalHeight(1.0)))
                let group = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(1.0 / 3.0)),
                    subitems: [item])
                return NSCollectionLayoutSection(group: group)
            }
            var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
            configuration.headerMode = .supplementary
            configuration.showsSeparators = true
            return NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: layoutEnvironment)
        }
    }

    func createSidebarLayout() -> UICollectionViewLayout {
        var configuration = UICollectionLayoutListConfiguration(appearance: .sidebar)
        configuration.backgroundColor = .systemGroupedBackground
        return UICollectionViewCompositionalLayout.list(using: configuration)
    }
}
// createLayout: the data source has three sections, a 9-item grid then two lists of 6 rows; createSidebarLayout: one sidebar section of 12 rows.
