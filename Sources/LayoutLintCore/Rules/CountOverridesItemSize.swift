// The `count-overrides-item-size` rule.

enum CountOverridesItemSizeRule: SizeRule {
    static let info = RuleInfo(
        rule: .countOverridesItemSize, severity: .hint,
        summary: "subitem + count where the subitem declares a size along the axis that UIKit replaces by 1/count.",
        explanation:
            "horizontal(layoutSize:subitem:count:) (iOS 13) copies the item and replaces its size along the group's axis with 1/count of the group: the declared size is ignored. Write the full fraction (fractionalWidth(1)) so the spec reads as it renders, or use repeatingSubitem (iOS 16) to keep the item's own size.",
        examples: [
            .spec(
                #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitem": { "width": ↓"absolute(100)", "height": "fractionalHeight(1)" }, "count": 3 }"#,
                .group),
            .spec(
                #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitem": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }, "count": 3 }"#,
                .group),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: ↓.absolute(100), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitem: item, count: 3)
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .spec(
                #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitem": { "width": ↓"estimated(100)", "height": "fractionalHeight(1)" }, "count": 3 }"#,
                .group),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: ↓.estimated(100), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitem: item, count: 3)
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitem: item, count: 3)
                let section = NSCollectionLayoutSection(group: group)
                """#),
        ],
        weakEvidence: false,
        basis:
            "the iOS 26.1 decompile of NSCollectionLayoutGroup; Apple's sample code (docs/semantics.md#count); seed 000"
    )

    static func check(_ ctx: inout RuleContext) {
        ctx.nodes.forEach { node in
            guard let g = node.element?.group, case .count(let item, let n) = g.layout, let d = item.dimension(g.axis)
            else { return }
            let sameAxisFraction =
                (g.axis == .horizontal && d.kind == .fractionalWidth)
                || (g.axis == .vertical && d.kind == .fractionalHeight)
            if sameAxisFraction && (abs(d.value - 1) < 1e-9 || abs(d.value - 1 / Double(n)) < 1e-3) { return }
            let actual = node.children.first?.frame.extent(g.axis) ?? 0
            // (An absolute size that 1/count of the group gives anyway renders as written.)
            if d.kind == .absolute && abs(actual - d.value) < 0.5 { return }
            let k: Dimension.Kind = g.axis == .horizontal ? .fractionalWidth : .fractionalHeight
            let fix = sizeFix(
                ctx.source, item, g.axis, dimensionText(k, 1), title: "Write the size UIKit uses (\(k.rawValue)(1))",
                isSafe: true)
            ctx.emit(
                .countOverridesItemSize, d.range,
                "with subitem + count, UIKit replaces this \(g.axis.sizeName) (\(d.swiftDescription)) by 1/\(n) of the group: each item is \(pt(actual)); write \(k.rawValue)(1), or use repeatingSubitem to keep the item's own size",
                fix: fix)
        }
    }
}
