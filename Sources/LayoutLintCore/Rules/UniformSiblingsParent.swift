// The `uniform-siblings-parent` rule.

enum UniformSiblingsParentRule: SizeRule {
    static let info = RuleInfo(
        rule: .uniformSiblingsParent, severity: .warning,
        summary: "uniformAcrossSiblings whose parent group is not estimated on that axis.",
        explanation:
            "uniformAcrossSiblings(estimate:) (iOS 17) makes siblings grow to match the largest one; Apple's documentation requires the parent group to be estimated on that axis. With a fixed parent the items cannot grow.",
        examples: [
            .spec(
                #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(120)", "subitems": [ { "width": "fractionalWidth(0.5)", "height": ↓"uniformAcrossSiblings(estimate: 80)" } ] }"#,
                .group),
            .spec(
                #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "estimated(120)", "subitems": [ { "width": "fractionalWidth(0.5)", "height": "uniformAcrossSiblings(estimate: 80)" } ] }"#,
                .group),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(0.5), heightDimension: ↓.uniformAcrossSiblings(estimate: 80)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(0.5), heightDimension: .uniformAcrossSiblings(estimate: 80)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(120)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
        ],
        weakEvidence: false, basis: "Apple's documentation of uniformAcrossSiblings (docs/semantics.md#estimated-sizes)"
    )

    static func check(_ ctx: inout RuleContext) {
        // `frame`: the group's, where it is known.
        func judge(_ el: LayoutElement?, frame: Rect?, _ ctx: inout RuleContext) {
            guard let el, let g = el.group, ctx.firstVisit(.uniformSiblingsParent, el) else { return }
            for child in g.layout.children {
                for axis in [Axis.horizontal, .vertical] {
                    guard let d = child.dimension(axis), d.kind == .uniformAcrossSiblings, d.kindIsKnown else {
                        continue
                    }
                    if let own = el.dimension(axis), own.isEstimated || !own.kindIsKnown { continue }
                    let extent = frame.map { " (\(pt($0.extent(axis))))" } ?? ""
                    ctx.emit(
                        .uniformSiblingsParent, d.range,
                        "uniformAcrossSiblings needs its parent group to be estimated on the \(axis.sizeName), but the group's \(axis.sizeName) is \(el.dimension(axis)?.swiftDescription ?? "missing")\(extent): the siblings cannot grow to match",
                        related: el.dimension(axis).map {
                            [RelatedLocation(range: $0.range, message: "the parent group's \(axis.sizeName)")]
                        } ?? [])
                }
            }
        }
        for node in ctx.nodes { judge(node.element, frame: node.frame, &ctx) }
        for m in ctx.partialElements { judge(m.element, frame: nil, &ctx) }
    }
}
