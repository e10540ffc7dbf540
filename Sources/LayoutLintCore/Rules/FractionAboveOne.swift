// The `fraction-above-one` rule.

enum FractionAboveOneRule: SizeRule {
    static let info = RuleInfo(
        rule: .fractionAboveOne, severity: .warning,
        summary: "A subitem's fraction along its group's axis above 1.",
        explanation:
            "A subitem can never be wider than its whole group along the group's axis: fractionalWidth(1.1) in a horizontal group overflows it on its own.",
        examples: [
            .spec(
                #"{ "orthogonalScrollingBehavior": "continuous", "group": { "direction": "horizontal", "width": "fractionalWidth(0.5)", "height": "absolute(44)", "subitems": [ { "width": ↓"fractionalWidth(1.5)", "height": "fractionalHeight(1)" } ] } }"#
            ),
            .spec(
                #"{ "orthogonalScrollingBehavior": "continuous", "group": { "direction": "horizontal", "width": "fractionalWidth(0.75)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
            ),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: ↓.fractionalWidth(1.5), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .continuous
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(0.75), heightDimension: .absolute(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .continuous
                """#),
        ],
        weakEvidence: false, basis: "seed 002")

    static func check(_ ctx: inout RuleContext) {
        // `available`: the group's room along its axis, where its frame is known.
        func judge(_ el: LayoutElement?, available: Double?, _ ctx: inout RuleContext) {
            // (With `subitem` + `count`, UIKit replaces the item's size along the axis by 1/count.)
            guard let el, let g = el.group, ctx.firstVisit(.fractionAboveOne, el) else { return }
            if case .count = g.layout { return }
            for child in g.layout.children {
                guard let d = child.dimension(g.axis), d.isKnown, d.value > 1 + 1e-9,
                    (g.axis == .horizontal && d.kind == .fractionalWidth)
                        || (g.axis == .vertical && d.kind == .fractionalHeight)
                else { continue }
                let size =
                    available.map {
                        "\(pt($0 * d.value)) in a \(pt($0)) \(g.axis == .horizontal ? "wide" : "tall") group"
                    } ?? "\(formatPoints(d.value)) times the group's \(g.axis.sizeName)"
                ctx.emit(.fractionAboveOne, d.range, "\(d.swiftDescription) is more than the whole group: \(size)")
            }
        }
        for node in ctx.nodes {
            let available = node.element?.group.map { node.solve?.available ?? node.frame.extent($0.axis) }
            judge(node.element, available: available, &ctx)
        }
        for m in ctx.partialElements { judge(m.element, available: nil, &ctx) }
    }
}
