// The `repeating-count-gap` rule.

enum RepeatingCountGapRule: SizeRule {
    static let info = RuleInfo(
        rule: .repeatingCountGap, severity: .warning,
        summary: "repeatingSubitem + count whose items and spacing leave a gap at the group's trailing edge.",
        explanation:
            "horizontal(layoutSize:repeatingSubitem:count:) keeps the item's size and places exactly count items: when they do not add up to the group's size, the rest stays empty. fractionalWidth(1/count) fills the group.",
        examples: [
            .spec(
                #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "interItemSpacing": 10, "repeatingSubitem": { "width": ↓"absolute(100)", "height": "fractionalHeight(1)" }, "count": 3 }"#,
                .group),
            .spec(
                #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "interItemSpacing": 10, "repeatingSubitem": { "width": "fractionalWidth(1/3)", "height": "fractionalHeight(1)" }, "count": 3 }"#,
                .group),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: ↓.absolute(100), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), repeatingSubitem: item, count: 3)
                group.interItemSpacing = .fixed(10)
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1.0 / 3.0), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), repeatingSubitem: item, count: 3)
                group.interItemSpacing = .fixed(10)
                let section = NSCollectionLayoutSection(group: group)
                """#),
        ],
        weakEvidence: false,
        basis: "Apple's documentation of repeatingSubitem; the iOS 26.1 decompile (docs/semantics.md#count)")

    static func check(_ ctx: inout RuleContext) {
        ctx.nodes.forEach { node in
            guard let el = node.element, let g = el.group, case .repeating(let item, let n) = g.layout,
                let solve = node.solve,
                !solve.estimatedAlongAxis, g.interItemSpacing?.isFlexible != true
            else { return }
            let gap = solve.available - solve.used
            guard gap > 0.25 + Double(n) / ctx.env.scale, let d = item.dimension(g.axis), !d.isEstimated else { return }
            let k: Dimension.Kind = g.axis == .horizontal ? .fractionalWidth : .fractionalHeight
            var fix: Fix?
            if let site = item.props[g.axis.sizeName] {
                fix = Fix(
                    title: "Make the item \(k.rawValue)(1/\(n))",
                    edits: [ctx.source.replace(site.valueRange, with: "\"\(k.rawValue)(1/\(n))\"")], isSafe: false)
            }
            ctx.emit(
                .repeatingCountGap, d.range,
                "\(n) × \(pt(node.children.first?.frame.extent(g.axis) ?? 0)) items\(solve.spacing != 0 ? " and their spacing" : "") use \(pt(solve.used)) of the group's \(pt(solve.available)): \(pt(gap)) stay empty at its trailing edge",
                fix: fix)
        }
    }
}
