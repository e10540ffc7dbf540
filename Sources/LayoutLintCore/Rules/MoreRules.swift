// The rest of the catalogue: rules on scrolling, counts, fractions, estimates, supplementaries and variants.

func checkGroupExceedsContainer(_ ctx: inout RuleContext) {
    let main = ctx.layout.scrollDirection
    let cross = main.other
    for (section, spec, root) in ctx.sections where spec.orthogonalScrollingBehavior == .none && !section.noRoom {
        guard let el = root.element, let d = el.dimension(cross) else { continue }
        let available = (cross == .horizontal ? section.containerWidth : section.containerHeight)
            - (cross == .horizontal ? section.contentInsets.leading + section.contentInsets.trailing : section.contentInsets.top + section.contentInsets.bottom)
        let extent = root.frame.extent(cross)
        guard extent > available + 0.25, !root.isEstimated(cross) else { continue }
        let fix: Fix? = spec.props["orthogonalScrollingBehavior"] == nil
            ? Fix(title: "Scroll the section sideways (orthogonalScrollingBehavior: continuous)",
                  edits: [ctx.source.insertProperty(into: spec.range, key: "orthogonalScrollingBehavior", value: "\"continuous\"")], isSafe: false)
            : nil
        ctx.emit(.groupExceedsContainer, d.range,
                 "the group is \(pt(extent)) \(cross == .horizontal ? "wide" : "tall") but its section has \(pt(available)) and does not scroll \(cross == .horizontal ? "sideways" : "vertically"): \(pt(extent - available)) of it are cut off; use orthogonalScrollingBehavior or a fractional \(cross.sizeName)",
                 fix: fix)
    }
}

func checkPagingInterGroupSpacing(_ ctx: inout RuleContext) {
    let cross = ctx.layout.scrollDirection.other
    for (section, spec, root) in ctx.sections where spec.orthogonalScrollingBehavior == .paging {
        let page = cross == .horizontal ? section.frame.width : section.frame.height
        let toGroupPaging: Fix? = spec.props["orthogonalScrollingBehavior"].map {
            Fix(title: "Page by the group (groupPaging)", edits: [ctx.source.replace($0.valueRange, with: "\"groupPaging\"")], isSafe: false)
        }
        let why = "with paging, each page is the view's \(pt(page))"
        // One pitch, the group and the spacing after it: a page starts on a group's edge when it is a whole number
        // of pitches (one, or two and three groups a page); else pages and groups drift apart by what is left over,
        // whatever makes it (a narrower group, spacing, or both). Two findings on one pitch contradicted each other
        // (−29 pt and 39 pt), and 2-up pagers were flagged.
        let extent = root.frame.extent(cross)
        let pitch = extent + spec.interGroupSpacing
        let whole = pitch > 0.25 ? (page / pitch).rounded(.down) : 0
        let over = pitch > 0.25 ? page - whole * pitch : 0     // how far past a group's edge each page ends
        let spacingSite = spec.interGroupSpacing != 0 ? spec.props["interGroupSpacing"] : nil
        let dimension = abs(extent - page) > 0.25 ? root.element?.dimension(cross) : nil
        // Pixel flooring leaves up to a pixel per group: not a drift anyone sees.
        let tolerance = max(0.25, (whole + 1) / ctx.env.scale + 0.01)
        if over > tolerance, pitch - over > tolerance, let range = spacingSite?.valueRange ?? dimension?.range {
            let parts = spec.interGroupSpacing != 0
                ? "groups are \(pt(pitch)) apart (the \(pt(extent)) group and interGroupSpacing \(formatPoints(spec.interGroupSpacing)))"
                : "the group is \(pt(extent))"
            let drift = whole >= 1 ? "each page runs \(pt(over)) further ahead of the groups"
                                   : "each page falls \(pt(pitch - page)) further behind the groups"
            var related: [RelatedLocation] = []
            if spacingSite != nil, let d = dimension { related.append(RelatedLocation(range: d.range, message: "the group's \(cross.sizeName)")) }
            ctx.emit(.pagingInterGroupSpacing, range, "\(why) but \(parts): \(drift); use groupPaging",
                     related: related, fix: toGroupPaging)
        }
        let (a, b) = Insets.edges(along: cross)
        if let ins = spec.contentInsets, ins[a] != 0 || ins[b] != 0 {
            ctx.emit(.pagingInterGroupSpacing, ins.range,
                     "\(why) but the section's \(a.rawValue)/\(b.rawValue) insets (\(formatPoints(ins[a])), \(formatPoints(ins[b]))) shift the groups off the page edges; use groupPaging",
                     fix: toGroupPaging)
        }
    }
}

func checkGroupPagingItemNarrowed(_ ctx: inout RuleContext) {
    let cross = ctx.layout.scrollDirection.other
    for (section, spec, root) in ctx.sections
    where spec.orthogonalScrollingBehavior == .groupPaging || spec.orthogonalScrollingBehavior == .groupPagingCentered {
        let container = cross == .horizontal ? section.containerWidth - section.contentInsets.leading - section.contentInsets.trailing
                                             : section.containerHeight - section.contentInsets.top - section.contentInsets.bottom
        guard let gd = root.element?.dimension(cross), root.frame.extent(cross) >= container - 0.25,
              let first = root.children.first, let el = first.element, let idim = el.dimension(cross),
              first.frame.extent(cross) < root.frame.extent(cross) - 0.25, root.children.count == 1 else { continue }
        var fix: Fix?
        if idim.isFractional, let gsite = root.element?.props[cross.sizeName], let isite = el.props[cross.sizeName] {
            let k: Dimension.Kind = cross == .horizontal ? .fractionalWidth : .fractionalHeight
            fix = Fix(title: "Make the group \(formatPoints(idim.value)) of the container and the item full \(cross.sizeName)",
                      edits: [ctx.source.replace(gsite.valueRange, with: dimensionText(k, idim.value)),
                              ctx.source.replace(isite.valueRange, with: dimensionText(k, 1))], isSafe: false)
        }
        ctx.emit(.groupPagingItemNarrowed, gd.range,
                 "the group is as \(cross == .horizontal ? "wide" : "tall") as the section (\(pt(root.frame.extent(cross)))) and its item only \(pt(first.frame.extent(cross))): each page is the whole group, so nothing of the next page peeks in; narrow the group instead of the item",
                 related: [RelatedLocation(range: idim.range, message: "the narrower item")], fix: fix)
    }
}

func checkCountOverridesItemSize(_ ctx: inout RuleContext) {
    ctx.nodes.forEach { node in
        guard let g = node.element?.group, case .count(let item, let n) = g.layout, let d = item.dimension(g.axis) else { return }
        let sameAxisFraction = (g.axis == .horizontal && d.kind == .fractionalWidth) || (g.axis == .vertical && d.kind == .fractionalHeight)
        if sameAxisFraction && (abs(d.value - 1) < 1e-9 || abs(d.value - 1 / Double(n)) < 1e-3) { return }
        let actual = node.children.first?.frame.extent(g.axis) ?? 0
        let k: Dimension.Kind = g.axis == .horizontal ? .fractionalWidth : .fractionalHeight
        var fix: Fix?
        if let site = item.props[g.axis.sizeName], writtenInOwnObject(site, item) {
            fix = Fix(title: "Write the size UIKit uses (\(k.rawValue)(1))", edits: [ctx.source.replace(site.valueRange, with: dimensionText(k, 1))])
        }
        ctx.emit(.countOverridesItemSize, d.range,
                 "with subitem + count, UIKit replaces this \(g.axis.sizeName) (\(d.swiftDescription)) by 1/\(n) of the group: each item is \(pt(actual)); write \(k.rawValue)(1), or use repeatingSubitem to keep the item's own size",
                 fix: fix)
    }
}

func checkRepeatingCountGap(_ ctx: inout RuleContext) {
    ctx.nodes.forEach { node in
        guard let el = node.element, let g = el.group, case .repeating(let item, let n) = g.layout, let solve = node.solve,
              !solve.estimatedAlongAxis, g.interItemSpacing?.isFlexible != true else { return }
        let gap = solve.available - solve.used
        guard gap > 0.25 + Double(n) / ctx.env.scale, let d = item.dimension(g.axis), !d.isEstimated else { return }
        let k: Dimension.Kind = g.axis == .horizontal ? .fractionalWidth : .fractionalHeight
        var fix: Fix?
        if let site = item.props[g.axis.sizeName] {
            fix = Fix(title: "Make the item \(k.rawValue)(1/\(n))", edits: [ctx.source.replace(site.valueRange, with: "\"\(k.rawValue)(1/\(n))\"")], isSafe: false)
        }
        ctx.emit(.repeatingCountGap, d.range,
                 "\(n) × \(pt(node.children.first?.frame.extent(g.axis) ?? 0)) items\(solve.spacing != 0 ? " and their spacing" : "") use \(pt(solve.used)) of the group's \(pt(solve.available)): \(pt(gap)) stay empty at its trailing edge",
                 fix: fix)
    }
}

func checkEstimateWithoutSelfSizing(_ ctx: inout RuleContext) {
    ctx.nodes.forEach { node in
        guard let el = node.element, let g = el.group, ctx.firstVisit(.estimateWithoutSelfSizing, el) else { return }
        for axis in [Axis.horizontal, .vertical] {
            guard let d = el.dimension(axis), d.kind == .estimated else { continue }
            let kids = g.layout.children
            guard !kids.isEmpty, kids.allSatisfy({ $0.dimension(axis)?.isFractional == true && $0.dimension(axis).map { k in
                (axis == .horizontal && k.kind == .fractionalWidth) || (axis == .vertical && k.kind == .fractionalHeight) } == true }) else { continue }
            var edits: [TextEdit] = []
            for k in kids where whollyOwnText(k) {
                if let site = k.props[axis.sizeName] { edits.append(ctx.source.replace(site.valueRange, with: dimensionText(.estimated, d.value))) }
            }
            ctx.emit(.estimateWithoutSelfSizing, d.range,
                     "the group's \(axis.sizeName) is \(d.swiftDescription) but every subitem is a fraction of it: nothing self-sizes, so UIKit uses the estimate \(pt(d.value)) as the final \(axis.sizeName); make the items estimated too",
                     fix: edits.count == kids.count ? Fix(title: "Make the subitems estimated(\(formatPoints(d.value)))", edits: edits, isSafe: false) : nil)
        }
    }
}

func checkUniformSiblingsParent(_ ctx: inout RuleContext) {
    ctx.nodes.forEach { node in
        guard let el = node.element, let g = el.group, ctx.firstVisit(.uniformSiblingsParent, el) else { return }
        for child in g.layout.children {
            for axis in [Axis.horizontal, .vertical] {
                guard let d = child.dimension(axis), d.kind == .uniformAcrossSiblings else { continue }
                if el.dimension(axis)?.isEstimated == true { continue }
                ctx.emit(.uniformSiblingsParent, d.range,
                         "uniformAcrossSiblings needs its parent group to be estimated on the \(axis.sizeName), but the group's \(axis.sizeName) is \(el.dimension(axis)?.swiftDescription ?? "missing") (\(pt(node.frame.extent(axis)))): the siblings cannot grow to match",
                         related: el.dimension(axis).map { [RelatedLocation(range: $0.range, message: "the parent group's \(axis.sizeName)")] } ?? [])
            }
        }
    }
}

/// What every finding about an inset below 1 says of the sources (one story for fractional-inset, insets-exceed-size
/// and estimated-content-insets): Apple's documentation reads it as a fraction and layoutlint resolves it so, but
/// UIKit's own code is not consistent about it.
let fractionalInsetUncertainty = "Apple's documentation reads an inset below 1 as a fraction, and layoutlint resolves it so, but UIKit's own code uses 0.5 as the threshold in places and subtracts item insets as points in another: write the points you mean"

/// The edges of an element's insets that UIKit drops: those along its own estimated axes (not an axis whose
/// dimension `subitem` + `count` replaced). estimated-content-insets tells of them; no other rule counts them.
func ignoredInsetEdges(_ node: ResolvedNode) -> Set<Insets.Edge> {
    guard let el = node.element else { return [] }
    var out: Set<Insets.Edge> = []
    for axis in [Axis.horizontal, .vertical] where node.replacedAxis != axis && el.dimension(axis)?.isEstimated == true {
        let (a, b) = Insets.edges(along: axis)
        out.insert(a); out.insert(b)
    }
    return out
}

func checkFractionalInset(_ ctx: inout RuleContext) {
    func check(_ ins: Insets?, width: Double, height: Double, what: String, ignored: Set<Insets.Edge> = [], _ ctx: inout RuleContext) {
        guard let ins else { return }
        // One finding per value written: `"contentInsets": 0.5` is one value for four edges.
        var byRange: [(range: ByteRange, edges: [Insets.Edge])] = []
        for edge in Insets.Edge.allCases where ins[edge] > 0 && ins[edge] < 1 {
            let r = ins.rangeOf(edge)
            if let i = byRange.firstIndex(where: { $0.range == r }) { byRange[i].edges.append(edge) } else { byRange.append((r, [edge])) }
        }
        for (range, edges) in byRange {
            let applied = edges.filter { !ignored.contains($0) }
            // Only edges UIKit drops: estimated-content-insets says so, and nothing is read as a fraction.
            guard !applied.isEmpty else { continue }
            var parts: [String] = []
            for axis in [Axis.horizontal, .vertical] {
                let (a, b) = Insets.edges(along: axis)
                let es = applied.filter { $0 == a || $0 == b }
                guard !es.isEmpty else { continue }
                let extent = axis == .horizontal ? width : height
                if es.count == 2 && ins[a] == ins[b] {
                    parts.append("\(a.rawValue) and \(b.rawValue) each \(formatPoints(ins[a] * 100))% of the \(pt(extent)) \(axis.sizeName) of \(what) = \(pt(ins[a] * extent))")
                } else {
                    for e in es { parts.append("\(e.rawValue) \(formatPoints(ins[e] * 100))% of the \(pt(extent)) \(axis.sizeName) of \(what) = \(pt(ins[e] * extent))") }
                }
            }
            let dropped = edges.filter { ignored.contains($0) }
            let droppedNote = dropped.isEmpty ? "" : "; \(dropped.map(\.rawValue).joined(separator: " and ")) lie along an estimated axis, where UIKit ignores insets"
            let value = Set(applied.map { ins[$0] }).count == 1 ? "an inset of \(formatPoints(ins[applied[0]]))" : "insets below 1"
            ctx.emit(.fractionalInset, range,
                     "\(value) is read as a fraction, not points: \(parts.joined(separator: ", "))\(droppedNote) (\(fractionalInsetUncertainty))")
        }
    }
    for (section, spec, root) in ctx.sections {
        check(spec.contentInsets, width: section.containerWidth, height: section.containerHeight, what: "the section's container", &ctx)
        root.walk { node in
            check(node.element?.contentInsets, width: node.frame.width, height: node.frame.height, what: "this \(node.kind.rawValue)",
                  ignored: ignoredInsetEdges(node), &ctx)
        }
        // (A background's insets are fractions of the section's frame, which they inset: not of what is left.)
        for (d, _) in section.decorations { check(d.contentInsets, width: section.frame.width, height: section.frame.height, what: "the section", &ctx) }
    }
}

func checkFractionAboveOne(_ ctx: inout RuleContext) {
    ctx.nodes.forEach { node in
        // (With `subitem` + `count`, UIKit replaces the item's size along the axis by 1/count.)
        guard let el = node.element, let g = el.group, ctx.firstVisit(.fractionAboveOne, el) else { return }
        if case .count = g.layout { return }
        for child in g.layout.children {
            guard let d = child.dimension(g.axis), d.value > 1 + 1e-9,
                  (g.axis == .horizontal && d.kind == .fractionalWidth) || (g.axis == .vertical && d.kind == .fractionalHeight) else { continue }
            let available = node.solve?.available ?? node.frame.extent(g.axis)
            ctx.emit(.fractionAboveOne, d.range,
                     "\(d.swiftDescription) is more than the whole group: \(pt(available * d.value)) in a \(pt(available)) \(g.axis == .horizontal ? "wide" : "tall") group")
        }
    }
}

func checkFractionGap(_ ctx: inout RuleContext) {
    ctx.nodes.forEach { node in
        // (A stalled group's subitems take no room: non-positive-dimension says why, and no fractions would fill it.)
        guard let el = node.element, let g = el.group, let solve = node.solve, !solve.noRoom, !solve.estimatedAlongAxis,
              !solve.stalled, !node.children.isEmpty else { return }
        let axis = g.axis
        let sameAxis: Dimension.Kind = axis == .horizontal ? .fractionalWidth : .fractionalHeight
        switch g.layout {
        case .subitems(let items):
            guard items.allSatisfy({ $0.dimension(axis)?.kind == sameAxis }) else { return }
        default: return
        }
        // Flexible spacing or edges take the leftover on purpose; but a subgroup's flexible edges along this axis
        // take nothing (UIKit ignores the flexible part: flexible-group-edge-spacing says so), and the safe fix of
        // that finding, which changes nothing, made this one appear.
        if g.interItemSpacing?.isFlexible == true { return }
        if g.layout.children.contains(where: { e in
            guard !e.isGroup else { return false }
            let (a, b) = e.edgeSpacing?.edges(along: axis) ?? (nil, nil)
            return a?.isFlexible == true || b?.isFlexible == true
        }) { return }
        let gap = solve.available - solve.used
        // Pixel flooring leaves up to one pixel per item: that is not a gap anyone sees.
        guard gap > Double(node.children.count) / ctx.env.scale + 0.01 else { return }
        let range = el.props[g.layout.formKey]?.keyRange ?? el.range
        ctx.emit(.fractionGap, range,
                 "the subitems fill \(pt(solve.used)) of the group's \(pt(solve.available)) \(axis.sizeName): \(pt(gap)) stay empty at its trailing edge (fractions that sum to 1 fill it)")
    }
}

extension SubitemLayout {
    var formKey: String {
        switch self {
        case .subitems: return "subitems"
        case .count: return "subitem"
        case .repeating: return "repeatingSubitem"
        case .frames: return "frames"
        case .missing: return "direction"
        }
    }
}

func checkFlexibleGroupEdgeSpacing(_ ctx: inout RuleContext) {
    ctx.nodes.forEach { node in
        guard let el = node.element, let g = el.group, ctx.firstVisit(.flexibleGroupEdgeSpacing, el) else { return }
        for child in g.layout.children where child.isGroup {
            let (a, b) = child.edgeSpacing?.edges(along: g.axis) ?? (nil, nil)
            for sp in [a, b].compactMap({ $0 }) where sp.isFlexible {
                let source = ctx.source
                let own = isOwnText(sp.range, of: child)
                ctx.emit(.flexibleGroupEdgeSpacing, sp.range,
                         "flexible edge spacing on a group along its parent's axis: UIKit ignores the flexible part and logs \"A NSCollectionLayoutGroup has specified flexible edge spacing along primary layout axis\"; only \(pt(sp.value)) apply",
                         fix: Fix(title: "Write fixed(\(formatPoints(sp.value)))", edits: [source.replace(sp.range, with: "\"fixed(\(formatPoints(sp.value)))\"")], isSafe: own))
            }
        }
    }
}

func checkMainAxisFractionalHeight(_ ctx: inout RuleContext) {
    let main = ctx.layout.scrollDirection
    let kind: Dimension.Kind = main == .vertical ? .fractionalHeight : .fractionalWidth
    for (_, _, root) in ctx.sections {
        guard let el = root.element, let d = el.dimension(main), d.kind == kind else { continue }
        // The fix docs/rules.md#main-axis-fractional-height gives: the size it has here, as points (not safe: in other
        // environments it changes).
        let extent = root.frame.extent(main)
        let source = ctx.source
        let site = el.props[main.sizeName].flatMap { writtenInOwnObject($0, el) ? $0 : nil }
        ctx.emit(.mainAxisFractionalHeight, d.range,
                 "\(d.swiftDescription) on the scrolling axis follows the device's \(main == .vertical ? "height" : "width") and orientation: \(pt(extent)) here; use absolute, estimated, or \(main == .vertical ? "fractionalWidth" : "fractionalHeight") for an aspect ratio",
                 fix: site.map { Fix(title: "Write absolute(\(formatPoints(extent)))", edits: [source.replace($0.valueRange, with: "\"absolute(\(formatPoints(extent)))\"")], isSafe: false) })
    }
}

func checkEstimatedOrthogonal(_ ctx: inout RuleContext) {
    let cross = ctx.layout.scrollDirection.other
    for (_, spec, root) in ctx.sections where spec.orthogonalScrollingBehavior != .none {
        root.walk { node in
            guard let el = node.element, node.replacedAxis != cross, let d = el.dimension(cross), d.isEstimated else { return }
            ctx.emit(.estimatedOrthogonal, d.range,
                     "an estimated \(cross.sizeName) inside a section that scrolls \(spec.orthogonalScrollingBehavior.rawValue): self-sizing along the orthogonal axis is known for jumpy scrolling and constraint conflicts; prefer an absolute or fractional \(cross.sizeName)")
        }
    }
}

func checkDuplicateElementKind(_ ctx: inout RuleContext) {
    for (_, spec, root) in ctx.sections {
        // By code points, as NSString's isEqual compares (no normalisation): an "é" precomposed and one decomposed
        // are two kinds to UIKit, which Swift's `==` would take for one.
        var seen: [ExactKey: ByteRange] = [:]
        func visit(_ kind: String?, _ site: PropertySite?, _ range: ByteRange, _ ctx: inout RuleContext) {
            guard let kind else { return }
            let r = site?.valueRange ?? range
            if let first = seen[ExactKey(kind)], first != r {
                ctx.emit(.duplicateElementKind, r,
                         "elementKind \"\(kind)\" is used twice in this section: UIKit throws \"Every supplementary must have a unique elementKind\"",
                         related: [RelatedLocation(range: first, message: "first used here")])
            } else { seen[ExactKey(kind)] = r }
        }
        for b in spec.boundarySupplementaryItems { visit(b.elementKind, b.props["elementKind"], b.range, &ctx) }
        // Each element once (a repeated item is placed many times), in layout order.
        var seenElements = Set<ObjectIdentifier>()
        var elements: [LayoutElement] = []
        root.walk { if let e = $0.element, !e.supplementaryItems.isEmpty, seenElements.insert(ObjectIdentifier(e)).inserted { elements.append(e) } }
        for e in elements { for s in e.supplementaryItems { visit(s.elementKind, s.props["elementKind"], s.range, &ctx) } }
    }
}

func checkPinnedHeaderZIndex(_ ctx: inout RuleContext) {
    for (_, spec, _) in ctx.sections where !spec.decorationItems.isEmpty {
        for b in spec.boundarySupplementaryItems where b.pinToVisibleBounds && (b.zIndex ?? 1) <= 1 {
            let range = b.props["zIndex"]?.valueRange ?? b.props["pinToVisibleBounds"]?.valueRange ?? b.range
            let source = ctx.source
            ctx.emit(.pinnedHeaderZIndex, range,
                     "this pinned \(b.elementKind ?? "supplementary") has zIndex \(b.zIndex ?? 1) and the section has a background decoration: UIKit promotes the cells to zIndex 1 too, so they can draw over it while it is pinned; give it zIndex 2",
                     // (A zIndex written in a `$ref`'d definition is every user's: the editor offers it, --fix does not.)
                     fix: Fix(title: "Set zIndex to 2", edits: [source.setProperty(b.props["zIndex"], in: b.range, key: "zIndex", value: "2")],
                              isSafe: b.props["zIndex"].map { $0.objectRange == b.range } ?? true))
        }
    }
}

func checkUnmatchedEnvironment(_ ctx: inout RuleContext) {
    for s in ctx.layout.sections where s.spec == nil && !s.section.variants.isEmpty && !s.section.hasOwnKeys {
        let range = s.section.base.props["variants"]?.keyRange ?? s.section.range
        let env = ctx.env
        // The default docs/rules.md#unmatched-environment offers: the last variant's group (written in the variant,
        // and parsing cleanly) copied into the section: the last variant is usually the widest-reaching, and a copy,
        // not a `$ref` to the variant, keeps the section's results independent of its index. Not safe: it chooses a
        // layout for the environment.
        let source = ctx.source, section = s.section
        func defaultGroup() -> Fix? {
            guard let v = section.variants.last(where: { $0.spec.props["group"] != nil }), let g = v.spec.props["group"],
                  g.objectRange == v.range else { return nil }
            let text = source.text(g.valueRange)
            guard countSyntaxErrors(Array(text.utf8)) == 0 else { return nil }
            return Fix(title: "Give the section a default group (the last variant's)",
                       edits: [source.insertProperty(into: section.range, key: "group", copying: g.valueRange)], isSafe: false)
        }
        ctx.emit(.unmatchedEnvironment, range,
                 "no variant applies (effectiveContentSize.width \(pt(s.effectiveContentWidth)), \(env.horizontalSizeClass.rawValue) width, \(env.verticalSizeClass.rawValue) height) and the section has no keys of its own: the section provider returns nil and UIKit cannot lay out the section; add a default group",
                 fix: defaultGroup())
    }
}

func checkEmptySectionSpacing(_ ctx: inout RuleContext) {
    for (_, spec, _) in ctx.sections where spec.itemCount == 0 && spec.interGroupSpacing > 0 {
        guard let site = spec.props["interGroupSpacing"] else { continue }
        ctx.emit(.emptySectionInterGroupSpacing, site.valueRange,
                 "the section has no items but interGroupSpacing \(formatPoints(spec.interGroupSpacing)): UIKit still subtracts one spacing, so the empty section takes \(pt(spec.interGroupSpacing)) less than its headers and insets")
    }
}

// MARK: rules over the whole document (every environment at once)

func documentRules(document doc: LayoutDocument, layouts: [ResolvedLayout], source: SourceText) -> [Diagnostic] {
    var out: [Diagnostic] = []
    if !layouts.isEmpty, doc.sections.contains(where: { !$0.variants.isEmpty }) {
        // Each section's resolved form in each environment (found by identity: a section that failed to build has
        // none, so positions in `layouts[e].sections` are not section indices).
        let byLayout = layouts.map { l in
            Dictionary(l.sections.map { (ObjectIdentifier($0.section), $0) }, uniquingKeysWith: { a, _ in a })
        }
        for section in doc.sections where !section.variants.isEmpty {
            out += unreachableVariants(section, resolved: layouts.indices.map { (layouts[$0].environment, byLayout[$0][ObjectIdentifier(section)]) })
        }
    }
    out += unusedDefinitions(doc, source: source)
    out += duplicateSectionNames(doc.sections.map { ($0.base.name, $0.base.props["name"]?.valueRange) })
    return out
}

/// unreachable-variant, for one section: `resolved` has the section as resolved in each environment (nil where it
/// was not resolved).
func unreachableVariants(_ section: Section, resolved: [(environment: LayoutEnvironment, section: ResolvedSection?)]) -> [Diagnostic] {
    guard !resolved.isEmpty else { return [] }
    var out: [Diagnostic] = []
    for (i, v) in section.variants.enumerated() {
        let selected = resolved.contains { $0.section?.variantIndex == i }
        guard !selected else { continue }
        let holdsSomewhere = resolved.filter { r in
            v.when.holds(in: r.environment, effectiveWidth: r.section?.effectiveContentWidth ?? r.environment.width)
        }
        let names = resolved.map(\.environment.name).joined(separator: ", ")
        let msg = holdsSomewhere.isEmpty
            ? "no listed environment selects this variant (\(names)): it never applies"
            : "an earlier variant always applies first where this one holds (\(holdsSomewhere.map(\.environment.name).joined(separator: ", "))): it never applies"
        out.append(Diagnostic(rule: .unreachableVariant, severity: .warning, message: msg, range: v.when.range,
                              environments: resolved.map(\.environment.name)))
    }
    return out
}

/// unused-definition: a definition is used when a `$ref` written outside the definitions, or in a definition in use,
/// points to it or into it, whether the builder followed it or not (a `$ref` in an element that failed to build still
/// names it: removing the definition would lose it). Definitions that only refer to each other are all unused, and
/// `--fix` removes them together.
func unusedDefinitions(_ doc: LayoutDocument, source: SourceText) -> [Diagnostic] {
    // Compared as bytes (`ExactKey`), on tokens split at the scalar "/" (a `Character` split or `==` would merge
    // a "/" or a name with a following combining mark, or equate canonically equivalent names). What the builder
    // followed is not asked: it also follows the `$ref`s of unused definitions, which it builds to check them.
    let refs = doc.writtenDefinitionRefs
    let used = refs.used
    // The unused definitions that name each unused one, for its message.
    var namedBy: [ExactKey: [ExactKey]] = [:]
    for (from, targets) in refs.inside where !used.contains(from) {
        for t in targets { namedBy[t, default: []].append(from) }
    }
    var names: [ExactKey: String] = [:]
    if !namedBy.isEmpty { for def in doc.definitions { names[ExactKey(escapePointer(def.name))] = def.name } }
    // The names the `$ref`s write, compared canonically: a definition one of them names in another Unicode
    // normalisation is unused (it names no key), but it is the definition the user meant, which unresolved-ref's
    // "did you mean" points to: removing it is not safe.
    var lookAlikes: [String: [ExactKey]] = [:]
    for k in refs.roots.union(refs.inside.values.joined()) { lookAlikes[k.name, default: []].append(k) }
    var out: [Diagnostic] = []
    for def in doc.definitions {
        let key = ExactKey(escapePointer(def.name))
        guard !used.contains(key) else { continue }
        let meant = lookAlikes[escapePointer(def.name)]?.contains { $0 != key } ?? false
        var message = "definition \(jsonQuoted(def.name)) is never referenced by a $ref"
        if let from = namedBy[key]?.compactMap({ names[$0] }).sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }), !from.isEmpty {
            let others = from.filter { !$0.sameKey(as: def.name) }
            message = others.isEmpty
                ? "definition \(jsonQuoted(def.name)) is referenced only by itself"
                : "definition \(jsonQuoted(def.name)) is referenced only by unused definitions (\(others.prefix(3).map(jsonQuoted).joined(separator: ", "))\(others.count > 3 ? ", …" : ""))"
        }
        if meant { message += " (a $ref writes its name in another Unicode normalisation, which names no definition)" }
        let site = PropertySite(key: def.name, keyRange: def.keyRange, valueRange: def.range, objectRange: def.keyRange, parentPath: "/definitions")
        out.append(Diagnostic(rule: .unusedDefinition, severity: .hint, message: message,
                              range: def.keyRange, fix: Fix(title: "Remove the unused definition", edits: [source.removeProperty(site)], isSafe: !meant)))
    }
    return out
}

/// duplicate-section-name, over the sections' names (and the ranges of their "name" values) in document order.
func duplicateSectionNames(_ names: [(name: String?, range: ByteRange?)]) -> [Diagnostic] {
    var out: [Diagnostic] = []
    var first: [String: ByteRange] = [:]
    var taken = Set(names.compactMap(\.name))
    // Per name, the number its next rename tries first: each candidate is tried once in all (20 000 sections of one
    // name tried 2, 3, … again for each: 20 s).
    var next: [String: Int] = [:]
    for case let (n?, range?) in names {
        if let f = first[n] {
            // Removing a section (or its name) would lose more than the clash: the fix renames it
            // to the first free "NAME 2", "NAME 3", … (in the editor: a name may be used outside the document;
            // docs/rules.md#duplicate-section-name).
            var k = next[n] ?? 2
            while taken.contains("\(n) \(k)") { k += 1 }
            next[n] = k + 1
            let fresh = "\(n) \(k)"
            taken.insert(fresh)
            out.append(Diagnostic(rule: .duplicateSectionName, severity: .warning,
                                  message: "another section is already named \"\(n)\": diagnostics, hover and explain output cannot tell them apart",
                                  range: range, related: [RelatedLocation(range: f, message: "first named here")],
                                  fix: Fix(title: "Rename to \(jsonQuoted(fresh))", edits: [TextEdit(range: range, newText: jsonQuoted(fresh))], isSafe: false)))
        } else { first[n] = range }
    }
    return out
}
