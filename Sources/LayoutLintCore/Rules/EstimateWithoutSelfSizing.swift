// The `estimate-without-self-sizing` rule.

enum EstimateWithoutSelfSizingRule: SizeRule {
    static let info = RuleInfo(
        rule: .estimateWithoutSelfSizing, severity: .warning,
        summary:
            "A group estimated on an axis whose subitems are all fractional on it: nothing self-sizes, the estimate becomes the final size.",
        explanation:
            "A fractionalHeight(1) item inside an estimated(100) group does not self-size: compositional layout uses the estimate as the actual height. To self-size, the items must be estimated on that axis too.",
        examples: [
            .spec(
                #"{ "direction": "vertical", "width": "fractionalWidth(1)", "height": ↓"estimated(100)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }"#,
                .group),
            .spec(
                #"{ "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(100)", "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(100)" } ] }"#,
                .group),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.vertical(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: ↓.estimated(100)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(100)))
                let group = NSCollectionLayoutGroup.vertical(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(100)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
        ],
        weakEvidence: false, basis: "Apple Developer Forums thread 719750 (docs/semantics.md#estimated-sizes)")

    /// Whether every subitem of `g` is a fraction of it along `axis` (fractionalWidth across a horizontal axis…):
    /// an estimate there is the final size, nothing self-sizes.
    static func nothingSelfSizes(_ g: GroupSpec, _ axis: Axis) -> Bool {
        let kids = g.layout.children
        return !kids.isEmpty
            && kids.allSatisfy { k in
                guard let d = k.dimension(axis) else { return false }
                return (axis == .horizontal && d.kind == .fractionalWidth)
                    || (axis == .vertical && d.kind == .fractionalHeight)
            }
    }

    static func check(_ ctx: inout RuleContext) {
        func judge(_ el: LayoutElement?, _ ctx: inout RuleContext) {
            guard let el, let g = el.group, ctx.firstVisit(.estimateWithoutSelfSizing, el) else { return }
            for axis in [Axis.horizontal, .vertical] {
                guard let d = el.dimension(axis), d.kind == .estimated, d.isKnown else { continue }
                guard Self.nothingSelfSizes(g, axis) else { continue }
                let kids = g.layout.children
                var edits: [TextEdit] = []
                for k in kids where whollyOwnText(k) {
                    if let site = k.props[axis.sizeName] {
                        edits.append(ctx.source.replace(site.valueRange, with: dimensionText(.estimated, d.value)))
                    }
                }
                ctx.emit(
                    .estimateWithoutSelfSizing, d.range,
                    "the group's \(axis.sizeName) is \(d.swiftDescription) but every subitem is a fraction of it: nothing self-sizes, so UIKit uses the estimate \(pt(d.value)) as the final \(axis.sizeName); make the items estimated too",
                    fix: edits.count == kids.count
                        ? Fix(
                            title: "Make the subitems estimated(\(formatPoints(d.value)))", edits: edits, isSafe: false)
                        : nil)
            }
        }
        for node in ctx.nodes { judge(node.element, &ctx) }
        for m in ctx.partialElements { judge(m.element, &ctx) }
    }
}
