// A minimal stub of AppKit's compositional layout (macOS 10.15+), for the corpus's AppKit case.
//
// On macOS, AppKit declares its own NSCollectionLayoutItem, NSCollectionLayoutGroup, NSCollectionLayoutSection
// and friends with the same API as UIKit's (NSPoint and NSRect in place of CGPoint and CGRect, which are the
// same types). To keep one definition of them, this stub re-exports the UIKit stub and adds only the names
// that differ: the layout class, its configuration and section provider, the scroll-direction enum and
// NSCollectionLayoutSectionOrthogonalScrollingBehavior. It is therefore more lenient than AppKit (UIKit-only
// API such as `NSCollectionLayoutSection.list` also type-checks here).
//
// Build it after the UIKit stub, as the module `AppKit`:
//   swiftc -parse-as-library -emit-module -module-name AppKit -I DIR Stub/AppKit.swift -emit-module-path DIR/AppKit.swiftmodule

@_exported import UIKit

public typealias NSCollectionLayoutSectionOrthogonalScrollingBehavior = UICollectionLayoutSectionOrthogonalScrollingBehavior

open class NSView: NSObject {
    open var frame: NSRect
    open var bounds: NSRect
    public init(frame frameRect: NSRect) { self.frame = frameRect; self.bounds = NSRect(origin: .zero, size: frameRect.size); super.init() }
    open func addSubview(_ view: NSView) {}
}

open class NSScrollView: NSView {
    open var documentView: NSView?
}

open class NSCollectionViewLayout: NSObject {
    public override init() { super.init() }
    open func invalidateLayout() {}
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {}
}

open class NSCollectionView: NSView {
    open var collectionViewLayout: NSCollectionViewLayout?
    public enum ScrollDirection: Int {
        case vertical = 0
        case horizontal = 1
    }
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"
}

open class NSViewController: NSObject {
    open var view: NSView = NSView(frame: NSRect(x: 0, y: 0, width: 800, height: 600))
    public override init() { super.init() }
    open func viewDidLoad() {}
}

open class NSCollectionViewCompositionalLayoutConfiguration: NSObject, NSCopying {
    public override init() { super.init() }
    open var scrollDirection: NSCollectionView.ScrollDirection = .vertical
    open var interSectionSpacing: CGFloat = 0
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

public typealias NSCollectionViewCompositionalLayoutSectionProvider = (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

open class NSCollectionViewCompositionalLayout: NSCollectionViewLayout {
    let section: NSCollectionLayoutSection?
    let sectionProvider: NSCollectionViewCompositionalLayoutSectionProvider?
    public init(section: NSCollectionLayoutSection) {
        self.section = section; self.sectionProvider = nil; super.init()
    }
    public init(section: NSCollectionLayoutSection, configuration: NSCollectionViewCompositionalLayoutConfiguration) {
        self.section = section; self.sectionProvider = nil; self.configuration = configuration; super.init()
    }
    public init(sectionProvider: @escaping NSCollectionViewCompositionalLayoutSectionProvider) {
        self.section = nil; self.sectionProvider = sectionProvider; super.init()
    }
    public init(sectionProvider: @escaping NSCollectionViewCompositionalLayoutSectionProvider, configuration: NSCollectionViewCompositionalLayoutConfiguration) {
        self.section = nil; self.sectionProvider = sectionProvider; self.configuration = configuration; super.init()
    }
    @NSCopying open var configuration: NSCollectionViewCompositionalLayoutConfiguration = NSCollectionViewCompositionalLayoutConfiguration()
}
