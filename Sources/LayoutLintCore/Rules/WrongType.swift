// The `wrong-type` rule.

enum WrongTypeRule: Rule {
    static let info = RuleInfo(
        rule: .wrongType, severity: .error,
        summary: "A value of the wrong JSON type (a string where a number belongs, an array where an object belongs).",
        explanation: "Each property takes one JSON type (or a few); see docs/format.md.",
        examples: [
            .spec(
                #"{ "itemCount": ↓"12", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
            ),
            .spec(
                #"{ "itemCount": 12, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
            ),
        ],
        weakEvidence: false, basis: "docs/format.md")
}
