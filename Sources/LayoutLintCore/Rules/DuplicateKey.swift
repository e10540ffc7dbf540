// The `duplicate-key` rule.

enum DuplicateKeyRule: Rule {
    static let info = RuleInfo(
        rule: .duplicateKey, severity: .warning,
        summary: "An object names the same key twice; the last one wins.",
        explanation:
            "JSON parsers keep only one of two equal keys (the last, for most). The first value is silently lost.",
        examples: [
            .spec(#"{ "width": "absolute(10)", ↓"width": "absolute(20)", "height": "absolute(10)" }"#, .item),
            .spec(#"{ "width": "absolute(20)", "height": "absolute(10)" }"#, .item),
        ],
        weakEvidence: false, basis: "docs/format.md")
}
