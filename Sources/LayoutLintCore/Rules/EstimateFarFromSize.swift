// The `estimate-far-from-size` rule.

enum EstimateFarFromSizeRule: SizeRule {
    static let info = RuleInfo(
        rule: .estimateFarFromSize, severity: .information,
        summary:
            "A group's estimate far from the size its subitems give it (a 1000-pt estimate for a row of 36-pt items).",
        explanation:
            "A group estimated on an axis whose subitems all have an absolute size there takes its size from them (docs/semantics.md#estimated-groups), so the estimate is only UIKit's first guess. UIKit uses it to decide how many groups are visible and how large the content is before it measures them: an estimate several times too large lays out too few groups at first and then more after measuring (extra layout passes), and one too small, too many; the scroll indicator and position jump as the real sizes arrive. The rule fires when the estimate and the size differ by a factor of 3 and by 50 pt or more. Estimate the size the subitems give.",
        examples: [
            .spec(
                #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": ↓"estimated(1000)", "subitems": [ { "width": "estimated(26)", "height": "absolute(36)" } ], "interItemSpacing": "fixed(12)" }"#,
                .group),
            .spec(
                #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "estimated(36)", "subitems": [ { "width": "estimated(26)", "height": "absolute(36)" } ], "interItemSpacing": "fixed(12)" }"#,
                .group),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .estimated(26), heightDimension: .absolute(36)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: ↓.estimated(1000)), subitems: [item])
                group.interItemSpacing = .fixed(12)
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .estimated(26), heightDimension: .absolute(36)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(36)), subitems: [item])
                group.interItemSpacing = .fixed(12)
                let section = NSCollectionLayoutSection(group: group)
                """#),
        ],
        weakEvidence: false,
        basis:
            "Apple's documentation of estimated dimensions (\"the final size … is determined when the content is rendered\"); docs/semantics.md#estimated-groups; PopPool's TagSection.swift (a 1000-pt estimate for 36-pt tags)"
    )

    static func check(_ ctx: inout RuleContext) {
        ctx.nodes.forEach { node in
            guard let el = node.element, let g = el.group, ctx.firstVisit(.estimateFarFromSize, el) else { return }
            for axis in [Axis.horizontal, .vertical] {
                // Only a size the subitems give in points (the resolver then no longer counts the axis as
                // estimated). Subitems sized as a fraction of the other axis (an aspect ratio) make the size differ
                // by device, where a placeholder estimate is common and no one number is the better estimate.
                guard let d = el.dimension(axis), d.kind == .estimated, node.replacedAxis != axis,
                    !node.isEstimated(axis),
                    !g.layout.children.isEmpty,
                    g.layout.children.allSatisfy({ $0.dimension(axis)?.kind == .absolute })
                else { continue }
                let size = node.frame.extent(axis)
                guard size > 0, max(d.value, size) >= 3 * min(d.value, size), abs(d.value - size) >= 50 else {
                    continue
                }
                let side = axis == .horizontal ? "wide" : "tall"
                let factor = d.value > size ? d.value / size : size / d.value
                let fix = sizeFix(
                    ctx.source, el, axis, dimensionText(.estimated, size), title: "Estimate \(formatPoints(size)) pt",
                    isSafe: false)
                ctx.emit(
                    .estimateFarFromSize, d.range,
                    "the group's \(axis.sizeName) is estimated at \(pt(d.value)), but its subitems make it \(pt(size)) \(side) (\(d.value > size ? "an estimate" : "a size") \(formatPoints((factor * 10).rounded() / 10)) times the \(d.value > size ? "size" : "estimate")): UIKit lays out too \(d.value > size ? "few" : "many") groups before it measures them, then again, and the scroll position jumps; estimate \(pt(size))",
                    fix: fix)
            }
        }
    }
}
