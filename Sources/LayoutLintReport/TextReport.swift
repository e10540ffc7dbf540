// Output for people: `path:line:column: severity: message [rule]`, the source line with a caret under the range,
// the environments, and the fix. Columns in text output are 1-based and count characters (Unicode scalars).
import LayoutLintCore

public struct TextStyle: Sendable {
    public var color: Bool
    public init(color: Bool) { self.color = color }

    public func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
    public func bold(_ s: String) -> String { paint(s, "1") }
    public func dim(_ s: String) -> String { paint(s, "2") }
    public func severity(_ sev: Severity) -> String {
        switch sev {
        case .error: return paint("error", "1;31")
        case .warning: return paint("warning", "1;33")
        case .information: return paint("information", "1;36")
        case .hint: return paint("hint", "1;34")
        }
    }
}

public enum TextReport {
    /// One diagnostic, with its snippet and caret.
    public static func render(path: String, source: [UInt8], index: LineIndex, diagnostic d: Diagnostic, style: TextStyle) -> String {
        let start = index.position(of: d.range.start, in: .utf32)
        var out = "\(style.bold("\(sanitize(path)):\(start.line + 1):\(start.character + 1):")) \(style.severity(d.severity)): \(sanitize(d.message)) \(style.dim("[\(d.rule)]"))\n"
        out += snippet(source: source, index: index, range: d.range, style: style)
        for r in d.related where r.range != d.range {
            let p = index.position(of: r.range.start, in: .utf32)
            out += "  \(style.dim("note:")) \(sanitize(r.message)) at \(sanitize(path)):\(p.line + 1):\(p.character + 1)\n"
        }
        if let fix = d.fix { out += "  \(style.paint("fix:", "32")) \(sanitize(fix.title))\(fix.isSafe ? "" : " (suggestion)")\n" }
        return out
    }

    /// The line(s) of `range`, with `^~~~` under the range on its first line. Long lines are cut around the range.
    public static func snippet(source: [UInt8], index: LineIndex, range: ByteRange, style: TextStyle) -> String {
        guard index.lineCount > 0 else { return "" }
        let startPos = index.position(of: range.start, in: .utf8)
        let line = startPos.line
        let lr = index.lineRange(line)
        guard lr.start <= lr.end, lr.end <= source.count else { return "" }
        let lineBytes = Array(source[lr.start..<lr.end])
        let text = String(decoding: lineBytes, as: UTF8.self)
        let caretStart = max(0, min(range.start, lr.end) - lr.start)
        let caretEnd = max(caretStart + 1, min(range.end, lr.end) - lr.start)
        // Work in scalars, with display widths for the caret line.
        var scalars: [(Unicode.Scalar, Int, Int)] = [] // scalar, byte offset in line, display width
        var off = 0
        for s in text.unicodeScalars {
            let shown = visible(s)
            scalars.append((shown, off, displayWidth(shown)))
            off += String(s).utf8.count
        }
        // Cut long lines to a window around the caret.
        let maxWidth = 120
        var first = 0
        var last = scalars.count
        let caretScalar = scalars.firstIndex { $0.1 >= caretStart } ?? scalars.count
        if scalars.count > maxWidth {
            first = max(0, caretScalar - 40)
            last = min(scalars.count, first + maxWidth)
        }
        var shown = first > 0 ? "…" : ""
        var caretLine = first > 0 ? " " : ""
        var caretWidth = 0
        for i in first..<last {
            let (s, o, w) = scalars[i]
            shown.unicodeScalars.append(s)
            if o < caretStart { caretLine += String(repeating: " ", count: w) }
            else if o < caretEnd { caretWidth += w }
        }
        if last < scalars.count { shown += "…" }
        if caretWidth == 0 { caretWidth = 1 }
        let gutter = String(line + 1)
        let pad = String(repeating: " ", count: gutter.count)
        var marks = "^" + String(repeating: "~", count: max(0, caretWidth - 1))
        if range.end > lr.end && range.start < lr.end { marks += "…" }
        return " \(style.dim(gutter + " |")) \(shown)\n \(style.dim(pad + " |")) \(caretLine)\(style.paint(marks, "1;32"))\n"
    }

    /// Text with every control character made visible.
    public static func sanitize(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { visible($0) != $0 }) else { return s }
        var out = String.UnicodeScalarView()
        for c in s.unicodeScalars { out.append(visible(c)) }
        return String(out)
    }

    /// What a snippet shows for a scalar: control characters become their visible pictures (never raw escape codes).
    public static func visible(_ s: Unicode.Scalar) -> Unicode.Scalar {
        switch s.value {
        case 0x09: return " "
        case 0x00..<0x20: return Unicode.Scalar(0x2400 + s.value)!
        case 0x7F: return "\u{2421}"
        case 0x80..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return "\u{FFFD}"
        default: return s
        }
    }

    /// Terminal columns a scalar takes: 2 for East Asian wide characters and emoji, 0 for combining marks.
    public static func displayWidth(_ s: Unicode.Scalar) -> Int {
        let v = s.value
        if v == 0x200D || (0xFE00...0xFE0F).contains(v) || (0x0300...0x036F).contains(v) || (0x1F3FB...0x1F3FF).contains(v) { return 0 }
        if (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v) ||
            (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v) ||
            (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v) { return 2 }
        return 1
    }

    public static func summary(errors: Int, warnings: Int, information: Int, hints: Int, files: Int, style: TextStyle) -> String {
        let total = errors + warnings + information + hints
        if total == 0 { return "\(files) file\(files == 1 ? "" : "s") checked, no problems\n" }
        var parts: [String] = []
        func add(_ n: Int, _ one: String, _ many: String) { if n > 0 { parts.append("\(n) \(n == 1 ? one : many)") } }
        add(errors, "error", "errors"); add(warnings, "warning", "warnings")
        add(information, "information", "information"); add(hints, "hint", "hints")
        return style.bold("\(parts.joined(separator: ", ")) in \(files) file\(files == 1 ? "" : "s")") + "\n"
    }
}
