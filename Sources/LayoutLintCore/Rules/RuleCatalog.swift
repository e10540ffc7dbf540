// The rule catalogue: ids, default severities and documentation, gathered from the registry (each rule's file holds
// its own). The same text serves `layoutlint rules`, docs/rules.md, the editor's hover and `codeDescription`.

public struct RuleInfo: Sendable {
    public let rule: RuleID
    public let severity: Severity
    public let summary: String
    public let explanation: String
    /// Where the rule fires and where it stays silent, in the spec format and in Swift (`RuleExample`).
    public let examples: [RuleExample]
    /// The evidence is weak (docs/semantics.md says so): the documentation says so and the severity stays advisory.
    public let weakEvidence: Bool
    public let basis: String

    public var id: String { rule.rawValue }

    public var documentationURL: String { "https://github.com/layoutlint/layoutlint/blob/main/docs/rules.md#\(id)" }

    /// The full documentation as Markdown, with the examples in both languages.
    public var markdown: String { markdown(examplesIn: [.spec, .swift]) }

    /// The documentation with the examples in `languages` only (a Swift file's hover shows Swift), or in every
    /// language when the rule has none in those.
    public func markdown(examplesIn languages: [RuleExample.Language]) -> String {
        var s = "### \(id) (\(severity))\n\n\(summary)\n\n\(explanation)\n"
        if weakEvidence {
            s += "\n**Evidence is weak:** \(basis). The rule is a heuristic and stays advisory.\n"
        } else if !basis.isEmpty {
            s += "\nBasis: \(basis).\n"
        }
        let shown = languages.contains { !examples(in: $0).isEmpty } ? languages : [.spec, .swift]
        return s + examplesMarkdown(shown)
    }
}

public enum RuleCatalog {
    public static func info(_ id: String) -> RuleInfo? { RuleID(rawValue: id).map(info) }
    public static func info(_ rule: RuleID) -> RuleInfo { byRule[rule]! }

    /// `docs/rules.md`: every rule's documentation, the page `documentationURL` points into.
    public static func documentationPage() -> String {
        var s =
            "# layoutlint rules\n\nGenerated from the rule catalogue by `layoutlint rules --markdown`; do not edit by hand.\n\n"
        s +=
            "Every diagnostic has a stable rule id and a default severity, a range on the exact text that causes it (the dimension, the spacing value, the key), the environments it holds in (a finding that holds in one environment and not another says which), a message with the computed numbers, a link to its rule's section of this page, the related locations (the element that causes it, when that is not the one flagged) and, where a mechanical fix exists, the fix as text edits: the same edits serve `lint --fix` (the safe ones only) and the editor's quick fix.\n\n"
        s +=
            "An error means that UIKit throws, asserts or cannot lay the section out, or that the document does not follow the format ([format.md](format.md)); a warning, that the layout renders other than the document reads; information and hints are advice. A finding that rests on an estimated size is at most a warning, and a rule whose evidence is weak says so below and is never an error by default. How sizes are computed, and on what evidence: [semantics.md](semantics.md). A `.layoutlint.json` changes severities or turns rules off ([interfaces.md](interfaces.md#configuration-file)); a comment silences rules on a line or in a file ([format.md](format.md#suppressions)).\n\n"
        s +=
            "Each rule's examples are in the spec format and, where the rule applies to Swift, in Swift (a section's statements run inside a function that returns a layout of that one section). `↓` marks where the rule flags; every example runs as a test, so the rule does what its examples show.\n\n"
        s += "| rule | default | summary |\n|---|---|---|\n"
        for r in all {
            s += "| [`\(r.id)`](#\(r.id)) | \(r.severity) | \(r.summary.replacingAll("|", with: "\\|")) |\n"
        }
        for r in all { s += "\n<a id=\"\(r.id)\"></a>\n\n" + r.markdown }
        return s
    }
    static let byRule: [RuleID: RuleInfo] = Dictionary(uniqueKeysWithValues: all.map { ($0.rule, $0) })

    /// Every rule, in the order of `RuleID`'s cases.
    public static let all: [RuleInfo] = RuleID.allCases.map { $0.definition.info }
}
