import UIKit

// Known mistake: two boundary supplementary items of one section with the same elementKind (the header
// and the footer both use elementKindSectionHeader after a copy-paste). UIKit throws "Every supplementary
// must have a unique elementKind". Expected rule: duplicate-element-kind (on the footer's elementKind).
final class InvoicesViewController: UIViewController {
    func createLayout() -> UICollectionViewLayout {
        let line = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                             heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44)),
            subitems: [line])
        let section = NSCollectionLayoutSection(group: group)
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(40)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        let totals = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(56)),
            elementKind: UICollectionView.elementKindSectionHeader, alignment: .bottom)
        section.boundarySupplementaryItems = [header, totals]
        return UICollectionViewCompositionalLayout(section: section)
    }
}
// Four sections (invoices) of 5 lines.
