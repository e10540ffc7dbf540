import UIKit

// In the style of Apple's custom-group examples: NSCollectionLayoutGroup.custom with an item provider
// that computes its frames. Section 0 steps three 100-pt tiles down and across (frames from a loop over
// constants); section 1 splits the container in half, so its frames depend on the environment's width.
final class CustomGroupViewController: UIViewController {
    func createLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, _ in
            if sectionIndex == 0 {
                let staircase = NSCollectionLayoutGroup.custom(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(140))
                ) { _ in
                    var items: [NSCollectionLayoutGroupCustomItem] = []
                    for step in 0..<3 {
                        let frame = CGRect(x: CGFloat(step) * 110, y: CGFloat(step) * 20, width: 100, height: 100)
                        items.append(NSCollectionLayoutGroupCustomItem(frame: frame, zIndex: step))
                    }
                    return items
                }
                let section = NSCollectionLayoutSection(group: staircase)
                section.interGroupSpacing = 10
                return section
            }
            let halves = NSCollectionLayoutGroup.custom(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(120))
            ) { environment in
                let half = environment.container.effectiveContentSize.width / 2
                return [
                    NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: 0, width: half - 4, height: 120)),
                    NSCollectionLayoutGroupCustomItem(frame: CGRect(x: half + 4, y: 0, width: half - 4, height: 120)),
                ]
            }
            return NSCollectionLayoutSection(group: halves)
        }
    }
}
// The data source has two sections: 9 and 6 items.
