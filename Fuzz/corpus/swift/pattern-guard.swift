import UIKit

// Evaluator pattern: guard — an optional enum from the index, a `[weak self]` capture unwrapped with
// `guard let self`, and an early return for sections past the end.
final class SettingsViewController: UIViewController {
    enum Group: Int, CaseIterable {
        case account, notifications, about
    }

    private let rowHeight: CGFloat = 48

    func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { [weak self] sectionIndex, _ in
            guard let self else { return nil }
            guard sectionIndex < Group.allCases.count else { return nil }
            guard let group = Group(rawValue: sectionIndex) else { return nil }
            return self.section(for: group)
        }
    }

    private func section(for group: Group) -> NSCollectionLayoutSection {
        let row = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                            heightDimension: .fractionalHeight(1)))
        let height = group == .about ? rowHeight * 2 : rowHeight
        let rows = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)),
            subitems: [row])
        let section = NSCollectionLayoutSection(group: rows)
        section.interGroupSpacing = 1
        section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 24, trailing: 16)
        return section
    }
}
// The data source has three sections: 3 account rows, 4 notification rows, 2 about rows.
