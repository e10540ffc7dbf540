// Review C finding 4: one didChange with many content changes (an editor's "replace all") cost O(changes × sections).
// The server follows such a notification in bulk: these tests check that the text is the one the changes, applied
// one after the other, give (in every order), that the diagnostics are `lint(bytes:)`'s, and that the common orders
// cost one text edit.
import Foundation
import PlainJSON
import JSONRPC
import LayoutLintCore
@testable import LayoutLintServer
import TestSupport
import Testing

/// A server driven by direct calls (no loop); its output goes to /dev/null.
func directServer(encoding: PositionEncoding = .utf16) -> LanguageServer {
    let out = open("/dev/null", O_WRONLY)
    let s = LanguageServer(input: -1, output: out, options: ServerOptions())
    s.phase = .running
    s.client.positionEncoding = encoding
    return s
}

/// The LSP position of a String.Index of `text`, by the independent arithmetic of LSPClient.swift.
func lspPosition(_ text: String, _ i: String.Index, _ e: Enc) -> JSONValue {
    let lines = splitLines(String(text[..<i]))
    return pos(lines.count - 1, units(lines.last!, e))
}

func bulkDoc(_ sections: Int) -> String {
    var s =
        "{\n  \"environments\": [\"iPhone 12\"],\n  \"definitions\": { \"cell\": { \"width\": \"fractionalWidth(1/2)\", \"height\": \"absolute(44)\" } },\n  \"sections\": [\n"
    s += (0..<sections).map { i in
        "    { \"name\": \"s\(i) é😀\", \"group\": { \"direction\": \"horizontal\", \"width\": \"fractionalWidth(1)\", \"height\": \"absolute(44)\", \"subitems\": [ { \"$ref\": \"#/definitions/cell\" } ] } }"
    }.joined(separator: ",\n")
    return s + "\n  ]\n}\n"
}

@Suite struct BulkChangeTests {
    func change(_ text: String, _ a: String.Index, _ b: String.Index, _ new: String, _ e: Enc) -> JSONValue {
        .object([
            ("range", .object([("start", lspPosition(text, a, e)), ("end", lspPosition(text, b, e))])),
            ("text", .string(new)),
        ])
    }

    /// Random changes in descending, ascending and random order, with line breaks (`\n`, `\r\n`, `\r`) and
    /// multi-byte characters, in every position encoding: the text equals the changes applied one by one, and the
    /// diagnostics equal `lint(bytes:)`'s.
    @Test(arguments: [Enc.utf8, .utf16, .utf32])
    func bulkChangesGiveTheSequentialText(_ e: Enc) {
        let encoding: PositionEncoding = e == .utf8 ? .utf8 : e == .utf16 ? .utf16 : .utf32
        let inserts = ["", "x", "45", "é", "😀", "\n", "a\nb", "\r\n", "\r", "\"q\": 1, ", "}\n  ,"]
        var rng = SplitMix(seed: 7)
        for round in 0..<36 {
            var text = bulkDoc(12)
            if round % 4 == 3 { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
            let original = text
            let order = round % 3 // 0 descending, 1 ascending, 2 random
            let n = 9 + rng.int(40)
            let pool = order == 1 ? inserts.filter { !$0.contains("\r") } : inserts
            let ins = { (r: inout SplitMix) in
                round % 4 == 0 ? pool[r.int(pool.count)] : ["45", "x", "", "é😀", "\n  "][r.int(5)]
            }
            var changes: [JSONValue] = []
            if order == 2 {
                for _ in 0..<n {
                    let cs = Array(text.indices) + [text.endIndex]
                    var a = rng.int(cs.count), b = a + rng.int(4)
                    b = min(b, cs.count - 1)
                    if a > b { swap(&a, &b) }
                    let new = ins(&rng)
                    changes.append(change(text, cs[a], cs[b], new, e))
                    text.replaceSubrange(cs[a]..<cs[b], with: new)
                }
            } else {
                // Disjoint ranges of the original text.
                let cs = Array(original.indices) + [original.endIndex]
                var cuts = Set<Int>()
                while cuts.count < 2 * n { cuts.insert(rng.int(cs.count)) }
                let sorted = cuts.sorted()
                let ranges = stride(from: 0, to: sorted.count, by: 2).map {
                    (sorted[$0], min(sorted[$0 + 1], sorted[$0] + 3))
                }
                let news = ranges.map { _ in ins(&rng) }
                if order == 0 {
                    for (k, r) in ranges.enumerated().reversed() {
                        changes.append(change(text, cs[r.0], cs[r.1], news[k], e))
                        text.replaceSubrange(cs[r.0]..<cs[r.1], with: news[k])
                    }
                } else {
                    // In the coordinates of the text the previous changes left (in bytes: no join can merge
                    // characters, as no inserted text holds a `\r`).
                    var done = ""
                    var rest = original[...]
                    for (k, r) in ranges.enumerated() {
                        let a = original.index(original.startIndex, offsetBy: r.0),
                            b = original.index(original.startIndex, offsetBy: r.1)
                        done += rest[rest.startIndex..<a]
                        let cur = done + original[a...]
                        let ca = cur.utf8.index(cur.startIndex, offsetBy: done.utf8.count)
                        let cb = cur.utf8.index(ca, offsetBy: original[a..<b].utf8.count)
                        changes.append(change(cur, ca, cb, news[k], e))
                        done += news[k]
                        rest = original[b...]
                    }
                    let shiftedText = done + rest
                    text = shiftedText
                }
            }
            let server = directServer(encoding: encoding)
            let uri = "file:///tmp/bulk-\(round).layout.json"
            server.didOpen(
                .object([
                    (
                        "textDocument",
                        .object([("uri", .string(uri)), ("version", .int(1)), ("text", .string(original))])
                    )
                ]))
            let doc = server.documents[uri]!
            server.ensureLinted(doc)
            server.didChange(
                .object([
                    ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
                    ("contentChanges", .array(changes)),
                ]))
            #expect(doc.text == Array(text.utf8), "round \(round) order \(order) \(e)")
            server.ensureLinted(doc)
            if order != 2 && round % 4 != 0 && round % 4 != 3 {
                // Ordered changes without `\r`: one pass over the text.
                #expect(server.lastChange["edits"] == .int(1), "round \(round)")
            }
            #expect(doc.diagnostics == lint(bytes: Array(text.utf8)).diagnostics, "round \(round)")
        }
    }

    /// A change that ends inside what the previous change inserted, at a column that lies inside a multi-byte
    /// character of the text before the notification (UTF-8: inside "é"; UTF-16: inside the surrogate pair of "😀"):
    /// the batch took it for one before the previous change (the base's offset of that column is the character's
    /// start) and put the inserted "xx" back after the replacement. Found by FuzzIncremental (a document with
    /// U+FFFD, 29 changes in one notification): the server then linted a text 29 bytes longer than the editor's.
    @Test(arguments: [Enc.utf8, .utf16])
    func aColumnInsideACharacterOfTheBaseIsNotBeforeThePreviousChange(_ e: Enc) {
        let encoding: PositionEncoding = e == .utf8 ? .utf8 : .utf16
        let original = e == .utf8 ? "{ \"aéb\": 1 }\n" : "{ \"a😀b\": 1 }\n"
        func at(_ c: Int) -> JSONValue { pos(0, c) }
        func edit(_ a: Int, _ b: Int, _ t: String) -> JSONValue {
            .object([("range", .object([("start", at(a)), ("end", at(b))])), ("text", .string(t))])
        }
        // Column 4 is just after the `a`; in the current text, columns 4-5 are the first "x" inserted there.
        let changes = [edit(4, 4, "xx"), edit(4, 5, "y")] + Array(repeating: edit(0, 0, ""), count: 7)
        let server = directServer(encoding: encoding)
        let uri = "file:///tmp/bulk-inside-a-character.layout.json"
        server.didOpen(
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(1)), ("text", .string(original))]))
            ]))
        let doc = server.documents[uri]!
        server.ensureLinted(doc)
        server.didChange(
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
                ("contentChanges", .array(changes)),
            ]))
        let expected = e == .utf8 ? "{ \"ayxéb\": 1 }\n" : "{ \"ayx😀b\": 1 }\n"
        #expect(String(decoding: doc.text, as: UTF8.self) == expected)
        server.ensureLinted(doc)
        #expect(doc.diagnostics == lint(bytes: Array(expected.utf8)).diagnostics)
    }

    /// Random columns anywhere (inside characters and surrogate pairs, past line ends, on lines past the end), in
    /// every encoding: one notification of 9-16 changes leaves the text that the same changes leave when each comes
    /// in a notification of its own (the direct path, one conversion per change against the current text).
    @Test(arguments: [Enc.utf8, .utf16, .utf32])
    func bulkChangesAtAnyColumnGiveTheSequentialText(_ e: Enc) {
        let encoding: PositionEncoding = e == .utf8 ? .utf8 : e == .utf16 ? .utf16 : .utf32
        let alphabet = ["a", "b", "é", "😀", "\n", " ", "€", "\r", "\r\n"]
        var rng = SplitMix(seed: 11)
        func text(_ n: Int) -> String { (0..<n).map { _ in alphabet[rng.int(alphabet.count)] }.joined() }
        for round in 0..<400 {
            let original = text(rng.int(30))
            var changes: [JSONValue] = []
            for _ in 0..<(9 + rng.int(8)) {
                var a = (rng.int(6), rng.int(9)), b = a
                b = rng.int(2) == 0 ? (a.0, a.1 + rng.int(4)) : (a.0 + rng.int(2), rng.int(9))
                if b < a { swap(&a, &b) }
                changes.append(
                    .object([
                        ("range", .object([("start", pos(a.0, a.1)), ("end", pos(b.0, b.1))])),
                        ("text", .string(text(rng.int(4)))),
                    ]))
            }
            let bulk = directServer(encoding: encoding), oneByOne = directServer(encoding: encoding)
            let uri = "file:///tmp/bulk-any-column.layout.json"
            var docs: [Document] = []
            for server in [bulk, oneByOne] {
                server.didOpen(
                    .object([
                        (
                            "textDocument",
                            .object([("uri", .string(uri)), ("version", .int(1)), ("text", .string(original))])
                        )
                    ]))
                docs.append(server.documents[uri]!)
                server.ensureLinted(docs.last!)
            }
            bulk.didChange(
                .object([
                    ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
                    ("contentChanges", .array(changes)),
                ]))
            for (k, c) in changes.enumerated() {
                oneByOne.didChange(
                    .object([
                        ("textDocument", .object([("uri", .string(uri)), ("version", .int(Int64(2 + k)))])),
                        ("contentChanges", .array([c])),
                    ]))
            }
            #expect(
                docs[0].text == docs[1].text,
                "round \(round) \(e): \(original.debugDescription) \(JSONValue.array(changes).serialized())")
        }
    }

    /// A "replace all" of 3 000 occurrences in a 3 000-section document, in descending (as VS Code sends it) and
    /// ascending order: one text edit, no section start moved (it was 3 000 edits moving ~4.5 million).
    @Test(arguments: [false, true])
    func replaceAllIsOneTextEdit(_ ascending: Bool) {
        let text = bulkDoc(3000)
        let lines = splitLines(text)
        var occ: [(Int, Int)] = []
        for (i, l) in lines.enumerated() {
            if let r = l.range(of: "absolute(44)") { occ.append((i, l[..<r.lowerBound].utf16.count + 9)) }
        }
        #expect(occ.count == 3001)
        if !ascending { occ.reverse() }
        let changes: [JSONValue] = occ.map { (l, c) in
            .object([("range", range(l, c, l, c + 2)), ("text", .string("45"))])
        }
        let server = directServer()
        let uri = "file:///tmp/bulk-replace-all.layout.json"
        server.didOpen(
            .object([("textDocument", .object([("uri", .string(uri)), ("version", .int(1)), ("text", .string(text))]))])
        )
        let doc = server.documents[uri]!
        server.ensureLinted(doc)
        server.didChange(
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
                ("contentChanges", .array(changes)),
            ]))
        server.ensureLinted(doc)
        let expected = text.replacingOccurrences(of: "absolute(44)", with: "absolute(45)")
        #expect(doc.text == Array(expected.utf8))
        #expect(server.lastChange["edits"] == .int(1))
        #expect(server.lastChange["regionMoves"] == .int(0))
        #expect(server.lastChange["mode"] == .string("document"))
    }

    /// A U+FEFF at the start of an editor's text is a character of it (a client sends a file's byte order mark
    /// removed, so one it sends is text, counted in columns like any other): the changes the client counts from it
    /// land where the client put them. The CLI reads files, whose mark is not a column (BadInputTests).
    @Test(arguments: [Enc.utf8, .utf16, .utf32])
    func aLeadingFEFFIsAColumnInTheEditor(_ e: Enc) {
        let encoding: PositionEncoding = e == .utf8 ? .utf8 : e == .utf16 ? .utf16 : .utf32
        let server = directServer(encoding: encoding)
        let uri = "file:///tmp/feff-\(e).layout.json"
        var text = "x\u{FEFF}{\"sections\": 1}"
        server.didOpen(
            .object([("textDocument", .object([("uri", .string(uri)), ("version", .int(1)), ("text", .string(text))]))])
        )
        let doc = server.documents[uri]!
        server.ensureLinted(doc)
        var version: Int64 = 1
        func apply(_ a: Int, _ b: Int, _ new: String) { // a, b: Character offsets into `text`
            let ia = text.index(text.startIndex, offsetBy: a), ib = text.index(text.startIndex, offsetBy: b)
            let c = change(text, ia, ib, new, e)
            text.replaceSubrange(ia..<ib, with: new)
            version += 1
            server.didChange(
                .object([
                    ("textDocument", .object([("uri", .string(uri)), ("version", .int(version))])),
                    ("contentChanges", .array([c])),
                ]))
            server.ensureLinted(doc)
            #expect(
                String(decoding: doc.text, as: UTF8.self) == text, "\(e): after \(new.debugDescription) at \(a)..<\(b)")
        }
        apply(0, 1, "") // the x goes: the text starts with U+FEFF
        apply(1, 1, "\n") // a line break after the U+FEFF, before the {
        apply(2, 2, " ") // a space after it, on the second line
        apply(0, 1, "") // the U+FEFF goes
        #expect(doc.diagnostics == lint(bytes: Array(text.utf8)).diagnostics)
    }

    /// A content change whose range is `null` (a serializer that writes absent optionals as null) replaces the text
    /// whole, as one without a range does; it was skipped as malformed, and the text diverged from the client's.
    @Test func aNullRangeReplacesTheWholeText() {
        let server = directServer()
        let uri = "file:///tmp/null-range.layout.json"
        server.didOpen(
            .object([
                (
                    "textDocument",
                    .object([("uri", .string(uri)), ("version", .int(1)), ("text", .string("{\"a\": 1}"))])
                )
            ]))
        let doc = server.documents[uri]!
        server.didChange(
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
                ("contentChanges", .array([.object([("range", .null), ("text", .string("{}"))])])),
            ]))
        #expect(doc.text == Array("{}".utf8))
    }
}
