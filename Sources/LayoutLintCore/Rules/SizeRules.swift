// Rules that read the resolved sizes. Each says what UIKit will do, in points, in the environment it holds in.

func checkEstimatedContentInsets(_ ctx: inout RuleContext) {
    let source = ctx.source
    // A section's root group is placed by its section, not beside siblings in a group: what its edgeSpacing does is
    // not documented and layoutlint's resolver does not apply it. Moving its insets there made the warning go while
    // the space still never appeared in the sizes shown, so no fix; the message names what is sure to work.
    let roots = Set(ctx.sections.map { ObjectIdentifier($0.2) })
    let rootSpecs = Dictionary(ctx.sections.map { (ObjectIdentifier($0.2), $0.1) }, uniquingKeysWith: { a, _ in a })
    ctx.nodes.forEach { node in
        guard let el = node.element, let ins = el.contentInsets else { return }
        var dropped: [Insets.Edge] = []
        var dims: [(Axis, Dimension)] = []
        for axis in [Axis.horizontal, .vertical] {
            // (With `subitem` + `count`, UIKit replaces the dimension along the group's axis: the insets apply there.)
            guard node.replacedAxis != axis, let d = el.dimension(axis), d.isEstimated else { continue }
            let (a, b) = Insets.edges(along: axis)
            let nonzero = [a, b].filter { ins[$0] != 0 }
            if !nonzero.isEmpty { dropped += nonzero; dims.append((axis, d)) }
        }
        guard !dropped.isEmpty else { return }
        let list = dropped.map { "\($0.rawValue) \(formatPoints(ins[$0]))" }.joined(separator: " and ")
        let axes = dims.map { "\($0.0.sizeName) (\($0.1.swiftDescription))" }.joined(separator: " and ")
        // An inset below 1 is a fraction of the element's own extent on that axis (as the other findings on the value
        // read it): the space it asks for is that fraction, not a fraction of a point.
        let fractional = dropped.contains { ins[$0] > 0 && ins[$0] < 1 }
        let total = dropped.reduce(0) { t, e in
            let v = ins[e]
            return t + (v > 0 && v < 1 ? v * node.frame.extent(e == .leading || e == .trailing ? .horizontal : .vertical) : v)
        }
        let isRoot = roots.contains(ObjectIdentifier(node))
        let instead = isRoot ? "for a section's group, use edgeSpacing on its items, or the section's interGroupSpacing, instead"
                             : "use edgeSpacing on that axis instead"
        var fix: Fix?
        if isRoot {
            if let spec = rootSpecs[ObjectIdentifier(node)] {
                // The section's groups stack across its orthogonal scrolling, else along the layout's.
                let stacking = spec.orthogonalScrollingBehavior == .none ? ctx.layout.scrollDirection : ctx.layout.scrollDirection.other
                fix = moveRootInsetsToSection(spec, el, ins, dropped, stacking: stacking, source)
            }
        } else {
            fix = moveInsetsToEdgeSpacing(el, ins, dropped, source)
        }
        ctx.emit(.estimatedContentInsets, ins.range,
                 "contentInsets \(list) lie along the estimated \(axes) of this \(el.kindName): UIKit ignores them and logs \"Attempting to add contentInsets to an item's dimension along an estimated axis\", so the \(pt(total)) of space\(fractional ? " (below 1, read as a fraction of the \(el.kindName)'s size)" : "") never appears; \(instead)",
                 related: dims.map { RelatedLocation(range: $0.1.range, message: "the estimated \($0.0.sizeName)") },
                 fix: fix)
    }
}

/// The estimated-content-insets fix for a section's root group (whose edgeSpacing UIKit does not document): the
/// dropped edges, which lie along the direction the section's groups stack, leave the group's `contentInsets` and
/// become space between the groups (`interGroupSpacing` + top + bottom) and around them (the section's
/// `contentInsets`), where each group's content then sits as the insets placed it. A suggestion: edgeSpacing on the
/// items is the other repair, and the group's own box stays as tall as its content.
func moveRootInsetsToSection(_ spec: SectionSpec, _ el: LayoutElement, _ ins: Insets, _ dropped: [Insets.Edge], stacking: Axis,
                             _ source: SourceText) -> Fix? {
    guard let site = el.props["contentInsets"], writtenInOwnObject(site, el), ins.refRange == nil else { return nil }
    let (a, b) = Insets.edges(along: stacking)
    // (Fractions below 1 are another mistake; the section's own values must be written in its own object.)
    guard dropped.allSatisfy({ ($0 == a || $0 == b) && ins[$0] >= 1 }) else { return nil }
    let spacingSite = spec.props["interGroupSpacing"], insetsSite = spec.props["contentInsets"]
    guard [spacingSite, insetsSite].allSatisfy({ $0 == nil || $0!.objectRange == spec.range }) else { return nil }
    var sectionInsets = spec.contentInsets ?? Insets(range: spec.range)
    guard Insets.Edge.allCases.allSatisfy({ sectionInsets[$0] == 0 || sectionInsets[$0] >= 1 }), sectionInsets.refRange == nil else { return nil }
    var remaining = ins
    var moved = 0.0
    for e in dropped {
        moved += ins[e]
        switch e {
        case .top: remaining.top = 0; sectionInsets.top += ins.top
        case .leading: remaining.leading = 0; sectionInsets.leading += ins.leading
        case .bottom: remaining.bottom = 0; sectionInsets.bottom += ins.bottom
        case .trailing: remaining.trailing = 0; sectionInsets.trailing += ins.trailing
        }
    }
    let spacing = formatPoints(spec.interGroupSpacing + moved)
    let insetsValue = insetsText(top: sectionInsets.top, leading: sectionInsets.leading, bottom: sectionInsets.bottom, trailing: sectionInsets.trailing)
    var edits: [TextEdit] = [remaining.isZero ? source.removeProperty(site)
                             : source.replace(site.valueRange, with: insetsText(top: remaining.top, leading: remaining.leading,
                                                                                bottom: remaining.bottom, trailing: remaining.trailing))]
    var missing: [(String, String)] = []
    if let p = spacingSite { edits.append(source.replace(p.valueRange, with: spacing)) } else { missing.append(("interGroupSpacing", spacing)) }
    if let p = insetsSite { edits.append(source.replace(p.valueRange, with: insetsValue)) } else { missing.append(("contentInsets", insetsValue)) }
    if let first = missing.first {
        // Both new properties in one insertion: two insertions at the same place would overlap.
        let value = first.1 + missing.dropFirst().map { ", \"\($0.0)\": \($0.1)" }.joined()
        edits.append(source.insertProperty(into: spec.range, key: first.0, value: value))
    }
    return Fix(title: "Move the group's insets to the section (interGroupSpacing \(spacing), contentInsets)", edits: edits, isSafe: false)
}

/// The estimated-content-insets fix: the dropped edges leave `contentInsets` and become fixed `edgeSpacing`.
func moveInsetsToEdgeSpacing(_ el: LayoutElement, _ ins: Insets, _ dropped: [Insets.Edge], _ source: SourceText) -> Fix? {
    guard let site = el.props["contentInsets"] else { return nil }
    // Fractional insets (below 1) are a different mistake; moving them as points would change their meaning.
    guard dropped.allSatisfy({ ins[$0] >= 1 || ins[$0] < 0 }) else { return nil }
    var remaining = ins
    for e in dropped {
        switch e {
        case .top: remaining.top = 0
        case .leading: remaining.leading = 0
        case .bottom: remaining.bottom = 0
        case .trailing: remaining.trailing = 0
        }
    }
    // Each number as the user wrote it where it was written alone (formatting rounds to 1/1000: 0.0625 is a
    // fraction of the width, 0.063 another).
    func number(_ e: Insets.Edge) -> String {
        guard let r = ins.edgeRanges[e], case let t = source.text(r), parseNumberOrFraction(t, allowFraction: false) == ins[e] else { return formatPoints(ins[e]) }
        return t
    }
    var edits: [TextEdit] = []
    if remaining.isZero {
        edits.append(source.removeProperty(site))
    } else if let ref = ins.refRange {
        // Insets that name others through a `$ref` keep naming them: the moved edges become 0 beside it, the edges
        // written beside it stay, and the rest still come from the target (writing them out lost the reference).
        var members = ["\"$ref\": " + source.text(ref)]
        for e in Insets.Edge.allCases {
            if dropped.contains(e) { members.append("\"\(e.rawValue)\": 0") }
            else if let r = ins.edgeRanges[e], site.valueRange.start <= r.start, r.end <= site.valueRange.end {
                members.append("\"\(e.rawValue)\": " + source.text(r))
            }
        }
        edits.append(source.replace(site.valueRange, with: "{ " + members.joined(separator: ", ") + " }"))
    } else {
        let kept = Insets.Edge.allCases.filter { remaining[$0] != 0 }.map { "\"\($0.rawValue)\": \(number($0))" }
        edits.append(source.replace(site.valueRange, with: "{ " + kept.joined(separator: ", ") + " }"))
    }
    // Merge with an edgeSpacing already written, keeping its text; an edge set in both is left to the user.
    var members: [(String, String)] = []
    let existing = el.edgeSpacing
    for (name, edge) in [("leading", Insets.Edge.leading), ("top", .top), ("trailing", .trailing), ("bottom", .bottom)] {
        let old: Spacing? = { switch name { case "leading": return existing?.leading; case "top": return existing?.top
                                            case "trailing": return existing?.trailing; default: return existing?.bottom } }()
        if dropped.contains(edge) {
            if old != nil { return nil }
            members.append((name, "\"fixed(\(number(edge)))\""))
        } else if let old {
            members.append((name, source.text(old.range)))
        }
    }
    let value = "{ " + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + " }"
    if remaining.isZero && el.props["edgeSpacing"] == nil {
        // One edit, `contentInsets` becoming `edgeSpacing` where it is written: its place, its comma and the comments
        // around it stay (a removal and an insertion in one object, each computed on the old text, could overlap or
        // double a comma when a comment stood before the property; regression test: FixesBesideCommentsTests).
        edits = [source.replace(site.range, with: "\"edgeSpacing\": " + value)]
    } else if let es = el.props["edgeSpacing"] {
        guard es.objectRange == site.objectRange else { return nil }
        edits.append(source.replace(es.valueRange, with: value))
    } else {
        edits.append(source.insertProperty(into: site.objectRange, key: "edgeSpacing", value: value))
    }
    // Insets written in a `$ref`'d definition are every user's: moving them there changes the other users, so
    // `--fix` leaves that to the user (the editor still offers it).
    return Fix(title: "Move the insets along the estimated axis to edgeSpacing", edits: edits, isSafe: writtenInOwnObject(site, el))
}

/// Whether a property of `el` is written in `el`'s own object, not inherited from a definition it `$ref`s, nor
/// written inline inside one (an edit of the definition changes every element that uses it).
func writtenInOwnObject(_ site: PropertySite, _ el: LayoutElement) -> Bool {
    isOwnText(site.valueRange, of: el)
}

/// Whether the text at `r` is `el`'s own: inside its object, which is not inside a `$ref`'d target (a value reached
/// through a `$ref` of its own, `"edgeSpacing": { "$ref": … }`, lies outside).
func isOwnText(_ r: ByteRange, of el: LayoutElement) -> Bool {
    !el.writtenInReference && el.range.start <= r.start && r.end <= el.range.end
}

/// Whether all of `el`'s text is its own: neither `$ref`'d nor written inside a `$ref`'d target.
func whollyOwnText(_ el: LayoutElement) -> Bool {
    el.refTarget == nil && !el.writtenInReference
}

func checkCenteredPagingSpacing(_ ctx: inout RuleContext) {
    for (_, spec, root) in ctx.sections where spec.orthogonalScrollingBehavior == .groupPagingCentered && spec.interGroupSpacing != 0 {
        guard let site = spec.props["interGroupSpacing"] else { continue }
        let cross = ctx.layout.scrollDirection.other
        let g = root.frame.extent(cross)
        let s = spec.interGroupSpacing
        var related: [RelatedLocation] = []
        if let o = spec.props["orthogonalScrollingBehavior"] { related.append(RelatedLocation(range: o.valueRange, message: "groupPagingCentered")) }
        let source = ctx.source
        ctx.emit(.centeredPagingInterGroupSpacing, site.valueRange,
                 "interGroupSpacing \(formatPoints(s)) with groupPagingCentered: pages are \(pt(g)) (the group) but groups sit \(pt(g + s)) apart, so each page settles \(pt(s)) further off centre (the 3rd page \(pt(2 * s))); put \(formatPoints(s / 2)) pt on the item's leading and trailing contentInsets instead",
                 related: related, fix: spacingToItemInsets(spec, site, s, axis: cross, source))
    }
}

func checkGroupOverflow(_ ctx: inout RuleContext) {
    ctx.nodes.forEach { node in
        guard let el = node.element, let g = el.group, let solve = node.solve, !solve.noRoom else { return }
        let axis = solve.axis
        let groupExtent = node.frame.extent(axis)
        let groupRelated = el.dimension(axis).map { [RelatedLocation(range: $0.range, message: "the group's \(axis.sizeName)")] } ?? []
        // A listed subitem that does not fit after the earlier ones.
        if let d = solve.dropped, !node.children.isEmpty {
            let range = d.element.dimension(axis)?.range ?? d.element.range
            let remain = max(0, d.remaining)
            let source = ctx.source, available = solve.available
            ctx.emit(.groupOverflow, range,
                     "the \(ordinal(d.index + 1)) subitem needs \(pt(d.needed)) but \(pt(remain)) remain in the \(pt(groupExtent)) \(axis == .horizontal ? "wide" : "tall") group: UIKit drops it and starts the next group with it, so it never shows in this position",
                     related: groupRelated, fix: fractionsSummingToOne(g, axis: axis, available: available, source))
        }
        // Fractional subitems the spacing (the second pass takes it out of them: docs/semantics.md#second-pass) leaves
        // no room: 0 pt or less.
        if solve.secondPass, solve.dropped == nil, let empty = node.children.first(where: { $0.frame.extent(axis) <= 0 }) {
            let n = node.children.count
            let range = g.interItemSpacing?.range ?? el.props["interItemSpacing"]?.valueRange ?? el.range
            ctx.emit(.groupOverflow, range,
                     "\(n - 1) × \(pt(solve.spacing)) of spacing between \(n) fractional subitems take \(pt(Double(n - 1) * solve.spacing)) of the group's \(pt(solve.available)): UIKit takes the spacing out of the items, which come out \(pt(empty.frame.extent(axis))) \(axis == .horizontal ? "wide" : "tall")",
                     related: groupRelated)
        }
        // repeatingSubitem × count with spacing past the group's edge.
        if case .repeating(let item, let n) = g.layout, solve.used > solve.available + 0.25, !solve.estimatedAlongAxis {
            let size = node.children.first?.frame.extent(axis) ?? 0
            let range = el.props["count"]?.valueRange ?? el.range
            // The fix docs/rules.md#group-overflow gives for `count`: items of 1/count of the group (the spacing
            // then comes out of them, docs/semantics.md#second-pass). It changes their size, so the editor offers it
            // and --fix does not.
            let k: Dimension.Kind = axis == .horizontal ? .fractionalWidth : .fractionalHeight
            var fix: Fix?
            if let site = item.props[axis.sizeName], writtenInOwnObject(site, item) {
                fix = Fix(title: "Make the item \(k.rawValue)(1/\(n))", edits: [ctx.source.replace(site.valueRange, with: "\"\(k.rawValue)(1/\(n))\"")], isSafe: false)
            }
            ctx.emit(.groupOverflow, range,
                     "\(n) × \(pt(size)) items\(solve.spacing != 0 ? " + \(n - 1) × \(pt(solve.spacing)) spacing" : "") need \(pt(solve.used)) but the group has \(pt(solve.available)): the last items run \(pt(solve.used - solve.available)) past its edge",
                     related: [RelatedLocation(range: item.dimension(axis)?.range ?? item.range, message: "the repeated item's \(axis.sizeName)")] + groupRelated,
                     fix: fix)
        }
        // A subitem larger than the group across its axis.
        let cross = axis.other
        for child in node.children {
            guard let cel = child.element, !child.isEstimated(cross), !node.isEstimated(cross) else { continue }
            let es = cel.edgeSpacing?.edges(along: cross)
            let extent = child.frame.extent(cross) + (es?.0?.value ?? 0) + (es?.1?.value ?? 0)
            guard extent > solve.availableAcross + 0.25 else { continue }
            // docs/rules.md#group-overflow: a larger group. An absolute size across, written in the group's own
            // object, grows by the overflow (not safe: the group's size changes).
            var fix: Fix?
            if let d = el.dimension(cross), d.kind == .absolute, node.replacedAxis != cross,
               let site = el.props[cross.sizeName], writtenInOwnObject(site, el) {
                let grown = node.frame.extent(cross) + extent - solve.availableAcross
                fix = Fix(title: "Make the group \(grown.pointsString) pt \(cross == .horizontal ? "wide" : "tall")",
                          edits: [ctx.source.replace(site.valueRange, with: dimensionText(.absolute, grown))], isSafe: false)
            }
            ctx.emit(.groupOverflow, cel.dimension(cross)?.range ?? cel.range,
                     "this \(cel.kindName) is \(pt(extent)) \(cross == .horizontal ? "wide" : "tall") but its group has \(pt(solve.availableAcross)) across: UIKit draws it \(pt(extent - solve.availableAcross)) outside the group's frame",
                     related: el.dimension(cross).map { [RelatedLocation(range: $0.range, message: "the group's \(cross.sizeName)")] } ?? [],
                     fix: fix)
        }
    }
}

/// group-overflow's fix for a dropped subitem (docs/rules.md#group-overflow: fractions that sum to 1): every listed
/// subitem becomes the fraction of the group its size is of their sum, so that all of them fit (with fixed spacing
/// too: the second pass takes it out of fractional items, docs/semantics.md#second-pass). Only where every
/// subitem's size along the axis is points or a fraction of that axis, written in its own object, and none has edge
/// spacing along the axis; not safe, as the subitems' sizes change.
func fractionsSummingToOne(_ g: GroupSpec, axis: Axis, available: Double, _ source: SourceText) -> Fix? {
    guard case .subitems(let items) = g.layout, items.count >= 2, available > 0 else { return nil }
    // The spacing comes out of the fractions: it must leave each item a point at least (200-pt spacing between three
    // items in 390 pt made them −3.3 pt wide).
    let spacing = max(0, g.interItemSpacing?.value ?? 0)
    guard available - Double(items.count - 1) * spacing >= Double(items.count) else { return nil }
    let along: Dimension.Kind = axis == .horizontal ? .fractionalWidth : .fractionalHeight
    var sizes: [Double] = []
    var sites: [PropertySite] = []
    for item in items {
        guard let d = item.dimension(axis), let site = item.props[axis.sizeName], writtenInOwnObject(site, item),
              item.edgeSpacing?.edges(along: axis) ?? (nil, nil) == (nil, nil) else { return nil }
        switch d.kind {
        case .absolute: sizes.append(d.value)
        case along: sizes.append(d.value * available)
        default: return nil
        }
        sites.append(site)
    }
    let total = sizes.reduce(0, +)
    guard total > 0, sizes.allSatisfy({ $0 > 0 && $0.isFinite }), Set(sites.map(\.valueRange.start)).count == sites.count else { return nil }
    // In thousandths, the last taking what the others leave, so that they sum to exactly 1.
    var thousandths = sizes.dropLast().map { Int(($0 / total * 1000).rounded()) }
    thousandths.append(1000 - thousandths.reduce(0, +))
    guard thousandths.allSatisfy({ $0 > 0 }) else { return nil }
    let values = thousandths.map { formatPoints(Double($0) / 1000) }
    let edits = zip(sites, values).map { source.replace($0.valueRange, with: "\"\(along.rawValue)(\($1))\"") }
    return Fix(title: "Make the subitems \(along.rawValue) \(values.joined(separator: " + ")) = 1", edits: edits, isSafe: false)
}

func checkNoItemFits(_ ctx: inout RuleContext) {
    for (section, spec, root) in ctx.sections {
        if section.noRoom {
            let range = spec.contentInsets?.range ?? spec.group?.range ?? section.section.range
            let i = section.contentInsets
            ctx.emit(.noItemFits, range,
                     "the section's contentInsets (top \(formatPoints(i.top)), leading \(formatPoints(i.leading)), bottom \(formatPoints(i.bottom)), trailing \(formatPoints(i.trailing))) leave no room in its \(section.containerWidth.pointsString)×\(section.containerHeight.pointsString) container: UIKit throws \"There is no room for this NSCollectionLayoutGroup…\"")
            continue
        }
        root.walk { node in
            guard let el = node.element, el.isGroup, let solve = node.solve else { return }
            if solve.noRoom {
                let i = node.insets
                // A warning only when every axis without room is estimated (a definite one throws for certain).
                let noRoom = [Axis.horizontal, .vertical].filter { node.frame.extent($0) - i.along($0) <= 0 }
                let estimated = !noRoom.isEmpty && noRoom.allSatisfy { node.isEstimated($0) }
                ctx.emit(.noItemFits, el.contentInsets?.range ?? el.range,
                         "the group's contentInsets (leading \(formatPoints(i.leading)), trailing \(formatPoints(i.trailing)), top \(formatPoints(i.top)), bottom \(formatPoints(i.bottom))) leave no room in its \(node.frame.sizeDescription) frame: UIKit throws \"There is no room for this NSCollectionLayoutGroup to fit into its parent group or section, or it has no room for any subitems itself\"",
                         severity: estimated ? .warning : nil)
                return
            }
            if node.children.isEmpty, let d = solve.dropped {
                let axis = solve.axis
                // The fit is decided along the group's axis: an estimate is involved when the group's size there is
                // one, or the subitem's (as the resolver would read it in this group): not for an estimated height
                // beside a definite width, where UIKit throws for certain.
                let involved = node.isEstimated(axis)
                    || d.element.dimension(axis)?.isEstimated(estimatedWidth: node.estimatedWidth, estimatedHeight: node.estimatedHeight) == true
                ctx.emit(.noItemFits, d.element.dimension(axis)?.range ?? d.element.range,
                         "not even one subitem fits: the first needs \(pt(d.needed)) but the group is \(pt(solve.available)) \(axis == .horizontal ? "wide" : "tall"): UIKit throws \"This group cannot fit even a single item\"",
                         related: el.dimension(axis).map { [RelatedLocation(range: $0.range, message: "the group's \(axis.sizeName)")] } ?? [],
                         severity: involved ? .warning : nil)
            }
        }
    }
}

/// A subitem that resolves to 0 pt along its group's axis (a fraction of a small extent, floored to whole pixels), and
/// a group whose subitems take no room at all, so that repeating them never fills it (`GroupSolve.stalled`). Both
/// follow layoutlint's model of UIKit (pixel flooring, docs/semantics.md#subitems-repeat), not a device measurement.
func checkZeroExtent(_ ctx: inout RuleContext) {
    let scale = formatPoints(ctx.env.scale)
    ctx.nodes.forEach { node in
        guard let el = node.element, el.isGroup, let solve = node.solve, solve.stalled || solve.zeroExtent != nil else { return }
        let axis = solve.axis
        let endless = "a group repeats its subitems until it is full, which would never happen (layoutlint placed them once)"
        if let (item, d, base) = solve.zeroExtent {
            var why = ""
            var estimated = false
            var related: [RelatedLocation] = []
            if let d, d.isFractional {
                let of: Axis = d.kind == .fractionalWidth ? .horizontal : .vertical
                let fraction: String
                if case .count(_, let n) = el.group?.layout { fraction = "count \(n) gives it 1/\(n)" } else { fraction = d.swiftDescription }
                why = " (\(fraction) of the group's \(pt(base)) \(of.sizeName): \(pt(d.value * base)), less than a pixel at @\(scale)x, "
                    + "and layoutlint floors sizes to whole pixels)"
                estimated = node.isEstimated(of)
                related = el.dimension(of).map { [RelatedLocation(range: $0.range, message: "the group's \(of.sizeName)")] } ?? []
            }
            ctx.emit(.nonPositiveDimension, d?.range ?? item.range,
                     "the subitem is 0 pt \(axis == .horizontal ? "wide" : "tall") in its group\(why): "
                        + (solve.stalled ? "it takes no room, and " + endless : "nothing of it is drawn"),
                     related: related, severity: estimated ? .warning : nil)
        } else {
            // The spacing or an edge spacing took back what the subitems use: point at the one that is negative.
            let g = el.group
            let negativeEdge = g?.layout.children.lazy.compactMap { e -> Spacing? in
                let (a, b) = e.edgeSpacing?.edges(along: axis) ?? (nil, nil)
                return [a, b].compactMap { $0 }.first { $0.value < 0 }
            }.first
            let range = g?.interItemSpacing.flatMap { $0.value < 0 ? $0.range : nil } ?? negativeEdge?.range ?? el.range
            ctx.emit(.nonPositiveDimension, range,
                     "each cycle of subitems after the first takes \(pt(solve.cycleStep)) along the group's \(axis.sizeName), "
                        + "with their spacing and edge spacing: " + endless)
        }
    }
}

/// A group cut at `ResolveLimits.maxPlacementsPerGroup` (more subitems would have fit): what lies past the cut was
/// neither laid out nor checked, so the result must not pass for a complete one.
func checkPlacementLimit(_ ctx: inout RuleContext) {
    ctx.nodes.forEach { node in
        guard let el = node.element, el.isGroup, let solve = node.solve, solve.truncated else { return }
        let axis = solve.axis
        ctx.emit(.invalidValue, el.dimension(axis)?.range ?? el.range,
                 "more subitems fit in the group's \(pt(solve.available)) \(axis.sizeName) than layoutlint places in one "
                    + "group (\(node.children.count)): it stopped there, so the rest of the group was not laid out or checked")
    }
}

func checkInsetsExceedSize(_ ctx: inout RuleContext) {
    // A section's background (decoration item): its contentInsets inset the section's frame.
    for (section, _, _) in ctx.sections {
        for (d, f) in section.decorations {
            // (Only where the section has room and the insets take it: an empty section is 0 pt tall anyway.)
            guard let ins = d.contentInsets,
                  let axis = [Axis.horizontal, .vertical].first(where: { section.frame.extent($0) > 0 && f.extent($0) <= 0 }) else { continue }
            // (As for items: room taken only by insets below 1, read as fractions, is a warning that says so.)
            let (a, b) = Insets.edges(along: axis)
            let fractions = [a, b].filter { ins[$0] > 0 && ins[$0] < 1 }
            let reading = fractions.isEmpty ? "" : " (\(fractions.map { "\($0.rawValue) \(formatPoints(ins[$0]))" }.joined(separator: " and ")) read as \(fractions.count == 1 ? "a fraction" : "fractions") of the \(axis.sizeName), which the sources are not sure of: see fractional-inset)"
            ctx.emit(.insetsExceedSize, ins.range,
                     "contentInsets leave the \(d.elementKind ?? "decoration") \(pt(f.extent(axis))) \(axis == .horizontal ? "wide" : "tall") in its \(section.frame.sizeDescription) pt section: the background cannot be drawn\(reading)",
                     severity: fractions.isEmpty ? nil : .warning)
        }
    }
    ctx.nodes.forEach { node in
        guard node.kind == .item, let el = node.element, let ins = el.contentInsets else { return }
        let c = node.contentFrame
        guard c.width <= 0 || c.height <= 0 else { return }
        let axis: Axis = c.width <= 0 ? .horizontal : .vertical
        let i = node.insets
        let extent = node.frame.extent(axis)
        let taken = i.along(axis)
        // Insets below 1 take their points only as fractions, which the sources are not sure of: then a warning that
        // says so (as fractional-inset does on the same value), never an error.
        let (a, b) = Insets.edges(along: axis)
        let fractions = [a, b].filter { ins[$0] > 0 && ins[$0] < 1 }
        let reading = fractions.isEmpty ? "" : " (\(fractions.map { "\($0.rawValue) \(formatPoints(ins[$0]))" }.joined(separator: " and ")) read as \(fractions.count == 1 ? "a fraction" : "fractions") of the \(axis.sizeName), which the sources are not sure of: see fractional-inset)"
        ctx.emit(.insetsExceedSize, ins.range,
                 "contentInsets take \(pt(taken)) of the item's \(pt(extent)) \(axis.sizeName), leaving its content \(pt(extent - taken)) \(axis == .horizontal ? "wide" : "tall"): the cell cannot be drawn\(reading)",
                 related: el.dimension(axis).map { [RelatedLocation(range: $0.range, message: "the item's \(axis.sizeName)")] } ?? [],
                 severity: node.isEstimated(axis) || !fractions.isEmpty ? .warning : nil)
    }
}

extension Double {
    var pointsString: String { formatPoints(self) }
}

/// The centered-paging fix: drop interGroupSpacing and give each item half of it on both sides along the paging axis.
func spacingToItemInsets(_ spec: SectionSpec, _ site: PropertySite, _ s: Double, axis: Axis, _ source: SourceText) -> Fix? {
    // (Not in a group or items `$ref`'d from the definitions, whose other users would change too.)
    guard let group = spec.group, whollyOwnText(group), let g = group.group else { return nil }
    let items = g.layout.children
    guard !items.isEmpty, items.allSatisfy({ !$0.isGroup && whollyOwnText($0) }) else { return nil }
    var edits = [source.removeProperty(site)]
    let (a, b) = Insets.edges(along: axis)
    for item in items {
        var i = item.contentInsets ?? Insets(range: item.range)
        // (An inset below 1 is a fraction: half of a spacing below 2 pt cannot be written as points.)
        guard [a, b].allSatisfy({ i[$0] == 0 || i[$0] >= 1 }), s / 2 >= 1 else { return nil }
        if axis == .horizontal { i.leading += s / 2; i.trailing += s / 2 } else { i.top += s / 2; i.bottom += s / 2 }
        let text = insetsText(top: i.top, leading: i.leading, bottom: i.bottom, trailing: i.trailing)
        if let p = item.props["contentInsets"] { edits.append(source.replace(p.valueRange, with: text)) }
        else { edits.append(source.insertProperty(into: item.range, key: "contentInsets", value: text)) }
    }
    // A suggestion, not `--fix`: the insets come out of each item, so every visible card is s pt narrower (304 → 294
    // pt for 10 pt); the author chooses between that and a group made narrower to keep the cards.
    return Fix(title: "Replace interGroupSpacing by \(formatPoints(s / 2)) pt item insets on each side (the cards get \(formatPoints(s)) pt narrower)",
               edits: edits, isSafe: false)
}
