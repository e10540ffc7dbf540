// The `estimated-orthogonal` rule.

enum EstimatedOrthogonalRule: SizeRule {
    static let info = RuleInfo(
        rule: .estimatedOrthogonal, severity: .hint,
        summary: "Estimated sizes along the scrolling axis of an orthogonal section.",
        explanation:
            "Self-sizing along the orthogonal axis is reported to cause constraint conflicts, jumpy scrolling and wrong spacing. Prefer absolute or fractional sizes there.",
        examples: [
            .spec(
                #"{ "orthogonalScrollingBehavior": "continuous", "group": { "direction": "horizontal", "width": "absolute(120)", "height": "absolute(44)", "subitems": [ { "width": ↓"estimated(120)", "height": "fractionalHeight(1)" } ] } }"#
            ),
            .spec(
                #"{ "orthogonalScrollingBehavior": "continuous", "group": { "direction": "horizontal", "width": "absolute(120)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
            ),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: ↓.estimated(120), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .absolute(120), heightDimension: .absolute(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .continuous
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .absolute(120), heightDimension: .absolute(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .continuous
                """#),
        ],
        weakEvidence: true,
        basis:
            "field reports only (Apple Developer Forums thread 673940 and Q&A mirrors; docs/semantics.md#common-mistakes, row 17)"
    )

    static func check(_ ctx: inout RuleContext) {
        let cross = ctx.layout.scrollDirection.other
        func judge(_ el: LayoutElement?, _ replacedAxis: Axis?, _ spec: SectionSpec, _ ctx: inout RuleContext) {
            guard let el, replacedAxis != cross, let d = el.dimension(cross), d.isEstimated else { return }
            // (A group whose subitems are all fractions of it does not self-size: estimate-without-self-sizing says so.)
            if let g = el.group, d.kind == .estimated, EstimateWithoutSelfSizingRule.nothingSelfSizes(g, cross) {
                return
            }
            ctx.emit(
                .estimatedOrthogonal, d.range,
                "an estimated \(cross.sizeName) inside a section that scrolls \(spec.orthogonalScrollingBehavior.rawValue): self-sizing along the orthogonal axis is known for jumpy scrolling and constraint conflicts; prefer an absolute or fractional \(cross.sizeName)"
            )
        }
        for (_, spec, root) in ctx.sections where spec.orthogonalScrollingBehavior != .none {
            root.walk { judge($0.element, $0.replacedAxis, spec, &ctx) }
        }
        for p in ctx.partialSections where p.spec.orthogonalScrollingBehavior != .none {
            for m in p.elements { judge(m.element, m.replacedAxis, p.spec, &ctx) }
        }
    }
}
