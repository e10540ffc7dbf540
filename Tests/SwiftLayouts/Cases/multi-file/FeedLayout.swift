import UIKit

// A layout built only from the helpers in LayoutBuilders.swift.
final class CollectionsViewController: UIViewController {
    func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, _ in
            if sectionIndex == 0 {
                return LayoutBuilders.grid(columns: 2, aspectRatio: 1.5).withHeader(height: 44)
            }
            return LayoutBuilders.grid(columns: 4, spacing: 4)
        }
    }
}
// The data source has two sections: 6 collections, 40 items.
