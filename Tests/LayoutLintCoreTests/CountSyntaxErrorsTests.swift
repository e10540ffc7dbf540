import Foundation
import Testing
@testable import LayoutLintCore

/// `countSyntaxErrors` (the parser's counting mode, which decides whether a fix is offered in a broken document) must
/// count exactly the syntax errors of the full parse: a lower count would offer fixes that break the document.
@Suite struct CountSyntaxErrorsTests {
    private func expectSameCount(_ bytes: [UInt8], maxDepth: Int = 512, _ what: @autoclosure () -> String) {
        let full = parseJSONC(bytes, maxDepth: maxDepth).syntaxErrorCount
        let counted = countSyntaxErrors(bytes, maxDepth: maxDepth)
        #expect(counted == full, "\(what()): counted \(counted), the parse has \(full)")
    }

    @Test func everyKindOfSyntaxError() {
        let cases = [
            "", "   ", "\u{FEFF}{}", "{", "[", "{\"a\": [1, 2", "}", "]", "{]", "[}", "{\"a\" 1}", "{\"a\" \"b\": 1}",
            "{\"a\": 1 \"b\": 2}", "{\"a\": 1 b: 2}", "{\"a\": 1 2 3}", "{\"a\": 1 : :}", "{a: 1, 'b': 2}", "{: 1}",
            "{\"a\": }", "[1 2, , 3]", "[1 : 2]", "{\"a\": [1,}", "{\"a\": {\"b\": [}]}",
            "{\"a\": 01, \"b\": +1, \"c\": .5}",
            "{\"a\": 1., \"b\": 1e, \"c\": 0x1F, \"d\": NaN, \"e\": -Infinity, \"f\": 1-2}", "{\"a\": tru, \"b\": nul}",
            "{\"a\": \"x\\q\\u12\\uD800\"}", "{\"a\": \"unterminated\n}", "{\"a\": \"tab\there\"}", "/* open",
            "// c\n{} x y",
            "{} {}", "{\"a\": @#% 1}", "{\"a\": 1} // trailing\n/*", "{\"k\u{0}\": 1}", "[[[[[[[[[[]]]]]]]]]]",
            "{\"a\": [1,2,3],}", "{\"a\": 'x\n'}", "{\"a\": \"\\uD83D\\uDE00\", \"b\": \"é\"}",
            "{\"a\":1,\"a\":2,\"a\":3}",
        ]
        for c in cases {
            expectSameCount(Array(c.utf8), c.debugDescription)
            expectSameCount(Array(c.utf8), maxDepth: 2, "\(c.debugDescription) at depth 2")
        }
        // Invalid UTF-8 in keys, values, comments and between tokens.
        let bytes: [UInt8] =
            Array("{\"a".utf8) + [0xFF] + Array("\": x".utf8) + [0xC3] + Array(" // ".utf8) + [0xE2, 0x82]
            + Array("\n\"b\": \"".utf8) + [0xF0, 0x9F] + Array("\"}".utf8)
        expectSameCount(bytes, "invalid UTF-8")
    }

    @Test(
        "every example, whole and cut at every 97th byte, and with bytes deleted, doubled and replaced",
        arguments: exampleFiles())
    func examplesAndTheirMutations(_ path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        expectSameCount(bytes, path)
        var cut = 0
        while cut < bytes.count {
            expectSameCount(Array(bytes[..<cut]), "\(path) cut at \(cut)")
            cut += 97
        }
        var seed: UInt64 = 0x2545F4914F6CDD1D
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33)
        }
        let alphabet = Array(#"{}[],:"'\/*tfn01-e.x "#.utf8) + [0x0A, 0xFF, 0xC3]
        for round in 0..<60 {
            var m = bytes
            for _ in 0..<(1 + round % 6) {
                guard !m.isEmpty else { break }
                let at = next() % m.count
                switch next() % 3 {
                case 0: m.remove(at: at)
                case 1: m.insert(m[at], at: at)
                default: m[at] = alphabet[next() % alphabet.count]
                }
            }
            expectSameCount(m, maxDepth: round % 5 == 0 ? 3 : 512, "\(path), mutation round \(round)")
        }
    }
}

/// `SyntaxErrorCounter` resumes the count of an edited text from a checkpoint and stops where the parse meets the
/// original's: its count must be exactly the whole count of the edited text.
@Suite struct SyntaxErrorCounterTests {
    private struct Rng {
        var seed: UInt64
        mutating func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33)
        }
    }
    private static let snippets = [
        "", "{", "}", "[", "]", ",", ":", "\"", "'", "\n", "\r", "/*", "*/", "//", "\\", "x", "1",
        "\"a\": 1, ", ", \"b\": [2, 3]", "{\"c\": {}}", "\"é😀\"", "'s'", "/* c */", "// c\n",
        "true", "nul", "-0.5e3", "0x1", "\u{7}", "\"\\u12\"",
    ]

    private func expectExact(_ counter: SyntaxErrorCounter, _ edits: [TextEdit], _ what: @autoclosure () -> String) {
        let whole = countSyntaxErrors(applyEdits(counter.source, edits))
        let resumed = counter.count(after: edits)
        #expect(
            resumed == whole,
            "\(what()): \(edits.map { "\($0.range) → \($0.newText.debugDescription)" }): resumed \(resumed), whole \(whole)"
        )
    }

    private func randomEdits(_ bytes: [UInt8], _ r: inout Rng) -> [TextEdit] {
        var edits: [TextEdit] = []
        for _ in 0..<(1 + r.next() % 3) {
            let a = r.next() % (bytes.count + 1)
            let b = min(bytes.count, a + [0, 0, 1, 2, 5, 20, 200][r.next() % 7])
            edits.append(TextEdit(range: ByteRange(a, b), newText: Self.snippets[r.next() % Self.snippets.count]))
        }
        return edits
    }

    @Test("every example, and broken versions of it, with random edits", arguments: exampleFiles())
    func examples(_ path: String) throws {
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var r = Rng(seed: UInt64(original.count))
        for version in 0..<6 {
            var bytes = original
            // Versions 1…: a few breakages first, so that the edits land in broken documents too.
            for _ in 0..<version {
                let at = r.next() % bytes.count
                bytes.insert(contentsOf: Array(Self.snippets[r.next() % Self.snippets.count].utf8), at: at)
            }
            let counter = SyntaxErrorCounter(bytes)
            #expect(counter.total == countSyntaxErrors(bytes))
            for _ in 0..<80 { expectExact(counter, randomEdits(bytes, &r), "\(path), version \(version)") }
            // Edits at every line start of a stretch, and the whole text replaced.
            expectExact(counter, [TextEdit(range: ByteRange(0, bytes.count), newText: "{}")], "\(path): replaced")
        }
    }

    @Test func smallBrokenDocumentsAndEveryDeletion() {
        var r = Rng(seed: 11)
        let pieces = [
            "{", "}", "[", "]", ",", ":", "\"a\"", "1", "x", " ", "\n", "'", "//c\n", "/*c*/", "\"\\", "\"",
            "\n\"k\": [1,\n2],\n",
        ]
        for _ in 0..<400 {
            var text = "{\n"
            for _ in 0..<(4 + r.next() % 20) { text += pieces[r.next() % pieces.count] }
            let bytes = Array(text.utf8)
            // Checkpoints every 48 bytes: documents this small get a few.
            let counter = SyntaxErrorCounter(bytes)
            for a in 0..<bytes.count {
                for b in a...min(bytes.count, a + 6) where a < b {
                    expectExact(counter, [TextEdit(range: ByteRange(a, b), newText: "")], text.debugDescription)
                }
            }
        }
    }

    /// A lone `'` looks to the end of its line for a closing one: an edit later on that line changes how everything
    /// from the `'` on reads, however far back it stands.
    @Test func aQuoteEarlierOnTheLineOfTheEdit() {
        let line = "{\"a\": ', \"b\": [" + String(repeating: "1, ", count: 60) + "2], \"c\": 3}"
        for text in [line, "{\"x\": 0,\n" + line.dropFirst() + "\n"] {
            let bytes = Array(text.utf8)
            let counter = SyntaxErrorCounter(bytes)
            let end = bytes.count - (text.hasSuffix("\n") ? 3 : 2)
            for at in [end - 1, end - 10, end - 40] {
                expectExact(
                    counter, [TextEdit(range: ByteRange(at, at), newText: "'")],
                    "\(text.debugDescription): a ' at \(at)")
                expectExact(
                    counter, [TextEdit(range: ByteRange(at, at), newText: "' '")],
                    "\(text.debugDescription): two at \(at)")
            }
        }
    }

    /// The parser decides about a key by the kind of the token after it (`peek`): a checkpoint at that token would
    /// carry a decision that an edit of the token undoes (found by an exhaustive run over small documents).
    @Test func anEditOfATokenThePreviousStepLookedAt() {
        let text = "{\n/*\n*/:x {\"a\":1}\"\\\"a\": ,\"a\":[2,\n3]'{/*\n*/\\'q'*\t \"'q':,:\t\n:]{/*\n*/\"}\n/]"
        let bytes = Array(text.utf8)
        let at = try! #require(
            bytes.indices.first { bytes[$0] == 0x3A && $0 > 0 && bytes[$0 - 1] == 0x0A && bytes[$0 + 1] == 0x5D })
        let counter = SyntaxErrorCounter(bytes)
        _ = counter.total
        for insert in [",", "'", "\"", "}", "]", "/*"] {
            expectExact(
                counter, [TextEdit(range: ByteRange(at, at), newText: insert)], "\(insert) before the peeked ':'")
        }
    }

    /// Nesting past the limit is skipped quietly: when the skip runs into the end of the text, the trivia before it
    /// (an unterminated comment, invalid UTF-8 in a comment) reports nothing, and a step starts on that quietly read
    /// end. Neither resuming there nor meeting the original there may count differently (found by a review).
    @Test(arguments: [
        // (text, maxDepth, edit start, edit end, new text)
        (
            String(repeating: "[", count: 512) + "\n" + String(repeating: " ", count: 60) + "0 // \u{FFFD}", 512, 573,
            574, "["
        ),
        (
            String(repeating: "[", count: 512) + "\n" + String(repeating: " ", count: 60) + "[ // \u{FFFD}", 512, 573,
            574, "0"
        ),
        (String(repeating: "[", count: 513) + String(repeating: " ", count: 60) + "1 // \u{FFFD}\n", 512, -1, -1, " "),
        ("[[" + String(repeating: " ", count: 47) + "1 // \u{FFFD}\n", 1, -1, -1, " "),
        ("[[" + String(repeating: " ", count: 47) + "1 \n/* c", 1, -1, -1, " "),
    ])
    func aSkipThatRunsIntoTheEnd(_ text: String, _ depth: Int, _ start: Int, _ end: Int, _ newText: String) {
        // U+FFFD stands for an invalid byte (0xFF).
        let bytes = Array(text.replacingOccurrences(of: "\u{FFFD}", with: "\u{1}").utf8).map { $0 == 1 ? 0xFF : $0 }
        let counter = SyntaxErrorCounter(bytes, maxDepth: depth)
        _ = counter.total
        let edit =
            start < 0
            ? TextEdit(range: ByteRange(bytes.count, bytes.count), newText: newText)
            : TextEdit(range: ByteRange(start, end), newText: newText)
        let whole = countSyntaxErrors(applyEdits(bytes, [edit]), maxDepth: depth)
        #expect(counter.count(after: [edit]) == whole, "\(text.debugDescription) at depth \(depth): \(edit)")
    }

    @Test func deepNestingAndDepthLimits() {
        let deep = Array((String(repeating: "[\n", count: 600) + "1" + String(repeating: "\n]", count: 600)).utf8)
        for depth in [512, 8] {
            let counter = SyntaxErrorCounter(deep, maxDepth: depth)
            #expect(counter.total == countSyntaxErrors(deep, maxDepth: depth))
            var r = Rng(seed: UInt64(depth))
            for _ in 0..<60 {
                let edits = randomEdits(deep, &r)
                let whole = countSyntaxErrors(applyEdits(deep, edits), maxDepth: depth)
                #expect(counter.count(after: edits) == whole, "depth \(depth): \(edits)")
            }
        }
    }
}
