// The `unused-definition` rule.

enum UnusedDefinitionRule: Rule {
    static let info = RuleInfo(
        rule: .unusedDefinition, severity: .hint,
        summary: "A definition that no $ref uses.",
        explanation:
            "Definitions exist to be referenced. An unused one is left over from an edit, or its reference is misspelt. A definition counts as used when a $ref in the sections, environments or configuration names it, or a used definition does: definitions that refer only to each other (or to themselves) are unused together, and --fix removes them together.",
        examples: [
            .spec(
                ##"""
                {
                  "environments": ["iPhone 12"],
                  "definitions": { "cell": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }, ↓"oldCell": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } },
                  "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "$ref": "#/definitions/cell" } ] } } ]
                }
                """##, .document),
            .spec(
                ##"""
                {
                  "environments": ["iPhone 12"],
                  "definitions": { "cell": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } },
                  "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "$ref": "#/definitions/cell" } ] } } ]
                }
                """##, .document),
        ],
        weakEvidence: false, basis: "")
}

/// unused-definition: a definition is used when a `$ref` written outside the definitions, or in a definition in use,
/// points to it or into it, whether the builder followed it or not (a `$ref` in an element that failed to build still
/// names it: removing the definition would lose it). Definitions that only refer to each other are all unused, and
/// `--fix` removes them together.
func unusedDefinitions(_ doc: LayoutDocument, source: SourceText) -> [Diagnostic] {
    // Compared as bytes (`ExactKey`), on tokens split at the scalar "/" (a `Character` split or `==` would merge
    // a "/" or a name with a following combining mark, or equate canonically equivalent names). What the builder
    // followed is not asked: it also follows the `$ref`s of unused definitions, which it builds to check them.
    let refs = doc.writtenDefinitionRefs
    let used = refs.used
    // The unused definitions that name each unused one, for its message.
    var namedBy: [ExactKey: [ExactKey]] = [:]
    for (from, targets) in refs.inside where !used.contains(from) {
        for t in targets { namedBy[t, default: []].append(from) }
    }
    var names: [ExactKey: String] = [:]
    if !namedBy.isEmpty { for def in doc.definitions { names[ExactKey(escapePointer(def.name))] = def.name } }
    // The names the `$ref`s write, compared canonically: a definition one of them names in another Unicode
    // normalisation is unused (it names no key), but it is the definition the user meant, which unresolved-ref's
    // "did you mean" points to: removing it is not safe.
    var lookAlikes: [String: [ExactKey]] = [:]
    for k in refs.roots.union(refs.inside.values.joined()) { lookAlikes[k.name, default: []].append(k) }
    var out: [Diagnostic] = []
    for def in doc.definitions {
        let key = ExactKey(escapePointer(def.name))
        guard !used.contains(key) else { continue }
        let meant = lookAlikes[escapePointer(def.name)]?.contains { $0 != key } ?? false
        var message = "definition \(jsonQuoted(def.name)) is never referenced by a $ref"
        if let from = namedBy[key]?.compactMap({ names[$0] }).sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        ), !from.isEmpty {
            let others = from.filter { !$0.sameKey(as: def.name) }
            message =
                others.isEmpty
                ? "definition \(jsonQuoted(def.name)) is referenced only by itself"
                : "definition \(jsonQuoted(def.name)) is referenced only by unused definitions (\(others.prefix(3).map(jsonQuoted).joined(separator: ", "))\(others.count > 3 ? ", …" : ""))"
        }
        if meant { message += " (a $ref writes its name in another Unicode normalisation, which names no definition)" }
        let site = PropertySite(
            key: def.name, keyRange: def.keyRange, valueRange: def.range, objectRange: def.keyRange,
            parentPath: "/definitions")
        out.append(
            Diagnostic(
                rule: .unusedDefinition, severity: .hint, message: message,
                range: def.keyRange,
                fix: Fix(title: "Remove the unused definition", edits: [source.removeProperty(site)], isSafe: !meant)))
    }
    return out
}
