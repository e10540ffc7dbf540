import UIKit

// Evaluator pattern: constants at file level, as static members of an enum namespace, as instance
// members, and as static members of the view controller, combined in expressions.
private let rowHeight: CGFloat = 60
fileprivate let avatarSide = 44.0

enum Metrics {
    static let padding: CGFloat = 16
    static let columns = 2
    static let tileAspect: CGFloat = 1.25
    enum Header {
        static let height: CGFloat = 40
    }
}

final class ContactsViewController: UIViewController {
    static let headerKind = "contacts-header"
    private let interItem: CGFloat = 6

    func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { [unowned self] sectionIndex, _ in
            if sectionIndex == 0 {
                // Favourites: Metrics.columns tiles per row, 1.25 times as tall as wide.
                let tile = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                     heightDimension: .fractionalHeight(1)))
                let row = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                       heightDimension: .fractionalWidth(Metrics.tileAspect / CGFloat(Metrics.columns))),
                    subitem: tile, count: Metrics.columns)
                row.interItemSpacing = .fixed(self.interItem)
                let section = NSCollectionLayoutSection(group: row)
                section.interGroupSpacing = self.interItem
                section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: Metrics.padding, bottom: Metrics.padding, trailing: Metrics.padding)
                return section
            }
            // All contacts: rows of rowHeight, an avatar-wide leading inset, a header.
            let contact = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                    heightDimension: .fractionalHeight(1)))
            contact.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: avatarSide + Metrics.padding, bottom: 0, trailing: 0)
            let rows = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(rowHeight)),
                subitems: [contact])
            let section = NSCollectionLayoutSection(group: rows)
            section.boundarySupplementaryItems = [
                NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(Metrics.Header.height)),
                    elementKind: ContactsViewController.headerKind,
                    alignment: .top),
            ]
            return section
        }
    }
}
// The data source has two sections: 6 favourites, 40 contacts.
