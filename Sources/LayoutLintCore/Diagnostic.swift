// Diagnostics: what every frontend (lint, serve, explain) shows. Ranges are UTF-8 byte ranges into the document;
// frontends convert them to line/character in whatever encoding they speak.

/// DEL, the C1 controls, the line and paragraph separators, the bidi embeddings, overrides and isolates, and the
/// directional marks (U+200E, U+200F, U+061C): document text no frontend shows raw. A C1 CSI drives a terminal; an
/// override reverses the text drawn after it; a mark, invisible itself, moves the neutral characters around it
/// (Unicode UTS #55). Each frontend shows them its own way: a picture or U+FFFD in text, a character reference in SVG
/// data. JSON output (the PlainJSON module, below this one) escapes the same list: `InvisibleControlTests` checks every
/// scalar against both.
public func isInvisibleControl(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
    default: return false
    }
}

public enum Severity: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    case hint = 1, information = 2, warning = 3, error = 4
    public static func < (a: Severity, b: Severity) -> Bool { a.rawValue < b.rawValue }
    public var description: String {
        switch self {
        case .hint: return "hint"
        case .information: return "information"
        case .warning: return "warning"
        case .error: return "error"
        }
    }
    public init?(name: String) {
        switch name {
        case "hint": self = .hint
        case "information", "info": self = .information
        case "warning": self = .warning
        case "error": self = .error
        default: return nil
        }
    }
}

// Diagnostics, fixes and edits are equal when their text is the same bytes: Swift's `String ==` equates canonically
// equivalent text ("é" precomposed and e + U+0301), which differs in what a fix writes and in what a client shows, and
// which the checks that an editor's result equals a fresh lint's (and that what was published needs no update) would
// then take for the same: `String.sameKey(as:)` compares the bytes. (The synthesised hashes stay: byte-equal text
// hashes equal.)

public struct TextEdit: Hashable, Sendable {
    public var range: ByteRange
    public var newText: String
    public init(range: ByteRange, newText: String) { self.range = range; self.newText = newText }
    public static func == (a: TextEdit, b: TextEdit) -> Bool { a.range == b.range && a.newText.sameKey(as: b.newText) }
}

public struct Fix: Hashable, Sendable {
    public var title: String
    public var edits: [TextEdit]
    /// Safe fixes are applied by `lint --fix`; the others (guesses such as "did you mean") are only offered as
    /// quick fixes in the editor.
    public var isSafe: Bool
    public init(title: String, edits: [TextEdit], isSafe: Bool = true) {
        self.title = title
        self.edits = edits
        self.isSafe = isSafe
    }
    public static func == (a: Fix, b: Fix) -> Bool {
        a.isSafe == b.isSafe && a.edits == b.edits && a.title.sameKey(as: b.title)
    }
}

public struct RelatedLocation: Hashable, Sendable {
    public var range: ByteRange
    public var message: String
    public init(range: ByteRange, message: String) { self.range = range; self.message = message }
    public static func == (a: RelatedLocation, b: RelatedLocation) -> Bool {
        a.range == b.range && a.message.sameKey(as: b.message)
    }
}

public struct Diagnostic: Hashable, Sendable {
    public var ruleID: RuleID
    /// The rule's id as users see it.
    public var rule: String { ruleID.rawValue }
    public var severity: Severity
    public var message: String
    public var range: ByteRange
    /// The environments the finding holds in; empty for findings that do not depend on one (syntax, format).
    public var environments: [String]
    public var related: [RelatedLocation]
    public var fix: Fix?

    public init(
        rule: RuleID, severity: Severity, message: String, range: ByteRange,
        environments: [String] = [], related: [RelatedLocation] = [], fix: Fix? = nil
    ) {
        self.ruleID = rule
        self.severity = severity
        self.message = message
        self.range = range
        self.environments = environments
        self.related = related
        self.fix = fix
    }

    public static func == (a: Diagnostic, b: Diagnostic) -> Bool {
        a.range == b.range && a.severity == b.severity && a.ruleID == b.ruleID && a.message.sameKey(as: b.message)
            && a.environments.count == b.environments.count
            && zip(a.environments, b.environments).allSatisfy { $0.sameKey(as: $1) }
            && a.related == b.related && a.fix == b.fix
    }

    /// The message as editors and CI annotations show it: with the environments the finding holds in appended
    /// ("… (iPhone SE, iPad)") unless the message names them all already.
    public var messageWithEnvironments: String {
        let m = message.isEmpty ? rule : message
        guard !environments.isEmpty, !environments.allSatisfy({ m.containsUTF8($0) }) else { return m }
        return m + " (" + environments.joined(separator: ", ") + ")"
    }
}

extension String {
    /// Whether `needle`'s UTF-8 bytes occur in this string's: a plain byte search (the standard `contains` compares
    /// Characters, which costs far more; it was most of the time of a diagnostic pull in `serve`).
    public func containsUTF8(_ needle: String) -> Bool {
        var h = self, n = needle
        return h.withUTF8 { hb in
            n.withUTF8 { nb in
                guard !nb.isEmpty else { return true }
                guard nb.count <= hb.count else { return false }
                let first = nb[0]
                var i = 0
                while i <= hb.count - nb.count {
                    if hb[i] == first {
                        var k = 1
                        while k < nb.count && hb[i + k] == nb[k] { k += 1 }
                        if k == nb.count { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }

    /// This string with each occurrence of `needle`'s UTF-8 bytes replaced by `replacement`'s (a byte search, as
    /// `containsUTF8`).
    public func replacingUTF8(_ needle: String, with replacement: String) -> String {
        let h = Array(utf8), n = Array(needle.utf8)
        guard !n.isEmpty else { return self }
        var out: [UInt8] = []
        out.reserveCapacity(h.count)
        var i = 0
        while i < h.count {
            if i + n.count <= h.count && h[i..<(i + n.count)].elementsEqual(n) {
                out += replacement.utf8
                i += n.count
            } else {
                out.append(h[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Sorts diagnostics by position, then rule, so every output is deterministic.
public func sortDiagnostics(_ ds: inout [Diagnostic]) {
    ds.sort(by: diagnosticPrecedes)
}

/// The order diagnostics are reported in: by range, then rule, then message.
func diagnosticPrecedes(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
    if a.range.start != b.range.start { return a.range.start < b.range.start }
    if a.range.end != b.range.end { return a.range.end < b.range.end }
    if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
    return a.message < b.message
}

// MARK: - The limit per document

/// The rule of the diagnostic that ends a document's list when it has more than `LintOptions.maxDiagnostics`.
public let tooManyProblemsRule = RuleID.tooManyProblems.rawValue

/// The diagnostics a document's list leaves out (`LintOptions.maxDiagnostics`), counted.
public struct OmittedDiagnostics: Sendable, Equatable {
    public var bySeverity: [Severity: Int] = [:]
    /// Of them, syntax errors.
    public var syntaxErrors = 0
    public var total: Int { bySeverity.values.reduce(0, +) }
    public init() {}

    /// Counts `n` more of `severity` (syntax errors when `rule` is `syntax`).
    mutating func count(_ severity: Severity, rule: RuleID, _ n: Int = 1) {
        guard n > 0 else { return }
        bySeverity[severity, default: 0] += n
        if rule == .syntax { syntaxErrors += n }
    }
}

/// Counts by severity of a document's list and of what it left out; the `too-many-problems` diagnostic is not one of
/// them (it stands for the omitted ones).
public func countBySeverity(_ ds: [Diagnostic], _ omitted: OmittedDiagnostics) -> [Severity: Int] {
    var counts = omitted.bySeverity
    for d in ds where d.ruleID != .tooManyProblems { counts[d.severity, default: 0] += 1 }
    return counts
}

/// Keeps the first `limit` diagnostics of the sorted `ds` and ends the list with one `too-many-problems` diagnostic
/// that counts the others, as severe as the worst of them, at the first one's place. `counted`: diagnostics the parser
/// and the builder only counted (each after `limit` kept ones of its source, so never among the first `limit`);
/// `firstCounted`: the first one's range. Both linters (`lint(bytes:)`, `IncrementalLinter`) end with this, so they
/// stay equal.
func limitDiagnostics(
    _ ds: inout [Diagnostic], limit: Int, counted: OmittedDiagnostics = OmittedDiagnostics(),
    firstCounted: ByteRange? = nil
) -> OmittedDiagnostics {
    let limit = max(1, limit)
    var o = counted
    guard ds.count + counted.total > limit else { return o }
    let cut = min(limit, ds.count)
    let first = [firstCounted, cut < ds.count ? ds[cut].range : nil].compactMap { $0 }.min()
    for d in ds[cut...] { o.count(d.severity, rule: d.ruleID) }
    ds.removeSubrange(cut...)
    let worst = o.bySeverity.keys.max() ?? .error
    let kinds = Severity.allCases.reversed().compactMap { s in
        o.bySeverity[s].map { "\($0) \(s == .information ? "information" : s.description + ($0 == 1 ? "" : "s"))" }
    }
    ds.append(
        Diagnostic(
            rule: .tooManyProblems, severity: worst,
            message:
                "\(o.total) more problem\(o.total == 1 ? "" : "s") from here on (\(kinds.joined(separator: ", "))) not listed: "
                + "layoutlint lists at most \(limit) per document",
            range: first ?? ByteRange(0, 0)))
    return o
}
