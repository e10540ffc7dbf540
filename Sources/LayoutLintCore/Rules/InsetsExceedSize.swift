// The `insets-exceed-size` rule.

enum InsetsExceedSizeRule: SizeRule {
    static let info = RuleInfo(
        rule: .insetsExceedSize, severity: .error,
        summary: "An element's contentInsets leave its content 0 pt or less wide or tall.",
        explanation:
            "Insets shrink the item's frame inside its slot. When they add up to the item's size or more, the cell has no area to draw in. Where the insets take that room only as fractions (values below 1, which Apple's documentation reads as fractions but UIKit's own code does not consistently), or along an estimated axis, it is a warning: the sources are not sure the cell is lost.",
        examples: [
            .spec(#"{ "width": "absolute(40)", "height": "absolute(40)", "contentInsets": ↓20 }"#, .item),
            .spec(#"{ "width": "absolute(40)", "height": "absolute(40)", "contentInsets": 4 }"#, .item),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .absolute(40), heightDimension: .absolute(40)))
                item.contentInsets = ↓NSDirectionalEdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .absolute(40), heightDimension: .absolute(40)))
                item.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
        ],
        weakEvidence: false, basis: "Apple's documentation of contentInsets (docs/semantics.md#content-insets)")

    static func check(_ ctx: inout RuleContext) {
        // A section's background (decoration item): its contentInsets inset the section's frame.
        for (section, _, _) in ctx.sections {
            for (d, f) in section.decorations {
                // (Only where the section has room and the insets take it: an empty section is 0 pt tall anyway.)
                guard let ins = d.contentInsets,
                    let axis = [Axis.horizontal, .vertical].first(where: {
                        section.frame.extent($0) > 0 && f.extent($0) <= 0
                    })
                else { continue }
                // (As for items: room taken only by insets below 1, read as fractions, is a warning that says so.)
                let (a, b) = Insets.edges(along: axis)
                let fractions = [a, b].filter { ins[$0] > 0 && ins[$0] < 1 }
                let reading =
                    fractions.isEmpty
                    ? ""
                    : " (\(fractions.map { "\($0.rawValue) \(formatPoints(ins[$0]))" }.joined(separator: " and ")) read as \(fractions.count == 1 ? "a fraction" : "fractions") of the \(axis.sizeName), which the sources are not sure of: see fractional-inset)"
                ctx.emit(
                    .insetsExceedSize, ins.range,
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
            let reading =
                fractions.isEmpty
                ? ""
                : " (\(fractions.map { "\($0.rawValue) \(formatPoints(ins[$0]))" }.joined(separator: " and ")) read as \(fractions.count == 1 ? "a fraction" : "fractions") of the \(axis.sizeName), which the sources are not sure of: see fractional-inset)"
            ctx.emit(
                .insetsExceedSize, ins.range,
                "contentInsets take \(pt(taken)) of the item's \(pt(extent)) \(axis.sizeName), leaving its content \(pt(extent - taken)) \(axis == .horizontal ? "wide" : "tall"): the cell cannot be drawn\(reading)",
                related: el.dimension(axis).map {
                    [RelatedLocation(range: $0.range, message: "the item's \(axis.sizeName)")]
                } ?? [],
                severity: node.isEstimated(axis) || !fractions.isEmpty ? .warning : nil)
        }
    }
}
