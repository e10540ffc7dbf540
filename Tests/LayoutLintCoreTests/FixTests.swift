import Foundation
import Testing
import TestSupport
@testable import LayoutLintCore

let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

func exampleFiles() -> [String] {
    let dir = repoRoot.appendingPathComponent("examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.filter { $0.hasSuffix(".layout.json") || $0.hasSuffix(".layout.jsonc") }.sorted().map {
        dir.appendingPathComponent($0).path
    }
}

func counts(_ ds: [Diagnostic]) -> [String: Int] {
    var c: [String: Int] = [:]
    for d in ds { c[d.rule, default: 0] += 1 }
    return c
}

@Suite("Fixes")
struct FixTests {
    @Test func theExamplesAreThere() {
        #expect(exampleFiles().count >= 14)
    }

    @Test(
        "lint → fix → lint over every example: fixed findings go, nothing new appears, a second fix changes nothing",
        arguments: exampleFiles())
    func fixRoundTrip(_ path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let before = lint(bytes: bytes)
        let out = fixAll(bytes)
        let after = counts(out.result.diagnostics)
        let b = counts(before.diagnostics)
        for (rule, n) in after { #expect(n <= b[rule] ?? 0, "\(rule) appeared or grew after fixing \(path)") }
        for (rule, applied) in out.applied {
            #expect((after[rule] ?? 0) <= (b[rule] ?? 0) - applied, "\(rule) not gone in \(path)")
        }
        #expect(after["syntax"] == b["syntax"], "a fix broke the syntax of \(path)")
        // Every comment survives.
        #expect(
            parseJSONC(out.text).comments.count == before.parse.comments.count
                - (out.applied["unused-suppression"] ?? 0))
        // Idempotent.
        #expect(fixAll(out.text).text == out.text)
        let safeLeft = out.result.diagnostics.filter { $0.fix?.isSafe == true }
        #expect(safeLeft.isEmpty, "\(safeLeft.map(\.rule))")
    }

    @Test func estimatedContentInsetsMovesToEdgeSpacing() {
        let src = #"""
            { "sections": [ { "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)",
              "subitems": [ {
                // a row
                "width": "fractionalWidth(1)",
                "height": "estimated(44)",
                "contentInsets": { "top": 8, "leading": 16, "bottom": 8, "trailing": 16 }
              } ] } } ] }
            """#
        let out = fixAll(Array(src.utf8))
        let text = String(decoding: out.text, as: UTF8.self)
        #expect(out.applied == ["estimated-content-insets": 1])
        #expect(text.contains(#""contentInsets": { "leading": 16, "trailing": 16 },"#))
        #expect(text.contains(#""edgeSpacing": { "top": "fixed(8)", "bottom": "fixed(8)" }"#))
        #expect(text.contains("// a row"))
        #expect(out.result.diagnostics.isEmpty)
        // The edge spacing now does what the insets meant: 8 pt above and below each row.
        let g = out.result.layouts[0].sections[0].group!
        #expect(g.children[0].frame.y == 8)
    }

    /// A section's root group is placed by its section (layoutlint's resolver applies no edgeSpacing to it, and what
    /// UIKit does is not documented): the fix moved a root group's insets there, the warning went, and the 16 pt still
    /// never appeared in the sizes shown. Its fix moves them to the section instead (a suggestion, not `--fix`), and the
    /// message names what is sure to work.
    @Test func aRootGroupsInsetsAreNotMovedToItsEdgeSpacing() {
        let src =
            #"{ "environments": ["iPhone 12"], "sections": [ { "itemCount": 3, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "estimated(60)", "contentInsets": { "top": 8, "bottom": 8 }, "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(60)" } ] } } ] }"#
        let r = lint(bytes: Array(src.utf8))
        let d = r.diagnostics.first { $0.ruleID == .estimatedContentInsets }
        #expect(
            d != nil && d?.fix?.isSafe == false
                && d?.fix?.edits.contains { $0.newText.contains("edgeSpacing") } == false, "\(String(describing: d))")
        #expect(
            d?.message.contains(
                "for a section's group, use edgeSpacing on its items, or the section's interGroupSpacing, instead")
                == true)
        #expect(fixAll(Array(src.utf8)).text == Array(src.utf8))
        // What the message says holds: edgeSpacing on the root group moves nothing (three rows of 60 pt, the item at
        // the group's top), on its item it does (the item 8 pt down).
        func item(_ t: String) -> (Double?, Double?) {
            let s = lint(bytes: Array(t.utf8)).layouts.first?.sections.first
            return (s?.frame.height, s?.group?.children.first?.frame.y)
        }
        #expect(
            item(
                src.replacingOccurrences(
                    of: #""contentInsets": { "top": 8, "bottom": 8 }"#,
                    with: #""edgeSpacing": { "top": "fixed(8)", "bottom": "fixed(8)" }"#)) == (180, 0))
        #expect(
            item(
                src.replacingOccurrences(of: #""contentInsets": { "top": 8, "bottom": 8 }, "#, with: "")
                    .replacingOccurrences(
                        of: #""height": "estimated(60)" }"#,
                        with:
                            #""height": "estimated(60)", "edgeSpacing": { "top": "fixed(8)", "bottom": "fixed(8)" } }"#)
            ).1 == 8)
    }

    @Test func contentInsetsRemovedWhenNothingRemains() {
        let src =
            "{ \"sections\": [ { \"group\": { \"direction\": \"vertical\", \"width\": \"fractionalWidth(1)\", \"height\": \"estimated(44)\",\n  \"subitems\": [ {\n    \"width\": \"fractionalWidth(1)\",\n    \"contentInsets\": { \"top\": 4, \"bottom\": 4 },\n    \"height\": \"estimated(44)\"\n  } ] } } ] }"
        let out = fixAll(Array(src.utf8))
        let text = String(decoding: out.text, as: UTF8.self)
        #expect(!text.contains("contentInsets"))
        // Where the insets were (one edit: the comma and any comment around them stay).
        #expect(
            text.contains(
                "\"width\": \"fractionalWidth(1)\",\n    \"edgeSpacing\": { \"top\": \"fixed(4)\", \"bottom\": \"fixed(4)\" },\n    \"height\": \"estimated(44)\"\n  }"
            ), "\(text)")
        #expect(out.result.diagnostics.isEmpty)
    }

    /// The centered-paging repair moves the spacing into the items, so every card gets narrower (312 → 302 pt here):
    /// the editor offers it, `--fix` does not apply it.
    @Test func centeredPagingSpacingBecomesItemInsetsOnlyWhenAsked() throws {
        let src =
            #"{ "sections": [ { "orthogonalScrollingBehavior": "groupPagingCentered", "interGroupSpacing": 10, "group": { "direction": "horizontal", "width": "fractionalWidth(0.8)", "height": "absolute(200)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } } ] }"#
        #expect(fixAll(Array(src.utf8)).text == Array(src.utf8))
        let d = try #require(
            lint(bytes: Array(src.utf8)).diagnostics.first { $0.ruleID == .centeredPagingInterGroupSpacing })
        let fix = try #require(d.fix)
        #expect(!fix.isSafe && fix.title.contains("10 pt narrower"), "\(fix.title)")
        let applied = lint(bytes: applyEdits(Array(src.utf8), fix.edits))
        let text = String(decoding: applyEdits(Array(src.utf8), fix.edits), as: UTF8.self)
        #expect(!text.contains("interGroupSpacing"))
        #expect(text.contains(#""contentInsets": { "leading": 5, "trailing": 5 }"#))
        #expect(applied.diagnostics.isEmpty)
        let card = try #require(applied.layouts.first?.sections.first?.group?.children.first)
        #expect(card.contentFrame.width == 302)
    }

    @Test func suggestionsAreNotAppliedByFixAll() {
        let src =
            #"{ "sections": [ { "contentInset": 4, "group": { "direction": "horizontal", "width": 10, "height": 10, "subitems": [ { "width": 10, "height": 10 } ] } } ] }"#
        let out = fixAll(Array(src.utf8))
        #expect(out.text == Array(src.utf8))
        #expect(out.result.diagnostics.first?.fix?.isSafe == false)
    }

    @Test(
        "an added property ends its lines as its object's lines end, whatever the document's first line does",
        arguments: [("\n", "\r\n"), ("\r\n", "\n"), ("\n", "\n"), ("\r\n", "\r\n")])
    func addedPropertyTakesTheObjectsLineBreak(_ first: String, _ inside: String) {
        let object = "{\(inside)    \"a\": 1\(inside)  }"
        let text = "// x\(first){ \"o\": " + object + " }"
        let bytes = Array(text.utf8)
        let start = bytes.count - 2 - object.utf8.count
        let edit = SourceText(bytes: bytes).insertProperty(
            into: ByteRange(start, start + object.utf8.count), key: "b", value: "2")
        #expect(edit.newText == ",\(inside)    \"b\": 2\(inside)  ", "\(edit.newText.debugDescription)")
        // An empty object written over two lines: indented from its closing brace's line.
        let empty = Array("// x\(first){ \"o\": {\(inside)    } }".utf8)
        let e = SourceText(bytes: empty).insertProperty(
            into: ByteRange(empty.count - 8 - inside.utf8.count, empty.count - 2), key: "b", value: "2")
        #expect(e.newText == "\(inside)      \"b\": 2\(inside)    ", "\(e.newText.debugDescription)")
    }

    @Test func applyEditsKeepsEverythingOutsideTheEdits() {
        let src = Array("abc // keep\ndef".utf8)
        let out = applyEdits(
            src, [TextEdit(range: ByteRange(0, 1), newText: "X"), TextEdit(range: ByteRange(12, 15), newText: "")])
        #expect(String(decoding: out, as: UTF8.self) == "Xbc // keep\n")
    }

    @Test("random documents: fixes never remove a comment or a key that no fix targeted")
    func fixesKeepUntargetedKeysAndComments() {
        var rng = SplitMix(seed: 42)
        for _ in 0..<200 {
            let src = randomDocument(&rng)
            let bytes = Array(src.utf8)
            let before = lint(bytes: bytes)
            let out = fixAll(bytes)
            let keysBefore = allKeys(parseJSONC(bytes).root)
            let keysAfter = allKeys(parseJSONC(out.text).root)
            // A key may only disappear when a fix that targets it ran: the insets and spacing fixes move their key,
            // duplicate-key removes the first of two, unused-definition removes a definition with everything in it.
            var removable: Set<String> = []
            if out.applied["estimated-content-insets"] != nil { removable.insert("contentInsets") }
            if out.applied["centered-paging-inter-group-spacing"] != nil { removable.insert("interGroupSpacing") }
            if out.applied["duplicate-key"] != nil { removable.insert("width") }
            if out.applied["unused-definition"] != nil {
                removable.formUnion(allKeys(parseJSONC(bytes).root?["definitions"]).keys)
                removable.formUnion(parseJSONC(bytes).root?["definitions"]?.properties.map(\.key) ?? [])
            }
            for (k, n) in keysBefore where (keysAfter[k] ?? 0) < n {
                #expect(removable.contains(k), "key \(k) lost in \(src)")
            }
            #expect(
                parseJSONC(out.text).comments.count >= before.parse.comments.count
                    - (out.applied["unused-suppression"] ?? 0), "\(src)")
            #expect(
                parseJSONC(out.text).errors.filter { $0.code == .syntax }.count
                    <= before.parse.errors.filter { $0.code == .syntax }.count)
        }
    }
}

@Suite("Fixes in broken documents")
struct BrokenDocumentFixTests {
    /// Every key and scalar value of the tree (the ranges `fixSwapsTokensOnly` accepts), and some ranges that are not
    /// one token: a container, half a token, a token with the space after it.
    func candidateRanges(_ root: JSONNode?, _ count: Int, _ r: inout SplitMix) -> [ByteRange] {
        var out: [ByteRange] = []
        func walk(_ n: JSONNode?) {
            guard let n else { return }
            out.append(n.range)
            for p in n.properties { out.append(p.keyRange); walk(p.value) }
            for e in n.elements { walk(e) }
        }
        walk(root)
        for _ in 0..<8 where count > 2 {
            let a = Int(r.next() % UInt64(count - 1))
            out.append(ByteRange(a, a + 1 + Int(r.next() % UInt64(min(12, count - a - 1)))))
        }
        return out
    }

    @Test(
        "the shortcuts refuse what a reviewer's generator found adding syntax errors",
        arguments: [
            // A `'` brought in closes one that stood alone earlier on the line.
            (#"["a", ' , "b"]"#, 10, 13, #""'""#),
            // A deletion that joins lines lets an earlier lone `'` reach a later one.
            ("{\"a\": ', \"b\": [\n1], \"c\": \"'\"}", 9, 20, ""),
            // The deleted text ends in a string's `\`, or in a `//` comment, which would swallow what follows.
            (#"{"a\\": 1}"#, 1, 4, ""),
            (#"{"a":1}//"#, 1, 9, ""),
            // A `'…'` string followed by a letter, made a `"…"` one: its closing quote, followed by the letter, is
            // then a stray quote (the pipeline fuzz target's `$ref` fix "Refer to "#/definitions/a"").
            (#"{"s":[{"$ref": 'a'x}],"d":{}}"#, 15, 18, ##""#/d/a""##),
            // A stray `"name` before the string is read so because the string begins with a letter: "#/…" begins
            // with none, so `"name"` becomes a string and what follows it text (the incremental-core fuzz target:
            // lint kept the fix, the incremental linter, which counts, dropped it).
            (
                ##"{"c": {"$ref": "#/x "name"definitions/cfg" }, "definitions": {"cfg": {}}}"##, 25, 42,
                ##""#/definitions/cfg""##
            ),
        ])
    func shortcutCounterexamples(_ doc: String, _ start: Int, _ end: Int, _ newText: String) {
        let bytes = Array(doc.utf8)
        let parsed = parseJSONC(bytes)
        let fix = Fix(title: "t", edits: [TextEdit(range: ByteRange(start, end), newText: newText)])
        let before = parsed.errors.filter { $0.code == .syntax }.count
        let after = parseJSONC(applyEdits(bytes, fix.edits)).errors.filter { $0.code == .syntax }.count
        #expect(after > before, "the case must add a syntax error")
        #expect(!fixSwapsTokensOnly(fix, source: bytes, root: parsed.root!))
        #expect(!fixRemovesOneMember(fix, source: bytes, root: parsed.root!))
        #expect(!fixKeepsSyntax(fix, source: bytes, syntaxErrors: before, root: parsed.root))
    }

    @Test(
        "a fix that only swaps tokens or deletes one property never adds a syntax error: checked by parsing, over broken random documents"
    )
    func tokenSwapsKeepTheSyntax() {
        var rng = SplitMix(seed: 7)
        let damage: [[UInt8]] = [
            "\"", "{", "}", "[", "]", ",", ":", "/*", "//", "\n", "\\", "'", "x", "1", "é", "\u{7}",
        ].map { Array($0.utf8) }
        let replacements = [
            #""width""#, #""fractionalWidth(1)""#, "12", "-0.5e3", "true", "null", #""a\"b""#, "'s'",
            #""unterminated"#, "abc", "NaN", "1 2", #""x" "#, " 3", "{}", "[1]", #""é😀""#, "0x10", "", "-", #""it's""#,
        ]
        var accepted = 0, rejected = 0, checked = 0, removalsChecked = 0, removalsAccepted = 0
        for _ in 0..<300 {
            var bytes = Array(randomDocument(&rng).utf8)
            for _ in 0..<Int(1 + rng.next() % 4) {
                let at = Int(rng.next() % UInt64(bytes.count))
                if rng.next() % 3 == 0 {
                    bytes.remove(at: at)
                } else {
                    bytes.insert(contentsOf: rng.pick(damage), at: at)
                }
            }
            let parsed = parseJSONC(bytes)
            guard let root = parsed.root else { continue }
            let before = parsed.errors.filter { $0.code == .syntax }.count
            let ranges = candidateRanges(root, bytes.count, &rng)
            // Deletions of properties as the fixes make them (`removeProperty`), and of other ranges.
            let text = SourceText(bytes: bytes)
            var removals: [TextEdit] = []
            func sites(_ n: JSONNode?) {
                guard let n else { return }
                for p in n.properties {
                    removals.append(
                        text.removeProperty(
                            PropertySite(
                                key: p.key, keyRange: p.keyRange, valueRange: p.value?.range ?? p.keyRange,
                                objectRange: n.range, parentPath: "")))
                    sites(p.value)
                }
                for e in n.elements { sites(e) }
            }
            sites(root)
            for _ in 0..<25 {
                var edits = [TextEdit(range: rng.pick(ranges), newText: rng.pick(replacements))]
                if rng.next() % 4 == 0 {
                    edits.append(TextEdit(range: rng.pick(ranges), newText: rng.pick(replacements)))
                }
                let removal = rng.next() % 3 == 0
                if removal {
                    edits = [rng.next() % 4 == 0 ? TextEdit(range: rng.pick(ranges), newText: "") : rng.pick(removals)]
                    // Sometimes with a byte more or less at either end.
                    if rng.next() % 4 == 0 {
                        let r = edits[0].range
                        let d = Int(rng.next() % 3) - 1
                        edits[0] = TextEdit(
                            range: rng.next() % 2 == 0
                                ? ByteRange(max(0, r.start + d), r.end)
                                : ByteRange(r.start, min(bytes.count, max(r.start, r.end + d))), newText: "")
                    }
                }
                let fix = Fix(title: "t", edits: edits)
                let after = parseJSONC(applyEdits(bytes, edits)).errors.filter { $0.code == .syntax }.count
                checked += 1
                if removal { removalsChecked += 1 }
                if fixSwapsTokensOnly(fix, source: bytes, root: root)
                    || fixRemovesOneMember(fix, source: bytes, root: root)
                {
                    accepted += 1
                    if removal { removalsAccepted += 1 }
                    #expect(after <= before, "\(edits) in \(String(decoding: bytes, as: UTF8.self))")
                    #expect(fixKeepsSyntax(fix, source: bytes, syntaxErrors: before, root: root))
                } else {
                    rejected += 1
                    // Without the shortcut the answer is the parse's.
                    #expect(fixKeepsSyntax(fix, source: bytes, syntaxErrors: before, root: root) == (after <= before))
                }
            }
        }
        // Both answers occur often: the shortcut is taken for real swaps and refused for the rest.
        #expect(
            accepted > checked / 10 && rejected > checked / 10,
            "accepted \(accepted), rejected \(rejected) of \(checked)")
        #expect(removalsAccepted > removalsChecked / 5, "deletions: accepted \(removalsAccepted) of \(removalsChecked)")
    }
}

func allKeys(_ n: JSONNode?) -> [String: Int] {
    var out: [String: Int] = [:]
    func walk(_ n: JSONNode?) {
        guard let n else { return }
        for p in n.properties { out[p.key, default: 0] += 1; walk(p.value) }
        for e in n.elements { walk(e) }
    }
    walk(n)
    return out
}

/// A document with random mistakes that fixes target, comments and untargeted keys around them.
func randomDocument(_ r: inout SplitMix) -> String {
    var sections: [String] = []
    for i in 0..<Int(1 + r.next() % 4) {
        let h = r.pick([#""estimated(44)""#, #""absolute(44)""#, #""fractionalHeight(1)""#])
        let ins = r.pick([
            "", #", "contentInsets": { "top": 8, "bottom": 8 }"#, #", "contentInsets": 6"#,
            #", "contentInsets": [1, 2, 3, 4]"#,
        ])
        let edge = r.pick(["", #", "edgeSpacing": { "leading": "fixed(2)" }"#])
        let spacing = r.pick(["", #""interGroupSpacing": 10, "#])
        let ortho = r.pick([
            "", #""orthogonalScrollingBehavior": "groupPagingCentered", "#,
            #""orthogonalScrollingBehavior": "paging", "#,
        ])
        let count = r.pick([#""subitems": [ ITEM ]"#, #""subitem": ITEM, "count": 3"#])
        let item =
            #"{ /* item \#(i) */ "width": "\#(r.pick(["fractionalWidth(1)", "absolute(100)", "fractionalWidth(1/3)"]))", "height": \#(h)\#(ins)\#(edge) }"#
        let dup = r.pick(["", #""width": "fractionalWidth(1)", "#])
        sections.append(
            #"""
            // section \#(i)
            { "name": "s\#(i)", \#(spacing)\#(ortho)"group": { "direction": "\#(r.pick(["horizontal", "vertical"]))", \#(dup)"width": "fractionalWidth(\#(r.pick(["1", "0.8"])))", "height": \#(r.pick([#""absolute(200)""#, #""estimated(100)""#])), \#(count.replacingOccurrences(of: "ITEM", with: item)) } }
            """#)
    }
    let unused = r.pick(["", #""oldHeader": { "elementKind": "h", "width": 1, "height": 1 }, "#])
    let sup = r.pick(["", "// layoutlint-disable-next-line group-overflow\n"])
    return
        "{\n  \"definitions\": { \(unused)\"keep\": { \"width\": 1, \"height\": 1 } },\n  \"sections\": [\n\(sup)\(sections.joined(separator: ",\n"))\n  ]\n}\n"
}

/// Safe fixes that would change more than the finding (found by a review of the rules against RULES.md).
@Suite("Fixes: what --fix must not change")
struct FixScopeTests {
    /// Insets written in a definition that two sections use: moving them to edgeSpacing for the one whose height is
    /// estimated would give the other 16 pt more content in a 44-pt group. Offered in the editor, not applied by --fix.
    @Test func insetsInASharedDefinitionAreNotMovedByFix() {
        let text = ##"""
            { "definitions": { "row": { "width": "fractionalWidth(1)", "height": "absolute(44)", "contentInsets": { "top": 8, "bottom": 8 } } },
              "sections": [
                { "name": "list", "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)",
                                             "subitems": [ { "$ref": "#/definitions/row", "height": "estimated(44)" } ] } },
                { "name": "fixed", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)",
                                              "subitems": [ { "$ref": "#/definitions/row" } ] } } ] }
            """##
        let r = lint(bytes: Array(text.utf8))
        let d = r.diagnostics.first { $0.ruleID == .estimatedContentInsets }
        #expect(d?.fix != nil && d?.fix?.isSafe == false, "\(String(describing: d))")
        #expect(fixAll(Array(text.utf8)).text == Array(text.utf8))
        // Written in the element's own object, it is still applied.
        let own =
            #"{ "sections": [ { "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": { "top": 8, "bottom": 8 } } ] } } ] }"#
        let fixed = String(decoding: fixAll(Array(own.utf8)).text, as: UTF8.self)
        #expect(fixed.contains(#""edgeSpacing": { "top": "fixed(8)", "bottom": "fixed(8)" }"#), "\(fixed)")
    }

    /// groupPagingCentered with interGroupSpacing 1: half of it (0.5) as an inset would be a fraction (50 % of the
    /// width): no fix. And a group `$ref`'d from the definitions is not rewritten.
    @Test func centeredPagingFixOnlyWherePointsAndOwnText() {
        func text(
            _ spacing: String,
            group: String =
                #""group": { "direction": "horizontal", "width": "fractionalWidth(0.8)", "height": "absolute(200)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }"#,
            defs: String = ""
        ) -> String {
            #"{ \#(defs) "sections": [ { "orthogonalScrollingBehavior": "groupPagingCentered", "interGroupSpacing": \#(spacing), \#(group) } ] }"#
        }
        func fix(_ t: String) -> Fix? {
            lint(bytes: Array(t.utf8)).diagnostics.first { $0.ruleID == .centeredPagingInterGroupSpacing }?.fix
        }
        #expect(fix(text("1")) == nil)
        #expect(fix(text("10")) != nil)
        let defs =
            #""definitions": { "pager": { "direction": "horizontal", "width": "fractionalWidth(0.8)", "height": "absolute(200)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } },"#
        #expect(fix(text("10", group: ##""group": { "$ref": "#/definitions/pager" }"##, defs: defs)) == nil)
    }
}

@Suite("Merging findings across environments")
struct MergeSeverityTests {
    /// no-item-fits is an error where nothing estimated is involved (UIKit throws) and a warning where the group is
    /// estimated: merged, the error stays an error (a finding with its rule's own severity lost to a warning).
    @Test func anErrorInOneEnvironmentStaysAnError() {
        let text = ##"""
            { "environments": ["iPhone 12", "iPad"],
              "sections": [ {
                "group": { "direction": "horizontal", "width": "absolute(300)", "height": "absolute(44)",
                           "subitems": [ { "width": "absolute(320)", "height": "absolute(44)" } ] },
                "variants": [ { "when": { "minWidth": 800 }, "group": { "$ref": "#/sections/0/group", "height": "estimated(44)" } } ] } ] }
            """##
        let d = lint(bytes: Array(text.utf8)).diagnostics.filter { $0.ruleID == .noItemFits }
        #expect(!d.isEmpty)
        #expect(
            d.contains { $0.severity == .error && $0.environments.contains("iPhone 12") },
            "\(d.map { "\($0.severity) \($0.environments) \($0.message)" })")
    }
}

@Suite("Rules read the size UIKit uses with subitem + count")
struct CountReplacedDimensionTests {
    /// UIKit replaces the item's width by 1/count: its estimated width and 1.5 are not what it lays out, so neither
    /// estimated-content-insets (whose fix, with count-overrides-item-size's, made 420 pt of content in 390) nor
    /// fraction-above-one fires; count-overrides-item-size says what happens.
    @Test(arguments: [
        #""width": "estimated(100)", "contentInsets": { "leading": 5, "trailing": 5 }"#,
        #""width": "fractionalWidth(1.5)""#,
    ])
    func replacedWidthIsNotJudged(_ width: String) {
        let text =
            #"{ "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitem": { \#(width), "height": "absolute(100)" }, "count": 3 } } ] }"#
        let rules = lint(bytes: Array(text.utf8)).diagnostics.map(\.ruleID)
        #expect(rules.contains(.countOverridesItemSize))
        #expect(!rules.contains(.estimatedContentInsets) && !rules.contains(.fractionAboveOne), "\(rules)")
    }
}

extension FixScopeTests {
    /// A pinned header's zIndex written in a definition two sections use: raising it is the editor's choice, not --fix's.
    @Test func aZIndexInASharedDefinitionIsNotRaisedByFix() {
        let group =
            #""group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }"#
        let text =
            ##"{ "definitions": { "header": { "elementKind": "header", "width": "fractionalWidth(1)", "height": "absolute(30)", "alignment": "top", "pinToVisibleBounds": true, "zIndex": 1 } }, "sections": [ { \##(group), "boundarySupplementaryItems": [ { "$ref": "#/definitions/header" } ], "decorationItems": [ { "elementKind": "background" } ] }, { \##(group), "boundarySupplementaryItems": [ { "$ref": "#/definitions/header" } ] } ] }"##
        let d = lint(bytes: Array(text.utf8)).diagnostics.first { $0.ruleID == .pinnedHeaderZIndex }
        #expect(d?.fix != nil && d?.fix?.isSafe == false, "\(String(describing: d))")
        let own = text.replacingOccurrences(
            of: ##"{ "$ref": "#/definitions/header" } ], "decorationItems""##,
            with:
                #"{ "elementKind": "header", "width": "fractionalWidth(1)", "height": "absolute(30)", "alignment": "top", "pinToVisibleBounds": true, "zIndex": 1 } ], "decorationItems""#
        )
        #expect(
            lint(bytes: Array(own.utf8)).diagnostics.first { $0.ruleID == .pinnedHeaderZIndex }?.fix?.isSafe == true)
    }
}

extension FixScopeTests {
    /// The estimated-content-insets fix keeps the numbers it moves and keeps as they were written: rounded to 1/1000,
    /// a kept 0.0625 (a fraction of the width) became 0.063, another fraction.
    @Test func movedAndKeptInsetsKeepTheirText() {
        let text =
            #"{ "sections": [ { "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": { "top": 8.0625, "bottom": 8, "leading": 0.0625 } } ] } } ] }"#
        let fix = lint(bytes: Array(text.utf8)).diagnostics.first { $0.ruleID == .estimatedContentInsets }?.fix
        let fixed = String(decoding: applyEdits(Array(text.utf8), fix?.edits ?? []), as: UTF8.self)
        #expect(fixed.contains(#""contentInsets": { "leading": 0.0625 }"#), "\(fixed)")
        #expect(fixed.contains(#""top": "fixed(8.0625)""#), "\(fixed)")
    }
}

extension FixScopeTests {
    /// Insets that name others through a `$ref` keep naming them after the fix: the edges moved to edgeSpacing are 0
    /// beside the `$ref`, an edge written beside it stays as written, the others still come from the target. (The
    /// fix wrote the remaining edges out, and the element no longer followed the insets it named.)
    @Test func insetsThroughAReferenceKeepTheReference() {
        let text = ##"""
            { "definitions": { "pad": { "width": "fractionalWidth(1)", "height": "absolute(44)", "contentInsets": { "top": 8, "leading": 16, "bottom": 8, "trailing": 16 } } },
              "sections": [ { "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)",
                "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(44)",
                                "contentInsets": { "$ref": "#/definitions/pad/contentInsets", "trailing": 20 } } ] } },
                { "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "$ref": "#/definitions/pad" } ] } } ] }
            """##
        let out = fixAll(Array(text.utf8))
        let fixed = String(decoding: out.text, as: UTF8.self)
        #expect(out.applied == ["estimated-content-insets": 1], "\(out.applied)")
        // The editor offers the same edits.
        let editor = IncrementalLinter(text: Array(text.utf8)).diagnostics.first {
            $0.ruleID == .estimatedContentInsets
        }?.fix
        #expect(
            editor != nil
                && editor
                    == lint(bytes: Array(text.utf8)).diagnostics.first { $0.ruleID == .estimatedContentInsets }?.fix
        )
        #expect(
            fixed.contains(
                ##""contentInsets": { "$ref": "#/definitions/pad/contentInsets", "top": 0, "bottom": 0, "trailing": 20 }"##
            ), "\(fixed)")
        #expect(fixed.contains(#""edgeSpacing": { "top": "fixed(8)", "bottom": "fixed(8)" }"#), "\(fixed)")
        #expect(out.result.diagnostics.isEmpty, "\(out.result.diagnostics.map(\.message))")
        // What the reference gives still counts: 16 leading from the definition, 20 trailing written beside it.
        let item = out.result.layouts[0].sections[0].group!.children[0]
        #expect(
            item.contentFrame.x - item.frame.x == 16 && item.frame.maxX - item.contentFrame.maxX == 20,
            "\(item.frame) \(item.contentFrame)")
        #expect(item.frame.y == 8)
        // A change of the definition's leading edge reaches the fixed element.
        let wider = String(decoding: out.text, as: UTF8.self).replacingOccurrences(
            of: #""top": 8, "leading": 16"#, with: #""top": 8, "leading": 24"#)
        let again = lint(bytes: Array(wider.utf8)).layouts[0].sections[0].group!.children[0]
        #expect(again.contentFrame.x - again.frame.x == 24)
    }
}

@Suite("group-overflow's fix (docs/rules.md#group-overflow: 1/count)")
struct GroupOverflowFixTests {
    /// repeatingSubitem × 3 of 130 pt with 10 pt spacing in 390 pt: the fix makes the item 1/3 of the group, and the
    /// overflow goes (the spacing comes out of the items). It changes their size: offered, not applied by --fix.
    @Test func repeatingItemsBecomeAFractionOfTheGroup() {
        let text =
            #"{ "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "repeatingSubitem": { "width": "absolute(130)", "height": "fractionalHeight(1)" }, "count": 3, "interItemSpacing": "fixed(10)" } } ] }"#
        let d = lint(bytes: Array(text.utf8)).diagnostics.first { $0.ruleID == .groupOverflow }
        let fix = try? #require(d?.fix)
        #expect(fix?.isSafe == false)
        let fixed = applyEdits(Array(text.utf8), fix?.edits ?? [])
        #expect(String(decoding: fixed, as: UTF8.self).contains(#""fractionalWidth(1/3)""#))
        #expect(!lint(bytes: fixed).diagnostics.contains { $0.ruleID == .groupOverflow })
    }
}

extension GroupOverflowFixTests {
    /// main-axis-fractional-height offers the size the group has in the first environment as points
    /// (docs/rules.md#main-axis-fractional-height: `absolute`); not safe, as other environments differ.
    @Test func mainAxisFractionalHeightOffersPoints() {
        let text =
            #"{ "environments": ["iPhone 12"], "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "fractionalHeight(0.5)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } } ] }"#
        let fix = lint(bytes: Array(text.utf8)).diagnostics.first { $0.ruleID == .mainAxisFractionalHeight }?.fix
        #expect(fix?.isSafe == false && fix?.edits.first?.newText == #""absolute(422)""#, "\(String(describing: fix))")
        #expect(
            !lint(bytes: applyEdits(Array(text.utf8), fix?.edits ?? [])).diagnostics.contains {
                $0.ruleID == .mainAxisFractionalHeight
            })
    }
}

extension FixScopeTests {
    /// An element written inline inside a `$ref`'d definition is the definition's text, shared by every user: a
    /// flexible edge that is wrong in the horizontal section is right in the one that overrides the direction to
    /// vertical, so --fix must not rewrite it.
    @Test func anElementInlineInASharedDefinitionIsNotRewrittenByFix() {
        let inner =
            #"{ "direction": "vertical", "width": "fractionalWidth(0.5)", "height": "fractionalHeight(1)", "edgeSpacing": { "leading": "flexible(10)" }, "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }"#
        let row =
            #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ \#(inner) ] }"#
        let shared =
            ##"{ "definitions": { "row": \##(row) }, "sections": [ { "group": { "$ref": "#/definitions/row" } }, { "group": { "$ref": "#/definitions/row", "direction": "vertical" } } ] }"##
        let d = lint(bytes: Array(shared.utf8)).diagnostics.filter { $0.ruleID == .flexibleGroupEdgeSpacing }
        #expect(d.count == 1 && d.first?.fix != nil && d.first?.fix?.isSafe == false, "\(d)")
        #expect(String(decoding: fixAll(Array(shared.utf8)).text, as: UTF8.self) == shared)
        // The same group written in the section itself is the section's own: --fix writes fixed(10).
        let own = #"{ "sections": [ { "group": \#(row) } ] }"#
        let fixed = String(decoding: fixAll(Array(own.utf8)).text, as: UTF8.self)
        #expect(fixed.contains(#""leading": "fixed(10)""#), "\(fixed)")
    }

    /// count-overrides-item-size's safe fix rewrites the item's width: not when the item is written inside a
    /// definition that other places use (here without count, where its 50 pt is what UIKit lays out).
    @Test func anItemInsideADefinitionKeepsItsSizeUnderFix() {
        let grid =
            #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)", "subitem": { "width": "absolute(50)", "height": "fractionalHeight(1)" }, "count": 3 }"#
        let shared =
            ##"{ "definitions": { "grid": \##(grid) }, "sections": [ { "group": { "$ref": "#/definitions/grid" } }, { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)", "subitems": [ { "$ref": "#/definitions/grid/subitem" } ] } } ] }"##
        let d = lint(bytes: Array(shared.utf8)).diagnostics.first { $0.ruleID == .countOverridesItemSize }
        #expect(d != nil && d?.fix == nil, "\(String(describing: d))")
        #expect(String(decoding: fixAll(Array(shared.utf8)).text, as: UTF8.self) == shared)
        let own = #"{ "sections": [ { "group": \#(grid) } ] }"#
        #expect(
            lint(bytes: Array(own.utf8)).diagnostics.first { $0.ruleID == .countOverridesItemSize }?.fix?.isSafe == true
        )
    }
}

@Suite("The fixes docs/rules.md promises for unmatched-environment and duplicate-section-name")
struct PromisedFixTests {
    /// unmatched-environment (docs/rules.md#unmatched-environment: a default): the last variant's group, copied into
    /// the section, which then lays out everywhere; not safe (it chooses a layout for those environments). Serve's fix
    /// is lint's.
    @Test func unmatchedEnvironmentGetsTheLastVariantsGroupAsDefault() {
        let text = """
            { "environments": ["iPhone 12", "iPad Pro 12.9"],
              "sections": [
                { "name": "grid",
                  "variants": [
                    { "when": { "minWidth": 801 },
                      "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
                                 "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }
                  ] }
              ] }
            """
        let d = lint(bytes: Array(text.utf8)).diagnostics.first { $0.ruleID == .unmatchedEnvironment }
        let fix = try? #require(d?.fix)
        #expect(fix?.isSafe == false)
        let fixed = applyEdits(Array(text.utf8), fix?.edits ?? [])
        let after = lint(bytes: fixed).diagnostics
        #expect(
            after.allSatisfy { $0.severity != .error },
            "\(after.map(\.message))\n\(String(decoding: fixed, as: UTF8.self))")
        #expect(!after.contains { $0.ruleID == .unmatchedEnvironment })
        // The copy keeps its shape: its second line ("subitems") two columns past the new property's line.
        let lines = String(decoding: fixed, as: UTF8.self).split(separator: "\n").map(String.init)
        let g = try? #require(lines.lastIndex { $0.contains(#""group": {"#) })
        if let g {
            let key = lines[g].prefix { $0 == " " }.count
            #expect(
                lines[g + 1].prefix { $0 == " " }.count == key + 2 && lines[g + 1].contains(#""subitems""#),
                "\(lines[g])\n\(lines[g + 1])")
        }
        #expect(fixAll(Array(text.utf8)).text == Array(text.utf8), "--fix leaves it to the user")
        let inc = IncrementalLinter(text: Array(text.utf8))
        #expect(inc.diagnostics.first { $0.ruleID == .unmatchedEnvironment }?.fix == d?.fix)
    }

    /// Pretty-printed (the copy ends on its closing brace): the brace under the new key, the members one level in,
    /// as they were; with tabs, no spaces mixed in (the second review's point 1).
    @Test(arguments: ["  ", "\t"])
    func aPrettyPrintedCopyKeepsItsLevels(_ unit: String) {
        func l(_ depth: Int, _ s: String) -> String { String(repeating: unit, count: depth) + s }
        let text = [
            "{",
            l(1, #""sections": ["#),
            l(2, "{"),
            l(3, #""name": "grid","#),
            l(3, #""variants": ["#),
            l(4, "{"),
            l(5, #""when": { "minWidth": 5000 },"#),
            l(5, #""group": {"#),
            l(6, #""direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)","#),
            l(6, #""subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ]"#),
            l(5, "}"),
            l(4, "}"),
            l(3, "]"),
            l(2, "}"),
            l(1, "]"),
            "}",
        ].joined(separator: "\n")
        let fix = lint(bytes: Array(text.utf8)).diagnostics.first { $0.ruleID == .unmatchedEnvironment }?.fix
        let fixed = String(decoding: applyEdits(Array(text.utf8), fix?.edits ?? []), as: UTF8.self)
        #expect(fixed.contains(l(3, #""group": {"#) + "\n" + l(4, #""direction": "horizontal""#)), "\(fixed)")
        #expect(fixed.contains(l(4, #""subitems""#)) && fixed.contains("\n" + l(3, "}\n")), "\(fixed)")
        #expect(!lint(bytes: Array(fixed.utf8)).diagnostics.contains { $0.severity == .error })
    }

    /// The copy's indentation is read from the copy and the section's own lines only: with a section that starts
    /// on another's line, an edit of that other section must leave `serve`'s fix equal to `lint`'s (a column counted
    /// from a line start in the other section would differ). And a copy indented far past its lines is not blown up
    /// (100 000 columns × 1 000 lines must not make 100 MB of fix).
    @Test func theDefaultGroupFixReadsOnlyItsSection() {
        // (The copied lines indented past the column where the group starts, as a formatter that aligns them does.)
        let group = (0..<3).map { _ in
            String(repeating: " ", count: 400) + #"{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }"#
        }.joined(separator: ",\n")
        let text =
            "{ \"sections\": [ { \"name\": \"a\", \"group\": { \"direction\": \"vertical\", \"width\": \"fractionalWidth(1)\", \"height\": \"absolute(44)\", \"subitems\": [ { \"width\": \"fractionalWidth(1)\", \"height\": \"fractionalHeight(1)\" } ] } }, { \"name\": \"b\", \"variants\": [ { \"when\": { \"minWidth\": 5000 }, \"group\": { \"direction\": \"vertical\", \"width\": \"fractionalWidth(1)\", \"height\": \"absolute(100)\", \"subitems\": [\n\(group) ] } } ]\n    } ] }"
        let inc = IncrementalLinter(text: Array(text.utf8))
        let at =
            Array(text.utf8).indices.first { Array(text.utf8)[$0...].starts(with: Array(#""name": "a""#.utf8)) }! + 9
        inc.edit(ByteRange(at, at + 1), with: Array("abcdefghij".utf8))
        let mine = inc.diagnostics.first { $0.ruleID == .unmatchedEnvironment }?.fix
        let whole = lint(bytes: inc.text).diagnostics.first { $0.ruleID == .unmatchedEnvironment }?.fix
        #expect(mine != nil && mine == whole, "\(String(describing: mine))\n\(String(describing: whole))")
        #expect(inc.stats.sectionsReused > 0)

        let deep = String(repeating: " ", count: 100_000)
        let wide =
            "{ \"sections\": [ {\n\(deep)\"name\": \"w\",\n\(deep)\"variants\": [ { \"when\": { \"minWidth\": 5000 },\n\"group\": { \"direction\": \"vertical\", \"width\": \"fractionalWidth(1)\", \"height\": \"absolute(100)\", \"subitems\": [\n\(group) ] } } ] } ] }"
        let fix = lint(bytes: Array(wide.utf8)).diagnostics.first { $0.ruleID == .unmatchedEnvironment }?.fix
        // (The property and the section's closing line take the section's own indentation, once each; the copy's
        // three lines must not take it again.)
        #expect(
            fix != nil && (fix?.edits.first?.newText.utf8.count ?? .max) < 3 * deep.utf8.count,
            "\(fix?.edits.first?.newText.utf8.count ?? -1)")
    }

    /// duplicate-section-name: renamed to the first free "NAME 2", "NAME 3", … (not removed: the section is the
    /// user's layout); not safe, as the name may be used outside the document.
    @Test func aDuplicateSectionNameIsRenamedToAFreeOne() {
        let group =
            #""group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }"#
        let text =
            #"{ "sections": [ { "name": "feed", \#(group) }, { "name": "feed 2", \#(group) }, { "name": "feed", \#(group) }, { "name": "feed", \#(group) } ] }"#
        let ds = lint(bytes: Array(text.utf8)).diagnostics.filter { $0.ruleID == .duplicateSectionName }
        #expect(
            ds.map { $0.fix?.title } == [#"Rename to "feed 3""#, #"Rename to "feed 4""#], "\(ds.map { $0.fix?.title })")
        #expect(ds.allSatisfy { $0.fix?.isSafe == false })
        var fixed = Array(text.utf8)
        for d in ds.reversed() { fixed = applyEdits(fixed, d.fix?.edits ?? []) }
        #expect(
            !lint(bytes: fixed).diagnostics.contains { $0.ruleID == .duplicateSectionName },
            "\(String(decoding: fixed, as: UTF8.self))")
        let inc = IncrementalLinter(text: Array(text.utf8))
        #expect(inc.diagnostics.filter { $0.ruleID == .duplicateSectionName }.map(\.fix) == ds.map(\.fix))
    }
}

extension GroupOverflowFixTests {
    /// A subitem dropped because the earlier ones leave it no room: the subitems become fractions of the group in
    /// the proportions of their sizes, summing to 1 (docs/rules.md#group-overflow), and all of them fit, also with
    /// fixed spacing.
    @Test(arguments: ["", #", "interItemSpacing": "fixed(10)""#])
    func droppedSubitemsBecomeFractionsSummingToOne(_ spacing: String) {
        let text =
            #"{ "sections": [ { "group": { "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)"\#(spacing), "subitems": [ { "width": "absolute(200)", "height": "fractionalHeight(1)" }, { "width": "absolute(250)", "height": "fractionalHeight(1)" } ] } } ] }"#
        let d = lint(bytes: Array(text.utf8)).diagnostics.first { $0.ruleID == .groupOverflow }
        let fix = try? #require(d?.fix)
        #expect(
            fix?.isSafe == false && fix?.title == "Make the subitems fractionalWidth 0.444 + 0.556 = 1",
            "\(String(describing: fix))")
        let fixed = applyEdits(Array(text.utf8), fix?.edits ?? [])
        let after = lint(bytes: fixed).diagnostics
        #expect(!after.contains { $0.ruleID == .groupOverflow || $0.severity == .error }, "\(after.map(\.message))")
        #expect(String(decoding: fixed, as: UTF8.self).contains(#""width": "fractionalWidth(0.556)""#))
    }

    /// No such fix where the spacing alone leaves no room (the fixed document would lay out items −3.3 pt wide and
    /// say nothing).
    @Test func noFractionsWhereTheSpacingLeavesNoRoom() {
        let text =
            #"{ "sections": [ { "group": { "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)", "interItemSpacing": "fixed(200)", "subitems": [ { "width": "absolute(100)", "height": "fractionalHeight(1)" }, { "width": "absolute(100)", "height": "fractionalHeight(1)" }, { "width": "absolute(100)", "height": "fractionalHeight(1)" } ] } } ] }"#
        let d = lint(bytes: Array(text.utf8)).diagnostics.filter { $0.ruleID == .groupOverflow }
        #expect(!d.isEmpty && d.allSatisfy { $0.fix == nil }, "\(d.map { $0.fix?.title })")
        // Fractions whose share the spacing eats are reported too (they came out −3.333 pt wide, and lint was silent).
        let fractions = text.replacingOccurrences(
            of: #""width": "absolute(100)""#, with: #""width": "fractionalWidth(0.333)""#)
        let g = lint(bytes: Array(fractions.utf8)).diagnostics.filter { $0.ruleID == .groupOverflow }
        #expect(g.count == 1 && g.first?.message.contains("-3.333 pt wide") == true, "\(g.map(\.message))")
    }

    /// A subitem taller than its group (across the axis): the group grows by the overflow, its insets kept.
    @Test func aSubitemTooLargeAcrossGrowsTheGroup() {
        let text =
            #"{ "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "contentInsets": { "top": 10 }, "subitems": [ { "width": "fractionalWidth(1)", "height": "absolute(150)" } ] } } ] }"#
        let d = lint(bytes: Array(text.utf8)).diagnostics.first { $0.ruleID == .groupOverflow }
        let fix = try? #require(d?.fix)
        #expect(fix?.isSafe == false && fix?.edits.first?.newText == #""absolute(160)""#, "\(String(describing: fix))")
        let after = lint(bytes: applyEdits(Array(text.utf8), fix?.edits ?? [])).diagnostics
        #expect(!after.contains { $0.ruleID == .groupOverflow }, "\(after.map(\.message))")
    }
}

extension FixScopeTests {
    /// A value reached through a `$ref` of its own (`"edgeSpacing": { "$ref": … }`) is the definition's text: the
    /// flexible edge that is wrong in section a is right in section b, so --fix leaves it (where the property
    /// is written does not tell: the value is the definition's text).
    @Test func aRefdEdgeSpacingIsNotRewrittenByFix() {
        let child = #""subitems": [{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }]"#
        let text = ##"""
            { "definitions": { "gap": { "leading": "flexible(10)" } },
              "sections": [
                { "name": "a", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
                    "subitems": [ { "direction": "vertical", "width": "absolute(100)", "height": "fractionalHeight(1)", "edgeSpacing": { "$ref": "#/definitions/gap" }, \##(child) } ] } },
                { "name": "b", "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "absolute(300)",
                    "subitems": [ { "direction": "horizontal", "width": "absolute(100)", "height": "absolute(100)", "edgeSpacing": { "$ref": "#/definitions/gap" }, \##(child) } ] } } ] }
            """##
        let d = lint(bytes: Array(text.utf8)).diagnostics.filter { $0.ruleID == .flexibleGroupEdgeSpacing }
        #expect(d.count == 1 && d.first?.fix?.isSafe == false, "\(d)")
        #expect(String(decoding: fixAll(Array(text.utf8)).text, as: UTF8.self) == text)
    }

    /// Subitems written next to a `$ref`, overriding the target's, are the user's own text: their safe fixes stay
    /// safe, and the definition is left as it is (not everything built while a `$ref` is followed is shared).
    @Test func subitemsThatOverrideARefAreOwnText() {
        let definition =
            #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "estimated(100)", "subitems": [{ "width": "fractionalWidth(1)", "height": "estimated(100)" }] }"#
        let text =
            ##"{ "definitions": { "row": \##(definition) }, "sections": [ { "group": { "$ref": "#/definitions/row", "subitems": [{ "width": "fractionalWidth(1)", "height": "estimated(50)", "contentInsets": { "top": 8, "leading": 4 } }] } } ] }"##
        let d = lint(bytes: Array(text.utf8)).diagnostics.first { $0.ruleID == .estimatedContentInsets }
        #expect(d?.fix?.isSafe == true, "\(String(describing: d))")
        let fixed = String(decoding: fixAll(Array(text.utf8)).text, as: UTF8.self)
        #expect(fixed.contains(#""edgeSpacing": { "top": "fixed(8)" }"#) && fixed.contains(definition), "\(fixed)")
    }
}

/// A comment next to a fixed property: the fix's comma went into a `// why` after the last property, or a
/// property was removed from before a `/* old */,` leaving a leading comma; `fixAll` then refused the round, so
/// `--fix` applied nothing to the file.
@Suite("Fixes next to comments")
struct FixesBesideCommentsTests {
    /// An item in a self-sizing row (estimated heights), its lines as given.
    static func row(_ item: [String]) -> String {
        """
        { "sections": [ { "group": {
            "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)",
            "subitems": [
        \(item.map { "      " + $0 }.joined(separator: "\n"))
            ] } } ] }
        """
    }

    static let cases: [(String, String)] = [
        // The README's own fix: insets moved to edgeSpacing, the item's last property followed by a comment.
        (
            "estimated-content-insets",
            row([
                "{", #"  "width": "fractionalWidth(1)","#, #"  "height": "estimated(44)","#,
                #"  "contentInsets": { "top": 8, "bottom": 8 } // user comment"#, "}",
            ])
        ),
        // The same on one line, a block comment before the brace.
        (
            "estimated-content-insets",
            row([
                #"{ "width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": { "top": 8, "bottom": 8 } /* pad */ }"#
            ])
        ),
        // A comment on a line of its own before the brace.
        (
            "estimated-content-insets",
            row([
                "{", #"  "width": "fractionalWidth(1)", "height": "estimated(44)","#,
                #"  "contentInsets": { "top": 8, "bottom": 8 }"#, "  // the row's padding", "}",
            ])
        ),
        // A comment line above the last property, the brace on its own line (the edits overlapped) or on the
        // property's line (a second comma); insets straight after the brace with a comment on the last line.
        (
            "estimated-content-insets",
            row([
                "{", #"  "width": "fractionalWidth(1)","#, #"  "height": "estimated(44)","#,
                "  // breathing room around the label", #"  "contentInsets": { "top": 8, "bottom": 8 }"#, "}",
            ])
        ),
        (
            "estimated-content-insets",
            row([
                "{", #"  "width": "fractionalWidth(1)","#, #"  "height": "estimated(44)","#,
                "  // breathing room around the label", #"  "contentInsets": { "top": 8, "bottom": 8 } }"#,
            ])
        ),
        (
            "estimated-content-insets",
            row([
                #"{"contentInsets": { "top": 8, "bottom": 8 }, "width": "fractionalWidth(1)", "height": "estimated(44)" /* row */}"#
            ])
        ),
        // A block comment between the removed property and its comma.
        (
            "duplicate-key",
            """
            { "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
              "subitems": [ { "width": "fractionalWidth(1)" /* old */, "height": "fractionalHeight(1)", "width": "fractionalWidth(1)" } ] } } ] }
            """
        ),
        // A line comment there (comma-first style).
        (
            "duplicate-key",
            """
            { "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
              "subitems": [ { "width": "fractionalWidth(1)" // old
                              , "height": "fractionalHeight(1)", "width": "fractionalWidth(1)" } ] } } ] }
            """
        ),
    ]

    @Test(arguments: 0..<cases.count)
    func theFixAppliesAndEveryCommentStays(_ k: Int) {
        let (rule, src) = Self.cases[k]
        let bytes = Array(src.utf8)
        let before = lint(bytes: bytes)
        #expect(before.syntaxErrorCount == 0)
        let fix = before.diagnostics.first { $0.rule == rule }?.fix
        #expect(fix?.isSafe == true)
        // Applied alone, it keeps the document's syntax (what an editor's quick fix and SARIF's fix do).
        if let fix { #expect(parseJSONC(applyEdits(bytes, fix.edits)).errors.filter { $0.code == .syntax }.isEmpty) }
        let out = fixAll(bytes)
        #expect(out.applied[rule] == 1, "\(String(decoding: out.text, as: UTF8.self))")
        #expect(out.result.syntaxErrorCount == 0)
        #expect(!out.result.diagnostics.contains { $0.rule == rule })
        let kept = parseJSONC(out.text).comments.map(\.text)
        #expect(kept == before.parse.comments.map(\.text), "\(String(decoding: out.text, as: UTF8.self))")
    }

    /// One fix that breaks nothing, one beside a comment: both go (before, the second cost the first its round).
    @Test func aFixBesideACommentDoesNotCostAnotherItsRound() {
        let src = """
            { "sections": [
                { "name": "a", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
                    "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)", "width": "fractionalWidth(1)" } ] } },
                { "name": "b", "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)",
                    "subitems": [
                      {
                        "width": "fractionalWidth(1)",
                        "height": "estimated(44)",
                        "contentInsets": { "top": 8, "bottom": 8 } // row padding
                      }
                    ] } } ] }
            """
        let out = fixAll(Array(src.utf8))
        #expect(out.applied == ["duplicate-key": 1, "estimated-content-insets": 1])
        #expect(out.result.syntaxErrorCount == 0)
    }

    /// Removing an object's only property left its indentation behind as a line of spaces (the review's nit).
    @Test(arguments: ["\n", "\r\n"])
    func theOnlyPropertyAloneOnItsLineTakesItsLine(_ nl: String) {
        let src = [
            "{", "  \"definitions\": {", "    \"old\": { \"width\": 1, \"height\": 1 }", "  },", "  \"sections\": []",
            "}", "",
        ].joined(separator: nl)
        let out = fixAll(Array(src.utf8))
        #expect(out.applied == ["unused-definition": 1])
        #expect(
            String(decoding: out.text, as: UTF8.self)
                == ["{", "  \"definitions\": {", "  },", "  \"sections\": []", "}", ""].joined(separator: nl))
    }

    /// `randomDocument` with a comment (none, `/* c */` or `// c` and its line break) before every `,`, `}` and `]`:
    /// every safe fix keeps the syntax and every comment outside what it replaces, and `fixAll` applies what it
    /// applies without those comments.
    @Test func commentsBeforeEveryDelimiterChangeNoFix() {
        var rng = SplitMix(seed: 123)
        for _ in 0..<150 {
            // (Without the suppression comment: a `// c` line break moves what it names to another line.)
            let plain = randomDocument(&rng).replacingOccurrences(
                of: "// layoutlint-disable-next-line group-overflow\n", with: "")
            var commented = ""
            var inString = false
            for ch in plain {
                if ch == "\"" { inString.toggle() }
                if !inString, ch == "," || ch == "}" || ch == "]" {
                    commented += rng.pick(["", " /* c */", " // c\n"])
                }
                commented.append(ch)
                // And after `,` and `{`: a comment line above a property.
                if !inString, ch == "," || ch == "{" {
                    commented += rng.pick(["", " /* d */", " // d\n", "\n  // d\n  "])
                }
            }
            let bytes = Array(commented.utf8)
            let before = lint(bytes: bytes)
            #expect(before.syntaxErrorCount == 0, "\(commented)")
            for d in before.diagnostics {
                guard let fix = d.fix, fix.isSafe else { continue }
                // Its edits apart from each other (`applyEdits` drops an overlapping one without a word).
                #expect(nonOverlappingFixIndices([fix]) == [0], "\(d.rule): \(fix.title) in\n\(commented)")
                let after = parseJSONC(applyEdits(bytes, fix.edits))
                #expect(after.errors.filter { $0.code == .syntax }.isEmpty, "\(d.rule): \(fix.title) in\n\(commented)")
                // Every comment outside the text the fix replaces stays (those inside the moved or removed value
                // go with it).
                let targeted = before.parse.comments.filter { c in
                    fix.edits.contains { $0.range.start <= c.range.start && c.range.end <= $0.range.end }
                }
                #expect(
                    after.comments.count >= before.parse.comments.count - targeted.count,
                    "\(d.rule): \(fix.title) in\n\(commented)")
            }
            #expect(fixAll(bytes).applied == fixAll(Array(plain.utf8)).applied, "\(commented)")
        }
    }
}

/// One round of fix-all (`lint --fix`, and the editor's `source.fixAll`, which once applied the picked fixes
/// unchecked): fixes that break the document are left out, and the rest still go.
@Suite("fixesKeepingSyntax")
struct FixesKeepingSyntaxTests {
    func insert(_ at: Int, _ text: String) -> Fix {
        Fix(title: "insert", edits: [TextEdit(range: ByteRange(at, at), newText: text)])
    }

    @Test func allTogetherWhenTogetherTheyKeepTheSyntax() {
        let src = Array(#"{"a": 1, "b": 2}"#.utf8)
        let fixes = [
            Fix(title: "a", edits: [TextEdit(range: ByteRange(6, 7), newText: "3")]),
            Fix(title: "b", edits: [TextEdit(range: ByteRange(14, 15), newText: "4")]),
        ]
        #expect(fixesKeepingSyntax(fixes, source: src, syntaxErrors: 0) == [0, 1])
    }

    @Test func aFixThatBreaksTheDocumentIsLeftOutAndTheOthersGo() {
        let src = Array(#"{"a": 1, "b": 2}"#.utf8)
        let fixes = [insert(1, ",,"), Fix(title: "b", edits: [TextEdit(range: ByteRange(14, 15), newText: "4")])]
        #expect(fixesKeepingSyntax(fixes, source: src, syntaxErrors: 0) == [1])
    }

    @Test func fixesThatKeepItAloneButNotTogetherGoOneARound() {
        // `[1, ]` and `[1 ,]` parse (a trailing comma is allowed); `[1, ,]` does not.
        let src = Array("[1 ]".utf8)
        #expect(fixesKeepingSyntax([insert(2, ","), insert(3, ",")], source: src, syntaxErrors: 0) == [0])
        #expect(fixesKeepingSyntax([insert(1, "x"), insert(1, "y")], source: src, syntaxErrors: 0) == [])
    }
}
