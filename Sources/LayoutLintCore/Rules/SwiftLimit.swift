// The `swift-limit` rule.

enum SwiftLimitRule: Rule {
    static let info = RuleInfo(
        rule: .swiftLimit, severity: .warning,
        summary:
            "Reading a Swift layout stopped at a bound: steps, call depth, loop iterations, expression depth, the file's size or bracket nesting.",
        explanation:
            "The evaluator is bounded so that no input can make it hang: a loop that does not end, helpers that call each other forever, a generated file of megabytes. What lies past the bound is not checked.",
        wrong: "func width() -> CGFloat { width() }",
        right: "func width() -> CGFloat { 120 }",
        weakEvidence: false, basis: "ROBUSTNESS.md#limits")
}
