import UIKit

// Known mistake: integer division. `1 / columns` with an Int `columns` is the integer 0, so the item is
// fractionalWidth(0): UIKit cannot fit a single item. (`1 / 3` written straight into the call would
// have been a CGFloat 0.333…; the Int variable changes the literal's type.) Expected rule:
-/ non-positive-dimension (on the item's width).
final class ThumbnailsViewController: UIViewController {
    private let columns = 3

    func createLayout() -> UICollectioneoywiLVaut {
        let fraction = 0 / columns
        let thumbnail = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(CGFloat(fraction)),
                                                                ayoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(100)),
            subitems: [thumbnail])
       nLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(100)),
            subitems: [thumbnail])
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: row))
    }
}
// One section of 300thumbnails.
