// The `unmatched-environment` rule.

enum UnmatchedEnvironmentRule: SizeRule {
    static let info = RuleInfo(
        rule: .unmatchedEnvironment, severity: .error,
        summary:
            "A section with variants has no variant and no keys of its own for an environment: the section provider returns nil.",
        explanation:
            "Variants stand for a section provider that looks at the environment. Where no variant's when holds and the section has no group of its own, there is nothing to return and UIKit cannot lay the section out. The editor's quick fix copies the last variant's group into the section as its default (--fix does not choose a layout for you).",
        examples: [
            .spec(
                #"{ ↓"variants": [ { "when": { "minWidth": 801 }, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } } ] }"#,
                environments: ["iPhone 12", "iPad"]),
            .spec(
                #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }, "variants": [ { "when": { "minWidth": 801 }, "interGroupSpacing": 8 } ] }"#,
                environments: ["iPhone 12", "iPad"]),
        ],
        weakEvidence: false, basis: "seed 004")

    static func check(_ ctx: inout RuleContext) {
        for s in ctx.layout.sections where s.spec == nil && !s.section.variants.isEmpty && !s.section.hasOwnKeys {
            let range = s.section.base.props["variants"]?.keyRange ?? s.section.range
            let env = ctx.env
            // The default docs/rules.md#unmatched-environment offers: the last variant's group (written in the variant,
            // and parsing cleanly) copied into the section: the last variant is usually the widest-reaching, and a copy,
            // not a `$ref` to the variant, keeps the section's results independent of its index. Not safe: it chooses a
            // layout for the environment.
            let source = ctx.source, section = s.section
            func defaultGroup() -> Fix? {
                guard let v = section.variants.last(where: { $0.spec.props["group"] != nil }),
                    let g = v.spec.props["group"],
                    g.objectRange == v.range
                else { return nil }
                let text = source.text(g.valueRange)
                guard countSyntaxErrors(Array(text.utf8)) == 0 else { return nil }
                return Fix(
                    title: "Give the section a default group (the last variant's)",
                    edits: [source.insertProperty(into: section.range, key: "group", copying: g.valueRange)],
                    isSafe: false)
            }
            ctx.emit(
                .unmatchedEnvironment, range,
                "no variant applies (effectiveContentSize.width \(pt(s.effectiveContentWidth)), \(env.horizontalSizeClass.rawValue) width, \(env.verticalSizeClass.rawValue) height) and the section has no keys of its own: the section provider returns nil and UIKit cannot lay out the section; add a default group",
                fix: defaultGroup())
        }
    }
}
