// Text edits that fixes are made of. They touch only the text they replace: comments and formatting elsewhere
// stay as the user wrote them.

struct SourceText {
    let bytes: [UInt8]
    /// Set by the incremental linter, whose ranges are region offsets, not offsets into `bytes`: ranges given to
    /// these methods are mapped into `bytes` and the edits they return are mapped back.
    var map: (any RegionOffsetMapping)? = nil

    init(bytes: [UInt8], map: (any RegionOffsetMapping)? = nil) {
        self.bytes = bytes
        self.map = map
    }

    private func textRange(_ r: ByteRange) -> ByteRange { map?.textRange(r) ?? r }
    private func back(_ e: TextEdit) -> TextEdit {
        guard let m = map else { return e }
        return TextEdit(range: m.regionRange(e.range), newText: e.newText)
    }

    func text(_ r: ByteRange) -> String {
        let r = textRange(r)
        return String(
            decoding: bytes[max(0, min(r.start, bytes.count))..<max(0, min(bytes.count, r.end))], as: UTF8.self)
    }

    func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
    func isNewline(_ b: UInt8) -> Bool { b == 0x0A || b == 0x0D }

    /// The whitespace at the start of the line holding `offset`.
    func indent(at offset: Int) -> String {
        var s = min(map?.textOffset(offset) ?? offset, bytes.count)
        while s > 0, !isNewline(bytes[s - 1]) { s -= 1 }
        var e = s
        while e < bytes.count, isSpace(bytes[e]) { e += 1 }
        return String(decoding: bytes[s..<e], as: UTF8.self)
    }

    /// Replaces a value's text.
    func replace(_ r: ByteRange, with text: String) -> TextEdit { TextEdit(range: r, newText: text) }

    /// Removes a property (key to value) with one comma; a property alone on its line takes its line with it.
    func removeProperty(_ site: PropertySite) -> TextEdit {
        guard map != nil else { return removePropertyReal(site) }
        var r = site
        r.keyRange = textRange(site.keyRange)
        r.valueRange = textRange(site.valueRange)
        r.objectRange = textRange(site.objectRange)
        return back(removePropertyReal(r))
    }

    /// The first offset at or after `p` that is not whitespace or inside a comment, reading at most up to `limit`.
    /// Exact only from a token boundary (the end of a value, a brace): it lexes comments forward, as the parser does.
    func skipTrivia(from p: Int, limit: Int) -> Int {
        var k = p
        while k < limit {
            if isSpace(bytes[k]) || isNewline(bytes[k]) { k += 1; continue }
            guard bytes[k] == 0x2F, k + 1 < limit else { break }
            if bytes[k + 1] == 0x2F { // `//` to the end of the line
                k += 2
                while k < limit, !isNewline(bytes[k]) { k += 1 }
            } else if bytes[k + 1] == 0x2A { // `/* … */` (unterminated: to the limit)
                k += 2
                while k < limit, !(bytes[k] == 0x2A && k + 1 < limit && bytes[k + 1] == 0x2F) { k += 1 }
                k = min(limit, k + 2)
            } else {
                break
            }
        }
        return k
    }

    private func removePropertyReal(_ site: PropertySite) -> TextEdit {
        var s = site.keyRange.start
        var e = site.valueRange.end
        // A site outside the text (a front end's rules run without its text, whose fixes it drops): the key to the
        // value, nothing read around them.
        guard s >= 0, s <= e, e <= bytes.count else { return TextEdit(range: ByteRange(s, max(s, e)), newText: "") }
        // A comment between the value and its comma (`"a": 1 /* old */, "b": 2`) stays: the property and the comma
        // go, the comment takes their place.
        // (unused-definition's site names no object: its key range stands for one. The first token after a value
        // ends the trivia either way.)
        let k = skipTrivia(
            from: e, limit: site.objectRange.end > e ? min(site.objectRange.end, bytes.count) : bytes.count)
        var ws = e
        while ws < k, isSpace(bytes[ws]) { ws += 1 }
        if ws < k, k < bytes.count, bytes[k] == 0x2C {
            var kept = k
            while kept > ws, isSpace(bytes[kept - 1]) { kept -= 1 } // (a line break ends a `//` comment: it stays)
            return TextEdit(range: ByteRange(s, k + 1), newText: String(decoding: bytes[ws..<kept], as: UTF8.self))
        }
        if k < bytes.count, bytes[k] == 0x2C { // a comma follows: take it
            e = k + 1
            var m = e
            while m < bytes.count, isSpace(bytes[m]) { m += 1 }
            var ls = s
            while ls > 0, isSpace(bytes[ls - 1]) { ls -= 1 }
            let startsLine = ls == 0 || isNewline(bytes[ls - 1])
            if m >= bytes.count || isNewline(bytes[m]) {
                if startsLine {
                    s = ls
                    if m < bytes.count, bytes[m] == 0x0D { m += 1 }
                    if m < bytes.count, bytes[m] == 0x0A { m += 1 }
                }
                e = m
            } else {
                e = m // `"a": 1, "b": 2` → `"b": 2`
            }
            return TextEdit(range: ByteRange(s, e), newText: "")
        }
        // The last property: take the comma before it, if any (only whitespace between).
        var b = s
        while b > 0, isSpace(bytes[b - 1]) || isNewline(bytes[b - 1]) { b -= 1 }
        if b > 0, bytes[b - 1] == 0x2C {
            s = b - 1
        } else {
            // The only one, alone on its line: the line goes (its indentation stayed as a line of spaces).
            var ls = s
            while ls > 0, isSpace(bytes[ls - 1]) { ls -= 1 }
            var m = e
            while m < bytes.count, isSpace(bytes[m]) { m += 1 }
            if (ls == 0 || isNewline(bytes[ls - 1])) && m < bytes.count && isNewline(bytes[m]) {
                s = ls
                e = m + (bytes[m] == 0x0D && m + 1 < bytes.count && bytes[m + 1] == 0x0A ? 2 : 1)
            }
        }
        return TextEdit(range: ByteRange(s, e), newText: "")
    }

    /// Adds `"key": value` as the object's last property, matching the layout of the properties around it: in an
    /// object written over several lines, on a line of its own, indented like the first property, ending as the
    /// object's first line ends ("\r\n" or "\n"). The object's own line break, not the document's first one: the
    /// incremental linter keeps a section's fixes while text outside the section changes.
    func insertProperty(into object: ByteRange, key: String, value: String) -> TextEdit {
        guard map != nil else { return insertPropertyInText(into: object, key: key, value: value) }
        return back(SourceText(bytes: bytes).insertPropertyInText(into: textRange(object), key: key, value: value))
    }

    /// Inserts a property whose value is a copy of the text at `r` (a value inside the same object). A multi-line
    /// copy keeps the shape of its lines relative to each other: each line after the first is indented from the new
    /// property's line (see below), plus what it had beyond the least indented of them. Only the copy and the
    /// object's own lines are read (so that the incremental linter's fix is `lint`'s), and the copy is inserted as it
    /// is when indenting it would more than double it (a line indented 100 000 columns times 1 000 lines).
    func insertProperty(into object: ByteRange, key: String, copying r: ByteRange) -> TextEdit {
        let rr = textRange(r)
        let copied = Array(bytes[max(0, min(rr.start, bytes.count))..<max(0, min(rr.end, bytes.count))])
        let source = map.map { _ in SourceText(bytes: bytes) } ?? self
        let verbatim = back(
            source.insertPropertyInText(
                into: textRange(object), key: key, value: String(decoding: copied, as: UTF8.self)))
        let lines = copied.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard lines.count > 1 else { return verbatim }
        // The new property's line: in the probe's text, the line holding the placeholder (none: it is inserted on
        // the object's own line, and the copy goes as it is).
        let probe = source.insertPropertyInText(into: textRange(object), key: key, value: "\u{0}")
        let probeBytes = Array(probe.newText.utf8)
        guard let at = probeBytes.firstIndex(of: 0), let lf = probeBytes[..<at].lastIndex(of: 0x0A) else {
            return verbatim
        }
        func leading(_ line: ArraySlice<UInt8>) -> Int { line.prefix { $0 == 0x20 || $0 == 0x09 }.count }
        func blank(_ line: ArraySlice<UInt8>) -> Bool { line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }
        let propIndent = Array(probeBytes[(lf + 1)...].prefix { $0 == 0x20 || $0 == 0x09 })
        let base = lines.dropFirst().filter { !blank($0) }.map(leading).min() ?? 0
        // A copy that ends on its closing bracket at the least indentation (pretty-printed JSON) puts that bracket
        // under the new key and its members one level in, as they were; one that ends on a member line (`… ] }`)
        // hangs its lines two columns (or a tab) past the key.
        let last = lines[lines.count - 1]
        let closes = last.dropFirst(leading(last)).first.map { $0 == 0x7D || $0 == 0x5D } ?? false
        let indent =
            propIndent + (closes && leading(last) == base ? [] : propIndent.contains(0x09) ? [0x09] : [0x20, 0x20])
        var out = Array(lines[0])
        for line in lines.dropFirst() {
            out.append(0x0A)
            if blank(line) { out += line.drop { $0 == 0x20 || $0 == 0x09 }; continue }
            out += indent
            out += line.dropFirst(min(base, leading(line)))
            if out.count > 2 * copied.count + 4096 { return verbatim }
        }
        let text = Array(probeBytes[..<at]) + out + Array(probeBytes[(at + 1)...])
        return back(TextEdit(range: probe.range, newText: String(decoding: text, as: UTF8.self)))
    }

    private func insertPropertyInText(into object: ByteRange, key: String, value: String) -> TextEdit {
        let close = object.end - 1
        guard close > object.start, close < bytes.count, bytes[close] == 0x7D else {
            return TextEdit(range: ByteRange(object.end, object.end), newText: "")
        }
        // The last meaningful byte before the closing brace: whitespace is skipped backwards. Comments cannot be
        // (reading backwards, `"a": 1 // x` does not say where a comment starts), so where one may end there
        // (`//`, `/*` or `*/` on that line) the property goes first instead, where reading forwards is exact.
        var p = close
        while p > object.start + 1, isSpace(bytes[p - 1]) || isNewline(bytes[p - 1]) { p -= 1 }
        if mayEndInComment(p, after: object.start + 1) {
            return insertFirstReal(into: object, member: "\"\(key)\": \(value)")
        }
        let empty = p == object.start + 1
        let hasComma = !empty && bytes[p - 1] == 0x2C
        let member = "\"\(key)\": \(value)"
        guard let lf = bytes[object.start..<close].firstIndex(of: 0x0A) else {
            return TextEdit(range: ByteRange(p, close), newText: (empty ? " " : (hasComma ? " " : ", ")) + member + " ")
        }
        let layout = memberLayout(object, close: close, lf: lf)
        let lead = empty ? "" : (hasComma ? "" : ",")
        // The member follows the surrounding lines: after members that hang from the brace's line (`{ "a": 1,⏎
        // ⇥"b": 2 }`) it is indented as the last one's line is (read only when that line starts inside the object),
        // and a closing brace that ends the last member's line stays there (`… } ] }` keeps its shape).
        var lineStart = p
        while lineStart > object.start + 1, !isNewline(bytes[lineStart - 1]) { lineStart -= 1 }
        let closeEndsLastLine = !empty && !bytes[p..<close].contains(where: isNewline)
        let memberIndent =
            !layout.firstStartsALine && lineStart > object.start + 1 ? indent(at: lineStart) : layout.indent
        if closeEndsLastLine {
            return TextEdit(range: ByteRange(p, close), newText: "\(lead)\(layout.newline)\(memberIndent)\(member) ")
        }
        return TextEdit(
            range: ByteRange(p, close),
            newText: "\(lead)\(layout.newline)\(memberIndent)\(member)\(layout.newline)\(indent(at: close))")
    }

    /// How a member added to an object written over several lines (`lf`: its first line break) is laid out: on a line
    /// of its own ending as the object's first line ends ("\r\n" or "\n"), indented like the first property when that
    /// starts a line, else (it follows the opening brace on its line, or there is none) like the closing brace's line
    /// plus two spaces: either line starts inside the object, the opening brace's may not (its indentation can be
    /// another section's text, which the incremental linter does not read again for this object's results).
    /// `firstStartsALine`: whether the first member, or comment, after the brace starts a line.
    private func memberLayout(_ object: ByteRange, close: Int, lf: Int) -> (
        indent: String, newline: String, firstStartsALine: Bool, first: Int
    ) {
        var q = object.start + 1
        var firstStartsALine = false
        while q < close, isSpace(bytes[q]) || isNewline(bytes[q]) {
            if isNewline(bytes[q]) { firstStartsALine = true }
            q += 1
        }
        let indent = q < close && firstStartsALine ? indent(at: q) : indent(at: close) + "  "
        return (indent, lf > object.start && bytes[lf - 1] == 0x0D ? "\r\n" : "\n", firstStartsALine, q)
    }

    /// Some `//`, `/*` or `*/` on the line that ends at `p` (from `lower` on): a comment may end at `p`. (Inside a
    /// string too: then the property only goes first, which is also correct.) A line read back 4 KiB without its start
    /// counts as one that may: nested objects on one long line would otherwise be read once per fix each.
    private func mayEndInComment(_ p: Int, after lower: Int) -> Bool {
        var i = p - 1
        while i > lower, !isNewline(bytes[i - 1]) {
            if p - i > 4096 { return true }
            let a = bytes[i - 1], b = bytes[i]
            if (a == 0x2F && (b == 0x2F || b == 0x2A)) || (a == 0x2A && b == 0x2F) { return true }
            i -= 1
        }
        return false
    }

    /// Adds the member as the object's first: after the opening brace, on a line of its own in an object written over
    /// several lines (indented like the first property when that starts a line), with a comma when any member
    /// follows (the text after the brace is read forwards, over comments, to the first member or the closing brace).
    private func insertFirstReal(into object: ByteRange, member: String) -> TextEdit {
        let open = object.start + 1, close = object.end - 1
        let first = skipTrivia(from: open, limit: close)
        let comma = first < close ? "," : ""
        guard let lf = bytes[object.start..<close].firstIndex(of: 0x0A) else {
            let gap = open < close && (isSpace(bytes[open]) || isNewline(bytes[open])) ? "" : " "
            return TextEdit(range: ByteRange(open, open), newText: " \(member)\(comma)\(gap)")
        }
        let layout = memberLayout(object, close: close, lf: lf)
        // What followed the brace on its line (a member, a comment) goes to a line of its own after the new member.
        let after = layout.firstStartsALine || layout.first >= close ? "" : "\(layout.newline)\(layout.indent)"
        return TextEdit(
            range: ByteRange(open, open), newText: "\(layout.newline)\(layout.indent)\(member)\(comma)\(after)")
    }

    /// Sets a property: replaces its value where it is written, or adds it to `object`.
    func setProperty(_ site: PropertySite?, in object: ByteRange, key: String, value: String) -> TextEdit {
        if let site { return replace(site.valueRange, with: value) }
        return insertProperty(into: object, key: key, value: value)
    }
}

/// `{ "top": 8, "leading": 16 }` with the edges in UIKit's order, zero edges left out.
func insetsText(top: Double, leading: Double, bottom: Double, trailing: Double) -> String {
    let parts = [("top", top), ("leading", leading), ("bottom", bottom), ("trailing", trailing)]
        .filter { $0.1 != 0 }.map { "\"\($0.0)\": \(formatPoints($0.1))" }
    return parts.isEmpty ? "0" : "{ " + parts.joined(separator: ", ") + " }"
}

/// A dimension as docs/format.md writes it: `"fractionalWidth(1/3)"` when the value is a simple fraction.
func dimensionText(_ kind: Dimension.Kind, _ value: Double) -> String {
    var v = formatPoints(value)
    if kind == .fractionalWidth || kind == .fractionalHeight {
        for d in 2...12
        where abs(value * Double(d) - (value * Double(d)).rounded()) < 1e-9 && (value * Double(d)).rounded() >= 1 {
            let n = Int((value * Double(d)).rounded())
            if n % d != 0 && abs(Double(n) / Double(d) - value) < 1e-12 && formatPoints(value).count > 4 {
                v = "\(n)/\(d)"
            }
            break
        }
    }
    if kind == .uniformAcrossSiblings { return "\"uniformAcrossSiblings(estimate: \(v))\"" }
    return "\"\(kind.rawValue)(\(v))\""
}
