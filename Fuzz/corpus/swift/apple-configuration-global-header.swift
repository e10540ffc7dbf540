import UIKit

// In the style of Apple's layout-configuration examples: a configuration with interSectionSpacing, a
// layout-wide header and footer, and one section that measures its insets from the layout margins.
final class ConfigurationViewController: UIViewController {
    static let layoutHeaderKind = "layout-header-element-kind"
    static let layoutFooterKind = "layout-footer-element-kind"

    func createLayout() -> UICollectionViewLayout {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .vertical
        configuration.interSectionSpacing = 20

        let headerFooterSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(120))
        let layoutHeader = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: headerFooterSize, elementKind: ConfigurationViewController.layoutHeaderKind, alignment: .top)
        let layoutFooter = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(60)),
            elementKind: ConfigurationViewController.layoutFooterKind, alignment: .bottom)
        configuration.boundarySupplementaryItems = [layoutHeader, layoutFooter]

        return UICollectionViewCompositionalLayout(sectionProvider: { sectionIndex, _ in
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                                 heightDimension: .fractionalHeight(1.0)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(50)),
                subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = 1
            if sectionIndex == 1 {
                section.contentInsetsReference = .layoutMargins
            }
            return section
        }, configuration: configuration)
    }
}
// The data source has two sections of 6 rows.
