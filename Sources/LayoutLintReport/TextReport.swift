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
    public static func render(
        path: String, source: [UInt8], index: LineIndex, diagnostic d: Diagnostic, style: TextStyle
    ) -> String {
        let start = index.position(of: d.range.start, in: .utf32)
        var out =
            "\(style.bold("\(sanitize(path)):\(start.line + 1):\(start.character + 1):")) \(style.severity(d.severity)): \(sanitize(d.message)) \(style.dim("[\(d.rule)]"))\n"
        out += snippet(source: source, index: index, range: d.range, style: style)
        for r in d.related where r.range != d.range {
            let p = index.position(of: r.range.start, in: .utf32)
            out +=
                "  \(style.dim("note:")) \(sanitize(r.message)) at \(sanitize(path)):\(p.line + 1):\(p.character + 1)\n"
        }
        if let fix = d.fix {
            out += "  \(style.paint("fix:", "32")) \(sanitize(fix.title))\(fix.isSafe ? "" : " (suggestion)")\n"
        }
        return out
    }

    /// The line of `range`'s start, with `^~~~` under the range. A line longer than 120 characters is cut to a window
    /// that starts 40 characters before the caret. Only that window is decoded, from the bytes: a minified document
    /// with a thousand findings on one long line used to decode the whole line for each of them (quadratic), and
    /// a decoded `String` has three bytes for each invalid byte, which moved the caret.
    public static func snippet(source: [UInt8], index: LineIndex, range: ByteRange, style: TextStyle) -> String {
        guard index.lineCount > 0 else { return "" }
        let line = index.line(containing: range.start)
        let lr = index.lineRange(line)
        guard lr.start <= lr.end, lr.end <= source.count else { return "" }
        let caretStart = max(0, min(range.start, lr.end) - lr.start)
        let caretEnd = max(caretStart + 1, min(range.end, lr.end) - lr.start)
        let maxWidth = 120, before = 40
        // The characters shown (a scalar, or the picture of one invalid byte), with their byte offsets in the line.
        var shownUnits: [(Unicode.Scalar, Int)] = []
        var cutBefore = false, cutAfter = false
        source.withUnsafeBufferPointer { p in
            func decode(from: Int, while more: (Int, Int) -> Bool) -> (units: [(Unicode.Scalar, Int)], next: Int) {
                var out: [(Unicode.Scalar, Int)] = []
                var i = from
                while i < lr.end, more(i, out.count) {
                    let (s, n) = scalar(in: p, at: i)
                    out.append((s ?? "\u{FFFD}", i - lr.start))
                    i += n
                }
                return (out, i)
            }
            let head = decode(from: lr.start) { _, count in count <= maxWidth }
            if head.next >= lr.end && head.units.count <= maxWidth {
                shownUnits = head.units
                return
            }
            // A long line: at most `before` characters before the caret (4 bytes each at most), then the rest.
            var from = max(lr.start, lr.start + caretStart - 4 * before - 3)
            var steps = 0
            while from > lr.start, from < lr.end, steps < 3, p[from] & 0xC0 == 0x80 { from += 1; steps += 1 }
            let upToCaret = decode(from: from) { i, _ in i < lr.start + caretStart }
            cutBefore = upToCaret.units.count > before || from > lr.start
            shownUnits = Array(upToCaret.units.suffix(before))
            let rest = decode(from: upToCaret.next) { _, count in shownUnits.count + count < maxWidth }
            shownUnits += rest.units
            cutAfter = rest.next < lr.end
        }
        var shown = cutBefore ? "…" : ""
        var caretLine = cutBefore ? " " : ""
        var caretWidth = 0
        for (k, (s, o)) in shownUnits.enumerated() {
            let v = visible(s)
            var w = displayWidth(v)
            // A mark that opens the snippet would join the gutter's space (or the "…") into one character: it is
            // shown on a dotted circle, as Unicode shows a mark with no base (found by FuzzPipeline).
            if k == 0, combinesWithWhatPrecedes(v) {
                shown.unicodeScalars.append("\u{25CC}")
                w += 1
            }
            shown.unicodeScalars.append(v)
            if o < caretStart { caretLine += String(repeating: " ", count: w) } else if o < caretEnd { caretWidth += w }
        }
        if cutAfter { shown += "…" }
        if caretWidth == 0 { caretWidth = 1 }
        let gutter = String(line + 1)
        let pad = String(repeating: " ", count: gutter.count)
        var marks = "^" + String(repeating: "~", count: max(0, caretWidth - 1))
        if range.end > lr.end && range.start < lr.end { marks += "…" }
        return
            " \(style.dim(gutter + " |")) \(shown)\n \(style.dim(pad + " |")) \(caretLine)\(style.paint(marks, "1;32"))\n"
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
        default: return isInvisibleControl(s) ? "\u{FFFD}" : s
        }
    }

    /// Whether a scalar attaches to the character before it (a combining, spacing or enclosing mark, or a joiner).
    static func combinesWithWhatPrecedes(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return s.value == 0x200D
        }
    }

    /// Terminal columns a scalar takes: 0 for combining and enclosing marks, format characters (zero-width space,
    /// joiners) and Hangul medial vowels and final consonants; 2 for East Asian wide characters and emoji; else 1.
    public static func displayWidth(_ s: Unicode.Scalar) -> Int {
        let v = s.value
        if v < 0x300 { return 1 }
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return 0
        case .format where v != 0x00AD: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(v) || (0xFE00...0xFE0F).contains(v) || (0x1F3FB...0x1F3FF).contains(v) {
            return 0
        }
        if (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
            || (0xFFE0...0xFFE6).contains(v) || v == 0x1F004 || v == 0x1F0CF || v == 0x1F18E
            || (0x1F191...0x1F19A).contains(v) || (0x1F200...0x1F2FF).contains(v) || (0x1F300...0x1FAFF).contains(v)
            || (0x20000...0x3FFFD).contains(v)
        {
            return 2
        }
        return 1
    }

    public static func summary(errors: Int, warnings: Int, information: Int, hints: Int, files: Int, style: TextStyle)
        -> String
    {
        let total = errors + warnings + information + hints
        if total == 0 { return "\(files) file\(files == 1 ? "" : "s") checked, no problems\n" }
        var parts: [String] = []
        func add(_ n: Int, _ one: String, _ many: String) { if n > 0 { parts.append("\(n) \(n == 1 ? one : many)") } }
        add(errors, "error", "errors"); add(warnings, "warning", "warnings")
        add(information, "information", "information"); add(hints, "hint", "hints")
        return style.bold("\(parts.joined(separator: ", ")) in \(files) file\(files == 1 ? "" : "s")") + "\n"
    }
}
