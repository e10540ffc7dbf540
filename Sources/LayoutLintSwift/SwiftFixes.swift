// Fixes in Swift: the engine's rules find the problem; the edit that repairs it is written here, in Swift, keeping
// the user's formatting (the statement's own indentation, its receiver, its other arguments).

import Foundation
import LayoutLintCore

extension SwiftFrontEnd {
    static func attachSwiftFixes(_ diagnostics: inout [Diagnostic], file: SwiftSourceFile) {
        for i in diagnostics.indices where diagnostics[i].rule == "estimated-content-insets" && diagnostics[i].fix == nil {
            diagnostics[i].fix = insetsToEdgeSpacing(diagnostics[i], file.bytes)
        }
    }

    /// `item.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 4, bottom: 8, trailing: 4)` on an item whose
    /// height is estimated: the top and bottom leave the insets and become `item.edgeSpacing`, on a line of its own
    /// below, with the statement's indentation. Only where the statement is that plain assignment of literal
    /// numbers, on an item (a section's root group takes its spacing from the section instead), and the receiver
    /// has no edgeSpacing of its own yet.
    static func insetsToEdgeSpacing(_ d: Diagnostic, _ b: [UInt8]) -> Fix? {
        guard d.message.contains("of this item") else { return nil }
        let vertical = d.message.contains("estimated height"), horizontal = d.message.contains("estimated width")
        guard vertical || horizontal, !(vertical && horizontal) else { return nil }
        let r = d.range
        guard r.end <= b.count else { return nil }
        let expr = String(decoding: b[r.start..<r.end], as: UTF8.self)
        guard let open = expr.firstIndex(of: "("), expr.hasSuffix(")") else { return nil }
        let callee = expr[..<open].trimmingCharacters(in: .whitespaces)
        guard callee == "NSDirectionalEdgeInsets" || callee == ".init" || callee == "IBPNSDirectionalEdgeInsets" else { return nil }
        // The arguments: exactly top, leading, bottom, trailing, each a number literal.
        var values: [String: String] = [:]
        for part in expr[expr.index(after: open)..<expr.index(before: expr.endIndex)].split(separator: ",") {
            let kv = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            guard kv.count == 2, Double(kv[1]) != nil else { return nil }
            values[kv[0]] = kv[1]
        }
        guard Set(values.keys) == ["top", "leading", "bottom", "trailing"] else { return nil }
        // The statement: `RECEIVER.contentInsets = ` right before the expression, on its line.
        var lineStart = r.start
        while lineStart > 0, b[lineStart - 1] != 0x0A { lineStart -= 1 }
        let head = String(decoding: b[lineStart..<r.start], as: UTF8.self)
        let indent = String(head.prefix { $0 == " " || $0 == "\t" })
        let lhs = head.trimmingCharacters(in: .whitespaces)
        guard lhs.hasSuffix("="), case let target = lhs.dropLast().trimmingCharacters(in: .whitespaces),
              target.hasSuffix(".contentInsets") else { return nil }
        let receiver = String(target.dropLast(".contentInsets".count))
        guard !receiver.isEmpty, receiver.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
        if String(decoding: b, as: UTF8.self).contains(receiver + ".edgeSpacing") { return nil }
        var lineEnd = r.end
        while lineEnd < b.count, b[lineEnd] != 0x0A { lineEnd += 1 }
        let (a, z) = vertical ? ("top", "bottom") : ("leading", "trailing")
        var kept = values
        kept[a] = "0"
        kept[z] = "0"
        let newInsets = "\(callee)(top: \(kept["top"]!), leading: \(kept["leading"]!), bottom: \(kept["bottom"]!), trailing: \(kept["trailing"]!))"
        func spacing(_ e: String) -> String { e == a || e == z ? ".fixed(\(values[e]!))" : "nil" }
        let edge = "\n\(indent)\(receiver).edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: \(spacing("leading")), top: \(spacing("top")), trailing: \(spacing("trailing")), bottom: \(spacing("bottom")))"
        return Fix(title: "Move the \(vertical ? "top and bottom" : "leading and trailing") insets to \(receiver).edgeSpacing",
                   edits: [TextEdit(range: r, newText: newInsets), TextEdit(range: ByteRange(lineEnd, lineEnd), newText: edge)])
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
