// Line/column bookkeeping for a document, in the three position encodings LSP knows.
//
// Lines end at `\n`, `\r\n` or a lone `\r`. Columns count code units of the chosen encoding;
// an invalid UTF-8 byte counts as one unit in every encoding (as if it were U+FFFD occupying one unit).

public enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8", utf16 = "utf-16", utf32 = "utf-32"
}

/// A 0-based line and a 0-based column counted in the units of some `PositionEncoding`.
public struct Position: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var character: Int
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
    public static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }
    public var description: String { "\(line):\(character)" }
}

/// The scalar that starts at byte `i` and its length, or nil and 1 for a byte that does not start a valid UTF-8
/// sequence (which `LineIndex` counts as one unit, as if it were U+FFFD). Walking a line with it gives the same units
/// as its columns, without decoding the line into a `String` (where each invalid byte becomes three).
public func scalar(in p: UnsafeBufferPointer<UInt8>, at i: Int) -> (scalar: Unicode.Scalar?, length: Int) {
    let n = utf8SequenceLength(p, i)
    guard n > 0 else { return (nil, 1) }
    var v = n == 1 ? UInt32(p[i]) : UInt32(p[i] & (0xFF >> (n + 1)))
    for k in 1..<n { v = v << 6 | UInt32(p[i + k] & 0x3F) }
    return (Unicode.Scalar(v), n)
}

/// The length of the valid UTF-8 sequence starting at `i` (1…4), or 0 when the byte at `i`
/// does not start a valid sequence (invalid lead byte, bad continuation, overlong form,
/// surrogate, beyond U+10FFFF, or truncated by the end of the buffer).
@inline(__always)
func utf8SequenceLength(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
    let n = p.count
    let b0 = p[i]
    if b0 < 0x80 { return 1 }
    if b0 < 0xC2 { return 0 }
    if b0 < 0xE0 {
        return (i + 1 < n && p[i + 1] & 0xC0 == 0x80) ? 2 : 0
    }
    if b0 < 0xF0 {
        guard i + 2 < n else { return 0 }
        let b1 = p[i + 1], b2 = p[i + 2]
        let lo: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80
        let hi: UInt8 = b0 == 0xED ? 0x9F : 0xBF
        return (b1 >= lo && b1 <= hi && b2 & 0xC0 == 0x80) ? 3 : 0
    }
    if b0 < 0xF5 {
        guard i + 3 < n else { return 0 }
        let b1 = p[i + 1], b2 = p[i + 2], b3 = p[i + 3]
        let lo: UInt8 = b0 == 0xF0 ? 0x90 : 0x80
        let hi: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
        return (b1 >= lo && b1 <= hi && b2 & 0xC0 == 0x80 && b3 & 0xC0 == 0x80) ? 4 : 0
    }
    return 0
}

/// Maps byte offsets to line/character positions and back.
public struct LineIndex: Sendable {
    /// The document's bytes (shared with the caller's array, not copied).
    public private(set) var bytes: [UInt8]
    /// First byte of every line.
    private var lineStarts: [Int]
    /// End of every line's content (the offset of its line break, or the document end).
    private var lineEnds: [Int]
    /// Whether a line is pure ASCII (then every encoding's column equals the byte column).
    private var asciiLines: [Bool]
    /// How many of `asciiLines` are false: the document has checkpoints beyond 0 exactly when some line is not ASCII.
    private var nonASCIILines: Int
    // Checkpoints for non-ASCII documents: every ~1 KB a character boundary with the number of
    // UTF-16 and UTF-32 units before it, so long lines (minified files) are not walked from their start.
    private var cpOffset: [Int]
    private var cpU16: [Int]
    private var cpU32: [Int]
    /// Bytes between checkpoints (1 KB; tests use a few bytes, to put checkpoints next to every edit).
    private let checkpointSpacing: Int
    /// Whether a leading byte order mark is text (an editor's buffer) rather than a file's encoding mark.
    public let countsByteOrderMark: Bool

    public init(_ text: String) { self.init(Array(text.utf8)) }

    /// The length of a UTF-8 byte order mark at the start of `bytes` (3), or 0.
    static func bomLength(_ bytes: [UInt8]) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// A file's byte order mark is not a column: the first line starts after it (editors do not show it, and count
    /// columns from the character after it). With `countsByteOrderMark`, for the text an editor sent (`serve`): an
    /// editor reads a file's mark as its encoding and sends the text without it, so a U+FEFF at the start of what it
    /// sends is a character of its buffer, one column like any other.
    public init(_ bytes: [UInt8], countsByteOrderMark: Bool = false) {
        self.init(bytes, countsByteOrderMark: countsByteOrderMark, checkpointSpacing: 1024)
    }

    init(_ bytes: [UInt8], countsByteOrderMark: Bool, checkpointSpacing: Int) {
        self.checkpointSpacing = checkpointSpacing
        self.bytes = bytes
        self.countsByteOrderMark = countsByteOrderMark
        let n = bytes.count
        let bom = countsByteOrderMark ? 0 : LineIndex.bomLength(bytes)
        var starts = [bom]
        var ends: [Int] = []
        var ascii: [Bool] = []
        var cpO: [Int] = [0], cp16: [Int] = [0], cp32: [Int] = [0]
        bytes.withUnsafeBufferPointer { p in
            let lastASCII = LineIndex.scanLines(p, from: bom, to: n, starts: &starts, ends: &ends, ascii: &ascii)
            ends.append(n)
            ascii.append(lastASCII)
            if ascii.contains(false) {
                _ = LineIndex.walk(
                    p, from: (0, 0, 0), to: n, spacing: checkpointSpacing, offsets: &cpO, u16s: &cp16, u32s: &cp32)
            }
        }
        lineStarts = starts
        lineEnds = ends
        asciiLines = ascii
        nonASCIILines = ascii.reduce(0) { $0 + ($1 ? 0 : 1) }
        cpOffset = cpO
        cpU16 = cp16
        cpU32 = cp32
    }

    /// Lets go of the text so that its owner can edit it in place (then `update` must follow before any use).
    public mutating func detach() { bytes = [] }

    /// Follows an edit of the text: `old` (a range of the text before the edit) was replaced by `inserted` bytes, and
    /// `text` is the text after it. Only the lines the edit touches are scanned again; the lines after it move. In a
    /// document with non-ASCII bytes the checkpoints near the edit are made again from the last one safely before it,
    /// and those after it move by the bytes and units the edit added (a document whose first non-ASCII byte the edit
    /// brings is indexed again whole, once).
    public mutating func update(replacing old: ByteRange, inserted: Int, text: [UInt8]) {
        let oldCount = text.count - inserted + old.length
        // An edit of a byte order mark (or of the bytes before the first line) indexes the text again.
        guard old.start >= 0, old.start <= old.end, old.end <= oldCount, old.start >= lineStarts[0] else {
            self = LineIndex(text, countsByteOrderMark: countsByteOrderMark, checkpointSpacing: checkpointSpacing)
            return
        }
        let delta = inserted - old.length
        // The window of whole old lines around the edit: from the line before the edit's first byte (a `\r` there
        // can pair with an inserted `\n`) to the start of the line after the one holding its last byte.
        let firstLine = line(containingOld: max(old.start - 1, 0))
        let lastLine = line(containingOld: old.end)
        let atEnd = lastLine + 1 >= lineStarts.count
        let ws = lineStarts[firstLine]
        let newEnd = (atEnd ? oldCount : lineStarts[lastLine + 1]) + delta
        var starts = [ws]
        var ends: [Int] = []
        var ascii: [Bool] = []
        let lastASCII = text.withUnsafeBufferPointer {
            LineIndex.scanLines($0, from: ws, to: newEnd, starts: &starts, ends: &ends, ascii: &ascii)
        }
        if atEnd {
            ends.append(text.count)
            ascii.append(lastASCII)
        } else {
            guard starts.last == newEnd else {
                self = LineIndex(text, countsByteOrderMark: countsByteOrderMark, checkpointSpacing: checkpointSpacing);
                return
            }
            starts.removeLast()
        }
        let wasASCII = nonASCIILines == 0
        nonASCIILines +=
            ascii.reduce(0) { $0 + ($1 ? 0 : 1) } - asciiLines[firstLine...lastLine].reduce(0) { $0 + ($1 ? 0 : 1) }
        // The first non-ASCII byte of the document: checkpoints from its start (once).
        if wasASCII && nonASCIILines > 0 {
            self = LineIndex(text, countsByteOrderMark: countsByteOrderMark, checkpointSpacing: checkpointSpacing)
            return
        }
        lineStarts.replaceSubrange(firstLine...lastLine, with: starts)
        lineEnds.replaceSubrange(firstLine...lastLine, with: ends)
        asciiLines.replaceSubrange(firstLine...lastLine, with: ascii)
        if delta != 0 {
            var k = firstLine + starts.count
            while k < lineStarts.count {
                lineStarts[k] += delta
                lineEnds[k] += delta
                k += 1
            }
        }
        bytes = text
        if nonASCIILines == 0 {
            // All ASCII: columns are byte columns, and no checkpoint is read.
            cpOffset = [0]; cpU16 = [0]; cpU32 = [0]
        } else if !updateCheckpoints(replacing: old, delta: delta) {
            self = LineIndex(text, countsByteOrderMark: countsByteOrderMark, checkpointSpacing: checkpointSpacing)
        }
    }

    /// Moves the checkpoints over an edit (`bytes` is the text after it). Where the walk from the start lands (a
    /// character boundary) depends on the bytes at and up to 3 after each step, so the landings up to 4 bytes before
    /// the edit are the same as before it; after it, the old and the new walk run over the same bytes, and two walks
    /// over the same bytes meet at the end of the first character either of them steps over the other's position (a
    /// continuation byte is one unit on its own), so within 7 bytes of the edit's end they land alike, and every
    /// checkpoint past that keeps its place with the edit's bytes and units added. The checkpoints between are made
    /// again by walking the new text. False (the caller indexes the text whole) if the walk does not land on the
    /// first kept checkpoint after the edit, which the argument above says it always does.
    private mutating func updateCheckpoints(replacing old: ByteRange, delta: Int) -> Bool {
        let before = lastIndex(in: cpOffset, notAbove: max(old.start - 4, 0))
        var after = before + 1
        while after < cpOffset.count && cpOffset[after] < old.end + 8 { after += 1 }
        let target = after < cpOffset.count ? cpOffset[after] + delta : bytes.count
        var offsets: [Int] = [], u16s: [Int] = [], u32s: [Int] = []
        let (off, u16, u32) = bytes.withUnsafeBufferPointer { p in
            LineIndex.walk(
                p, from: (cpOffset[before], cpU16[before], cpU32[before]), to: target, spacing: checkpointSpacing,
                offsets: &offsets, u16s: &u16s, u32s: &u32s)
        }
        guard off == target else { return false }
        if after < cpOffset.count {
            let d16 = u16 - cpU16[after], d32 = u32 - cpU32[after]
            for k in after..<cpOffset.count {
                cpOffset[k] += delta; cpU16[k] += d16; cpU32[k] += d32
            }
        }
        cpOffset.replaceSubrange((before + 1)..<after, with: offsets)
        cpU16.replaceSubrange((before + 1)..<after, with: u16s)
        cpU32.replaceSubrange((before + 1)..<after, with: u32s)
        return true
    }

    /// Walks the text by characters (an invalid byte is one unit) from a boundary with its unit counts until `to`,
    /// appending a checkpoint at the first boundary `spacing` bytes or more past the last one; returns where it
    /// stopped (`to`, or the end of a character that crosses it) with the counts there.
    private static func walk(
        _ p: UnsafeBufferPointer<UInt8>, from start: (Int, Int, Int), to target: Int, spacing: Int,
        offsets: inout [Int], u16s: inout [Int], u32s: inout [Int]
    ) -> (Int, Int, Int) {
        var (off, u16, u32) = start
        var next = off + spacing
        while off < target {
            if off >= next {
                offsets.append(off); u16s.append(u16); u32s.append(u32)
                next = off + spacing
            }
            if p[off] < 0x80 {
                off += 1; u16 += 1; u32 += 1
            } else {
                let l = utf8SequenceLength(p, off)
                if l == 0 { off += 1; u16 += 1; u32 += 1 } else { off += l; u16 += l == 4 ? 2 : 1; u32 += 1 }
            }
        }
        return (off, u16, u32)
    }

    /// The line breaks in `p[from..<to]`    /// The line breaks in `p[from..<to]` (`\n`, `\r\n`, lone `\r`): for each, the break's offset, whether the line it
    /// ends is ASCII, and the next line's start. Returns whether the unfinished last line is ASCII so far.
    private static func scanLines(
        _ p: UnsafeBufferPointer<UInt8>, from: Int, to: Int,
        starts: inout [Int], ends: inout [Int], ascii: inout [Bool]
    ) -> Bool {
        var lineASCII = true
        var i = from
        while i < to {
            let b = p[i]
            if b >= 0x80 {
                lineASCII = false
            } else if b == 0x0A || b == 0x0D {
                ends.append(i); ascii.append(lineASCII); lineASCII = true
                if b == 0x0D && i + 1 < p.count && p[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        return lineASCII
    }

    private func line(containingOld o: Int) -> Int {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if lineStarts[mid] <= o { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The number of lines; a document ending with a line break has an empty last line.
    public var lineCount: Int { lineStarts.count }
    public var byteCount: Int { bytes.count }

    /// The line's bytes without its line break. Lines past the end give an empty range at the document end.
    public func lineRange(_ line: Int) -> ByteRange {
        if line < 0 { return ByteRange(0, 0) }
        if line >= lineStarts.count { return ByteRange(bytes.count, bytes.count) }
        return ByteRange(lineStarts[line], lineEnds[line])
    }

    /// The 0-based line holding the byte offset (clamped to the document).
    public func line(containing byteOffset: Int) -> Int {
        let o = min(max(byteOffset, 0), bytes.count)
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if lineStarts[mid] <= o { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The position of a byte offset. Offsets past the end clamp to the end; an offset inside a
    /// multi-byte character (or inside a `\r\n`) maps to that character's start.
    public func position(of byteOffset: Int, in encoding: PositionEncoding) -> Position {
        let line = line(containing: byteOffset)
        let start = lineStarts[line]
        let o = min(max(byteOffset, start), lineEnds[line])
        if asciiLines[line] { return Position(line: line, character: o - start) }
        let a = units(from: start, upTo: o)
        switch encoding {
        case .utf8: return Position(line: line, character: a.offset - start)
        case .utf16: return Position(line: line, character: a.u16)
        case .utf32: return Position(line: line, character: a.u32)
        }
    }

    /// The byte offset of a position. A line past the end gives the document end; a character past
    /// the line's end gives the line end (before the break); a column inside a character (a UTF-16
    /// column between the halves of a surrogate pair, a UTF-8 column inside a sequence) gives that
    /// character's start.
    public func offset(of position: Position, in encoding: PositionEncoding) -> Int {
        if position.line < 0 { return 0 }
        if position.line >= lineStarts.count { return bytes.count }
        let line = position.line
        let start = lineStarts[line], end = lineEnds[line]
        let character = max(position.character, 0)
        if character == 0 { return start }
        if asciiLines[line] { return start + min(character, end - start) }
        if encoding == .utf8 {
            let target = character >= end - start ? end : start + character
            return units(from: start, upTo: target).offset
        }
        // Units counted from the line start; a long line (a minified document) from the best checkpoint inside it.
        var off = start, u = 0, target = character
        if end - start > checkpointSpacing {
            let s = cumulative(upTo: start)
            target = (encoding == .utf16 ? s.u16 : s.u32) + character
            let cpUnits = encoding == .utf16 ? cpU16 : cpU32
            var idx = lastIndex(in: cpUnits, notAbove: target)
            idx = min(idx, lastIndex(in: cpOffset, notAbove: end))
            off = s.offset
            u = encoding == .utf16 ? s.u16 : s.u32
            if cpOffset[idx] > off { off = cpOffset[idx]; u = cpUnits[idx] }
        }
        return bytes.withUnsafeBufferPointer { p -> Int in
            while off < end {
                let b = p[off]
                var l = 1, w = 1
                if b >= 0x80 {
                    l = utf8SequenceLength(p, off)
                    if l == 0 { l = 1 } else if l == 4 && encoding == .utf16 { w = 2 }
                }
                if u + w > target { break }
                off += l
                u += w
            }
            return min(off, end)
        }
    }

    private func lastIndex(in array: [Int], notAbove value: Int) -> Int {
        var lo = 0, hi = array.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if array[mid] <= value { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The last character boundary at or before `target`, with the UTF-16 and UTF-32 unit counts
    /// from the document start to it. Only meaningful for documents with non-ASCII bytes.
    private func cumulative(upTo target: Int) -> (offset: Int, u16: Int, u32: Int) {
        let idx = lastIndex(in: cpOffset, notAbove: target)
        return advance(from: (cpOffset[idx], cpU16[idx], cpU32[idx]), upTo: target)
    }

    /// The last character boundary at or before `target`, with the UTF-16 and UTF-32 units from `start` (a line
    /// start, so a character boundary) to it. A line start is a boundary of the walk from the document start (no
    /// UTF-8 sequence spans a line break), so this is `cumulative(upTo: target)` less `cumulative(upTo: start)`; it
    /// walks from `start`, not from the checkpoint before it, unless the two are more than a checkpoint apart.
    private func units(from start: Int, upTo target: Int) -> (offset: Int, u16: Int, u32: Int) {
        if target - start > checkpointSpacing {
            let s = cumulative(upTo: start), a = cumulative(upTo: target)
            return (a.offset, a.u16 - s.u16, a.u32 - s.u32)
        }
        return advance(from: (start, 0, 0), upTo: target)
    }

    /// Walks by characters from a boundary with its unit counts to the last boundary at or before `target`.
    private func advance(from: (Int, Int, Int), upTo target: Int) -> (offset: Int, u16: Int, u32: Int) {
        var (off, u16, u32) = from
        bytes.withUnsafeBufferPointer { p in
            while off < target {
                let b = p[off]
                if b < 0x80 {
                    off += 1; u16 += 1; u32 += 1
                    continue
                }
                var l = utf8SequenceLength(p, off)
                if l == 0 { l = 1 }
                if off + l > target { break }
                off += l
                u16 += l == 4 ? 2 : 1
                u32 += 1
            }
        }
        return (off, u16, u32)
    }
}
