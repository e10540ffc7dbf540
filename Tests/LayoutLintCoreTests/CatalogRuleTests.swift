import Foundation
import Testing
@testable import LayoutLintCore

/// What the message of each rule's first spec example says: the computed numbers a user reads (the examples
/// themselves, and where each rule fires, are the catalogue's: `RuleExampleTests`). `perEnvironment: false` for the
/// findings made while reading the document, not while resolving it in each environment.
let exampleMessages: [(rule: RuleID, has: [String], perEnvironment: Bool)] = [
    (.groupExceedsContainer, ["650 pt", "390 pt", "260 pt"], true),
    (.pagingInterGroupSpacing, ["390 pt", "400 pt"], true),
    (.groupPagingItemNarrowed, ["390 pt", "351 pt"], true),
    (.countOverridesItemSize, ["130 pt"], true),
    (.repeatingCountGap, ["320 pt", "70 pt"], true),
    (.estimateWithoutSelfSizing, ["100 pt"], true),
    (.uniformSiblingsParent, ["120 pt"], true),
    (.fractionalInset, ["50%", "22 pt"], true),
    (.fractionAboveOne, ["292.5 pt", "195 pt"], true),
    (.fractionGap, ["351 pt", "39 pt"], true),
    (.flexibleGroupEdgeSpacing, ["8 pt"], true),
    (.mainAxisFractionalHeight, ["337.333 / 156 pt", "(iPhone 12 / iPhone 12 landscape)"], true),
    (.unmatchedEnvironment, ["390 pt"], true),
    (.unreachableVariant, ["iPhone 12"], true),
    (.swiftSpelling, [#""horizontal""#], false),
    (.fractionalEstimate, ["0.5 pt", "fractionalHeight(0.5)"], false),
    (.emptySectionInterGroupSpacing, ["20 pt"], true),
    (.negativeContentInsets, ["-10 pt", "10 pt past the collection view's trailing edge"], true),
    (.compoundedFraction, ["97.333 pt of a 390 pt row", "75%"], true),
    (.estimateFarFromSize, ["1000 pt", "36 pt tall", "27.8 times"], true),
]

let fullItem = #"{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }"#

@Suite("Every catalogue rule's message gives the numbers it computed")
struct CatalogRuleTests {
    @Test(arguments: exampleMessages.map(\.rule))
    func message(_ rule: RuleID) throws {
        let row = exampleMessages.first { $0.rule == rule }!
        let firing = RuleCatalog.info(rule).examples(in: .spec).first { $0.fires }
        let example = try #require(firing)
        let text = example.runnable.text
        let ds = diagnostics(text).filter { $0.ruleID == rule }
        #expect(ds.count == 1, "\(diagnostics(text).map { "\($0.rule): \($0.message)" })")
        guard let d = ds.first else { return }
        for m in row.has { #expect(d.message.contains(m), "\(d.message)") }
        #expect(d.environments.isEmpty != row.perEnvironment)
    }

    /// group-exceeds-container in a section that pages by groups: a group sized for the whole view (852 pt in an
    /// iPhone 12 in landscape, whose safe area leaves 750 pt, 710 pt after the insets) shows cut off on both sides.
    @Test func groupWiderThanAPagingSection() throws {
        let example = try #require(
            RuleCatalog.info(.groupExceedsContainer).examples(in: .spec).first {
                $0.fires && $0.text.contains("groupPagingCentered")
            })
        let ds = diagnostics(example.runnable.text).filter { $0.ruleID == .groupExceedsContainer }
        #expect(ds.count == 1)
        #expect(ds.first?.message.contains("852 pt wide but its section shows 710 pt") == true, "\(ds)")
        #expect(ds.first?.message.contains("71 pt of it on each side") == true, "\(ds)")
        // A continuous carousel scrolls the same group into view: nothing to flag.
        let continuous = example.runnable.text.replacingOccurrences(of: "groupPagingCentered", with: "continuous")
        #expect(!diagnostics(continuous).contains { $0.ruleID == .groupExceedsContainer })
    }

    @Test func documentLevelRules() {
        let d = #"""
            { "definitions": { "used": \#(fullItem), "unused": \#(fullItem) },
              "sections": [
                { "name": "a", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "$ref": "#/definitions/used" } ] } },
                { "name": "a", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "$ref": "#/definitions/used" } ] } } ] }
            """#
        let ds = diagnostics(d)
        #expect(ds.map(\.ruleID).sorted() == [.duplicateSectionName, .unusedDefinition])
        let unused = ds.first { $0.ruleID == .unusedDefinition }!
        #expect(text(unused, in: d) == #""unused""#)
        let fixed = fixAll(Array(d.utf8))
        #expect(fixed.result.diagnostics.map(\.ruleID) == [.duplicateSectionName])
        #expect(!String(decoding: fixed.text, as: UTF8.self).contains("unused"))
    }

    @Test func weakEvidenceIsAdvisory() {
        for r in RuleCatalog.all where r.weakEvidence {
            #expect(r.severity <= .warning && r.markdown.contains("Evidence is weak"), "\(r.id)")
        }
    }
}

@Suite("Documentation")
struct DocumentationTests {
    @Test(
        "docs/rules.md is the catalogue's documentation page (regenerate with `layoutlint rules --markdown > docs/rules.md`)"
    )
    func rulesPageIsCurrent() throws {
        let page = try String(contentsOf: repoRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        #expect(page == RuleCatalog.documentationPage())
        for r in RuleCatalog.all { #expect(page.contains("<a id=\"\(r.id)\"></a>")) }
    }
}
