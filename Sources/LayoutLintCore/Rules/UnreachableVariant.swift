// The `unreachable-variant` rule.

enum UnreachableVariantRule: Rule {
    static let info = RuleInfo(
        rule: .unreachableVariant, severity: .warning,
        summary: "A variant that no listed environment selects, or that an earlier variant always shadows.",
        explanation:
            "The first variant whose when holds applies. A variant that never applies in the document's environments is dead text, or a sign that its bounds are off (effectiveContentSize.width is the frame less the safe area, e.g. 750 pt on an iPhone 12 in landscape).",
        examples: [
            .spec(
                #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }, "variants": [ { "when": ↓{ "minWidth": 801 }, "interGroupSpacing": 8 } ] }"#
            ),
            .spec(
                #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }, "variants": [ { "when": { "minWidth": 801 }, "interGroupSpacing": 8 } ] }"#,
                environments: ["iPhone 12", "iPad"]),
        ],
        weakEvidence: false, basis: "")
}

/// unreachable-variant, for one section: `resolved` has the section as resolved in each environment (nil where it
/// was not resolved).
func unreachableVariants(_ section: Section, resolved: [(environment: LayoutEnvironment, section: ResolvedSection?)])
    -> [Diagnostic]
{
    guard !resolved.isEmpty else { return [] }
    var out: [Diagnostic] = []
    for (i, v) in section.variants.enumerated() {
        let selected = resolved.contains { $0.section?.variantIndex == i }
        guard !selected else { continue }
        let holdsSomewhere = resolved.filter { r in
            v.when.holds(in: r.environment, effectiveWidth: r.section?.effectiveContentWidth ?? r.environment.width)
        }
        let names = resolved.map(\.environment.name).joined(separator: ", ")
        let msg =
            holdsSomewhere.isEmpty
            ? "no listed environment selects this variant (\(names)): it never applies"
            : "an earlier variant always applies first where this one holds (\(holdsSomewhere.map(\.environment.name).joined(separator: ", "))): it never applies"
        out.append(
            Diagnostic(
                rule: .unreachableVariant, severity: .warning, message: msg, range: v.when.range,
                environments: resolved.map(\.environment.name)))
    }
    return out
}
