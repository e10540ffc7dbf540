// The `fraction-gap` rule.

enum FractionGapRule: SizeRule {
    static let info = RuleInfo(rule: .fractionGap, severity: .information,
        summary: "The subitems' fractions along a group's axis sum below 1 with no flexible spacing: the trailing edge stays empty.",
        explanation: "Subitems repeat while they fit; fractions such as 0.33 (for 1/3) leave a strip at the trailing edge. Write exact fractions (1/3), or use flexible spacing to spread the leftover.",
        wrong: #"{ "direction": "horizontal", "subitems": [{ "width": "fractionalWidth(0.33)", … }] }"#,
        right: #"{ "direction": "horizontal", "subitems": [{ "width": "fractionalWidth(1/3)", … }] }"#,
        weakEvidence: false, basis: "docs/semantics.md#spacing and #subitems-repeat")

    static func check(_ ctx: inout RuleContext) {
        ctx.nodes.forEach { node in
            // (A stalled group's subitems take no room: non-positive-dimension says why, and no fractions would fill it.)
            guard let el = node.element, let g = el.group, let solve = node.solve, !solve.noRoom, !solve.estimatedAlongAxis,
                  !solve.stalled, !node.children.isEmpty else { return }
            let axis = g.axis
            let sameAxis: Dimension.Kind = axis == .horizontal ? .fractionalWidth : .fractionalHeight
            switch g.layout {
            case .subitems(let items):
                guard items.allSatisfy({ $0.dimension(axis)?.kind == sameAxis }) else { return }
            default: return
            }
            // Flexible spacing or edges take the leftover on purpose; but a subgroup's flexible edges along this axis
            // take nothing (UIKit ignores the flexible part: flexible-group-edge-spacing says so), and the safe fix of
            // that finding, which changes nothing, made this one appear.
            if g.interItemSpacing?.isFlexible == true { return }
            if g.layout.children.contains(where: { e in
                guard !e.isGroup else { return false }
                let (a, b) = e.edgeSpacing?.edges(along: axis) ?? (nil, nil)
                return a?.isFlexible == true || b?.isFlexible == true
            }) { return }
            let gap = solve.available - solve.used
            // Pixel flooring leaves up to one pixel per item: that is not a gap anyone sees.
            guard gap > Double(node.children.count) / ctx.env.scale + 0.01 else { return }
            let range = el.props[g.layout.formKey]?.keyRange ?? el.range
            ctx.emit(.fractionGap, range,
                     "the subitems fill \(pt(solve.used)) of the group's \(pt(solve.available)) \(axis.sizeName): \(pt(gap)) stay empty at its trailing edge (fractions that sum to 1 fill it)")
        }
    }
}

extension SubitemLayout {
    var formKey: String {
        switch self {
        case .subitems: return "subitems"
        case .count: return "subitem"
        case .repeating: return "repeatingSubitem"
        case .frames: return "frames"
        case .missing: return "direction"
        }
    }
}
