import Testing
@testable import LayoutLintCore

let overflowSection = #"""
{ "sections": [ { "group": { "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)",
    "subitems": [ { "width": "absolute(200)", "height": "absolute(100)" },
      // layoutlint-disable-next-line group-overflow -- the second tile is meant for iPad only
      { "width": "absolute(250)", "height": "absolute(100)" } ] } } ] }
"""#

@Suite("Suppressions")
struct SuppressionTests {
    @Test func nextLineSilencesTheNamedRule() {
        #expect(diagnostics(overflowSection).isEmpty)
    }

    @Test func unusedSuppressionIsReportedWithARemovalFix() {
        let src = overflowSection.replacingOccurrences(of: "absolute(250)", with: "absolute(150)")
        let ds = diagnostics(src)
        #expect(ds.count == 1 && ds[0].rule == "unused-suppression")
        #expect(text(ds[0], in: src) == "group-overflow")
        let fixed = String(decoding: fixAll(Array(src.utf8)).text, as: UTF8.self)
        #expect(!fixed.contains("layoutlint-disable"))
        #expect(diagnostics(fixed).isEmpty)
        #expect(fixed.contains("{ \"width\": \"absolute(150)\""))
    }

    @Test func oneOfSeveralRulesUnused() {
        let src = overflowSection.replacingOccurrences(of: "next-line group-overflow", with: "next-line group-overflow, fraction-gap")
        let ds = diagnostics(src)
        #expect(ds.count == 1 && text(ds[0], in: src) == "fraction-gap")
        let fixed = String(decoding: fixAll(Array(src.utf8)).text, as: UTF8.self)
        #expect(fixed.contains("layoutlint-disable-next-line group-overflow -- the second"))
    }

    @Test func fileLevelAndUnknownRules() {
        let src = "// layoutlint-disable group-overflow, group-overfow\n" + overflowSection.replacingOccurrences(of: "// layoutlint-disable-next-line group-overflow -- the second tile is meant for iPad only", with: "")
        let ds = diagnostics(src)
        #expect(ds.count == 1 && ds[0].rule == "unused-suppression" && ds[0].message.contains("did you mean \"group-overflow\""))
    }

    @Test func syntaxErrorsAreNeverSilenced() {
        let src = "// layoutlint-disable syntax\n{ \"sections\": [ }"
        #expect(diagnostics(src).contains { $0.rule == "syntax" })
    }

    @Test func disableLineFixInsertsADirectiveIndentedLikeTheLine() {
        let src = overflowSection.replacingOccurrences(of: "      // layoutlint-disable-next-line group-overflow -- the second tile is meant for iPad only\n", with: "")
        let r = lint(bytes: Array(src.utf8))
        let d = r.diagnostics.first { $0.rule == "group-overflow" }!
        let fix = disableLineFix(for: d, in: Array(src.utf8), lineIndex: r.lineIndex)
        let fixed = applyEdits(Array(src.utf8), fix.edits)
        #expect(String(decoding: fixed, as: UTF8.self).contains("\n      // layoutlint-disable-next-line group-overflow\n      { \"width\": \"absolute(250)\""))
        #expect(lint(bytes: fixed).diagnostics.isEmpty)
        // A second rule on the same line joins the existing directive.
        let at = String(decoding: fixed, as: UTF8.self).utf8.count - String(decoding: fixed, as: UTF8.self).components(separatedBy: "{ \"width\": \"absolute(250)\"").last!.utf8.count
        let d2 = Diagnostic(rule: "fraction-gap", severity: .information, message: "", range: ByteRange(at, at + 1))
        let r2 = lint(bytes: fixed)
        let fix2 = disableLineFix(for: d2, in: fixed, lineIndex: r2.lineIndex)
        #expect(String(decoding: applyEdits(fixed, fix2.edits), as: UTF8.self).contains("// layoutlint-disable-next-line group-overflow, fraction-gap\n"))
    }
}

@Suite("Configuration file")
struct ConfigTests {
    @Test func validConfig() {
        let c = LayoutLintConfig.parse(Array(#"""
        { "environments": ["iPhone SE", { "name": "split", "width": 320, "height": 700 }],
          "rules": { "fraction-gap": "off", "group-overflow": "error" },
          "exclude": ["build/**", "*.generated.layout.json"] }
        """#.utf8), path: "/repo/.layoutlint.json")
        #expect(c.diagnostics.isEmpty)
        #expect(c.environments?.map(\.name) == ["iPhone SE", "split"])
        var o = LintOptions()
        c.apply(to: &o)
        #expect(o.severities["group-overflow"] == .some(.error))
        #expect(o.severities["fraction-gap"] == .some(nil))
        #expect(c.isExcluded("/repo/build/x/a.layout.json"))
        #expect(c.isExcluded("/repo/deep/b.generated.layout.json"))
        #expect(!c.isExcluded("/repo/src/a.layout.json"))
        // Applied: severities change, "off" removes, environments are the default for documents that name none.
        let doc = #"{ "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ { "width": "absolute(200)", "height": "absolute(100)" }, { "width": "absolute(250)", "height": "absolute(100)" } ] } } ] }"#
        let r = lint(bytes: Array(doc.utf8), options: o)
        #expect(r.diagnostics.count == 1 && r.diagnostics[0].severity == .error)
        #expect(r.layouts.map(\.environment.name) == ["iPhone SE", "split"])
    }

    @Test func typoedRuleAndBadSeverityAreErrorsWithPositions() {
        let src = #"{ "rules": { "group-overflw": "warning", "fraction-gap": "loud" }, "exclud": [] }"#
        let c = LayoutLintConfig.parse(Array(src.utf8), path: ".layoutlint.json")
        #expect(c.hasErrors)
        #expect(c.diagnostics.contains { $0.message.contains("did you mean \"group-overflow\"") && text($0, in: src) == #""group-overflw""# })
        #expect(c.diagnostics.contains { text($0, in: src) == #""loud""# })
        #expect(c.diagnostics.contains { $0.rule == "unknown-property" && $0.message.contains("did you mean \"exclude\"") })
        let broken = LayoutLintConfig.parse(Array(#"{ "rules": { "#.utf8), path: nil)
        #expect(broken.hasErrors)
    }

    @Test func globs() {
        #expect(globMatches("build/**", "build/a/b.layout.json"))
        #expect(globMatches("build/", "build/a.layout.json"))
        #expect(!globMatches("build/**", "src/build.layout.json"))
        #expect(globMatches("*.gen.layout.json", "a/b/c.gen.layout.json"))
        #expect(globMatches("fixtures", "tests/fixtures/x.layout.json"))
        #expect(globMatches("/top.layout.json", "top.layout.json"))
        #expect(!globMatches("/top.layout.json", "sub/top.layout.json"))
        #expect(globMatches("a?c[0-9].layout.json", "abc5.layout.json"))
        #expect(!globMatches("a?c[!0-9].layout.json", "abc5.layout.json"))
    }
}
