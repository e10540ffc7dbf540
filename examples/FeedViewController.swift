import UIKit

/// A feed: a paging carousel of featured stories, then a grid of self-sizing cards whose height comes from their
/// content. Two things here render other than they read; `layoutlint lint` finds both.
final class FeedViewController: UIViewController {
    enum Section: Int, CaseIterable { case featured, cards }

    private let spacing: CGFloat = 10

    func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { [unowned self] sectionIndex, environment in
            switch Section(rawValue: sectionIndex) {
            case .featured:
                return self.featuredSection()
            default:
                let columns = environment.container.effectiveContentSize.width > 600 ? 3 : 2
                return self.cardsSection(columns: columns)
            }
        }
    }

    private func featuredSection() -> NSCollectionLayoutSection {
        let cover = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: .init(widthDimension: .fractionalWidth(0.85), heightDimension: .absolute(220)),
            subitems: [cover])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .groupPagingCentered
        // Centered paging already spaces the pages: this spacing shrinks every card.
        section.interGroupSpacing = spacing
        return section
    }

    private func cardsSection(columns: Int) -> NSCollectionLayoutSection {
        let card = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1 / CGFloat(columns)), heightDimension: .estimated(120)))
        // The height is estimated: UIKit ignores the top and bottom insets here (use edgeSpacing).
        card.contentInsets = NSDirectionalEdgeInsets(top: 6, leading: 6, bottom: 6, trailing: 6)
        let row = NSCollectionLayoutGroup.horizontal(
            layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(120)),
            repeatingSubitem: card, count: columns)
        let section = NSCollectionLayoutSection(group: row)
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 10, bottom: 20, trailing: 10)
        return section
    }
}
