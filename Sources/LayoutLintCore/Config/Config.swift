// `.layoutlint.json`: default environments, rule severities and exclude globs. Parsed with the same
// position-tracking parser as documents, so every problem in it has a position. An invalid config is never ignored.

public struct LayoutLintConfig: @unchecked Sendable {
    public static let fileName = ".layoutlint.json"
    public static let keys = ["$schema", "environments", "rules", "exclude"]

    /// The config file's path (as given to `load`), or nil for the empty default.
    public var path: String?
    /// The folder the config sits in: `exclude` globs are relative to it.
    public var directory: String?
    public var source: [UInt8] = []
    public var lineIndex = LineIndex([])
    public var environments: [LayoutEnvironment]?
    /// Rule id → severity; nil means "off".
    public var severities: [String: Severity?] = [:]
    public var exclude: [String] = []
    /// Problems in the config itself (ranges into `source`).
    public var diagnostics: [Diagnostic] = []

    public init() {}

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Every rule id a config may name.
    public static var knownRules: [String] { RuleCatalog.all.map(\.id) }

    public static func parse(_ bytes: [UInt8], path: String?) -> LayoutLintConfig {
        var c = LayoutLintConfig()
        c.path = path
        if let path { c.directory = parentDirectory(of: path) }
        c.source = bytes
        c.lineIndex = LineIndex(bytes)
        let parsed = parseJSONC(bytes)
        c.diagnostics = parsed.errors.map {
            Diagnostic(rule: $0.code.rawValue, severity: $0.code == .syntax ? .error : .warning, message: $0.message, range: $0.range)
        }
        guard let root = parsed.root else { return c }
        guard root.kind == .object else {
            c.diagnostics.append(Diagnostic(rule: "wrong-type", severity: .error,
                                            message: "a configuration is an object with \"environments\", \"rules\" and \"exclude\", not \(describeType(root))",
                                            range: root.range))
            return c
        }
        let b = DocumentBuilder(root: root, limits: ModelLimits())
        let entries = root.properties.map { Entry(prop: $0, parentPath: "", objectRange: root.range) }
        b.checkKeys(ObjectView(entries: entries, path: "", range: root.range, anchor: root.range), allowed: keys, element: "the configuration")
        for e in entries {
            switch e.key {
            case "environments":
                b.buildEnvironments(e)
                c.environments = b.doc.environments.map(\.environment)
            case "rules":
                guard let v = e.value else { continue }
                guard v.kind == .object else { b.wrongType(e, expected: "an object of rule ids and severities"); continue }
                for p in v.properties {
                    guard knownRules.contains(p.key) else {
                        var msg = "unknown rule \"\(p.key)\""
                        var fix: Fix?
                        if let s = suggest(p.key, among: knownRules) {
                            msg += "; did you mean \"\(s)\"?"
                            fix = Fix(title: "Rename to \"\(s)\"", edits: [TextEdit(range: p.keyRange, newText: "\"\(s)\"")], isSafe: false)
                        } else {
                            msg += " (`layoutlint rules` lists them)"
                        }
                        b.report("unknown-property", .error, msg, p.keyRange, fix: fix)
                        continue
                    }
                    guard let sv = p.value else { continue }
                    let levels = ["off", "hint", "information", "warning", "error"]
                    guard sv.kind == .string, levels.contains(sv.stringValue) else {
                        if sv.kind == .string {
                            b.invalidValue("severity", sv.stringValue, sv.range, among: levels)
                        } else {
                            b.report("wrong-type", .error, "a rule's severity is one of \(levels.map { "\"\($0)\"" }.joined(separator: ", ")), not \(describeType(sv))", sv.range)
                        }
                        continue
                    }
                    c.severities[p.key] = sv.stringValue == "off" ? .some(nil) : Severity(name: sv.stringValue)
                }
            case "exclude":
                guard let v = e.value else { continue }
                guard v.kind == .array else { b.wrongType(e, expected: "an array of globs"); continue }
                for g in v.elements {
                    guard g.kind == .string, !g.stringValue.isEmpty else {
                        b.report("wrong-type", .error, "an exclude pattern is a non-empty string (a glob such as \"build/**\")", g.range)
                        continue
                    }
                    c.exclude.append(g.stringValue)
                }
            case "$schema":
                _ = b.string(e)
            default:
                break
            }
        }
        c.diagnostics += b.diagnostics
        sortDiagnostics(&c.diagnostics)
        return c
    }

    /// Applies the config to lint options: severities, and the default environments for documents that name none.
    public func apply(to options: inout LintOptions) {
        for (k, v) in severities { options.severities[k] = v }
        if let environments, !environments.isEmpty { options.defaultEnvironments = environments }
    }

    /// Whether `path` (a file below `directory`) matches an `exclude` glob (gitignore-style).
    public func isExcluded(_ path: String) -> Bool { excludingPattern(path) != nil }

    /// The first `exclude` glob that matches `path`.
    public func excludingPattern(_ path: String) -> String? {
        guard !exclude.isEmpty else { return nil }
        let rel = relativePath(path, to: directory ?? ".")
        return exclude.first { globMatches($0, rel) }
    }
}

func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
}

/// `path` relative to `dir` when it lies below it (both as given, normalised for `./`); else `path` itself.
func relativePath(_ path: String, to dir: String) -> String {
    func norm(_ p: String) -> [Substring] { p.split(separator: "/").filter { $0 != "." } }
    let p = norm(path), d = norm(dir)
    if (path.hasPrefix("/") == dir.hasPrefix("/")) && p.count >= d.count && Array(p.prefix(d.count)) == d {
        return p.dropFirst(d.count).joined(separator: "/")
    }
    return p.joined(separator: "/")
}

/// gitignore-style glob: `*` and `?` within a segment, `**` across segments, `[abc]` classes; a pattern without `/`
/// (other than a trailing one) matches at any depth; a trailing `/` or a folder prefix matches everything below.
public func globMatches(_ pattern: String, _ path: String) -> Bool {
    var pat = pattern
    if pat.hasPrefix("./") { pat.removeFirst(2) }
    let anchored = pat.dropLast(pat.hasSuffix("/") ? 1 : 0).contains("/")
    if pat.hasPrefix("/") { pat.removeFirst() }
    if pat.hasSuffix("/") { pat += "**" }
    let pSegs = pat.split(separator: "/").map(String.init)
    let segs = path.split(separator: "/").map(String.init)
    if anchored {
        return matchSegments(pSegs[...], segs[...]) || matchSegments((pSegs + ["**"])[...], segs[...])
    }
    // Unanchored: match the pattern against any suffix (and everything below a matching folder).
    for start in 0..<max(1, segs.count) {
        let tail = segs[start...]
        if matchSegments(pSegs[...], tail) || matchSegments((pSegs + ["**"])[...], tail) { return true }
    }
    return false
}

func matchSegments(_ p: ArraySlice<String>, _ s: ArraySlice<String>) -> Bool {
    guard let first = p.first else { return s.isEmpty }
    if first == "**" {
        var rest = s
        while true {
            if matchSegments(p.dropFirst(), rest) { return true }
            guard !rest.isEmpty else { return false }
            rest = rest.dropFirst()
        }
    }
    guard let seg = s.first, matchSegment(Array(first.unicodeScalars)[...], Array(seg.unicodeScalars)[...]) else { return false }
    return matchSegments(p.dropFirst(), s.dropFirst())
}

func matchSegment(_ p: ArraySlice<Unicode.Scalar>, _ s: ArraySlice<Unicode.Scalar>) -> Bool {
    // Iterative wildcard matching with backtracking to the last `*`.
    var pi = p.startIndex, si = s.startIndex
    var star: (ArraySlice<Unicode.Scalar>.Index, ArraySlice<Unicode.Scalar>.Index)?
    while si < s.endIndex {
        if pi < p.endIndex {
            let c = p[pi]
            if c == "*" { star = (pi, si); pi += 1; continue }
            if c == "?" { pi += 1; si += 1; continue }
            if c == "[", let close = p[(pi + 1)...].firstIndex(of: "]") {
                var set = p[(pi + 1)..<close]
                let negate = set.first == "!" || set.first == "^"
                if negate { set = set.dropFirst() }
                var hit = false
                var i = set.startIndex
                while i < set.endIndex {
                    if i + 2 < set.endIndex, set[i + 1] == "-" {
                        if s[si] >= set[i] && s[si] <= set[i + 2] { hit = true }
                        i += 3
                    } else {
                        if s[si] == set[i] { hit = true }
                        i += 1
                    }
                }
                if hit != negate { pi = close + 1; si += 1; continue }
            } else if c == s[si] { pi += 1; si += 1; continue }
        }
        guard let (sp, ss) = star else { return false }
        pi = sp + 1
        si = ss + 1
        star = (sp, ss + 1)
    }
    while pi < p.endIndex && p[pi] == "*" { pi += 1 }
    return pi == p.endIndex
}
