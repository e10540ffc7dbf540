// Applying fixes: the same text edits serve `lint --fix`, the editor's quick fixes and `source.fixAll`.

/// Applies non-overlapping edits (in any order) to `source`. Overlapping edits are an error of the caller:
/// the later one (by position) is dropped.
public func applyEdits(_ source: [UInt8], _ edits: [TextEdit]) -> [UInt8] {
    let sorted = edits.sorted { ($0.range.start, $0.range.end) < ($1.range.start, $1.range.end) }
    var out: [UInt8] = []
    out.reserveCapacity(source.count)
    var pos = 0
    for e in sorted {
        let s = min(max(e.range.start, 0), source.count), t = min(max(e.range.end, s), source.count)
        guard s >= pos else { continue }
        out.append(contentsOf: source[pos..<s])
        out.append(contentsOf: Array(e.newText.utf8))
        pos = t
    }
    out.append(contentsOf: source[pos...])
    return out
}

/// Picks whole fixes whose edits overlap neither each other nor an earlier pick (insertions at the same point
/// count as overlapping, so their order can never be ambiguous).
public func nonOverlappingFixes(_ fixes: [Fix]) -> [Fix] {
    var taken: [ByteRange] = []
    var out: [Fix] = []
    func overlaps(_ a: ByteRange, _ b: ByteRange) -> Bool {
        a.start < b.end && b.start < a.end || a.start == b.start || (a.length == 0 && a.start > b.start && a.start < b.end) ||
            (b.length == 0 && b.start > a.start && b.start < a.end)
    }
    for f in fixes {
        if f.edits.contains(where: { e in taken.contains { overlaps($0, e.range) } }) { continue }
        var ok = true
        for (i, a) in f.edits.enumerated() { for b in f.edits[(i + 1)...] where overlaps(a.range, b.range) { ok = false } }
        guard ok else { continue }
        taken += f.edits.map(\.range)
        out.append(f)
    }
    return out
}

public struct FixOutcome: @unchecked Sendable {
    public var text: [UInt8]
    /// How many fixes were applied, by rule.
    public var applied: [String: Int]
    /// The lint of the final text.
    public var result: LintResult
}

/// Whether applying `fix` alone leaves the text with no more syntax errors than it has (`syntaxErrors`). Fixes are
/// computed from the error-recovered tree, so in a document that already has syntax errors an edit can land badly.
public func fixKeepsSyntax(_ fix: Fix, source: [UInt8], syntaxErrors: Int) -> Bool {
    let after = parseJSONC(applyEdits(source, fix.edits))
    return after.errors.filter { $0.code == .syntax }.count <= syntaxErrors
}

/// Applies every safe fix, re-linting between rounds until nothing safe is left (at most `maxRounds`). A round whose
/// result would have more syntax errors than before is not applied: a fix never breaks the document.
public func fixAll(_ source: [UInt8], options: LintOptions = LintOptions(), maxRounds: Int = 8) -> FixOutcome {
    var text = source
    var result = lint(bytes: text, options: options)
    var applied: [String: Int] = [:]
    for _ in 0..<maxRounds {
        // (In a broken document, `lint` has already dropped the fixes that would add a syntax error.)
        let candidates = result.diagnostics.compactMap { d in d.fix.flatMap { $0.isSafe ? ($0, d.rule) : nil } }
        let before = result.diagnostics.filter { $0.rule == "syntax" }.count
        let picked = nonOverlappingFixes(candidates.map(\.0))
        guard !picked.isEmpty else { break }
        let next = applyEdits(text, picked.flatMap(\.edits))
        guard next != text else { break }
        let nextResult = lint(bytes: next, options: options)
        if nextResult.diagnostics.filter({ $0.rule == "syntax" }).count > before { break }
        for f in picked { if let r = candidates.first(where: { $0.0 == f })?.1 { applied[r, default: 0] += 1 } }
        text = next
        result = nextResult
    }
    return FixOutcome(text: text, applied: applied, result: result)
}
