// The `swift-assumption` rule.

enum SwiftAssumptionRule: Rule {
    static let info = RuleInfo(
        rule: .swiftAssumption, severity: .information,
        summary:
            "A Swift layout that layoutlint read under an assumption: a condition on app state taken as true, a stored var read at its initial value, or an API the spec approximates.",
        explanation:
            "Where the layout branches on something only the running app knows, layoutlint reads the first branch (the `if`, the first `case`) and says so here, so that no number it shows is a silent guess. A `var` property is read at the value the source gives it.",
        wrong: "if isPremium { section.orthogonalScrollingBehavior = .groupPaging }",
        right:
            "// layoutlint-disable-next-line swift-assumption -- the premium layout is the one to check\nif isPremium { section.orthogonalScrollingBehavior = .groupPaging }",
        weakEvidence: false, basis: "docs/swift.md#assumptions")
}
