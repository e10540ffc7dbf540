// The `compounded-fraction` rule.

enum CompoundedFractionRule: SizeRule {
    static let info = RuleInfo(
        rule: .compoundedFraction, severity: .warning,
        summary:
            "A subitem given the same fraction as its group across the group's axis (0.5 of a 0.5 group): fractions are of the parent, so it fills a quarter of the row.",
        explanation:
            "A fractional size is a fraction of the element's container: the group, for a subitem; not the section. Across its axis a group places one subitem, so a subitem of fractionalWidth(0.5) in a vertical group of fractionalWidth(0.5) is 0.25 of the row and leaves three quarters of it empty, where the code reads as a half. The rule fires when the product leaves more than half of the row empty. Write fractionalWidth(1) for the subitem to fill its group; the group's own fraction sets the width.",
        examples: [
            .spec(
                #"{ "direction": "vertical", "width": "fractionalWidth(0.5)", "height": "absolute(200)", "subitems": [ { "width": ↓"fractionalWidth(0.5)", "height": "fractionalHeight(0.5)" } ] }"#,
                .group),
            .spec(
                #"{ "direction": "vertical", "width": "fractionalWidth(0.5)", "height": "absolute(200)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(0.5)" } ] }"#,
                .group),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: ↓.fractionalWidth(0.5), heightDimension: .fractionalHeight(0.5)))
                let column = NSCollectionLayoutGroup.vertical(layoutSize: .init(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(200)), subitems: [item])
                let section = NSCollectionLayoutSection(group: column)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)))
                let column = NSCollectionLayoutGroup.vertical(layoutSize: .init(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(200)), subitems: [item])
                let section = NSCollectionLayoutSection(group: column)
                """#),
        ],
        weakEvidence: false,
        basis:
            "Apple's documentation of NSCollectionLayoutDimension (\"a dimension relative to … the width of the item's container\"; docs/semantics.md#fractional-dimensions)"
    )

    static func check(_ ctx: inout RuleContext) {
        ctx.nodes.forEach { node in
            guard let el = node.element, let g = el.group, ctx.firstVisit(.compoundedFraction, el) else { return }
            let cross = g.axis.other
            let kind: Dimension.Kind = cross == .horizontal ? .fractionalWidth : .fractionalHeight
            guard let gd = el.dimension(cross), gd.kind == kind, gd.value < 1, gd.value * gd.value < 0.5,
                !node.isEstimated(cross)
            else { return }
            for child in g.layout.children {
                guard let cd = child.dimension(cross), cd.kind == kind, abs(cd.value - gd.value) < 1e-6 else {
                    continue
                }
                let parent = node.frame.extent(cross)
                let row = parent / gd.value
                let own =
                    node.children.first(where: { $0.element === child })?.frame.extent(cross) ?? parent * cd.value
                let empty = Int(((1 - cd.value * gd.value) * 100).rounded())
                let fix = sizeFix(
                    ctx.source, child, cross, dimensionText(kind, 1), title: "Fill the group (\(kind.rawValue)(1))",
                    isSafe: false)
                ctx.emit(
                    .compoundedFraction, cd.range,
                    "this \(child.kindName) is \(kind.rawValue)(\(formatPoints(cd.value))) of a group that is itself \(kind.rawValue)(\(formatPoints(gd.value))): fractions are of the parent, so it is \(pt(own)) of a \(pt(row)) row and leaves \(empty)% of it empty; write \(kind.rawValue)(1) to fill the group",
                    related: [RelatedLocation(range: gd.range, message: "the group's \(cross.sizeName)")], fix: fix)
            }
        }
    }
}
