import Foundation
import Testing
import TestSupport
@testable import LayoutLintCore

/// The limit on diagnostics per document (`LintOptions.maxDiagnostics`, ROBUSTNESS.md, Limits): the list keeps the
/// first ones in report order and ends with one `too-many-problems` that counts the rest; the parser and the builder
/// only count what is past the limit, and that must change nothing but memory.
@Suite("Diagnostics per document")
struct DiagnosticLimitTests {
    static func options(_ limit: Int, _ severities: [String: Severity?] = [:]) -> LintOptions {
        var o = LintOptions()
        o.maxDiagnostics = limit
        o.severities = severities
        return o
    }

    /// Documents with many diagnostics of every source: the examples, the fuzz seeds, and both broken by random
    /// bytes (syntax errors, builder diagnostics, findings); some with `$ref` and suppression comments.
    static let documents: [(String, [UInt8])] = {
        var docs: [(String, [UInt8])] = []
        for dir in ["examples", "Fuzz/corpus/pipeline"] {
            let url = repositoryRoot.appendingPathComponent(dir)
            let files = ((try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? [])
                .filter { !$0.lastPathComponent.hasSuffix(".md") }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
            for f in files { if let d = try? Data(contentsOf: f) { docs.append((f.lastPathComponent, Array(d))) } }
        }
        var rng = SplitMix(seed: 52)
        let junk: [[UInt8]] = [
            "'a ", "1,", "{", "}", "]", ",", "\"x\": 1,", "// layoutlint-disable-next-line\n", "\u{4E2D}😀",
            "\"$ref\": \"#/sections/0\",",
        ]
        .map { Array($0.utf8) }
        for (name, base) in docs.prefix(30) where !base.isEmpty {
            var b = base
            for _ in 0..<(1 + Int(rng.next() % 12)) {
                let at = Int(rng.next() % UInt64(b.count + 1))
                b.insert(contentsOf: rng.pick(junk), at: at)
            }
            docs.append(("\(name) broken", b))
        }
        docs.append(("garbage tokens", Array(("{\"sections\":[" + String(repeating: "'a ", count: 400) + "]}").utf8)))
        docs.append(
            (
                "sections that are not objects",
                Array(("{\"sections\":[" + Array(repeating: "1", count: 400).joined(separator: ",") + "]}").utf8)
            ))
        docs.append(
            (
                "duplicate keys",
                Array(
                    ("{\"sections\":[{\"name\":\"a\"" + String(repeating: ",\"name\":\"a\"", count: 300) + "}]}").utf8)
            ))
        return docs
    }()

    static func counts(_ ds: [Diagnostic]) -> [Severity: Int] { countBySeverity(ds, OmittedDiagnostics()) }

    @Test("a limited lint is the unlimited one's first diagnostics, and counts the same", arguments: [1, 2, 3, 7, 40])
    func limitedIsPrefixOfUnlimited(_ limit: Int) {
        var over = 0
        for (name, bytes) in Self.documents {
            for severities in [[:], ["unknown-property": Severity?.none, "wrong-type": .warning]]
                as [[String: Severity?]]
            {
                let all = lint(bytes: bytes, options: Self.options(.max, severities))
                let some = lint(bytes: bytes, options: Self.options(limit, severities))
                let want = IncrementalTests.describe(all.diagnostics)
                guard all.diagnostics.count > limit else {
                    #expect(IncrementalTests.describe(some.diagnostics) == want, "\(name)")
                    #expect(some.omitted == OmittedDiagnostics(), "\(name)")
                    continue
                }
                over += 1
                #expect(some.diagnostics.count == limit + 1, "\(name)")
                #expect(
                    IncrementalTests.describe(Array(some.diagnostics.prefix(limit))) == Array(want.prefix(limit)),
                    "\(name) limit \(limit)")
                let rest = Array(all.diagnostics.dropFirst(limit))
                #expect(some.omitted.bySeverity == Self.counts(rest), "\(name) limit \(limit)")
                #expect(some.omitted.syntaxErrors == rest.filter { $0.ruleID == .syntax }.count, "\(name)")
                #expect(some.severityCounts == all.severityCounts, "\(name)")
                #expect(some.syntaxErrorCount == all.syntaxErrorCount, "\(name)")
                guard let notice = some.diagnostics.last else { continue }
                #expect(notice.rule == tooManyProblemsRule)
                #expect(notice.severity == rest.map(\.severity).max())
                #expect(notice.range == rest[0].range, "\(name): at the first one left out")
                #expect(notice.message.hasPrefix("\(rest.count) more problem"), "\(notice.message)")
                #expect(notice.message.contains("at most \(limit) per document"))
            }
        }
        #expect(over >= 8, "documents over the limit: \(over)")
    }

    /// The parser and the builder count what is past the limit without keeping it: a document of garbage needs memory
    /// for its tree, not for millions of diagnostics.
    @Test func theParserAndTheBuilderKeepOnlyTheLimit() {
        let garbage = Array(("{\"sections\":[" + String(repeating: "'a ", count: 5_000) + "]}").utf8)
        let parsed = parseJSONC(garbage, maxSyntaxErrors: 100)
        // (An error at the same place as the 100th is kept: it may sort before it.)
        #expect((100...103).contains(parsed.errors.count), "\(parsed.errors.count)")
        #expect(parsed.syntaxErrorCount == parseJSONC(garbage).errors.count)
        #expect(parseJSONC(garbage, maxSyntaxErrors: 0).errors.isEmpty)
        let numbers = Array(
            ("{\"sections\":[" + Array(repeating: "1", count: 5_000).joined(separator: ",") + "]}").utf8)
        let built = buildDocument(parseJSONC(numbers), countPast: BuilderLimit(limit: 100))
        #expect(built.diagnostics.count == 100)
        #expect(built.dropped.total == 4_900)
        let r = lint(bytes: numbers, options: Self.options(100))
        #expect(r.severityCounts[.error] == 5_000)
        #expect(r.diagnostics.count == 101)
    }

    /// With `$ref` (a node built twice reports once) or a suppression comment (a counted one might be silenced) the
    /// builder keeps everything, and the counts stay exact.
    @Test func referencesAndSuppressionsAreCountedExactly() {
        let sections = Array(repeating: #"{ "name": "s", "bogus": 1 }"#, count: 30).joined(separator: ",")
        let withRef =
            ##"{ "definitions": { "d": { "bogus": 2 } }, "sections": [ \##(sections), { "$ref": "#/sections/29" } ] }"##
        let withComment =
            #"{ "sections": [ \#(sections), // layoutlint-disable-next-line unknown-property"# + "\n"
            + #"{ "name": "t", "bogus": 3 } ] }"#
        for text in [withRef, withComment] {
            let all = lint(bytes: Array(text.utf8), options: Self.options(.max))
            let some = lint(bytes: Array(text.utf8), options: Self.options(5))
            #expect(all.diagnostics.count > 5)
            #expect(some.severityCounts == all.severityCounts)
            #expect(
                IncrementalTests.describe(Array(some.diagnostics.prefix(5)))
                    == IncrementalTests.describe(Array(all.diagnostics.prefix(5))))
        }
    }

    /// A variant checks again the section keys it inherits (the builder reports each once): with variants the builder
    /// keeps everything, or a counted diagnostic would be counted twice.
    @Test func variantsAreCountedExactly() {
        let group =
            #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "absolute(44)" } ] }"#
        let text =
            #"{ "sections": [ 1, { "name": 2, "group": \#(group), "variants": [ { "when": { "minWidth": 1 } } ] } ] }"#
        let all = lint(bytes: Array(text.utf8), options: Self.options(.max))
        #expect(all.diagnostics.count >= 2)
        for limit in 1..<all.diagnostics.count {
            let some = lint(bytes: Array(text.utf8), options: Self.options(limit))
            #expect(some.severityCounts == all.severityCounts, "limit \(limit)")
            let inc = IncrementalLinter(text: Array(text.utf8), options: Self.options(limit))
            #expect(inc.omitted == some.omitted, "limit \(limit)")
        }
    }

    /// A rule turned off still takes part, below the limit, in choosing which fixes of a broken document are checked
    /// (the first 100 in report order), as in the incremental linter.
    @Test func aRuleTurnedOffLeavesTheFixesThatAreCheckedAlone() {
        var sections = (0..<101).map { #"{ "nmae": "s\#($0)" }"# }
        sections.append(#"{ "name": "last", "orthogonalScrollingBehavior": "continuos" }"#)
        let text = "{ \"sections\": [ " + sections.joined(separator: ", ") + " ] " // no closing brace: a syntax error
        let options = Self.options(10_000, ["unknown-property": Severity?.none])
        let whole = lint(bytes: Array(text.utf8), options: options)
        let inc = IncrementalLinter(text: Array(text.utf8), options: options)
        #expect(IncrementalTests.describe(inc.diagnostics) == IncrementalTests.describe(whole.diagnostics))
        #expect(whole.diagnostics.contains { $0.ruleID == .syntax })
        #expect(!whole.diagnostics.contains { $0.ruleID == .unknownProperty })
    }

    @Test("the incremental linter ends its list the same way", arguments: [1, 3, 40])
    func incrementalEqualsWhole(_ limit: Int) {
        var rng = SplitMix(seed: UInt64(limit))
        for (name, bytes) in Self.documents.suffix(40) {
            let options = Self.options(
                limit, limit == 3 ? ["wrong-type": Severity?.none, "unknown-property": Severity?.none] : [:])
            let inc = IncrementalLinter(text: bytes, options: options)
            for step in 0..<6 {
                let whole = lint(bytes: inc.text, options: inc.options)
                #expect(
                    IncrementalTests.describe(inc.diagnostics) == IncrementalTests.describe(whole.diagnostics),
                    "\(name) step \(step)")
                #expect(inc.omitted == whole.omitted, "\(name) step \(step)")
                let at = Int(rng.next() % UInt64(inc.text.count + 1))
                let end = min(inc.text.count, at + Int(rng.next() % 4))
                inc.edit(
                    ByteRange(at, end), with: rng.pick([Array("'a 'a ".utf8), Array("1,".utf8), [], Array("}".utf8)]))
            }
        }
    }

    /// Past `IncrementalLinter.maxSections` sections (50 000) the incremental linter lints whole: each section's state
    /// cost 1.4 KB, 2.6 GB for 1.8 M sections of `1`.
    @Test func manySectionsAreLintedWhole() {
        func doc(_ n: Int) -> [UInt8] {
            Array(("{\"sections\":[" + String(repeating: "1,", count: n - 1) + "1]}").utf8)
        }
        // (No limit on diagnostics: every section here has one, and past that limit the document is linted whole too.)
        let options = Self.options(.max)
        let over = IncrementalLinter(text: doc(IncrementalLinter.maxSections + 1), options: options)
        #expect(over.diagnostics == lint(bytes: over.text, options: options).diagnostics)
        #expect(over.stats.mode == "whole")
        let under = IncrementalLinter(text: doc(IncrementalLinter.maxSections - 1), options: options)
        #expect(under.diagnostics == lint(bytes: under.text, options: options).diagnostics)
        #expect(under.stats.mode == "document")
        // Sections pasted in: past the limit by a section-mode edit.
        under.edit(ByteRange(13, 13), with: Array("1,1,".utf8))
        #expect(under.diagnostics == lint(bytes: under.text, options: options).diagnostics)
        #expect(under.stats.mode == "whole")
    }

    /// What one section or the frame holds past the limit is not kept either: the incremental linter lints whole
    /// then (a paste of garbage into one section, one section of numbers among its subitems, definitions of numbers).
    @Test func oneSectionOrTheFramePastTheLimitIsLintedWhole() {
        let item = #"{ "width": "fractionalWidth(1)", "height": "absolute(44)" }"#
        func section(_ name: String, _ subitems: String) -> String {
            #"{ "name": "\#(name)", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ \#(subitems) ] } }"#
        }
        let clean = #"{ "sections": [ \#(section("a", item)), \#(section("b", item)) ] }"#
        let numbers =
            #"{ "sections": [ \#(section("a", item)), \#(section("b", Array(repeating: "1", count: 20).joined(separator: ","))) ] }"#
        let bogus = (0..<7).map { #""d\#($0)": { "bogus": 1 }"# }.joined(separator: ", ")
        let definitions = #"{ "definitions": { \#(bogus) }, "sections": [ \#(section("a", item)) ] }"#
        let configuration = #"{ "configuration": { \#(bogus) }, "sections": [ \#(section("a", item)) ] }"#
        let garbage = #"{ "x": [ @ @ @ @ @ @ @ @ ], "sections": [ \#(section("a", item)) ] }"#
        let options = Self.options(5)
        for (name, text) in [
            ("numbers", numbers), ("definitions", definitions), ("configuration", configuration), ("garbage", garbage),
        ] {
            let inc = IncrementalLinter(text: Array(text.utf8), options: options)
            let whole = lint(bytes: Array(text.utf8), options: options)
            #expect(
                IncrementalTests.describe(inc.diagnostics) == IncrementalTests.describe(whole.diagnostics), "\(name)")
            #expect(inc.omitted == whole.omitted && whole.omitted.total > 0, "\(name)")
            #expect(inc.stats.mode == "whole", "\(name)")
        }
        // Garbage typed into the first section's subitems: re-parsed alone, it has more syntax errors than are kept.
        let inc = IncrementalLinter(text: Array(clean.utf8), options: options)
        #expect(inc.diagnostics.isEmpty)
        let at =
            Array(clean.utf8).indices.first { i in
                Array(clean.utf8)[i...].starts(with: Array(#""subitems": [ "#.utf8))
            }! + #""subitems": [ "#.utf8.count
        // (Stray characters: the section still re-parses alone, with one syntax error each.)
        inc.edit(ByteRange(at, at), with: Array(String(repeating: "@ ", count: 8).utf8))
        _ = inc.diagnostics
        #expect(
            inc.stats.mode != "section", "re-parsed alone, the section has more syntax errors than a document lists")
        let whole = lint(bytes: inc.text, options: options)
        #expect(IncrementalTests.describe(inc.diagnostics) == IncrementalTests.describe(whole.diagnostics))
        #expect(inc.omitted == whole.omitted && whole.omitted.total > 0)
        #expect(inc.stats.mode == "whole")
    }

    /// Many sections each under the limit, together past it: linted whole, and a rule that is off
    /// keeps nothing in `lint`'s builder.
    @Test func manySectionsUnderTheLimitTogetherPastItAreLintedWhole() {
        let group =
            #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ 1, 1, 1 ] }"#
        let text =
            "{ \"sections\": [ " + (0..<4).map { #"{ "name": "s\#($0)", "group": \#(group) }"# }.joined(separator: ", ")
            + " ] }"
        let inc = IncrementalLinter(text: Array(text.utf8), options: Self.options(5))
        let whole = lint(bytes: Array(text.utf8), options: Self.options(5))
        #expect(IncrementalTests.describe(inc.diagnostics) == IncrementalTests.describe(whole.diagnostics))
        #expect(inc.omitted == whole.omitted && whole.omitted.total > 0)
        #expect(inc.stats.mode == "whole")

        let numbers = Array(("{\"sections\":[" + Array(repeating: "1", count: 500).joined(separator: ",") + "]}").utf8)
        let off: [String: Severity?] = ["wrong-type": nil]
        let built = buildDocument(
            parseJSONC(numbers), countPast: BuilderLimit(limit: 100, severities: off, wholeDocument: true))
        #expect(!built.diagnostics.contains { $0.ruleID == .wrongType })
        #expect(
            lint(bytes: numbers, options: Self.options(100, off)).diagnostics
                == IncrementalLinter(text: numbers, options: Self.options(100, off)).diagnostics)
    }

    /// Definitions are built after the sections: written before sections past the limit, their diagnostics came
    /// before every kept one and were all kept. The builder compacts what it keeps.
    @Test func definitionsBeforeSectionsPastTheLimitAreNotAllKept() {
        let defs = (0..<1_500).map { #""d\#($0)": { "widht": 1, "bogus": 2 }"# }.joined(separator: ", ")
        let text = Array(("{ \"definitions\": { " + defs + " }, \"sections\": [ 1, 1, 1, 1, 1, 1, 1 ] }").utf8)
        let built = buildDocument(parseJSONC(text), countPast: BuilderLimit(limit: 5, wholeDocument: true))
        #expect(built.diagnostics.count < 1_100, "\(built.diagnostics.count) kept")
        #expect(built.dropped.total > 0)
        // (`unused-definition` off: its findings would fill the first places, before the builder's.)
        for severities in [
            ["unused-definition": nil], ["unused-definition": nil, "unknown-property": Severity?.none],
            ["unused-definition": nil, "wrong-type": Severity?.none],
        ] as [[String: Severity?]] {
            for limit in [5, 200] {
                let all = lint(bytes: text, options: Self.options(.max, severities))
                let some = lint(bytes: text, options: Self.options(limit, severities))
                #expect(
                    IncrementalTests.describe(Array(some.diagnostics.prefix(limit)))
                        == IncrementalTests.describe(Array(all.diagnostics.prefix(limit))),
                    "\(severities) \(limit)")
                #expect(some.severityCounts == all.severityCounts, "\(severities) \(limit)")
            }
        }
    }

    @Test func theConfigCannotChangeIt() {
        let c = LayoutLintConfig.parse(Array(#"{ "rules": { "too-many-problems": "off" } }"#.utf8), path: nil)
        #expect(c.severities[tooManyProblemsRule] == nil)
        #expect(c.diagnostics.contains { $0.message.contains("cannot be turned off") })
    }
}
