import Foundation
import Testing
@testable import LayoutLintCore

/// A `$ref` may point at any element's path (docs/format.md#references), `#/sections/1/group` as well as
/// `#/definitions/NAME`. The text it reads is then shared: a fix that edits it changes the element that refers to it
/// too, so `--fix` must not apply it (the editor still offers it), as for a definition's text.
@Suite("Fixes on section text that a $ref reads")
struct SharedSectionTextTests {
    /// A row whose estimated height has insets along it: estimated-content-insets, with a safe fix.
    static let insetRow =
        #"{ "width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": { "top": 8, "bottom": 8 } }"#
    static let flagged =
        #"{ "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)", "subitems": [ \#(insetRow) ] }"#
    static let plainGroup =
        #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }"#

    /// Section 0 is `flagged` (closed by `tail0`), then the other sections.
    static func document(tail0: String = " }", others: [String], definitions: String = "", row: String = insetRow)
        -> String
    {
        let group = flagged.replacingOccurrences(of: insetRow, with: row)
        return #"{ \#(definitions)"sections": [ \#(group)\#(tail0), \#(others.joined(separator: ", ")) ] }"#
    }
    /// The same row with an edgeSpacing of its own, which the fix rewrites to add top and bottom.
    static let insetRowWithEdgeSpacing =
        #"{ "width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": { "top": 8, "bottom": 8 }, "edgeSpacing": { "leading": "fixed(2)" } }"#

    /// The fix of section 0's estimated-content-insets finding.
    static func sectionZeroFix(_ text: String) -> Fix? {
        let r = lint(bytes: Array(text.utf8))
        let insets = Array(text.utf8).firstRange(of: Array(#""contentInsets""#.utf8))!.lowerBound
        return r.diagnostics.first {
            $0.ruleID == .estimatedContentInsets && $0.range.start >= insets && $0.range.start < insets + 60
        }?.fix
    }

    static let plain = #"{ "group": \#(plainGroup) }"#

    @Test(
        "a fix of text that another section, a variant or a used definition reads is not safe; --fix leaves it",
        arguments: [
            ("another section's group", document(others: [##"{ "group": { "$ref": "#/sections/0/group" } }"##])),
            (
                "another section's subitem",
                document(others: [
                    ##"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "estimated(44)", "subitems": [ { "$ref": "#/sections/0/group/subitems/0" } ] } }"##
                ])
            ),
            (
                "a variant of the same section",
                document(
                    tail0:
                        ##", "variants": [ { "when": { "minWidth": 800 }, "group": { "$ref": "#/sections/0/group", "direction": "horizontal" } } ] }"##,
                    others: [plain])
            ),
            (
                "a definition another section uses",
                document(
                    others: [##"{ "group": { "$ref": "#/definitions/wide" } }"##],
                    definitions: ##""definitions": { "wide": { "$ref": "#/sections/0/group" } }, "##)
            ),
            (
                "another element's edgeSpacing",
                document(
                    others: [
                        ##"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)", "edgeSpacing": { "$ref": "#/sections/0/group/subitems/0/edgeSpacing" } } ] } }"##
                    ], row: insetRowWithEdgeSpacing)
            ),
        ])
    func sharedTextIsNotFixedByFixAll(_ c: (String, String)) {
        let fix = Self.sectionZeroFix(c.1)
        #expect(fix != nil && fix?.isSafe == false, "\(c.0): \(String(describing: fix))")
        let out = fixAll(Array(c.1.utf8))
        #expect(out.applied["estimated-content-insets"] == nil, "\(c.0): \(out.applied)")
        #expect(out.text == Array(c.1.utf8), "\(c.0)")
    }

    @Test("the same fix stays safe where no $ref reads the text: none, one into another section, one into a definition")
    func ownTextIsFixed() {
        let defs = #""definitions": { "g": \#(Self.plainGroup) }, "#
        for text in [
            Self.document(others: [Self.plain]),
            Self.document(others: [Self.plain, ##"{ "group": { "$ref": "#/sections/1/group" } }"##]),
            Self.document(others: [##"{ "group": { "$ref": "#/definitions/g" } }"##], definitions: defs),
            // A `$ref` the builder does not follow (under a key it does not know) reads nothing.
            Self.document(others: [Self.plain], definitions: ##""x-refs": { "$ref": "#/sections/0/group" }, "##),
        ] {
            #expect(Self.sectionZeroFix(text)?.isSafe == true, "\(text)")
            let out = fixAll(Array(text.utf8))
            #expect(out.applied["estimated-content-insets"] == 1, "\(text)")
        }
    }

    /// A section may be another section with keys of its own (`{ "$ref": "#/sections/0", … }`): then the findings of
    /// the referrer can have fixes that edit the other section's text (review 2026-11-26, finding 1: the editor's
    /// fix-all applied them while `lint --fix` did not). Checked in the incremental linter too, after opening and
    /// after an edit elsewhere.
    @Test(
        "a fix that edits the text of a section another section refers to as a whole is not safe, in lint and in the editor",
        arguments: [
            (
                "referrer first",
                ##"{ "environments": ["iPhone 12"], "sections": [ { "$ref": "#/sections/1", "decorationItems": [ { "elementKind": "background" } ] }, { "boundarySupplementaryItems": [ { "elementKind": "header", "width": "fractionalWidth(1)", "height": "absolute(44)", "alignment": "top", "pinToVisibleBounds": true } ], "group": \##(plainGroup) }, { "group": \##(plainGroup) } ] }"##,
                "pinned-header-z-index"
            ),
            (
                "pinned header",
                ##"{ "environments": ["iPhone 12"], "sections": [ { "boundarySupplementaryItems": [ { "elementKind": "header", "width": "fractionalWidth(1)", "height": "absolute(44)", "alignment": "top", "pinToVisibleBounds": true } ], "group": \##(plainGroup) }, { "$ref": "#/sections/0", "decorationItems": [ { "elementKind": "background" } ] }, { "group": \##(plainGroup) } ] }"##,
                "pinned-header-z-index"
            ),
        ])
    func wholeSectionReferences(_ c: (String, String, String)) throws {
        let fixes = { (ds: [Diagnostic]) in ds.filter { $0.rule == c.2 }.map { $0.fix.map(\.isSafe) } }
        let whole = lint(bytes: Array(c.1.utf8)).diagnostics
        #expect(!fixes(whole).isEmpty && fixes(whole).allSatisfy { $0 == false }, "\(c.0): \(whole.map(\.rule))")
        #expect(fixAll(Array(c.1.utf8)).text == Array(c.1.utf8), "\(c.0)")
        let inc = IncrementalLinter(text: Array(c.1.utf8))
        #expect(fixes(inc.diagnostics) == fixes(whole), "\(c.0): opened")
        // An edit in the last section, which nothing refers to.
        let h = try #require(inc.text.lastRange(of: Array("absolute(44)".utf8)))
        inc.replace(ByteRange(h.lowerBound + 9, h.lowerBound + 11), with: Array("45".utf8))
        #expect(inc.stats.mode == "section" && inc.stats.sectionsResolved == 1, "\(c.0): \(inc.stats)")
        #expect(fixes(inc.diagnostics) == fixes(lint(bytes: inc.text).diagnostics), "\(c.0): after an edit")
    }

    @Test("an edit touches shared text when it overlaps it or inserts inside it, not beside it")
    func touchingSharedText() {
        let shared = [ByteRange(10, 20), ByteRange(30, 40)]
        func touches(_ s: Int, _ e: Int) -> Bool { touchesSharedText(shared, s, e) }
        #expect(
            !touches(10, 10) && !touches(20, 20) && !touches(25, 30) && !touches(0, 10) && !touches(40, 45)
                && !touches(22, 28))
        #expect(
            touches(11, 11) && touches(19, 19) && touches(5, 11) && touches(19, 25) && touches(0, 50) && touches(12, 13)
                && touches(35, 35))
        #expect(
            outermostRanges([ByteRange(12, 14), ByteRange(10, 20), ByteRange(30, 40), ByteRange(10, 20)]) == [
                ByteRange(10, 20), ByteRange(30, 40),
            ])
    }

    /// The incremental linter (the editor's) keeps each section's results while its text holds; a `$ref` written in
    /// another section changes which of its fixes are safe, so it recomputes that section, and only that one.
    @Test("incremental: a $ref added or removed elsewhere recomputes the section it reads, and only it")
    func incrementalFollowsTheReferences() {
        let third =
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(30)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
        let text = Self.document(others: [Self.plain, third])
        let inc = IncrementalLinter(text: Array(text.utf8))
        func zeroFix() -> Fix? { inc.diagnostics.first { $0.ruleID == .estimatedContentInsets }?.fix }
        func check(_ what: String) {
            let reference = lint(bytes: inc.text, options: inc.options).diagnostics
            #expect(
                inc.diagnostics.map { "\($0.range) \($0.rule) \($0.fix.map { "\($0.isSafe)" } ?? "-")" }
                    == reference.map { "\($0.range) \($0.rule) \($0.fix.map { "\($0.isSafe)" } ?? "-")" }, "\(what)")
        }
        #expect(zeroFix()?.isSafe == true)
        // Section 1's group becomes a reference to section 0's.
        let plainStart = Array(inc.text).firstRange(of: Array(Self.plainGroup.utf8))!
        inc.replace(
            ByteRange(plainStart.lowerBound, plainStart.upperBound),
            with: Array(##"{ "$ref": "#/sections/0/group" }"##.utf8))
        check("ref added")
        #expect(zeroFix()?.isSafe == false)
        // Only the edited section is computed again: safety is decided over the merged diagnostics.
        #expect(inc.stats.mode == "section" && inc.stats.sectionsResolved == 1, "\(inc.stats)")
        // A long name typed into section 0, before the group that is read: the group's text moves past where it
        // was, and the reference follows it (section 0 and section 1, which reads it, are computed again).
        let g = Array(inc.text).firstRange(of: Array(#"{ "group": { "direction": "vertical""#.utf8))!
        inc.replace(
            ByteRange(g.lowerBound + 2, g.lowerBound + 2),
            with: Array(#""name": "\#(String(repeating: "x", count: 300))", "#.utf8))
        check("typing in the section read")
        #expect(zeroFix()?.isSafe == false)
        #expect(inc.stats.mode == "section" && inc.stats.sectionsResolved == 2, "\(inc.stats)")
        // Typing in section 2 recomputes section 2 alone.
        let h = Array(inc.text).firstRange(of: Array("absolute(30)".utf8))!
        inc.replace(ByteRange(h.lowerBound + 9, h.lowerBound + 11), with: Array("31".utf8))
        check("unrelated edit")
        #expect(inc.stats.mode == "section" && inc.stats.sectionsResolved == 1, "\(inc.stats)")
        #expect(zeroFix()?.isSafe == false)
        // A section inserted first: the pointer now names it, and section 0's text is its own again.
        let first = Array(inc.text).firstRange(of: Array(#""sections": [ "#.utf8))!.upperBound
        inc.replace(ByteRange(first, first), with: Array("\(Self.plain), ".utf8))
        check("section inserted before")
        #expect(zeroFix()?.isSafe == true)
        // The pointer follows it again.
        let p = Array(inc.text).firstRange(of: Array("#/sections/0/group".utf8))!
        inc.replace(ByteRange(p.lowerBound + 11, p.lowerBound + 12), with: Array("1".utf8))
        check("pointer retargeted")
        #expect(zeroFix()?.isSafe == false)
        // The reference removed: safe again.
        let ref = Array(inc.text).firstRange(of: Array(##"{ "$ref": "#/sections/1/group" }"##.utf8))!
        inc.replace(ByteRange(ref.lowerBound, ref.upperBound), with: Array(Self.plainGroup.utf8))
        check("ref removed")
        #expect(zeroFix()?.isSafe == true)
    }

    /// Two keys of section 0 spelt "café" with a precomposed é and with e + U+0301 are two keys (JSON and JSON
    /// Pointer compare code points), each a paging spec that other sections `$ref`. The pointers followed were kept in
    /// a `Set<String>`, whose `==` is canonical equivalence: one of the two was dropped, the text only it read was
    /// taken for nobody's, and `--fix` removed an interGroupSpacing that a section reads (review 2026-11-26-fourteenth,
    /// finding 4).
    @Test(
        "text read through a pointer with a decomposed key is shared as well as the precomposed one, in lint and in the editor"
    )
    func canonicallyEquivalentPointers() throws {
        let pg =
            #"{ "direction": "horizontal", "width": "fractionalWidth(0.8)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }"#
        let paging =
            #"{ "boundarySupplementaryItems": [ { "elementKind": "header", "width": "fractionalWidth(1)", "height": "absolute(44)", "alignment": "top", "pinToVisibleBounds": true } ], "decorationItems": [ { "elementKind": "background" } ], "group": \#(pg) }"#
        let nfc = "caf\u{E9}", nfd = "cafe\u{301}"
        let text =
            ##"{ "environments": ["iPhone 12"], "definitions": { "d": { "$ref": "#/sections/0/\##(nfd)" } }, "sections": [ { "\##(nfc)": \##(paging), "\##(nfd)": \##(paging), "group": \##(pg) }, { "$ref": "#/sections/0/\##(nfc)", "group": \##(pg) }, { "$ref": "#/sections/0/\##(nfc)", "group": \##(pg) }, { "$ref": "#/definitions/d", "group": \##(pg) } ] }"##
        let bytes = Array(text.utf8)
        let rule = "pinned-header-z-index"
        let result = lint(bytes: bytes)
        let found = result.diagnostics.filter { $0.rule == rule }
        // One finding in each spelling's text (the sections that read it share it), each with a fix, none safe.
        let nfdStart = try #require(bytes.firstRange(of: Array("\"\(nfd)\": {".utf8))).lowerBound
        #expect(
            found.count == 2 && found.contains { $0.range.start < nfdStart }
                && found.contains { $0.range.start > nfdStart }, "\(found.map(\.range))")
        #expect(found.allSatisfy { $0.fix != nil && $0.fix?.isSafe == false }, "\(found.map { $0.fix.map(\.isSafe) })")
        #expect(result.document.referencedPointers.count == 3, "\(result.document.referencedPointers)")
        #expect(String(decoding: fixAll(bytes).text, as: UTF8.self) == text)
        // The editor's linter agrees, opened and after an edit in the last section.
        let inc = IncrementalLinter(text: bytes)
        func safety(_ ds: [Diagnostic]) -> [String] {
            ds.filter { $0.rule == rule }.map { "\($0.range) \($0.fix?.isSafe ?? true)" }
        }
        #expect(safety(inc.diagnostics) == safety(result.diagnostics))
        let h = try #require(inc.text.lastRange(of: Array("absolute(44)".utf8)))
        inc.replace(ByteRange(h.lowerBound + 9, h.lowerBound + 11), with: Array("45".utf8))
        #expect(
            safety(inc.diagnostics) == safety(lint(bytes: inc.text).diagnostics) && safety(inc.diagnostics).count == 2)
    }
}
