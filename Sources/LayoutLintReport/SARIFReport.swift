// `lint --format sarif`: SARIF 2.1.0 (OASIS), one run, every catalogued rule in `tool.driver.rules`,
// fixes as SARIF fixes. Lines and columns are 1-based; columns count UTF-16 code units, which is SARIF's
// default `columnKind` (stated explicitly on the run). `endColumn` is exclusive, as SARIF defines it.
import PlainJSON
import LayoutLintCore

public enum SARIFReport {
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    public static let informationURI = "https://github.com/layoutlint/layoutlint"

    /// `failures`: what could not be read or written (a file, a folder), each one line. A log with any says the run
    /// did not succeed (`invocations[0].executionSuccessful`) and lists them as notifications: a file that cannot be
    /// read is otherwise simply absent, and an upload shows a clean run.
    public static func log(_ files: [JSONReport.FileResult], toolVersion: String, failures: [String] = []) -> JSONValue
    {
        // Rules: the whole catalogue, then any id a diagnostic uses that the catalogue lacks, so that every
        // result's ruleIndex points at its rule.
        var rules = catalogueRules
        var ruleIndex = catalogueRuleIndex
        for f in files {
            for d in f.diagnostics where ruleIndex[d.rule] == nil {
                ruleIndex[d.rule] = rules.count
                rules.append(minimalRule(id: d.rule, severity: d.severity))
            }
        }

        var artifacts: [JSONValue] = []
        var results: [JSONValue] = []
        for (fileIndex, f) in files.enumerated() {
            var artifact: [(String, JSONValue)] = [("location", artifactLocation(f.path, index: fileIndex))]
            artifact.append(("length", .int(Int64(f.index.byteCount))))
            artifact.append(("mimeType", .string("application/json")))
            artifacts.append(.object(artifact))
            for d in f.diagnostics {
                results.append(result(d, file: f, fileIndex: fileIndex, ruleIndex: ruleIndex[d.rule] ?? 0))
            }
        }

        let run: JSONValue = .object([
            (
                "tool",
                .object([
                    (
                        "driver",
                        .object([
                            ("name", .string("layoutlint")),
                            ("version", .string(toolVersion)),
                            ("semanticVersion", .string(toolVersion)),
                            ("informationUri", .string(informationURI)),
                            ("rules", .array(rules)),
                        ])
                    )
                ])
            ),
            (
                "invocations",
                .array([
                    .object([
                        ("executionSuccessful", .bool(failures.isEmpty)),
                        (
                            "toolExecutionNotifications",
                            .array(
                                failures.map { m in
                                    .object([("level", .string("error")), ("message", .object([("text", .string(m))]))])
                                })
                        ),
                    ])
                ])
            ),
            ("columnKind", .string("utf16CodeUnits")),
            ("artifacts", .array(artifacts)),
            ("results", .array(results)),
        ])
        return .object([
            ("$schema", .string(schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
    }

    // MARK: rules

    /// The catalogue's rules as SARIF, built once (they are the same in every log).
    static let catalogueRules: [JSONValue] = RuleCatalog.all.map(rule)
    static let catalogueRuleIndex: [String: Int] = {
        var index: [String: Int] = [:]
        for (i, info) in RuleCatalog.all.enumerated() where index[info.id] == nil { index[info.id] = i }
        return index
    }()

    /// SARIF's level for a severity: information and hints are notes.
    public static func level(_ s: Severity) -> String {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .information, .hint: return "note"
        }
    }

    /// GitHub code scanning's `problem.severity`: error, warning or recommendation.
    static func problemSeverity(_ s: Severity) -> String {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .information, .hint: return "recommendation"
        }
    }

    /// `group-overflow` → `GroupOverflow`.
    public static func pascalCase(_ id: String) -> String {
        id.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { word in
            word.prefix(1).uppercased() + word.dropFirst()
        }.joined()
    }

    /// Tags: what kind of rule it is (format rules check the document's shape; the others UIKit's behaviour),
    /// and `heuristic` when the evidence is weak.
    static func tags(_ info: RuleInfo) -> [String] {
        var t = ["layout", info.basis.contains("docs/format.md") ? "format" : "uikit"]
        if info.weakEvidence { t.append("heuristic") }
        return t
    }

    static func rule(_ info: RuleInfo) -> JSONValue {
        var help = info.explanation
        for language in RuleExample.Language.allCases {
            let es = info.examples(in: language)
            if let e = es.first(where: \.fires) { help += "\n\nWrong, in \(language.name):\n" + e.text }
            if let e = es.first(where: { !$0.fires }) { help += "\n\nRight, in \(language.name):\n" + e.text }
        }
        return .object([
            ("id", .string(info.id)),
            ("name", .string(pascalCase(info.id))),
            ("shortDescription", .object([("text", .string(info.summary))])),
            ("fullDescription", .object([("text", .string(info.explanation))])),
            ("help", .object([("text", .string(help)), ("markdown", .string(info.markdown))])),
            ("helpUri", .string(info.documentationURL)),
            ("defaultConfiguration", .object([("level", .string(level(info.severity)))])),
            (
                "properties",
                .object([
                    ("tags", .array(tags(info).map { .string($0) })),
                    ("precision", .string(info.weakEvidence ? "low" : "high")),
                    ("problem.severity", .string(problemSeverity(info.severity))),
                ])
            ),
        ])
    }

    static func minimalRule(id: String, severity: Severity) -> JSONValue {
        .object([
            ("id", .string(id)),
            ("name", .string(pascalCase(id))),
            ("shortDescription", .object([("text", .string(id))])),
            ("defaultConfiguration", .object([("level", .string(level(severity)))])),
        ])
    }

    // MARK: results

    static func result(_ d: Diagnostic, file f: JSONReport.FileResult, fileIndex: Int, ruleIndex: Int) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(d.rule)),
            ("ruleIndex", .int(Int64(ruleIndex))),
            ("level", .string(level(d.severity))),
            ("message", .object([("text", .string(d.message))])),
            ("locations", .array([location(f.path, fileIndex: fileIndex, range: d.range, index: f.index)])),
        ]
        if !d.related.isEmpty {
            members.append(
                (
                    "relatedLocations",
                    .array(
                        d.related.enumerated().map { i, r in
                            location(
                                f.path, fileIndex: fileIndex, range: r.range, index: f.index, id: i, message: r.message)
                        })
                ))
        }
        if let fix = d.fix {
            members.append(
                (
                    "fixes",
                    .array([
                        .object([
                            ("description", .object([("text", .string(fix.title))])),
                            (
                                "artifactChanges",
                                .array([
                                    .object([
                                        ("artifactLocation", artifactLocation(f.path, index: fileIndex)),
                                        (
                                            "replacements",
                                            .array(
                                                fix.edits.map { e in
                                                    .object([
                                                        ("deletedRegion", region(e.range, f.index)),
                                                        ("insertedContent", .object([("text", .string(e.newText))])),
                                                    ])
                                                })
                                        ),
                                    ])
                                ])
                            ),
                            // `lint --fix` applies only safe fixes; the others (a guessed "did you mean") need a person.
                            ("properties", .object([("safe", .bool(fix.isSafe))])),
                        ])
                    ])
                ))
        }
        members.append(("properties", .object([("environments", .array(d.environments.map { .string($0) }))])))
        return .object(members)
    }

    static func location(
        _ path: String, fileIndex: Int, range: ByteRange, index: LineIndex,
        id: Int? = nil, message: String? = nil
    ) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let id { members.append(("id", .int(Int64(id)))) }
        members.append(
            (
                "physicalLocation",
                .object([
                    ("artifactLocation", artifactLocation(path, index: fileIndex)),
                    ("region", region(range, index)),
                ])
            ))
        if let message { members.append(("message", .object([("text", .string(message))]))) }
        return .object(members)
    }

    /// A 1-based region; columns in UTF-16 code units, `endColumn` one past the last character.
    static func region(_ r: ByteRange, _ index: LineIndex) -> JSONValue {
        let s = index.position(of: r.start, in: .utf16)
        let e = index.position(of: max(r.end, r.start), in: .utf16)
        return .object([
            ("startLine", .int(Int64(s.line + 1))),
            ("startColumn", .int(Int64(s.character + 1))),
            ("endLine", .int(Int64(e.line + 1))),
            ("endColumn", .int(Int64(e.character + 1))),
        ])
    }

    // MARK: artifact locations

    /// A relative path is reported relative to `%SRCROOT%` (the folder the linter ran in); an absolute one
    /// as a `file:` URI without a base.
    static func artifactLocation(_ path: String, index: Int) -> JSONValue {
        if path.hasBytePrefix("/") {
            return .object([("uri", .string("file://" + uriEscape(path))), ("index", .int(Int64(index)))])
        }
        var p = Substring(path)
        while let rest = p.afterBytePrefix("./") { p = rest }
        return .object([
            ("uri", .string(uriEscape(String(p)))),
            ("uriBaseId", .string("%SRCROOT%")),
            ("index", .int(Int64(index))),
        ])
    }

    /// Percent-encodes a path for a URI reference: unreserved characters, `/` and the sub-delimiters that are
    /// safe in a path stay; everything else (spaces, `%`, `#`, `?`, `:`, non-ASCII as UTF-8) is escaped.
    /// `:` is escaped so a first segment like `c:x` cannot be read as a scheme.
    public static func uriEscape(_ path: String) -> String {
        let hex: [Character] = Array("0123456789ABCDEF")
        var out = ""
        out.reserveCapacity(path.utf8.count)
        for b in path.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"),
                UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
                UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
                UInt8(ascii: "="), UInt8(ascii: "@"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                out.append("%")
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0xF)])
            }
        }
        return out
    }
}
