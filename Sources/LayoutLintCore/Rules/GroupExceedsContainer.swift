// The `group-exceeds-container` rule.

enum GroupExceedsContainerRule: SizeRule {
    static let info = RuleInfo(
        rule: .groupExceedsContainer, severity: .warning,
        summary:
            "A root group wider (vertical layout; taller in a horizontal one) than its section, in a section that does not scroll sideways.",
        explanation:
            "A section's root group is sized against the collection view less the reference and section insets. An absolute size larger than that is not clipped by UIKit's solver: the content runs past the view's edge (or the whole view scrolls sideways). Use orthogonalScrollingBehavior for a carousel, or a fractional width.",
        examples: [
            .spec(
                #"{ "group": { "direction": "horizontal", "width": ↓"absolute(650)", "height": "absolute(200)", "subitems": [ { "width": "absolute(650)", "height": "absolute(200)" } ] } }"#
            ),
            .spec(
                #"{ "orthogonalScrollingBehavior": "continuous", "group": { "direction": "horizontal", "width": "absolute(650)", "height": "absolute(200)", "subitems": [ { "width": "absolute(650)", "height": "absolute(200)" } ] } }"#
            ),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: ↓.absolute(650), heightDimension: .absolute(200)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .absolute(650), heightDimension: .absolute(200)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .continuous
                """#),
        ],
        weakEvidence: false,
        basis: "docs/semantics.md#fractional-dimensions; seed 000 (a 650 pt group in a 390 pt view)")

    static func check(_ ctx: inout RuleContext) {
        let main = ctx.layout.scrollDirection
        let cross = main.other
        for (section, spec, root) in ctx.sections where spec.orthogonalScrollingBehavior == .none && !section.noRoom {
            guard let el = root.element, let d = el.dimension(cross) else { continue }
            let available =
                (cross == .horizontal ? section.containerWidth : section.containerHeight)
                - (cross == .horizontal
                    ? section.contentInsets.leading + section.contentInsets.trailing
                    : section.contentInsets.top + section.contentInsets.bottom)
            let extent = root.frame.extent(cross)
            guard extent > available + 0.25, !root.isEstimated(cross) else { continue }
            let fix: Fix? =
                spec.props["orthogonalScrollingBehavior"] == nil
                ? Fix(
                    title: "Scroll the section sideways (orthogonalScrollingBehavior: continuous)",
                    edits: [
                        ctx.source.insertProperty(
                            into: spec.range, key: "orthogonalScrollingBehavior", value: "\"continuous\"")
                    ], isSafe: false)
                : nil
            ctx.emit(
                .groupExceedsContainer, d.range,
                "the group is \(pt(extent)) \(cross == .horizontal ? "wide" : "tall") but its section has \(pt(available)) and does not scroll \(cross == .horizontal ? "sideways" : "vertically"): \(pt(extent - available)) of it are cut off; use orthogonalScrollingBehavior or a fractional \(cross.sizeName)",
                fix: fix)
        }
    }
}
