// The `swift-spelling` rule.

enum SwiftSpellingRule: Rule {
    static let info = RuleInfo(
        rule: .swiftSpelling, severity: .warning,
        summary:
            "A value written as in Swift (.horizontal, .fractionalWidth(0.5), NSCollectionLayoutDimension.estimated(44)): read as the plain value.",
        explanation:
            "Layout documents write UIKit's values without Swift's leading dot or type name. layoutlint reads the value as meant and offers a safe fix that writes it plainly (`--fix` applies it).",
        wrong: #"{ "direction": ".horizontal", "width": ".fractionalWidth(0.5)" }"#,
        right: #"{ "direction": "horizontal", "width": "fractionalWidth(0.5)" }"#,
        weakEvidence: false, basis: "docs/format.md")
}
