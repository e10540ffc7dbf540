// Fixes in Swift: the engine's rules find the problem; the edit that repairs it is written here, in Swift, keeping
// the user's formatting (the statement's own indentation, its receiver, its other arguments).

import Foundation
import LayoutLintCore
import SwiftParser
import SwiftSyntax

extension SwiftFrontEnd {
    /// `sections`: the layouts' sections by range (`sectionsByRange`), in the module's offsets; `regionRange` turns the
    /// file's offsets into those, `textRange` back.
    static func attachSwiftFixes(
        _ diagnostics: inout [Diagnostic], file: SwiftSourceFile, sections: [[ByteRange: SectionSpec]] = [],
        regionRange: @escaping (ByteRange) -> ByteRange = { $0 }, textRange: @escaping (ByteRange) -> ByteRange = { $0 }
    ) {
        let sectionAt = SectionsByRange(sections, regionRange)
        for i in diagnostics.indices where diagnostics[i].fix == nil {
            switch diagnostics[i].ruleID {
            case .estimatedContentInsets:
                switch insetsToEdgeSpacing(diagnostics[i], file.bytes) {
                case .fix(let f): diagnostics[i].fix = f
                case .withheld(let why): diagnostics[i].message += "; no automatic fix: \(why)"
                case .none: break
                }
            case .pagingInterGroupSpacing:
                diagnostics[i].fix = toGroupPaging(diagnostics[i], file.bytes, sectionAt, textRange)
            case .centeredPagingInterGroupSpacing:
                diagnostics[i].fix = spacingToItemInsets(diagnostics[i], file.bytes, sectionAt, textRange)
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
                for r in [
                    s.props["interGroupSpacing"]?.valueRange, s.contentInsets?.range, s.group?.width?.range,
                    s.group?.height?.range,
                ] {
                    if let r, t[r] == nil { t[r] = s }
                }
            }
        }
        return t
    }

    /// The section a paging finding is about: the first whose spacing, insets or group size is at the finding.
    struct SectionsByRange {
        let tables: [[ByteRange: SectionSpec]]
        let regionRange: (ByteRange) -> ByteRange

        init(_ tables: [[ByteRange: SectionSpec]], _ regionRange: @escaping (ByteRange) -> ByteRange) {
            self.tables = tables
            self.regionRange = regionRange
        }

        func section(of d: Diagnostic) -> SectionSpec? {
            let r = regionRange(d.range)
            for t in tables { if let s = t[r] { return s } }
            return nil
        }
    }

    /// `.paging` with spacing, insets or a narrower group: `.groupPaging` pages by the group (a suggestion: it
    /// changes how the section scrolls).
    static func toGroupPaging(
        _ d: Diagnostic, _ b: [UInt8], _ sections: SectionsByRange, _ textRange: (ByteRange) -> ByteRange
    ) -> Fix? {
        guard let s = sections.section(of: d), let site = s.props["orthogonalScrollingBehavior"] else { return nil }
        let r = textRange(site.valueRange)
        guard r.start >= 0, r.end <= b.count else { return nil }
        let text = String(decoding: b[r.start..<r.end], as: UTF8.self)
        guard text.hasSuffix(".paging") else { return nil }
        return Fix(
            title: "Page by the group (.groupPaging)",
            edits: [TextEdit(range: ByteRange(r.end - "paging".utf8.count, r.end), newText: "groupPaging")],
            isSafe: false)
    }

    /// Spacing with `.groupPagingCentered`: the `interGroupSpacing` statement goes, and half the spacing goes on each
    /// item's leading and trailing insets (a suggestion: every card gets narrower by the spacing). Only where the
    /// spacing is a statement of its own line, and each item's insets are a plain `NSDirectionalEdgeInsets(…)` of
    /// numbers or none (then a statement setting them follows the item's declaration).
    static func spacingToItemInsets(
        _ d: Diagnostic, _ b: [UInt8], _ sections: SectionsByRange, _ textRange: (ByteRange) -> ByteRange
    ) -> Fix? {
        guard let s = sections.section(of: d), s.interGroupSpacing / 2 >= 1, let g = s.group?.group else { return nil }
        let half = s.interGroupSpacing / 2
        let (a, z) = g.direction == .vertical ? ("top", "bottom") : ("leading", "trailing")
        // The spacing statement, whole lines.
        guard let (lineStart, lineEnd, head) = statementLine(d.range, b), head.hasSuffix(".interGroupSpacing =") else {
            return nil
        }
        var edits = [TextEdit(range: ByteRange(lineStart, min(b.count, lineEnd + 1)), newText: "")]
        var seen = Set<Int>()
        for item in g.layout.children {
            guard !item.isGroup else { return nil }
            if let site = item.props["contentInsets"] {
                let r = textRange(site.valueRange)
                guard seen.insert(r.start).inserted else { continue }
                // Each of the two edges' numbers changed where it is written (the call's layout and comments kept).
                guard let call = insetsLiteral(r, b), call.callee != "IBPNSDirectionalEdgeInsets" else { return nil }
                for e in [a, z] {
                    guard let arg = call.values[e], let x = Double(arg.text) else { return nil }
                    edits.append(TextEdit(range: arg.range, newText: formatPoints(x + half)))
                }
            } else {
                // `let card = NSCollectionLayoutItem(…)`: its insets on a new line after the statement.
                let r = textRange(item.range)
                guard seen.insert(r.start).inserted, let (_, _, head) = statementLine(r, b) else { continue }
                let words = head.split(separator: " ")
                guard words.count == 3, words[0] == "let" || words[0] == "var", words[2] == "=" else { return nil }
                var end = r.end
                while end < b.count, b[end] != 0x0A { end += 1 }
                let indent = String(
                    decoding: b[lineStartOf(r.start, b)...].prefix { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)
                let (at, newline) = lineBreak(before: end, b)
                edits.append(
                    TextEdit(
                        range: ByteRange(at, at),
                        newText: "\(newline)\(indent)\(words[1]).contentInsets = \(insetsCall([a: half, z: half]))"))
            }
        }
        guard edits.count > 1 else { return nil }
        return Fix(
            title:
                "Replace interGroupSpacing by \(formatPoints(half)) pt item insets on each side (the cards get \(formatPoints(s.interGroupSpacing)) pt narrower)",
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
    /// `IBPNSDirectionalEdgeInsets(…)`) at `r`: its callee as written and each argument's number literal, its text
    /// and its range in `b`, when the arguments are exactly top, leading, bottom and trailing. Read with
    /// swift-syntax, so that arguments on lines of their own and comments between them are the user's to keep.
    static func insetsLiteral(_ r: ByteRange, _ b: [UInt8]) -> (
        callee: String, values: [String: (text: String, range: ByteRange)]
    )? {
        guard r.start >= 0, r.end <= b.count, r.length > 0 else { return nil }
        let tree = b[r.start..<r.end].withUnsafeBufferPointer { Parser.parse(source: $0) }
        guard tree.statements.count == 1, let item = tree.statements.first, case .expr(let e) = item.item,
            let call = e.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            call.endPositionBeforeTrailingTrivia.utf8Offset == tree.endPositionBeforeTrailingTrivia.utf8Offset
        else { return nil }
        let callee = call.calledExpression.trimmedDescription
        guard callee == "NSDirectionalEdgeInsets" || callee == ".init" || callee == "IBPNSDirectionalEdgeInsets" else {
            return nil
        }
        var values: [String: (text: String, range: ByteRange)] = [:]
        for arg in call.arguments {
            guard let label = arg.label?.text else { return nil }
            let v = arg.expression
            let isNumber =
                v.is(IntegerLiteralExprSyntax.self) || v.is(FloatLiteralExprSyntax.self)
                || (v.as(PrefixOperatorExprSyntax.self).map {
                    $0.operator.text == "-"
                        && ($0.expression.is(IntegerLiteralExprSyntax.self)
                            || $0.expression.is(FloatLiteralExprSyntax.self))
                } ?? false)
            guard isNumber, values[label] == nil else { return nil }
            values[label] = (
                v.trimmedDescription,
                ByteRange(
                    r.start + v.positionAfterSkippingLeadingTrivia.utf8Offset,
                    r.start + v.endPositionBeforeTrailingTrivia.utf8Offset)
            )
        }
        return Set(values.keys) == ["top", "leading", "bottom", "trailing"] ? (callee, values) : nil
    }

    /// Where a line of its own goes after the line that ends at `end` (its newline, or the end of the text), and
    /// the line break to write: the file's own (`\r\n` where the line ends in one).
    static func lineBreak(before end: Int, _ b: [UInt8]) -> (at: Int, newline: String) {
        if end > 0, end <= b.count, b[end - 1] == 0x0D { return (end - 1, "\r\n") }
        if end == b.count, let lf = b.firstIndex(of: 0x0A), lf > 0, b[lf - 1] == 0x0D { return (end, "\r\n") }
        return (end, "\n")
    }

    static func insetsCall(_ v: [String: Double]) -> String {
        func n(_ k: String) -> String { formatPoints(v[k] ?? 0) }
        return
            "NSDirectionalEdgeInsets(top: \(n("top")), leading: \(n("leading")), bottom: \(n("bottom")), trailing: \(n("trailing")))"
    }

    /// A fix, or why a finding that usually has one has none here.
    enum FixOutcome {
        case fix(Fix)
        case withheld(String)
    }

    /// `item.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 4, bottom: 8, trailing: 4)` on an item whose
    /// height is estimated: the top and bottom numbers become 0 where they are written (the call's line breaks and
    /// comments kept) and move to `item.edgeSpacing`, on a line of its own below the statement, with its
    /// indentation and the file's line break. Only where the statement is that plain assignment of number literals,
    /// on an item (a section's root group takes its spacing from the section instead), and the receiver has no
    /// edgeSpacing of its own yet; else the reason, said in the finding.
    static func insetsToEdgeSpacing(_ d: Diagnostic, _ b: [UInt8]) -> FixOutcome? {
        guard d.message.contains("of this item") else { return nil }
        let vertical = d.message.contains("estimated height"), horizontal = d.message.contains("estimated width")
        guard vertical || horizontal, !(vertical && horizontal) else { return nil }
        let r = d.range
        guard let values = insetsLiteral(r, b)?.values else {
            return .withheld("the insets are not NSDirectionalEdgeInsets(top:leading:bottom:trailing:) of four numbers")
        }
        // The statement: `RECEIVER.contentInsets = ` right before the expression, on its line.
        var lineStart = r.start
        while lineStart > 0, b[lineStart - 1] != 0x0A { lineStart -= 1 }
        let head = String(decoding: b[lineStart..<r.start], as: UTF8.self)
        let indent = String(head.prefix { $0 == " " || $0 == "\t" })
        let lhs = head.trimmingCharacters(in: .whitespaces)
        guard lhs.hasSuffix("="), case let target = lhs.dropLast().trimmingCharacters(in: .whitespaces),
            target.hasSuffix(".contentInsets")
        else { return .withheld("the insets are not set by a statement `item.contentInsets = …` of their own") }
        let receiver = String(target.dropLast(".contentInsets".count))
        guard !receiver.isEmpty, receiver.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
            return .withheld("the insets are not set by a statement `item.contentInsets = …` of their own")
        }
        if String(decoding: b, as: UTF8.self).contains(receiver + ".edgeSpacing") {
            return .withheld("\(receiver) already sets its edgeSpacing")
        }
        var lineEnd = r.end
        while lineEnd < b.count, b[lineEnd] != 0x0A { lineEnd += 1 }
        let (a, z) = vertical ? ("top", "bottom") : ("leading", "trailing")
        func spacing(_ e: String) -> String { e == a || e == z ? ".fixed(\(values[e]!.text))" : "nil" }
        let (at, newline) = lineBreak(before: lineEnd, b)
        let edge =
            "\(newline)\(indent)\(receiver).edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: \(spacing("leading")), top: \(spacing("top")), trailing: \(spacing("trailing")), bottom: \(spacing("bottom")))"
        return .fix(
            Fix(
                title:
                    "Move the \(vertical ? "top and bottom" : "leading and trailing") insets to \(receiver).edgeSpacing",
                edits: [
                    TextEdit(range: values[a]!.range, newText: "0"), TextEdit(range: values[z]!.range, newText: "0"),
                    TextEdit(range: ByteRange(at, at), newText: edge),
                ]))
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
            if ranges.contains(where: { e in taken.contains { $0.start < e.end && e.start < $0.end || $0 == e } }) {
                continue
            }
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
