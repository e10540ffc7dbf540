// Fuzz target 4: incremental edits at the core, without the server. Random edit sequences go straight into an
// `IncrementalLinter` (the engine behind `serve`); after them, and wherever the input asks, its results must equal
// a from-scratch view of its text:
// - its diagnostics equal `lint(bytes:)` of the text, whole (ranges, messages, related locations, fixes), and so
//   do the counts past the limit on diagnostics per document; one input in four sets that limit to 1–16, so that
//   the incremental linter's end of the list meets the whole-document linter's parser and builder, which only
//   count what is past it (regression tests: DiagnosticLimitTests), and one in four turns rules off or changes their
//   severity;
// - its outline and inlay sizes equal those of a linter that only read the final text;
// - its line index, updated edit by edit (UTF-16 and UTF-32 checkpoints moved over each edit in a text with non-ASCII
//   or invalid bytes), answers as one made from the final text: positions in the three encodings and back, at the
//   ends of every edit and at 65 offsets spread over the text.
// `FuzzIncremental` checks the same property through the server (LSP positions, JSON, the document store, pulls
// between changes); this target has none of that cost, so it runs several times as many edit sequences.
//
// Input layout: 2 bytes initial-text length L (mod 4096), L bytes of text (any bytes: the core takes bytes), then
// operations: op byte: bits 0-1 = 0 → the whole text replaced, else a ranged edit; bit 4: lint now (else the edit
// waits, and the edits since the last lint are linted in one update); bit 5: lint now and compare here too.
//   a ranged edit reads 2 bytes start offset, 1 byte length, 1 byte text length N, N bytes; a replacement reads
//   1 byte text length N and N bytes.
import FuzzCheck
import LayoutLintCore

func describe(_ d: Diagnostic) -> String {
    "\(d.range) \(d.rule) \(d.severity) \(d.message) related=\(d.related.map { "\($0.range) \($0.message)" }) "
        + "fix=\(d.fix.map { "\($0.title) \($0.isSafe) \($0.edits.map { "\($0.range)=\($0.newText.debugDescription)" })" } ?? "-")"
}

/// Every text of a diagnostic, for a comparison as bytes.
func texts(_ d: Diagnostic) -> [String] {
    [d.rule, d.message] + d.environments + d.related.map(\.message) + [d.fix?.title ?? ""] + (d.fix?.edits.map(\.newText) ?? [])
}

/// The diagnostics of `inc` equal a lint of its text from scratch.
func compareWithLint(_ inc: IncrementalLinter, _ what: String) {
    let got = inc.diagnostics
    let whole = lint(bytes: inc.text, options: inc.options)
    let want = whole.diagnostics
    check(inc.omitted == whole.omitted, "incremental counts past the limit differ from a lint of the text (\(what)): "
          + "\(inc.omitted) vs \(whole.omitted)")
    // `Diagnostic ==` compares messages with Swift's `==` (canonical equivalence): the texts are compared as bytes too.
    guard got != want || !zip(got, want).allSatisfy({ texts($0).elementsEqual(texts($1)) { $0.utf8.elementsEqual($1.utf8) } }) else { return }
    let i = (0..<max(got.count, want.count)).first { $0 >= got.count || $0 >= want.count || got[$0] != want[$0] }!
    fatalError("""
        incremental diagnostics differ from a lint of the text (\(what), mode \(inc.stats.mode)): \(got.count) vs \(want.count); \
        first difference at \(i):
        incremental: \(i < got.count ? describe(got[i]) : "-")
        lint:        \(i < want.count ? describe(want[i]) : "-")
        text: \(String(decoding: inc.text, as: UTF8.self).debugDescription)
        """)
}

/// The line index kept through the edits equals one made from the final text at `offsets` and 65 spread ones.
func compareLineIndex(_ inc: IncrementalLinter, _ offsets: [Int]) {
    let fresh = LineIndex(inc.text, countsByteOrderMark: true)
    let kept = inc.lineIndex
    check(kept.lineCount == fresh.lineCount, "the line index after edits has \(kept.lineCount) lines, the text \(fresh.lineCount)")
    let n = inc.text.count
    for o in offsets + (0...64).map({ n * $0 / 64 }) where o >= 0 && o <= n {
        for e in [PositionEncoding.utf8, .utf16, .utf32] {
            let p = fresh.position(of: o, in: e)
            check(kept.position(of: o, in: e) == p, "the line index after edits puts offset \(o) at \(kept.position(of: o, in: e)) (\(e)), the text at \(p)")
            let back = Position(line: p.line, character: p.character + 1)
            check(kept.offset(of: back, in: e) == fresh.offset(of: back, in: e), "the line index after edits reads \(back) (\(e)) otherwise than the text")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIncrementalCore(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 2 else { return 0 }
    var r = Reader(data, count: size)
    let len = (r.byte()! << 8 | r.byte()!) % 4096
    var options = LintOptions()
    if len % 4 == 1 { options.maxDiagnostics = 1 + (len / 4) % 16 }
    // And one in four with rules turned off and changed, half of them also with the limit (a rule that is off still
    // takes part in choosing which fixes of a broken document are checked, until severities apply).
    if len % 8 == 3 || len % 8 == 5 {
        let off: Severity? = nil
        options.severities = ["unknown-property": off, "missing-property": off, "wrong-type": .warning, "duplicate-key": off]
    }
    let inc = IncrementalLinter(text: r.bytes(len), options: options)
    var ops = 0
    var edits = 0
    var edited: [Int] = []   // where edits started and ended, in the text after each
    while let op = r.byte(), ops < 64 {
        ops += 1
        let n = inc.text.count
        let range: ByteRange
        let new: [UInt8]
        if op & 3 == 0 {
            range = ByteRange(0, n)
            new = r.bytes(r.byte() ?? 0)
        } else {
            let s = n == 0 ? 0 : (((r.byte() ?? 0) << 8) | (r.byte() ?? 0)) % (n + 1)
            let e = min(n, s + (r.byte() ?? 0))
            range = ByteRange(s, e)
            new = r.bytes(r.byte() ?? 0)
        }
        edits += 1
        if op & 16 != 0 { inc.replace(range, with: new) } else { inc.edit(range, with: new) }
        if edited.count < 64 { edited += [range.start, range.start + new.count] }
        if op & 32 != 0 {
            inc.update()
            compareWithLint(inc, "after edit \(edits)")
        }
    }
    inc.update()
    compareWithLint(inc, "at the end, after \(edits) edits")
    if edits > 0 {
        let fresh = IncrementalLinter(text: inc.text, options: options)
        check(inc.outline() == fresh.outline(), "the outline after edits differs from the outline of the final text")
        let all = ByteRange(0, inc.text.count)
        check(inc.dimensionSizes(in: all) == fresh.dimensionSizes(in: all),
              "the inlay sizes after edits differ from those of the final text")
        compareLineIndex(inc, edited)
    }
    return 0
}
