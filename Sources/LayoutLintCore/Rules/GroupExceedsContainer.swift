// The `group-exceeds-container` rule.

enum GroupExceedsContainerRule: SizeRule {
    static let info = RuleInfo(
        rule: .groupExceedsContainer, severity: .warning,
        summary:
            "A root group wider (vertical layout; taller in a horizontal one) than its section, in a section that does not scroll sideways or that pages by groups.",
        explanation:
            "A section's root group is sized against the collection view less the reference and section insets. An absolute size larger than that is not clipped by UIKit's solver: the content runs past the view's edge (or the whole view scrolls sideways). Use orthogonalScrollingBehavior for a carousel, or a fractional width. In a section that scrolls sideways and comes to rest at a group's edge (groupPaging, groupPagingCentered, continuousGroupLeadingBoundary), a group wider than the section never shows whole: each page cuts part of it off. This is the mistake of a group sized from the container's contentSize (the whole view) where the section's insets reference is the safe area: it fits in portrait and not in landscape, where the safe area is narrower than the view. (A continuous carousel scrolls any group into view, and paging moves by the section's width: neither is flagged.)",
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
            .spec(
                #"{ "orthogonalScrollingBehavior": "groupPagingCentered", "contentInsets": { "leading": 20, "trailing": 20 }, "group": { "direction": "horizontal", "width": ↓"absolute(852)", "height": "absolute(50)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#,
                environments: ["iPhone 12 landscape"]),
            .spec(
                #"{ "orthogonalScrollingBehavior": "groupPagingCentered", "contentInsets": { "leading": 20, "trailing": 20 }, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#,
                environments: ["iPhone 12 landscape"]),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: ↓.absolute(1000), heightDimension: .absolute(50)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .groupPagingCentered
                """#),
        ],
        weakEvidence: false,
        basis: "docs/semantics.md#fractional-dimensions; seed 000 (a 650 pt group in a 390 pt view)")

    static func check(_ ctx: inout RuleContext) {
        let main = ctx.layout.scrollDirection
        let cross = main.other
        for (section, spec, root) in ctx.sections where !section.noRoom {
            let behavior = spec.orthogonalScrollingBehavior
            // A continuous carousel scrolls a wide group into view, and `.paging` pages by the section's width; the
            // behaviours that come to rest at a group's edge cannot show a group wider than the section.
            let snapsToGroups = [.groupPaging, .groupPagingCentered, .continuousGroupLeadingBoundary].contains(behavior)
            guard behavior == .none || snapsToGroups, let el = root.element, let d = el.dimension(cross) else {
                continue
            }
            let available =
                (cross == .horizontal ? section.containerWidth : section.containerHeight)
                - (cross == .horizontal
                    ? section.contentInsets.leading + section.contentInsets.trailing
                    : section.contentInsets.top + section.contentInsets.bottom)
            let extent = root.frame.extent(cross)
            guard extent > available + 0.25, !root.isEstimated(cross) else { continue }
            if snapsToGroups {
                let side = cross == .horizontal ? "wide" : "tall"
                let cut =
                    behavior == .groupPagingCentered
                    ? "\(pt((extent - available) / 2)) of it on each side" : "its last \(pt(extent - available))"
                ctx.emit(
                    .groupExceedsContainer, d.range,
                    "the group is \(pt(extent)) \(side) but its section shows \(pt(available)): with \(behavior.rawValue) scrolling each group comes to rest with \(cut) out of view, which the user cannot scroll to; size the group to the section (a fractional \(cross.sizeName), or the container's effectiveContentSize less the insets)"
                )
                continue
            }
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
