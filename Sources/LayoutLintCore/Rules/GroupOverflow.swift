// The `group-overflow` rule.

enum GroupOverflowRule: SizeRule {
    static let info = RuleInfo(
        rule: .groupOverflow, severity: .warning,
        summary: "A group instance cannot hold what the spec puts in it.",
        explanation:
            "Four cases: a listed subitem does not fit after the earlier ones (UIKit drops it and starts the next group with it, so the pattern never shows); repeatingSubitem × count with spacing exceeds the group (exactly count items are placed and the last run past its edge); a subitem, with its edge spacing, is larger than its group across the group's axis (drawn outside the group's frame: an item of fractionalHeight(1) under 4 pt of top edge spacing overhangs its group by 4 pt); the spacing between fractional subitems leaves them 0 pt or less (UIKit takes the spacing out of them). The fit test tolerates 0.25 pt. Where the sizes are written in a form it can rewrite, the editor offers a fix, which --fix never applies (it changes sizes): fractions of the group that sum to 1 for a dropped subitem, items of 1/count of the group for repeated items past its edge, a larger absolute size for a group that a subitem overflows across.",
        examples: [
            .spec(
                #"{ "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)", "subitems": [ { "width": "absolute(200)", "height": "absolute(100)" }, { "width": ↓"absolute(250)", "height": "absolute(100)" } ] }"#,
                .group),
            .spec(
                #"{ "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)", "subitems": [ { "width": "fractionalWidth(0.4)", "height": "absolute(100)" }, { "width": "fractionalWidth(0.6)", "height": "absolute(100)" } ] }"#,
                .group),
            .swift(
                #"""
                let small = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .absolute(200), heightDimension: .absolute(100)))
                let large = NSCollectionLayoutItem(layoutSize: .init(widthDimension: ↓.absolute(250), heightDimension: .absolute(100)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .absolute(390), heightDimension: .absolute(100)), subitems: [small, large])
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .swift(
                #"""
                let small = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(0.4), heightDimension: .absolute(100)))
                let large = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(0.6), heightDimension: .absolute(100)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .absolute(390), heightDimension: .absolute(100)), subitems: [small, large])
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .spec(
                #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "absolute(40)", "height": "fractionalHeight(1)", "edgeSpacing": { "leading": "flexible(4)", "top": ↓"flexible(4)" } } ] }"#,
                .group),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .absolute(40), heightDimension: .fractionalHeight(1)))
                item.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: .flexible(4), top: ↓.flexible(4), trailing: nil, bottom: nil)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
        ],
        weakEvidence: false,
        basis:
            "the iOS 26.1 decompile of the item solver; the header's \"repeat items until available space is exhausted\" (docs/semantics.md#subitems-repeat and #count)"
    )

    static func check(_ ctx: inout RuleContext) {
        ctx.nodes.forEach { node in
            guard let el = node.element, let g = el.group, let solve = node.solve, !solve.noRoom else { return }
            let axis = solve.axis
            let groupExtent = node.frame.extent(axis)
            let groupRelated =
                el.dimension(axis).map { [RelatedLocation(range: $0.range, message: "the group's \(axis.sizeName)")] }
                ?? []
            // A listed subitem that does not fit after the earlier ones.
            if let d = solve.dropped, !node.children.isEmpty {
                let range = d.element.dimension(axis)?.range ?? d.element.range
                let remain = max(0, d.remaining)
                let source = ctx.source, available = solve.available
                ctx.emit(
                    .groupOverflow, range,
                    "the \(ordinal(d.index + 1)) subitem needs \(pt(d.needed)) but \(pt(remain)) remain in the \(pt(groupExtent)) \(axis == .horizontal ? "wide" : "tall") group: UIKit drops it and starts the next group with it, so it never shows in this position",
                    related: groupRelated, fix: fractionsSummingToOne(g, axis: axis, available: available, source))
            }
            // Fractional subitems the spacing (the second pass takes it out of them: docs/semantics.md#second-pass) leaves
            // no room: 0 pt or less.
            if solve.secondPass, solve.dropped == nil,
                let empty = node.children.first(where: { $0.frame.extent(axis) <= 0 })
            {
                let n = node.children.count
                let range = g.interItemSpacing?.range ?? el.props["interItemSpacing"]?.valueRange ?? el.range
                ctx.emit(
                    .groupOverflow, range,
                    "\(n - 1) × \(pt(solve.spacing)) of spacing between \(n) fractional subitems take \(pt(Double(n - 1) * solve.spacing)) of the group's \(pt(solve.available)): UIKit takes the spacing out of the items, which come out \(pt(empty.frame.extent(axis))) \(axis == .horizontal ? "wide" : "tall")",
                    related: groupRelated)
            }
            // repeatingSubitem × count with spacing past the group's edge.
            if case .repeating(let item, let n) = g.layout, solve.used > solve.available + 0.25,
                !solve.estimatedAlongAxis
            {
                let size = node.children.first?.frame.extent(axis) ?? 0
                let range = el.props["count"]?.valueRange ?? el.range
                // The fix docs/rules.md#group-overflow gives for `count`: items of 1/count of the group (the spacing
                // then comes out of them, docs/semantics.md#second-pass). It changes their size, so the editor offers it
                // and --fix does not.
                let k: Dimension.Kind = axis == .horizontal ? .fractionalWidth : .fractionalHeight
                let fix = sizeFix(
                    ctx.source, item, axis, "\"\(k.rawValue)(1/\(n))\"", title: "Make the item \(k.rawValue)(1/\(n))",
                    isSafe: false)
                ctx.emit(
                    .groupOverflow, range,
                    "\(n) × \(pt(size)) items\(solve.spacing != 0 ? " + \(n - 1) × \(pt(solve.spacing)) spacing" : "") need \(pt(solve.used)) but the group has \(pt(solve.available)): the last items run \(pt(solve.used - solve.available)) past its edge",
                    related: [
                        RelatedLocation(
                            range: item.dimension(axis)?.range ?? item.range,
                            message: "the repeated item's \(axis.sizeName)")
                    ] + groupRelated,
                    fix: fix)
            }
            // A subitem larger than the group across its axis.
            let cross = axis.other
            for child in node.children {
                guard let cel = child.element, !child.isEstimated(cross), !node.isEstimated(cross) else { continue }
                let es = cel.edgeSpacing?.edges(along: cross)
                let own = child.frame.extent(cross), spacing = (es?.0?.value ?? 0) + (es?.1?.value ?? 0)
                let extent = own + spacing
                guard extent > solve.availableAcross + 0.25 else { continue }
                // An item that fits but for its edge spacing (`.fractionalHeight(1)` under a `top: .flexible(4)`) is
                // pushed out by the spacing: the finding is at the spacing, which is what to change.
                let bySpacing = own <= solve.availableAcross + 0.25
                let spacingRange = [es?.0, es?.1].compactMap { $0 }.first { $0.value > 0 }?.range
                // docs/rules.md#group-overflow: a larger group. An absolute size across, written in the group's own
                // object, grows by the overflow (not safe: the group's size changes).
                var fix: Fix?
                if let d = el.dimension(cross), d.kind == .absolute, node.replacedAxis != cross {
                    let grown = node.frame.extent(cross) + extent - solve.availableAcross
                    fix = sizeFix(
                        ctx.source, el, cross, dimensionText(.absolute, grown),
                        title: "Make the group \(grown.pointsString) pt \(cross == .horizontal ? "wide" : "tall")",
                        isSafe: false)
                }
                let size =
                    spacing > 0
                    ? "\(pt(own)) \(cross == .horizontal ? "wide" : "tall") plus \(pt(spacing)) of edge spacing (\(pt(extent)) in all)"
                    : "\(pt(extent)) \(cross == .horizontal ? "wide" : "tall")"
                ctx.emit(
                    .groupOverflow, (bySpacing ? spacingRange : nil) ?? cel.dimension(cross)?.range ?? cel.range,
                    "this \(cel.kindName) is \(size) but its group has \(pt(solve.availableAcross)) across: UIKit draws it \(pt(extent - solve.availableAcross)) outside the group's frame",
                    related: el.dimension(cross).map {
                        [RelatedLocation(range: $0.range, message: "the group's \(cross.sizeName)")]
                    } ?? [],
                    fix: fix)
            }
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
            item.edgeSpacing?.edges(along: axis) ?? (nil, nil) == (nil, nil)
        else { return nil }
        switch d.kind {
        case .absolute: sizes.append(d.value)
        case along: sizes.append(d.value * available)
        default: return nil
        }
        sites.append(site)
    }
    let total = sizes.reduce(0, +)
    guard total > 0, sizes.allSatisfy({ $0 > 0 && $0.isFinite }),
        Set(sites.map(\.valueRange.start)).count == sites.count
    else { return nil }
    // In thousandths, the last taking what the others leave, so that they sum to exactly 1.
    var thousandths = sizes.dropLast().map { Int(($0 / total * 1000).rounded()) }
    thousandths.append(1000 - thousandths.reduce(0, +))
    guard thousandths.allSatisfy({ $0 > 0 }) else { return nil }
    let values = thousandths.map { formatPoints(Double($0) / 1000) }
    let edits = zip(sites, values).map { source.replace($0.valueRange, with: "\"\(along.rawValue)(\($1))\"") }
    return Fix(
        title: "Make the subitems \(along.rawValue) \(values.joined(separator: " + ")) = 1", edits: edits, isSafe: false
    )
}
