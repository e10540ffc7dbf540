import Testing
@testable import LayoutLintCore
import TestSupport

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
        #expect(ds.count == 1 && ds[0].ruleID == .unusedSuppression)
        #expect(text(ds[0], in: src) == "group-overflow")
        let fixed = String(decoding: fixAll(Array(src.utf8)).text, as: UTF8.self)
        #expect(!fixed.contains("layoutlint-disable"))
        #expect(diagnostics(fixed).isEmpty)
        #expect(fixed.contains("{ \"width\": \"absolute(150)\""))
    }

    @Test func oneOfSeveralRulesUnused() {
        let src = overflowSection.replacingOccurrences(
            of: "next-line group-overflow", with: "next-line group-overflow, fraction-gap")
        let ds = diagnostics(src)
        #expect(ds.count == 1 && text(ds[0], in: src) == "fraction-gap")
        let fixed = String(decoding: fixAll(Array(src.utf8)).text, as: UTF8.self)
        #expect(fixed.contains("layoutlint-disable-next-line group-overflow -- the second"))
    }

    @Test func fileLevelAndUnknownRules() {
        let src =
            "// layoutlint-disable group-overflow, group-overfow\n"
            + overflowSection.replacingOccurrences(
                of: "// layoutlint-disable-next-line group-overflow -- the second tile is meant for iPad only", with: ""
            )
        let ds = diagnostics(src)
        #expect(
            ds.count == 1 && ds[0].ruleID == .unusedSuppression
                && ds[0].message.contains("did you mean \"group-overflow\""))
    }

    @Test func syntaxErrorsAreNeverSilenced() {
        let src = "// layoutlint-disable syntax\n{ \"sections\": [ }"
        #expect(diagnostics(src).contains { $0.ruleID == .syntax })
    }

    @Test func disableLineFixInsertsADirectiveIndentedLikeTheLine() {
        let src = overflowSection.replacingOccurrences(
            of: "      // layoutlint-disable-next-line group-overflow -- the second tile is meant for iPad only\n",
            with: "")
        let r = lint(bytes: Array(src.utf8))
        let d = r.diagnostics.first { $0.ruleID == .groupOverflow }!
        let fix = disableLineFix(for: d, in: Array(src.utf8), lineIndex: r.lineIndex)
        let fixed = applyEdits(Array(src.utf8), fix.edits)
        #expect(
            String(decoding: fixed, as: UTF8.self).contains(
                "\n      // layoutlint-disable-next-line group-overflow\n      { \"width\": \"absolute(250)\""))
        #expect(lint(bytes: fixed).diagnostics.isEmpty)
        // A second rule on the same line joins the existing directive.
        let at =
            String(decoding: fixed, as: UTF8.self).utf8.count
            - String(decoding: fixed, as: UTF8.self).components(separatedBy: "{ \"width\": \"absolute(250)\"").last!
            .utf8.count
        let d2 = Diagnostic(rule: .fractionGap, severity: .information, message: "", range: ByteRange(at, at + 1))
        let r2 = lint(bytes: fixed)
        let fix2 = disableLineFix(for: d2, in: fixed, lineIndex: r2.lineIndex)
        #expect(
            String(decoding: applyEdits(fixed, fix2.edits), as: UTF8.self).contains(
                "// layoutlint-disable-next-line group-overflow, fraction-gap\n"))
    }

    /// The inserted directive ends with the line's own break: a lone CR in a CR-only document, not CR LF.
    @Test func disableLineFixKeepsTheDocumentsLineBreaks() {
        for br in ["\r", "\r\n", "\n"] {
            let src = Array("{\(br)  \"sections\": [],\(br)  \"bogus\": 1\(br)}".utf8)
            let r = lint(bytes: src)
            let d = r.diagnostics.first { $0.ruleID == .unknownProperty }!
            let fix = disableLineFix(for: d, in: src, lineIndex: r.lineIndex)
            #expect(
                fix.edits.first?.newText == "  // layoutlint-disable-next-line unknown-property\(br)",
                "\(br.debugDescription)")
            #expect(!lint(bytes: applyEdits(src, fix.edits)).diagnostics.contains { $0.ruleID == .unknownProperty })
        }
    }

    /// Joining an existing directive computes its offset on the bytes: invalid UTF-8 before the directive (each
    /// byte a three-byte U+FFFD once decoded) put the edit two bytes further per byte, past the line's end.
    @Test func disableLineFixJoinsADirectiveAfterInvalidUTF8() {
        let above: [UInt8] =
            [0x2F, 0x2A, 0xFF, 0xFE, 0xFF, 0x2A, 0x2F, 0x20]
            + Array("// layoutlint-disable-next-line group-overflow -- why\n".utf8)
        let rest = Array("{ \"sections\": [] }".utf8)
        let src = above + rest
        let d = Diagnostic(
            rule: .missingProperty, severity: .error, message: "", range: ByteRange(above.count, above.count + 1))
        let fix = disableLineFix(for: d, in: src, lineIndex: LineIndex(src))
        let fixed = applyEdits(src, fix.edits)
        #expect(Array(fixed.suffix(rest.count + 1)) == Array("\n".utf8) + rest, "the next line is untouched")
        #expect(String(decoding: fixed, as: UTF8.self).contains("group-overflow, missing-property -- why\n"))
    }
}

@Suite("Configuration file")
struct ConfigTests {
    @Test func validConfig() {
        let c = LayoutLintConfig.parse(
            Array(
                #"""
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
        let doc =
            #"{ "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ { "width": "absolute(200)", "height": "absolute(100)" }, { "width": "absolute(250)", "height": "absolute(100)" } ] } } ] }"#
        let r = lint(bytes: Array(doc.utf8), options: o)
        #expect(r.diagnostics.count == 1 && r.diagnostics[0].severity == .error)
        #expect(r.layouts.map(\.environment.name) == ["iPhone SE", "split"])
    }

    /// A misspelt rule id in the config is an error with the closest id (and a quick fix that renames it), not a
    /// setting silently ignored; an id close to none says where the ids are listed. The valid settings beside it apply.
    @Test func unknownRuleIDIsAnErrorWithTheClosestID() {
        let src = #"{ "rules": { "group-overflw": "off", "zzzz": "off", "fraction-gap": "off" } }"#
        let c = LayoutLintConfig.parse(Array(src.utf8), path: ".layoutlint.json")
        #expect(c.hasErrors)
        #expect(c.diagnostics.map(\.ruleID) == [.unknownProperty, .unknownProperty])
        #expect(c.diagnostics.first?.message == #"unknown rule "group-overflw"; did you mean "group-overflow"?"#)
        #expect(text(c.diagnostics[0], in: src) == #""group-overflw""#)
        #expect(c.diagnostics.first?.fix?.edits.map(\.newText) == [#""group-overflow""#])
        #expect(c.diagnostics.last?.message == #"unknown rule "zzzz" (`layoutlint rules` lists them)"#)
        #expect(c.severities.keys.sorted() == ["fraction-gap"])
    }

    /// A config cannot make a broken document pass: "syntax" stays an error whatever the config says (as with
    /// suppression comments), and the config warns, on the value, that the setting is ignored.
    @Test func syntaxCannotBeTurnedOffOrDowngraded() {
        let broken = Array(#"{ "sections": [ { "#.utf8)
        for level in ["off", "hint", "warning"] {
            let src = #"{ "rules": { "syntax": "\#(level)", "missing-property": "off" } }"#
            let c = LayoutLintConfig.parse(Array(src.utf8), path: ".layoutlint.json")
            #expect(!c.hasErrors)
            #expect(
                c.diagnostics.count == 1 && c.diagnostics[0].severity == .warning
                    && text(c.diagnostics[0], in: src) == "\"\(level)\"")
            var o = LintOptions()
            c.apply(to: &o)
            let ds = lint(bytes: broken, options: o).diagnostics
            #expect(!ds.isEmpty && ds.allSatisfy { $0.ruleID == .syntax && $0.severity == .error })
            // Options built some other way cannot either.
            o.severities["syntax"] = .some(nil)
            #expect(
                lint(bytes: broken, options: o).diagnostics.contains { $0.ruleID == .syntax && $0.severity == .error })
        }
        #expect(
            LayoutLintConfig.parse(Array(#"{ "rules": { "syntax": "error" } }"#.utf8), path: nil).diagnostics.isEmpty)
    }

    @Test func typoedRuleAndBadSeverityAreErrorsWithPositions() {
        let src = #"{ "rules": { "group-overflw": "warning", "fraction-gap": "loud" }, "exclud": [] }"#
        let c = LayoutLintConfig.parse(Array(src.utf8), path: ".layoutlint.json")
        #expect(c.hasErrors)
        #expect(
            c.diagnostics.contains {
                $0.message.contains("did you mean \"group-overflow\"") && text($0, in: src) == #""group-overflw""#
            })
        #expect(c.diagnostics.contains { text($0, in: src) == #""loud""# })
        #expect(
            c.diagnostics.contains { $0.ruleID == .unknownProperty && $0.message.contains("did you mean \"exclude\"") })
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

    /// A config's `exclude` globs are matched against every file `lint` walks: a hostile or mistaken glob must not
    /// make the pre-commit hook hang. (The recursive matcher took 3 s for eight `**` on a 25-folder path, and
    /// about 25 times longer for each further `**`; a pattern of 100 000 `[`s was quadratic per character.)
    @Test func adversarialGlobsEndAndAnswerRight() {
        let deep = Array(repeating: "a", count: 40).joined(separator: "/") + "/x.layout.json"
        let stars = Array(repeating: "**", count: 30).joined(separator: "/")
        #expect(!globMatches(stars + "/b", deep))
        #expect(globMatches(stars + "/x.layout.json", deep))
        #expect(globMatches("/" + stars + "/a/**/a/**/x.*", deep))
        #expect(!globMatches("**/a/**/a/**/a/**/b/**/a", deep))
        let brackets = String(repeating: "[", count: 100_000)
        #expect(!globMatches("*" + brackets + "*", deep))
        #expect(globMatches("*" + brackets + "*", "a/b" + brackets + "c"))
        let longClass = "*[" + String(repeating: "b", count: 20_000) + "]x.layout.json"
        #expect(!globMatches(longClass, String(repeating: "a", count: 250)))
        #expect(globMatches(longClass, String(repeating: "a", count: 250) + "bx.layout.json"))
    }

    /// The table-driven matcher answers as the plain recursive definition of the globs does, on random small
    /// patterns and paths over an alphabet that makes matches likely.
    @Test func globsAgreeWithTheRecursiveDefinition() {
        var rng = SplitMix(seed: 7)
        let pieces = ["a", "b", "*", "?", "**", "[ab]", "[!a]", "[a-b]", "[", "]", "a*", "*b", "?a"]
        for _ in 0..<20_000 {
            let pattern = (0..<rng.pick([0, 1, 2, 3, 4])).map { _ in rng.pick(pieces) }.joined(
                separator: rng.pick(["", "/", "/"]))
            let decorated = rng.pick([pattern, "/" + pattern, pattern + "/", "./" + pattern])
            let path = (0..<rng.pick([0, 1, 2, 3, 4])).map { _ in rng.pick(["a", "b", "ab", "ba", "aa", "[", "]"]) }
                .joined(separator: "/")
            #expect(globMatches(decorated, path) == referenceGlob(decorated, path), "\(decorated) on \(path)")
        }
    }
}

/// The glob semantics written as directly as possible (the matcher before the table): exponential, fine for tests.
private func referenceGlob(_ pattern: String, _ path: String) -> Bool {
    var pat = pattern
    if pat.hasPrefix("./") { pat.removeFirst(2) }
    let anchored = pat.dropLast(pat.hasSuffix("/") ? 1 : 0).contains("/")
    if pat.hasPrefix("/") { pat.removeFirst() }
    if pat.hasSuffix("/") { pat += "**" }
    let p = pat.split(separator: "/").map(String.init)
    let s = path.split(separator: "/").map(String.init)
    func segments(_ p: ArraySlice<String>, _ s: ArraySlice<String>) -> Bool {
        guard let first = p.first else { return s.isEmpty }
        if first == "**" { return segments(p.dropFirst(), s) || (!s.isEmpty && segments(p, s.dropFirst())) }
        guard let seg = s.first, segment(Array(first.unicodeScalars)[...], Array(seg.unicodeScalars)[...]) else {
            return false
        }
        return segments(p.dropFirst(), s.dropFirst())
    }
    func segment(_ p: ArraySlice<Unicode.Scalar>, _ s: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let c = p.first else { return s.isEmpty }
        if c == "*" { return segment(p.dropFirst(), s) || (!s.isEmpty && segment(p, s.dropFirst())) }
        guard let x = s.first else { return false }
        if c == "?" { return segment(p.dropFirst(), s.dropFirst()) }
        if c == "[", let close = p.dropFirst().firstIndex(of: "]") {
            var set = p[(p.startIndex + 1)..<close]
            let negate = set.first == "!" || set.first == "^"
            if negate { set = set.dropFirst() }
            var hit = false
            var i = set.startIndex
            while i < set.endIndex {
                if i + 2 < set.endIndex, set[i + 1] == "-" {
                    hit = hit || (set[i]...set[i + 2]).contains(x); i += 3
                } else {
                    hit = hit || set[i] == x; i += 1
                }
            }
            return hit != negate && segment(p[(close + 1)...], s.dropFirst())
        }
        return c == x && segment(p.dropFirst(), s.dropFirst())
    }
    let all = p + ["**"]
    if anchored { return segments(all[...], s[...]) }
    return (0..<max(1, s.count)).contains { segments(all[...], s[$0...]) }
}

@Suite("Suppressions in a run narrowed to some environments")
struct NarrowedSuppressionTests {
    /// A suppression for what fires only on iPhone 12 is not "unused" in a run of iPad alone (--environment): it is
    /// not reported, and fixAll (--fix) keeps it. A name that is no rule is still reported.
    @Test func aSuppressionAnotherEnvironmentNeedsIsKept() {
        let text = """
            { "environments": ["iPhone 12", "iPad"],
              "sections": [ {
                // layoutlint-disable-next-line group-exceeds-container, no-such-rule
                "group": { "direction": "horizontal", "width": "absolute(600)", "height": "absolute(44)", "subitems": [ { "width": "absolute(600)", "height": "absolute(44)" } ] } } ] }
            """
        let all = lint(bytes: Array(text.utf8)).diagnostics
        #expect(!all.contains { $0.ruleID == .groupExceedsContainer })
        #expect(all.filter { $0.ruleID == .unusedSuppression }.count == 1, "only no-such-rule: \(all.map(\.message))")
        var ipad = LintOptions()
        ipad.environmentNames = ["iPad"]
        let narrowed = lint(bytes: Array(text.utf8), options: ipad).diagnostics.filter {
            $0.ruleID == .unusedSuppression
        }
        #expect(narrowed.count == 1 && narrowed[0].message.contains("no-such-rule"), "\(narrowed.map(\.message))")
        let fixed = String(decoding: fixAll(Array(text.utf8), options: ipad).text, as: UTF8.self)
        #expect(fixed.contains("group-exceeds-container"), "\(fixed)")
    }
}
