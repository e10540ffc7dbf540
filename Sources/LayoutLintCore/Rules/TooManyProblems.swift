// The `too-many-problems` rule.

enum TooManyProblemsRule: Rule {
    static let info = RuleInfo(
        rule: .tooManyProblems, severity: .error,
        summary:
            "The document has more problems than layoutlint lists (10 000); this one counts the rest and is as severe as the worst of them.",
        explanation:
            "A document lists at most 10 000 diagnostics, the first ones in document order. Past them one more, at the place of the first one left out, says how many there are by severity and is as severe as the worst of them. Exit codes, `--max-warnings` and the summary count them all. It happens to documents that are not layout documents (about one syntax error per token) and to generated ones; fix the first problems, often one syntax error, and lint again. It cannot be suppressed or configured: it stands for problems that were not shown.",
        examples: [
            .spec(
                #"{ "name": "feed", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
            )
        ],
        weakEvidence: false, basis: "ROBUSTNESS.md, Limits")
}
