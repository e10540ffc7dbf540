import UIKit

// Evaluator pattern: the layout depends on app state — a flag read from UserDefaults and a property
// set by the app. The evaluator cannot know either and should report both rather than guess.
final class FeedViewController: UIViewController {
    var showsStories = true

    private var isPremium: Bool {
        UserDefaults.standard.bool(forKey: "isPremium")
    }

    func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { [unowned self] sectionIndex, _ in
            // Free users get an ad banner as section 0; everything moves down by one.
            let index = self.isPremium ? sectionIndex + 1 : sectionIndex
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                 heightDimension: .fractionalHeight(1)))
            switch index {
            case 0:
                let banner = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
                    subitems: [item])
                return NSCollectionLayoutSection(group: banner)
            case 1 where self.showsStories:
                let story = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(72), heightDimension: .absolute(96)),
                    subitems: [item])
                let section = NSCollectionLayoutSection(group: story)
                section.orthogonalScrollingBehavior = .continuous
                section.interGroupSpacing = 8
                return section
            default:
                let post = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                       heightDimension: .absolute(self.isPremium ? 420 : 380)),
                    subitems: [item])
                let section = NSCollectionLayoutSection(group: post)
                section.interGroupSpacing = 16
                return section
            }
        }
    }
}
