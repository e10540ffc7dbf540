import Testing
import LayoutLintCore
import LayoutLintReport
import TestSupport

/// The text report's snippet: the caret sits under the range whatever the line holds (invalid UTF-8, wide and
/// zero-width characters), and a long line is cut to the same window a plain reading of the whole line gives.
@Suite struct TextSnippetTests {
    func caretLine(_ src: [UInt8], _ range: ByteRange) -> Substring {
        TextReport.snippet(source: src, index: LineIndex(src), range: range, style: TextStyle(color: false))
            .split(separator: "\n")[1].dropFirst(5) // " " + the gutter's padding + " | ", then the caret line
    }

    @Test func caretAfterInvalidUTF8() {
        // Each invalid byte is one column (as in the `line:col` header), not the three bytes of a decoded U+FFFD.
        let src: [UInt8] = Array("{/*".utf8) + Array(repeating: 0xFF, count: 6) + Array("*/\"yy\":1}".utf8)
        let at = src.count - 7 // "yy":1}
        #expect(caretLine(src, ByteRange(at, at + 4)) == String(repeating: " ", count: 11) + "^~~~")
        let header = LineIndex(src).position(of: at, in: .utf32)
        #expect(header.character == 11)
    }

    @Test(arguments: [
        ("\u{200B}\u{200B}\u{200B}\u{200B}", 0), ("नमस्ते", 4), ("ᄀ\u{1161}\u{11A8}", 2), ("🀄", 2), ("日本", 4),
        ("e\u{301}", 1),
    ])
    func caretUnderWideAndZeroWidthCharacters(_ text: String, _ width: Int) {
        let src = Array("{/*\(text)*/\"yy\":1}".utf8)
        let at = 5 + text.utf8.count
        #expect(
            caretLine(src, ByteRange(at, at + 4)) == String(repeating: " ", count: 5 + width) + "^~~~",
            "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    /// A line that starts with a combining mark (after a lone CR, found by FuzzPipeline): the mark joined the
    /// gutter's " | " into one character; it now stands on a dotted circle, and the caret is under it.
    @Test func aMarkOpeningTheLineDoesNotJoinTheGutter() {
        let src = Array("[1,\r\u{313}ine a]".utf8)
        let at = 4
        let text = TextReport.snippet(
            source: src, index: LineIndex(src), range: ByteRange(at, at + 3), style: TextStyle(color: false))
        let lines = text.split(separator: "\n")
        #expect(lines[0] == " 2 | \u{25CC}\u{313}ine a]", "\(text.debugDescription)")
        #expect(lines[0].contains(" | ") && lines[1] == "   | ^~", "\(text.debugDescription)")
        // A long line cut before a mark: the "…" keeps its own column too.
        let long = Array(("[" + String(repeating: "a", count: 200) + "\u{301}bc]").utf8)
        let cut = TextReport.snippet(
            source: long, index: LineIndex(long), range: ByteRange(241, 242), style: TextStyle(color: false))
        #expect(cut.hasPrefix(" 1 | …"), "\(cut.debugDescription)")
    }

    /// Random long lines (ASCII, CJK, emoji, invalid bytes, controls) and ranges: the window read from the bytes
    /// around the caret equals the one cut from the whole line decoded.
    @Test func longLinesAreCutAsTheWholeLineWouldBe() {
        var rng = SplitMix(seed: 11)
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("日".utf8), Array("😀".utf8), [0xFF], [0xE6, 0x97], [0x09], Array("\u{301}".utf8),
            Array("\"k\": 1, ".utf8),
        ]
        for _ in 0..<3_000 {
            var line: [UInt8] = []
            for _ in 0..<rng.pick([3, 40, 119, 120, 121, 200, 600]) { line += rng.pick(pieces) }
            let src = Array("{\n".utf8) + line + Array("\n}".utf8)
            let s = 2 + Int(rng.next() % UInt64(line.count + 1))
            let e = min(src.count, s + Int(rng.next() % 300))
            let got = TextReport.snippet(
                source: src, index: LineIndex(src), range: ByteRange(s, e), style: TextStyle(color: false))
            #expect(
                got == wholeLineSnippet(src, line: 1, lineStart: 2, lineEnd: 2 + line.count, ByteRange(s, e)),
                "\(line) \(s)..<\(e)")
        }
    }

    /// The snippet as decoding the whole line and then cutting it gives (the reference for the windowed reading).
    func wholeLineSnippet(_ src: [UInt8], line: Int, lineStart: Int, lineEnd: Int, _ range: ByteRange) -> String {
        var units: [(Unicode.Scalar, Int)] = []
        src.withUnsafeBufferPointer { p in
            var i = lineStart
            while i < lineEnd {
                let (s, n) = scalar(in: p, at: i); units.append((s ?? "\u{FFFD}", i - lineStart)); i += n
            }
        }
        let caretStart = max(0, min(range.start, lineEnd) - lineStart)
        let caretEnd = max(caretStart + 1, min(range.end, lineEnd) - lineStart)
        var first = 0, last = units.count
        let caretUnit = units.firstIndex { $0.1 >= caretStart } ?? units.count
        if units.count > 120 { first = max(0, caretUnit - 40); last = min(units.count, first + 120) }
        var shown = first > 0 ? "…" : "", caret = first > 0 ? " " : "", width = 0
        for (s, o) in units[first..<last] {
            let v = TextReport.visible(s)
            var w = TextReport.displayWidth(v)
            // A mark opening the snippet stands on a dotted circle (it would join the gutter's space or the "…").
            if o == units[first].1,
                [.nonspacingMark, .spacingMark, .enclosingMark].contains(v.properties.generalCategory)
                    || v == "\u{200D}"
            {
                shown.unicodeScalars.append("\u{25CC}"); w += 1
            }
            shown.unicodeScalars.append(v)
            if o < caretStart { caret += String(repeating: " ", count: w) } else if o < caretEnd { width += w }
        }
        if last < units.count { shown += "…" }
        var marks = "^" + String(repeating: "~", count: max(0, max(width, 1) - 1))
        if range.end > lineEnd && range.start < lineEnd { marks += "…" }
        return " \(line + 1) | \(shown)\n   | \(caret)\(marks)\n"
    }
}
