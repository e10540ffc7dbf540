// Many content changes in one didChange (an editor's "replace all"): applied in O(text + changes) when they come in
// descending or ascending order, instead of one text edit (and one line-index update) per change.
import Foundation
import PlainJSON
import LSPProtocol
import LayoutLintCore

/// Content changes gathered against one text (the "base": the document's text before the first of them), applied
/// to it in one pass. Each change is read in the coordinates of the text the previous ones left, as LSP says; the
/// batch accepts a change only when it can tell that change's range in base coordinates without applying the
/// previous ones:
/// - descending: the change ends at or before where the previous one started (as a position: see `descending`), so
///   the text before it is the base's;
/// - ascending: the change starts at or after where the previous one ended, so the text after that point is the
///   base's, shifted by the lines and columns the previous changes added (line breaks counted the same in both
///   texts: no `\r` in the base or in the inserted text).
/// A change that fits neither makes the caller apply the batch and start a new one on the new text.
struct ChangeBatch {
    enum Order { case unknown, descending, ascending }
    let base: [UInt8]
    let index: LineIndex
    let encoding: PositionEncoding
    private(set) var order = Order.unknown
    /// Ranges of the base text and their replacements, in the order received.
    private(set) var edits: [(range: ByteRange, text: [UInt8])] = []
    // Ascending: where the last change ended, in the base and in the current text.
    private var baseEnd = 0
    private var baseEndPosition = Position(line: 0, character: 0)
    private var currentEndPosition = Position(line: 0, character: 0)
    private let ascendingAllowed: Bool
    /// A change inserted a `\r`: its line breaks could pair with the base's, ascending positions are not followed.
    private var insertedCR = false

    init(base: [UInt8], index: LineIndex, encoding: PositionEncoding) {
        self.base = base
        self.index = index
        self.encoding = encoding
        self.ascendingAllowed = !base.contains(0x0D)
    }

    var isEmpty: Bool { edits.isEmpty }

    /// Adds a change whose range is `range` (LSP JSON) in the current text; false when the batch cannot take it
    /// (or the range is malformed or outside the document: the caller handles it against the current text).
    mutating func add(_ range: JSONValue, _ text: [UInt8]) -> Bool {
        let conv = PositionConverter(index: index, encoding: encoding)
        if edits.isEmpty {
            var clamped = false
            guard let r = conv.byteRange(range, clamped: &clamped), !clamped else { return false }
            append(r, text)
            return true
        }
        if order != .ascending, let r = descending(range, conv) {
            order = .descending
            edits.append((r, text))
            return true
        }
        if order != .descending, let r = ascending(range, conv) {
            order = .ascending
            append(r, text)
            return true
        }
        return false
    }

    private func descending(_ range: JSONValue, _ conv: PositionConverter) -> ByteRange? {
        var clamped = false
        guard let r = conv.byteRange(range, clamped: &clamped), !clamped else { return nil }
        let prev = edits[edits.count - 1].range.start
        // The change's end as a position, not only as an offset of the base, must come at or before the previous
        // change's start: a column inside a multi-byte character of the base (or inside a surrogate pair) maps back
        // to that character's start, while in the current text the same column can lie in what the previous change
        // inserted ("aéb", insert "xx" at column 1, then replace columns 1-2: the base read both changes at offset 1
        // and the batch put the "xx" back after the replacement; found by FuzzIncremental).
        guard let line = range["end"]?["line"]?.intValue, let character = range["end"]?["character"]?.intValue else {
            return nil
        }
        let p = index.position(of: prev, in: encoding)
        guard (Int(clamping: line), Int(clamping: character)) <= (p.line, p.character) else { return nil }
        // The same offset before the previous change: only if no `\r` before it could pair with what it inserted.
        guard r.end < prev || (r.end == prev && (prev == 0 || base[prev - 1] != 0x0D)) else { return nil }
        return r
    }

    private func ascending(_ range: JSONValue, _ conv: PositionConverter) -> ByteRange? {
        guard ascendingAllowed, !insertedCR else { return nil }
        func toBase(_ p: JSONValue?) -> JSONValue? {
            guard let l = p?["line"]?.intValue, let c = p?["character"]?.intValue else { return nil }
            let line = Int(clamping: l), ch = Int(clamping: c)
            let cur = currentEndPosition
            if line < cur.line || (line == cur.line && ch < cur.character) { return nil }
            let b =
                line == cur.line
                ? Position(line: baseEndPosition.line, character: baseEndPosition.character + (ch - cur.character))
                : Position(line: baseEndPosition.line + (line - cur.line), character: ch)
            return .object([("line", .int(Int64(b.line))), ("character", .int(Int64(b.character)))])
        }
        guard let s = toBase(range["start"]), let e = toBase(range["end"]) else { return nil }
        var clamped = false
        guard let r = conv.byteRange(.object([("start", s), ("end", e)]), clamped: &clamped), !clamped,
            r.start >= baseEnd
        else { return nil }
        return r
    }

    /// Records a change (its range in base coordinates) and where it ends in both texts.
    private mutating func append(_ r: ByteRange, _ text: [UInt8]) {
        edits.append((r, text))
        if text.contains(0x0D) { insertedCR = true }
        guard ascendingAllowed, !insertedCR else { return }
        // Where the change starts in the current text: its base position, shifted like the rest after the last end.
        let sb = index.position(of: r.start, in: encoding)
        var start = sb
        if edits.count > 1 {
            start =
                sb.line == baseEndPosition.line
                ? Position(
                    line: currentEndPosition.line,
                    character: currentEndPosition.character + (sb.character - baseEndPosition.character))
                : Position(line: currentEndPosition.line + (sb.line - baseEndPosition.line), character: sb.character)
        }
        // Where its text ends.
        var lines = 0
        var lastBreak = -1
        for (i, b) in text.enumerated() where b == 0x0A { lines += 1; lastBreak = i }
        let tail = text[(lastBreak + 1)...]
        let units: Int
        switch encoding {
        case .utf8: units = tail.count
        case .utf16: units = String(decoding: tail, as: UTF8.self).utf16.count
        case .utf32: units = String(decoding: tail, as: UTF8.self).unicodeScalars.count
        }
        currentEndPosition =
            lines == 0
            ? Position(line: start.line, character: start.character + units)
            : Position(line: start.line + lines, character: units)
        baseEnd = r.end
        baseEndPosition = index.position(of: r.end, in: encoding)
    }

    /// The whole change as one replacement of the base: the range from the first changed byte to the last, and
    /// what replaces it.
    func combined() -> (range: ByteRange, text: [UInt8]) {
        let sorted = order == .descending ? edits.reversed() : edits
        let lo = sorted.first!.range.start, hi = sorted.last!.range.end
        var out: [UInt8] = []
        out.reserveCapacity(hi - lo + sorted.reduce(0) { $0 + $1.text.count })
        var cursor = lo
        for (r, t) in sorted {
            out.append(contentsOf: base[cursor..<r.start])
            out.append(contentsOf: t)
            cursor = r.end
        }
        out.append(contentsOf: base[cursor..<hi])
        return (ByteRange(lo, hi), out)
    }
}
