// Fixes in Swift: the engine's rules find the problem; the edit that repairs it is written here, in Swift, keeping
// the user's formatting (the statement's own indentation, its receiver, its other arguments).

import Foundation
import LayoutLintCore

extension SwiftFrontEnd {
    /// `sections`: the layouts' sections by range (`sectionsByRange`), in the module's offsets; `virtual` turns the
    /// file's offsets into those, `real` back.
    static func attachSwiftFixes(_ diagnostics: inout [Diagnostic], file: SwiftSourceFile, sections: [[ByteRange: SectionSpec]] = [],
                                 virtual: @escaping (ByteRange) -> ByteRange = { $0 }, real: @escaping (ByteRange) -> ByteRange = { $0 }) {
        let sectionAt = SectionsByRange(sections, virtual)
        for i in diagnostics.indices where diagnostics[i].fix == nil {
            switch diagnostics[i].ruleID {
            case .estimatedContentInsets: diagnostics[i].fix = insetsToEdgeSpacing(diagnostics[i], file.bytes)
            case .pagingInterGroupSpacing: diagnostics[i].fix = toGroupPaging(diagnostics[i], file.bytes, sectionAt, real)
            case .centeredPagingInterGroupSpacing: diagnostics[i].fix = spacingToItemInsets(diagnostics[i], file.bytes, sectionAt, real)
            default: break
            }
        }
    }

    /// A layout's sections by the range of their spacing, insets and group size (the first section at each), in the
    /// offsets its read gave them: made once when the layout is read (the editor assembles a file's diagnostics on
    /// every edit, from layouts mostly kept, whose offsets edits elsewhere do not move).
    static func sectionsByRange(_ documents: [LayoutDocument]) -> [ByteRange: SectionSpec] {
        var t: [ByteRange: SectionSpec] = [:]
        for doc in documents {
            for section in doc.sections {
                let s = section.base
                for r in [s.props["interGroupSpacing"]?.valueRange, s.contentInsets?.range, s.group?.width?.range, s.group?.height?.range] {
                    if let r, t[r] == nil { t[r] = s }
                }
            }
        }
        return t
    }

    /// The section a paging finding is about: the first whose spacing, insets or group size is at the finding.
    struct SectionsByRange {
        let tables: [[ByteRange: SectionSpec]]
        let virtual: (ByteRange) -> ByteRange

        init(_ tables: [[ByteRange: SectionSpec]], _ virtual: @escaping (ByteRange) -> ByteRange) {
            self.tables = tables
            self.virtual = virtual
        }

        func section(of d: Diagnostic) -> SectionSpec? {
            let r = virtual(d.range)
            for t in tables { if let s = t[r] { return s } }
            return nil
        }
    }

    /// `.paging` with spacing, insets or a narrower group: `.groupPaging` pages by the group (a suggestion: it
    /// changes how the section scrolls).
    static func toGroupPaging(_ d: Diagnostic, _ b: [UInt8], _ sections: SectionsByRange, _ real: (ByteRange) -> ByteRange) -> Fix? {
        guard let s = sections.section(of: d), let site = s.props["orthogonalScrollingBehavior"] else { return nil }
        let r = real(site.valueRange)
        guard r.start >= 0, r.end <= b.count else { return nil }
        let text = String(decoding: b[r.start..<r.end], as: UTF8.self)
        guard text.hasSuffix(".paging") else { return nil }
        return Fix(title: "Page by the group (.groupPaging)",
                   edits: [TextEdit(range: ByteRange(r.end - "paging".utf8.count, r.end), newText: "groupPaging")], isSafe: false)
    }

    /// Spacing with `.groupPagingCentered`: the `interGroupSpacing` statement goes, and half the spacing goes on each
    /// item's leading and trailing insets (a suggestion: every card gets narrower by the spacing). Only where the
    /// spacing is a statement of its own line, and each item's insets are a plain `NSDirectionalEdgeInsets(…)` of
    /// numbers or none (then a statement setting them follows the item's declaration).
    static func spacingToItemInsets(_ d: Diagnostic, _ b: [UInt8], _ sections: SectionsByRange, _ real: (ByteRange) -> ByteRange) -> Fix? {
        guard let s = sections.section(of: d), s.interGroupSpacing / 2 >= 1, let g = s.group?.group else { return nil }
        let half = s.interGroupSpacing / 2
        let (a, z) = g.direction == .vertical ? ("top", "bottom") : ("leading", "trailing")
        // The spacing statement, whole lines.
        guard let (lineStart, lineEnd, head) = statementLine(d.range, b), head.hasSuffix(".interGroupSpacing =") else { return nil }
        var edits = [TextEdit(range: ByteRange(lineStart, min(b.count, lineEnd + 1)), newText: "")]
        var seen = Set<Int>()
        for item in g.layout.children {
            guard !item.isGroup else { return nil }
            if let site = item.props["contentInsets"] {
                let r = real(site.valueRange)
                guard seen.insert(r.start).inserted else { continue }
                guard var values = literalInsets(r, b) else { return nil }
                values[a, default: 0] += half
                values[z, default: 0] += half
                edits.append(TextEdit(range: r, newText: insetsCall(values)))
            } else {
                // `let card = NSCollectionLayoutItem(…)`: its insets on a new line after the statement.
                let r = real(item.range)
                guard seen.insert(r.start).inserted, let (_, _, head) = statementLine(r, b) else { continue }
                let words = head.split(separator: " ")
                guard words.count == 3, words[0] == "let" || words[0] == "var", words[2] == "=" else { return nil }
                var end = r.end
                while end < b.count, b[end] != 0x0A { end += 1 }
                let indent = String(decoding: b[lineStartOf(r.start, b)...].prefix { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)
                edits.append(TextEdit(range: ByteRange(end, end),
                                      newText: "\n\(indent)\(words[1]).contentInsets = \(insetsCall([a: half, z: half]))"))
            }
        }
        guard edits.count > 1 else { return nil }
        return Fix(title: "Replace interGroupSpacing by \(formatPoints(half)) pt item insets on each side (the cards get \(formatPoints(s.interGroupSpacing)) pt narrower)",
                   edits: edits, isSafe: false)
    }

    static func lineStartOf(_ at: Int, _ b: [UInt8]) -> Int {
        var i = min(at, b.count)
        while i > 0, b[i - 1] != 0x0A { i -= 1 }
        return i
    }

    /// The line of a statement whose value is `r` and nothing after it on its line: its start, its end (the
    /// newline), and the text before `r` (trimmed). nil when the line holds more.
    static func statementLine(_ r: ByteRange, _ b: [UInt8]) -> (Int, Int, String)? {
        guard r.start >= 0, r.end <= b.count else { return nil }
        let start = lineStartOf(r.start, b)
        var end = r.end
        while end < b.count, b[end] != 0x0A { end += 1 }
        // (ASCII white space is skipped byte by byte, as Foundation's `whitespaces` (space, tab) and
        // `whitespacesAndNewlines` (a CR too, before the line's LF) have it; other text goes through Foundation.)
        let space = { (c: UInt8) in c == 0x20 || c == 0x09 }
        if !b[r.end..<end].allSatisfy({ space($0) || $0 == 0x0D }) {
            let after = String(decoding: b[r.end..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard after.isEmpty else { return nil }
        }
        var lo = start, hi = r.start
        while lo < hi, space(b[lo]) { lo += 1 }
        while hi > lo, space(b[hi - 1]) { hi -= 1 }
        let head = String(decoding: b[lo..<hi], as: UTF8.self)
        return (start, end, b[lo..<hi].allSatisfy { $0 < 0x80 } ? head : head.trimmingCharacters(in: .whitespaces))
    }

    /// `NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)` (or `.init(…)`,
    /// `IBPNSDirectionalEdgeInsets(…)`) at `r`: its callee as written and each argument's literal text, when the
    /// arguments are exactly top, leading, bottom and trailing, each a number literal.
    static func insetsLiteral(_ r: ByteRange, _ b: [UInt8]) -> (callee: String, values: [String: String])? {
        guard r.start >= 0, r.end <= b.count else { return nil }
        let expr = String(decoding: b[r.start..<r.end], as: UTF8.self)
        guard let open = expr.firstIndex(of: "("), expr.hasSuffix(")") else { return nil }
        let callee = expr[..<open].trimmingCharacters(in: .whitespaces)
        guard callee == "NSDirectionalEdgeInsets" || callee == ".init" || callee == "IBPNSDirectionalEdgeInsets" else { return nil }
        var values: [String: String] = [:]
        for part in expr[expr.index(after: open)..<expr.index(before: expr.endIndex)].split(separator: ",") {
            let kv = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            guard kv.count == 2, Double(kv[1]) != nil else { return nil }
            values[kv[0]] = kv[1]
        }
        return Set(values.keys) == ["top", "leading", "bottom", "trailing"] ? (callee, values) : nil
    }

    /// The same as numbers, for a fix that writes `NSDirectionalEdgeInsets(…)` back (not the IBP spelling).
    static func literalInsets(_ r: ByteRange, _ b: [UInt8]) -> [String: Double]? {
        guard let (callee, values) = insetsLiteral(r, b), callee != "IBPNSDirectionalEdgeInsets" else { return nil }
        return values.compactMapValues(Double.init)
    }

    static func insetsCall(_ v: [String: Double]) -> String {
        func n(_ k: String) -> String { formatPoints(v[k] ?? 0) }
        return "NSDirectionalEdgeInsets(top: \(n("top")), leading: \(n("leading")), bottom: \(n("bottom")), trailing: \(n("trailing")))"
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
        guard let (callee, values) = insetsLiteral(r, b) else { return nil }
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
