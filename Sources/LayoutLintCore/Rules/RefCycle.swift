// The `ref-cycle` rule.

enum RefCycleRule: Rule {
    static let info = RuleInfo(
        rule: .refCycle, severity: .error,
        summary: "A $ref that points back into itself: expanding it never ends.",
        explanation:
            "A group that refers to itself (directly or through other references) would contain itself for ever.",
        examples: [
            .spec(
                ##"""
                {
                  "environments": ["iPhone 12"],
                  "definitions": { "row": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "$ref": ↓"#/definitions/row" } ] } },
                  "sections": [ { "group": { "$ref": "#/definitions/row" } } ]
                }
                """##, .document),
            .spec(
                ##"""
                {
                  "environments": ["iPhone 12"],
                  "definitions": { "row": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "$ref": "#/definitions/cell" } ] }, "cell": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } },
                  "sections": [ { "group": { "$ref": "#/definitions/row" } } ]
                }
                """##, .document),
        ],
        weakEvidence: false, basis: "docs/format.md")
}
