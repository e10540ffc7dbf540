// The `syntax` rule.

enum SyntaxRule: Rule {
    static let info = RuleInfo(
        rule: .syntax, severity: .error,
        summary: "The text is not JSON with comments.",
        explanation:
            "Layout documents are JSON with // and /* */ comments and trailing commas. The parser recovers after an error, so the rest of the document is still checked. A `\\uD800`–`\\uDFFF` escape without the other half of its surrogate pair is an error too: it encodes no character, and JSON readers such as Foundation's reject it. A syntax error is always an error: neither a suppression comment nor the config can silence or downgrade it, so a broken file never passes `lint`.",
        examples: [
            .spec(#"{ "width": "absolute(10)" ↓"height": "absolute(10)" }"#, .item),
            .spec(#"{ "width": "absolute(10)", "height": "absolute(10)" }"#, .item),
        ],
        weakEvidence: false, basis: "docs/format.md")
}
