// The `pinned-header-z-index` rule.

enum PinnedHeaderZIndexRule: SizeRule {
    static let info = RuleInfo(
        rule: .pinnedHeaderZIndex, severity: .hint,
        summary:
            "A pinned boundary item with zIndex 1 or less in a section with a decoration item: cells can draw over it.",
        explanation:
            "Boundary items default to zIndex 1; with a decoration item the other section items are promoted to zIndex 1 as well, so a pinned header ties with the cells. Give it zIndex 2.",
        examples: [
            .spec(
                #"""
                {
                  "decorationItems": [ { "elementKind": "background" } ],
                  "boundarySupplementaryItems": [ { "elementKind": "header", "width": "fractionalWidth(1)", "height": "absolute(44)", "pinToVisibleBounds": ↓true } ],
                  "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }
                }
                """#),
            .spec(
                #"""
                {
                  "decorationItems": [ { "elementKind": "background" } ],
                  "boundarySupplementaryItems": [ { "elementKind": "header", "width": "fractionalWidth(1)", "height": "absolute(44)", "pinToVisibleBounds": true, "zIndex": 2 } ],
                  "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }
                }
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), elementKind: "header", alignment: .top)
                header.pinToVisibleBounds = ↓true
                let section = NSCollectionLayoutSection(group: group)
                section.boundarySupplementaryItems = [header]
                section.decorationItems = [NSCollectionLayoutDecorationItem.background(elementKind: "background")]
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), elementKind: "header", alignment: .top)
                header.pinToVisibleBounds = true
                header.zIndex = 2
                let section = NSCollectionLayoutSection(group: group)
                section.boundarySupplementaryItems = [header]
                section.decorationItems = [NSCollectionLayoutDecorationItem.background(elementKind: "background")]
                """#),
        ],
        weakEvidence: true,
        basis:
            "derived from the UIKit header and the decompiled defaults; no primary bug report was found (docs/semantics.md#boundary-items)"
    )

    static func check(_ ctx: inout RuleContext) {
        for spec in ctx.specs where !spec.decorationItems.isEmpty {
            for b in spec.boundarySupplementaryItems where b.pinToVisibleBounds && (b.zIndex ?? 1) <= 1 {
                let range = b.props["zIndex"]?.valueRange ?? b.props["pinToVisibleBounds"]?.valueRange ?? b.range
                let source = ctx.source
                ctx.emit(
                    .pinnedHeaderZIndex, range,
                    "this pinned \(b.elementKind ?? "supplementary") has zIndex \(b.zIndex ?? 1) and the section has a background decoration: UIKit promotes the cells to zIndex 1 too, so they can draw over it while it is pinned; give it zIndex 2",
                    // (A zIndex written in a `$ref`'d definition is every user's: the editor offers it, --fix does not.)
                    fix: Fix(
                        title: "Set zIndex to 2",
                        edits: [source.setProperty(b.props["zIndex"], in: b.range, key: "zIndex", value: "2")],
                        isSafe: b.props["zIndex"].map { $0.objectRange == b.range } ?? true))
            }
        }
    }
}
