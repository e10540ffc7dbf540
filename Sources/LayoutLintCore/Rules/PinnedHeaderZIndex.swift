// The `pinned-header-z-index` rule.

enum PinnedHeaderZIndexRule: SizeRule {
    static let info = RuleInfo(
        rule: .pinnedHeaderZIndex, severity: .hint,
        summary:
            "A pinned boundary item with zIndex 1 or less in a section with a decoration item: cells can draw over it.",
        explanation:
            "Boundary items default to zIndex 1; with a decoration item the other section items are promoted to zIndex 1 as well, so a pinned header ties with the cells. Give it zIndex 2.",
        wrong: #"{ "elementKind": "header", "pinToVisibleBounds": true, … }   // section with decorationItems"#,
        right: #"{ "elementKind": "header", "pinToVisibleBounds": true, "zIndex": 2, … }"#,
        weakEvidence: true,
        basis:
            "derived from the UIKit header and the decompiled defaults; no primary bug report was found (docs/semantics.md#boundary-items)"
    )

    static func check(_ ctx: inout RuleContext) {
        for (_, spec, _) in ctx.sections where !spec.decorationItems.isEmpty {
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
