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
            Diagnostic(
                rule: $0.code.rule, severity: $0.code == .syntax ? .error : .warning, message: $0.message,
                range: $0.range)
        }
        guard let root = parsed.root else { return c }
        guard root.kind == .object else {
            c.diagnostics.append(
                Diagnostic(
                    rule: .wrongType, severity: .error,
                    message:
                        "a configuration is an object with \"environments\", \"rules\" and \"exclude\", not \(describeType(root))",
                    range: root.range))
            return c
        }
        let b = DocumentBuilder(root: root, limits: ModelLimits())
        let entries = root.properties.map { Entry(prop: $0, parentPath: "", objectRange: root.range) }
        b.checkKeys(
            ObjectView(entries: entries, path: "", range: root.range, anchor: root.range), allowed: keys,
            element: "the configuration")
        for e in entries {
            switch e.key {
            case "environments":
                b.buildEnvironments(e)
                c.environments = b.doc.environments.map(\.environment)
            case "rules":
                guard let v = e.value else { continue }
                guard v.kind == .object else {
                    b.wrongType(e, expected: "an object of rule ids and severities"); continue
                }
                for p in v.properties {
                    guard knownRules.contains(where: { $0.sameKey(as: p.key) }) else {
                        var msg = "unknown rule \"\(p.key)\""
                        var fix: Fix?
                        if let s = suggest(p.key, among: knownRules) {
                            msg += "; did you mean \"\(s)\"?"
                            fix = Fix(
                                title: "Rename to \"\(s)\"", edits: [TextEdit(range: p.keyRange, newText: "\"\(s)\"")],
                                isSafe: false)
                        } else {
                            msg += " (`layoutlint rules` lists them)"
                        }
                        b.report(.unknownProperty, .error, msg, p.keyRange, fix: fix)
                        continue
                    }
                    guard let sv = p.value else { continue }
                    let levels = ["off", "hint", "information", "warning", "error"]
                    guard sv.kind == .string, levels.contains(sv.stringValue) else {
                        if sv.kind == .string {
                            b.invalidValue("severity", sv.stringValue, sv.range, among: levels)
                        } else {
                            b.report(
                                .wrongType, .error,
                                "a rule's severity is one of \(levels.map { "\"\($0)\"" }.joined(separator: ", ")), not \(describeType(sv))",
                                sv.range)
                        }
                        continue
                    }
                    if p.key.sameKey(as: "syntax") && sv.stringValue != "error" {
                        // As with suppression comments: a document that does not parse is always an error, or a
                        // broken file would pass `lint` with exit 0.
                        b.report(
                            .invalidValue, .warning,
                            "\"syntax\" is always an error (a document that does not parse cannot be checked); this setting is ignored",
                            sv.range)
                        continue
                    }
                    if p.key.sameKey(as: tooManyProblemsRule) {
                        b.report(
                            .invalidValue, .warning,
                            "\"\(tooManyProblemsRule)\" takes the severity of the problems it counts and cannot be turned off; this setting is ignored",
                            sv.range)
                        continue
                    }
                    c.severities[p.key] = sv.stringValue == "off" ? .some(nil) : Severity(name: sv.stringValue)
                }
            case "exclude":
                guard let v = e.value else { continue }
                guard v.kind == .array else { b.wrongType(e, expected: "an array of globs"); continue }
                for g in v.elements {
                    guard g.kind == .string, !g.stringValue.isEmpty else {
                        b.report(
                            .wrongType, .error,
                            "an exclude pattern is a non-empty string (a glob such as \"build/**\")", g.range)
                        continue
                    }
                    if g.stringValue.hasBytePrefix("!") {
                        // gitignore re-includes with `!`; taken as a literal name it silently excluded nothing.
                        b.report(
                            .invalidValue, .error,
                            "negated patterns (\"!…\") are not supported: list only what to exclude", g.range)
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

    /// Whether `path` lies below the config's folder (where its globs apply as written).
    public func holds(_ path: String) -> Bool { directory.map { relativePathIfBelow(path, to: $0) != nil } ?? true }

    /// Whether `pattern` can match a file below `folder` (a path below the config's folder, not read), and `folder`
    /// as the config's globs see it (relative to its folder).
    public func glob(_ pattern: String, below folder: String) -> (GlobBelowFolder, relative: String) {
        guard let rel = directory.map({ relativePathIfBelow(folder, to: $0) }) ?? relativePath(folder, to: ".") else {
            return (.cannot, folder)
        }
        return (globBelowFolder(pattern, rel), rel)
    }

    /// The first `exclude` glob that matches `path` relative to `base` (when it is below it): for a `--config` outside
    /// the tree it governs.
    public func excludingPattern(_ path: String, below base: String) -> String? {
        guard !exclude.isEmpty, let rel = relativePathIfBelow(path, to: base) else { return nil }
        return exclude.first { globMatches($0, rel) }
    }

    /// Whether `path` (a file below `directory`) matches an `exclude` glob (gitignore-style).
    public func isExcluded(_ path: String) -> Bool { excludingPattern(path) != nil }

    /// The first `exclude` glob that matches `path`.
    public func excludingPattern(_ path: String) -> String? {
        guard !exclude.isEmpty else { return nil }
        // A file outside the config's folder (a shared `--config ../ci/x.json`) is matched by none of its globs: the
        // folders above the config are not relative to it (with `build`, a checkout under `/builds/` was all
        // excluded).
        guard let rel = directory.map({ relativePathIfBelow(path, to: $0) }) ?? relativePath(path, to: ".") else {
            return nil
        }
        return exclude.first { globMatches($0, rel) }
    }
}

/// The folder part of a path, by bytes: "" for a bare name, "/" for a name in the root. (`NSString`'s
/// `deletingLastPathComponent` misses a "/" followed by a combining mark, or after a prepended concatenation mark:
/// "a/\u{301}b" gave "", "/r/\u{301}b" "/", "/r/a\u{600}/b" "/r".)
public func folderPart(of path: String) -> String {
    guard let (folder, _) = path.splitAtLastByte(UInt8(ascii: "/")) else { return "" }
    return folder.isEmpty ? "/" : String(folder)
}

/// The last component of a path, by bytes: the whole path when it has no "/". (`NSString`'s `lastPathComponent`
/// misses a "/" after a prepended concatenation mark: "/r/a\u{600}/.layoutlint.json" gave "a\u{600}/.layoutlint.json".)
public func fileNamePart(of path: String) -> String {
    path.splitAtLastByte(UInt8(ascii: "/")).map { String($0.after) } ?? path
}

/// The folder of a path, "." for a bare name.
public func parentDirectory(of path: String) -> String {
    let folder = folderPart(of: path)
    return folder.isEmpty ? "." : folder
}

/// `folder` ending in one "/", ready for a name or a prefix test ("a" → "a/", "/" stays "/").
public func withTrailingSlash(_ folder: String) -> String {
    folder.hasByteSuffix("/") ? folder : folder + "/"
}

/// `path` relative to `dir` when it lies below it (both as given, normalised for `./`); else `path` itself.
func relativePath(_ path: String, to dir: String) -> String {
    relativePathIfBelow(path, to: dir)
        ?? splitOnSlash(Substring(path), omittingEmpty: true).filter { $0 != "." }.joined(separator: "/")
}

/// `path` relative to `dir` when it lies below it (both as given, normalised for `./`; segments compared as bytes);
/// else nil.
func relativePathIfBelow(_ path: String, to dir: String) -> String? {
    func norm(_ p: String) -> [Substring] { splitOnSlash(Substring(p), omittingEmpty: true).filter { $0 != "." } }
    let p = norm(path), d = norm(dir)
    guard path.hasBytePrefix("/") == dir.hasBytePrefix("/"), p.count >= d.count,
        zip(p, d).allSatisfy({ $0.utf8.elementsEqual($1.utf8) })
    else { return nil }
    return p.dropFirst(d.count).joined(separator: "/")
}

/// gitignore-style glob: `*` and `?` within a segment, `**` across segments, `[abc]` classes; a pattern without `/`
/// (other than a trailing one) matches at any depth; a trailing `/` or a folder prefix matches everything below.
/// Whether an `exclude` glob can match a path below a folder that was not read.
public enum GlobBelowFolder: Sendable, Equatable {
    /// It cannot (its leading segments name another folder).
    case cannot
    /// Its leading segments match the folder (`build/gen.layout.json` below `build`).
    case inside
    /// It is unanchored: it matches a name at any depth, so below any folder.
    case anywhere
}

/// Whether `pattern` can match a path below `folder` (relative to the glob's base, as `globMatches` takes paths).
public func globBelowFolder(_ pattern: String, _ folder: String) -> GlobBelowFolder {
    let (pSegs, anchored) = globSegments(pattern)
    guard anchored else { return .anywhere }
    let segs = splitOnSlash(Substring(folder), omittingEmpty: true).map(String.init)
    // Some leading part of the pattern matches the whole folder; what follows it (never empty: the `**` appended)
    // can then match something inside.
    return (0..<pSegs.count).contains { suffixMatches(Array(pSegs[..<$0]), segs)[0] } ? .inside : .cannot
}

/// A glob's segments as `globMatches` reads them (`./` and a leading `/` dropped, a trailing `/` and a final `**`
/// added: a pattern matches a folder and everything below it), and whether it is anchored (a `/` before its end).
func globSegments(_ pattern: String) -> (segments: [String], anchored: Bool) {
    var pat = Substring(pattern)
    let slash = UInt8(ascii: "/")
    if pat.utf8.starts(with: "./".utf8) { pat = pat[pat.utf8.index(pat.startIndex, offsetBy: 2)...] }
    let trailing = pat.utf8.last == slash
    let anchored = pat.utf8.dropLast(trailing ? 1 : 0).contains(slash)
    if pat.utf8.first == slash { pat = pat[pat.utf8.index(after: pat.startIndex)...] }
    var pSegs = splitOnSlash(pat, omittingEmpty: true).map(String.init)
    if trailing { pSegs.append("**") }
    // A trailing `**` makes the pattern match a folder and everything below it; `**` may match no segment, so this
    // one table also answers the pattern without it.
    pSegs.append("**")
    return (pSegs, anchored)
}

public func globMatches(_ pattern: String, _ path: String) -> Bool {
    let (pSegs, anchored) = globSegments(pattern)
    let segs = splitOnSlash(Substring(path), omittingEmpty: true).map(String.init)
    let matches = suffixMatches(pSegs, segs)
    // Anchored: the pattern matches from the path's start. Unanchored: from any segment's start.
    return anchored ? matches[0] : matches.prefix(max(1, segs.count)).contains(true)
}

/// For each `j` in `0...s.count`: whether the segment pattern `p` matches `s[j...]` as a whole. One table of
/// `p.count × s.count` cells, each segment compared at most once: a recursive match that retries every `**` on
/// every suffix takes time exponential in the number of `**` (`**/**/**/**/**/**/**/**/b` on a path 25 folders
/// deep took 3 s; a few more `**` and `lint` never ends).
func suffixMatches(_ p: [String], _ s: [String]) -> [Bool] {
    // row[j]: p[i...] matches s[j...], computed from the pattern's end backwards.
    var row = [Bool](repeating: false, count: s.count + 1)
    row[s.count] = true
    let patterns = p.map(SegmentPattern.init)
    let segments: [[Unicode.Scalar]] = s.map { Array($0.unicodeScalars) }
    for i in stride(from: p.count - 1, through: 0, by: -1) {
        var next = [Bool](repeating: false, count: s.count + 1)
        if p[i] == "**" {
            // Zero segments (row[j]) or one more (next[j + 1]).
            for j in stride(from: s.count, through: 0, by: -1) {
                next[j] = row[j] || (j < s.count && next[j + 1])
            }
        } else {
            for j in 0..<s.count where row[j + 1] {
                next[j] = patterns[i].matches(segments[j])
            }
        }
        row = next
    }
    return row
}

/// One segment of a glob (`*`, `?`, `[abc]`, `[!a-z]`), with the `]` closing each `[` found once: looking for it at
/// every step made a long pattern of `[`s quadratic for each character compared.
struct SegmentPattern {
    let p: [Unicode.Scalar]
    /// `close[i]`: the first `]` after position `i` (for a `[` at `i`), or nil.
    let close: [Int?]

    init(_ pattern: String) {
        p = Array(pattern.unicodeScalars)
        var close = [Int?](repeating: nil, count: p.count)
        var next: Int?
        for i in stride(from: p.count - 1, through: 0, by: -1) {
            close[i] = next
            if p[i] == "]" { next = i }
        }
        self.close = close
    }

    /// Iterative wildcard matching with backtracking to the last `*`: each attempt from a `*` walks the pattern once,
    /// so a match costs at most pattern length × segment length steps.
    func matches(_ s: [Unicode.Scalar]) -> Bool {
        var pi = 0, si = 0
        var star: (Int, Int)?
        while si < s.count {
            if pi < p.count {
                let c = p[pi]
                if c == "*" { star = (pi, si); pi += 1; continue }
                if c == "?" { pi += 1; si += 1; continue }
                if c == "[", let close = close[pi] {
                    var i = pi + 1
                    let negate = p[i] == "!" || p[i] == "^"
                    if negate { i += 1 }
                    var hit = false
                    while i < close {
                        if i + 2 < close, p[i + 1] == "-" {
                            if s[si] >= p[i] && s[si] <= p[i + 2] { hit = true }
                            i += 3
                        } else {
                            if s[si] == p[i] { hit = true }
                            i += 1
                        }
                    }
                    if hit != negate { pi = close + 1; si += 1; continue }
                } else if c == s[si] {
                    pi += 1; si += 1; continue
                }
            }
            guard let (sp, ss) = star else { return false }
            pi = sp + 1
            si = ss + 1
            star = (sp, ss + 1)
        }
        while pi < p.count && p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
