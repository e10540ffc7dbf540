// The `empty-section-inter-group-spacing` rule.

enum EmptySectionInterGroupSpacingRule: SizeRule {
    static let info = RuleInfo(
        rule: .emptySectionInterGroupSpacing, severity: .hint,
        summary: "A section with itemCount 0 and interGroupSpacing: UIKit still subtracts one spacing.",
        explanation:
            "Measured on macOS: a section with no items still subtracts one interGroupSpacing, so a 38 pt header with spacing 20 made an 18 pt section. Use spacing 0 when the section can be empty, or contentInsets.",
        examples: [
            .spec(
                #"{ "itemCount": 0, "interGroupSpacing": ↓20, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
            ),
            .spec(
                #"{ "itemCount": 0, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
            ),
        ],
        weakEvidence: true,
        basis:
            "one measurement on macOS with NSCollectionViewCompositionalLayout (docs/semantics.md#section-extent, PROBE)"
    )

    static func check(_ ctx: inout RuleContext) {
        for spec in ctx.specs where spec.itemCount == 0 && spec.interGroupSpacing > 0 {
            guard let site = spec.props["interGroupSpacing"] else { continue }
            ctx.emit(
                .emptySectionInterGroupSpacing, site.valueRange,
                "the section has no items but interGroupSpacing \(formatPoints(spec.interGroupSpacing)): UIKit still subtracts one spacing, so the empty section takes \(pt(spec.interGroupSpacing)) less than its headers and insets"
            )
        }
    }
}
