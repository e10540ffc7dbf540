import UIKit

// Evaluator pattern: helper functions with parameters and default arguments, called with some
// arguments left out, one passed by label out of the usual spot, and one helper in an extension.
extension NSCollectionLayoutItem {
    static func filling(inset: CGFloat = 0) -> NSCollectionLayoutItem {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                             heightDimension: .fractionalHeight(1)))
        item.contentInsets = NSDirectionalEdgeInsets(top: inset, leading: inset, bottom: inset, trailing: inset)
        return item
    }
}

final class StoreViewController: UIViewController {
    private func makeItem(width: NSCollectionLayoutDimension = .fractionalWidth(1),
                          height: NSCollectionLayoutDimension = .fractionalHeight(1),
                          inset: CGFloat = 0) -> NSCollectionLayoutItem {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: width, heightDimension: height))
        item.contentInsets = NSDirectionalEdgeInsets(top: inset, leading: inset, bottom: inset, trailing: inset)
        return item
    }

    private func makeRow(height: CGFloat, columns: Int = 1, spacing: CGFloat = 8) -> NSCollectionLayoutGroup {
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)),
            subitem: .filling(), count: columns)
        group.interItemSpacing = .fixed(spacing)
        return group
    }

    private func makeSection(_ group: NSCollectionLayoutGroup,
                             insets: NSDirectionalEdgeInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16),
                             spacing: CGFloat = 8) -> NSCollectionLayoutSection {
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = insets
        section.interGroupSpacing = spacing
        return section
    }

    func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { [unowned self] sectionIndex, _ in
            switch sectionIndex {
            case 0:
                // makeRow(height:) with the defaults (one column, spacing 8, the extension's .filling() item);
                // makeSection with its default insets and spacing.
                return self.makeSection(self.makeRow(height: 180))
            case 1:
                // Two columns, the spacing passed; the section's spacing passed, its insets left out.
                return self.makeSection(self.makeRow(height: 120, columns: 2, spacing: 12), spacing: 12)
            default:
                // A row of one wide and one narrow item from makeItem(width:inset:), the height left to its default.
                let row = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(90)),
                    subitems: [self.makeItem(width: .fractionalWidth(0.75), inset: 4), self.makeItem(width: .fractionalWidth(0.25), inset: 4)])
                return self.makeSection(row, insets: .zero)
            }
        }
    }
}
// The data source has three sections of 6 items.
