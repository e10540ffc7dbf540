import Foundation
import Testing
import TestSupport
@testable import LayoutLintCore

/// The incremental linter against the reference: after every edit its diagnostics equal `lint(bytes:)` of the text.
@Suite("Incremental linting")
struct IncrementalTests {
    static let exampleFiles: [URL] = {
        let dir = repositoryRoot.appendingPathComponent("examples")
        return ((try? FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.lastPathComponent.hasSuffix(".layout.json") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }()

    static func describe(_ ds: [Diagnostic]) -> [String] {
        ds.map {
            "\($0.range) \($0.rule) \($0.severity) \($0.message) fix=\($0.fix.map { "\($0.title) \($0.isSafe) \($0.edits.map { "\($0.range)=\($0.newText)" })" } ?? "-") related=\($0.related.map(\.range))"
        }
    }

    static func expectSame(_ inc: IncrementalLinter, _ context: @autoclosure () -> String) {
        let reference = lint(bytes: inc.text, options: inc.options).diagnostics
        let got = describe(inc.diagnostics), want = describe(reference)
        // (By bytes: `String ==` equates canonically equivalent text, which a fix writes differently.)
        if got.map({ Array($0.utf8) }) != want.map({ Array($0.utf8) }) {
            let diff = zip(got, want).first { !$0.0.utf8.elementsEqual($0.1.utf8) }
            Issue.record(
                "\(context()): incremental \(got.count) vs whole \(want.count) diagnostics; first difference:\n  got  \(diff?.0 ?? got.last ?? "-")\n  want \(diff?.1 ?? want.last ?? "-")\ntext: \(String(decoding: inc.text, as: UTF8.self).prefix(3000))"
            )
        }
    }

    @Test("opening every example gives the whole-document diagnostics", arguments: exampleFiles)
    func openEqualsLint(_ url: URL) throws {
        let bytes = Array(try Data(contentsOf: url))
        let inc = IncrementalLinter(text: bytes)
        Self.expectSame(inc, url.lastPathComponent)
        #expect(inc.stats.mode == "document")
    }

    /// Random small edits (typing, deleting, pasting punctuation) at random places of every example; after each one
    /// the incremental result must equal a from-scratch lint of the same text.
    @Test("random edits keep incremental == whole", arguments: exampleFiles)
    func randomEdits(_ url: URL) throws {
        let bytes = Array(try Data(contentsOf: url))
        var rng = SplitMix(seed: UInt64(bytes.count) &* 7919)
        let inc = IncrementalLinter(text: bytes)
        let snippets: [[UInt8]] = [
            "1", "0", "a", " ", "\n", "\"", ",", "}", "{", "]", ":", "2.5", "\"x\": 1,", "// c\n", "é", "😀", "",
        ]
        .map { Array($0.utf8) }
        for step in 0..<60 {
            let n = inc.text.count
            var s = Int(rng.next() % UInt64(n + 1))
            while s < n && s > 0 && inc.text[s] & 0xC0 == 0x80 { s -= 1 }
            var e = min(n, s + Int(rng.next() % 3))
            while e < n && inc.text[e] & 0xC0 == 0x80 { e += 1 }
            let ins = rng.pick(snippets)
            inc.replace(ByteRange(s, e), with: ins)
            Self.expectSame(
                inc,
                "\(url.lastPathComponent) step \(step) replace \(s)..<\(e) with \(String(decoding: ins, as: UTF8.self))"
            )
        }
    }

    /// One section on one line: a horizontal group `height` tall whose item is `fractionalWidth(itemWidth)` wide.
    static func section(height: Int, itemWidth: String = "1") -> String {
        #"{ "group": { "width": "fractionalWidth(1)", "height": "absolute(\#(height))", "subitems": [{ "width": "fractionalWidth(\#(itemWidth))", "height": "fractionalHeight(1)" }] } }"#
    }

    /// Types one of `snippets` at a random character boundary of the text and lints.
    static func typeSomewhere(_ inc: IncrementalLinter, _ rng: inout SplitMix, _ snippets: [[UInt8]]) {
        let n = inc.text.count
        var s = Int(rng.next() % UInt64(n + 1))
        while s < n && s > 0 && inc.text[s] & 0xC0 == 0x80 { s -= 1 }
        inc.replace(ByteRange(s, s), with: rng.pick(snippets))
    }

    /// A document of many sections, some using shared definitions.
    static func bigDocument(sections: Int) -> [UInt8] {
        var s = """
            {
              "environments": ["iPhone 12", "iPad"],
              "definitions": {
                "card": { "width": "fractionalWidth(0.5)", "height": "absolute(100)", "contentInsets": 4 },
                "row": { "width": "fractionalWidth(1)", "height": "estimated(44)" }
              },
              "sections": [
            """
        for i in 0..<sections {
            let card = ##"{ "$ref": "#/definitions/card" }"##
            let row = ##"{ "$ref": "#/definitions/row" }"##
            let own = "{ \"width\": \"fractionalWidth(1/3)\", \"height\": \"absolute(\(50 + i % 7))\" }"
            let item = i % 3 == 0 ? card : (i % 3 == 1 ? row : own)
            s += """

                    {
                      "name": "s\(i)",
                      "interGroupSpacing": \(i % 5),
                      "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(120)", "subitems": [\(item)] }
                    }\(i == sections - 1 ? "" : ",")
                """
        }
        s += "\n  ]\n}\n"
        return Array(s.utf8)
    }

    @Test(
        "a NUL typed into a section makes it a binary file, and the document past the size limit is refused, as lint(bytes:) does (found by FuzzIncrementalCore)"
    )
    func binaryAndTooLargeAfterAnEdit() {
        let text =
            "{ \"sections\": [\n" + (0..<5).map { Self.section(height: 40 + $0) }.joined(separator: ",\n") + "\n] }\n"
        var options = LintOptions()
        options.maxDocumentBytes = text.utf8.count + 10
        let inc = IncrementalLinter(text: Array(text.utf8), options: options)
        let at = Array(text.utf8).firstIndex(of: UInt8(ascii: "4"))!
        func same(_ what: String) {
            #expect(inc.diagnostics == lint(bytes: inc.text, options: options).diagnostics, "\(what)")
        }
        inc.replace(ByteRange(at, at), with: [0])
        same("after typing a NUL")
        #expect(
            inc.diagnostics.map(\.message) == [
                "this is a binary file (a NUL byte at offset \(at)), not a layout document"
            ])
        inc.replace(ByteRange(at, at + 1), with: [])
        same("after deleting it")
        #expect(!inc.diagnostics.contains { $0.ruleID == .syntax })
        inc.replace(ByteRange(at, at), with: Array(String(repeating: "0", count: 20).utf8))
        same("past the size limit")
        #expect(inc.diagnostics.first?.message.contains("larger than") == true)
    }

    @Test(
        "in a broken document with more fixes than are checked, the same fixes are kept as lint(bytes:) keeps (found by FuzzIncrementalCore)"
    )
    func fixBudgetDoesNotDependOnOrder() throws {
        // The fuzz input (2 bytes of length, then the text): 575 syntax errors and more fixes than the 100 checked;
        // the incremental linter and lint(bytes:) found the diagnostics in different orders and so checked, and
        // kept, different fixes.
        let input = try [UInt8](
            Data(
                contentsOf: repoRoot.appendingPathComponent("Fuzz/corpus/incremental-core/regression-fix-budget-order"))
        )
        let text = Array(input[2..<min(input.count, 2 + (Int(input[0]) << 8 | Int(input[1])) % 4096)])
        let whole = lint(bytes: text).diagnostics
        #expect(whole.filter { $0.fix != nil }.count == 100)
        #expect(IncrementalLinter(text: text).diagnostics == whole)
    }

    @Test("a one-character edit inside one section of 2 000 re-resolves that section only")
    func oneSectionResolved() throws {
        let inc = IncrementalLinter(text: Self.bigDocument(sections: 2000))
        #expect(inc.stats.sectionsResolved == 2000)
        // Change the interGroupSpacing digit of section 1234.
        let needle = Array(#""name": "s1234","#.utf8)
        let at = try #require(inc.text.firstRange(of: needle)).upperBound
        let spacing = try #require(inc.text[at...].firstRange(of: Array(#""interGroupSpacing": "#.utf8))).upperBound
        inc.replace(ByteRange(spacing, spacing + 1), with: Array("9".utf8))
        #expect(inc.stats.mode == "section")
        #expect(inc.stats.sectionsResolved == 1)
        #expect(inc.stats.sectionsReused == 1999)
        Self.expectSame(inc, "after the edit")
    }

    @Test("editing a definition re-resolves exactly the sections that use it")
    func definitionDependents() throws {
        let inc = IncrementalLinter(text: Self.bigDocument(sections: 300))
        let needle = Array(#""estimated(44)""#.utf8)
        let r = try #require(inc.text.firstRange(of: needle))
        inc.replace(ByteRange(r.lowerBound + 11, r.lowerBound + 13), with: Array("45".utf8))
        #expect(inc.stats.mode == "document")
        // Every third section uses "row" (the last definition; see ARCHITECTURE.md for why an edit in an earlier
        // definition also re-resolves the users of the definitions after it).
        #expect(inc.stats.sectionsResolved == 100)
        #expect(inc.stats.sectionsReused == 200)
        Self.expectSame(inc, "after the definition edit")
        // A comment in the frame changes nothing the sections depend on.
        let sections = try #require(inc.text.firstRange(of: Array(#""sections""#.utf8)))
        inc.replace(ByteRange(sections.lowerBound, sections.lowerBound), with: Array("// the sections\n  ".utf8))
        #expect(inc.stats.sectionsResolved == 0)
        #expect(inc.stats.sectionsReused == 300)
        Self.expectSame(inc, "after a comment in the frame")
    }

    @Test("a section that points into another section is re-resolved with it")
    func crossSectionDependents() throws {
        let doc = """
            {
              "sections": [
                \(Self.section(height: 50, itemWidth: "0.5")),
                { "group": { "$ref": "#/sections/0/group" } },
                \(Self.section(height: 70))
              ]
            }
            """
        let inc = IncrementalLinter(text: Array(doc.utf8))
        let r = try #require(inc.text.firstRange(of: Array("absolute(50)".utf8)))
        inc.replace(ByteRange(r.lowerBound + 9, r.lowerBound + 11), with: Array("60".utf8))
        #expect(inc.stats.mode == "section")
        #expect(inc.stats.sectionsResolved == 2)
        #expect(inc.stats.sectionsReused == 1)
        Self.expectSame(inc, "after the edit")
    }

    /// A character typed between two sections is an element of its own (the parser reads a missing comma): the
    /// sections around it are parsed again up to the next comma where the structure is as it was, and the 1 999
    /// others (whose indices moved by one) keep their results. Deleting it again is just as local.
    @Test("a character typed between two sections of 2 000, and deleted again, re-resolves only what is around it")
    func characterBetweenSections() throws {
        let inc = IncrementalLinter(text: Self.bigDocument(sections: 2000))
        let next = try #require(inc.text.firstRange(of: Array("{\n      \"name\": \"s1001\",".utf8))).lowerBound
        let before = inc.diagnostics.count
        inc.replace(ByteRange(next, next), with: Array("x".utf8))
        #expect(inc.stats.mode == "section")
        #expect(inc.stats.sections == 2001)
        #expect(inc.stats.sectionsResolved <= 2)
        #expect(inc.stats.sectionsReused >= 1999)
        #expect(inc.diagnostics.contains { $0.ruleID == .syntax }, "the stray x is reported")
        Self.expectSame(inc, "after typing x between two sections")
        inc.replace(ByteRange(next, next + 1), with: [])
        #expect(inc.stats.mode == "section")
        #expect(inc.stats.sections == 2000)
        #expect(inc.stats.sectionsResolved <= 1)
        #expect(inc.diagnostics.count == before)
        Self.expectSame(inc, "after deleting it")
    }

    /// When an edit adds or removes an element, a section whose `$ref` names sections by index is computed again
    /// (the index now names another section); the others keep their results.
    @Test("a $ref by section index follows the sections when one is inserted before them")
    func indexShiftRecomputesIndexRefs() throws {
        let doc = """
            {
              "sections": [
                \(Self.section(height: 50, itemWidth: "0.5")),
                \(Self.section(height: 70, itemWidth: "2")),
                { "group": { "$ref": "#/sections/1/group" } },
                \(Self.section(height: 90))
              ]
            }
            """
        let inc = IncrementalLinter(text: Array(doc.utf8))
        let first = try #require(inc.text.firstRange(of: Array("{ \"group\"".utf8))).lowerBound
        // A new first section: "#/sections/1/group" now names the group that was section 0's.
        inc.replace(ByteRange(first, first), with: Array((Self.section(height: 10) + ",\n    ").utf8))
        #expect(inc.stats.mode == "section")
        #expect(inc.stats.sections == 5)
        // The two elements parsed again (the new one and the old first), and the one with the index `$ref`; not the
        // last one, whose index moved too.
        #expect(inc.stats.sectionsResolved == 3)
        Self.expectSame(inc, "after inserting a section before the others")
    }

    /// duplicate-section-name is kept between updates and computed again when a name changes.
    @Test("renaming a section to another's name, and back, reports and clears duplicate-section-name")
    func renameMakesDuplicate() throws {
        let inc = IncrementalLinter(text: Self.bigDocument(sections: 50))
        #expect(!inc.diagnostics.contains { $0.ruleID == .duplicateSectionName })
        let at = try #require(inc.text.firstRange(of: Array(#""name": "s42""#.utf8))).lowerBound + 10
        inc.replace(ByteRange(at, at + 2), with: Array("7".utf8))
        #expect(inc.stats.mode == "section")
        #expect(inc.diagnostics.filter { $0.ruleID == .duplicateSectionName }.count == 1)
        Self.expectSame(inc, "after renaming s42 to s7")
        inc.replace(ByteRange(at, at + 1), with: Array("42".utf8))
        #expect(!inc.diagnostics.contains { $0.ruleID == .duplicateSectionName })
        Self.expectSame(inc, "after renaming it back")
    }

    /// Suppressions are applied only when some comment is a directive: typing one into a section of a document that
    /// had none silences the finding, and deleting it brings the finding back.
    @Test("typing a suppression comment into a section, and deleting it, silences and restores the finding")
    func suppressionTypedIntoSection() throws {
        let doc = """
            {
              "environments": ["iPhone 12"],
              "sections": [
                { "name": "a", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)",
                                          "subitems": [{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }] } },
                { "name": "b", // wide items
                  "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)",
                    "subitems": [{ "width": "fractionalWidth(0.75)", "height": "fractionalHeight(1)" }, { "width": "fractionalWidth(0.75)", "height": "fractionalHeight(1)" }] } }
              ]
            }
            """
        let inc = IncrementalLinter(text: Array(doc.utf8))
        let overflow = inc.diagnostics.filter { $0.ruleID == .groupOverflow }
        #expect(overflow.count == 1)
        let line = try #require(
            inc.text.firstRange(of: Array(#""subitems": [{ "width": "fractionalWidth(0.75)""#.utf8))
        ).lowerBound
        let directive = Array("// layoutlint-disable-next-line group-overflow\n        ".utf8)
        inc.replace(ByteRange(line, line), with: directive)
        #expect(inc.stats.mode == "section")
        #expect(!inc.diagnostics.contains { $0.ruleID == .groupOverflow })
        Self.expectSame(inc, "after typing the directive")
        inc.replace(ByteRange(line, line + directive.count), with: [])
        #expect(inc.diagnostics.filter { $0.ruleID == .groupOverflow }.count == 1)
        Self.expectSame(inc, "after deleting it")
    }

    /// The full result for queries is resolved without running the rules again: its diagnostics are the incremental
    /// ones, its model and layouts those of a from-scratch lint.
    @Test(
        "the full result after edits has the whole lint's diagnostics, sections and frames",
        arguments: exampleFiles.prefix(6))
    func fullResultMatchesLint(_ url: URL) throws {
        let inc = IncrementalLinter(text: Array(try Data(contentsOf: url)))
        let at = inc.text.count / 2
        inc.replace(ByteRange(at, at), with: Array(" ".utf8))
        let full = inc.fullResult(), reference = lint(bytes: inc.text, options: inc.options)
        #expect(Self.describe(full.diagnostics) == Self.describe(reference.diagnostics))
        #expect(full.document.sections.count == reference.document.sections.count)
        #expect(full.layouts.map { $0.sections.map(\.frame) } == reference.layouts.map { $0.sections.map(\.frame) })
    }

    /// The outline (the editor's symbols) is assembled from each section's kept entry: after every edit it equals the
    /// outline of a from-scratch lint, sizes included.
    @Test("the outline after random edits equals the whole lint's", arguments: exampleFiles)
    func outlineEqualsLint(_ url: URL) throws {
        let bytes = Array(try Data(contentsOf: url))
        var rng = SplitMix(seed: UInt64(bytes.count) &* 31)
        let inc = IncrementalLinter(text: bytes)
        #expect(
            inc.outline() == documentOutline(lint(bytes: inc.text, options: inc.options)),
            "\(url.lastPathComponent) at open")
        let snippets: [[UInt8]] = ["1", "a", " ", "\n", "}", "{", ",", "2.5", "\"x\": 1,"].map { Array($0.utf8) }
        for step in 0..<25 {
            Self.typeSomewhere(inc, &rng, snippets)
            let want = documentOutline(lint(bytes: inc.text, options: inc.options))
            let got = inc.outline()
            #expect(
                got == want, "\(url.lastPathComponent) step \(step): \(got.count) vs \(want.count) top-level symbols")
            if got != want { break }
        }
    }

    /// An unnamed section's entry is named by its index ("section 2"); a section inserted before it moves it to
    /// another index while its kept result is reused (it has no `$ref` outside the definitions). The outline kept the
    /// old name (found by FuzzIncrementalCore: "section 3" where a fresh lint says "section 4").
    @Test("a kept section moved to another index is named by its new index in the outline")
    func outlineNamesFollowTheIndex() {
        let section =
            #"{ "group": { "direction": "horizontal", "width": 100, "height": 100, "subitems": [ { "width": 10, "height": 10 } ] } }"#
        let text =
            #"{ "sections": [ "# + section + ", " + section
            + #", { "name": "named", "group": { "direction": "horizontal", "width": 100, "height": 100, "subitems": [ { "width": 10, "height": 10 } ] } } ] }"#
        let inc = IncrementalLinter(text: Array(text.utf8))
        #expect(inc.outline().map(\.name) == ["section 0", "section 1", "named"])
        let at = text.utf8.count - text.drop(while: { $0 != "[" }).utf8.count + 2 // just after "[ "
        inc.edit(ByteRange(at, at), with: Array((section + ", ").utf8))
        let got = inc.outline().map(\.name)
        #expect(got == ["section 0", "section 1", "section 2", "named"], "\(got)")
        #expect(got == documentOutline(lint(bytes: inc.text, options: inc.options)).map(\.name))
        #expect(inc.stats.sectionsReused > 0, "the moved sections' results were reused, not recomputed: \(inc.stats)")
    }

    /// Inlay hints come from each section's kept dimension sizes: after every edit they say what the hints of a
    /// from-scratch lint say (the smallest and largest size of each value, and whether any is an estimate).
    @Test("the sizes of the dimensions after random edits equal the whole lint's", arguments: exampleFiles)
    func dimensionSizesEqualLint(_ url: URL) throws {
        func shown(_ d: [ByteRange: DimensionSizes]) -> [String] {
            d.filter { !$0.value.values.isEmpty }.sorted { $0.key < $1.key }
                .map { "\($0.key) \($0.value.values.min()!)–\($0.value.values.max()!) \($0.value.estimated)" }
        }
        let bytes = Array(try Data(contentsOf: url))
        var rng = SplitMix(seed: UInt64(bytes.count) &* 131)
        let inc = IncrementalLinter(text: bytes)
        let snippets: [[UInt8]] = ["1", "a", " ", "\n", "}", ",", "2.5"].map { Array($0.utf8) }
        for step in 0..<15 {
            let whole = ByteRange(0, inc.text.count)
            let full = lint(bytes: inc.text, options: inc.options)
            let want = shown(
                dimensionSizes(
                    ModelIndex(full.document).objects, indexes: full.layouts.map { ResolvedIndex($0) }, wanted: whole))
            let got = shown(inc.dimensionSizes(in: whole))
            #expect(got == want, "\(url.lastPathComponent) step \(step): \(got.count) vs \(want.count) sized values")
            if got != want { break }
            Self.typeSomewhere(inc, &rng, snippets)
        }
    }

    /// Edits far apart that arrive together (one update) are parsed again apart: only the sections they touch are
    /// computed again, not every section between them.
    @Test("three edits far apart in one update re-resolve three sections, not the thousands between them")
    func distantEditsInOneUpdate() throws {
        let inc = IncrementalLinter(text: Self.bigDocument(sections: 2000))
        var offsets: [Int] = []
        for name in ["s1700", "s900", "s100"] { // last first: each edit leaves the offsets before it as they were
            let at = try #require(inc.text.firstRange(of: Array("\"name\": \"\(name)\",".utf8))).upperBound
            let spacing = try #require(inc.text[at...].firstRange(of: Array(#""interGroupSpacing": "#.utf8))).upperBound
            offsets.append(spacing)
        }
        inc.edit(ByteRange(offsets[0], offsets[0] + 1), with: Array("7".utf8))
        inc.edit(ByteRange(offsets[1], offsets[1]), with: Array("1".utf8))
        // A character typed between two sections: an element of its own.
        let between = try #require(inc.text.firstRange(of: Array("{\n      \"name\": \"s100\",".utf8))).lowerBound
        inc.edit(ByteRange(between, between), with: Array("x".utf8))
        Self.expectSame(inc, "after three edits in one update")
        #expect(inc.stats.mode == "section")
        #expect(inc.stats.sections == 2001)
        #expect(inc.stats.sectionsResolved <= 5, "\(inc.stats)")
    }

    /// Code lenses (the built sections and the environments) and document links (each `$ref` with its target) come
    /// from the incremental state: after every edit they equal what a from-scratch lint gives.
    @Test("sections and $ref targets after random edits equal the whole lint's", arguments: exampleFiles)
    func lensesAndLinksEqualLint(_ url: URL) throws {
        let bytes = Array(try Data(contentsOf: url))
        var rng = SplitMix(seed: UInt64(bytes.count) &* 17)
        let inc = IncrementalLinter(text: bytes)
        let snippets: [[UInt8]] = ["1", "a", " ", "\n", "}", ",", "\"", "{"].map { Array($0.utf8) }
        for step in 0..<15 {
            let full = lint(bytes: inc.text, options: inc.options)
            let built = inc.builtSections()
            #expect(
                built.sections.map { "\($0.index) \($0.range)" }
                    == full.document.sections.map { "\($0.index) \($0.range)" },
                "\(url.lastPathComponent) step \(step)")
            #expect(built.environments == full.layouts.map(\.environment.name))
            let want = collectRefSites(full.parse.root).map { site -> String in
                let t =
                    site.pointer.hasPrefix("#")
                    ? jsonNode(atPointer: String(site.pointer.dropFirst()), root: full.parse.root) : nil
                return
                    "\(site.value.range) \(site.pointer.afterBytePrefix("#").map(String.init) ?? "-") \(t.map { $0.property.map { ByteRange($0.keyRange.start, 0) } ?? $0.node.range }.map { "\($0.start)" } ?? "-")"
            }
            let got = inc.refTargets().map {
                "\($0.value) \($0.fragment ?? "-") \($0.target.map { "\($0.start)" } ?? "-")"
            }
            #expect(got == want, "\(url.lastPathComponent) step \(step)")
            Self.typeSomewhere(inc, &rng, snippets)
        }
    }

    /// The frame built from a section's text through `$ref` (a configuration, or a definition nobody references) is
    /// built again after an edit of that section (`aFrameThatRefersIntoASectionFollowsItsEdits`; it kept the old key's
    /// name).
    /// A fix that adds a property ends its lines as the object's own lines end, not as the document's first line does:
    /// the incremental linter keeps a section's fixes while the first line changes (found by FuzzIncrementalCore: a
    /// kept fix still had the old first line's break).
    @Test func aFixThatAddsAPropertyDoesNotDependOnTheFirstLine() {
        let section =
            "    {\r\n      \"name\": \"wide\",\r\n      \"itemCount\": 3,\r\n      \"group\": { \"direction\": \"horizontal\", \"width\": \"absolute(800)\", \"height\": \"absolute(44)\", \"subitems\": [ { \"width\": \"absolute(800)\", \"height\": \"absolute(44)\" } ] }\r\n    }"
        let text =
            "// a layout\n{\n  \"environments\": [\"iPhone 12\"],\n  \"sections\": [\n" + section + ",\n"
            + section.replacingOccurrences(of: "wide", with: "wider") + "\n  ]\n}\n"
        let inc = IncrementalLinter(text: Array(text.utf8))
        Self.expectSame(inc, "open")
        let fixes = inc.diagnostics.compactMap(\.fix).flatMap(\.edits).filter {
            $0.newText.contains("orthogonalScrollingBehavior")
        }
        #expect(fixes.count == 2 && fixes.allSatisfy { $0.newText.contains("\r\n") }, "\(fixes.map(\.newText))")
        // The first line's break becomes CR LF, then LF again.
        let lf = Array(text.utf8).firstIndex(of: 0x0A)!
        inc.edit(ByteRange(lf, lf), with: [0x0D])
        Self.expectSame(inc, "after the first line's break became CR LF")
        inc.edit(ByteRange(lf, lf + 1), with: [])
        Self.expectSame(inc, "after it became LF again")
    }

    /// A section whose first property shares its line with the previous section's closing brace: a fix that adds a
    /// property to it is indented from inside it, not from that line's indentation (which is the previous section's
    /// text, so an edit there left the kept fix stale).
    @Test func aFixThatAddsAPropertyDoesNotReadThePreviousSection() {
        let group =
            #""group": { "direction": "horizontal", "width": "absolute(800)", "height": "absolute(44)", "subitems": [ { "width": "absolute(800)", "height": "absolute(44)" } ] }"#
        let text =
            "{\n  \"environments\": [\"iPhone 12\"],\n  \"sections\": [\n    {\n      \"name\": \"a\",\n      \(group)\n    }, { \"name\": \"wide\",\n      \(group)\n    }\n  ]\n}\n"
        let inc = IncrementalLinter(text: Array(text.utf8))
        Self.expectSame(inc, "open")
        #expect(
            inc.diagnostics.contains { d in
                d.fix?.edits.contains { $0.newText.contains("orthogonalScrollingBehavior") } ?? false
            })
        // The indentation of the line "    }, { "name": "wide"," is section a's: make it shallower.
        let at = Array(text.utf8).indices.first { Array(text.utf8)[$0...].starts(with: Array("    }, {".utf8)) }!
        inc.edit(ByteRange(at, at + 2), with: [])
        Self.expectSame(inc, "after the previous section's closing line lost two spaces")
    }

    /// Environments and a configuration that `$ref` a definition: an edit of the definition is an edit of them, and
    /// every section is resolved again (the sections kept their results, computed in the old environment).
    @Test func anEditOfADefinitionTheFrameRefersToReachesTheSections() {
        let group =
            #""group": { "direction": "horizontal", "width": "absolute(800)", "height": "absolute(44)", "subitems": [ { "width": "absolute(800)", "height": "absolute(44)" } ] }"#
        let cases: [(String, String, String)] = [
            (
                ##"{ "environments": [{ "$ref": "#/definitions/phone" }], "definitions": { "phone": { "name": "p", "width": 390, "height": 844 } }, "sections": [ { "name": "a", \##(group) } ] }"##,
                "390", "1000"
            ),
            (
                ##"{ "environments": [{ "$ref": "#/definitions/phone" }], "definitions": { "phone": { "name": "p", "width": 390, "height": 844 } }, "sections": [ { "name": "a", \##(group) } ] }"##,
                #""p""#, #""q""#
            ),
            (
                ##"{ "configuration": { "$ref": "#/definitions/cfg" }, "definitions": { "cfg": { "scrollDirection": "vertical" } }, "sections": [ { "name": "a", \##(group) } ] }"##,
                #""vertical""#, #""horizontal""#
            ),
            (
                ##"{ "sections": [ { "name": "a", \##(group) } ], "environments": [{ "$ref": "#/definitions/phone" }], "definitions": { "phone": { "name": "p", "width": 390, "height": 844 } } }"##,
                "390", "1000"
            ),
        ]
        for (text, old, new) in cases {
            let inc = IncrementalLinter(text: Array(text.utf8))
            Self.expectSame(inc, "open")
            #expect(inc.diagnostics.contains { $0.ruleID == .groupExceedsContainer })
            let bytes = Array(text.utf8), o = Array(old.utf8)
            let at = bytes.indices.first { bytes[$0...].starts(with: o) }!
            inc.edit(ByteRange(at, at + o.count), with: Array(new.utf8))
            Self.expectSame(inc, "after \(old) became \(new)")
        }
    }

    /// An edit between a carriage return and a line feed splits or joins a line break without a line break in the
    /// edit: the line numbers in another section's syntax errors move.
    @Test func anEditBetweenCRAndLFMovesTheLines() {
        let text =
            "{\"sections\": [\r\n{ \"name\": \"a\",\r\n\"group\": 1 },\r\n{ \"name\": \"b\", \"x\": [1 }\r\n]}\r\n"
        let inc = IncrementalLinter(text: Array(text.utf8))
        Self.expectSame(inc, "open")
        #expect(inc.diagnostics.contains { $0.message.contains("at line 4") })
        let cr = Array(text.utf8).indices.first { Array(text.utf8)[$0...].starts(with: Array("\"a\",\r".utf8)) }! + 4
        inc.edit(ByteRange(cr + 1, cr + 1), with: [0x20])
        Self.expectSame(inc, "after a space went between CR and LF")
        inc.edit(ByteRange(cr + 1, cr + 2), with: [])
        Self.expectSame(inc, "after it went again")
    }

    /// A lone `'` is a string when another `'` follows on its line: typing one in a later section changes how an
    /// earlier section (or the text before the sections) reads.
    @Test func aQuoteTypedLaterOnTheLineOfALoneQuote() {
        let texts = [
            #"{"sections": [{ "name": 'a }, { "name": "b" }]}"#,
            #"{"$schema": 'x, "sections": [{ "name": "a" }, { "name": "b" }]}"#,
            #"{"sections": [{ "name": 'a' }, { "name": "b" }]}"#,
        ]
        for text in texts {
            let inc = IncrementalLinter(text: Array(text.utf8))
            Self.expectSame(inc, "open")
            let at = Array(text.utf8).indices.first { Array(text.utf8)[$0...].starts(with: Array(#""b""#.utf8)) }! + 2
            inc.edit(ByteRange(at, at), with: [0x27])
            Self.expectSame(inc, "after a ' was typed in the last section")
            inc.edit(ByteRange(at, at + 1), with: [])
            Self.expectSame(inc, "after it was deleted")
        }
    }

    /// The same for a fix: one whose new text holds a `'` adds syntax errors when a lone `'` comes before it on its
    /// line, which re-parsing only its section does not see (lint drops such a fix; so must the incremental linter).
    @Test func aFixWithAQuoteAfterALoneQuote() {
        let group =
            ##""group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "$ref": "#/definitions/its" } ] }"##
        let text =
            ###"{"sections": [{ "name": 'a }, { "name": "b", \###(group) }],\###n "definitions": { "it's": { "width": "fractionalWidth(1)", "height": "absolute(44)" } } }"###
        let inc = IncrementalLinter(text: Array(text.utf8))
        Self.expectSame(inc, "open")
        let at = Array(text.utf8).indices.first { Array(text.utf8)[$0...].starts(with: Array(#""b""#.utf8)) }! + 1
        inc.edit(ByteRange(at, at + 1), with: Array("c".utf8))
        Self.expectSame(inc, "after an edit of the second section")
        #expect(inc.diagnostics.contains { $0.message.contains("it's") }, "\(inc.diagnostics.map(\.message))")
    }

    /// One edit over three or more sections (a selection from one section into a later one, replaced): the sections
    /// between its ends are gone, however the re-parse of its first end stops.
    @Test func anEditOverThreeSectionsDropsTheOnesBetween() {
        let group =
            #""group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "absolute(44)" } ] }"#
        let cases: [(String, String, String)] = [
            (#"{"sections":[1,true,33]}"#, "1,true,3", "7,"),
            (
                #"{"sections":[{ "name": "a", \#(group) }, { "name": "b", \#(group) }, { "name": "c", \#(group) }, { "name": "d", \#(group) }]}"#,
                #"{ "name": "a", \#(group) }, { "name": "b", \#(group) }, { "name": "c""#,
                #"{ "name": "x", \#(group) }, { "name": "c""#
            ),
            (
                #"{"sections":[{ "name": "a", \#(group) }, { "name": "b", \#(group) }, { "name": "c", \#(group) }, { "name": "d", \#(group) }]}"#,
                #"{ "name": "a", \#(group) }, { "name": "b", \#(group) }, { "name": "c", \#(group) },"#,
                #"{ "name": "x", \#(group) },"#
            ),
        ]
        for (text, old, new) in cases {
            let inc = IncrementalLinter(text: Array(text.utf8))
            Self.expectSame(inc, "open")
            let bytes = Array(text.utf8), o = Array(old.utf8)
            let at = bytes.indices.first { bytes[$0...].starts(with: o) }!
            inc.edit(ByteRange(at, at + o.count), with: Array(new.utf8))
            Self.expectSame(inc, "after \(old) became \(new)")
            let fresh = IncrementalLinter(text: inc.text)
            #expect(inc.outline() == fresh.outline(), "the outline after the edit")
        }
    }

    /// A `$ref` written in an element that failed to build (a misspelt direction) still uses its definition: no
    /// unused-definition, whose safe fix would delete it, and the incremental linter follows it being typed and removed.
    @Test func aDefinitionNamedByARefInABrokenElementIsUsed() {
        let text =
            ##"{ "definitions": { "cell": { "width": "fractionalWidth(1/3)", "height": "fractionalHeight(1)" } }, "sections": [ { "name": "a", "group": { "direction": "horizonal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ { "$ref": "#/definitions/cell" } ] } }, { "name": "b", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } } ] }"##
        let whole = lint(bytes: Array(text.utf8))
        #expect(!whole.diagnostics.contains { $0.ruleID == .unusedDefinition }, "\(whole.diagnostics.map(\.message))")
        #expect(fixAll(Array(text.utf8)).text == Array(text.utf8), "--fix changes nothing (it deleted the definition)")
        let inc = IncrementalLinter(text: Array(text.utf8))
        Self.expectSame(inc, "open")
        // The $ref's name changes (in the broken section): the definition is unused, then used again.
        let bytes = Array(text.utf8), o = Array("definitions/cell\"".utf8)
        let at = bytes.indices.first { bytes[$0...].starts(with: o) }! + 12
        inc.edit(ByteRange(at, at + 4), with: Array("cellx".utf8))
        Self.expectSame(inc, "after the $ref named another definition")
        #expect(inc.diagnostics.contains { $0.ruleID == .unusedDefinition })
        inc.edit(ByteRange(at, at + 5), with: Array("cell".utf8))
        Self.expectSame(inc, "after it named the definition again")
        #expect(!inc.diagnostics.contains { $0.ruleID == .unusedDefinition })
    }

    /// A section's sizes do not depend on where the sections before it end: far down a long layout, floating point
    /// made `(offset + height) - offset` differ from the height.
    @Test func aSectionFarDownHasTheSameSizes() {
        let text = #"""
            { "sections": [
              { "itemCount": 1000000000, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(1000000)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } },
              { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44.3)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] },
                "decorationItems": [ { "elementKind": "background", "contentInsets": { "top": 0.5 } } ] }
            ] }
            """#
        let inc = IncrementalLinter(text: Array(text.utf8))
        Self.expectSame(inc, "open")
        #expect(inc.diagnostics.contains { $0.message.contains("22.15") }, "\(inc.diagnostics.map(\.message))")
    }

    /// A definition that only an environment refers to is used (the incremental linter must count the
    /// references the environments follow, not only the sections').
    @Test func aDefinitionOnlyTheEnvironmentsReferToIsUsed() {
        let group =
            #""group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "absolute(44)" } ] }"#
        let text =
            ##"{ "environments": [{ "$ref": "#/definitions/phone" }], "definitions": { "phone": { "name": "p", "width": 390, "height": 844 } }, "sections": [ { "name": "a", \##(group) } ] }"##
        let inc = IncrementalLinter(text: Array(text.utf8))
        Self.expectSame(inc, "open")
        #expect(!inc.diagnostics.contains { $0.ruleID == .unusedDefinition })
        let at = Array(text.utf8).indices.first { Array(text.utf8)[$0...].starts(with: Array(#""name": "a""#.utf8)) }!
        inc.edit(ByteRange(at + 9, at + 10), with: Array("b".utf8))
        Self.expectSame(inc, "after an edit of the section")
        inc.edit(ByteRange(0, inc.text.count), with: Array(text.utf8))
        Self.expectSame(inc, "after the whole text was replaced")
        #expect(!inc.diagnostics.contains { $0.ruleID == .unusedDefinition })
    }

    @Test func aFrameThatRefersIntoASectionFollowsItsEdits() {
        let group =
            #""group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "absolute(44)" } ] }"#
        let texts = [
            ##"{ "configuration": { "$ref": "#/sections/0/x" }, "sections": [ { "name": "a", "x": { "bogus": 1 }, \##(group) }, { "name": "b", \##(group) } ] }"##,
            ##"{ "definitions": { "d": { "$ref": "#/sections/0/x" } }, "sections": [ { "name": "a", "x": { "bogus": 1 }, \##(group) }, { "name": "b", \##(group) } ] }"##,
        ]
        for text in texts {
            let inc = IncrementalLinter(text: Array(text.utf8))
            Self.expectSame(inc, "open")
            let at = Array(text.utf8).indices.first { Array(text.utf8)[$0...].starts(with: Array("bogus".utf8)) }!
            inc.edit(ByteRange(at + 4, at + 5), with: Array("x".utf8))
            Self.expectSame(inc, "after renaming the key in the section")
            #expect(inc.diagnostics.contains { $0.message.contains("bogux") })
        }
    }
}

/// The incremental-core fuzz target's seeds (its failures and the review's cases among them), replayed here as the
/// target reads them (Fuzz/Sources/FuzzIncrementalCore: 2 bytes of length, the text, then edits, some linted and
/// compared at once): at every comparison the incremental diagnostics equal a lint of the text.
/// unused-definition over chains of definitions: definitions that only refer to each other are reported, and `--fix`
/// removes a whole chain at once, not one link per run.
@Suite("Unused definitions that refer to each other")
struct DefinitionChainTests {
    static let cell = #"{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }"#
    static func group(_ item: String) -> String {
        #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ \#(item) ] }"#
    }
    static func text(definitions: String, item: String = cell) -> String {
        #"{ "definitions": { \#(definitions) }, "sections": [ { "name": "a", "group": \#(Self.group(item)) } ] }"#
    }
    static func unused(_ t: String) -> [String] {
        lint(bytes: Array(t.utf8)).diagnostics.filter { $0.ruleID == .unusedDefinition }.map(\.message)
    }

    /// A row that only an unused screen uses is unused too, and says by whom; `--fix` removes both at once and
    /// leaves a document without errors. The incremental linter agrees, also when the section starts using them.
    @Test func aChainFromAnUnusedDefinitionIsUnused() {
        let defs =
            ##""screen": \##(Self.group(##"{ "$ref": "#/definitions/row" }"##)), "row": \##(Self.group(Self.cell))"##
        let t = Self.text(definitions: defs)
        #expect(
            Self.unused(t) == [
                #"definition "screen" is never referenced by a $ref"#,
                #"definition "row" is referenced only by unused definitions ("screen")"#,
            ], "\(Self.unused(t))")
        let fixed = fixAll(Array(t.utf8))
        #expect(fixed.result.diagnostics.isEmpty, "\(fixed.result.diagnostics.map(\.message))")
        #expect(!String(decoding: fixed.text, as: UTF8.self).contains("row"))
        let inc = IncrementalLinter(text: Array(t.utf8))
        IncrementalTests.expectSame(inc, "open")
        // The section's item becomes a `$ref` to the screen: both are used.
        let bytes = Array(t.utf8), item = Array(Self.cell.utf8)
        let at = bytes.indices.last { bytes[$0...].starts(with: item) }!
        inc.edit(ByteRange(at, at + item.count), with: Array(##"{ "$ref": "#/definitions/screen" }"##.utf8))
        IncrementalTests.expectSame(inc, "after the section referred to the screen")
        #expect(!inc.diagnostics.contains { $0.ruleID == .unusedDefinition }, "\(inc.diagnostics.map(\.message))")
    }

    /// Two definitions that refer only to each other, and one that refers only to itself, are unused; a chain that a
    /// section starts is used to its end.
    @Test func cyclesAreUnusedAndLiveChainsAreUsed() {
        let cycle =
            ##""a": \##(Self.group(##"{ "$ref": "#/definitions/b" }"##)), "b": \##(Self.group(##"{ "$ref": "#/definitions/a" }"##)), "self": { "$ref": "#/definitions/self" }"##
        let t = Self.text(definitions: cycle)
        #expect(
            Self.unused(t) == [
                #"definition "a" is referenced only by unused definitions ("b")"#,
                #"definition "b" is referenced only by unused definitions ("a")"#,
                #"definition "self" is referenced only by itself"#,
            ], "\(Self.unused(t))")
        IncrementalTests.expectSame(IncrementalLinter(text: Array(t.utf8)), "open")
        let live = Self.text(
            definitions:
                ##""a": \##(Self.group(##"{ "$ref": "#/definitions/b/subitems/0" }"##)), "b": \##(Self.group(Self.cell))"##,
            item: ##"{ "$ref": "#/definitions/a" }"##)
        #expect(Self.unused(live).isEmpty, "\(Self.unused(live))")
        IncrementalTests.expectSame(IncrementalLinter(text: Array(live.utf8)), "open")
    }

    /// A `$ref` that is no JSON pointer ("#x/definitions/cell", "#definitions/cell") is an error with the pointer it
    /// likely means, and its definition stays in use: the builder read "#x/…" as "#/…" and laid out `cell`, while
    /// unused-definition did not count it, so --fix deleted it.
    /// "#\u{301}/…" (a "#" and a combining mark, one `Character`) was "not a reference into this document" to the
    /// builder and named no definition, so --fix deleted the definition it meant.
    @Test(arguments: ["#x/definitions/cell", "#definitions/cell", "#cell", "#\u{301}/definitions/cell"])
    func aMalformedPointerIsAnErrorAndKeepsItsDefinition(_ pointer: String) {
        let t = Self.text(definitions: #""cell": \#(Self.cell)"#, item: #"{ "$ref": "\#(pointer)" }"#)
        let ds = lint(bytes: Array(t.utf8)).diagnostics
        #expect(
            ds.contains {
                $0.ruleID == .unresolvedRef && $0.message.contains(##"did you mean "#/definitions/cell"?"##)
            }, "\(ds.map(\.message))")
        #expect(!ds.contains { $0.ruleID == .unusedDefinition })
        #expect(fixAll(Array(t.utf8)).text == Array(t.utf8))
        IncrementalTests.expectSame(IncrementalLinter(text: Array(t.utf8)), "open")
    }

    /// Two definitions whose names are canonically equivalent (é precomposed, and e + U+0301), each used by a
    /// section: neither is unused (as `String`s the two names were one, and one definition was reported and removed).
    @Test func canonicallyEquivalentNamesAreTwoDefinitions() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let t =
            #"{ "definitions": { "\#(composed)": \#(Self.cell), "\#(decomposed)": \#(Self.cell) }, "sections": [ { "name": "a", "group": \#(Self.group(##"{ "$ref": "#/definitions/\##(composed)" }"##)) }, { "name": "b", "group": \#(Self.group(##"{ "$ref": "#/definitions/\##(decomposed)" }"##)) } ] }"#
        #expect(Self.unused(t).isEmpty, "\(Self.unused(t))")
        #expect(fixAll(Array(t.utf8)).text == Array(t.utf8))
        IncrementalTests.expectSame(IncrementalLinter(text: Array(t.utf8)), "open")
    }

    /// One definition `$ref`s the other, whose name is canonically equivalent: no cycle (the cycle check compared the
    /// paths as `String`s and reported "refers back into itself"), whether it names the other or an element inside it.
    @Test func aDefinitionMayReferToItsCanonicallyEquivalentTwin() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        for (defs, item) in [
            (
                ##""\##(composed)": { "$ref": "#/definitions/\##(decomposed)" }, "\##(decomposed)": \##(Self.cell)"##,
                ##"{ "$ref": "#/definitions/\##(composed)" }"##
            ),
            (
                ##""\##(composed)": \##(Self.cell), "\##(decomposed)": \##(Self.group(##"{ "$ref": "#/definitions/\##(composed)" }"##))"##,
                ##"{ "$ref": "#/definitions/\##(decomposed)/subitems/0" }"##
            ),
        ] {
            let t = Self.text(definitions: defs, item: item)
            let ds = lint(bytes: Array(t.utf8)).diagnostics
            #expect(ds.isEmpty, "\(ds.map(\.message))")
            IncrementalTests.expectSame(IncrementalLinter(text: Array(t.utf8)), "open")
        }
    }

    /// A `$ref` that writes a definition's name in another normalisation names no definition: unresolved-ref says the
    /// suggestion reads the same, and the definition it meant, unused as written, is not removed by `--fix`.
    @Test func aLookAlikeReferenceKeepsTheDefinitionItMeant() {
        let t = Self.text(
            definitions: "\"caf\u{E9}\": \(Self.cell)", item: ##"{ "$ref": "#/definitions/cafe\##u{301}" }"##)
        let ds = lint(bytes: Array(t.utf8)).diagnostics
        let unused = ds.first { $0.ruleID == .unusedDefinition }
        #expect(
            unused?.fix?.isSafe == false && unused?.message.contains("another Unicode normalisation") == true,
            "\(ds.map(\.message))")
        #expect(
            ds.contains {
                $0.ruleID == .unresolvedRef
                    && $0.message.contains("reads the same but is written with other Unicode code points")
            }, "\(ds.map(\.message))")
        #expect(fixAll(Array(t.utf8)).text == Array(t.utf8))
        IncrementalTests.expectSame(IncrementalLinter(text: Array(t.utf8)), "open")
    }

    /// Two sections with the same name, the second re-spelt in another normalisation of the same length: the editor's
    /// duplicate-section-name finding (its rename quotes the name's bytes) follows, as a fresh lint does.
    @Test func aSectionNameReSpeltInAnotherNormalisation() {
        let old = "xe\u{323}\u{302}", new = "x\u{1EB9}\u{302}"
        #expect(old == new && old.utf8.count == new.utf8.count && !old.sameKey(as: new))
        let t =
            #"{ "sections": [ { "name": "\#(old)", "group": \#(Self.group(Self.cell)) }, { "name": "\#(old)", "group": \#(Self.group(Self.cell)) } ] }"#
        let inc = IncrementalLinter(text: Array(t.utf8))
        let at = inc.text.lastRange(of: Array(old.utf8))!
        inc.replace(ByteRange(at.lowerBound, at.upperBound), with: Array(new.utf8))
        IncrementalTests.expectSame(inc, "after the re-spelling")
        #expect(inc.diagnostics == lint(bytes: inc.text).diagnostics)
        #expect(
            inc.diagnostics.contains {
                $0.ruleID == .duplicateSectionName
                    && $0.fix?.edits.first?.newText.utf8.elementsEqual(jsonQuoted(new + " 2").utf8) == true
            },
            "\(inc.diagnostics.map { $0.fix?.edits.first?.newText.unicodeScalars.map { String($0.value, radix: 16) } ?? [] })"
        )
    }
}

@Suite("The incremental-core fuzz seeds")
struct IncrementalSeedTests {
    static func seeds() -> [String] {
        let dir = repoRoot.appendingPathComponent("Fuzz/corpus/incremental-core")
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted().map {
            dir.appendingPathComponent($0).path
        }
    }

    @Test func thereAreSeeds() { #expect(Self.seeds().count >= 20) }

    @Test(arguments: seeds())
    func replay(_ path: String) throws {
        let d = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        guard d.count >= 2 else { return }
        var at = 0
        func byte() -> Int? {
            at < d.count
                ? {
                    at += 1; return Int(d[at - 1])
                }() : nil
        }
        func bytes(_ n: Int) -> [UInt8] { let e = min(d.count, at + n); defer { at = e }; return Array(d[at..<e]) }
        let len = (byte()! << 8 | byte()!) % 4096
        var options = LintOptions()
        if len % 4 == 1 { options.maxDiagnostics = 1 + (len / 4) % 16 }
        if len % 8 == 3 || len % 8 == 5 {
            let off: Severity? = nil
            options.severities = [
                "unknown-property": off, "missing-property": off, "wrong-type": .warning, "duplicate-key": off,
            ]
        }
        let inc = IncrementalLinter(text: bytes(len), options: options)
        var ops = 0
        while let op = byte(), ops < 64 {
            ops += 1
            let n = inc.text.count
            var range = ByteRange(0, n)
            if op & 3 != 0 {
                let s = n == 0 ? 0 : (((byte() ?? 0) << 8) | (byte() ?? 0)) % (n + 1)
                range = ByteRange(s, min(n, s + (byte() ?? 0)))
            }
            let new = bytes(byte() ?? 0)
            if op & 16 != 0 { inc.replace(range, with: new) } else { inc.edit(range, with: new) }
            if op & 32 != 0 {
                inc.update()
                #expect(
                    inc.diagnostics == lint(bytes: inc.text, options: inc.options).diagnostics,
                    "\(path): after edit \(ops)")
            }
        }
        inc.update()
        #expect(inc.diagnostics == lint(bytes: inc.text, options: inc.options).diagnostics, "\(path): at the end")
    }
}
