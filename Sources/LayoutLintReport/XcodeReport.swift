// `lint --format xcode`: the lines a compiler prints, which Xcode turns into issues shown inline on the source
// (from a run-script phase or a build tool plugin) and `swift build` prints as they are:
//   FILE:LINE:COLUMN: warning: MESSAGE [rule]
// one per diagnostic, then one `note:` line per related location (attached to it, as a compiler's notes are).
// Nothing else: no snippet, no summary, so a clean run prints nothing. Errors are `error:`, warnings `warning:`,
// information and hints `note:` (Xcode knows no other severities). Columns are 1-based UTF-8 bytes, as swiftc and
// clang count them; lines are 1-based.
import LayoutLintCore

public enum XcodeReport {
    public static func lines(path: String, index: LineIndex, diagnostic d: Diagnostic) -> String {
        let file = TextReport.sanitize(path)
        func at(_ offset: Int) -> String {
            let p = index.position(of: offset, in: .utf8)
            return "\(file):\(p.line + 1):\(p.character + 1)"
        }
        let level: String
        switch d.severity {
        case .error: level = "error"
        case .warning: level = "warning"
        case .information, .hint: level = "note"
        }
        // One line: control characters (a CR or LF quoted from the document included) become their pictures.
        var out =
            "\(at(d.range.start)): \(level): \(TextReport.sanitize(d.messageWithEnvironments)) [\(TextReport.sanitize(d.rule))]\n"
        for r in d.related where r.range != d.range {
            out += "\(at(r.range.start)): note: \(TextReport.sanitize(r.message))\n"
        }
        return out
    }
}
