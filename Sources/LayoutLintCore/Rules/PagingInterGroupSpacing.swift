// The `paging-inter-group-spacing` rule.

enum PagingInterGroupSpacingRule: SizeRule {
    static let info = RuleInfo(
        rule: .pagingInterGroupSpacing, severity: .warning,
        summary:
            "orthogonalScrollingBehavior paging with interGroupSpacing, section insets along the paging axis, or groups narrower than the view.",
        explanation:
            "With .paging, a page is the extent of the collection view's bounds, not the group. A narrower group, spacing, or both make page boundaries and group boundaries drift apart by the difference between the page and the group plus its spacing, a page more with every swipe (a page that is a whole number of groups and their spacing drifts nothing: one, or two or three groups a page); section insets along the paging axis shift the groups off the page edges. groupPaging pages by the group instead.",
        examples: [
            .spec(
                #"{ "orthogonalScrollingBehavior": "paging", "interGroupSpacing": ↓10, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(200)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
            ),
            .spec(
                #"{ "orthogonalScrollingBehavior": "groupPaging", "interGroupSpacing": 10, "group": { "direction": "horizontal", "width": "fractionalWidth(0.9)", "height": "absolute(200)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
            ),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .paging
                section.interGroupSpacing = ↓10
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(0.9), heightDimension: .absolute(200)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .groupPaging
                section.interGroupSpacing = 10
                """#),
        ],
        weakEvidence: false,
        basis: "the UIKit header's description of the paging behaviours (docs/semantics.md#orthogonal); seed 000")

    static func check(_ ctx: inout RuleContext) {
        let cross = ctx.layout.scrollDirection.other
        // A partial section (its group's size unknown, `root` nil) is judged on its insets only.
        let judged: [(ResolvedSection, SectionSpec, ResolvedNode?)] =
            ctx.sections.map { ($0.0, $0.1, $0.2) } + ctx.partialSections.map { ($0.section, $0.spec, nil) }
        for (section, spec, root) in judged where spec.orthogonalScrollingBehavior == .paging {
            let page = cross == .horizontal ? section.frame.width : section.frame.height
            let toGroupPaging: Fix? = spec.props["orthogonalScrollingBehavior"].map {
                Fix(
                    title: "Page by the group (groupPaging)",
                    edits: [ctx.source.replace($0.valueRange, with: "\"groupPaging\"")], isSafe: false)
            }
            let why = "with paging, each page is the view's \(pt(page))"
            // One pitch, the group and the spacing after it: a page starts on a group's edge when it is a whole number
            // of pitches (one, or two and three groups a page); else pages and groups drift apart by what is left over,
            // whatever makes it (a narrower group, spacing, or both). Two findings on one pitch contradicted each other
            // (−29 pt and 39 pt), and 2-up pagers were flagged.
            let (a, b) = Insets.edges(along: cross)
            if let ins = spec.contentInsets, ins[a] != 0 || ins[b] != 0 {
                ctx.emit(
                    .pagingInterGroupSpacing, ins.range,
                    "\(why) but the section's \(a.rawValue)/\(b.rawValue) insets (\(formatPoints(ins[a])), \(formatPoints(ins[b]))) shift the groups off the page edges; use groupPaging",
                    fix: toGroupPaging)
            }
            guard let root else { continue }
            let extent = root.frame.extent(cross)
            let pitch = extent + spec.interGroupSpacing
            let whole = pitch > 0.25 ? (page / pitch).rounded(.down) : 0
            let over = pitch > 0.25 ? page - whole * pitch : 0 // how far past a group's edge each page ends
            let spacingSite = spec.interGroupSpacing != 0 ? spec.props["interGroupSpacing"] : nil
            let dimension = abs(extent - page) > 0.25 ? root.element?.dimension(cross) : nil
            // Pixel flooring leaves up to a pixel per group: not a drift anyone sees.
            let tolerance = max(0.25, (whole + 1) / ctx.env.scale + 0.01)
            if over > tolerance, pitch - over > tolerance, let range = spacingSite?.valueRange ?? dimension?.range {
                let parts =
                    spec.interGroupSpacing != 0
                    ? "groups are \(pt(pitch)) apart (the \(pt(extent)) group and interGroupSpacing \(formatPoints(spec.interGroupSpacing)))"
                    : "the group is \(pt(extent))"
                let drift =
                    whole >= 1
                    ? "each page runs \(pt(over)) further ahead of the groups"
                    : "each page falls \(pt(pitch - page)) further behind the groups"
                var related: [RelatedLocation] = []
                if spacingSite != nil, let d = dimension {
                    related.append(RelatedLocation(range: d.range, message: "the group's \(cross.sizeName)"))
                }
                ctx.emit(
                    .pagingInterGroupSpacing, range, "\(why) but \(parts): \(drift); use groupPaging",
                    related: related, fix: toGroupPaging)
            }
        }
    }
}
