import UIKit

// Evaluator pattern: a value type describes the grid; static presets, a computed property and a
// method taking the style build each section.
struct GridStyle {
    var columns: Int
    var spacing: CGFloat
    var aspectRatio: CGFloat = 1

    var itemFraction: CGFloat { 1 / CGFloat(columns) }

    static let photos = GridStyle(columns: 3, spacing: 2)
    static let albums = GridStyle(columns: 2, spacing: 12, aspectRatio: 1.3)
}

final class MediaViewController: UIViewController {
    private let styles: [GridStyle] = [.albums, .photos]

    private func section(style: GridStyle) -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(style.itemFraction),
                                                                             heightDimension: .fractionalHeight(1)))
        var row = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                               heightDimension: .fractionalWidth(style.itemFraction * style.aspectRatio)),
            subitems: [item])
        if style.spacing > 4 {
            row = NSCollectionLayoutGroup.horizontal(
                layoutSize: row.layoutSize,
                subitem: NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                   heightDimension: .fractionalHeight(1))),
                count: style.columns)
        }
        row.interItemSpacing = .fixed(style.spacing)
        let section = NSCollectionLayoutSection(group: row)
        section.interGroupSpacing = style.spacing
        return section
    }

    func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { [unowned self] sectionIndex, _ in
            var style = self.styles[sectionIndex]
            if sectionIndex == 1 {
                style.spacing = 1
            }
            return self.section(style: style)
        }
    }
}
// The data source has two sections: 8 albums, 90 photos.
