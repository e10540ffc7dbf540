// The `group-paging-item-narrowed` rule.

enum GroupPagingItemNarrowedRule: SizeRule {
    static let info = RuleInfo(
        rule: .groupPagingItemNarrowed, severity: .hint,
        summary:
            "groupPaging with a group as wide as its section whose item is narrower: nothing of the next page peeks in.",
        explanation:
            "With groupPaging, each page is the group. A full-width group with a narrower item pages by the full width, so the next item never shows at the edge. Make the group narrower (e.g. fractionalWidth(0.9)) and the item full width.",
        examples: [
            .spec(
                #"{ "orthogonalScrollingBehavior": "groupPaging", "group": { "direction": "horizontal", "width": ↓"fractionalWidth(1)", "height": "absolute(200)", "subitems": [ { "width": "fractionalWidth(0.9)", "height": "fractionalHeight(1)" } ] } }"#
            ),
            .spec(
                #"{ "orthogonalScrollingBehavior": "groupPaging", "group": { "direction": "horizontal", "width": "fractionalWidth(0.9)", "height": "absolute(200)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
            ),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(0.9), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: ↓.fractionalWidth(1), heightDimension: .absolute(200)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .groupPaging
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(0.9), heightDimension: .absolute(200)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .groupPaging
                """#),
        ],
        weakEvidence: false, basis: "seed 002")

    static func check(_ ctx: inout RuleContext) {
        let cross = ctx.layout.scrollDirection.other
        for (section, spec, root) in ctx.sections
        where spec.orthogonalScrollingBehavior == .groupPaging
            || spec.orthogonalScrollingBehavior == .groupPagingCentered
        {
            let container =
                cross == .horizontal
                ? section.containerWidth - section.contentInsets.leading - section.contentInsets.trailing
                : section.containerHeight - section.contentInsets.top - section.contentInsets.bottom
            guard let gd = root.element?.dimension(cross), root.frame.extent(cross) >= container - 0.25,
                let first = root.children.first, let el = first.element, let idim = el.dimension(cross),
                first.frame.extent(cross) < root.frame.extent(cross) - 0.25, root.children.count == 1
            else { continue }
            var fix: Fix?
            if idim.isFractional, let gsite = root.element?.props[cross.sizeName], let isite = el.props[cross.sizeName]
            {
                let k: Dimension.Kind = cross == .horizontal ? .fractionalWidth : .fractionalHeight
                fix = Fix(
                    title:
                        "Make the group \(formatPoints(idim.value)) of the container and the item full \(cross.sizeName)",
                    edits: [
                        ctx.source.replace(gsite.valueRange, with: dimensionText(k, idim.value)),
                        ctx.source.replace(isite.valueRange, with: dimensionText(k, 1)),
                    ], isSafe: false)
            }
            ctx.emit(
                .groupPagingItemNarrowed, gd.range,
                "the group is as \(cross == .horizontal ? "wide" : "tall") as the section (\(pt(root.frame.extent(cross)))) and its item only \(pt(first.frame.extent(cross))): each page is the whole group, so nothing of the next page peeks in; narrow the group instead of the item",
                related: [RelatedLocation(range: idim.range, message: "the narrower item")], fix: fix)
        }
    }
}
