// The resolver: computes every section's, group's and item's frame in one environment, as docs/semantics.md
// says. Pure: the same document and environment always give the same numbers.

public struct ResolveLimits: Sendable {
    /// Placements in one group instance (a 0.01 pt item in a wide group must not loop for ever).
    public var maxPlacementsPerGroup = 10_000
    /// Nodes resolved per environment.
    public var maxNodes = 500_000
    /// Nodes resolved per document, all its environments together: 32 environments of 500 000 nodes each took 14 s
    /// and 3.4 GB for a 6 KB document (each node is about 200 bytes, and every environment's layout is kept).
    public var maxTotalNodes = 1_000_000
    public init() {}

    /// The limits for one of `count` environments: `maxNodes`, or fewer so that together they stay within
    /// `maxTotalNodes`. A function of the count alone, so that the incremental and the whole-document linter agree.
    public func perEnvironment(of count: Int) -> ResolveLimits {
        var l = self
        l.maxNodes = min(maxNodes, maxTotalNodes / max(1, count))
        return l
    }

    /// What a document is told when resolution stopped at `maxNodes` in one of its `environments`.
    public func exhaustedMessage(environments: Int) -> String {
        var m = "the layout has more than \(maxNodes) elements to resolve"
        if environments > 1, maxNodes == maxTotalNodes / environments { // the share of the total, not maxNodes
            m += " in an environment (\(maxTotalNodes) for its \(environments) environments together)"
        }
        return m + "; sections past that point were not checked"
    }
}

public func selectSpec(_ section: Section, in env: LayoutEnvironment, configuration: LayoutConfiguration) -> (
    SectionSpec?, Int?, Double
) {
    let width = effectiveContentWidth(section.base, env: env, configuration: configuration)
    for (i, v) in section.variants.enumerated() where v.when.holds(in: env, effectiveWidth: width) {
        return (v.spec, i, width)
    }
    return (section.hasOwnKeys ? section.base : nil, nil, width)
}

extension VariantCondition {
    public func holds(in env: LayoutEnvironment, effectiveWidth: Double) -> Bool {
        if let m = minWidth, effectiveWidth < m { return false }
        if let m = maxWidth, effectiveWidth > m { return false }
        if let h = horizontalSizeClass, env.horizontalSizeClass != h { return false }
        if let v = verticalSizeClass, env.verticalSizeClass != v { return false }
        if let n = environment, env.name != n { return false }
        return true
    }
}

/// The insets the `contentInsetsReference` takes from the collection view's frame (left, right, top, bottom).
func referenceInsets(_ ref: InsetsReference, env: LayoutEnvironment) -> EdgeInsets {
    switch ref {
    case .none: return .zero
    case .automatic, .safeArea: return env.safeAreaInsets
    case .layoutMargins: return env.layoutMargins
    case .readableContent:
        let m = env.layoutMargins
        let extra = max(0, (env.width - m.left - m.right - env.readableContentWidth) / 2)
        return EdgeInsets(top: m.top, left: m.left + extra, bottom: m.bottom, right: m.right + extra)
    }
}

func sectionReference(_ spec: SectionSpec, configuration: LayoutConfiguration) -> InsetsReference {
    spec.contentInsetsReference == .automatic ? configuration.contentInsetsReference : spec.contentInsetsReference
}

/// docs/semantics.md#variants: frame width less the reference insets on the non-scrolling axis. The configuration's
/// reference: a section provider sees the container before it returns the section, so the section's own
/// `contentInsetsReference` cannot change what it sees.
func effectiveContentWidth(_ spec: SectionSpec, env: LayoutEnvironment, configuration: LayoutConfiguration) -> Double {
    guard configuration.scrollDirection == .vertical else { return env.width }
    let r = referenceInsets(configuration.contentInsetsReference, env: env)
    return env.width - r.left - r.right
}

public func resolveLayout(
    _ doc: LayoutDocument, environment env: LayoutEnvironment, limits: ResolveLimits = ResolveLimits()
) -> ResolvedLayout {
    var r = SectionResolver(env: env, configuration: doc.configuration, limits: limits)
    var sections: [ResolvedSection] = []
    let main = doc.configuration.scrollDirection
    // The layout's own boundary items (a global header or footer): the ones before come before the first section
    // and push it, the ones after follow the last (HDR: boundary items "can be anchored to sections and the global
    // layout"; with no section UIKit drops them: docs/semantics.md#layout-boundary-items).
    var global = LayoutBoundaryPlacer(doc.sections.isEmpty ? LayoutConfiguration() : doc.configuration, env: env)
    var cursor = 0.0
    global.placeBefore(&cursor)
    let sectionsStart = cursor
    for (i, section) in doc.sections.enumerated() {
        if i > 0 { cursor += doc.configuration.interSectionSpacing }
        let rs = r.resolveSection(section, at: cursor)
        if r.exhausted && rs.group == nil && rs.unresolvedReason == nil {
            rs.unresolvedReason = "resolution stopped: the layout has more than \(limits.maxNodes) elements"
        }
        cursor = rs.frame.origin(main) + rs.frame.extent(main)
        sections.append(rs)
    }
    global.placeAfter(&cursor, sectionsStart: sectionsStart)
    let size = main == .vertical ? (env.width, cursor) : (cursor, env.height)
    var layout = ResolvedLayout(
        environment: env, scrollDirection: main, sections: sections, contentSize: size, truncated: r.exhausted)
    layout.boundaryItems = global.placed
    return layout
}

/// Places the layout's own boundary items (`configuration.boundarySupplementaryItems`) like a section's, against the
/// layout's container: the collection view less the configuration's reference insets across the scroll axis.
public struct LayoutBoundaryPlacer {
    let items: [BoundaryItem]
    let r: SectionResolver
    let main: Axis
    let crossLead: Double, crossExtent: Double
    public private(set) var placed: [ResolvedBoundary] = []

    public init(_ configuration: LayoutConfiguration, env: LayoutEnvironment) {
        items = configuration.boundarySupplementaryItems
        r = SectionResolver(env: env, configuration: configuration, limits: ResolveLimits())
        main = configuration.scrollDirection
        let ref = referenceInsets(configuration.contentInsetsReference, env: env)
        crossLead = main == .vertical ? ref.left : ref.top
        crossExtent = main == .vertical ? env.width - ref.left - ref.right : env.height - ref.top - ref.bottom
    }

    func sized(_ b: BoundaryItem) -> (m: Double, c: Double)? {
        r.boundarySize(
            b, containerW: main == .vertical ? crossExtent : r.env.width,
            containerH: main == .vertical ? r.env.height : crossExtent)
    }

    mutating func place(_ b: BoundaryItem, _ m: Double, _ c: Double, at pos: Double) {
        placed.append(
            ResolvedBoundary(
                item: b, frame: r.boundaryFrame(b, m, c, at: pos, crossLead: crossLead, crossExtent: crossExtent)))
    }

    /// The items before the sections, from `cursor`, which those that extend the boundary move on.
    public mutating func placeBefore(_ cursor: inout Double) {
        for b in items where b.alignment.side(main: main) == .before {
            guard let (m, c) = sized(b) else { continue }
            place(b, m, c, at: cursor)
            if b.extendsBoundary { cursor += m }
        }
    }

    /// The items after the sections (from `cursor`) and beside them (from `sectionsStart`).
    public mutating func placeAfter(_ cursor: inout Double, sectionsStart: Double) {
        for b in items {
            guard let (m, c) = sized(b) else { continue }
            switch b.alignment.side(main: main) {
            case .before: continue
            case .after:
                place(b, m, c, at: b.extendsBoundary ? cursor : cursor - m)
                if b.extendsBoundary { cursor += m }
            case .side: place(b, m, c, at: sectionsStart)
            }
        }
    }
}

struct SectionResolver {
    let env: LayoutEnvironment
    let configuration: LayoutConfiguration
    let limits: ResolveLimits
    var nodes = 0
    var exhausted = false

    init(env: LayoutEnvironment, configuration: LayoutConfiguration, limits: ResolveLimits) {
        self.env = env
        self.configuration = configuration
        self.limits = limits
    }

    var main: Axis { configuration.scrollDirection }

    /// Stage A of docs/semantics.md#pixel-rounding: a fractional size floored to the pixel grid, `floor(s × v) / s`,
    /// with no tolerance (DEC-Size), so floating-point noise can lose a pixel as it does in UIKit. Not in an
    /// environment of iOS 13–15, which has no Stage A (`floorsFractionalSizes`).
    func floorPx(_ v: Double) -> Double {
        env.scale > 0 && env.floorsFractionalSizes ? (env.scale * v).rounded(.down) / env.scale : v
    }

    /// A point along `main` and across it, as a Rect in x/y.
    func rect(main m: Double, cross c: Double, mainExtent: Double, crossExtent: Double) -> Rect {
        main == .vertical
            ? Rect(x: c, y: m, width: crossExtent, height: mainExtent)
            : Rect(x: m, y: c, width: mainExtent, height: crossExtent)
    }

    mutating func resolveSection(_ section: Section, at offset: Double) -> ResolvedSection {
        let (selected, variant, effWidth) = selectSpec(section, in: env, configuration: configuration)
        // (Sizes that are formulas of the environment, as numbers of this one.)
        let specOpt = selected?.specialized(in: env, configuration: configuration)
        let cross = main.other
        let refSpec = specOpt ?? section.base
        let ref = referenceInsets(sectionReference(refSpec, configuration: configuration), env: env)
        // docs/semantics.md#layout-container: the reference insets apply on the axis across the scroll direction only.
        let refLead = main == .vertical ? ref.left : ref.top
        let refTrail = main == .vertical ? ref.right : ref.bottom
        let containerCross = (main == .vertical ? env.width : env.height) - refLead - refTrail
        let containerMain = main == .vertical ? env.height : env.width
        let containerW = main == .vertical ? containerCross : containerMain
        let containerH = main == .vertical ? containerMain : containerCross
        let rs = ResolvedSection(
            section: section, spec: specOpt, variantIndex: variant, name: specOpt?.name ?? section.name,
            path: section.path, frame: rect(main: offset, cross: refLead, mainExtent: 0, crossExtent: containerCross),
            groupCount: 0, containerWidth: containerW, containerHeight: containerH, effectiveContentWidth: effWidth)
        guard let spec = specOpt else {
            rs.unresolvedReason =
                section.variants.isEmpty
                ? "the section has errors" : "no variant applies and the section has no keys of its own"
            rs.unresolvedForErrors = section.variants.isEmpty
            return rs
        }
        guard let groupEl = spec.group, groupEl.group != nil else {
            rs.unresolvedReason = "the section's group has errors"
            rs.unresolvedForErrors = true
            return rs
        }
        // docs/semantics.md#unknown-values: a size only the running app knows leaves the section's frames
        // uncomputed; the rules that read only its declared values still judge it (`RuleContext.partialSections`).
        if let (setting, u) = spec.unknownSettings.min(by: { $0.value.range.start < $1.value.range.start }) {
            rs.unknownInput = u
            rs.unresolvedReason = "\(setting.governs) on \(u.what), which only the running app knows"
            return rs
        }
        if let u = groupEl.firstUnknownInput() {
            rs.unknownInput = u
            rs.unresolvedReason = "its sizes depend on \(u.what), which only the running app knows"
            return rs
        }
        // docs/semantics.md#fractional-insets: a section's fractional insets are fractions of its container.
        let ins = resolveInsets(
            spec.contentInsets, width: containerW, height: containerH, estimatedW: false, estimatedH: false)
        rs.contentInsets = ins
        let gw = containerW - ins.leading - ins.trailing
        let gh = containerH - ins.top - ins.bottom
        let orthogonal = spec.orthogonalScrollingBehavior != .none

        // The root group.
        guard var root = resolveElement(groupEl, containerW: gw, containerH: gh, estW: false, estH: false) else {
            rs.unresolvedReason = "the section's group has errors"
            rs.unresolvedForErrors = !exhausted
            return rs
        }
        // docs/semantics.md#subitems-repeat: along the scrolling axis of a section that does not scroll on its own, the
        // insets leave no room only for a root group that is a fraction of that axis (an estimated or absolute one
        // keeps its size: a shipped settings screen pads its last section by the screen's height).
        let roomAlongMain = main == .vertical ? gh : gw
        let fractionOfMain = groupEl.dimension(main)?.kind == (main == .vertical ? .fractionalHeight : .fractionalWidth)
        let noRoomAcross = (main == .vertical ? gw : gh) <= 0
        if noRoomAcross || (roomAlongMain <= 0 && (orthogonal || fractionOfMain)) {
            // Reported by the no-item-fits rule; nothing to place.
            root = ResolvedNode(kind: .group, element: groupEl, path: groupEl.path, frame: .zero)
            root.containerSize = (gw, gh)
            root.solve = GroupSolve(axis: groupEl.group!.axis, available: 0, availableAcross: 0, used: 0, noRoom: true)
            rs.noRoom = true
        }
        let perGroup = max(1, root.leafCount)
        let groupCount = spec.itemCount.map { ($0 + perGroup - 1) / perGroup } ?? 1
        rs.groupCount = groupCount

        // Boundary items: fractional sizes against the section's geometry (they follow the section's insets by default).
        let followsInsets = spec.supplementaryContentInsetsReference == .automatic
        var suppCrossLead = refLead + (followsInsets ? (main == .vertical ? ins.leading : ins.top) : 0)
        var suppCross =
            containerCross
            - (followsInsets ? (main == .vertical ? ins.leading + ins.trailing : ins.top + ins.bottom) : 0)
        if !followsInsets {
            let r2 = referenceInsets(spec.supplementaryContentInsetsReference, env: env)
            let l = main == .vertical ? r2.left : r2.top, t = main == .vertical ? r2.right : r2.bottom
            suppCrossLead = l
            suppCross = (main == .vertical ? env.width : env.height) - l - t
        }
        let suppW = main == .vertical ? suppCross : containerW
        let suppH = main == .vertical ? containerH : suppCross
        var leadingItems: [(BoundaryItem, Double, Double)] = [] // item, main extent, cross extent
        var trailingItems: [(BoundaryItem, Double, Double)] = []
        var sideItems: [(BoundaryItem, Double, Double)] = []
        for b in spec.boundarySupplementaryItems {
            guard let (m, c) = boundarySize(b, containerW: suppW, containerH: suppH) else { continue }
            switch b.alignment.side(main: main) {
            case .before: leadingItems.append((b, m, c))
            case .after: trailingItems.append((b, m, c))
            case .side: sideItems.append((b, m, c))
            }
        }

        // Along the scroll axis: headers, the leading inset, the groups, the trailing inset, footers (PROBE: the top inset
        // sits between the header and the first group).
        // Counted from the section's start, so that its sizes do not depend on where the sections before it end
        // (far down a long layout, `(offset + extent) - offset` is not `extent` in floating point; the incremental
        // linter resolves every section at 0): positions are `offset` plus these.
        var cursor = 0.0
        func placeBoundary(_ b: BoundaryItem, _ m: Double, _ c: Double, at pos: Double) -> Rect {
            boundaryFrame(b, m, c, at: pos, crossLead: suppCrossLead, crossExtent: suppCross)
        }
        for (b, m, c) in leadingItems {
            rs.boundaryItems.append(ResolvedBoundary(item: b, frame: placeBoundary(b, m, c, at: offset + cursor)))
            if b.extendsBoundary { cursor += m }
        }
        let insLeadMain = main == .vertical ? ins.top : ins.leading
        let insTrailMain = main == .vertical ? ins.bottom : ins.trailing
        let insLeadCross = main == .vertical ? ins.leading : ins.top
        cursor += insLeadMain
        let groupsStart = cursor
        let gMain = root.frame.extent(main)
        let gCross = root.frame.extent(cross)
        var crossStart = refLead + insLeadCross
        if spec.orthogonalScrollingBehavior == .groupPagingCentered {
            // "additional leading and trailing content insets to center each group's contents": (container − group) / 2.
            crossStart += max(0, ((main == .vertical ? gw : gh) - gCross) / 2)
        }
        let origin = rect(main: offset + groupsStart, cross: crossStart, mainExtent: gMain, crossExtent: gCross)
        root.frame = Rect(x: 0, y: 0, width: root.frame.width, height: root.frame.height)
        root.translate(dx: origin.x, dy: origin.y)
        if orthogonal {
            cursor += groupCount > 0 ? gMain : 0
        } else if groupCount > 0 {
            cursor += Double(groupCount) * gMain + Double(groupCount - 1) * spec.interGroupSpacing
        } else {
            // PROBE: an empty section still subtracts one spacing.
            cursor -= spec.interGroupSpacing
        }
        cursor += insTrailMain
        for (b, m, c) in trailingItems {
            // One that does not extend the boundary sits inside the section, ending where it ends (as a leading one
            // starts where it starts).
            rs.boundaryItems.append(
                ResolvedBoundary(
                    item: b, frame: placeBoundary(b, m, c, at: offset + (b.extendsBoundary ? cursor : cursor - m))))
            if b.extendsBoundary { cursor += m }
        }
        for (b, m, c) in sideItems {
            rs.boundaryItems.append(ResolvedBoundary(item: b, frame: placeBoundary(b, m, c, at: offset + groupsStart)))
        }
        let sectionMain = max(0, cursor)
        rs.frame = rect(main: offset, cross: refLead, mainExtent: sectionMain, crossExtent: containerCross)
        rs.group = root
        for d in spec.decorationItems {
            let di = resolveInsets(
                d.contentInsets, width: rs.frame.width, height: rs.frame.height, estimatedW: false, estimatedH: false)
            rs.decorations.append(
                (
                    d,
                    Rect(
                        x: rs.frame.x + di.leading, y: rs.frame.y + di.top,
                        width: rs.frame.width - di.leading - di.trailing,
                        height: rs.frame.height - di.top - di.bottom)
                ))
        }
        return rs
    }

    /// A boundary item's extent along the scroll axis and across it, sized in a container; nil without a size.
    func boundarySize(_ b: BoundaryItem, containerW: Double, containerH: Double) -> (m: Double, c: Double)? {
        // (One whose size the front end could not know is not placed: docs/semantics.md#unknown-values.)
        guard let wd = b.width, let hd = b.height, wd.isKnown, hd.isKnown else { return nil }
        let w = size(wd, containerW: containerW, containerH: containerH),
            h = size(hd, containerW: containerW, containerH: containerH)
        return main == .vertical ? (h, w) : (w, h)
    }

    /// A boundary item's frame at `pos` along the scroll axis, aligned across it in `crossLead…crossLead + crossExtent`
    /// by its alignment, then moved by its absolute offset (a section's and the layout's own items alike).
    func boundaryFrame(
        _ b: BoundaryItem, _ m: Double, _ c: Double, at pos: Double, crossLead: Double, crossExtent: Double
    ) -> Rect {
        let crossPos: Double
        switch b.alignment.crossPlacement(main: main) {
        case .start: crossPos = crossLead
        case .end: crossPos = crossLead + crossExtent - c
        case .center: crossPos = crossLead + (crossExtent - c) / 2
        }
        return rect(main: pos, cross: crossPos, mainExtent: m, crossExtent: c).offsetBy(
            dx: b.absoluteOffset.x, dy: b.absoluteOffset.y)
    }

    func size(_ d: Dimension, containerW: Double, containerH: Double) -> Double {
        switch d.kind {
        case .fractionalWidth: return floorPx(d.value * containerW)
        case .fractionalHeight: return floorPx(d.value * containerH)
        case .absolute, .estimated, .uniformAcrossSiblings: return d.value
        }
    }

    /// Insets in points: values in (0, 1) are fractions of the box (docs/semantics.md#fractional-insets); an
    /// estimated axis drops them (#estimated-insets there).
    func resolveInsets(_ i: Insets?, width: Double, height: Double, estimatedW: Bool, estimatedH: Bool)
        -> ResolvedInsets
    {
        guard let i else { return .zero }
        func v(_ x: Double, _ extent: Double) -> Double { x > 0 && x < 1 ? x * extent : x }
        var r = ResolvedInsets()
        if !estimatedW { r.leading = v(i.leading, width); r.trailing = v(i.trailing, width) }
        if !estimatedH { r.top = v(i.top, height); r.bottom = v(i.bottom, height) }
        return r
    }

    /// Sizes an element against its container and lays out its content; the frame's origin is (0, 0) and children
    /// are placed relative to it. `override` replaces the dimension along an axis (`subitem` + `count`).
    mutating func resolveElement(
        _ el: LayoutElement, containerW: Double, containerH: Double, estW: Bool, estH: Bool,
        override: (Axis, Dimension)? = nil, pathOverride: String? = nil
    ) -> ResolvedNode? {
        guard var wd = el.width, var hd = el.height else { return nil }
        var replaced: Dimension?
        if let (axis, d) = override {
            if axis == .horizontal { replaced = wd; wd = d } else { replaced = hd; hd = d }
        }
        nodes += 1
        if nodes > limits.maxNodes { exhausted = true; return nil }
        let w = size(wd, containerW: containerW, containerH: containerH)
        let h = size(hd, containerW: containerW, containerH: containerH)
        let node = ResolvedNode(
            kind: el.isGroup ? .group : .item, element: el, path: pathOverride ?? el.path,
            frame: Rect(x: 0, y: 0, width: w, height: h))
        node.replacedDimension = replaced
        node.replacedAxis = replaced == nil ? nil : override?.0
        node.containerSize = (containerW, containerH)
        node.estimatedWidth = wd.isEstimated(estimatedWidth: estW, estimatedHeight: estH)
        node.estimatedHeight = hd.isEstimated(estimatedWidth: estW, estimatedHeight: estH)
        // docs/semantics.md#estimated-sizes: only the element's own estimated dimension drops its insets.
        node.insets = resolveInsets(
            el.contentInsets, width: w, height: h, estimatedW: wd.isEstimated, estimatedH: hd.isEstimated)
        if let g = el.group { layoutGroup(node, g, ownEstW: wd.isEstimated, ownEstH: hd.isEstimated) }
        updateContentFrame(node)
        placeSupplementaries(node)
        return node
    }

    func updateContentFrame(_ node: ResolvedNode) {
        let f = node.frame, i = node.insets
        node.contentFrame = Rect(
            x: f.x + i.leading, y: f.y + i.top, width: f.width - i.leading - i.trailing,
            height: f.height - i.top - i.bottom)
    }

    func placeSupplementaries(_ node: ResolvedNode) {
        guard let el = node.element else { return }
        for s in el.supplementaryItems {
            guard let wd = s.width, let hd = s.height, wd.isKnown, hd.isKnown else { continue }
            let w = size(wd, containerW: node.frame.width, containerH: node.frame.height)
            let h = size(hd, containerW: node.frame.width, containerH: node.frame.height)
            // The item's anchor point (by `itemAnchor`'s edges, else the container anchor's: a badge inside the
            // corner) sits on the container's anchor point; then the offsets move it (points, or fractions of the
            // badge's size). HDR: container `[.top, .trailing]` with item `[.bottom, .leading]` puts the badge
            // outside the corner.
            let a = s.containerAnchor
            let f = node.frame
            func point(_ edges: RectAlignment, width: Double, height: Double) -> (x: Double, y: Double) {
                let e = edges.rawValue.lowercased()
                let x = e.contains("leading") ? 0 : e.contains("trailing") ? width : width / 2
                let y = e.hasPrefix("top") ? 0 : e.hasPrefix("bottom") ? height : height / 2
                return (x, y)
            }
            let p = point(a.edges, width: f.width, height: f.height)
            let q = point(s.itemAnchor?.edges ?? a.edges, width: w, height: h)
            var x = f.x + p.x - q.x, y = f.y + p.y - q.y
            for anchor in [a, s.itemAnchor].compactMap({ $0 }) {
                x += anchor.offset.x + (anchor.fractionalOffset?.x ?? 0) * w
                y += anchor.offset.y + (anchor.fractionalOffset?.y ?? 0) * h
            }
            node.supplementaries.append((s, Rect(x: x, y: y, width: w, height: h)))
        }
    }

    struct Candidate {
        var element: LayoutElement
        var index: Int
        var override: (Axis, Dimension)?
        var path: String?
    }

    /// What the passes over one group's candidates share: its axis, the room its insets leave (`cw` × `ch`, and
    /// `available` along the axis), the sequence of candidates and the spacing between them.
    struct GroupPlan {
        let axis: Axis
        let cw: Double
        let ch: Double
        let estW: Bool
        let estH: Bool
        let estAlong: Bool
        let available: Double
        let cycle: [Candidate]
        let fixedCount: Int?
        let spacing: Spacing?
        let s: Double
        let allFractional: Bool

        init(
            axis: Axis, cw: Double, ch: Double, estW: Bool, estH: Bool, estAlong: Bool, available: Double,
            cycle: [Candidate], fixedCount: Int?, spacing: Spacing?
        ) {
            self.axis = axis
            self.cw = cw
            self.ch = ch
            self.estW = estW
            self.estH = estH
            self.estAlong = estAlong
            self.available = available
            self.cycle = cycle
            self.fixedCount = fixedCount
            self.spacing = spacing
            self.s = spacing?.value ?? 0
            self.allFractional = cycle.allSatisfy { GroupPlan.fractionalAlong($0, axis) }
        }

        static func fractionalAlong(_ c: Candidate, _ axis: Axis) -> Bool {
            if let (ax, d) = c.override, ax == axis { return d.isFractional }
            return c.element.dimension(axis)?.isFractional ?? false
        }

        func edges(_ el: LayoutElement) -> (lead: Spacing?, trail: Spacing?) {
            el.edgeSpacing?.edges(along: axis) ?? (nil, nil)
        }

        /// A nested group's flexible edge spacing along this axis takes no share: UIKit ignores its flexible part
        /// (docs/semantics.md#spacing).
        func flexibleAlong(_ c: Candidate) -> (lead: Bool, trail: Bool) {
            guard !c.element.isGroup else { return (false, false) }
            let (el, et) = edges(c.element)
            return (el?.isFlexible == true, et?.isFlexible == true)
        }
    }

    /// Lays out a group's subitems in the room its insets leave, in passes: how many fit (`chooseCandidates`), their
    /// sizes (`resolveChosen`), their positions along the axis (`positionsAlong`) and across it (`placeAcross`),
    /// then an estimated group's own size (`deriveEstimatedSize`). What the size rules read is left in `node.solve`.
    mutating func layoutGroup(_ node: ResolvedNode, _ g: GroupSpec, ownEstW: Bool, ownEstH: Bool) {
        let axis = g.axis
        let i = node.insets
        let cw = node.frame.width - i.leading - i.trailing
        let ch = node.frame.height - i.top - i.bottom
        let estAlong = axis == .horizontal ? ownEstW : ownEstH
        var solve = GroupSolve(
            axis: axis, available: axis == .horizontal ? cw : ch, availableAcross: axis == .horizontal ? ch : cw,
            used: 0)
        solve.estimatedAlongAxis = estAlong
        defer { node.solve = solve }
        if cw <= 0 || ch <= 0 {
            solve.noRoom = true
            return
        }
        if case .frames(let frames) = g.layout {
            placeFrames(frames, in: node, cw: cw, ch: ch, axis: axis, solve: &solve)
            return
        }
        guard let (cycle, fixedCount) = Self.candidateCycle(g.layout, axis: axis) else { return }
        solve.cycleLength = cycle.count
        let plan = GroupPlan(
            axis: axis, cw: cw, ch: ch, estW: node.estimatedWidth, estH: node.estimatedHeight, estAlong: estAlong,
            available: solve.available, cycle: cycle, fixedCount: fixedCount, spacing: g.interItemSpacing)
        solve.spacing = plan.s
        guard let (chosen, stoppedByOverflow) = chooseCandidates(plan, solve: &solve),
            let placed = resolveChosen(chosen, plan, stoppedByOverflow: stoppedByOverflow, solve: &solve)
        else { return }
        recordZeroExtent(placed, plan, solve: &solve)
        let positions = positionsAlong(placed, plan, solve: &solve)
        let maxAcross = placeAcross(
            placed, at: positions, in: node, plan, ownEstAcross: axis == .horizontal ? ownEstH : ownEstW,
            availableAcross: solve.availableAcross)
        deriveEstimatedSize(node, placed, maxAcross: maxAcross, plan, ownEstW: ownEstW, ownEstH: ownEstH, solve: &solve)
    }

    /// A custom group: its frames as given, inside its insets.
    mutating func placeFrames(
        _ frames: [CustomFrame], in node: ResolvedNode, cw: Double, ch: Double, axis: Axis, solve: inout GroupSolve
    ) {
        let i = node.insets
        for f in frames {
            nodes += 1
            let c = ResolvedNode(
                kind: .item, element: nil, path: f.path,
                frame: Rect(x: i.leading + f.x, y: i.top + f.y, width: f.width, height: f.height))
            c.containerSize = (cw, ch)
            node.children.append(c)
            solve.used = max(solve.used, (axis == .horizontal ? f.x + f.width : f.y + f.height))
        }
    }

    /// The sequence of candidates, and how many are placed when the form fixes it; nil for a group with no subitems.
    static func candidateCycle(_ layout: SubitemLayout, axis: Axis) -> (cycle: [Candidate], fixedCount: Int?)? {
        switch layout {
        case .subitems(let items):
            return (items.enumerated().map { Candidate(element: $1, index: $0) }, nil)
        case .count(let item, let n):
            let d = Dimension(
                kind: axis == .horizontal ? .fractionalWidth : .fractionalHeight, value: 1 / Double(n),
                range: item.dimension(axis)?.range ?? item.range)
            return ([Candidate(element: item, index: 0, override: (axis, d))], n)
        case .repeating(let item, let n):
            return ([Candidate(element: item, index: 0)], n)
        case .frames, .missing:
            return nil
        }
    }

    /// Pass 1: how many fit (fractional items ignore the spacing here, docs/semantics.md#second-pass). When every
    /// candidate is fractional along the axis, its extent there is a fraction of the group's, known without laying
    /// out its content: the candidates are resolved after the second pass has chosen their container. (Resolving
    /// them here as well laid out every level of nested fractional groups twice, which is exponential in the
    /// depth, and counted those nodes twice against `maxNodes`, so deep documents were cut off early.)
    /// Nil when a candidate cannot be laid out: the group is left empty.
    mutating func chooseCandidates(_ p: GroupPlan, solve: inout GroupSolve) -> (
        chosen: [(Candidate, ResolvedNode?)], stoppedByOverflow: Bool
    )? {
        let axis = p.axis, cycle = p.cycle, fixedCount = p.fixedCount, estAlong = p.estAlong,
            allFractional = p.allFractional
        var chosen: [(Candidate, ResolvedNode?)] = []
        var remaining = p.available
        var stoppedByOverflow = false
        var k = 0
        while true {
            if let n = fixedCount, chosen.count >= n { break }
            // One cycle: docs/semantics.md#estimated-groups.
            if fixedCount == nil && estAlong && chosen.count >= cycle.count { break }
            let cand = cycle[k % cycle.count]
            let child: ResolvedNode?
            let along: Double
            if allFractional {
                // (resolveElement's own test: an element without both dimensions is not laid out.)
                guard let w = cand.element.width, let h = cand.element.height else { return nil }
                let d = cand.override.flatMap { $0.0 == axis ? $0.1 : nil } ?? (axis == .horizontal ? w : h)
                child = nil
                along = size(d, containerW: p.cw, containerH: p.ch)
            } else {
                guard
                    let resolved = resolveElement(
                        cand.element, containerW: p.cw, containerH: p.ch, estW: p.estW, estH: p.estH,
                        override: cand.override, pathOverride: cand.path)
                else { return nil }
                child = resolved
                along = resolved.frame.extent(axis)
            }
            let (el, et) = p.edges(cand.element)
            let extent = along + (el?.value ?? 0) + (et?.value ?? 0)
            let gap = (chosen.isEmpty || allFractional) ? 0 : p.s
            let need = extent + gap
            if fixedCount == nil && !estAlong && remaining - need < -0.25 {
                stoppedByOverflow = true
                if chosen.count < cycle.count {
                    solve.dropped = (cand.index, cand.element, need, remaining)
                }
                break
            }
            // The limit is tested after the fit test: a group exactly full at the limit is complete, not cut.
            if chosen.count >= limits.maxPlacementsPerGroup { solve.truncated = true; break }
            chosen.append((cand, child))
            remaining -= need
            k += 1
            // Every cycle after the first takes what the first did plus one spacing (the first has none before it).
            // When that is no room, the cycles would repeat until `maxPlacementsPerGroup`, in every placement of this
            // group (nested 1 pt groups of 1/3 pt items reached the node limit: 1.4 s for a 5-line document): one
            // cycle is placed and `non-positive-dimension` reports it (regression test:
            // RuleTests/zeroPointSubitemsAreReportedAndPlacedOnce).
            if fixedCount == nil && !estAlong && k == cycle.count {
                solve.cycleStep = p.available - remaining + (allFractional ? 0 : p.s)
                if solve.cycleStep <= 0 { solve.stalled = true; break }
            }
        }
        return (chosen, stoppedByOverflow)
    }

    /// Pass 2 (docs/semantics.md#second-pass): fractional subitems shrink to make room for the spacing. Resolves the
    /// chosen candidates that pass 1 did not; nil when one cannot be laid out.
    mutating func resolveChosen(
        _ chosen: [(Candidate, ResolvedNode?)], _ p: GroupPlan, stoppedByOverflow: Bool,
        solve: inout GroupSolve
    ) -> [(Candidate, ResolvedNode)]? {
        var (pw, ph) = (p.cw, p.ch)
        if p.allFractional && p.s != 0 && chosen.count >= 2 && (stoppedByOverflow || p.fixedCount != nil) {
            solve.secondPass = true
            let axisExtent = p.available - p.s * Double(chosen.count - 1)
            (pw, ph) = p.axis == .horizontal ? (axisExtent, p.ch) : (p.cw, axisExtent)
        }
        var placed: [(Candidate, ResolvedNode)] = []
        placed.reserveCapacity(chosen.count)
        for (cand, child) in chosen {
            if let child { placed.append((cand, child)); continue }
            guard
                let child = resolveElement(
                    cand.element, containerW: pw, containerH: ph, estW: p.estW, estH: p.estH,
                    override: cand.override, pathOverride: cand.path)
            else { return nil }
            placed.append((cand, child))
        }
        return placed
    }

    /// The first subitem of a cycle placed 0 pt along the axis (`GroupSolve.zeroExtent`), unless the second pass sized it.
    func recordZeroExtent(_ placed: [(Candidate, ResolvedNode)], _ p: GroupPlan, solve: inout GroupSolve) {
        let axis = p.axis
        if !solve.secondPass,
            let (cand, child) = placed.prefix(p.cycle.count).first(where: { $0.1.frame.extent(axis) <= 0 })
        {
            let d = cand.override.flatMap { $0.0 == axis ? $0.1 : nil } ?? cand.element.dimension(axis)
            let base = d?.kind == .fractionalHeight ? child.containerSize.1 : child.containerSize.0
            solve.zeroExtent = (cand.element, d, base)
        }
    }

    /// Positions along the axis, then flexible spacing shares the leftover in equal exact shares (DEC-Arrange
    /// divides without rounding; IBP floors to whole points, not followed: docs/semantics.md#pixel-rounding). A
    /// nested group's flexible edge spacing along this axis takes no share (`GroupPlan.flexibleAlong`).
    func positionsAlong(_ placed: [(Candidate, ResolvedNode)], _ p: GroupPlan, solve: inout GroupSolve) -> [Double] {
        let s = p.s, spacing = p.spacing, axis = p.axis, available = p.available
        var cursor = 0.0
        var positions: [Double] = []
        var flexibleUnits = 0
        for (n, (cand, child)) in placed.enumerated() {
            if n > 0 { cursor += s; if spacing?.isFlexible == true { flexibleUnits += 1 } }
            let (el, et) = p.edges(cand.element)
            let (fl, ft) = p.flexibleAlong(cand)
            if fl { flexibleUnits += 1 }
            if ft { flexibleUnits += 1 }
            cursor += el?.value ?? 0
            positions.append(cursor)
            cursor += child.frame.extent(axis) + (et?.value ?? 0)
        }
        solve.used = cursor
        if flexibleUnits > 0 && available - cursor > 0 && !p.estAlong {
            let share = (available - cursor) / Double(flexibleUnits)
            var shift = 0.0
            for (n, (cand, _)) in placed.enumerated() {
                if n > 0 && spacing?.isFlexible == true { shift += share }
                let (fl, ft) = p.flexibleAlong(cand)
                if fl { shift += share }
                positions[n] += shift
                if ft { shift += share }
            }
            solve.used = cursor + shift
        }
        return positions
    }

    /// Across the axis: edge spacing offsets; flexible edges share what is left, of the group's size across, which
    /// an estimated group takes from its children (docs/semantics.md#estimated-groups, `deriveEstimatedSize`: they
    /// are placed in that size). Moves the children to their places in `node` and returns their largest extent across.
    func placeAcross(
        _ placed: [(Candidate, ResolvedNode)], at positions: [Double], in node: ResolvedNode, _ p: GroupPlan,
        ownEstAcross: Bool, availableAcross: Double
    ) -> Double {
        let axis = p.axis, cross = axis.other, i = node.insets
        var maxAcross = 0.0
        for (cand, child) in placed {
            let (ca, cb) = cand.element.edgeSpacing?.edges(along: cross) ?? (nil, nil)
            maxAcross = max(maxAcross, child.frame.extent(cross) + (ca?.value ?? 0) + (cb?.value ?? 0))
        }
        let derivesAcross = ownEstAcross && !placed.isEmpty && placed.allSatisfy { !$0.1.isEstimated(cross) }
        let across = derivesAcross ? maxAcross : availableAcross
        for (n, (cand, child)) in placed.enumerated() {
            let (ca, cb) = cand.element.edgeSpacing?.edges(along: cross) ?? (nil, nil)
            let extentAcross = child.frame.extent(cross)
            var crossPos = ca?.value ?? 0
            let leftover = across - extentAcross - (ca?.value ?? 0) - (cb?.value ?? 0)
            if leftover > 0 {
                if ca?.isFlexible == true && cb?.isFlexible == true {
                    crossPos += leftover / 2
                } else if ca?.isFlexible == true {
                    crossPos += leftover
                }
            }
            let dx = axis == .horizontal ? positions[n] : crossPos
            let dy = axis == .horizontal ? crossPos : positions[n]
            child.translate(dx: i.leading + dx, dy: i.top + dy)
            node.children.append(child)
        }
        return maxAcross
    }

    /// docs/semantics.md#estimated-groups: an estimated group takes its size from definite children.
    func deriveEstimatedSize(
        _ node: ResolvedNode, _ placed: [(Candidate, ResolvedNode)], maxAcross: Double, _ p: GroupPlan,
        ownEstW: Bool, ownEstH: Bool, solve: inout GroupSolve
    ) {
        guard ownEstW || ownEstH else { return }
        let axis = p.axis, i = node.insets
        let along = solve.used
        for ax in [Axis.horizontal, .vertical] where (ax == .horizontal ? ownEstW : ownEstH) {
            guard !placed.isEmpty, placed.allSatisfy({ !$0.1.isEstimated(ax) }) else { continue }
            let extent =
                (ax == axis ? along : maxAcross) + (ax == .horizontal ? i.leading + i.trailing : i.top + i.bottom)
            // Own insets on an estimated axis are dropped, so `i` is already zero there.
            if ax == .horizontal {
                node.frame.width = extent; node.estimatedWidth = false
            } else {
                node.frame.height = extent; node.estimatedHeight = false
            }
            // The children now share the derived size.
            if ax == axis { solve.available = along } else { solve.availableAcross = maxAcross }
        }
    }
}

extension RectAlignment {
    enum Side { case before, after, side }
    enum CrossPlacement { case start, center, end }

    func side(main: Axis) -> Side {
        let r = rawValue.lowercased()
        if main == .vertical {
            if r.hasPrefix("top") { return .before }
            if r.hasPrefix("bottom") { return .after }
            return .side
        }
        if r == "leading" || r == "topleading" || r == "bottomleading" { return .before }
        if r == "trailing" || r == "toptrailing" || r == "bottomtrailing" { return .after }
        return .side
    }

    func crossPlacement(main: Axis) -> CrossPlacement {
        let r = rawValue.lowercased()
        if main == .vertical {
            if r.hasSuffix("leading") { return .start }
            if r.hasSuffix("trailing") { return .end }
            return .center
        }
        if r.hasPrefix("top") { return .start }
        if r.hasPrefix("bottom") { return .end }
        return .center
    }
}
