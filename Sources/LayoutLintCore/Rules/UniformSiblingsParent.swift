// The `uniform-siblings-parent` rule.

enum UniformSiblingsParentRule: SizeRule {
    static let info = RuleInfo(
        rule: .uniformSiblingsParent, severity: .warning,
        summary: "uniformAcrossSiblings whose parent group is not estimated on that axis.",
        explanation:
            "uniformAcrossSiblings(estimate:) (iOS 17) makes siblings grow to match the largest one; Apple's documentation requires the parent group to be estimated on that axis. With a fixed parent the items cannot grow.",
        wrong:
            #"{ "direction": "horizontal", "height": "absolute(100)", "subitems": [{ "height": "uniformAcrossSiblings(estimate: 80)", … }] }"#,
        right:
            #"{ "direction": "horizontal", "height": "estimated(100)", "subitems": [{ "height": "uniformAcrossSiblings(estimate: 80)", … }] }"#,
        weakEvidence: false, basis: "Apple's documentation of uniformAcrossSiblings (docs/semantics.md#estimated-sizes)"
    )

    static func check(_ ctx: inout RuleContext) {
        ctx.nodes.forEach { node in
            guard let el = node.element, let g = el.group, ctx.firstVisit(.uniformSiblingsParent, el) else { return }
            for child in g.layout.children {
                for axis in [Axis.horizontal, .vertical] {
                    guard let d = child.dimension(axis), d.kind == .uniformAcrossSiblings else { continue }
                    if el.dimension(axis)?.isEstimated == true { continue }
                    ctx.emit(
                        .uniformSiblingsParent, d.range,
                        "uniformAcrossSiblings needs its parent group to be estimated on the \(axis.sizeName), but the group's \(axis.sizeName) is \(el.dimension(axis)?.swiftDescription ?? "missing") (\(pt(node.frame.extent(axis)))): the siblings cannot grow to match",
                        related: el.dimension(axis).map {
                            [RelatedLocation(range: $0.range, message: "the parent group's \(axis.sizeName)")]
                        } ?? [])
                }
            }
        }
    }
}
