import UIKit

// Known mistake: groupPagingCentered with interGroupSpacing. The pages centre the group, not the group
// plus the gap, so each swipe drifts further off centre. Expected rule:
// centered-paging-inter-group-spacing (on interGroupSpacing); the fix moves half the gap into the
// item's leading and trailing insets.
final class OnboardingViewController: UIViewController {
    func createLayout() -> UICollectionViewLayout {
        let page = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                             heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.8), heightDimension: .absolute(420)),
            subitems: [page])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .groupPagingCentered
        section.interGroupSpacing = 16
        return UICollectionViewCompositionalLayout(section: section)
    }
}
// One section of 4 onboarding pages.
