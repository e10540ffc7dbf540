// The `estimated-content-insets` rule.

enum EstimatedContentInsetsRule: SizeRule {
    static let info = RuleInfo(
        rule: .estimatedContentInsets, severity: .warning,
        summary: "contentInsets on an axis whose dimension is estimated: UIKit ignores them.",
        explanation:
            "An item's contentInsets are ignored for any axis that uses an estimated dimension (or uniformAcrossSiblings). UIKit logs \"Attempting to add contentInsets to an item's dimension along an estimated axis. Insets along any estimated axes will be ignored. Use the item's edgeSpacing or the containing group's interItemSpacing instead.\" The spacing the spec reads as there never appears: self-sizing cells touch each other.",
        examples: [
            .spec(
                #"{ "width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": ↓{ "top": 8, "bottom": 8 } }"#,
                .item),
            .spec(
                #"{ "width": "fractionalWidth(1)", "height": "estimated(44)", "edgeSpacing": { "top": "fixed(8)", "bottom": "fixed(8)" } }"#,
                .item),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)))
                item.contentInsets = ↓NSDirectionalEdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0)
                let group = NSCollectionLayoutGroup.vertical(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)))
                item.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: nil, top: .fixed(8), trailing: nil, bottom: .fixed(8))
                let group = NSCollectionLayoutGroup.vertical(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
        ],
        weakEvidence: false,
        basis:
            "Apple's documentation of contentInsets; the iOS 26.1 decompile of NSCollectionLayoutItem (docs/semantics.md#estimated-insets); seed 003"
    )

    static func check(_ ctx: inout RuleContext) {
        let source = ctx.source
        // A section's root group is placed by its section, not beside siblings in a group: what its edgeSpacing does is
        // not documented and layoutlint's resolver does not apply it. Moving its insets there made the warning go while
        // the space still never appeared in the sizes shown, so no fix; the message names what is sure to work.
        let roots = Set(ctx.sections.map { ObjectIdentifier($0.2) })
        let rootSpecs = Dictionary(ctx.sections.map { (ObjectIdentifier($0.2), $0.1) }, uniquingKeysWith: { a, _ in a })
        // `frame`: the element's, where it is known; `rootOf`: the section whose root group it is.
        func judge(
            _ el: LayoutElement?, _ replacedAxis: Axis?, frame: Rect?, rootOf: SectionSpec?, _ ctx: inout RuleContext
        ) {
            guard let el, let ins = el.contentInsets else { return }
            var dropped: [Insets.Edge] = []
            var dims: [(Axis, Dimension)] = []
            for axis in [Axis.horizontal, .vertical] {
                // (With `subitem` + `count`, UIKit replaces the dimension along the group's axis: the insets apply there.)
                guard replacedAxis != axis, let d = el.dimension(axis), d.isEstimated else { continue }
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
            // (A fraction of a frame not known leaves the total unsaid.)
            let total: Double? = dropped.reduce(0) { t, e in
                let v = ins[e]
                guard v > 0 && v < 1 else { return t.map { $0 + v } }
                return t.flatMap { t in
                    frame.map { t + v * $0.extent(e == .leading || e == .trailing ? .horizontal : .vertical) }
                }
            }
            let isRoot = rootOf != nil
            let instead =
                isRoot
                ? "for a section's group, use edgeSpacing on its items, or the section's interGroupSpacing, instead"
                : "use edgeSpacing on that axis instead"
            // (Made only where fixes are kept: a front end that reads code drops them, and lints without the text.)
            let scrollDirection = ctx.layout.scrollDirection
            func fix() -> Fix? {
                guard isRoot else { return moveInsetsToEdgeSpacing(el, ins, dropped, source) }
                // (Where the section's scrolling is unknown, so is the axis its groups stack along: no fix.)
                guard let spec = rootOf, spec.unknownSettings[.orthogonalScrollingBehavior] == nil else { return nil }
                // The section's groups stack across its orthogonal scrolling, else along the layout's.
                let stacking = spec.orthogonalScrollingBehavior == .none ? scrollDirection : scrollDirection.other
                return moveRootInsetsToSection(spec, el, ins, dropped, stacking: stacking, source)
            }
            ctx.emit(
                .estimatedContentInsets, ins.range,
                "contentInsets \(list) lie along the estimated \(axes) of this \(el.kindName): UIKit ignores them and logs \"Attempting to add contentInsets to an item's dimension along an estimated axis\", so the \(total.map { "\(pt($0)) of " } ?? "")space\(fractional ? " (below 1, read as a fraction of the \(el.kindName)'s size)" : "") never appears; \(instead)",
                related: dims.map { RelatedLocation(range: $0.1.range, message: "the estimated \($0.0.sizeName)") },
                fix: fix())
        }
        for node in ctx.nodes {
            let root = roots.contains(ObjectIdentifier(node)) ? rootSpecs[ObjectIdentifier(node)] : nil
            judge(node.element, node.replacedAxis, frame: node.frame, rootOf: root, &ctx)
        }
        for p in ctx.partialSections {
            for m in p.elements {
                judge(m.element, m.replacedAxis, frame: nil, rootOf: m.element === p.root ? p.spec : nil, &ctx)
            }
        }
    }
}

/// The estimated-content-insets fix for a section's root group (whose edgeSpacing UIKit does not document): the
/// dropped edges, which lie along the direction the section's groups stack, leave the group's `contentInsets` and
/// become space between the groups (`interGroupSpacing` + top + bottom) and around them (the section's
/// `contentInsets`), where each group's content then sits as the insets placed it. A suggestion: edgeSpacing on the
/// items is the other repair, and the group's own box stays as tall as its content.
func moveRootInsetsToSection(
    _ spec: SectionSpec, _ el: LayoutElement, _ ins: Insets, _ dropped: [Insets.Edge], stacking: Axis,
    _ source: SourceText
) -> Fix? {
    guard let site = el.props["contentInsets"], writtenInOwnObject(site, el), ins.refRange == nil else { return nil }
    let (a, b) = Insets.edges(along: stacking)
    // (Fractions below 1 are another mistake; the section's own values must be written in its own object.)
    guard dropped.allSatisfy({ ($0 == a || $0 == b) && ins[$0] >= 1 }) else { return nil }
    let spacingSite = spec.props["interGroupSpacing"], insetsSite = spec.props["contentInsets"]
    guard [spacingSite, insetsSite].allSatisfy({ $0 == nil || $0!.objectRange == spec.range }) else { return nil }
    var sectionInsets = spec.contentInsets ?? Insets(range: spec.range)
    guard Insets.Edge.allCases.allSatisfy({ sectionInsets[$0] == 0 || sectionInsets[$0] >= 1 }),
        sectionInsets.refRange == nil
    else { return nil }
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
    let insetsValue = insetsText(
        top: sectionInsets.top, leading: sectionInsets.leading, bottom: sectionInsets.bottom,
        trailing: sectionInsets.trailing)
    var edits: [TextEdit] = [
        remaining.isZero
            ? source.removeProperty(site)
            : source.replace(
                site.valueRange,
                with: insetsText(
                    top: remaining.top, leading: remaining.leading,
                    bottom: remaining.bottom, trailing: remaining.trailing))
    ]
    var missing: [(String, String)] = []
    if let p = spacingSite {
        edits.append(source.replace(p.valueRange, with: spacing))
    } else {
        missing.append(("interGroupSpacing", spacing))
    }
    if let p = insetsSite {
        edits.append(source.replace(p.valueRange, with: insetsValue))
    } else {
        missing.append(("contentInsets", insetsValue))
    }
    if let first = missing.first {
        // Both new properties in one insertion: two insertions at the same place would overlap.
        let value = first.1 + missing.dropFirst().map { ", \"\($0.0)\": \($0.1)" }.joined()
        edits.append(source.insertProperty(into: spec.range, key: first.0, value: value))
    }
    return Fix(
        title: "Move the group's insets to the section (interGroupSpacing \(spacing), contentInsets)", edits: edits,
        isSafe: false)
}

/// The estimated-content-insets fix: the dropped edges leave `contentInsets` and become fixed `edgeSpacing`.
func moveInsetsToEdgeSpacing(_ el: LayoutElement, _ ins: Insets, _ dropped: [Insets.Edge], _ source: SourceText) -> Fix?
{
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
        guard let r = ins.edgeRanges[e], case let t = source.text(r),
            parseNumberOrFraction(t, allowFraction: false) == ins[e]
        else { return formatPoints(ins[e]) }
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
            if dropped.contains(e) {
                members.append("\"\(e.rawValue)\": 0")
            } else if let r = ins.edgeRanges[e], site.valueRange.start <= r.start, r.end <= site.valueRange.end {
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
    for (name, edge) in [("leading", Insets.Edge.leading), ("top", .top), ("trailing", .trailing), ("bottom", .bottom)]
    {
        let old: Spacing? = {
            switch name {
            case "leading": return existing?.leading;
            case "top": return existing?.top
            case "trailing": return existing?.trailing;
            default: return existing?.bottom
            }
        }()
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
    return Fix(
        title: "Move the insets along the estimated axis to edgeSpacing", edits: edits,
        isSafe: writtenInOwnObject(site, el))
}
