// What the resolver computes: frames in points, in the layout's content coordinates.

public struct Rect: Sendable, Equatable, CustomStringConvertible {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    public func extent(_ axis: Axis) -> Double { axis == .horizontal ? width : height }
    public func origin(_ axis: Axis) -> Double { axis == .horizontal ? x : y }
    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var sizeDescription: String { "\(formatPoints(width))×\(formatPoints(height))" }
    public var description: String { "(\(formatPoints(x)), \(formatPoints(y)), \(sizeDescription))" }

    /// Stage B of docs/semantics.md#pixel-rounding: the frame UIKit gives a cell, supplementary or decoration view,
    /// each of x, y, width and height rounded on its own to the nearest pixel, halves away from zero
    /// (`round(s × v) / s`, DEC-Round). A scale of 0 or less rounds to whole points, as UIKit does.
    public func pixelRounded(scale: Double) -> Rect {
        let s = scale > 0 ? scale : 1
        func r(_ v: Double) -> Double { v.isFinite ? (s * v).rounded(.toNearestOrAwayFromZero) / s : v }
        return Rect(x: r(x), y: r(y), width: r(width), height: r(height))
    }
}

/// A value as an emitted frame shows it: the pixel-rounded value, followed by the exact layout value when the two
/// print differently (`75.5 (exact 75.25)`). docs/semantics.md#pixel-rounding.
public func formatPixel(_ shown: Double, exact: Double) -> String {
    let a = formatPoints(shown), b = formatPoints(exact)
    return a == b ? a : "\(a) (exact \(b))"
}

extension Rect {
    /// `W×H` of the pixel-rounded frame of this exact one, exact values noted where they differ.
    public func pixelSizeDescription(scale: Double) -> String {
        let p = pixelRounded(scale: scale)
        return "\(formatPixel(p.width, exact: width))×\(formatPixel(p.height, exact: height))"
    }
    /// `(x, y)` of the pixel-rounded frame of this exact one, exact values noted where they differ.
    public func pixelOriginDescription(scale: Double) -> String {
        let p = pixelRounded(scale: scale)
        return "(\(formatPixel(p.x, exact: x)), \(formatPixel(p.y, exact: y)))"
    }
}

/// Insets resolved to points.
public struct ResolvedInsets: Sendable, Equatable {
    public var top = 0.0, leading = 0.0, bottom = 0.0, trailing = 0.0
    public static let zero = ResolvedInsets()
    public func along(_ axis: Axis) -> Double { axis == .horizontal ? leading + trailing : top + bottom }
    public func leadingEdge(_ axis: Axis) -> Double { axis == .horizontal ? leading : top }
}

/// How a group instance was filled: what the size rules read.
public struct GroupSolve: Sendable {
    public var axis: Axis
    /// The extent along the axis that the subitems share (the group's size less its insets).
    public var available: Double
    /// Across the axis.
    public var availableAcross: Double
    /// What the placed subitems use along the axis, spacing and edge spacing included.
    public var used: Double
    /// The group's own insets left no room at all.
    public var noRoom = false
    /// Subitems (`subitems` form) in one cycle.
    public var cycleLength = 1
    /// The first listed subitem that did not fit before the cycle completed: UIKit drops it.
    public var dropped: (index: Int, element: LayoutElement, needed: Double, remaining: Double)?
    /// Whether the second pass (fractional subitems shrunk by the spacing, docs/semantics.md#second-pass) ran.
    public var secondPass = false
    public var spacing: Double = 0
    /// The group is estimated along its axis: no fit test, one cycle.
    public var estimatedAlongAxis = false
    /// Placements were cut at `ResolveLimits.maxPlacementsPerGroup`: one more would have fit.
    public var truncated = false
    /// Each cycle of subitems after the first takes `cycleStep` along the axis (their extents, edge spacing and
    /// spacing); when that is 0 or less, repeating them never fills the group, so the resolver placed one cycle
    /// (`stalled`). (Sizes are floored to whole pixels: `fractionalWidth(1/3)` of a 1 pt group is 0 pt at @2x.)
    public var stalled = false
    public var cycleStep: Double = 0
    /// The first subitem placed 0 pt along the axis, the dimension it was sized by (`count`'s `1/count` included),
    /// and the extent that dimension was a fraction of. Not recorded when the second pass (spacing) sized it.
    public var zeroExtent: (element: LayoutElement, size: Dimension?, base: Double)?
}

public final class ResolvedNode: @unchecked Sendable {
    public enum Kind: String, Sendable { case item, group }
    public let kind: Kind
    /// The element, or nil for a custom group's frame placement.
    public let element: LayoutElement?
    public let path: String
    // Release builds check no exclusivity at run time on these properties (`@exclusivity(unchecked)`): the
    // resolver and the rules read and write them hundreds of thousands of times in a 1 MB document, and each check
    // (swift_beginAccess, the thread-local access set) cost about 200 instructions: 11 % of a lint. Only the
    // resolver writes them, on one thread, while it builds the node; after that they are only read. Debug builds
    // (the tests) and the fuzz targets (`LAYOUTLINT_EXCLUSIVITY_CHECKS`, Fuzz/Package.swift) keep the checks.
    // BENCHMARKS.md, "Exclusivity checks".
    #if DEBUG || LAYOUTLINT_EXCLUSIVITY_CHECKS
    public internal(set) var frame: Rect
    public internal(set) var contentFrame: Rect
    public internal(set) var insets: ResolvedInsets = .zero
    public internal(set) var estimatedWidth = false
    public internal(set) var estimatedHeight = false
    public internal(set) var children: [ResolvedNode] = []
    public internal(set) var solve: GroupSolve?
    public internal(set) var containerSize: (width: Double, height: Double) = (0, 0)
    public internal(set) var supplementaries: [(item: SupplementaryItem, frame: Rect)] = []
    public internal(set) var replacedDimension: Dimension?
    public internal(set) var replacedAxis: Axis?
    #else
    @exclusivity(unchecked) public internal(set) var frame: Rect
    @exclusivity(unchecked) public internal(set) var contentFrame: Rect
    @exclusivity(unchecked) public internal(set) var insets: ResolvedInsets = .zero
    @exclusivity(unchecked) public internal(set) var estimatedWidth = false
    @exclusivity(unchecked) public internal(set) var estimatedHeight = false
    @exclusivity(unchecked) public internal(set) var children: [ResolvedNode] = []
    @exclusivity(unchecked) public internal(set) var solve: GroupSolve?
    /// The size this element's fractional dimensions were taken from (its container's effective size).
    @exclusivity(unchecked) public internal(set) var containerSize: (width: Double, height: Double) = (0, 0)
    @exclusivity(unchecked) public internal(set) var supplementaries: [(item: SupplementaryItem, frame: Rect)] = []
    /// The declared dimension along the parent's axis was replaced (`subitem` + `count`).
    @exclusivity(unchecked) public internal(set) var replacedDimension: Dimension?
    /// The axis of `replacedDimension`: along it the declared dimension (and whether it is estimated) does not apply.
    @exclusivity(unchecked) public internal(set) var replacedAxis: Axis?
    #endif

    init(kind: Kind, element: LayoutElement?, path: String, frame: Rect) {
        self.kind = kind
        self.element = element
        self.path = path
        self.frame = frame
        self.contentFrame = frame
    }

    public func isEstimated(_ axis: Axis) -> Bool { axis == .horizontal ? estimatedWidth : estimatedHeight }

    /// Leaf items placed in this instance (nested groups counted through).
    public var leafCount: Int {
        kind == .item ? 1 : children.reduce(0) { $0 + $1.leafCount }
    }

    func translate(dx: Double, dy: Double) {
        frame = frame.offsetBy(dx: dx, dy: dy)
        contentFrame = contentFrame.offsetBy(dx: dx, dy: dy)
        // (Most nodes have none: no new array for them.)
        if !supplementaries.isEmpty {
            supplementaries = supplementaries.map { ($0.item, $0.frame.offsetBy(dx: dx, dy: dy)) }
        }
        for c in children { c.translate(dx: dx, dy: dy) }
    }

    /// Every node of the tree, depth first, self first.
    public func walk(_ body: (ResolvedNode) -> Void) {
        body(self)
        for c in children { c.walk(body) }
    }
}

public struct ResolvedBoundary: Sendable {
    public var item: BoundaryItem
    public var frame: Rect
}

public final class ResolvedSection: @unchecked Sendable {
    public var section: Section
    /// The keys in force in this environment (the section's own, or a variant's).
    public var spec: SectionSpec?
    public var variantIndex: Int?
    public var name: String
    public var path: String
    public var frame: Rect
    public var groupCount: Int
    public var group: ResolvedNode?
    public var boundaryItems: [ResolvedBoundary] = []
    public var decorations: [(item: DecorationItem, frame: Rect)] = []
    /// The layout container the section's root group is sized against (before the section's insets).
    public var containerWidth: Double
    public var containerHeight: Double
    /// What a section provider sees as `environment.container.effectiveContentSize.width`.
    public var effectiveContentWidth: Double
    public var contentInsets: ResolvedInsets = .zero
    /// The section's contentInsets leave its root group no room (UIKit throws).
    public var noRoom = false
    /// Why the section could not be resolved (no variant matched, errors in the document).
    public var unresolvedReason: String?
    /// It could not be resolved because of an error in its own keys or group (not for want of a variant, nor at a
    /// limit): what a value half typed leaves (the editor keeps the section's last inlay hints then).
    public var unresolvedForErrors = false
    /// It was not resolved because this value of its group's tree only the running app knows.
    public var unknownInput: UnknownInput?

    init(
        section: Section, spec: SectionSpec?, variantIndex: Int?, name: String, path: String, frame: Rect,
        groupCount: Int,
        containerWidth: Double, containerHeight: Double, effectiveContentWidth: Double
    ) {
        self.section = section
        self.spec = spec
        self.variantIndex = variantIndex
        self.name = name
        self.path = path
        self.frame = frame
        self.groupCount = groupCount
        self.containerWidth = containerWidth
        self.containerHeight = containerHeight
        self.effectiveContentWidth = effectiveContentWidth
    }
}

public struct ResolvedLayout: Sendable {
    public var environment: LayoutEnvironment
    public var scrollDirection: Axis
    public var sections: [ResolvedSection]
    public var contentSize: (width: Double, height: Double)
    /// Resolution stopped at a limit.
    public var truncated = false
    /// The layout's own boundary items (`configuration.boundarySupplementaryItems`), in content coordinates.
    public var boundaryItems: [ResolvedBoundary] = []
}
