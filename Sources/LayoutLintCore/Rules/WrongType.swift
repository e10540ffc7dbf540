// The `wrong-type` rule.

enum WrongTypeRule: Rule {
    static let info = RuleInfo(
        rule: .wrongType, severity: .error,
        summary: "A value of the wrong JSON type (a string where a number belongs, an array where an object belongs).",
        explanation: "Each property takes one JSON type (or a few); see docs/format.md.",
        wrong: #"{ "itemCount": "12" }"#,
        right: #"{ "itemCount": 12 }"#,
        weakEvidence: false, basis: "docs/format.md")
}
