// The `swift-spelling` rule.

enum SwiftSpellingRule: Rule {
    static let info = RuleInfo(
        rule: .swiftSpelling, severity: .warning,
        summary:
            "A value written as in Swift (.horizontal, .fractionalWidth(0.5), NSCollectionLayoutDimension.estimated(44)): read as the plain value.",
        explanation:
            "Layout documents write UIKit's values without Swift's leading dot or type name. layoutlint reads the value as meant and offers a safe fix that writes it plainly (`--fix` applies it).",
        examples: [
            .spec(
                #"{ "direction": ↓".horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }"#,
                .group),
            .spec(
                #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }"#,
                .group),
        ],
        weakEvidence: false, basis: "docs/format.md")
}
