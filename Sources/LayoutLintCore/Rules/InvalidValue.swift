// The `invalid-value` rule.

enum InvalidValueRule: SizeRule {
    static let info = RuleInfo(
        rule: .invalidValue, severity: .error,
        summary:
            "A value that is not one the property accepts (a misspelt dimension, an unknown enum case, a number out of range).",
        explanation:
            "Dimensions are fractionalWidth(F), fractionalHeight(F), absolute(N), estimated(N), uniformAcrossSiblings(estimate: N) or a number; spacing is fixed(N), flexible(N) or a number; enums take UIKit's case names. The message suggests the closest valid value. It also reports where layoutlint stopped at one of its limits (ROBUSTNESS.md): too many environments, groups nested too deep, more elements to resolve than it resolves, more subitems fitting in one group than it places there; what lies past the limit was not checked.",
        examples: [
            .spec(
                #"{ "orthogonalScrollingBehavior": ↓"groupPagingCentred", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
            ),
            .spec(
                #"{ "orthogonalScrollingBehavior": "groupPagingCentered", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
            ),
        ],
        weakEvidence: false, basis: "docs/format.md")

    /// A group cut at `ResolveLimits.maxPlacementsPerGroup` (more subitems would have fit): what lies past the cut was
    /// neither laid out nor checked, so the result must not pass for a complete one.
    static func check(_ ctx: inout RuleContext) {
        ctx.nodes.forEach { node in
            guard let el = node.element, el.isGroup, let solve = node.solve, solve.truncated else { return }
            let axis = solve.axis
            ctx.emit(
                .invalidValue, el.dimension(axis)?.range ?? el.range,
                "more subitems fit in the group's \(pt(solve.available)) \(axis.sizeName) than layoutlint places in one "
                    + "group (\(node.children.count)): it stopped there, so the rest of the group was not laid out or checked"
            )
        }
    }
}
