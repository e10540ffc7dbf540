import UIKit

// Evaluator pattern: `if` and `switch` used as expressions (Swift 5.9).
final class PodcastsViewController: UIViewController {
    enum Kind: Int {
        case featured, topCharts, episodes
    }

    func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, _ in
            let kind = Kind(rawValue: sectionIndex) ?? .episodes

            let columns = switch kind {
            case .featured: 1
            case .topCharts: 3
            case .episodes: 1
            }
            let height: NSCollectionLayoutDimension = if kind == .featured {
                .fractionalWidth(0.6)
            } else if kind == .topCharts {
                .absolute(150)
            } else {
                .absolute(88)
            }
            let behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = switch kind {
            case .featured: .groupPagingCentered
            case .topCharts: .continuousGroupLeadingBoundary
            case .episodes: .none
            }

            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                 heightDimension: .fractionalHeight(1)))
            item.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 6, bottom: 0, trailing: 6)
            let groupWidth: NSCollectionLayoutDimension = if behavior == .none { .fractionalWidth(1) } else { .fractionalWidth(0.85) }
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: groupWidth, heightDimension: height),
                subitem: item, count: columns)
            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = behavior
            return section
        }
    }
}
// The data source has three sections: 5 featured shows, 12 chart entries, 20 episodes.
