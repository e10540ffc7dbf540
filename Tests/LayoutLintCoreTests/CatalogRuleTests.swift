import Foundation
import Testing
@testable import LayoutLintCore

/// One row: a rule, a document where it fires (and the exact text it must flag), and the corrected document.
struct RuleCase: CustomStringConvertible, Sendable {
    let rule: String
    let wrong: String
    let flagged: String
    let right: String
    var messageHas: [String] = []
    var environments = #"["iPhone 12"]"#
    /// The correct form may be correct because of where it is resolved (a variant an iPad selects).
    var rightEnvironments: String? = nil
    /// Found while resolving in each environment (and listing them), not while reading the document.
    var perEnvironment = true
    var description: String { rule }
}

func section(_ s: String) -> String { s }
let fullItem = #"{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }"#

let ruleCases: [RuleCase] = [
    RuleCase(
        rule: "group-exceeds-container",
        wrong:
            #"{ "group": { "direction": "horizontal", "width": "absolute(650)", "height": "absolute(200)", "subitems": [ { "width": "absolute(650)", "height": "absolute(200)" } ] } }"#,
        flagged: #""absolute(650)""#,
        right:
            #"{ "orthogonalScrollingBehavior": "continuous", "group": { "direction": "horizontal", "width": "absolute(650)", "height": "absolute(200)", "subitems": [ { "width": "absolute(650)", "height": "absolute(200)" } ] } }"#,
        messageHas: ["650 pt", "390 pt", "260 pt"]),
    RuleCase(
        rule: "paging-inter-group-spacing",
        wrong:
            #"{ "orthogonalScrollingBehavior": "paging", "interGroupSpacing": 10, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(200)", "subitems": [ \#(fullItem) ] } }"#,
        flagged: "10",
        right:
            #"{ "orthogonalScrollingBehavior": "groupPaging", "interGroupSpacing": 10, "group": { "direction": "horizontal", "width": "fractionalWidth(0.9)", "height": "absolute(200)", "subitems": [ \#(fullItem) ] } }"#,
        messageHas: ["390 pt", "400 pt"]),
    RuleCase(
        rule: "group-paging-item-narrowed",
        wrong:
            #"{ "orthogonalScrollingBehavior": "groupPaging", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(200)", "subitems": [ { "width": "fractionalWidth(0.9)", "height": "fractionalHeight(1)" } ] } }"#,
        flagged: #""fractionalWidth(1)""#,
        right:
            #"{ "orthogonalScrollingBehavior": "groupPaging", "group": { "direction": "horizontal", "width": "fractionalWidth(0.9)", "height": "absolute(200)", "subitems": [ \#(fullItem) ] } }"#,
        messageHas: ["390 pt", "351 pt"]),
    RuleCase(
        rule: "count-overrides-item-size",
        wrong:
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitem": { "width": "absolute(100)", "height": "fractionalHeight(1)" }, "count": 3 } }"#,
        flagged: #""absolute(100)""#,
        right:
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitem": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }, "count": 3 } }"#,
        messageHas: ["130 pt"]),
    RuleCase(
        rule: "repeating-count-gap",
        wrong:
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "interItemSpacing": 10, "repeatingSubitem": { "width": "absolute(100)", "height": "fractionalHeight(1)" }, "count": 3 } }"#,
        flagged: #""absolute(100)""#,
        right:
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "interItemSpacing": 10, "repeatingSubitem": { "width": "fractionalWidth(1/3)", "height": "fractionalHeight(1)" }, "count": 3 } }"#,
        messageHas: ["320 pt", "70 pt"]),
    RuleCase(
        rule: "estimate-without-self-sizing",
        wrong:
            #"{ "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(100)", "subitems": [ \#(fullItem) ] } }"#,
        flagged: #""estimated(100)""#,
        right:
            #"{ "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(100)", "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(100)" } ] } }"#,
        messageHas: ["100 pt"]),
    RuleCase(
        rule: "uniform-siblings-parent",
        wrong:
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(120)", "subitems": [ { "width": "fractionalWidth(0.5)", "height": "uniformAcrossSiblings(estimate: 80)" } ] } }"#,
        flagged: #""uniformAcrossSiblings(estimate: 80)""#,
        right:
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "estimated(120)", "subitems": [ { "width": "fractionalWidth(0.5)", "height": "uniformAcrossSiblings(estimate: 80)" } ] } }"#,
        messageHas: ["120 pt"]),
    RuleCase(
        rule: "fractional-inset",
        wrong:
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)", "contentInsets": { "bottom": 0.5 } } ] } }"#,
        flagged: "0.5",
        right:
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)", "contentInsets": { "bottom": 1 } } ] } }"#,
        messageHas: ["50%", "22 pt"]),
    RuleCase(
        rule: "fraction-above-one",
        wrong:
            #"{ "orthogonalScrollingBehavior": "continuous", "group": { "direction": "horizontal", "width": "fractionalWidth(0.5)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1.5)", "height": "fractionalHeight(1)" }, \#(fullItem) ] } }"#,
        flagged: #""fractionalWidth(1.5)""#,
        right:
            #"{ "orthogonalScrollingBehavior": "continuous", "group": { "direction": "horizontal", "width": "fractionalWidth(0.5)", "height": "absolute(44)", "subitems": [ \#(fullItem) ] } }"#,
        messageHas: ["292.5 pt", "195 pt"]),
    RuleCase(
        rule: "fraction-gap",
        wrong:
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ { "width": "fractionalWidth(0.3)", "height": "fractionalHeight(1)" } ] } }"#,
        flagged: #""subitems""#,
        right:
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ { "width": "fractionalWidth(1/3)", "height": "fractionalHeight(1)" } ] } }"#,
        messageHas: ["351 pt", "39 pt"]),
    RuleCase(
        rule: "flexible-group-edge-spacing",
        wrong:
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ { "direction": "vertical", "width": "absolute(382)", "height": "fractionalHeight(1)", "edgeSpacing": { "leading": "flexible(8)" }, "subitems": [ \#(fullItem) ] } ] } }"#,
        flagged: #""flexible(8)""#,
        right:
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ { "direction": "vertical", "width": "absolute(382)", "height": "fractionalHeight(1)", "edgeSpacing": { "leading": "fixed(8)" }, "subitems": [ \#(fullItem) ] } ] } }"#,
        messageHas: ["8 pt"]),
    RuleCase(
        rule: "main-axis-fractional-height",
        wrong:
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "fractionalHeight(0.4)", "subitems": [ \#(fullItem) ] } }"#,
        flagged: #""fractionalHeight(0.4)""#,
        right:
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "fractionalWidth(2/3)", "subitems": [ \#(fullItem) ] } }"#,
        messageHas: ["337.333 / 156 pt", "(iPhone 12 / iPhone 12 landscape)"],
        environments: #"["iPhone 12", "iPhone 12 landscape"]"#),
    RuleCase(
        rule: "estimated-orthogonal",
        wrong:
            #"{ "orthogonalScrollingBehavior": "continuous", "group": { "direction": "horizontal", "width": "absolute(120)", "height": "absolute(44)", "subitems": [ { "width": "estimated(120)", "height": "fractionalHeight(1)" } ] } }"#,
        flagged: #""estimated(120)""#,
        right:
            #"{ "orthogonalScrollingBehavior": "continuous", "group": { "direction": "horizontal", "width": "absolute(120)", "height": "absolute(44)", "subitems": [ \#(fullItem) ] } }"#
    ),
    RuleCase(
        rule: "duplicate-element-kind",
        wrong:
            #"{ "boundarySupplementaryItems": [ { "elementKind": "header", "width": "fractionalWidth(1)", "height": "absolute(44)" }, { "elementKind": "header", "width": "fractionalWidth(1)", "height": "absolute(44)", "alignment": "bottom" } ], "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ \#(fullItem) ] } }"#,
        flagged: #""header""#,
        right:
            #"{ "boundarySupplementaryItems": [ { "elementKind": "header", "width": "fractionalWidth(1)", "height": "absolute(44)" }, { "elementKind": "footer", "width": "fractionalWidth(1)", "height": "absolute(44)", "alignment": "bottom" } ], "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ \#(fullItem) ] } }"#
    ),
    RuleCase(
        rule: "pinned-header-z-index",
        wrong:
            #"{ "decorationItems": [ { "elementKind": "background" } ], "boundarySupplementaryItems": [ { "elementKind": "header", "width": "fractionalWidth(1)", "height": "absolute(44)", "pinToVisibleBounds": true } ], "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ \#(fullItem) ] } }"#,
        flagged: "true",
        right:
            #"{ "decorationItems": [ { "elementKind": "background" } ], "boundarySupplementaryItems": [ { "elementKind": "header", "width": "fractionalWidth(1)", "height": "absolute(44)", "pinToVisibleBounds": true, "zIndex": 2 } ], "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ \#(fullItem) ] } }"#
    ),
    RuleCase(
        rule: "unmatched-environment",
        wrong:
            #"{ "variants": [ { "when": { "minWidth": 801 }, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ \#(fullItem) ] } } ] }"#,
        flagged: #""variants""#,
        right:
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ \#(fullItem) ] }, "variants": [ { "when": { "minWidth": 801 }, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ \#(fullItem) ] } } ] }"#,
        messageHas: ["390 pt"],
        environments: #"["iPhone 12", "iPad"]"#),
    RuleCase(
        rule: "unreachable-variant",
        wrong:
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ \#(fullItem) ] }, "variants": [ { "when": { "minWidth": 801 }, "interGroupSpacing": 8 } ] }"#,
        flagged: #"{ "minWidth": 801 }"#,
        right:
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ \#(fullItem) ] }, "variants": [ { "when": { "minWidth": 801 }, "interGroupSpacing": 8 } ] }"#,
        messageHas: ["iPhone 12"], rightEnvironments: #"["iPhone 12", "iPad"]"#),
    RuleCase(
        rule: "swift-spelling",
        wrong:
            #"{ "group": { "direction": ".horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ \#(fullItem) ] } }"#,
        flagged: #"".horizontal""#,
        right:
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ \#(fullItem) ] } }"#,
        messageHas: [#""horizontal""#], perEnvironment: false),
    RuleCase(
        rule: "fractional-estimate",
        wrong:
            #"{ "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(0.5)" } ] } }"#,
        flagged: #""estimated(0.5)""#,
        right:
            #"{ "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(1)" } ] } }"#,
        messageHas: ["0.5 pt", "fractionalHeight(0.5)"], perEnvironment: false),
    RuleCase(
        rule: "empty-section-inter-group-spacing",
        wrong:
            #"{ "itemCount": 0, "interGroupSpacing": 20, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ \#(fullItem) ] } }"#,
        flagged: "20",
        right:
            #"{ "itemCount": 0, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ \#(fullItem) ] } }"#,
        messageHas: ["20 pt"]),
]

@Suite("Every catalogue rule fires on its mistake and is silent on the correct form")
struct CatalogRuleTests {
    @Test(arguments: ruleCases)
    func rule(_ c: RuleCase) {
        let wrong = doc(c.wrong, environments: c.environments)
        let ds = diagnostics(wrong).filter { $0.rule == c.rule }
        #expect(ds.count == 1, "\(diagnostics(wrong).map { "\($0.rule): \($0.message)" })")
        guard let d = ds.first else { return }
        #expect(text(d, in: wrong) == c.flagged)
        for m in c.messageHas { #expect(d.message.contains(m), "\(d.message)") }
        #expect(d.environments.isEmpty != c.perEnvironment)
        #expect(RuleCatalog.info(c.rule) != nil, "the rule is documented")
        let rds = diagnostics(doc(c.right, environments: c.rightEnvironments ?? c.environments))
        #expect(rds.isEmpty, "\(rds.map { "\($0.rule): \($0.message)" })")
    }

    @Test func documentLevelRules() {
        let d = #"""
            { "definitions": { "used": \#(fullItem), "unused": \#(fullItem) },
              "sections": [
                { "name": "a", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "$ref": "#/definitions/used" } ] } },
                { "name": "a", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "$ref": "#/definitions/used" } ] } } ] }
            """#
        let ds = diagnostics(d)
        #expect(ds.map(\.rule).sorted() == ["duplicate-section-name", "unused-definition"])
        let unused = ds.first { $0.ruleID == .unusedDefinition }!
        #expect(text(unused, in: d) == #""unused""#)
        let fixed = fixAll(Array(d.utf8))
        #expect(fixed.result.diagnostics.map(\.rule) == ["duplicate-section-name"])
        #expect(!String(decoding: fixed.text, as: UTF8.self).contains("unused"))
    }

    @Test func everyRuleThatCanFireIsDocumentedWithExamples() {
        for r in RuleCatalog.all {
            #expect(!r.wrong.isEmpty && !r.right.isEmpty, "\(r.id)")
            #expect(r.markdown.contains("Wrong") && r.markdown.contains("Right"))
            if r.weakEvidence { #expect(r.severity <= .warning && r.markdown.contains("Evidence is weak"), "\(r.id)") }
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
