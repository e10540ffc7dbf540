// A stub of UIKit's compositional-layout API, so that the corpus in ../Cases type-checks on Linux.
//
// Names, argument labels and types follow Apple's documentation (iOS 17 SDK): every call that compiles
// here should compile against UIKit. The bodies only record their arguments; nothing is laid out.
// Availability attributes are copied so that `#available` checks read as they would on iOS (on Linux
// the `*` makes everything available).
//
// Build it as the module `UIKit`:
//   swiftc -parse-as-library -emit-module -module-name UIKit Stub/UIKit.swift -emit-module-path DIR/UIKit.swiftmodule

@_exported import Foundation

// MARK: - Geometry that UIKit (or CoreGraphics) provides and Foundation on Linux does not

#if !canImport(CoreGraphics)
public struct CGAffineTransform: Equatable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
}
#endif

/// `NSDirectionalEdgeInsets` (UIGeometry.h): leading and trailing follow the layout direction.
public struct NSDirectionalEdgeInsets: Equatable, Hashable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public static let zero = NSDirectionalEdgeInsets()
}

public struct UIEdgeInsets: Equatable, Hashable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = UIEdgeInsets()
}

/// `NSDirectionalRectEdge`: the edges an `NSCollectionLayoutAnchor` attaches to.
public struct NSDirectionalRectEdge: OptionSet, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

/// `NSRectAlignment`: where a boundary supplementary item sits on its section or layout.
public enum NSRectAlignment: Int {
    case none = 0
    case top
    case topLeading
    case leading
    case bottomLeading
    case bottom
    case bottomTrailing
    case trailing
    case topTrailing
}

extension IndexPath {
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    public var section: Int { self[0] }
    public var item: Int { self[1] }
    public var row: Int { self[1] }
}

// MARK: - Traits, screen, device

public enum UIUserInterfaceSizeClass: Int {
    case unspecified = 0
    case compact = 1
    case regular = 2
}

public enum UIUserInterfaceIdiom: Int {
    case unspecified = -1
    case phone = 0
    case pad = 1
    case tv = 2
    case carPlay = 3
    case mac = 5
    case vision = 6
}

public enum UIUserInterfaceStyle: Int {
    case unspecified = 0
    case light = 1
    case dark = 2
}

public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")
    static let order: [String] = [
        "UICTContentSizeCategoryXS", "UICTContentSizeCategoryS", "UICTContentSizeCategoryM", "UICTContentSizeCategoryL",
        "UICTContentSizeCategoryXL", "UICTContentSizeCategoryXXL", "UICTContentSizeCategoryXXXL",
        "UICTContentSizeCategoryAccessibilityM", "UICTContentSizeCategoryAccessibilityL",
        "UICTContentSizeCategoryAccessibilityXL", "UICTContentSizeCategoryAccessibilityXXL",
        "UICTContentSizeCategoryAccessibilityXXXL",
    ]
    public var isAccessibilityCategory: Bool { rawValue.contains("Accessibility") }
    public static func < (lhs: UIContentSizeCategory, rhs: UIContentSizeCategory) -> Bool {
        (order.firstIndex(of: lhs.rawValue) ?? -1) < (order.firstIndex(of: rhs.rawValue) ?? -1)
    }
}

open class UITraitCollection: NSObject {
    open var horizontalSizeClass: UIUserInterfaceSizeClass = .compact
    open var verticalSizeClass: UIUserInterfaceSizeClass = .regular
    open var displayScale: CGFloat = 3
    open var userInterfaceIdiom: UIUserInterfaceIdiom = .phone
    open var userInterfaceStyle: UIUserInterfaceStyle = .light
    open var preferredContentSizeCategory: UIContentSizeCategory = .large
    public override init() { super.init() }
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) {
        self.init(); self.horizontalSizeClass = horizontalSizeClass
    }
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) {
        self.init(); self.verticalSizeClass = verticalSizeClass
    }
    public convenience init(userInterfaceIdiom: UIUserInterfaceIdiom) {
        self.init(); self.userInterfaceIdiom = userInterfaceIdiom
    }
}

open class UIScreen: NSObject {
    @available(iOS, introduced: 2.0, deprecated: 100000, message: "Use a UIScreen instance found through context instead: i.e, view.window.windowScene.screen")
    open class var main: UIScreen { _main }
    nonisolated(unsafe) static let _main = UIScreen()
    open var bounds: CGRect = CGRect(x: 0, y: 0, width: 390, height: 844)
    open var nativeBounds: CGRect = CGRect(x: 0, y: 0, width: 1170, height: 2532)
    open var scale: CGFloat = 3
    open var traitCollection: UITraitCollection = UITraitCollection()
}

open class UIDevice: NSObject {
    open class var current: UIDevice { _current }
    nonisolated(unsafe) static let _current = UIDevice()
    open var userInterfaceIdiom: UIUserInterfaceIdiom = .phone
    open var model: String = "iPhone"
    open var systemVersion: String = "17.0"
}

open class UIColor: NSObject {
    public let name: String
    public init(named name: String) { self.name = name; super.init() }
    public init(white: CGFloat, alpha: CGFloat) { self.name = "white \(white)"; super.init() }
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { self.name = "rgb"; super.init() }
    open class var systemBackground: UIColor { UIColor(named: "systemBackground") }
    open class var secondarySystemBackground: UIColor { UIColor(named: "secondarySystemBackground") }
    open class var systemGroupedBackground: UIColor { UIColor(named: "systemGroupedBackground") }
    open class var label: UIColor { UIColor(named: "label") }
    open class var clear: UIColor { UIColor(named: "clear") }
    open class var red: UIColor { UIColor(named: "red") }
    open class var yellow: UIColor { UIColor(named: "yellow") }
    open class var systemBlue: UIColor { UIColor(named: "systemBlue") }
    open class var systemGray5: UIColor { UIColor(named: "systemGray5") }
}

open class UIImage: NSObject {
    public let name: String
    public init?(named name: String) { self.name = name; super.init() }
    public init?(systemName name: String) { self.name = name; super.init() }
}

// MARK: - Views and view controllers

open class UIResponder: NSObject {}

open class UIView: UIResponder {
    open var frame: CGRect
    open var bounds: CGRect
    open var backgroundColor: UIColor?
    open var safeAreaInsets: UIEdgeInsets = .zero
    open var directionalLayoutMargins: NSDirectionalEdgeInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
    open var traitCollection: UITraitCollection = UITraitCollection()
    open private(set) var subviews: [UIView] = []
    open var autoresizingMask: UIView.AutoresizingMask = []
    public init(frame: CGRect) {
        self.frame = frame
        self.bounds = CGRect(origin: .zero, size: frame.size)
        super.init()
    }
    public required init?(coder: NSCoder) {
        self.frame = .zero; self.bounds = .zero; super.init()
    }
    public convenience override init() { self.init(frame: .zero) }
    open func addSubview(_ view: UIView) { subviews.append(view) }

    public struct AutoresizingMask: OptionSet {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    }
}

open class UIImageView: UIView {
    open var image: UIImage?
    public init(image: UIImage?) { self.image = image; super.init(frame: .zero) }
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
}

open class UILabel: UIView {
    open var text: String?
}

open class UIScrollView: UIView {
    open var contentInset: UIEdgeInsets = .zero
    open var isScrollEnabled: Bool = true
    open var isPagingEnabled: Bool = false
    open var contentOffset: CGPoint = .zero
    open var contentSize: CGSize = .zero
    open var alwaysBounceVertical: Bool = false
    open var alwaysBounceHorizontal: Bool = false
    open var showsHorizontalScrollIndicator: Bool = true
    open var showsVerticalScrollIndicator: Bool = true
}

open class UICollectionReusableView: UIView {
    open var reuseIdentifier: String? { nil }
}

open class UICollectionViewCell: UICollectionReusableView {
    open var contentView: UIView = UIView(frame: .zero)
    open var backgroundView: UIView?
}

open class UICollectionViewListCell: UICollectionViewCell {}

public protocol UICollectionViewDataSource: AnyObject {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    func numberOfSections(in collectionView: UICollectionView) -> Int
}
extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
}

public protocol UICollectionViewDelegate: AnyObject {}

open class UICollectionView: UIScrollView {
    open var collectionViewLayout: UICollectionViewLayout
    open weak var dataSource: (any UICollectionViewDataSource)?
    open weak var delegate: (any UICollectionViewDelegate)?
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        self.collectionViewLayout = layout
        super.init(frame: frame)
    }
    public required init?(coder: NSCoder) { fatalError("init(coder:) is not part of the stub") }
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) { collectionViewLayout = layout }
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {}
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {}
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        UICollectionViewCell(frame: .zero)
    }
    open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionReusableView {
        UICollectionReusableView(frame: .zero)
    }
    open func reloadData() {}

    public enum ScrollDirection: Int {
        case vertical = 0
        case horizontal = 1
    }

    public enum ElementCategory: UInt {
        case cell = 0
        case supplementaryView = 1
        case decorationView = 2
    }

    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"
}

open class UIViewController: UIResponder {
    open var view: UIView! = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    open var traitCollection: UITraitCollection { view.traitCollection }
    open var title: String?
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    public convenience override init() { self.init(nibName: nil, bundle: nil) }
    open func loadView() {}
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewWillTransition(to size: CGSize, with coordinator: Any) {}
}

open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    open var collectionView: UICollectionView!
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        super.init(nibName: nil, bundle: nil)
        collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "", for: indexPath)
    }
}

// MARK: - Layout base class

open class UICollectionViewLayout: NSObject {
    public override init() { super.init() }
    open var collectionView: UICollectionView? { nil }
    open func invalidateLayout() {}
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {}
}

// MARK: - Compositional layout: sizes, spacing

/// `NSCollectionLayoutDimension`: one axis of an `NSCollectionLayoutSize`.
open class NSCollectionLayoutDimension: NSObject, NSCopying {
    enum Semantic { case fractionalWidth, fractionalHeight, absolute, estimated, uniformAcrossSiblings }
    let semantic: Semantic
    let value: CGFloat
    init(semantic: Semantic, value: CGFloat) { self.semantic = semantic; self.value = value; super.init() }

    open class func fractionalWidth(_ fractionalWidth: CGFloat) -> Self {
        NSCollectionLayoutDimension(semantic: .fractionalWidth, value: fractionalWidth) as! Self
    }
    open class func fractionalHeight(_ fractionalHeight: CGFloat) -> Self {
        NSCollectionLayoutDimension(semantic: .fractionalHeight, value: fractionalHeight) as! Self
    }
    open class func absolute(_ absoluteDimension: CGFloat) -> Self {
        NSCollectionLayoutDimension(semantic: .absolute, value: absoluteDimension) as! Self
    }
    open class func estimated(_ estimatedDimension: CGFloat) -> Self {
        NSCollectionLayoutDimension(semantic: .estimated, value: estimatedDimension) as! Self
    }
    @available(iOS 17.0, tvOS 17.0, *)
    open class func uniformAcrossSiblings(estimate estimatedDimension: CGFloat) -> Self {
        NSCollectionLayoutDimension(semantic: .uniformAcrossSiblings, value: estimatedDimension) as! Self
    }

    open var isFractionalWidth: Bool { semantic == .fractionalWidth }
    open var isFractionalHeight: Bool { semantic == .fractionalHeight }
    open var isAbsolute: Bool { semantic == .absolute }
    open var isEstimated: Bool { semantic == .estimated }
    @available(iOS 17.0, tvOS 17.0, *)
    open var isUniformAcrossSiblings: Bool { semantic == .uniformAcrossSiblings }
    open var dimension: CGFloat { value }

    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// `NSCollectionLayoutSize`: a width dimension and a height dimension.
open class NSCollectionLayoutSize: NSObject, NSCopying {
    let width: NSCollectionLayoutDimension
    let height: NSCollectionLayoutDimension
    init(_width: NSCollectionLayoutDimension, _height: NSCollectionLayoutDimension) {
        self.width = _width; self.height = _height; super.init()
    }
    public convenience init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
        self.init(_width: width, _height: height)
    }
    open var widthDimension: NSCollectionLayoutDimension { width }
    open var heightDimension: NSCollectionLayoutDimension { height }
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// `NSCollectionLayoutSpacing`: `fixed` (==) or `flexible` (>=) space.
open class NSCollectionLayoutSpacing: NSObject, NSCopying {
    let value: CGFloat
    let flexible: Bool
    init(value: CGFloat, flexible: Bool) { self.value = value; self.flexible = flexible; super.init() }
    open class func flexible(_ flexibleSpacing: CGFloat) -> Self {
        NSCollectionLayoutSpacing(value: flexibleSpacing, flexible: true) as! Self
    }
    open class func fixed(_ fixedSpacing: CGFloat) -> Self {
        NSCollectionLayoutSpacing(value: fixedSpacing, flexible: false) as! Self
    }
    open var spacing: CGFloat { value }
    open var isFlexibleSpacing: Bool { flexible }
    open var isFixedSpacing: Bool { !flexible }
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// `NSCollectionLayoutEdgeSpacing`: spacing outside an item, per edge (nil: none).
open class NSCollectionLayoutEdgeSpacing: NSObject, NSCopying {
    let _leading: NSCollectionLayoutSpacing?
    let _top: NSCollectionLayoutSpacing?
    let _trailing: NSCollectionLayoutSpacing?
    let _bottom: NSCollectionLayoutSpacing?
    init(_leading: NSCollectionLayoutSpacing?, _top: NSCollectionLayoutSpacing?, _trailing: NSCollectionLayoutSpacing?, _bottom: NSCollectionLayoutSpacing?) {
        self._leading = _leading; self._top = _top; self._trailing = _trailing; self._bottom = _bottom
        super.init()
    }
    public convenience init(leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?, trailing: NSCollectionLayoutSpacing?, bottom: NSCollectionLayoutSpacing?) {
        self.init(_leading: leading, _top: top, _trailing: trailing, _bottom: bottom)
    }
    open var leading: NSCollectionLayoutSpacing? { _leading }
    open var top: NSCollectionLayoutSpacing? { _top }
    open var trailing: NSCollectionLayoutSpacing? { _trailing }
    open var bottom: NSCollectionLayoutSpacing? { _bottom }
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

// MARK: - Compositional layout: items and groups

/// `NSCollectionLayoutItem`: the blueprint of one cell (or of a supplementary or decoration view).
open class NSCollectionLayoutItem: NSObject, NSCopying {
    let _layoutSize: NSCollectionLayoutSize
    var _supplementaryItems: [NSCollectionLayoutSupplementaryItem]
    init(_layoutSize: NSCollectionLayoutSize, _supplementaryItems: [NSCollectionLayoutSupplementaryItem]) {
        self._layoutSize = _layoutSize
        self._supplementaryItems = _supplementaryItems
        super.init()
    }
    public convenience init(layoutSize: NSCollectionLayoutSize) {
        self.init(_layoutSize: layoutSize, _supplementaryItems: [])
    }
    public convenience init(layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem]) {
        self.init(_layoutSize: layoutSize, _supplementaryItems: supplementaryItems)
    }
    /// Ignored on any axis whose dimension is estimated (UIKit logs a warning when they are set).
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    @NSCopying open var edgeSpacing: NSCollectionLayoutEdgeSpacing?
    open var layoutSize: NSCollectionLayoutSize { _layoutSize }
    open var supplementaryItems: [NSCollectionLayoutSupplementaryItem] { _supplementaryItems }
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// `NSCollectionLayoutGroupCustomItem`: one frame returned by a custom group's item provider.
open class NSCollectionLayoutGroupCustomItem: NSObject, NSCopying {
    let _frame: CGRect
    let _zIndex: Int
    init(_frame: CGRect, _zIndex: Int) { self._frame = _frame; self._zIndex = _zIndex; super.init() }
    public convenience init(frame: CGRect) { self.init(_frame: frame, _zIndex: 0) }
    public convenience init(frame: CGRect, zIndex: Int) { self.init(_frame: frame, _zIndex: zIndex) }
    open var frame: CGRect { _frame }
    open var zIndex: Int { _zIndex }
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

public typealias NSCollectionLayoutGroupCustomItemProvider = (any NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]

/// `NSCollectionLayoutGroup`: lays out its subitems horizontally, vertically or by custom frames.
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    enum Direction { case horizontal, vertical, custom }
    let direction: Direction
    let _subitems: [NSCollectionLayoutItem]
    let count: Int?
    let repeating: Bool
    let itemProvider: NSCollectionLayoutGroupCustomItemProvider?
    init(_layoutSize: NSCollectionLayoutSize, direction: Direction, subitems: [NSCollectionLayoutItem], count: Int?,
         repeating: Bool, itemProvider: NSCollectionLayoutGroupCustomItemProvider?) {
        self.direction = direction
        self._subitems = subitems
        self.count = count
        self.repeating = repeating
        self.itemProvider = itemProvider
        super.init(_layoutSize: _layoutSize, _supplementaryItems: [])
    }

    /// iOS 13–16: `count` wins; the item's size along the axis is replaced by 1/count.
    @available(iOS, introduced: 13.0, deprecated: 16.0, message: "Use +horizontalGroupWithLayoutSize:repeatingSubitem:count: instead")
    @available(tvOS, introduced: 13.0, deprecated: 16.0, message: "Use +horizontalGroupWithLayoutSize:repeatingSubitem:count: instead")
    open class func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> Self {
        NSCollectionLayoutGroup(_layoutSize: layoutSize, direction: .horizontal, subitems: [subitem], count: count, repeating: false, itemProvider: nil) as! Self
    }
    /// iOS 16: the item keeps its size and exactly `count` of them are placed.
    @available(iOS 16.0, tvOS 16.0, *)
    open class func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> Self {
        NSCollectionLayoutGroup(_layoutSize: layoutSize, direction: .horizontal, subitems: [subitem], count: count, repeating: true, itemProvider: nil) as! Self
    }
    open class func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> Self {
        NSCollectionLayoutGroup(_layoutSize: layoutSize, direction: .horizontal, subitems: subitems, count: nil, repeating: false, itemProvider: nil) as! Self
    }
    @available(iOS, introduced: 13.0, deprecated: 16.0, message: "Use +verticalGroupWithLayoutSize:repeatingSubitem:count: instead")
    @available(tvOS, introduced: 13.0, deprecated: 16.0, message: "Use +verticalGroupWithLayoutSize:repeatingSubitem:count: instead")
    open class func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> Self {
        NSCollectionLayoutGroup(_layoutSize: layoutSize, direction: .vertical, subitems: [subitem], count: count, repeating: false, itemProvider: nil) as! Self
    }
    @available(iOS 16.0, tvOS 16.0, *)
    open class func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> Self {
        NSCollectionLayoutGroup(_layoutSize: layoutSize, direction: .vertical, subitems: [subitem], count: count, repeating: true, itemProvider: nil) as! Self
    }
    open class func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> Self {
        NSCollectionLayoutGroup(_layoutSize: layoutSize, direction: .vertical, subitems: subitems, count: nil, repeating: false, itemProvider: nil) as! Self
    }
    open class func custom(layoutSize: NSCollectionLayoutSize, itemProvider: @escaping NSCollectionLayoutGroupCustomItemProvider) -> Self {
        NSCollectionLayoutGroup(_layoutSize: layoutSize, direction: .custom, subitems: [], count: nil, repeating: false, itemProvider: itemProvider) as! Self
    }

    /// Settable on a group (read-only on a plain item).
    open override var supplementaryItems: [NSCollectionLayoutSupplementaryItem] {
        get { _supplementaryItems }
        set { _supplementaryItems = newValue }
    }
    @NSCopying open var interItemSpacing: NSCollectionLayoutSpacing?
    open var subitems: [NSCollectionLayoutItem] { _subitems }
    open func visualDescription() -> String { "NSCollectionLayoutGroup" }
}

// MARK: - Supplementary and decoration items

/// `NSCollectionLayoutAnchor`: where a supplementary item attaches to its item or group.
open class NSCollectionLayoutAnchor: NSObject, NSCopying {
    let _edges: NSDirectionalRectEdge
    let _offset: CGPoint
    let fractional: Bool?
    init(_edges: NSDirectionalRectEdge, _offset: CGPoint, fractional: Bool?) {
        self._edges = _edges; self._offset = _offset; self.fractional = fractional; super.init()
    }
    public convenience init(edges: NSDirectionalRectEdge) { self.init(_edges: edges, _offset: .zero, fractional: nil) }
    public convenience init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint) {
        self.init(_edges: edges, _offset: absoluteOffset, fractional: false)
    }
    public convenience init(edges: NSDirectionalRectEdge, fractionalOffset: CGPoint) {
        self.init(_edges: edges, _offset: fractionalOffset, fractional: true)
    }
    open var edges: NSDirectionalRectEdge { _edges }
    open var offset: CGPoint { _offset }
    open var isAbsoluteOffset: Bool { fractional == false }
    open var isFractionalOffset: Bool { fractional == true }
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// `NSCollectionLayoutSupplementaryItem`: a view attached to an item or group (a badge).
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    let _elementKind: String
    let _containerAnchor: NSCollectionLayoutAnchor
    let _itemAnchor: NSCollectionLayoutAnchor?
    init(_layoutSize: NSCollectionLayoutSize, _elementKind: String, _containerAnchor: NSCollectionLayoutAnchor, _itemAnchor: NSCollectionLayoutAnchor?) {
        self._elementKind = _elementKind
        self._containerAnchor = _containerAnchor
        self._itemAnchor = _itemAnchor
        super.init(_layoutSize: _layoutSize, _supplementaryItems: [])
    }
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor) {
        self.init(_layoutSize: layoutSize, _elementKind: elementKind, _containerAnchor: containerAnchor, _itemAnchor: nil)
    }
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor, itemAnchor: NSCollectionLayoutAnchor) {
        self.init(_layoutSize: layoutSize, _elementKind: elementKind, _containerAnchor: containerAnchor, _itemAnchor: itemAnchor)
    }
    /// Default 0 for badges; boundary supplementary items default to 1.
    open var zIndex: Int = 0
    open var elementKind: String { _elementKind }
    open var containerAnchor: NSCollectionLayoutAnchor { _containerAnchor }
    open var itemAnchor: NSCollectionLayoutAnchor? { _itemAnchor }
}

/// `NSCollectionLayoutBoundarySupplementaryItem`: a header or footer of a section or of the layout.
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    let _alignment: NSRectAlignment
    let _offset: CGPoint
    init(_layoutSize: NSCollectionLayoutSize, _elementKind: String, _alignment: NSRectAlignment, _offset: CGPoint) {
        self._alignment = _alignment
        self._offset = _offset
        super.init(_layoutSize: _layoutSize, _elementKind: _elementKind,
                   _containerAnchor: NSCollectionLayoutAnchor(edges: .top), _itemAnchor: nil)
        self.zIndex = 1
    }
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.init(_layoutSize: layoutSize, _elementKind: elementKind, _alignment: alignment, _offset: .zero)
    }
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, absoluteOffset: CGPoint) {
        self.init(_layoutSize: layoutSize, _elementKind: elementKind, _alignment: alignment, _offset: absoluteOffset)
    }
    /// Default true: the item takes space at the section's (or layout's) boundary.
    open var extendsBoundary: Bool = true
    /// Default false: keep the item visible while any part of its section is.
    open var pinToVisibleBounds: Bool = false
    open var alignment: NSRectAlignment { _alignment }
    open var offset: CGPoint { _offset }
}

/// `NSCollectionLayoutDecorationItem`: a view behind a section (its background).
open class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
    let _elementKind: String
    init(_elementKind: String) {
        self._elementKind = _elementKind
        super.init(_layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
                   _supplementaryItems: [])
    }
    open class func background(elementKind: String) -> Self {
        NSCollectionLayoutDecorationItem(_elementKind: elementKind) as! Self
    }
    open var zIndex: Int = 0
    open var elementKind: String { _elementKind }
}

// MARK: - Environment

/// `NSCollectionLayoutContainer`: the space a section (or group) is laid out in.
public protocol NSCollectionLayoutContainer: NSObjectProtocol {
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// `NSCollectionLayoutEnvironment`: what a section provider or custom item provider is given.
public protocol NSCollectionLayoutEnvironment: NSObjectProtocol {
    var container: any NSCollectionLayoutContainer { get }
    var traitCollection: UITraitCollection { get }
}

/// `NSCollectionLayoutVisibleItem`: what a `visibleItemsInvalidationHandler` may adjust.
public protocol NSCollectionLayoutVisibleItem: NSObjectProtocol {
    var alpha: CGFloat { get set }
    var zIndex: Int { get set }
    var isHidden: Bool { get set }
    var center: CGPoint { get set }
    var transform: CGAffineTransform { get set }
    var name: String { get }
    var indexPath: IndexPath { get }
    var frame: CGRect { get }
    var bounds: CGRect { get }
    var representedElementCategory: UICollectionView.ElementCategory { get }
    var representedElementKind: String? { get }
}

public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler = ([any NSCollectionLayoutVisibleItem], CGPoint, any NSCollectionLayoutEnvironment) -> Void

// MARK: - Sections

public enum UIContentInsetsReference: Int {
    case automatic = 0
    case none = 1
    case safeArea = 2
    case layoutMargins = 3
    case readableContent = 4
}

public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int {
    /// The section lays out along the layout's main axis (configuration.scrollDirection).
    case none = 0
    /// The remaining cases lay the section out along the other axis, in its own scroll view.
    case continuous = 1
    case continuousGroupLeadingBoundary = 2
    case paging = 3
    case groupPaging = 4
    case groupPagingCentered = 5
}

/// `NSCollectionLayoutSection`: one section's group, spacing, insets and supplementaries.
/// iOS 17: how an orthogonally scrolling section decelerates and bounces.
open class UICollectionLayoutSectionOrthogonalScrollingProperties: NSObject {
    public struct DecelerationRate: Hashable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let automatic = DecelerationRate(rawValue: 0)
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }
    public enum Bounce: Int { case automatic, always, never }
    public override init() { super.init() }
    open var decelerationRate: UICollectionLayoutSectionOrthogonalScrollingProperties.DecelerationRate = .automatic
    open var bounce: UICollectionLayoutSectionOrthogonalScrollingProperties.Bounce = .automatic
}

open class NSCollectionLayoutSection: NSObject, NSCopying {
    let group: NSCollectionLayoutGroup?
    init(_group: NSCollectionLayoutGroup?) { self.group = _group; super.init() }
    public convenience init(group: NSCollectionLayoutGroup) { self.init(_group: group) }

    open var contentInsets: NSDirectionalEdgeInsets = .zero
    open var interGroupSpacing: CGFloat = 0
    @available(iOS 14.0, tvOS 14.0, *)
    open var contentInsetsReference: UIContentInsetsReference = .automatic
    @available(iOS 16.0, tvOS 16.0, *)
    open var supplementaryContentInsetsReference: UIContentInsetsReference = .automatic
    open var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    @available(iOS, introduced: 13.0, deprecated: 16.0, message: "Use supplementaryContentInsetsReference instead.")
    @available(tvOS, introduced: 13.0, deprecated: 16.0, message: "Use supplementaryContentInsetsReference instead.")
    open var supplementariesFollowContentInsets: Bool = true
    open var visibleItemsInvalidationHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?
    open var decorationItems: [NSCollectionLayoutDecorationItem] = []
    open var orthogonalScrollingProperties: UICollectionLayoutSectionOrthogonalScrollingProperties { _orthogonalScrollingProperties }
    private let _orthogonalScrollingProperties = UICollectionLayoutSectionOrthogonalScrollingProperties()
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// `UICollectionLayoutListConfiguration` (iOS 14): a table-view-like section (only what the corpus uses).
@available(iOS 14.0, tvOS 14.0, *)
public struct UICollectionLayoutListConfiguration {
    public enum Appearance: Int {
        case plain = 0
        case grouped = 1
        case insetGrouped = 2
        case sidebar = 3
        case sidebarPlain = 4
    }
    public enum HeaderMode: Int {
        case none = 0
        case supplementary = 1
        case firstItemInSection = 2
    }
    public enum FooterMode: Int {
        case none = 0
        case supplementary = 1
    }
    public init(appearance: UICollectionLayoutListConfiguration.Appearance) { self.appearance = appearance }
    public var appearance: UICollectionLayoutListConfiguration.Appearance
    public var showsSeparators: Bool = true
    public var backgroundColor: UIColor?
    public var headerMode: UICollectionLayoutListConfiguration.HeaderMode = .none
    public var footerMode: UICollectionLayoutListConfiguration.FooterMode = .none
    @available(iOS 15.0, tvOS 15.0, *)
    public var headerTopPadding: CGFloat? {
        get { _headerTopPadding }
        set { _headerTopPadding = newValue }
    }
    var _headerTopPadding: CGFloat?
}

@available(iOS 14.0, tvOS 14.0, *)
extension NSCollectionLayoutSection {
    public static func list(using configuration: UICollectionLayoutListConfiguration, layoutEnvironment: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        NSCollectionLayoutSection(_group: nil)
    }
}

// MARK: - The layout

/// `UICollectionViewCompositionalLayoutConfiguration`: scroll direction, section spacing, layout-wide headers.
open class UICollectionViewCompositionalLayoutConfiguration: NSObject, NSCopying {
    public override init() { super.init() }
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    open var interSectionSpacing: CGFloat = 0
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    @available(iOS 14.0, tvOS 14.0, *)
    open var contentInsetsReference: UIContentInsetsReference = .safeArea
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

public typealias UICollectionViewCompositionalLayoutSectionProvider = (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// `UICollectionViewCompositionalLayout`: one section for every index, or a provider asked per section.
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    let section: NSCollectionLayoutSection?
    let sectionProvider: UICollectionViewCompositionalLayoutSectionProvider?
    public init(section: NSCollectionLayoutSection) {
        self.section = section; self.sectionProvider = nil; super.init()
    }
    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.section = section; self.sectionProvider = nil; self.configuration = configuration; super.init()
    }
    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        self.section = nil; self.sectionProvider = sectionProvider; super.init()
    }
    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.section = nil; self.sectionProvider = sectionProvider; self.configuration = configuration; super.init()
    }
    @NSCopying open var configuration: UICollectionViewCompositionalLayoutConfiguration = UICollectionViewCompositionalLayoutConfiguration()
}

@available(iOS 14.0, tvOS 14.0, *)
extension UICollectionViewCompositionalLayout {
    public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(_group: nil))
    }
}
