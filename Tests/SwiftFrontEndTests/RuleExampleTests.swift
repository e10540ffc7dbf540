// Every rule's catalogue examples run: the rule fires where an example marks a place (`↓`), and nowhere else in it;
// an example with no mark lints clean. The examples are docs/rules.md's and the hover's, so what the documentation
// shows is what the rule does, in both front ends.

import Foundation
import LayoutLintCore
import LayoutLintSwift
import Testing

/// The diagnostics of an example run as a document or file of its own.
func exampleDiagnostics(_ e: RuleExample, text: String) -> [Diagnostic] {
    switch e.language {
    case .spec: return lint(bytes: Array(text.utf8)).diagnostics
    case .swift: return SwiftFrontEnd.lint([("Example.swift", Array(text.utf8))])[0].diagnostics
    }
}

struct CatalogExample: CustomStringConvertible, Sendable {
    let rule: RuleInfo
    let index: Int
    var example: RuleExample { rule.examples[index] }
    var description: String {
        "\(rule.id) \(example.language) \(example.fires ? "fires" : "silent") #\(index)"
    }
}

let catalogExamples: [CatalogExample] = RuleCatalog.all.flatMap { r in
    r.examples.indices.map { CatalogExample(rule: r, index: $0) }
}

/// Rules whose firing example cannot be a fragment, and the test that makes them fire instead.
let firingExampleElsewhere: [RuleID: String] = [
    .tooManyProblems: "needs 10 001 problems: DiagnosticLimitTests builds such a document"
]

/// The rules that are about the spec format's own text, or about the Swift reader, and so have examples in one
/// language only.
let specOnlyRules: Set<RuleID> = [
    .syntax, .tooManyProblems, .duplicateKey, .unknownProperty, .invalidValue, .swiftSpelling, .wrongType,
    .missingProperty, .unresolvedRef, .refCycle, .unusedDefinition, .duplicateSectionName, .unmatchedEnvironment,
    .unreachableVariant,
    // A section's item count is the data source's, not the layout's: Swift has no place to say it.
    .emptySectionInterGroupSpacing,
]
let swiftOnlyRules: Set<RuleID> = [
    .swiftUnresolved, .swiftAssumption, .swiftLimit,
    // The spec format has no screen to read.
    .screenSizeInLayout,
]

@Suite("Rule examples: each rule fires where its examples mark and is silent on the correct form")
struct RuleExampleTests {
    @Test(arguments: catalogExamples)
    func example(_ c: CatalogExample) {
        let (text, flagged) = c.example.runnable
        let all = exampleDiagnostics(c.example, text: text)
        if c.example.fires {
            let found = all.filter { $0.ruleID == c.rule.rule }
            let starts = Set(found.map(\.range.start))
            let shown = found.map { "\($0.range.start): \(snippet(text, $0.range)) — \($0.message)" }
            #expect(starts == Set(flagged), "flagged \(flagged), found \(shown); all: \(all.map(\.rule))")
            #expect(found.allSatisfy { $0.message.count > 20 }, "a message that says something")
        } else {
            let shown = all.map { "\($0.rule) at \(snippet(text, $0.range)): \($0.message)" }
            #expect(all.isEmpty, "\(shown)")
        }
    }

    @Test("every rule has a firing and a silent example, in each language it applies to")
    func everyRuleHasExamples() {
        for r in RuleCatalog.all {
            var languages: [RuleExample.Language] = []
            if !swiftOnlyRules.contains(r.rule) { languages.append(.spec) }
            if !specOnlyRules.contains(r.rule) { languages.append(.swift) }
            for language in RuleExample.Language.allCases {
                let es = r.examples(in: language)
                guard languages.contains(language) else {
                    #expect(es.isEmpty, "\(r.id) has \(language) examples; list it as applying to \(language)")
                    continue
                }
                #expect(
                    es.contains(where: \.fires) || firingExampleElsewhere[r.rule] != nil,
                    "\(r.id): no \(language) example where it fires")
                #expect(es.contains { !$0.fires }, "\(r.id): no \(language) example where it is silent")
            }
        }
    }

    @Test("the documentation shows both languages' examples; a Swift hover shows the Swift ones")
    func documentationShowsExamples() {
        let r = RuleCatalog.info(.groupExceedsContainer)
        #expect(r.markdown.contains("```jsonc") && r.markdown.contains("```swift"))
        #expect(r.markdown.contains("↓"))
        let swift = r.markdown(examplesIn: [.swift])
        #expect(swift.contains("```swift") && !swift.contains("```jsonc"))
        // A rule with no Swift examples still shows its spec ones.
        #expect(RuleCatalog.info(.duplicateKey).markdown(examplesIn: [.swift]).contains("```jsonc"))
    }

    func snippet(_ text: String, _ r: ByteRange) -> String {
        let b = Array(text.utf8)
        guard r.start <= r.end, r.end <= b.count else { return "?" }
        return String(decoding: b[r.start..<min(r.end, r.start + 40)], as: UTF8.self)
    }
}
