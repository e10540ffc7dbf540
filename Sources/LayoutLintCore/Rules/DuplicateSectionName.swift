// The `duplicate-section-name` rule.

enum DuplicateSectionNameRule: Rule {
    static let info = RuleInfo(
        rule: .duplicateSectionName, severity: .warning,
        summary: "Two sections with the same name.",
        explanation:
            "Names identify sections in messages, hover, the outline and explain output; two equal names make them ambiguous. The editor's quick fix renames the later section to the first free \"NAME 2\", \"NAME 3\", … (--fix leaves names alone: code outside the document may use them).",
        examples: [
            .spec(
                #"""
                {
                  "environments": ["iPhone 12"],
                  "sections": [
                    { "name": "grid", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } },
                    { "name": ↓"grid", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }
                  ]
                }
                """#, .document),
            .spec(
                #"""
                {
                  "environments": ["iPhone 12"],
                  "sections": [
                    { "name": "grid", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } },
                    { "name": "grid-2", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }
                  ]
                }
                """#, .document),
        ],
        weakEvidence: false, basis: "")
}

/// duplicate-section-name, over the sections' names (and the ranges of their "name" values) in document order.
func duplicateSectionNames(_ names: [(name: String?, range: ByteRange?)]) -> [Diagnostic] {
    var out: [Diagnostic] = []
    var first: [String: ByteRange] = [:]
    var taken = Set(names.compactMap(\.name))
    // Per name, the number its next rename tries first: each candidate is tried once in all (20 000 sections of one
    // name tried 2, 3, … again for each: 20 s).
    var next: [String: Int] = [:]
    for case let (n?, range?) in names {
        if let f = first[n] {
            // Removing a section (or its name) would lose more than the clash: the fix renames it
            // to the first free "NAME 2", "NAME 3", … (in the editor: a name may be used outside the document;
            // docs/rules.md#duplicate-section-name).
            var k = next[n] ?? 2
            while taken.contains("\(n) \(k)") { k += 1 }
            next[n] = k + 1
            let fresh = "\(n) \(k)"
            taken.insert(fresh)
            out.append(
                Diagnostic(
                    rule: .duplicateSectionName, severity: .warning,
                    message:
                        "another section is already named \"\(n)\": diagnostics, hover and explain output cannot tell them apart",
                    range: range, related: [RelatedLocation(range: f, message: "first named here")],
                    fix: Fix(
                        title: "Rename to \(jsonQuoted(fresh))",
                        edits: [TextEdit(range: range, newText: jsonQuoted(fresh))], isSafe: false)))
        } else {
            first[n] = range
        }
    }
    return out
}
