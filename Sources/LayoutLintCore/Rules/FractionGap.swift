// The `fraction-gap` rule.

enum FractionGapRule: SizeRule {
    static let info = RuleInfo(
        rule: .fractionGap, severity: .information,
        summary:
            "The subitems' fractions along a group's axis sum below 1 with no flexible spacing: the trailing edge stays empty.",
        explanation:
            "Subitems repeat while they fit; fractions such as 0.33 (for 1/3) leave a strip at the trailing edge. Write exact fractions (1/3), or use flexible spacing to spread the leftover. The strip that negative fixed spacing leaves (offset columns pulled back on purpose) is not the fractions' and is not counted.",
        examples: [
            .spec(
                #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", ↓"subitems": [ { "width": "fractionalWidth(0.3)", "height": "fractionalHeight(1)" } ] }"#,
                .group),
            .spec(
                #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ { "width": "fractionalWidth(1/3)", "height": "fractionalHeight(1)" } ] }"#,
                .group),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(0.3), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: ↓[item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1.0 / 3.0), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
        ],
        weakEvidence: false, basis: "docs/semantics.md#spacing and #subitems-repeat")

    static func check(_ ctx: inout RuleContext) {
        ctx.nodes.forEach { node in
            // (A stalled group's subitems take no room: non-positive-dimension says why, and no fractions would fill it.)
            guard let el = node.element, let g = el.group, let solve = node.solve, !solve.noRoom,
                !solve.estimatedAlongAxis,
                !solve.stalled, !node.children.isEmpty
            else { return }
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
            }) {
                return
            }
            let gap = solve.available - solve.used
            // Negative fixed spacing pulls the subitems back and leaves its own strip (a waterfall's offset columns
            // do it on purpose): the part of the gap the fractions leave is what is left without it.
            let negative = Self.negativeSpacing(of: node.children, interItem: g.interItemSpacing, along: axis)
            let fractionsGap = gap + negative
            // Pixel flooring leaves up to one pixel per item: that is not a gap anyone sees.
            guard fractionsGap > Double(node.children.count) / ctx.env.scale + 0.01 else { return }
            let range = el.props[g.layout.formKey]?.keyRange ?? el.range
            let spacingPart = negative < 0 ? ", \(pt(-negative)) of it from negative spacing" : ""
            ctx.emit(
                .fractionGap, range,
                "the subitems fill \(pt(solve.used)) of the group's \(pt(solve.available)) \(axis.sizeName): \(pt(gap)) stay empty at its trailing edge\(spacingPart) (fractions that sum to 1 fill it)"
            )
        }
    }
}

extension FractionGapRule {
    /// The sum of the negative fixed spacing between and around the placed subitems along `axis` (0 or less).
    static func negativeSpacing(of children: [ResolvedNode], interItem: Spacing?, along axis: Axis) -> Double {
        var sum = 0.0
        for child in children {
            let (a, b) = child.element?.edgeSpacing?.edges(along: axis) ?? (nil, nil)
            for s in [a, b] { if let s, !s.isFlexible, s.value < 0 { sum += s.value } }
        }
        if let i = interItem, !i.isFlexible, i.value < 0, children.count > 1 {
            sum += i.value * Double(children.count - 1)
        }
        return sum
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
