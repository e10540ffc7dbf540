// Fixes in Swift: the engine's rules find the problem; the edit that repairs it is written here, in Swift, keeping
// the user's formatting.

import LayoutLintCore

extension SwiftFrontEnd {
    static func attachSwiftFixes(_ diagnostics: inout [Diagnostic], file: SwiftSourceFile) {
    }
}

extension SwiftFrontEnd {
    /// `lint --fix` on a Swift file: its safe fixes that do not overlap, applied once (each is an edit of the
    /// user's own expression; the next `lint` reports what is left).
    public static func applySafeFixes(_ r: SwiftFileResult) -> (text: [UInt8], applied: Int) {
        var edits: [TextEdit] = []
        var applied = 0
        var taken: [ByteRange] = []
        for d in r.diagnostics {
            guard let f = d.fix, f.isSafe else { continue }
            let ranges = f.edits.map(\.range)
            if ranges.contains(where: { e in taken.contains { $0.start < e.end && e.start < $0.end || $0 == e } }) { continue }
            taken += ranges
            edits += f.edits
            applied += 1
        }
        guard applied > 0 else { return (r.source, 0) }
        var out = r.source
        for e in edits.sorted(by: { $0.range.start > $1.range.start }) {
            out.replaceSubrange(e.range.start..<e.range.end, with: Array(e.newText.utf8))
        }
        return (out, applied)
    }
}
