import UIKit

// Evaluator pattern: computed properties (for numbers, a dimension and whole sections) and a
// `lazy var` initialised by a closure that builds the layout.
final class NewsViewController: UIViewController {
    private var margin: CGFloat { 20 }
    private var cardWidth: NSCollectionLayoutDimension { .fractionalWidth(0.85) }
    private var cardHeight: CGFloat { margin * 15 }           // 300

    private var topStoriesSection: NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                             heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: cardWidth, heightDimension: .absolute(cardHeight)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .groupPaging
        section.interGroupSpacing = margin / 2
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: margin, bottom: margin, trailing: margin)
        return section
    }

    private var headlinesSection: NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                             heightDimension: .estimated(72)))
        let group = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(72)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: margin, bottom: 0, trailing: margin)
        return section
    }

    lazy var collectionLayout: UICollectionViewLayout = {
        UICollectionViewCompositionalLayout { [unowned self] sectionIndex, _ in
            sectionIndex == 0 ? self.topStoriesSection : self.headlinesSection
        }
    }()
}
// The data source has two sections: 6 top stories, 25 headlines.
