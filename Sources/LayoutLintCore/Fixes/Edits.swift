// Text edits that fixes are made of. They touch only the text they replace: comments and formatting elsewhere
// stay as the user wrote them.

struct SourceText {
    let bytes: [UInt8]

    func text(_ r: ByteRange) -> String {
        String(decoding: bytes[max(0, r.start)..<min(bytes.count, r.end)], as: UTF8.self)
    }

    func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
    func isNewline(_ b: UInt8) -> Bool { b == 0x0A || b == 0x0D }

    /// The whitespace at the start of the line holding `offset`.
    func indent(at offset: Int) -> String {
        var s = min(offset, bytes.count)
        while s > 0, !isNewline(bytes[s - 1]) { s -= 1 }
        var e = s
        while e < bytes.count, isSpace(bytes[e]) { e += 1 }
        return String(decoding: bytes[s..<e], as: UTF8.self)
    }

    var newline: String { bytes.contains(0x0D) && bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D } == true ? "\r\n" : "\n" }

    /// Replaces a value's text.
    func replace(_ r: ByteRange, with text: String) -> TextEdit { TextEdit(range: r, newText: text) }

    /// Removes a property (key to value) with one comma; a property alone on its line takes its line with it.
    func removeProperty(_ site: PropertySite) -> TextEdit {
        var s = site.keyRange.start
        var e = site.valueRange.end
        var k = e
        while k < bytes.count, isSpace(bytes[k]) { k += 1 }
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
        if b > 0, bytes[b - 1] == 0x2C { s = b - 1 }
        return TextEdit(range: ByteRange(s, e), newText: "")
    }

    /// Adds `"key": value` as the object's last property, matching the layout of the properties around it.
    func insertProperty(into object: ByteRange, key: String, value: String) -> TextEdit {
        let close = object.end - 1
        guard close > object.start, close < bytes.count, bytes[close] == 0x7D else {
            return TextEdit(range: ByteRange(object.end, object.end), newText: "")
        }
        // The last meaningful byte before the closing brace (skipping whitespace and comments is not attempted:
        // a comment there stays where it is, before the new property).
        var p = close
        while p > object.start + 1, isSpace(bytes[p - 1]) || isNewline(bytes[p - 1]) { p -= 1 }
        let empty = p == object.start + 1
        let hasComma = !empty && bytes[p - 1] == 0x2C
        let multiline = bytes[object.start..<close].contains(0x0A)
        let member = "\"\(key)\": \(value)"
        if !multiline {
            return TextEdit(range: ByteRange(p, close), newText: (empty ? " " : (hasComma ? " " : ", ")) + member + " ")
        }
        // Indent like the first property (or the brace's line plus two spaces).
        var q = object.start + 1
        while q < close, isSpace(bytes[q]) || isNewline(bytes[q]) { q += 1 }
        let propIndent = q < close && !empty ? indent(at: q) : indent(at: object.start) + "  "
        let closeIndent = indent(at: close)
        let lead = empty ? "" : (hasComma ? "" : ",")
        return TextEdit(range: ByteRange(p, close), newText: "\(lead)\(newline)\(propIndent)\(member)\(newline)\(closeIndent)")
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

/// A dimension as FORMAT.md writes it: `"fractionalWidth(1/3)"` when the value is a simple fraction.
func dimensionText(_ kind: Dimension.Kind, _ value: Double) -> String {
    var v = formatPoints(value)
    if kind == .fractionalWidth || kind == .fractionalHeight {
        for d in 2...12 where abs(value * Double(d) - (value * Double(d)).rounded()) < 1e-9 && (value * Double(d)).rounded() >= 1 {
            let n = Int((value * Double(d)).rounded())
            if n % d != 0 && abs(Double(n) / Double(d) - value) < 1e-12 && formatPoints(value).count > 4 { v = "\(n)/\(d)" }
            break
        }
    }
    if kind == .uniformAcrossSiblings { return "\"uniformAcrossSiblings(estimate: \(v))\"" }
    return "\"\(kind.rawValue)(\(v))\""
}
