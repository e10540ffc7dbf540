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
        // Control characters quoted from the document (ESC, NUL, C1) shown as in the text report: log viewers
        // render ANSI sequences. CR and LF become pictures too, so the message stays one line.
        let message = TextReport.sanitize(d.messageWithEnvironments)
        return
            "::\(level) file=\(property(repositoryPath(path))),line=\(s.line + 1),col=\(s.character + 1),endLine=\(e.line + 1),endColumn=\(e.character + 1),title=\(property(d.rule))::\(data(message))\n"
    }

    /// The path as GitHub matches it to a pull request's files: `lint .` names them `./src/x`, which GitHub does not
    /// attach to the diff (yamllint #764, typos #1496), so leading `./` go. (The CLI makes paths relative to
    /// `GITHUB_WORKSPACE` first: `githubPath`.)
    static func repositoryPath(_ path: String) -> String {
        var p = Substring(path)
        while let rest = p.afterBytePrefix("./") {
            p = rest
            while let after = p.afterBytePrefix("/") { p = after }
        }
        return p.isEmpty ? path : String(p)
    }

    /// Escapes a workflow command's message. Works on Unicode scalars: a `\r\n` is one `Character` in Swift, so a
    /// per-`Character` replacement of `\r` and `\n` let a CR LF from the document (a key such as
    /// `"x\r\n::error file=…::…"`) through, and a document could write its own workflow commands into the log.
    static func data(_ s: String) -> String {
        escaping(s, dataEscapes)
    }

    /// Escapes a workflow command's property value (the file name, the rule). CR and LF stay `%0D` and `%0A`; the
    /// other control characters (ESC, BEL, C1, bidi controls) become the pictures the text report shows, so that a
    /// file name cannot colour or retitle the log viewer.
    static func property(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { propertyEscapes[$0] != nil || TextReport.visible($0) != $0 }) else {
            return s
        }
        var out = String.UnicodeScalarView()
        for c in s.unicodeScalars {
            if let r = propertyEscapes[c] {
                out.append(contentsOf: r.unicodeScalars)
            } else {
                out.append(TextReport.visible(c))
            }
        }
        return String(out)
    }

    static let propertyEscapes: [Unicode.Scalar: String] = [
        "%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C",
    ]
    static let dataEscapes: [Unicode.Scalar: String] = ["%": "%25", "\r": "%0D", "\n": "%0A"]

    static func escaping(_ s: String, _ table: [Unicode.Scalar: String]) -> String {
        guard s.unicodeScalars.contains(where: { table[$0] != nil }) else { return s }
        var out = String.UnicodeScalarView()
        for c in s.unicodeScalars {
            if let r = table[c] { out.append(contentsOf: r.unicodeScalars) } else { out.append(c) }
        }
        return String(out)
    }
}
