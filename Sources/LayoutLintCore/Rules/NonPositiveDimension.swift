// The `non-positive-dimension` rule.

enum NonPositiveDimensionRule: SizeRule {
    static let info = RuleInfo(
        rule: .nonPositiveDimension, severity: .error,
        summary:
            "A fraction, absolute or estimated value of 0 or less; a subitem that comes out 0 pt along its group's axis, or subitems that take no room; count below 1; empty subitems.",
        explanation:
            "UIKit needs a positive size for every element. A size of exactly 0 draws nothing of the element and UIKit logs a warning at run time: a warning here (a section kept empty on purpose, as Firefox's homepage does, suppresses it); a negative one is an error. A count below 1 raises \"A repeating horizontal group should specify a count >= 1\"; an empty subitems array raises \"At least 1 subitem is required for a group\". Computed sizes are checked too, by layoutlint's model of UIKit (not a device measurement): sizes are floored to whole pixels, so fractionalWidth(1/3) of a 1 pt group makes a 0 pt subitem at @2x (a warning when the group's size there is estimated). And when each cycle of a group's subitems, with their spacing and edge spacing, takes no room, repeating them would never fill the group: layoutlint places one cycle and reports it here.",
        examples: [
            .spec(#"{ "width": ↓"fractionalWidth(0)", "height": "fractionalHeight(1)" }"#, .item),
            .spec(#"{ "width": "fractionalWidth(0.5)", "height": "fractionalHeight(1)" }"#, .item),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: ↓.absolute(-10)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(10)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
        ],
        weakEvidence: false,
        basis: "the iOS 26.1 decompile of NSCollectionLayoutGroup (docs/semantics.md#subitems-repeat and #count)")

    /// A subitem that resolves to 0 pt along its group's axis (a fraction of a small extent, floored to whole pixels), and
    /// a group whose subitems take no room at all, so that repeating them never fills it (`GroupSolve.stalled`). Both
    /// follow layoutlint's model of UIKit (pixel flooring, docs/semantics.md#subitems-repeat), not a device measurement.
    static func check(_ ctx: inout RuleContext) {
        let scale = formatPoints(ctx.env.scale)
        ctx.nodes.forEach { node in
            guard let el = node.element, el.isGroup, let solve = node.solve, solve.stalled || solve.zeroExtent != nil
            else { return }
            let axis = solve.axis
            let endless =
                "a group repeats its subitems until it is full, which would never happen (layoutlint placed them once)"
            if let (item, d, base) = solve.zeroExtent {
                var why = ""
                var estimated = false
                var related: [RelatedLocation] = []
                if let d, d.isFractional {
                    let of: Axis = d.kind == .fractionalWidth ? .horizontal : .vertical
                    let fraction: String
                    if case .count(_, let n) = el.group?.layout {
                        fraction = "count \(n) gives it 1/\(n)"
                    } else {
                        fraction = d.swiftDescription
                    }
                    why =
                        " (\(fraction) of the group's \(pt(base)) \(of.sizeName): \(pt(d.value * base)), less than a pixel at @\(scale)x, "
                        + "and layoutlint floors sizes to whole pixels)"
                    estimated = node.isEstimated(of)
                    related =
                        el.dimension(of).map {
                            [RelatedLocation(range: $0.range, message: "the group's \(of.sizeName)")]
                        } ?? []
                }
                ctx.emit(
                    .nonPositiveDimension, d?.range ?? item.range,
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
                let range =
                    g?.interItemSpacing.flatMap { $0.value < 0 ? $0.range : nil } ?? negativeEdge?.range ?? el.range
                ctx.emit(
                    .nonPositiveDimension, range,
                    "each cycle of subitems after the first takes \(pt(solve.cycleStep)) along the group's \(axis.sizeName), "
                        + "with their spacing and edge spacing: " + endless)
            }
        }
    }
}
