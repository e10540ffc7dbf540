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
//   and the same layouts, by name and range.
import FuzzCheck
import LayoutLintCore
import LayoutLintSwift

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
    return 0
}
