import Foundation
import Testing
import TestSupport
@testable import LayoutLintCore

@Suite("Typing in the middle of a document: one error where the typing is, the rest reads as written")
struct TypingRecoveryTests {
    @Test("a missing comma between two properties has a quick fix that inserts it", arguments: exampleFiles())
    func missingCommaFix(_ path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // The comma after the first "width" property's value.
        guard let w = text.range(of: "\"width\""), let comma = text[w.upperBound...].firstIndex(of: ",") else { return }
        let broken = String(text[..<comma]) + String(text[text.index(after: comma)...])
        let r = lint(bytes: Array(broken.utf8))
        let d = try #require(
            r.diagnostics.first { $0.ruleID == .syntax && $0.message.contains("expected ','") },
            "\(r.diagnostics.map(\.message))")
        let fix = try #require(d.fix)
        let mended = applyEdits(Array(broken.utf8), fix.edits)
        #expect(String(decoding: mended, as: UTF8.self) == text)
        let inc = IncrementalLinter(text: Array(text.utf8))
        let offset = text.utf8.distance(from: text.utf8.startIndex, to: comma)
        inc.replace(ByteRange(offset, offset + 1), with: [])
        #expect(inc.diagnostics == r.diagnostics)
    }

    static let sizing = repoRoot.appendingPathComponent("examples/mistakes-group-sizing.layout.json").path

    /// `text` with `new` in place of the first `old` that comes after `after` (the text, and where the change is).
    static func edited(_ text: String, after: String, replacing old: String, with new: String) -> (
        text: String, at: Int
    ) {
        let a = text.range(of: after)!
        let r = text.range(of: old, range: a.upperBound..<text.endIndex)!
        return (
            text.replacingCharacters(in: r, with: new), text.utf8.distance(from: text.utf8.startIndex, to: r.lowerBound)
        )
    }

    /// The diagnostics of `text` other than syntax errors, with ranges past `at` moved by `shift` (rule, range, message).
    static func findings(_ text: String, shiftedFrom at: Int = .max, by shift: Int = 0) -> [String] {
        lint(bytes: Array(text.utf8)).diagnostics.filter { $0.ruleID != .syntax }.map { d in
            func m(_ o: Int) -> Int { o > at ? o + shift : o }
            return "\(d.rule) \(m(d.range.start))..<\(m(d.range.end)) \(d.message)"
        }
    }

    static func syntax(_ text: String) -> [Diagnostic] {
        lint(bytes: Array(text.utf8)).diagnostics.filter { $0.ruleID == .syntax }
    }

    /// The issue's example: `{ "width": "fractionalWidth(1)", "ed "height": … }`, a key typed before an existing one.
    @Test func aKeyTypedBeforeAnExistingOneIsOneStrayQuote() throws {
        let text = try String(contentsOfFile: Self.sizing, encoding: .utf8)
        let (broken, at) = Self.edited(
            text, after: #""repeatingSubitem": { "width": "fractionalWidth(1)", "#,
            replacing: #""height""#, with: #""ed "height""#)
        let errors = Self.syntax(broken)
        #expect(errors.count == 1, "\(errors.map(\.message))")
        let e = try #require(errors.first)
        #expect(e.range == ByteRange(at, at + 4))
        #expect(e.message == #"stray quote: '"ed ' before "height" is not read; did you mean "height"?"#)
        // Every finding (that section's and the later sections') is the one of the document without the stray text.
        let want = Self.findings(text, shiftedFrom: at - 1, by: 4)
        #expect(want.count >= 8)
        #expect(Self.findings(broken) == want)
    }

    /// A value's opening quote typed before the existing value: `"height": ""absolute(137)"`.
    @Test func aQuoteTypedBeforeAValueIsOneStrayQuote() throws {
        let text = try String(contentsOfFile: Self.sizing, encoding: .utf8)
        let (broken, at) = Self.edited(
            text, after: #""width": "absolute(100)", "height": "#, replacing: #""absolute(137)""#,
            with: #"""absolute(137)""#)
        let errors = Self.syntax(broken)
        #expect(
            errors.map(\.message) == [
                #"stray quote: '"' before "absolute(137)" is not read; did you mean "absolute(137)"?"#
            ])
        #expect(errors.first?.range == ByteRange(at, at + 1))
        #expect(Self.findings(broken) == Self.findings(text, shiftedFrom: at - 1, by: 1))
    }

    /// A value typed before the existing one, its closing quote not yet typed: `"height": "abs"absolute(137)"`.
    @Test func aValueTypedBeforeAnExistingOneIsOneStrayQuote() throws {
        let text = try String(contentsOfFile: Self.sizing, encoding: .utf8)
        let (broken, at) = Self.edited(
            text, after: #""width": "absolute(100)", "height": "#, replacing: #""absolute(137)""#,
            with: #""abs"absolute(137)""#)
        let errors = Self.syntax(broken)
        #expect(errors.count == 1 && errors.first?.range == ByteRange(at, at + 4), "\(errors.map(\.message))")
        #expect(Self.findings(broken) == Self.findings(text, shiftedFrom: at - 1, by: 4))
    }

    /// A closing quote deleted before the `,`: `"width": "absolute(100), "height": …` is one unterminated string that
    /// ends before the `,`, and its value is still read.
    @Test func aClosingQuoteDeletedBeforeACommaIsOneUnterminatedString() throws {
        let text = try String(contentsOfFile: Self.sizing, encoding: .utf8)
        let (broken, at) = Self.edited(
            text, after: #""subitems": [{ "width": "#, replacing: #""absolute(100)","#,
            with: #""absolute(100),"#)
        let errors = Self.syntax(broken)
        #expect(
            errors.map(\.message) == [
                #"unterminated string: its closing quote is missing before ','; did you mean "absolute(100)"?"#
            ])
        #expect(errors.first?.range == ByteRange(at, at + 14))
        #expect(Self.findings(broken) == Self.findings(text, shiftedFrom: at + 13, by: -1))
    }

    /// The same before a `:`: a key's closing quote deleted.
    @Test func aKeysClosingQuoteDeletedIsOneUnterminatedString() throws {
        let text = try String(contentsOfFile: Self.sizing, encoding: .utf8)
        let (broken, at) = Self.edited(
            text, after: #""subitems": [{ "width": "absolute(100)", "#, replacing: #""height":"#,
            with: #""height:"#)
        let errors = Self.syntax(broken)
        #expect(
            errors.map(\.message) == [
                #"unterminated string: its closing quote is missing before ':'; did you mean "height"?"#
            ])
        #expect(errors.first?.range == ByteRange(at, at + 7))
        #expect(Self.findings(broken) == Self.findings(text, shiftedFrom: at + 6, by: -1))
    }

    /// A key being typed on a line of its own before an existing property (`"ed`, no closing quote, no colon yet): the
    /// unterminated string is the one error (not also a missing ':' at the next key), and the rest reads as written.
    @Test func aKeyTypedOnItsOwnLineIsOneError() throws {
        let text = try String(contentsOfFile: Self.sizing, encoding: .utf8)
        let (broken, at) = Self.edited(
            text, after: #""subitems": [{ "width": "absolute(100)", "#, replacing: #""height""#,
            with: "\"ed\n\"height\"")
        let errors = Self.syntax(broken)
        #expect(errors.map(\.message) == ["unterminated string"])
        #expect(errors.first?.range == ByteRange(at, at + 3))
        // Besides the key being typed ("ed", unknown), the findings are the document's without it.
        #expect(
            Self.findings(broken).filter { !$0.contains(#""ed""#) } == Self.findings(text, shiftedFrom: at - 1, by: 4))
    }

    /// A value not typed yet before the next property (`"height":` then `"subitems": [ … ]` on the next line): the
    /// next property is read as a property, so the errors inside it (an item's misspelt width) are still reported.
    @Test func errorsInsideThePropertyAfterAMissingValueAreReported() {
        let section = """
            { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": HEIGHT
                "subitems": [ { "width": "fractionalWidht(1)", "height": "absolute(44)" } ] } }
            """
        func doc(_ height: String) -> String {
            "{ \"sections\": [\n" + section.replacingOccurrences(of: "HEIGHT", with: height) + "\n] }"
        }
        let broken = doc(""), whole = doc(#""absolute(44)","#)
        let errors = Self.syntax(broken)
        #expect(errors.map(\.message) == ["expected a value before the next property"], "\(errors.map(\.message))")
        let misspelt = #"invalid-value "fractionalWidht(1)" is not a dimension; did you mean "fractionalWidth(1)"?"#
        #expect(
            Self.findings(whole).map {
                $0.replacingOccurrences(of: #" \d+\.\.<\d+"#, with: "", options: .regularExpression)
            }
            .contains(misspelt))
        let got = Self.findings(broken).map {
            $0.replacingOccurrences(of: #" \d+\.\.<\d+"#, with: "", options: .regularExpression)
        }
        #expect(got.contains(misspelt), "\(got)")
        #expect(!got.contains { $0.contains(#""subitems" is not a dimension"#) }, "\(got)")
    }

    /// Quotes typed and deleted where they change how earlier text on the line reads (a `"` followed by a letter is a
    /// stray quote only when a string starting there closes on its line): incremental == whole after every edit.
    @Test func quoteEditsKeepIncrementalEqualToWhole() {
        let one = IncrementalTests.section(height: 44)
        let texts = [
            // Sections on one line: an edit in a later section changes how an earlier one reads.
            "{\"sections\": [\(one), { \"name\": \"a\"b }, { \"name\": \"c\" }, \(one)]}",
            "{\"sections\": [{ \"name\": \"a, \(one.dropFirst()), { \"name\": \"c\" }]}",
            "{\"sections\": [{ \"name\": \"a\" }, { \"name\": \"b\" }, \(one)]}",
            // A quote typed into a later section makes `"a"b` a stray quote that reads into it.
            "{\"sections\": [\(one), { \"name\": \"a\"b }, { name: 1 }, { name: 2 }]}",
        ]
        for text in texts {
            let inc = IncrementalLinter(text: Array(text.utf8))
            IncrementalTests.expectSame(inc, "open \(text)")
            let bytes = Array(text.utf8)
            // Every quote: delete it and put it back, type a letter after it and delete that, type a quote before it.
            for q in bytes.indices where bytes[q] == 0x22 {
                inc.replace(ByteRange(q, q + 1), with: [])
                IncrementalTests.expectSame(inc, "\(text): quote at \(q) deleted")
                inc.replace(ByteRange(q, q), with: [0x22])
                IncrementalTests.expectSame(inc, "\(text): quote at \(q) typed back")
                inc.replace(ByteRange(q + 1, q + 1), with: Array("x".utf8))
                IncrementalTests.expectSame(inc, "\(text): a letter after the quote at \(q)")
                inc.replace(ByteRange(q + 1, q + 2), with: [])
                IncrementalTests.expectSame(inc, "\(text): the letter deleted")
                inc.replace(ByteRange(q, q), with: Array("\"e".utf8))
                IncrementalTests.expectSame(inc, "\(text): a quote and a letter typed before the quote at \(q)")
                inc.replace(ByteRange(q, q + 2), with: [])
                IncrementalTests.expectSame(inc, "\(text): deleted again")
            }
            // Every number replaced by a string (a pair of quotes in one edit), and back.
            for p in bytes.indices where (0x30...0x39).contains(bytes[p]) {
                inc.replace(ByteRange(p, p + 1), with: Array("\"x\"".utf8))
                IncrementalTests.expectSame(inc, "\(text): a string in place of the number at \(p)")
                inc.replace(ByteRange(p, p + 3), with: [bytes[p]])
                IncrementalTests.expectSame(inc, "\(text): the number back")
            }
            // A quote typed at every space, and deleted.
            for p in bytes.indices where bytes[p] == 0x20 {
                inc.replace(ByteRange(p, p), with: [0x22])
                IncrementalTests.expectSame(inc, "\(text): a quote typed at \(p)")
                inc.replace(ByteRange(p, p + 1), with: [])
                IncrementalTests.expectSame(inc, "\(text): deleted again")
            }
        }
    }

    /// Random typing of quotes, letters and backslashes next to the quotes of every example (and at random places):
    /// incremental == whole after every edit.
    @Test("random quote typing keeps incremental == whole", arguments: IncrementalTests.exampleFiles)
    func randomQuoteTyping(_ url: URL) throws {
        let bytes = Array(try Data(contentsOf: url))
        var rng = SplitMix(seed: UInt64(bytes.count) &* 6151)
        let inc = IncrementalLinter(text: bytes)
        let snippets: [[UInt8]] = ["\"", "\"ed ", "e", "\\", " ", ",", ":", "\"x\"", "\n", ""].map { Array($0.utf8) }
        for step in 0..<60 {
            let text = inc.text
            let quotes = text.indices.filter { text[$0] == 0x22 }
            var s: Int
            if !quotes.isEmpty && rng.next() % 4 != 0 {
                s = rng.pick(quotes) + Int(rng.next() % 2)
            } else {
                s = Int(rng.next() % UInt64(text.count + 1))
                while s < text.count && s > 0 && text[s] & 0xC0 == 0x80 { s -= 1 }
            }
            var e = min(text.count, s + Int(rng.next() % 2))
            while e < text.count && text[e] & 0xC0 == 0x80 { e += 1 }
            let ins = rng.pick(snippets)
            inc.replace(ByteRange(s, e), with: ins)
            IncrementalTests.expectSame(
                inc,
                "\(url.lastPathComponent) step \(step) replace \(s)..<\(e) with \(String(decoding: ins, as: UTF8.self))"
            )
        }
    }
}
