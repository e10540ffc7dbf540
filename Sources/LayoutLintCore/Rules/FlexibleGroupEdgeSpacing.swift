// The `flexible-group-edge-spacing` rule.

enum FlexibleGroupEdgeSpacingRule: SizeRule {
    static let info = RuleInfo(
        rule: .flexibleGroupEdgeSpacing, severity: .hint,
        summary: "Flexible edgeSpacing on a group along its parent's axis: UIKit ignores the flexible part.",
        explanation:
            "UIKit logs \"A NSCollectionLayoutGroup has specified flexible edge spacing along primary layout axis; flexible spacing will be ignored but any required spacing will be applied.\" Write the fixed amount that applies.",
        examples: [
            .spec(
                #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ { "direction": "vertical", "width": "absolute(382)", "height": "fractionalHeight(1)", "edgeSpacing": { "leading": ↓"flexible(8)" }, "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } ] }"#,
                .group),
            .spec(
                #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ { "direction": "vertical", "width": "absolute(382)", "height": "fractionalHeight(1)", "edgeSpacing": { "leading": "fixed(8)" }, "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } ] }"#,
                .group),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let column = NSCollectionLayoutGroup.vertical(layoutSize: .init(widthDimension: .absolute(382), heightDimension: .fractionalHeight(1)), subitems: [item])
                column.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: ↓.flexible(8), top: nil, trailing: nil, bottom: nil)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [column])
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let column = NSCollectionLayoutGroup.vertical(layoutSize: .init(widthDimension: .absolute(382), heightDimension: .fractionalHeight(1)), subitems: [item])
                column.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: .fixed(8), top: nil, trailing: nil, bottom: nil)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [column])
                let section = NSCollectionLayoutSection(group: group)
                """#),
        ],
        weakEvidence: false, basis: "the iOS 26.1 decompile of the item solver (docs/semantics.md#spacing)")

    static func check(_ ctx: inout RuleContext) {
        func judge(_ el: LayoutElement?, _ ctx: inout RuleContext) {
            guard let el, let g = el.group, ctx.firstVisit(.flexibleGroupEdgeSpacing, el) else { return }
            for child in g.layout.children where child.isGroup {
                let (a, b) = child.edgeSpacing?.edges(along: g.axis) ?? (nil, nil)
                for sp in [a, b].compactMap({ $0 }) where sp.isFlexible {
                    let source = ctx.source
                    let own = isOwnText(sp.range, of: child)
                    ctx.emit(
                        .flexibleGroupEdgeSpacing, sp.range,
                        "flexible edge spacing on a group along its parent's axis: UIKit ignores the flexible part and logs \"A NSCollectionLayoutGroup has specified flexible edge spacing along primary layout axis\"; only \(pt(sp.value)) apply",
                        fix: Fix(
                            title: "Write fixed(\(formatPoints(sp.value)))",
                            edits: [source.replace(sp.range, with: "\"fixed(\(formatPoints(sp.value)))\"")], isSafe: own
                        ))
                }
            }
        }
        for node in ctx.nodes { judge(node.element, &ctx) }
        for m in ctx.partialElements { judge(m.element, &ctx) }
    }
}
