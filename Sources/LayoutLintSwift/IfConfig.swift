// `#if` as an iOS build sees it, and the comments of a file (for suppressions and the outline).

import LayoutLintCore
import SwiftSyntax

// MARK: #if as an iOS build sees it

/// The clause of an `#if` an iOS build compiles: `canImport(UIKit)`, `os(iOS)`, `swift(>=…)`, `compiler(>=…)` and
/// `#available` are true; other platforms, `targetEnvironment(…)` and custom flags (`DEBUG`) are false.
func activeClause(_ ic: IfConfigDeclSyntax) -> IfConfigClauseSyntax? {
    for clause in ic.clauses {
        guard let cond = clause.condition else { return clause } // #else
        if evalIfConfig(cond) { return clause }
    }
    return nil
}

func evalIfConfig(_ e: ExprSyntax) -> Bool {
    if let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "!" { return !evalIfConfig(p.expression) }
    if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let first = t.elements.first {
        return evalIfConfig(first.expression)
    }
    if let i = e.as(InfixOperatorExprSyntax.self), let op = i.operator.as(BinaryOperatorExprSyntax.self) {
        switch op.operator.text {
        case "&&": return evalIfConfig(i.leftOperand) && evalIfConfig(i.rightOperand)
        case "||": return evalIfConfig(i.leftOperand) || evalIfConfig(i.rightOperand)
        default: return false
        }
    }
    if let s = e.as(SequenceExprSyntax.self) {
        // Unfolded (an operator the table does not know): read `a && b` / `a || b` left to right.
        let els = Array(s.elements)
        guard var acc = els.first.map(evalIfConfig) else { return false }
        var i = 1
        while i + 1 < els.count {
            let op = els[i].as(BinaryOperatorExprSyntax.self)?.operator.text
            let rhs = evalIfConfig(els[i + 1])
            acc = op == "||" ? (acc || rhs) : (acc && rhs)
            i += 2
        }
        return acc
    }
    if let b = e.as(BooleanLiteralExprSyntax.self) { return b.literal.tokenKind == .keyword(.true) }
    if let c = e.as(FunctionCallExprSyntax.self),
        let name = c.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    {
        let arg = c.arguments.first?.expression.trimmedDescription ?? ""
        switch name {
        case "canImport":
            return [
                "UIKit", "Foundation", "CoreGraphics", "SwiftUI", "Combine", "IBPCollectionViewCompositionalLayout",
            ].contains(arg)
        case "os": return arg == "iOS"
        case "arch": return arg == "arm64"
        case "swift", "compiler": return true
        case "targetEnvironment": return false
        default: return false
        }
    }
    return false
}

// MARK: comments

/// Every comment of the tree with its range (for suppressions), in the file's offsets, always inside the file.
/// (`layoutlint:disable…`, the SwiftLint-style spelling, is read as `layoutlint-disable…`: `suppressionText`.)
func swiftComments(_ tree: SourceFileSyntax, bytes: [UInt8]) -> [Comment] {
    var out: [Comment] = []
    for token in tree.tokens(viewMode: .sourceAccurate) {
        // Each run of trivia is placed by the token's own positions (exact); inside it, a piece's length can be
        // off where the text is not valid UTF-8 (the parser's text of an invalid byte is U+FFFD), so each comment
        // is found again in the bytes from where the last one ended.
        func take(_ trivia: Trivia, from start: Int, to end: Int) {
            var offset = start
            for piece in trivia {
                let len = piece.sourceLength.utf8Length
                let isLine: Bool
                switch piece {
                case .lineComment, .docLineComment: isLine = true
                case .blockComment, .docBlockComment: isLine = false
                default: offset += len; continue
                }
                let opener: [UInt8] = isLine ? [0x2F, 0x2F] : [0x2F, 0x2A]
                var at = min(offset, end)
                while at + 1 < end, !(bytes[at] == opener[0] && bytes[at + 1] == opener[1]) { at += 1 }
                guard at + 1 < end else { break }
                var stop = at + 2
                if isLine {
                    while stop < end, bytes[stop] != 0x0A, bytes[stop] != 0x0D { stop += 1 }
                } else {
                    while stop + 1 < end, !(bytes[stop] == 0x2A && bytes[stop + 1] == 0x2F) { stop += 1 }
                    stop = min(end, stop + 2)
                }
                let text = String(decoding: bytes[(at + 2)..<max(at + 2, isLine ? stop : stop - 2)], as: UTF8.self)
                out.append(Comment(range: ByteRange(at, stop), text: text, isLineComment: isLine))
                offset = stop
            }
        }
        let n = bytes.count
        let leadingStart = min(n, token.position.utf8Offset),
            leadingEnd = min(n, token.positionAfterSkippingLeadingTrivia.utf8Offset)
        take(token.leadingTrivia, from: leadingStart, to: leadingEnd)
        let trailingStart = min(n, token.endPositionBeforeTrailingTrivia.utf8Offset),
            trailingEnd = min(n, token.endPosition.utf8Offset)
        take(token.trailingTrivia, from: trailingStart, to: trailingEnd)
    }
    return out
}
