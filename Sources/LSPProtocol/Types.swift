// LSP protocol types (positions, ranges, diagnostics, capabilities) as JSON values (see ARCHITECTURE.md).
// Everything is built and read as `JSONValue`, serialised by json-c; byte ranges of the core become LSP ranges
// in the negotiated position encoding here.
import PlainJSON
import LayoutLintCore

public enum LSPSeverity {
    public static func from(_ s: Severity) -> Int {
        switch s {
        case .error: return 1
        case .warning: return 2
        case .information: return 3
        case .hint: return 4
        }
    }
}

public enum SymbolKind {
    public static let file = 1, module = 2, namespace = 3, package = 4, `class` = 5, method = 6, property = 7, field = 8
    public static let constant = 14, array = 18, object = 19, key = 20, `struct` = 23, event = 24
}

public enum CompletionItemKind {
    public static let text = 1, property = 10, value = 12, `enum` = 13, keyword = 14, snippet = 15, reference = 18
    public static let enumMember = 20, constant = 21
}

/// A kind (of symbol or completion item) a client takes: LSP guarantees the first 18 of each (File…Array,
/// Text…Reference) to a client that declares no `valueSet`; a later one it does not take becomes `fallback`.
public func takenKind(_ kind: Int, valueSet: Set<Int>?, fallback: Int) -> Int {
    if let valueSet { return valueSet.contains(kind) ? kind : fallback }
    return kind <= 18 ? kind : fallback
}

/// The kinds a client declares (`…Kind.valueSet`), nil when it declares none.
public func declaredKinds(_ v: JSONValue?) -> Set<Int>? {
    guard let a = v?["valueSet"]?.arrayValue else { return nil }
    return Set(a.compactMap { $0.intValue.map { Int(clamping: $0) } })
}

/// Converts between the core's UTF-8 byte offsets and LSP positions in one encoding.
public struct PositionConverter: Sendable {
    public let index: LineIndex
    public let encoding: PositionEncoding
    public init(index: LineIndex, encoding: PositionEncoding) {
        self.index = index
        self.encoding = encoding
    }

    public func position(_ offset: Int) -> JSONValue {
        let p = index.position(of: offset, in: encoding)
        return .object([("line", .int(Int64(p.line))), ("character", .int(Int64(p.character)))])
    }
    public func range(_ r: ByteRange) -> JSONValue {
        .object([("start", position(r.start)), ("end", position(r.end))])
    }

    /// The byte offset of an LSP position (`{line, character}`); out-of-document positions clamp. `clamped` tells
    /// whether the position was outside the document (the caller logs it).
    public func offset(_ v: JSONValue?, clamped: inout Bool) -> Int? {
        guard let v, let l = v["line"]?.intValue, let c = v["character"]?.intValue else { return nil }
        let line = Int(clamping: l), character = Int(clamping: c)
        if line < 0 || character < 0 || line >= index.lineCount {
            clamped = true
        } else {
            let lr = index.lineRange(line)
            let o = index.offset(of: Position(line: line, character: character), in: encoding)
            if o == lr.end && character > 0 {
                // Past the line's end?
                let endChar = index.position(of: lr.end, in: encoding).character
                if character > endChar { clamped = true }
            }
            return o
        }
        return index.offset(of: Position(line: max(0, line), character: max(0, character)), in: encoding)
    }

    public func offset(_ v: JSONValue?) -> Int? {
        var c = false
        return offset(v, clamped: &c)
    }

    public func byteRange(_ v: JSONValue?, clamped: inout Bool) -> ByteRange? {
        guard let v, let s = offset(v["start"], clamped: &clamped), let e = offset(v["end"], clamped: &clamped) else {
            return nil
        }
        if e < s { clamped = true; return ByteRange(e, s) }
        return ByteRange(s, e)
    }
    public func byteRange(_ v: JSONValue?) -> ByteRange? {
        var c = false
        return byteRange(v, clamped: &c)
    }
}

public enum LSP {
    /// `{ "uri": …, "range": … }`.
    public static func location(uri: String, range: JSONValue) -> JSONValue {
        .object([("uri", .string(uri)), ("range", range)])
    }

    public static func textEdit(_ e: TextEdit, _ conv: PositionConverter) -> JSONValue {
        .object([("range", conv.range(e.range)), ("newText", .string(e.newText))])
    }

    public static func markdown(_ s: String) -> JSONValue {
        .object([("kind", .string("markdown")), ("value", .string(s))])
    }

    /// Markdown (as the hover writes it) as plain text, for a client that shows only that: backslash escapes and
    /// emphasis marks go, code fences and backticks go, tables and rules stay (their pipes and dashes read as text).
    public static func plainText(fromMarkdown s: String) -> String {
        var lines: [String] = []
        var fenced = false
        for line in s.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle(); continue }
            // (Inside a fence or a code span, text is literal: backslashes and stars stay.)
            if fenced { lines.append(String(line)); continue }
            var out = String.UnicodeScalarView()
            // A code span opens with a run of backticks and closes with a run as long (`markdownCode` fences one
            // longer than any run inside): shorter or longer runs inside it are text.
            var fence = 0
            let scalars = Array(line.unicodeScalars)
            var i = 0
            while i < scalars.count {
                let c = scalars[i]
                if c == "`" {
                    var run = 0
                    while i + run < scalars.count, scalars[i + run] == "`" { run += 1 }
                    if fence == 0 {
                        fence = run
                    } else if run == fence {
                        fence = 0
                    } else {
                        out.append(contentsOf: scalars[i..<(i + run)])
                    }
                    i += run
                    continue
                }
                if fence == 0 && c == "\\" {
                    if i + 1 < scalars.count { out.append(scalars[i + 1]) }
                    i += 2
                    continue
                }
                if fence == 0 && c == "*" { i += 1; continue }
                out.append(c)
                i += 1
            }
            lines.append(String(out))
        }
        return lines.joined(separator: "\n")
    }

    /// Text from the document (a message quoting keys and values, an environment name) as Markdown that renders as
    /// that text: every character Markdown gives a meaning is backslash-escaped, and line breaks and other control
    /// characters become spaces or pictures, so a key such as `[Click here](https://…)` or a name with a line break
    /// and `# …` cannot add links, headings, HTML or table rows to a hover. The text never starts a line, so list and
    /// heading markers need no escape there; a bare URL may still be linked by the client, showing itself.
    public static func markdownText(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for c in s.unicodeScalars {
            switch c {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "!", "~", "&":
                out.append("\\")
                out.append(c)
            case "\n", "\r", "\t", "\u{2028}", "\u{2029}":
                out.append(" ")
            default:
                out.append(contentsOf: visibleScalar(c).unicodeScalars)
            }
        }
        return String(out)
    }

    /// Document text as one Markdown code span: fenced with one backtick more than the longest run inside it (and
    /// padded when it starts or ends with one), on one line, so no text can end the span early.
    public static func markdownCode(_ s: String) -> String {
        let text = label(s, unnamed: nil)
        var run = 0, longest = 0
        for c in text.unicodeScalars {
            run = c == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        // (The first and last scalars: a backtick followed by a combining mark is one `Character`, which `hasPrefix`
        // does not see as a backtick, and the fence then ran into it and never closed.)
        let pad = text.unicodeScalars.first == "`" || text.unicodeScalars.last == "`" || text.isEmpty ? " " : ""
        return fence + pad + text + pad + fence
    }

    /// Document text shown as a plain label (a document symbol's name or detail, a code lens title): line breaks and
    /// tabs become spaces, other controls and bidi overrides pictures or U+FFFD; an empty or all-white-space name (LSP:
    /// a symbol name "must not be an empty string or a string only consisting of white spaces") is "(unnamed)".
    public static func label(_ s: String, unnamed: String? = "(unnamed)") -> String {
        var out = String.UnicodeScalarView()
        for c in s.unicodeScalars {
            switch c {
            case "\n", "\r", "\t", "\u{2028}", "\u{2029}": out.append(" ")
            default: out.append(contentsOf: visibleScalar(c).unicodeScalars)
            }
        }
        if let unnamed, out.allSatisfy({ $0.properties.isWhitespace }) { return unnamed }
        return String(out)
    }

    /// Control characters (C0, DEL, C1) and bidi overrides as visible pictures or U+FFFD, as the text report shows them.
    static func visibleScalar(_ c: Unicode.Scalar) -> String {
        switch c.value {
        case 0x00..<0x20: return String(Unicode.Scalar(0x2400 + c.value)!)
        case 0x7F: return "\u{2421}"
        // (Every caller shows U+2028 and U+2029 as spaces first.)
        default: return isInvisibleControl(c) ? "\u{FFFD}" : String(c)
        }
    }

    /// Rules whose findings are about unused text (shown faded by editors).
    public static let unnecessaryRules: Set<String> = ["unused-definition", "unused-suppression"]

    /// A core diagnostic as an LSP `Diagnostic`, with the optional parts the client takes.
    public static func diagnostic(
        _ d: Diagnostic, uri: String, _ conv: PositionConverter,
        features: DiagnosticFeatures = .all
    ) -> JSONValue {
        var m: [(String, JSONValue)] = [
            ("range", conv.range(d.range)),
            ("severity", .int(Int64(LSPSeverity.from(d.severity)))),
            ("code", .string(d.rule)),
        ]
        if let info = RuleCatalog.info(d.rule) {
            m.append(("codeDescription", .object([("href", .string(info.documentationURL))])))
        }
        m.append(("source", .string("layoutlint")))
        m.append(("message", .string(d.messageWithEnvironments)))
        if features.unnecessaryTag && unnecessaryRules.contains(d.rule) { m.append(("tags", .array([.int(1)]))) }
        if features.relatedInformation && !d.related.isEmpty {
            m.append(
                (
                    "relatedInformation",
                    .array(
                        d.related.map {
                            .object([
                                ("location", location(uri: uri, range: conv.range($0.range))),
                                ("message", .string($0.message.isEmpty ? "related" : $0.message)),
                            ])
                        })
                ))
        }
        return .object(m)
    }
}

/// The optional parts of a diagnostic a client takes: `relatedInformation` and the `Unnecessary` tag (1), as it
/// declares them for pushed diagnostics (`textDocument.publishDiagnostics`) or, since LSP 3.18, for pulled ones
/// (`textDocument.diagnostic`); one it does not name is one it lacks. `codeDescription` (the rule's documentation
/// link, which docs/interfaces.md promises) goes to every client: a client that does not read it ignores it, and
/// Neovim, which does not declare `codeDescriptionSupport`, hands it to the plugins that show it.
public struct DiagnosticFeatures: Equatable, Sendable {
    public var relatedInformation: Bool
    public var unnecessaryTag: Bool
    public init(relatedInformation: Bool, unnecessaryTag: Bool) {
        self.relatedInformation = relatedInformation
        self.unnecessaryTag = unnecessaryTag
    }
    public static let all = DiagnosticFeatures(relatedInformation: true, unnecessaryTag: true)

    /// What `textDocument` (a client's capabilities) declares: for diagnostics it pulls, what it declares for either
    /// kind (Neovim declares `relatedInformation` under `publishDiagnostics` only, and pulls); for pushed ones, what
    /// it declares for those.
    public init(textDocument td: JSONValue?, pulled: Bool = true) {
        let kinds = pulled ? [td?["publishDiagnostics"], td?["diagnostic"]] : [td?["publishDiagnostics"]]
        relatedInformation = kinds.contains { $0?["relatedInformation"]?.boolValue == true }
        unnecessaryTag = kinds.contains { $0?["tagSupport"]?["valueSet"]?.arrayValue?.contains(.int(1)) == true }
    }
}

/// Each diagnostic's LSP JSON, kept from one publication to the next: after an edit most diagnostics show the same
/// thing at the same line and column, and serialising ~450 of them again was most of a pull's time. Keyed by what
/// the JSON shows (rule, severity, message, environments, related messages, and the positions, not byte offsets,
/// which move with every character typed above them); holds only what the last publication used.
public struct LSPDiagnosticCache {
    private struct Key: Hashable {
        let diagnostic: Diagnostic
        let positions: [Position]
        // Hashes where it is and little else (hashing every message cost more than serialising it); equality
        // compares all, which is quick for the strings a kept result shares from pull to pull.
        func hash(into h: inout Hasher) {
            h.combine(positions)
            h.combine(diagnostic.rule)
            h.combine(diagnostic.message.utf8.count)
        }
        // Swift's `==` on the messages would equate canonically equivalent texts (the same key with its combining
        // marks in another order) and send the previous text after such an edit: the texts shown compare as bytes.
        static func == (a: Key, b: Key) -> Bool {
            a.positions == b.positions && a.diagnostic == b.diagnostic
                && a.diagnostic.messageWithEnvironments.hasSameUTF8(as: b.diagnostic.messageWithEnvironments)
                && a.diagnostic.related.map(\.message).elementsEqual(b.diagnostic.related.map(\.message)) {
                    $0.hasSameUTF8(as: $1)
                }
        }
    }
    private var entries: [Key: JSONValue] = [:]
    private var used: [Key: JSONValue] = [:]
    public private(set) var hits = 0
    public init() {}

    /// The diagnostics as LSP JSON (`LSP.diagnostic`), from the cache where they show the same thing.
    public mutating func diagnostics(
        _ ds: [Diagnostic], uri: String, _ conv: PositionConverter, features: DiagnosticFeatures
    ) -> [JSONValue] {
        used.reserveCapacity(ds.count)
        hits = 0
        let out = ds.map { d -> JSONValue in
            var positions = [
                conv.index.position(of: d.range.start, in: conv.encoding),
                conv.index.position(of: d.range.end, in: conv.encoding),
            ]
            var shown = d
            shown.range = ByteRange(0, 0)
            shown.fix = nil
            if features.relatedInformation && !d.related.isEmpty {
                for r in d.related {
                    positions.append(conv.index.position(of: r.range.start, in: conv.encoding))
                    positions.append(conv.index.position(of: r.range.end, in: conv.encoding))
                }
                shown.related = d.related.map { RelatedLocation(range: ByteRange(0, 0), message: $0.message) }
            } else {
                shown.related = []
            }
            let key = Key(diagnostic: shown, positions: positions)
            if let v = entries[key] ?? used[key] {
                hits += 1
                used[key] = v
                return v
            }
            var text: [UInt8] = []
            LSP.diagnostic(d, uri: uri, conv, features: features).write(into: &text)
            let v = JSONValue.raw(String(decoding: text, as: UTF8.self))
            used[key] = v
            return v
        }
        entries = used
        used = [:]
        return out
    }
}

// MARK: URIs

public enum URIPath {
    /// The file path of a `file://` URI (percent-decoded), or nil for other schemes.
    public static func path(of uri: String) -> String? {
        // (By bytes: a "/" followed by a combining mark is one `Character` with it.)
        guard var rest = uri.afterBytePrefix("file://") else { return nil }
        // file://host/path: only an empty host or localhost is local.
        if !rest.hasBytePrefix("/") {
            guard let slash = rest.utf8.firstIndex(of: UInt8(ascii: "/")) else { return nil }
            let host = rest[..<slash]
            guard host.isEmpty || host.utf8.elementsEqual("localhost".utf8) else { return nil }
            rest = rest[slash...]
        }
        rest = rest.beforeFirstByte(UInt8(ascii: "#"))
        rest = rest.beforeFirstByte(UInt8(ascii: "?"))
        return percentDecode(String(rest))
    }

    public static func percentDecode(_ s: String) -> String {
        var out: [UInt8] = []
        let b = Array(s.utf8)
        var i = 0
        func hex(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x30...0x39: return c - 0x30
            case 0x41...0x46: return c - 0x41 + 10
            case 0x61...0x66: return c - 0x61 + 10
            default: return nil
            }
        }
        while i < b.count {
            if b[i] == 0x25, i + 2 < b.count, let h = hex(b[i + 1]), let l = hex(b[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(b[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A `file://` URI for an absolute path.
    public static func uri(forPath path: String) -> String {
        var out = "file://"
        for c in path.utf8 {
            switch c {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E, 0x2F:
                out.unicodeScalars.append(Unicode.Scalar(c))
            default:
                let hexDigits = Array("0123456789ABCDEF")
                out += "%" + String(hexDigits[Int(c >> 4)]) + String(hexDigits[Int(c & 15)])
            }
        }
        return out
    }
}
