// The `unresolved-ref` rule.

enum UnresolvedRefRule: Rule {
    static let info = RuleInfo(
        rule: .unresolvedRef, severity: .error,
        summary: "A $ref that points nowhere in this document.",
        explanation:
            "$ref takes a JSON pointer into this document (#/definitions/NAME or any element's path). layoutlint never opens files or URLs.",
        examples: [
            .spec(##"{ "$ref": ↓"#/definitions/cell" }"##, .item),
            .spec(
                ##"""
                {
                  "environments": ["iPhone 12"],
                  "definitions": { "cell": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } },
                  "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "$ref": "#/definitions/cell" } ] } } ]
                }
                """##, .document),
        ],
        weakEvidence: false, basis: "docs/format.md")
}
