// The `missing-property` rule.

enum MissingPropertyRule: Rule {
    static let info = RuleInfo(
        rule: .missingProperty, severity: .error,
        summary: "A required property is missing (a size's width or height, a section's group, a group's subitems…).",
        explanation:
            "NSCollectionLayoutSize needs both dimensions; a section needs a group; a group needs subitems, subitem + count, repeatingSubitem + count, or frames.",
        examples: [
            .spec(#"↓{ "width": "fractionalWidth(1)" }"#, .item),
            .spec(#"{ "width": "fractionalWidth(1)", "height": "absolute(44)" }"#, .item),
        ],
        weakEvidence: false, basis: "docs/format.md")
}
