// The `main-axis-fractional-height` rule.

enum MainAxisFractionalHeightRule: SizeRule {
    static let info = RuleInfo(
        rule: .mainAxisFractionalHeight, severity: .information,
        summary:
            "A root group's fractionalHeight in a vertical layout (fractionalWidth in a horizontal one): its size follows the device height and orientation.",
        explanation:
            "On the scrolling axis, a fraction is a fraction of the collection view's frame, so a 0.4 group is 337.333 pt in portrait and 156 pt in landscape on an iPhone 12. Use absolute, estimated, or fractionalWidth for an aspect ratio. The editor's fix writes the size the group has in the first environment listed, as absolute points (--fix does not apply it: the size differs in the other environments).",
        examples: [
            .spec(
                #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": ↓"fractionalHeight(0.4)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }"#,
                .group, environments: ["iPhone 12", "iPhone 12 landscape"]),
            .spec(
                #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "fractionalWidth(2/3)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }"#,
                .group, environments: ["iPhone 12", "iPhone 12 landscape"]),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: ↓.fractionalHeight(0.4)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(2.0 / 3.0)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
        ],
        weakEvidence: false, basis: "docs/semantics.md#fractional-dimensions and #common-mistakes (row 8)")

    static func check(_ ctx: inout RuleContext) {
        let main = ctx.layout.scrollDirection
        let kind: Dimension.Kind = main == .vertical ? .fractionalHeight : .fractionalWidth
        for (_, _, root) in ctx.sections {
            guard let el = root.element, let d = el.dimension(main), d.kind == kind else { continue }
            // The fix docs/rules.md#main-axis-fractional-height gives: the size it has here, as points (not safe: in other
            // environments it changes).
            let extent = root.frame.extent(main)
            let source = ctx.source
            let site = el.props[main.sizeName].flatMap { writtenInOwnObject($0, el) ? $0 : nil }
            ctx.emit(
                .mainAxisFractionalHeight, d.range,
                "\(d.swiftDescription) on the scrolling axis is a fraction of the collection view's \(main == .vertical ? "height" : "width"), which follows the device and orientation: \(pt(extent)) if the collection view is as \(main == .vertical ? "tall" : "wide") as the screen (layoutlint does not know its own size); use absolute, estimated, or \(main == .vertical ? "fractionalWidth" : "fractionalHeight") for an aspect ratio",
                fix: site.map {
                    Fix(
                        title: "Write absolute(\(formatPoints(extent)))",
                        edits: [source.replace($0.valueRange, with: "\"absolute(\(formatPoints(extent)))\"")],
                        isSafe: false)
                })
        }
    }
}
