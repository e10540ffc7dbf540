import Testing
import TestSupport
@testable import LayoutLintCore

private let encodings: [PositionEncoding] = [.utf8, .utf16, .utf32]

/// Reference implementation: walk the Swift string's scalars (valid UTF-8 only).
private func naiveColumns(_ line: String) -> [(byte: Int, u16: Int, u32: Int)] {
    var result: [(Int, Int, Int)] = []
    var b = 0, u16 = 0, u32 = 0
    for s in line.unicodeScalars {
        result.append((b, u16, u32))
        b += String(s).utf8.count
        u16 += s.utf16.count
        u32 += 1
    }
    result.append((b, u16, u32))
    return result
}

@Suite struct LineIndexTests {
    @Test func byteOrderMarkIsNoColumn() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\"a\": 1,\n \"b\": 2}".utf8)
        let index = LineIndex(bytes)
        for e in encodings {
            #expect(index.position(of: 3, in: e) == Position(line: 0, character: 0), "\(e)")
            #expect(index.position(of: 4, in: e) == Position(line: 0, character: 1), "\(e)")
            #expect(index.position(of: 0, in: e) == Position(line: 0, character: 0), "inside the mark, \(e)")
            #expect(index.offset(of: Position(line: 0, character: 0), in: e) == 3, "\(e)")
            #expect(index.position(of: 12, in: e) == Position(line: 1, character: 0), "\(e)")
        }
        // Edits after the mark keep it out of the columns; deleting it makes column 0 the document's start.
        var edited = index
        var text = bytes
        text.replaceSubrange(4..<4, with: Array("  ".utf8))
        edited.update(replacing: ByteRange(4, 4), inserted: 2, text: text)
        #expect(edited.position(of: 3, in: .utf16) == Position(line: 0, character: 0))
        #expect(edited.position(of: 6, in: .utf16) == Position(line: 0, character: 3))
        text.removeSubrange(0..<3)
        edited.update(replacing: ByteRange(0, 3), inserted: 0, text: text)
        #expect(edited.position(of: 0, in: .utf16) == Position(line: 0, character: 0))
        #expect(edited.position(of: 3, in: .utf16) == Position(line: 0, character: 3))
    }

    @Test func columnsInTheThreeEncodings() {
        // { " a " : ␠ " 日 本 👍 " , ␠ " b " …
        let text = #"{"a": "日本👍", "b": 1}"#
        let index = LineIndex(text)
        let keyB = 20 // byte offset of the quote before b: 7 ASCII + 3 + 3 + 4 + `",␠`
        #expect(Array(text.utf8)[keyB] == UInt8(ascii: "\""))
        #expect(Array(text.utf8)[keyB + 1] == UInt8(ascii: "b"))
        #expect(index.position(of: keyB, in: .utf8) == Position(line: 0, character: 20))
        #expect(index.position(of: keyB, in: .utf16) == Position(line: 0, character: 14))
        #expect(index.position(of: keyB, in: .utf32) == Position(line: 0, character: 13))
        #expect(index.offset(of: Position(line: 0, character: 14), in: .utf16) == keyB)
        #expect(index.offset(of: Position(line: 0, character: 13), in: .utf32) == keyB)
        #expect(index.offset(of: Position(line: 0, character: 20), in: .utf8) == keyB)
        // The emoji: starts at byte 13, UTF-16 column 9, UTF-32 column 9.
        #expect(index.position(of: 13, in: .utf16) == Position(line: 0, character: 9))
        #expect(index.position(of: 17, in: .utf16) == Position(line: 0, character: 11))
        #expect(index.position(of: 17, in: .utf32) == Position(line: 0, character: 10))
        // Inside a multi-byte character → its start.
        #expect(index.position(of: 8, in: .utf16) == Position(line: 0, character: 7))
        #expect(index.position(of: 15, in: .utf8) == Position(line: 0, character: 13))
        #expect(index.position(of: 15, in: .utf32) == Position(line: 0, character: 9))
        // A UTF-16 column between the halves of the surrogate pair → the emoji's start.
        #expect(index.offset(of: Position(line: 0, character: 10), in: .utf16) == 13)
        // A UTF-8 column inside a sequence → the character's start.
        #expect(index.offset(of: Position(line: 0, character: 9), in: .utf8) == 7)
    }

    @Test func cjkAndSkinToneEmoji() {
        let text = "\"名前\": \"👍🏽\"x"
        let index = LineIndex(text)
        let x = text.utf8.count - 1
        // "名前": "👍🏽"x → 1+2+1+1+1+1 = 7 scalars before the emoji, 2 emoji scalars (4 UTF-16 units), then a quote.
        #expect(index.position(of: x, in: .utf32) == Position(line: 0, character: 10))
        #expect(index.position(of: x, in: .utf16) == Position(line: 0, character: 12))
        #expect(index.position(of: x, in: .utf8) == Position(line: 0, character: x))
        for e in encodings {
            #expect(index.offset(of: index.position(of: x, in: e), in: e) == x)
        }
    }

    @Test func lineEnds() {
        let text = "a\r\nbb\rccc\n\nd"
        let index = LineIndex(text)
        #expect(index.lineCount == 5)
        #expect(index.lineRange(0) == ByteRange(0, 1))
        #expect(index.lineRange(1) == ByteRange(3, 5))
        #expect(index.lineRange(2) == ByteRange(6, 9))
        #expect(index.lineRange(3) == ByteRange(10, 10))
        #expect(index.lineRange(4) == ByteRange(11, 12))
        #expect(index.lineRange(9) == ByteRange(12, 12))
        #expect(index.position(of: 4, in: .utf16) == Position(line: 1, character: 1))
        #expect(index.position(of: 7, in: .utf8) == Position(line: 2, character: 1))
        #expect(index.position(of: 11, in: .utf32) == Position(line: 4, character: 0))
        // Offsets on a line break map to the end of the line's content; inside `\r\n` too.
        #expect(index.position(of: 1, in: .utf16) == Position(line: 0, character: 1))
        #expect(index.position(of: 2, in: .utf16) == Position(line: 0, character: 1))
        #expect(index.position(of: 5, in: .utf16) == Position(line: 1, character: 2))
        #expect(LineIndex("").lineCount == 1)
        #expect(LineIndex("x\n").lineCount == 2)
        #expect(LineIndex("x\r").lineCount == 2)
        #expect(LineIndex("\r\n").lineCount == 2)
    }

    @Test func clamping() {
        let text = "ab\ncd"
        let index = LineIndex(text)
        #expect(index.position(of: 99, in: .utf16) == Position(line: 1, character: 2))
        #expect(index.position(of: -3, in: .utf16) == Position(line: 0, character: 0))
        #expect(index.offset(of: Position(line: 0, character: 99), in: .utf16) == 2) // before the break
        #expect(index.offset(of: Position(line: 7, character: 0), in: .utf16) == 5) // document end
        #expect(index.offset(of: Position(line: 1, character: -1), in: .utf8) == 3)

        let crlf = LineIndex("é\r\nx")
        #expect(crlf.offset(of: Position(line: 0, character: 5), in: .utf16) == 2)
        #expect(crlf.offset(of: Position(line: 0, character: 5), in: .utf8) == 2)
        #expect(crlf.offset(of: Position(line: 0, character: 1), in: .utf8) == 0)
        #expect(crlf.position(of: 3, in: .utf16) == Position(line: 0, character: 1))
    }

    @Test func invalidUTF8CountsOneUnitPerByte() {
        // a ÿ? E2 82 (truncated) b 👍 c
        let bytes: [UInt8] = [0x61, 0xFF, 0xE2, 0x82, 0x62, 0xF0, 0x9F, 0x91, 0x8D, 0x63]
        let index = LineIndex(bytes)
        #expect(index.position(of: 4, in: .utf8) == Position(line: 0, character: 4))
        #expect(index.position(of: 4, in: .utf16) == Position(line: 0, character: 4))
        #expect(index.position(of: 4, in: .utf32) == Position(line: 0, character: 4))
        #expect(index.position(of: 9, in: .utf16) == Position(line: 0, character: 7))
        #expect(index.position(of: 9, in: .utf32) == Position(line: 0, character: 6))
        #expect(index.offset(of: Position(line: 0, character: 3), in: .utf16) == 3)
        #expect(index.offset(of: Position(line: 0, character: 6), in: .utf32) == 9)
        // Truncated sequence at the very end of the document.
        let cut = LineIndex([0x61, 0xF0, 0x9F])
        #expect(cut.position(of: 3, in: .utf16) == Position(line: 0, character: 3))
    }

    @Test func roundTripEveryCharacterBoundary() {
        // Mixed lines, including one long enough (> several KB) to use checkpoints.
        var long = ""
        for i in 0..<900 { long += i % 3 == 0 ? "日" : (i % 3 == 1 ? "👍🏽" : "ab") }
        let lines = ["{\"名前\": \"👍🏽\", \"x\": 1}", "", "plain ascii line", long, "é", "末尾👍"]
        let text = lines.joined(separator: "\r\n")
        let index = LineIndex(text)
        #expect(index.lineCount == lines.count)
        var lineStart = 0
        for (l, line) in lines.enumerated() {
            #expect(index.lineRange(l) == ByteRange(lineStart, lineStart + line.utf8.count))
            for (b, u16, u32) in naiveColumns(line) {
                let offset = lineStart + b
                #expect(index.position(of: offset, in: .utf8) == Position(line: l, character: b))
                #expect(index.position(of: offset, in: .utf16) == Position(line: l, character: u16))
                #expect(index.position(of: offset, in: .utf32) == Position(line: l, character: u32))
                #expect(index.offset(of: Position(line: l, character: b), in: .utf8) == offset)
                #expect(index.offset(of: Position(line: l, character: u16), in: .utf16) == offset)
                #expect(index.offset(of: Position(line: l, character: u32), in: .utf32) == offset)
                for e in encodings {
                    let p = index.position(of: offset, in: e)
                    #expect(index.position(of: index.offset(of: p, in: e), in: e) == p)
                }
            }
            lineStart += line.utf8.count + 2
        }
    }

    /// A column is counted from its line's start, or, on a line longer than the checkpoint spacing, from the
    /// checkpoint before it less the one before the line: both give every answer alike, on valid and invalid UTF-8.
    @Test func lineStartAndCheckpointWalksAgree() {
        var rng = SplitMix(seed: 5)
        let pieces: [[UInt8]] =
            ["a", "\n", "\r\n", "\r", "日", "👍", "é", "{\"k\": 1}"].map { Array($0.utf8) }
            + [[0xE3, 0x81], [0x82], [0xF0, 0x9F], [0x80], [0xFF], [0xC3], [0xEF, 0xBB, 0xBF]]
        for round in 0..<20 {
            var text: [UInt8] = []
            while text.count < 50 + rng.below(600) { text += pieces[rng.below(pieces.count)] }
            let bom = round % 2 == 0
            let fromCheckpoints = LineIndex(text, countsByteOrderMark: bom, checkpointSpacing: 1)
            let fromLineStarts = LineIndex(text, countsByteOrderMark: bom, checkpointSpacing: 1 << 30)
            for o in 0...text.count {
                for e in encodings {
                    let p = fromLineStarts.position(of: o, in: e)
                    #expect(fromCheckpoints.position(of: o, in: e) == p, "round \(round), offset \(o), \(e)")
                    for c in [p.character, p.character + 1, p.character + 2] {
                        let q = Position(line: p.line, character: c)
                        #expect(
                            fromCheckpoints.offset(of: q, in: e) == fromLineStarts.offset(of: q, in: e),
                            "round \(round), \(q), \(e)")
                    }
                }
            }
        }
    }

    @Test func everyByteOffsetMapsToACharacterStart() {
        let text = "a日👍\nx"
        let index = LineIndex(text)
        let starts = [0, 1, 4, 8, 9, 10]
        for offset in 0...text.utf8.count {
            let snapped = starts.last { $0 <= offset }!
            for e in encodings {
                let p = index.position(of: offset, in: e)
                let back = index.offset(of: p, in: e)
                #expect(back == snapped, "offset \(offset) \(e)")
            }
        }
    }
}

/// `update` after random edits of documents with CJK text, emoji, invalid UTF-8 and every kind of line break answers
/// exactly what an index of the edited text made from scratch answers: lines, and positions and offsets in the three
/// encodings. A document with non-ASCII bytes was indexed again whole on every edit (O(document) per keystroke); now
/// its checkpoints are moved over the edit, which these edits cross in every way (inside a character, across a
/// checkpoint, the last non-ASCII byte removed, the first one brought into an ASCII document).
@Suite struct LineIndexUpdateTests {
    /// An edit can make the bytes before it, or after it, one character where they were several (or split one): a
    /// checkpoint that was a character boundary next to the edit is then inside a character, and one that is kept
    /// must not be (checkpoints at every boundary here).
    @Test func checkpointsNextToAnEditThatJoinsOrSplitsACharacter() {
        let cases: [(text: [UInt8], start: Int, end: Int, inserted: [UInt8])] = [
            (Array("aaaaaaa".utf8) + [0xF0] + Array("Abcdef\n日本".utf8), 8, 8, [0x9F, 0x98, 0x80]), // F0 + inserted: 😀
            // Z removed: F0 9F 98 80
            (Array("a".utf8) + [0xF0, 0x5A, 0x9F, 0x98, 0x80] + Array("bcd\n語".utf8), 2, 3, []),
            // 日 split: E6 x 97 A5
            (Array("ab".utf8) + [0xE6, 0x97, 0xA5] + Array("cdefgh\n".utf8), 3, 3, Array("x".utf8)),
            // Q removed: E6 97 A5
            (Array("ab".utf8) + [0xE6, 0x97] + Array("Q".utf8) + [0xA5] + Array("cd".utf8), 4, 5, []),
            ([0xC3] + Array("\r".utf8) + [0xA9] + Array("é\n".utf8), 1, 2, []), // a line break removed
        ]
        for (n, c) in cases.enumerated() {
            var text = c.text
            var index = LineIndex(text, countsByteOrderMark: true, checkpointSpacing: 1)
            text.replaceSubrange(c.start..<c.end, with: c.inserted)
            index.update(replacing: ByteRange(c.start, c.end), inserted: c.inserted.count, text: text)
            let fresh = LineIndex(text, countsByteOrderMark: true)
            for o in 0...text.count {
                for e in [PositionEncoding.utf8, .utf16, .utf32] {
                    #expect(
                        index.position(of: o, in: e) == fresh.position(of: o, in: e), "case \(n), offset \(o), \(e)")
                }
            }
        }
    }

    @Test func updatedIndexEqualsAFreshOne() {
        var rng = SplitMix(seed: 11)
        let pieces: [[UInt8]] =
            [
                "a", "{ \"k\": 1 }", "\n", "\r\n", "\r", "日本", "語", "👍", "🎉x", "é", " ", "\"",
                "0123456789abcdef", String(repeating: "x", count: 300),
            ].map { Array($0.utf8) }
            + [[0xE3, 0x81], [0x82], [0xF0, 0x9F], [0x80, 0x80], [0xFF], [0xC3]]
        func randomText(_ n: Int) -> [UInt8] {
            var t: [UInt8] = []
            while t.count < n { t += pieces[rng.below(pieces.count)] }
            return t
        }
        for round in 0..<12 {
            // Mostly ASCII with a few non-ASCII pieces, or dense; long enough for several 1 KB checkpoints.
            var text =
                round % 4 == 0
                ? Array(String(repeating: "{\"a\": 1}\n", count: 500).utf8) : randomText(1_000 + rng.below(5_000))
            // Checkpoints every 1 KB as in use, or every few bytes, so that edits land next to them all the time.
            let spacing = round % 2 == 0 ? 1_024 : 1 + rng.below(12)
            var index = LineIndex(text, countsByteOrderMark: true, checkpointSpacing: spacing)
            for step in 0..<40 {
                // Half of the edits next to where a checkpoint (every 1 KB or so) lies: the bytes around one decide
                // whether it is still a character boundary.
                let start =
                    rng.below(2) == 0
                    ? rng.below(text.count + 1)
                    : min(text.count, max(0, 1_024 * (1 + rng.below(max(1, text.count / 1_024))) + rng.below(16) - 8))
                let end = min(text.count, start + (rng.below(6) == 0 ? rng.below(1_500) : rng.below(6)))
                let inserted =
                    rng.below(3) == 0 ? [] : randomText(rng.below(3) == 0 ? rng.below(1_200) : 1 + rng.below(4))
                text.replaceSubrange(start..<end, with: inserted)
                index.update(replacing: ByteRange(start, end), inserted: inserted.count, text: text)
                let fresh = LineIndex(text, countsByteOrderMark: true)
                #expect(index.lineCount == fresh.lineCount, "round \(round) step \(step)")
                guard index.lineCount == fresh.lineCount else { return }
                for l in 0..<fresh.lineCount where index.lineRange(l) != fresh.lineRange(l) {
                    Issue.record(
                        "line \(l): \(index.lineRange(l)) ≠ \(fresh.lineRange(l)), round \(round) step \(step)")
                    return
                }
                // Every offset near the edit, and a sample of the others.
                let near = max(0, start - 12)...min(text.count, start + inserted.count + 12)
                let offsets = Array(near) + (0..<30).map { _ in rng.below(text.count + 1) }
                for o in offsets {
                    for e in [PositionEncoding.utf8, .utf16, .utf32] {
                        let p = fresh.position(of: o, in: e)
                        guard index.position(of: o, in: e) == p else {
                            Issue.record(
                                "offset \(o) \(e): \(index.position(of: o, in: e)) ≠ \(p), round \(round) step \(step)")
                            return
                        }
                        for c in [p.character, p.character + 1, p.character + 3] {
                            let q = Position(line: p.line, character: c)
                            guard index.offset(of: q, in: e) == fresh.offset(of: q, in: e) else {
                                Issue.record(
                                    "position \(q) \(e): \(index.offset(of: q, in: e)) ≠ \(fresh.offset(of: q, in: e)), round \(round) step \(step)"
                                )
                                return
                            }
                        }
                    }
                }
            }
        }
    }
}
