// Fuzz target: the Swift front end (`SwiftFrontEnd.lint`), on bytes that are mostly Swift that builds compositional
// layouts. An input is one file, or up to four files separated by the marker `\0file\0` (read as one module, as the
// CLI reads a folder: helpers in one file, the layout in another).
// Properties (a violation traps):
// - no crash, no stack overflow, no hang (the evaluator's bounds are steps, depth and loop iterations: a libFuzzer
//   timeout is a finding);
// - one result per file, in order, each holding that file's bytes;
// - every diagnostic range, related location, fix edit, layout range, note range and unread-layout range lies inside
//   its file;
// - the lint is deterministic: linting the same files again gives the same diagnostics (ranges, messages, fixes)
//   and the same layouts, by name and range;
// - the editor's reader (`SwiftDocumentReader`), updated incrementally to a one-file input of up to 12 KiB from that
//   text less one byte (and back), shows what a fresh lint shows: diagnostics, layouts, frames and the ranges of the
//   Swift behind them. (Four more lints and four parses: on the largest seed, 27 KB, they were two thirds of a run's
//   40 s on the debug build the smoke uses; the reader's incremental path does not depend on the file's size, and the
//   10 KB seeds take it.)
import FuzzCheck
import LayoutLintCore
import LayoutLintSwift
import SwiftParser
import SwiftSyntax

let fileMarker: [UInt8] = Array("\0file\0".utf8)

/// The input's files: split at each `\0file\0` (at most four files; the rest stays in the last).
func files(_ input: [UInt8]) -> [(path: String, bytes: [UInt8])] {
    var out: [[UInt8]] = []
    var start = 0, i = 0
    while i + fileMarker.count <= input.count, out.count < 3 {
        if input[i] == 0, input[i..<(i + fileMarker.count)].elementsEqual(fileMarker) {
            out.append(Array(input[start..<i]))
            i += fileMarker.count
            start = i
        } else {
            i += 1
        }
    }
    out.append(Array(input[start...]))
    return out.enumerated().map { ("/w/Sources/App/File\($0.offset).swift", $0.element) }
}

func inside(_ r: ByteRange, _ count: Int) -> Bool { r.start >= 0 && r.start <= r.end && r.end <= count }

func checkInside(_ results: [SwiftFileResult], _ sources: [(path: String, bytes: [UInt8])]) {
    check(results.count == sources.count, "\(results.count) results for \(sources.count) files")
    for (r, s) in zip(results, sources) {
        check(r.path == s.path && r.source == s.bytes, "the result for \(s.path) is of another file (\(r.path))")
        let n = s.bytes.count
        for d in r.diagnostics {
            check(inside(d.range, n), "\(d.rule) range \(d.range) outside a file of \(n) bytes: \(d.message)")
            for rel in d.related {
                check(inside(rel.range, n), "\(d.rule) related range \(rel.range) outside a file of \(n) bytes")
            }
            for e in d.fix?.edits ?? [] {
                check(inside(e.range, n), "\(d.rule) fix edit \(e.range) outside a file of \(n) bytes")
            }
        }
        for l in r.layouts {
            check(inside(l.range, n), "layout \(l.name) range \(l.range) outside a file of \(n) bytes")
            for d in l.result.diagnostics {
                check(inside(d.range, n), "layout \(l.name): \(d.rule) range \(d.range) outside a file of \(n) bytes")
            }
            for note in l.notes {
                let of = sources.first { $0.path == note.path }?.bytes.count
                check(of != nil, "layout \(l.name): note \(note.rule) in \(note.path), not one of the files")
                check(inside(note.range, of ?? 0), "layout \(l.name): note \(note.rule) range \(note.range) outside \(note.path)")
            }
        }
        for u in r.unread {
            check(inside(u.range, n), "unread layout \(u.name) range \(u.range) outside a file of \(n) bytes")
        }
    }
}

/// What a user sees of a Swift file's result, in text offsets (the reader keeps its layouts' own ranges in region
/// offsets; `textRange` maps them).
func seen(_ r: SwiftFileResult) -> [String] {
    var out = r.diagnostics.map { "\($0)" }
    for l in r.layouts {
        out.append("layout \(l.name) \(l.range)")
        for rl in l.result.layouts {
            for s in rl.sections {
                out.append("  section \(r.textRange(s.section.range)) \(s.frame)")
                s.group?.walk { n in out.append("    \(n.frame) \(n.element.map { "\(r.textRange($0.range))" } ?? "-")") }
            }
        }
    }
    out += r.unread.map { "unread \($0.name) \($0.range) \($0.message)" }
    return out
}

/// Whether swift-syntax's incremental parse of `new` from `old`'s tree (one byte inserted or removed at `at`) is the
/// tree a fresh parse gives. It is not always, for code that does not parse (ROBUSTNESS.md, "Known limits"); the
/// reader is checked where it is, which checks what layoutlint adds to the incremental parse.
func incrementalParseAgrees(_ old: [UInt8], _ new: [UInt8], at: Int) -> Bool {
    let first = old.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: nil) }
    let removed = max(0, old.count - new.count), inserted = max(0, new.count - old.count)
    let edit = SourceEdit(range: AbsolutePosition(utf8Offset: at)..<AbsolutePosition(utf8Offset: at + removed),
                          replacement: Array(new[at..<at + inserted]))
    let transition = IncrementalParseTransition(previousIncrementalParseResult: first, edits: ConcurrentEdits(edit))
    let incremental = new.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: transition) }
    let fresh = new.withUnsafeBufferPointer { Parser.parse(source: $0) }
    return sameTree(Syntax(incremental.tree), Syntax(fresh))
}

/// Whether two trees have the same nodes, tokens and trivia (compared node by node with a stack of its own: a
/// tree's `debugDescription` took seconds on inputs of a few kilobytes under AddressSanitizer).
func sameTree(_ a: Syntax, _ b: Syntax) -> Bool {
    var stack = [(a, b)]
    while let (x, y) = stack.popLast() {
        guard x.kind == y.kind, x.totalLength == y.totalLength else { return false }
        if let tx = x.as(TokenSyntax.self), let ty = y.as(TokenSyntax.self) {
            guard tx.tokenKind == ty.tokenKind, tx.presence == ty.presence, tx.leadingTrivia == ty.leadingTrivia,
                  tx.trailingTrivia == ty.trailingTrivia else { return false }
            continue
        }
        let cx = Array(x.children(viewMode: .all)), cy = Array(y.children(viewMode: .all))
        guard cx.count == cy.count else { return false }
        stack += zip(cx, cy)
    }
    return true
}

/// The editor's reader (`serve`): opened on the text with one byte taken out of its middle, then given the whole
/// text (an incremental update), it must show what a fresh lint shows; and again after the byte is taken out.
func checkReader(_ source: (path: String, bytes: [UInt8]), fresh: SwiftFileResult) {
    let text = source.bytes
    guard !text.isEmpty else { return }
    let cut = text.count / 2
    var without = text
    without.remove(at: cut)
    guard incrementalParseAgrees(without, text, at: cut), incrementalParseAgrees(text, without, at: cut) else { return }
    let reader = SwiftDocumentReader(path: source.path, text: without, options: LintOptions())
    reader.update(text: text, options: nil)
    check(seen(reader.result) == seen(fresh), "\(source.path): the reader's update to the text differs from a fresh lint")
    reader.update(text: without, options: nil)
    let freshWithout = SwiftFrontEnd.lint([(source.path, without)])[0]
    check(seen(reader.result) == seen(freshWithout), "\(source.path): the reader's update after a deletion differs from a fresh lint")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwift(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let sources = files(input)
    let first = SwiftFrontEnd.lint(sources)
    checkInside(first, sources)
    let second = SwiftFrontEnd.lint(sources)
    for (a, b) in zip(first, second) {
        check(a.diagnostics == b.diagnostics,
              "\(a.path): a second lint differs: \(a.diagnostics.count) vs \(b.diagnostics.count) diagnostics, first difference "
              + "\(zip(a.diagnostics, b.diagnostics).first { $0.0 != $0.1 }.map { "\($0.0) / \($0.1)" } ?? "in count")")
        check(a.layouts.map { "\($0.name)@\($0.range)" } == b.layouts.map { "\($0.name)@\($0.range)" },
              "\(a.path): a second lint reads other layouts")
        check(a.omitted == b.omitted, "\(a.path): a second lint omits other diagnostics")
    }
    // (Not where reading stopped at a bound: such an input takes the evaluator's million steps on every read.)
    if sources.count == 1, sources[0].bytes.count <= 12_288,
       !first[0].diagnostics.contains(where: { $0.rule == "swift-limit" }) {
        checkReader(sources[0], fresh: first[0])
    }
    return 0
}
