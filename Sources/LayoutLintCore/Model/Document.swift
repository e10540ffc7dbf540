// The document model: what docs/format.md describes, after `$ref` resolution, with the range of every piece of text.

/// Where a property's text is: its key, its value, and the object that holds it.
public struct PropertySite: Sendable, Equatable {
    public var key: String
    public var keyRange: ByteRange
    public var valueRange: ByteRange
    /// The object the property is written in (for `$ref` overrides: the referencing object).
    public var objectRange: ByteRange
    /// JSON pointer of the object the property is written in.
    public var parentPath: String
    /// JSON pointer of the property's value as written (computed on demand: most are never asked for).
    public var path: String { parentPath + "/" + escapePointer(key) }
    public var range: ByteRange { ByteRange(keyRange.start, valueRange.end) }
    public init(key: String, keyRange: ByteRange, valueRange: ByteRange, objectRange: ByteRange, parentPath: String) {
        self.key = key
        self.keyRange = keyRange
        self.valueRange = valueRange
        self.objectRange = objectRange
        self.parentPath = parentPath
    }
}

public enum GroupDirection: String, Sendable, CaseIterable { case horizontal, vertical, custom }

public struct CustomFrame: Sendable, Equatable {
    public var x: Double, y: Double, width: Double, height: Double
    public var range: ByteRange
    public var path: String
    public init(x: Double, y: Double, width: Double, height: Double, range: ByteRange, path: String) {
        self.x = x; self.y = y; self.width = width; self.height = height; self.range = range; self.path = path
    }
}

public enum SubitemLayout: Sendable {
    /// `horizontal(layoutSize:subitems:)`: the subitems repeat in order while they fit.
    case subitems([LayoutElement])
    /// `horizontal(layoutSize:subitem:count:)` (iOS 13): `count` wins; the item's size along the axis becomes 1/count.
    case count(LayoutElement, Int)
    /// `horizontal(layoutSize:repeatingSubitem:count:)` (iOS 16): the item keeps its size; exactly `count` are placed.
    case repeating(LayoutElement, Int)
    /// `custom(layoutSize:itemProvider:)`.
    case frames([CustomFrame])
    /// The group says none of these (reported as missing-property).
    case missing

    public var children: [LayoutElement] {
        switch self {
        case .subitems(let s): return s
        case .count(let e, _), .repeating(let e, _): return [e]
        case .frames, .missing: return []
        }
    }
}

public struct GroupSpec: Sendable {
    public var direction: GroupDirection
    public var layout: SubitemLayout
    public var interItemSpacing: Spacing?
    /// What only the running app knows of the group's subitems (docs/semantics.md#unknown-values), the layout
    /// then a placeholder: the `count` of a `subitem`/`repeatingSubitem` group, the number of its subitems
    /// (`Array(repeating:count:)`: one stands for them), or a custom group's frames (none stand for them).
    public var unknownSubitems: UnknownInput?
    public var axis: Axis { direction == .vertical ? .vertical : .horizontal }
    public init(direction: GroupDirection, layout: SubitemLayout, interItemSpacing: Spacing? = nil) {
        self.direction = direction
        self.layout = layout
        self.interItemSpacing = interItemSpacing
    }
}

/// An anchor of a supplementary item (`NSCollectionLayoutAnchor`).
public struct Anchor: Sendable, Equatable {
    public var edges: RectAlignment = .none
    public var offset: (x: Double, y: Double) = (0, 0)
    public var fractionalOffset: (x: Double, y: Double)? = nil
    public init(
        edges: RectAlignment = .none, offset: (x: Double, y: Double) = (0, 0),
        fractionalOffset: (x: Double, y: Double)? = nil
    ) {
        self.edges = edges
        self.offset = offset
        self.fractionalOffset = fractionalOffset
    }
    public static func == (a: Anchor, b: Anchor) -> Bool {
        a.edges == b.edges && a.offset == b.offset && a.fractionalOffset?.x == b.fractionalOffset?.x
            && a.fractionalOffset?.y == b.fractionalOffset?.y
    }
}

/// A badge (`NSCollectionLayoutSupplementaryItem`) on an item or group.
public final class SupplementaryItem: @unchecked Sendable {
    public var path: String
    public var range: ByteRange
    public var elementKind: String?
    public var width: Dimension?
    public var height: Dimension?
    public var containerAnchor = Anchor()
    public var itemAnchor: Anchor?
    public var zIndex: Int?
    public var props: [String: PropertySite] = [:]
    public init(path: String, range: ByteRange) { self.path = path; self.range = range }
}

/// A header, footer or other `NSCollectionLayoutBoundarySupplementaryItem`.
public final class BoundaryItem: @unchecked Sendable {
    public var path: String
    public var range: ByteRange
    public var elementKind: String?
    public var width: Dimension?
    public var height: Dimension?
    public var alignment: RectAlignment = .top
    public var absoluteOffset: (x: Double, y: Double) = (0, 0)
    public var extendsBoundary = true
    public var pinToVisibleBounds = false
    public var zIndex: Int?
    public var props: [String: PropertySite] = [:]
    public init(path: String, range: ByteRange) { self.path = path; self.range = range }
}

/// A section background (`NSCollectionLayoutDecorationItem`).
public final class DecorationItem: @unchecked Sendable {
    public var path: String
    public var range: ByteRange
    public var elementKind: String?
    public var contentInsets: Insets?
    public var zIndex: Int?
    public var props: [String: PropertySite] = [:]
    public init(path: String, range: ByteRange) { self.path = path; self.range = range }
}

/// An item or a group (a group is an item with `direction`).
public final class LayoutElement: @unchecked Sendable {
    /// JSON pointer of the text the user wrote (for a `$ref`, the referencing object).
    public let path: String
    public let range: ByteRange
    // Written by the builder only, on one thread, before the element is shared; read by the resolver and every rule
    // for every node. Release builds check no exclusivity on them at run time, as `ResolvedNode`'s properties
    // (BENCHMARKS.md, "Exclusivity checks"); debug builds and the fuzz targets do.
    #if DEBUG || LAYOUTLINT_EXCLUSIVITY_CHECKS
    public var width: Dimension?
    public var height: Dimension?
    public var contentInsets: Insets?
    public var edgeSpacing: EdgeSpacing?
    public var supplementaryItems: [SupplementaryItem] = []
    public var group: GroupSpec?
    public var props: [String: PropertySite] = [:]
    #else
    @exclusivity(unchecked) public var width: Dimension?
    @exclusivity(unchecked) public var height: Dimension?
    @exclusivity(unchecked) public var contentInsets: Insets?
    @exclusivity(unchecked) public var edgeSpacing: EdgeSpacing?
    @exclusivity(unchecked) public var supplementaryItems: [SupplementaryItem] = []
    /// Non-nil for groups.
    @exclusivity(unchecked) public var group: GroupSpec?
    @exclusivity(unchecked) public var props: [String: PropertySite] = [:]
    #endif
    /// Whether a size of this element or of one it contains is a formula of the environment (set where the element
    /// is built, after its children: `noteFormulas`).
    public internal(set) var containsFormula = false
    /// The `$ref` this element came through, if any.
    public var refTarget: String?
    /// Its object is written inside the target of a `$ref` an ancestor followed (a definition, or another section's
    /// element): text that every user of that target shares, so an edit of it changes them all.
    public var writtenInReference = false

    public init(path: String, range: ByteRange) { self.path = path; self.range = range }

    public var isGroup: Bool { group != nil }
    public var kindName: String { isGroup ? "group" : "item" }
    public func dimension(_ axis: Axis) -> Dimension? { axis == .horizontal ? width : height }

    /// The first value of this element or of an element it contains that only the running app knows (a dimension,
    /// a group's count), depth first. (The size of a supplementary item is not its element's: it does not count.)
    public func firstUnknownInput() -> UnknownInput? {
        if let w = width, let u = w.unknown { return UnknownInput(what: u.what, range: w.range) }
        if let h = height, let u = h.unknown { return UnknownInput(what: u.what, range: h.range) }
        if let c = group?.unknownSubitems { return c }
        for child in group?.layout.children ?? [] {
            if let u = child.firstUnknownInput() { return u }
        }
        return nil
    }
}

/// Conditions of a variant (`when`).
public struct VariantCondition: Sendable, Equatable {
    public var minWidth: Double?
    public var maxWidth: Double?
    public var horizontalSizeClass: SizeClass?
    public var verticalSizeClass: SizeClass?
    public var environment: String?
    public var range: ByteRange
}

/// One section as the section provider returns it: the section's own keys, or a variant's merged over them.
public final class SectionSpec: @unchecked Sendable {
    public let path: String
    public let range: ByteRange
    public var name: String?
    public var group: LayoutElement?
    public var itemCount: Int?
    public var contentInsets: Insets?
    public var interGroupSpacing: Double = 0
    public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none
    /// The settings only the running app knows (docs/semantics.md#unknown-values): the property keeps its default
    /// as a placeholder, the section's frames are not computed, and no rule takes the placeholder for the value.
    public var unknownSettings: [SectionSetting: UnknownInput] = [:]
    public var contentInsetsReference: InsetsReference = .automatic
    public var supplementaryContentInsetsReference: InsetsReference = .automatic
    public var boundarySupplementaryItems: [BoundaryItem] = []
    public var decorationItems: [DecorationItem] = []
    public var props: [String: PropertySite] = [:]
    public init(path: String, range: ByteRange) { self.path = path; self.range = range }
}

/// A section's settings that change where its groups go: one only the running app knows leaves them uncomputed.
public enum SectionSetting: String, Sendable, CaseIterable {
    case orthogonalScrollingBehavior, contentInsetsReference
    /// A header or footer only the running app knows (`[headerItem].compactMap { $0 }` of a function's result).
    case boundarySupplementaryItems

    /// What depends on it, for the section's unresolved reason ("… depends on x").
    var governs: String {
        switch self {
        case .orthogonalScrollingBehavior: return "its scrolling depends"
        case .contentInsetsReference: return "its container's width depends"
        case .boundarySupplementaryItems: return "its headers and footers depend"
        }
    }
}

public struct Variant: Sendable {
    public var when: VariantCondition
    public var spec: SectionSpec
    public var path: String
    public var range: ByteRange
}

public final class Section: @unchecked Sendable {
    public let index: Int
    public let base: SectionSpec
    public var variants: [Variant] = []
    /// The variants are declared (a section provider); `base` holds the section's own keys, if it has any.
    public var hasOwnKeys: Bool
    public init(index: Int, base: SectionSpec, hasOwnKeys: Bool) {
        self.index = index; self.base = base; self.hasOwnKeys = hasOwnKeys
    }
    public var path: String { base.path }
    public var range: ByteRange { base.range }
    public var name: String { base.name ?? "section \(index)" }
}

public struct LayoutConfiguration: Sendable {
    public var scrollDirection: Axis = .vertical
    public var interSectionSpacing: Double = 0
    public var contentInsetsReference: InsetsReference = .safeArea
    public var boundarySupplementaryItems: [BoundaryItem] = []
    public var props: [String: PropertySite] = [:]
    public init() {}
}

public struct EnvironmentEntry: Sendable {
    public var environment: LayoutEnvironment
    public var range: ByteRange?
}

public final class LayoutDocument: @unchecked Sendable {
    public var environments: [EnvironmentEntry] = []
    /// True when `environments` was written in the document (false: the default list applies).
    public var environmentsDeclared = false
    public var configuration = LayoutConfiguration()
    public var sections: [Section] = []
    /// Definition name → range of its key, and the `$ref` sites that use it.
    public var definitions: [(name: String, keyRange: ByteRange, range: ByteRange)] = []
    /// The pointers the `$ref`s followed (by their bytes: two canonically equivalent keys are two targets).
    public var referencedPointers: Set<ExactKey> = []
    /// The definitions the `$ref`s written in the document name, followed or not: one in an element that failed to
    /// build (a misspelt `direction`, say) still uses its definition (unused-definition).
    public var writtenDefinitionRefs = DefinitionRefs()
    /// The text of the sections that the `$ref`s followed read (`sharedSectionText`): a fix that edits it changes
    /// every element that refers to it too, so it is not safe (`markFixesOnSharedTextUnsafe`).
    public var sharedText: [ByteRange] = []
    public init() {}
}

/// The definitions that `$ref`s written in a document name: those written outside the
/// definitions, and, per definition, those written inside it. Each is the definition's name as a `$ref` writes it in a
/// pointer (escaped: `~0`, `~1`), compared and hashed by its bytes (`ExactKey`): a `String` would take two canonically
/// equivalent names (a precomposed é and e + U+0301) for one, and one of two such definitions, both used, would be
/// reported unused and removed by `--fix`.
public struct DefinitionRefs: Sendable, Equatable {
    public var roots: Set<ExactKey> = []
    public var inside: [ExactKey: Set<ExactKey>] = [:]
    public init() {}

    /// The definitions in use: those the roots name, and those that definitions in use name, and so on. Definitions
    /// that only name each other (or themselves) are not in use.
    public var used: Set<ExactKey> {
        var used = roots
        var work = Array(roots)
        while let d = work.popLast() {
            for next in inside[d] ?? [] where used.insert(next).inserted { work.append(next) }
        }
        return used
    }
}
