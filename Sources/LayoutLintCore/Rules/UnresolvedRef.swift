// The `unresolved-ref` rule.

enum UnresolvedRefRule: Rule {
    static let info = RuleInfo(
        rule: .unresolvedRef, severity: .error,
        summary: "A $ref that points nowhere in this document.",
        explanation:
            "$ref takes a JSON pointer into this document (#/definitions/NAME or any element's path). layoutlint never opens files or URLs.",
        wrong: ##"{ "$ref": "#/definitions/cell" }   // no definition named "cell""##,
        right: ##"{ "$ref": "#/definitions/cover" }"##,
        weakEvidence: false, basis: "docs/format.md")
}
