// Suppression comments: `// layoutlint-disable-next-line RULE[, RULE]` silences those rules on the next line;
// `// layoutlint-disable RULE[, RULE]` silences them in the whole file. A suppression (or a rule named in one) that
// silences nothing is reported as `unused-suppression`, with a fix that removes it.

struct Suppression {
    enum Scope { case nextLine(Int), file }
    var scope: Scope
    /// Each named rule with the range of its name in the comment; empty means every rule.
    var rules: [(id: String, range: ByteRange)]
    var comment: Comment
    var used: Set<String> = []
}

let nextLineDirective = "layoutlint-disable-next-line"
let fileDirective = "layoutlint-disable"

func parseSuppressions(_ comments: [Comment], source: [UInt8], index: LineIndex) -> [Suppression] {
    var out: [Suppression] = []
    let nextLine = Array(nextLineDirective.utf8), file = Array(fileDirective.utf8)
    for c in comments {
        // Most comments are prose: only those that start with the directive are copied and read.
        guard let i = directiveOffset(c, source: source) else { continue }
        // The text after the comment markers, with its offset in the document.
        let bodyStart = c.range.start + 2
        let bodyEnd = max(bodyStart, c.range.end - (c.isLineComment ? 0 : 2))
        let body = Array(source[bodyStart..<bodyEnd])
        let rest = body[i...]
        let scope: Suppression.Scope
        var j: Int
        if rest.starts(with: nextLine) {
            j = i + nextLine.count
            scope = .nextLine(index.position(of: c.range.start, in: .utf8).line + 1)
        } else if rest.starts(with: file) {
            j = i + file.count
            scope = .file
        } else {
            continue
        }
        // The directive must end there (`layoutlint-disabled` is no directive).
        if j < body.count, !(body[j] == 0x20 || body[j] == 0x09 || body[j] == 0x2C) { continue }
        var rules: [(String, ByteRange)] = []
        while j < body.count {
            while j < body.count, body[j] == 0x20 || body[j] == 0x09 || body[j] == 0x2C { j += 1 }
            // The list of rules ends with its line (a block comment may go on with free text).
            if j < body.count, body[j] == 0x0A || body[j] == 0x0D { break }
            // `--` starts a free-text reason.
            if j + 1 < body.count, body[j] == 0x2D, body[j + 1] == 0x2D { break }
            let s = j
            while j < body.count, body[j] != 0x20, body[j] != 0x09, body[j] != 0x2C, body[j] != 0x0A, body[j] != 0x0D {
                j += 1
            }
            if j > s {
                let name = String(decoding: body[s..<j], as: UTF8.self)
                if name == "*/" || name == "*" { continue }
                rules.append((name, ByteRange(bodyStart + s, bodyStart + j)))
            }
        }
        out.append(Suppression(scope: scope, rules: rules, comment: c))
    }
    return out
}

/// Where a comment's text starts (after `//` or `/*`, blanks and `*`), when it starts with `layoutlint-disable`
/// (both directives do); nil for every other comment.
func directiveOffset(_ c: Comment, source: [UInt8]) -> Int? {
    let bodyStart = c.range.start + 2
    let bodyEnd = max(bodyStart, c.range.end - (c.isLineComment ? 0 : 2))
    guard bodyEnd <= source.count else { return nil }
    var i = 0
    while bodyStart + i < bodyEnd,
        source[bodyStart + i] == 0x20 || source[bodyStart + i] == 0x09 || source[bodyStart + i] == 0x2A
    { i += 1 }
    let directive = fileDirective.utf8
    guard bodyEnd - bodyStart - i >= directive.count,
        source[(bodyStart + i)..<(bodyStart + i + directive.count)].elementsEqual(directive)
    else { return nil }
    return i
}

/// Drops the diagnostics that suppressions silence and adds `unused-suppression` for those that silence nothing.
/// `allEnvironments` false (a run narrowed to some environments, `--environment`): a suppression of a rule that does
/// not fire here may be needed in another environment, so only names that are no rule are reported.
func applySuppressions(
    _ diagnostics: [Diagnostic], comments: [Comment], source: [UInt8], index: LineIndex,
    allEnvironments: Bool = true
) -> [Diagnostic] {
    var sups = parseSuppressions(comments, source: source, index: index)
    guard !sups.isEmpty else { return diagnostics }
    // The suppressions that can apply to a finding: those of its line and those of the file, each split into the
    // blanket ones and, per rule, those that name it; each group is marked used once (the first finding it silences).
    // A scan of every suppression per finding was O(findings × suppressions): 19.6 s per keystroke at 2.3 MB, and
    // file-wide ones, or many on one line, stayed so.
    struct Scope { var all: [Int] = []; var byRule: [String: [Int]] = [:] }
    var lines: [Int: Scope] = [:]
    var file = Scope()
    for k in sups.indices {
        func add(_ sc: inout Scope) {
            if sups[k].rules.isEmpty { sc.all.append(k); return }
            var named = Set<String>()
            for r in sups[k].rules where named.insert(r.id).inserted { sc.byRule[r.id, default: []].append(k) }
        }
        switch sups[k].scope {
        case .nextLine(let l): add(&lines[l, default: Scope()])
        case .file: add(&file)
        }
    }
    struct Mark: Hashable { let line: Int; let rule: String }
    var marked = Set<Mark>()
    var kept: [Diagnostic] = []
    for d in diagnostics {
        // Syntax errors are never silenced: the document must parse.
        if d.ruleID == .syntax { kept.append(d); continue }
        let line = index.position(of: d.range.start, in: .utf8).line
        var silenced = false
        func apply(_ sc: Scope, _ at: Int) {
            if !sc.all.isEmpty {
                silenced = true
                if marked.insert(Mark(line: at, rule: "*")).inserted { for k in sc.all { sups[k].used.insert("*") } }
            }
            if let ks = sc.byRule[d.rule] {
                silenced = true
                if marked.insert(Mark(line: at, rule: d.rule)).inserted { for k in ks { sups[k].used.insert(d.rule) } }
            }
        }
        if let sc = lines[line] { apply(sc, line) }
        apply(file, -1)
        if !silenced { kept.append(d) }
    }
    let known = knownRuleIDs
    for s in sups {
        let removeAll = Fix(
            title: "Remove the unused suppression", edits: [removeCommentEdit(s.comment, source: source)])
        if s.rules.isEmpty {
            if s.used.isEmpty && allEnvironments {
                kept.append(
                    Diagnostic(
                        rule: .unusedSuppression, severity: .warning,
                        message: "this suppression silences nothing: no finding is on the line it covers",
                        range: s.comment.range, fix: removeAll))
            }
            continue
        }
        let unused = s.rules.filter {
            !s.used.contains($0.id) && (allEnvironments || !known.contains($0.id) || $0.id == tooManyProblemsRule)
        }
        for r in unused {
            var msg: String
            if !known.contains(r.id) {
                msg = "\"\(r.id)\" is not a rule"
                if let sug = ruleSuggestions.best(for: r.id) { msg += "; did you mean \"\(sug)\"?" } else { msg += "." }
                msg += " The suppression silences nothing"
            } else if r.id == tooManyProblemsRule {
                msg = "\"\(r.id)\" cannot be suppressed: it stands for problems that were not listed"
            } else {
                msg = "\"\(r.id)\" is suppressed here but does not fire on the \(s.isFile ? "document" : "next line")"
            }
            let fix =
                unused.count == s.rules.count
                ? removeAll
                : Fix(
                    title: "Remove \"\(r.id)\" from the suppression",
                    edits: [removeListItemEdit(r.range, source: source)])
            kept.append(
                Diagnostic(rule: .unusedSuppression, severity: .warning, message: msg, range: r.range, fix: fix))
        }
    }
    return kept
}

/// The rule ids, as a set and prepared for "did you mean" once (a document can name hundreds of unknown rules).
let knownRuleIDs = Set(RuleCatalog.all.map(\.id))
let ruleSuggestions = Suggestions(RuleCatalog.all.map(\.id))

extension Suppression {
    var isFile: Bool { if case .file = scope { return true }; return false }
}

func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

/// Removes a comment; when it is alone on its line, the whole line goes (with its line break).
func removeCommentEdit(_ c: Comment, source: [UInt8]) -> TextEdit {
    var s = c.range.start, e = c.range.end
    var ls = s
    while ls > 0, isBlank(source[ls - 1]) { ls -= 1 }
    var le = e
    while le < source.count, isBlank(source[le]) { le += 1 }
    let aloneStart = ls == 0 || source[ls - 1] == 0x0A || source[ls - 1] == 0x0D
    let aloneEnd = le == source.count || source[le] == 0x0A || source[le] == 0x0D
    if aloneStart && aloneEnd {
        s = ls
        e = le
        if e < source.count, source[e] == 0x0D { e += 1 }
        if e < source.count, source[e] == 0x0A { e += 1 }
    } else if aloneEnd {
        s = ls // trailing comment: drop the blanks before it too
    }
    return TextEdit(range: ByteRange(s, e), newText: "")
}

/// Removes one name from a comma- or space-separated list, with one separator.
func removeListItemEdit(_ r: ByteRange, source: [UInt8]) -> TextEdit {
    var s = r.start, e = r.end
    var k = e
    while k < source.count, isBlank(source[k]) { k += 1 }
    if k < source.count, source[k] == 0x2C {
        k += 1
        while k < source.count, isBlank(source[k]) { k += 1 }
        e = k
    } else {
        var b = s
        while b > 0, isBlank(source[b - 1]) { b -= 1 }
        if b > 0, source[b - 1] == 0x2C { b -= 1 }
        s = b
    }
    return TextEdit(range: ByteRange(s, e), newText: "")
}

/// The edit that silences `d` on its line: a `// layoutlint-disable-next-line RULE` comment above it, indented
/// like that line, or the rule added to a suppression comment already there.
public func disableLineFix(for d: Diagnostic, in source: [UInt8], lineIndex: LineIndex) -> Fix {
    let line = lineIndex.position(of: d.range.start, in: .utf8).line
    let title = "Disable \(d.rule) for this line"
    let lr = lineIndex.lineRange(line)
    // An existing directive on the line above: append the rule.
    if line > 0 {
        // On the bytes: offsets taken from a decoded line were off by two per invalid UTF-8 byte before the
        // directive (each became a three-byte U+FFFD), which could put the edit on the next line.
        let above = lineIndex.lineRange(line - 1)
        if let at = firstOccurrence(
            of: Array("// \(nextLineDirective)".utf8), in: source, from: above.start, to: above.end)
        {
            let afterDirective = at + 3 + nextLineDirective.utf8.count
            var insertAt =
                firstOccurrence(of: Array(" --".utf8), in: source, from: afterDirective, to: above.end) ?? above.end
            while insertAt > above.start, isBlank(source[insertAt - 1]) { insertAt -= 1 }
            return Fix(
                title: title, edits: [TextEdit(range: ByteRange(insertAt, insertAt), newText: ", \(d.rule)")],
                isSafe: false)
        }
    }
    var indentEnd = lr.start
    while indentEnd < lr.end, isBlank(source[indentEnd]) { indentEnd += 1 }
    let indent = String(decoding: source[lr.start..<indentEnd], as: UTF8.self)
    // The line's own break: CR LF, or a lone CR (a classic Mac file), else LF.
    var newline = "\n"
    if lr.end < source.count, source[lr.end] == 0x0D {
        newline = lr.end + 1 < source.count && source[lr.end + 1] == 0x0A ? "\r\n" : "\r"
    }
    return Fix(
        title: title,
        edits: [
            TextEdit(
                range: ByteRange(lr.start, lr.start), newText: "\(indent)// \(nextLineDirective) \(d.rule)\(newline)")
        ],
        isSafe: false)
}

/// Where `needle` first occurs in `bytes[from..<to]`.
func firstOccurrence(of needle: [UInt8], in bytes: [UInt8], from: Int, to: Int) -> Int? {
    guard !needle.isEmpty, to - from >= needle.count else { return nil }
    var i = from
    while i <= to - needle.count {
        if bytes[i] == needle[0] && bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
        i += 1
    }
    return nil
}
