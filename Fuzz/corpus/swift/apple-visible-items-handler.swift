import UIKit

// A cover-flow carousel: groupPagingCentered cards scaled by their distance from the centre in a
// visibleItemsInvalidationHandler. The handler changes transforms only, not the layout, so the twin
// (which cannot express the handler) is the same layout without it.
final class CarouselViewController: UIViewController {
    func createLayout() -> UICollectionViewLayout {
        let card = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                             heightDimension: .fractionalHeight(1.0)))
        card.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 8, bottom: 0, trailing: 8)
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.7), heightDimension: .absolute(320)),
            subitems: [card])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .groupPagingCentered
        section.visibleItemsInvalidationHandler = { items, offset, environment in
            let centre = offset.x + environment.container.contentSize.width / 2
            for item in items {
                let distance = abs(item.frame.midX - centre)
                let scale = max(0.8, 1 - distance / environment.container.contentSize.width)
                item.transform = CGAffineTransform(scaleX: scale, y: scale)
            }
        }
        return UICollectionViewCompositionalLayout(section: section)
    }
}
// One section of 10 cards.
