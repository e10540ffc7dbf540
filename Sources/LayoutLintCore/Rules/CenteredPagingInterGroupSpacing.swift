// The `centered-paging-inter-group-spacing` rule.

enum CenteredPagingInterGroupSpacingRule: SizeRule {
    static let info = RuleInfo(
        rule: .centeredPagingInterGroupSpacing, severity: .information,
        summary: "groupPagingCentered with interGroupSpacing: pages drift off centre.",
        explanation:
            "With groupPagingCentered, UIKit pages by the group's dimension and adds insets to centre each group. interGroupSpacing is not part of the page, so snap points and group positions drift apart by the spacing on every page. Put half of the spacing on the item's leading and trailing contentInsets instead.",
        examples: [
            .spec(
                #"""
                {
                  "orthogonalScrollingBehavior": "groupPagingCentered", "interGroupSpacing": ↓10,
                  "group": { "direction": "horizontal", "width": "fractionalWidth(0.8)", "height": "absolute(200)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }
                }
                """#),
            .spec(
                #"""
                {
                  "orthogonalScrollingBehavior": "groupPagingCentered",
                  "group": { "direction": "horizontal", "width": "fractionalWidth(0.8)", "height": "absolute(200)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)", "contentInsets": { "leading": 5, "trailing": 5 } } ] }
                }
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(0.8), heightDimension: .absolute(200)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .groupPagingCentered
                section.interGroupSpacing = ↓10
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                item.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 5, bottom: 0, trailing: 5)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(0.8), heightDimension: .absolute(200)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .groupPagingCentered
                """#),
        ],
        weakEvidence: true,
        basis:
            "only a maintainer remark (ASCollectionView #72) and the header's paging description support it; no Apple statement or decompiled paging code was found (docs/semantics.md#orthogonal)"
    )

    static func check(_ ctx: inout RuleContext) {
        // A partial section's group extent is unknown (nil): the drift is the spacing all the same.
        let judged: [(SectionSpec, Double?)] =
            ctx.sections.map { ($0.1, $0.2.frame.extent(ctx.layout.scrollDirection.other)) }
            + ctx.partialSections.map { ($0.spec, nil) }
        for (spec, g) in judged
        where spec.orthogonalScrollingBehavior == .groupPagingCentered && spec.interGroupSpacing != 0 {
            guard let site = spec.props["interGroupSpacing"] else { continue }
            let cross = ctx.layout.scrollDirection.other
            let s = spec.interGroupSpacing
            let apart =
                g.map { "pages are \(pt($0)) (the group) but groups sit \(pt($0 + s)) apart" }
                ?? "pages are the group's \(cross.sizeName) but groups sit \(pt(s)) more apart"
            var related: [RelatedLocation] = []
            if let o = spec.props["orthogonalScrollingBehavior"] {
                related.append(RelatedLocation(range: o.valueRange, message: "groupPagingCentered"))
            }
            let source = ctx.source
            ctx.emit(
                .centeredPagingInterGroupSpacing, site.valueRange,
                "interGroupSpacing \(formatPoints(s)) with groupPagingCentered: \(apart), so each page settles \(pt(s)) further off centre (the 3rd page \(pt(2 * s))); put \(formatPoints(s / 2)) pt on the item's leading and trailing contentInsets instead",
                related: related, fix: spacingToItemInsets(spec, site, s, axis: cross, source))
        }
    }
}

/// The centered-paging fix: drop interGroupSpacing and give each item half of it on both sides along the paging axis.
func spacingToItemInsets(_ spec: SectionSpec, _ site: PropertySite, _ s: Double, axis: Axis, _ source: SourceText)
    -> Fix?
{
    // (Not in a group or items `$ref`'d from the definitions, whose other users would change too.)
    guard let group = spec.group, whollyOwnText(group), let g = group.group else { return nil }
    let items = g.layout.children
    guard !items.isEmpty, items.allSatisfy({ !$0.isGroup && whollyOwnText($0) }) else { return nil }
    var edits = [source.removeProperty(site)]
    let (a, b) = Insets.edges(along: axis)
    for item in items {
        var i = item.contentInsets ?? Insets(range: item.range)
        // (An inset below 1 is a fraction: half of a spacing below 2 pt cannot be written as points.)
        guard [a, b].allSatisfy({ i[$0] == 0 || i[$0] >= 1 }), s / 2 >= 1 else { return nil }
        if axis == .horizontal { i.leading += s / 2; i.trailing += s / 2 } else { i.top += s / 2; i.bottom += s / 2 }
        let text = insetsText(top: i.top, leading: i.leading, bottom: i.bottom, trailing: i.trailing)
        if let p = item.props["contentInsets"] {
            edits.append(source.replace(p.valueRange, with: text))
        } else {
            edits.append(source.insertProperty(into: item.range, key: "contentInsets", value: text))
        }
    }
    // A suggestion, not `--fix`: the insets come out of each item, so every visible card is s pt narrower (304 → 294
    // pt for 10 pt); the author chooses between that and a group made narrower to keep the cards.
    return Fix(
        title:
            "Replace interGroupSpacing by \(formatPoints(s / 2)) pt item insets on each side (the cards get \(formatPoints(s)) pt narrower)",
        edits: edits, isSafe: false)
}
