// Applying fixes: the same text edits serve `lint --fix`, the editor's quick fixes and `source.fixAll`.

/// Applies non-overlapping edits (in any order) to `source`. Overlapping edits are an error of the caller:
/// the later one (by position) is dropped.
public func applyEdits(_ source: [UInt8], _ edits: [TextEdit]) -> [UInt8] {
    let sorted = edits.sorted { ($0.range.start, $0.range.end) < ($1.range.start, $1.range.end) }
    var out: [UInt8] = []
    out.reserveCapacity(source.count)
    var pos = 0
    for e in sorted {
        let r = e.range.clamped(to: source.count)
        let s = r.start, t = r.end
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
    nonOverlappingFixIndices(fixes).map { fixes[$0] }
}

/// The indices of the fixes `nonOverlappingFixes` keeps, in order. The ranges taken so far are kept sorted by start;
/// being pairwise apart, they are sorted by end too, so only the neighbours of a new range's place can overlap it (a
/// scan of all of them per fix was O(n²): 8 000 fixes took 12 s).
public func nonOverlappingFixIndices(_ fixes: [Fix]) -> [Int] {
    var taken: [ByteRange] = []
    var out: [Int] = []
    func overlaps(_ a: ByteRange, _ b: ByteRange) -> Bool {
        a.start < b.end && b.start < a.end || a.start == b.start
            || (a.length == 0 && a.start > b.start && a.start < b.end)
            || (b.length == 0 && b.start > a.start && b.start < a.end)
    }
    /// The first index of `taken` whose start is at least `offset`.
    func place(_ offset: Int) -> Int {
        var lo = 0, hi = taken.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if taken[mid].start < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
    func clashes(_ r: ByteRange) -> Bool {
        let i = place(r.start)
        return taken[max(0, i - 2)..<min(taken.count, i + 2)].contains { overlaps($0, r) }
    }
    for (k, f) in fixes.enumerated() {
        if f.edits.contains(where: { clashes($0.range) }) { continue }
        var ok = true
        for (i, a) in f.edits.enumerated() {
            for b in f.edits[(i + 1)...] where overlaps(a.range, b.range) { ok = false }
        }
        guard ok else { continue }
        for e in f.edits { taken.insert(e.range, at: place(e.range.start)) }
        out.append(k)
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
/// With the document's parsed `root`, a fix that only swaps tokens (`fixSwapsTokensOnly`) or removes one property
/// with its comma (`fixRemovesOneMember`) is known to keep the syntax without parsing the document again; any other
/// fix is checked by counting the edited text's syntax errors (`SyntaxErrorCounter`).
///
/// `counter` (of `source`): checking several fixes of one text, each is counted from the checkpoint before it.
public func fixKeepsSyntax(
    _ fix: Fix, source: [UInt8], syntaxErrors: Int, root: JSONNode? = nil,
    counter: SyntaxErrorCounter? = nil
) -> Bool {
    if let root,
        fixSwapsTokensOnly(fix, source: source, root: root) || fixRemovesOneMember(fix, source: source, root: root)
    {
        return true
    }
    // Counted only: no tree, strings or messages (a broken document can have an error per token). A new counter's
    // first count is a whole one.
    return (counter ?? SyntaxErrorCounter(source)).count(after: fix.edits) <= syntaxErrors
}

/// Whether every edit of `fix` replaces one whole token of the parsed tree (a property key, or a string, number,
/// `true`, `false` or `null` value) by text that is, on its own, exactly one token of the same lexical group and has
/// no syntax error: a string by a string, a bare token (number, word, literal) by a bare token. Such a fix cannot
/// add a syntax error: the lexer picks a token's kind by its first byte and ends a string at its closing quote and
/// a bare token at the first byte that cannot continue it (the byte after the old token, unchanged, could not); the
/// parser's decisions depend on a token's group, never on its text; and a token's own errors depend only on its bytes
/// (none in the new one). So the parse after the fix meets the same token groups in the same order and reports the
/// same errors, less any of the old tokens' own. The lexer looks ahead in two ways. A `'` searches its line for a
/// closing `'`: it cannot reach into a token that was lexed on its own, and the new text must not bring a `'`. A
/// `"` directly followed by a letter searches its line for the next `"` (a stray quote, or a string cut before a
/// `,` or `:`): so a string swapped must be one whole `"…"` token on its own bytes too, old as new. Then the new
/// one has its quotes where the old one had them: the byte after its closing quote is the one that followed the old
/// closing quote, and a search from an earlier `"` stops at the same opening quote. (A `'…'` string, or one cut or
/// unterminated, replaced by a `"…"` one is not proved here: `'a'x` becoming `"b"x` makes a stray quote.) And a string
/// read before the token that ends at the quote right before it was read by looking at the token's first byte (after
/// its opening quote): the new token's must begin a word where the old one's did, and not where it did not.
/// (Renames of keys and replacements of values are most fixes.)
public func fixSwapsTokensOnly(_ fix: Fix, source: [UInt8], root: JSONNode) -> Bool {
    guard !fix.edits.isEmpty else { return false }
    var ranges: Set<ByteRange> = []
    for e in fix.edits {
        let r = e.range
        guard r.start >= 0, r.end <= source.count, r.start < r.end, ranges.insert(r).inserted,
            let old = tokenGroup(of: r, in: root, source: source)
        else { return false }
        let new = Array(e.newText.utf8)
        // No `'`: on meeting a `'` the lexer looks ahead to the end of its line for another, so a `'` brought in
        // could close one that stood alone earlier on the line and change how everything between them lexes.
        guard !new.isEmpty, !new.contains(0x27), let kind = cleanToken(new) else { return false }
        let written = Array(source[r.start..<r.end])
        switch kind {
        case .string: guard old == .string, cleanToken(written) == .string else { return false }
        case .number, .bool, .null: guard old == .bare else { return false }
        default: return false
        }
        // A string being read before the token may end at the quote right before the token's first byte (a
        // string's opening quote, or a `"` glued to a bare token): whether its text is a stray fragment depends
        // on whether that byte begins a word (`"name"definitions/cfg"` is a stray `"name`; `"name"#/…"` is the
        // string "name"). So that byte must begin a word in both or in neither.
        let at = kind == .string ? 1 : 0
        guard beginsWord(written, at) == beginsWord(new, at) else { return false }
    }
    return true
}

/// Whether the byte at `i` is one a letter, digit, `_`, `$` or non-ASCII character begins, as the lexer's test after
/// a closing quote has it (`closingOnLine`).
private func beginsWord(_ bytes: [UInt8], _ i: Int) -> Bool {
    guard i < bytes.count else { return false }
    let b = bytes[i], l = b | 0x20
    if (l >= 0x61 && l <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x24 { return true }
    return b >= 0x80 && bytes.withUnsafeBufferPointer { utf8SequenceLength($0, i) } > 0
}

/// The kind of the one value `bytes` parse as on their own, without a syntax error; nil for anything else.
private func cleanToken(_ bytes: [UInt8]) -> JSONNode.Kind? {
    let parsed = parseJSONC(bytes)
    guard let node = parsed.root, node.range == ByteRange(0, bytes.count),
        !parsed.errors.contains(where: { $0.code == .syntax })
    else { return nil }
    return node.kind
}

/// Whether `fix` is one deletion of a property of the tree together with the `,` after it: from the key (or spaces
/// and tabs before it) through the comma and any trivia after it, where only trivia and one `,` (for the first
/// property: the object's `{`) stand between the previous property and the deletion. Such a deletion cannot add a
/// syntax error. The parser meets the key in the object's "expecting a key" state (right after that `,` or `{`),
/// and leaves the deleted text in the same state: the deleted tokens parse on their own as whole properties each
/// followed by a comma (checked by parsing `{` + them + `"":0}`, which must have no syntax error). Without them, the
/// parser meets the token after the deletion in that state, as it did before. The state may differ in one flag only
/// ("recovering": set after a stray `,`, reset by the key), and that flag only ever silences reports. Errors before
/// the deletion are unchanged, errors in it are gone, and the lexer resumes after it as before: the deletion starts
/// after whitespace or a finished token or comment (not after a string cut short before the `,`, whose reading
/// looked at the deleted key), and the standalone parse shows that it ends after finished ones
/// (its `""` key is read where it was put, and the object ends at its last byte: a deleted text that ends in a
/// string's `\` or in a `//` comment would swallow it). A `'` earlier on the line of the deletion looks ahead to the
/// end of its line: a deletion that joins lines must have none. Deleted values nested so deep that the parser would
/// skip them (`maxDepth`) are not taken. (Removing a duplicate key or an unused definition is such a fix.)
public func fixRemovesOneMember(_ fix: Fix, source: [UInt8], root: JSONNode) -> Bool {
    guard fix.edits.count == 1, let e = fix.edits.first, e.newText.isEmpty else { return false }
    let a = e.range.start, b = e.range.end
    guard a >= 0, b <= source.count, a < b else { return false }
    var k = a
    while k < b, source[k] == 0x20 || source[k] == 0x09 { k += 1 }
    guard k < b, source[k] == 0x22, let (object, key, depth) = root.item(startingAt: k), let index = key else {
        return false
    }
    if source[a..<b].contains(where: { $0 == 0x0A || $0 == 0x0D }) {
        var i = a
        while i > 0, source[i - 1] != 0x0A, source[i - 1] != 0x0D {
            i -= 1
            if source[i] == 0x27 { return false }
        }
    }
    if index == 0 {
        let x = object.range.start
        guard x < a, source[x] == 0x7B, triviaEnd(source, x + 1, a) == a else { return false }
    } else {
        let q = object.properties[index - 1]
        let previous = q.value?.range ?? q.keyRange
        // A string cut before its `,` (`"a, "b": 1`: the lexer took the `"` of `"b"` for its closing quote, saw a
        // string close after it on the line, and ended the first one before the `,`) was read by looking at the key
        // this deletion starts with: without it, the first string reads differently.
        if previous.start < previous.end, source[previous.start] == 0x22,
            previous.end - previous.start < 2 || source[previous.end - 1] != 0x22
        {
            return false
        }
        guard let t = triviaEnd(source, previous.end, a), t < a, source[t] == 0x2C,
            triviaEnd(source, t + 1, a) == a
        else { return false }
    }
    let members = [0x7B] + source[k..<b] + Array(#""":0}"#.utf8)
    let parsed = parseJSONC(members)
    let keyAt = 1 + (b - k)
    guard let o = parsed.root, o.kind == .object, o.range == ByteRange(0, members.count),
        o.properties.last?.keyRange == ByteRange(keyAt, keyAt + 2),
        !parsed.errors.contains(where: { $0.code == .syntax })
    else { return false }
    return depth + nesting(o) < 500
}

/// How many containers deep `node` goes (1 for an object of scalars).
private func nesting(_ node: JSONNode) -> Int {
    var deepest = 0
    for p in node.properties { if let v = p.value { deepest = max(deepest, nesting(v)) } }
    for e in node.elements { deepest = max(deepest, nesting(e)) }
    return node.kind == .object || node.kind == .array ? deepest + 1 : deepest
}

/// Where the trivia starting at `i` ends (whitespace, and comments as the lexer reads them), not past `end`; nil when a
/// comment does not end before `end`.
private func triviaEnd(_ s: [UInt8], _ i: Int, _ end: Int) -> Int? {
    var i = i
    while i < end {
        let c = s[i]
        if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1; continue }
        guard c == 0x2F, i + 1 < end, s[i + 1] == 0x2F || s[i + 1] == 0x2A else { return i }
        var j = i + 2
        if s[i + 1] == 0x2F {
            while j < end, s[j] != 0x0A, s[j] != 0x0D { j += 1 }
            guard j < end else { return nil }
            i = j
        } else {
            while j + 1 < end, !(s[j] == 0x2A && s[j + 1] == 0x2F) { j += 1 }
            guard j + 1 < end else { return nil }
            i = j + 2
        }
    }
    return i
}

private enum TokenGroup { case string, bare }

/// The lexical group of the token at exactly `r` in the tree (a key, or a scalar value), or nil when `r` is not one
/// token of the tree.
private func tokenGroup(of r: ByteRange, in root: JSONNode, source: [UInt8]) -> TokenGroup? {
    guard let (node, key, _) = root.item(startingAt: r.start) else { return nil }
    if let key {
        // A key is a string token, or (recovered, with an error) a bare one.
        guard node.properties[key].keyRange == r else { return nil }
        return source[r.start] == 0x22 || source[r.start] == 0x27 ? .string : .bare
    }
    guard node.range == r else { return nil }
    switch node.kind {
    case .string: return .string
    case .number, .bool, .null: return .bare
    default: return nil
    }
}

/// The fixes one round of fix-all applies together (`lint --fix` and the editor's `source.fixAll`): those that do not
/// overlap, when together they leave no more syntax errors than the text has (`syntaxErrors`); else those of them
/// that keep the syntax alone, or the first of those when each does but not all together (the next round lints
/// again). A fix that would break the document never costs the others their round. Indices into `fixes`.
public func fixesKeepingSyntax(_ fixes: [Fix], source: [UInt8], syntaxErrors: Int) -> [Int] {
    let picked = nonOverlappingFixIndices(fixes)
    guard !picked.isEmpty else { return [] }
    func keeps(_ ks: [Int]) -> Bool {
        countSyntaxErrors(applyEdits(source, ks.flatMap { fixes[$0].edits })) <= syntaxErrors
    }
    if keeps(picked) { return picked }
    let counter = SyntaxErrorCounter(source)
    let keeping = picked.filter {
        fixKeepsSyntax(fixes[$0], source: source, syntaxErrors: syntaxErrors, counter: counter)
    }
    if keeping.count > 1 && keeping.count < picked.count && keeps(keeping) { return keeping }
    return keeping.first.map { [$0] } ?? []
}

/// Applies every safe fix, re-linting between rounds until nothing safe is left (at most `maxRounds`). A round whose
/// result would have more syntax errors than before is not applied (`fixesKeepingSyntax` picks each round's fixes: a
/// fix never breaks the document, and one that would does not cost the others of its round).
public func fixAll(_ source: [UInt8], options: LintOptions = LintOptions(), maxRounds: Int = 8) -> FixOutcome {
    var text = source
    var result = lint(bytes: text, options: options)
    var applied: [String: Int] = [:]
    for _ in 0..<maxRounds {
        // (In a broken document, `lint` has already dropped the fixes that would add a syntax error.)
        let candidates = result.diagnostics.compactMap { d in d.fix.flatMap { $0.isSafe ? ($0, d.rule) : nil } }
        let before = result.syntaxErrorCount
        let picked = fixesKeepingSyntax(candidates.map(\.0), source: text, syntaxErrors: before)
        guard !picked.isEmpty else { break }
        let next = applyEdits(text, picked.flatMap { candidates[$0].0.edits })
        guard next != text else { break }
        let nextResult = lint(bytes: next, options: options)
        if nextResult.syntaxErrorCount > before { break }
        for k in picked { applied[candidates[k].1, default: 0] += 1 }
        text = next
        result = nextResult
    }
    return FixOutcome(text: text, applied: applied, result: result)
}
