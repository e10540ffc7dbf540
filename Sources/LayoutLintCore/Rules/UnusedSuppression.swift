// The `unused-suppression` rule.

enum UnusedSuppressionRule: Rule {
    static let info = RuleInfo(
        rule: .unusedSuppression, severity: .warning,
        summary: "A layoutlint-disable comment (or a rule named in one) that silences nothing.",
        explanation:
            "A suppression that no longer silences a finding hides nothing today but would hide a real finding tomorrow. A rule id that is not a rule is reported here too, with the closest id. A run narrowed to some environments (`--environment`) reports only the latter: a rule that does not fire there may fire in another environment.",
        wrong: #"// layoutlint-disable-next-line group-overflow   (and the next line has no overflow)"#,
        right: #"(no comment)"#,
        weakEvidence: false, basis: "docs/format.md")
}
