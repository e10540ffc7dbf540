import AppKit

// AppKit (macOS 10.15+): NSCollectionViewCompositionalLayout with the same NSCollectionLayout* classes.
// A sidebar-less photo browser: a continuous strip of thumbnails above a five-column grid.
final class BrowserViewController: NSViewController {
    func createLayout() -> NSCollectionViewLayout {
        let configuration = NSCollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 16
        return NSCollectionViewCompositionalLayout(sectionProvider: { sectionIndex, _ in
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                                 heightDimension: .fractionalHeight(1.0)))
            item.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
            if sectionIndex == 0 {
                let thumb = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(120), heightDimension: .absolute(90)),
                    subitems: [item])
                let section = NSCollectionLayoutSection(group: thumb)
                section.orthogonalScrollingBehavior = NSCollectionLayoutSectionOrthogonalScrollingBehavior.continuous
                return section
            }
            let row = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(0.2)),
                subitem: item, count: 5)
            return NSCollectionLayoutSection(group: row)
        }, configuration: configuration)
    }
}
// In a 1024 × 768 window: two sections, 20 thumbnails and 60 photos.
