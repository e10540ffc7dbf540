// `lint --format github`: GitHub Actions workflow commands, one per diagnostic.
import LayoutLintCore

public enum GitHubReport {
    public static func line(path: String, index: LineIndex, diagnostic d: Diagnostic) -> String {
        let s = index.position(of: d.range.start, in: .utf16)
        let e = index.position(of: d.range.end, in: .utf16)
        let level: String
        switch d.severity {
        case .error: level = "error"
        case .warning: level = "warning"
        case .information, .hint: level = "notice"
        }
        let message = d.messageWithEnvironments
        return "::\(level) file=\(property(path)),line=\(s.line + 1),col=\(s.character + 1),endLine=\(e.line + 1),endColumn=\(e.character + 1),title=\(property(d.rule))::\(data(message))\n"
    }

    /// Escapes a workflow command's message.
    static func data(_ s: String) -> String {
        s.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    /// Escapes a workflow command's property value.
    static func property(_ s: String) -> String {
        data(s).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }
}

extension String {
    func replacingAll(_ a: Character, _ b: String) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for c in self { if c == a { out += b } else { out.append(c) } }
        return out
    }
}
