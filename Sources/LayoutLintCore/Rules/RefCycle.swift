// The `ref-cycle` rule.

enum RefCycleRule: Rule {
    static let info = RuleInfo(
        rule: .refCycle, severity: .error,
        summary: "A $ref that points back into itself: expanding it never ends.",
        explanation:
            "A group that refers to itself (directly or through other references) would contain itself for ever.",
        wrong:
            ##"{ "definitions": { "row": { "direction": "horizontal", …, "subitems": [{ "$ref": "#/definitions/row" }] } } }"##,
        right:
            ##"{ "definitions": { "row": { "direction": "horizontal", …, "subitems": [{ "$ref": "#/definitions/cell" }] } } }"##,
        weakEvidence: false, basis: "docs/format.md")
}
