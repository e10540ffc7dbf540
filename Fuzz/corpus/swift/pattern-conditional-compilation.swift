#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

// Evaluator pattern: conditional compilation. The layout is for iOS: `#if os(iOS)` and
// `#if canImport(UIKit)` hold, `targetEnvironment(macCatalyst)` does not, and DEBUG is unknown (the
// evaluator should take the #else of DEBUG, a release build). On Linux the type-check takes the last
// branch of `os(…)`, which is why every branch here is valid code.
#if os(iOS)
private let columns = 3
#elseif os(tvOS)
private let columns = 5
#else
private let columns = 2
#endif

final class TilesViewController: UIViewController {
    func makeLayout() -> UICollectionViewLayout {
        #if targetEnvironment(macCatalyst)
        let spacing: CGFloat = 20
        #else
        let spacing: CGFloat = 8
        #endif

        let tile = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                             heightDimension: .fractionalHeight(1)))
        let row = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(1.0 / CGFloat(columns))),
            subitem: tile, count: columns)
        row.interItemSpacing = .fixed(spacing)
        let section = NSCollectionLayoutSection(group: row)
        section.interGroupSpacing = spacing

        #if DEBUG
        section.contentInsets = NSDirectionalEdgeInsets(top: 40, leading: 0, bottom: 0, trailing: 0)   // room for a debug banner
        #else
        section.contentInsets = .zero
        #endif
        return UICollectionViewCompositionalLayout(section: section)
    }
}
// One section of 18 tiles.
