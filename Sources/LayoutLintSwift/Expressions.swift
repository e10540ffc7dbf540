// Expressions: literals with Swift's literal typing, names, members, calls, operators, ternaries, `if`/`switch`
// expressions, closures, casts and optionals, and assignment (locals, properties, and members of the API's objects
// and structs: `item.contentInsets.leading = 16` changes the item's insets).

import Foundation
import LayoutLintCore
import SwiftSyntax

/// Why a value is unknown when its expression is missing (code still being typed in the editor).
let typingReason = "code still being typed"

/// Whether an assignment's value is still being typed: syntax the parser had to patch (a missing `)`, name or
/// value: `.fixed(`, `NSCollectionLayoutEdgeSpacing(leading: `), or a `.` followed by white space (`= .` at the end
/// of a line, which swift-syntax reads with the next line's first name; Swift rejects the space). A closure's
/// statements are read one by one, so what is inside one does not count.
func isBeingTyped(_ e: ExprSyntax) -> Bool {
    final class Finder: SyntaxVisitor {
        var found = false
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
            found = true; return .skipChildren
        }
        override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
            if token.presence == .missing { found = true }
            if token.tokenKind == .period,
                !token.trailingTrivia.isEmpty
                    || (token.nextToken(viewMode: .sourceAccurate)?.leadingTrivia.contains {
                        $0.isNewline || $0.isSpaceOrTab
                    } ?? false)
            {
                found = true
            }
            return .skipChildren
        }
    }
    let f = Finder(viewMode: .all)
    f.walk(e)
    return f.found
}

extension Evaluator {
    func eval(_ e: ExprSyntax, _ scope: Scope, _ file: Int, expected: Expect? = nil) throws -> Value {
        exprDepth += 1
        defer { exprDepth -= 1 }
        let range = rangeOf(e, file)
        if exprDepth > maxExprDepth {
            throw EvalStop(
                kind: .limit,
                message: "the expression nests more than \(maxExprDepth) deep: layoutlint does not read it",
                range: range)
        }
        try tick(range)
        if e.is(MissingExprSyntax.self) {
            return .unknown(Unknown(what: "the expression being typed", range: range, reason: typingReason))
        }
        if let seq = e.as(SequenceExprSyntax.self) {
            // Operators are folded where the evaluator reads them (most of a file's code is never read).
            let folded = module.folded(seq, file: file)
            if !folded.is(SequenceExprSyntax.self) { return try eval(folded, scope, file, expected: expected) }
        }
        if let i = e.as(IntegerLiteralExprSyntax.self) {
            let text = i.literal.text.filter { $0 != "_" }
            let v: Double
            if text.hasPrefix("0x") {
                v = Double(Int(text.dropFirst(2), radix: 16) ?? 0)
            } else if text.hasPrefix("0b") {
                v = Double(Int(text.dropFirst(2), radix: 2) ?? 0)
            } else if text.hasPrefix("0o") {
                v = Double(Int(text.dropFirst(2), radix: 8) ?? 0)
            } else {
                v = Double(text) ?? 0
            }
            if case .cgfloat? = expected { return .num(v, .float) }
            return .num(v, .intLiteral)
        }
        if let f = e.as(FloatLiteralExprSyntax.self) {
            return .num(Double(f.literal.text.filter { $0 != "_" }) ?? 0, .float)
        }
        if let b = e.as(BooleanLiteralExprSyntax.self) { return .bool(b.literal.tokenKind == .keyword(.true)) }
        if e.is(NilLiteralExprSyntax.self) { return .none }
        if let s = e.as(StringLiteralExprSyntax.self) {
            var out = ""
            for seg in s.segments {
                switch seg {
                case .stringSegment(let t): out += t.content.text
                case .expressionSegment(let x):
                    for el in x.expressions { out += describe(try eval(el.expression, scope, file)) }
                }
            }
            return .string(out)
        }
        if let a = e.as(ArrayExprSyntax.self) {
            var element: Expect?
            if case .other(let t)? = expected, t.hasPrefix("["), t.hasSuffix("]") {
                element = expectation(ofType: String(t.dropFirst().dropLast()))
            }
            return .array(try a.elements.map { try eval($0.expression, scope, file, expected: element) })
        }
        if let d = e.as(DeclReferenceExprSyntax.self) { return try name(d, scope, file) }
        if let m = e.as(MemberAccessExprSyntax.self) { return try memberAccess(m, scope, file, expected: expected) }
        if let c = e.as(FunctionCallExprSyntax.self) { return try call(c, scope, file, expected: expected) }
        if let i = e.as(InfixOperatorExprSyntax.self) { return try infix(i, scope, file, expected: expected) }
        if let p = e.as(PrefixOperatorExprSyntax.self) {
            let v = try eval(p.expression, scope, file, expected: expected)
            switch (p.operator.text, v) {
            case ("-", .num(let x, let k)): return .num(-x, k)
            case ("+", .num): return v
            case ("!", .bool(let b)): return .bool(!b)
            case (_, .unknown): return v
            default:
                throw EvalStop(
                    kind: .unsupported, message: "layoutlint cannot apply \(p.operator.text) to \(v.typeName)",
                    range: range)
            }
        }
        if let t = e.as(TernaryExprSyntax.self) {
            return try truth(t.condition, scope, file)
                ? try eval(t.thenExpression, scope, file, expected: expected)
                : try eval(t.elseExpression, scope, file, expected: expected)
        }
        if let t = e.as(TupleExprSyntax.self) {
            if t.elements.count == 1, let only = t.elements.first, only.label == nil {
                return try eval(only.expression, scope, file, expected: expected)
            }
            return .tuple(try t.elements.map { ($0.label?.text, try eval($0.expression, scope, file)) })
        }
        if let i = e.as(IfExprSyntax.self) { return try ifValue(i, scope, file, expected: expected) }
        if let s = e.as(SwitchExprSyntax.self) {
            guard let (c, inner) = try selectCase(s, scope, file) else { return .none }
            return try blockValue(c.statements, inner, file, expected: expected)
        }
        if let c = e.as(ClosureExprSyntax.self) {
            return .closure(Closure(body: .closure(c, file: file), scope: scope, selfType: selfType))
        }
        if let f = e.as(ForceUnwrapExprSyntax.self) {
            let v = try eval(f.expression, scope, file, expected: expected)
            if case .none = v {
                throw EvalStop(
                    kind: .unknown,
                    message: "\(f.expression.trimmedDescription) is nil here: the app would crash at this force unwrap",
                    range: range)
            }
            return v
        }
        if let o = e.as(OptionalChainingExprSyntax.self) {
            return try eval(o.expression, scope, file, expected: expected)
        }
        if let t = e.as(TryExprSyntax.self) { return try eval(t.expression, scope, file, expected: expected) }
        if let a = e.as(AwaitExprSyntax.self) { return try eval(a.expression, scope, file, expected: expected) }
        if let a = e.as(AsExprSyntax.self) {
            let type = a.type.trimmedDescription
            return typed(try eval(a.expression, scope, file, expected: expectation(ofType: type)), as: type)
        }
        if let g = e.as(GenericSpecializationExprSyntax.self) {
            return try eval(g.expression, scope, file, expected: expected)
        }
        if let i = e.as(IsExprSyntax.self) {
            return .unknown(
                Unknown(
                    what: i.trimmedDescription.prefix(60).description, range: range, reason: "a type check at run time")
            )
        }
        if let t = e.as(TypeExprSyntax.self) { return .type(canonicalTypeName(t.type.trimmedDescription)) }
        if let s = e.as(SubscriptCallExprSyntax.self) { return try subscriptValue(s, scope, file) }
        if e.is(SuperExprSyntax.self) {
            return .unknown(Unknown(what: "super", range: range, reason: "the superclass"))
        }
        if let p = e.as(PostfixOperatorExprSyntax.self) {
            // `3...` outside a pattern (`items[2...]`): a range without end, not its bound.
            if p.operator.text == "..." {
                return .unknown(Unknown(what: p.trimmedDescription, range: range, reason: "a one-sided range"))
            }
            return try eval(p.expression, scope, file, expected: expected)
        }
        return .unknown(
            Unknown(
                what: e.trimmedDescription.prefix(60).description, range: range,
                reason: "Swift that layoutlint does not evaluate"))
    }

    /// The value an `if` expression gives (each branch is one expression).
    func ifValue(_ i: IfExprSyntax, _ scope: Scope, _ file: Int, expected: Expect?) throws -> Value {
        let inner = Scope(parent: scope)
        if try conditionsHold(i.conditions, inner, file) {
            return try blockValue(i.body.statements, inner, file, expected: expected)
        }
        switch i.elseBody {
        case .ifExpr(let e)?: return try ifValue(e, scope, file, expected: expected)
        case .codeBlock(let b)?: return try blockValue(b.statements, Scope(parent: scope), file, expected: expected)
        case nil: return .void
        }
    }

    func blockValue(_ items: CodeBlockItemListSyntax, _ scope: Scope, _ file: Int, expected: Expect?) throws -> Value {
        var last: Value = .void
        for item in items {
            if case .expr(let e) = item.item { last = try eval(e, scope, file, expected: expected); continue }
            if case .stmt(let s) = item.item, let es = s.as(ExpressionStmtSyntax.self) {
                last = try eval(es.expression, scope, file, expected: expected); continue
            }
            switch try exec(item.item, scope, file) {
            case .returned(let v): return v
            default: continue
            }
        }
        return last
    }

    // MARK: subscripts

    func subscriptValue(_ s: SubscriptCallExprSyntax, _ scope: Scope, _ file: Int) throws -> Value {
        let base = try eval(s.calledExpression, scope, file)
        let before = indexReads
        guard let argExpr = s.arguments.first?.expression else {
            return .unknown(Unknown(what: s.trimmedDescription, range: rangeOf(s, file), reason: "a subscript"))
        }
        let idx = try eval(argExpr, scope, file)
        let onIndex = indexReads > before
        switch (base, idx) {
        case (.array(let a), .num):
            if onIndex && a.isEmpty {
                throw EvalStop(
                    kind: .unknown,
                    message:
                        "the section provider reads \(s.calledExpression.trimmedDescription), which is empty in the source (the app fills it at run time), so it has no section \(describe(idx))",
                    range: rangeOf(s, file))
            }
            guard let i = idx.integer, a.indices.contains(i) else {
                throw EvalStop(
                    kind: onIndex ? .unknown : .unsupported,
                    message: onIndex
                        ? "past the last section"
                        : "index \(describe(idx)) is out of range of \(s.calledExpression.trimmedDescription) (\(a.count) elements): the app would crash here",
                    range: rangeOf(s, file))
            }
            if onIndex && !indexWrapped { indexMatched = true }
            return a[i]
        case (.unknown, _), (_, .unknown):
            return .unknown(Unknown(what: s.trimmedDescription, range: rangeOf(s, file), reason: "app state"))
        default:
            return .unknown(
                Unknown(
                    what: s.trimmedDescription, range: rangeOf(s, file), reason: "a subscript layoutlint does not model"
                ))
        }
    }

    // MARK: operators

    func infix(_ i: InfixOperatorExprSyntax, _ scope: Scope, _ file: Int, expected: Expect?) throws -> Value {
        let range = rangeOf(i, file)
        if i.operator.is(AssignmentExprSyntax.self) {
            // Half-typed (`section.interGroupSpacing = .`, `= .fixed(`): the layout reads as it was before the line.
            if isBeingTyped(i.rightOperand) { return .void }
            let rhs = try eval(i.rightOperand, scope, file, expected: try expectedForTarget(i.leftOperand, scope, file))
            try assign(i.leftOperand, rhs, rhsRange: rangeOf(i.rightOperand, file), statement: range, scope, file)
            return .void
        }
        guard let op = i.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else {
            return .unknown(
                Unknown(what: i.trimmedDescription, range: range, reason: "an operator layoutlint does not model"))
        }
        if op.count >= 2, op.hasSuffix("="), !["==", "!=", "<=", ">=", "==="].contains(op) {
            // `+=`, `-=`, `*=`, `/=`: the target's new value.
            let lhs = try eval(i.leftOperand, scope, file)
            let rhs = try eval(i.rightOperand, scope, file, expected: expectation(like: lhs))
            let v = try binary(String(op.dropLast()), lhs, rhs, range)
            try assign(i.leftOperand, v, rhsRange: rangeOf(i.rightOperand, file), statement: range, scope, file)
            return .void
        }
        switch op {
        case "&&":
            let l = try eval(i.leftOperand, scope, file)
            if case .bool(false) = l { return .bool(false) }
            let rv = try eval(i.rightOperand, scope, file)
            if case .bool(let lb) = l, case .bool(let rb) = rv { return .bool(lb && rb) }
            return .unknown(Unknown(what: i.trimmedDescription, range: range, reason: unknownReason(l, rv)))
        case "||":
            let l = try eval(i.leftOperand, scope, file)
            if case .bool(true) = l { return .bool(true) }
            let rv = try eval(i.rightOperand, scope, file)
            if case .bool(let lb) = l, case .bool(let rb) = rv { return .bool(lb || rb) }
            return .unknown(Unknown(what: i.trimmedDescription, range: range, reason: unknownReason(l, rv)))
        case "??":
            let l = try eval(i.leftOperand, scope, file, expected: expected)
            if case .none = l { return try eval(i.rightOperand, scope, file, expected: expected) }
            // An optional only the running app knows (`widths.sorted().first ?? estimatedWidth`): its value is not
            // computable, the fallback is; the layout is read with the fallback, as when the optional is nil. Not a
            // fallback of 0 or of nothing (`heights.max() ?? 0`): that is the app with no data, where a zero size
            // is no mistake.
            if case .unknown(let u) = l, u.reason != typingReason {
                let fallback = try eval(i.rightOperand, scope, file, expected: expected)
                switch fallback {
                case .unknown, .none, .num(0, _): return l
                case .array(let a) where a.isEmpty: return l
                default: break
                }
                note(
                    .swiftAssumption, .information,
                    "\(u.what) depends on \(u.reason): layoutlint read the fallback \(i.rightOperand.trimmedDescription.prefix(60)) (as if it were nil)",
                    rangeOf(i.leftOperand, file))
                return fallback
            }
            return l
        default:
            let before = indexReads
            let l = try eval(i.leftOperand, scope, file, expected: expected)
            let between = indexReads
            let rv = try eval(i.rightOperand, scope, file, expected: expected ?? expectation(like: l))
            let result = try binary(op, l, rv, range)
            if op == "%", indexReads > before { indexWrapped = true }
            // A section provider's index compared with a value names that section: `sectionIndex == 1`, or
            // `sectionIndex < 2` (the index below a bound). What falls through to the last branch is its fallback.
            if indexBox != nil, case .bool(let b) = result {
                let leftReads = between > before, rightReads = indexReads > between
                if op == "==" || op == "!=", leftReads != rightReads, let other = (leftReads ? rv : l).integer,
                    other <= Self.maxIndexHorizon, (op == "==") != b
                {
                    indexHorizon = max(indexHorizon, other)
                }
                switch op {
                case "==": if b && (leftReads || rightReads) { indexMatched = true }
                case "!=": if !b && (leftReads || rightReads) { indexMatched = true }
                case "<", "<=": if b && leftReads { indexMatched = true }
                case ">", ">=": if b && rightReads { indexMatched = true }
                default: break
                }
            }
            return result
        }
    }

    func unknownReason(_ a: Value, _ b: Value) -> String {
        if case .unknown(let u) = a { return u.reason }
        if case .unknown(let u) = b { return u.reason }
        return "values layoutlint does not model"
    }

    func binary(_ op: String, _ l: Value, _ rv: Value, _ range: ByteRange) throws -> Value {
        if case .unknown(let u) = l { return .unknown(Unknown(what: u.what, range: u.range, reason: u.reason)) }
        if case .unknown(let u) = rv { return .unknown(Unknown(what: u.what, range: u.range, reason: u.reason)) }
        switch op {
        case "==": return .bool(equal(l, rv))
        case "!=": return .bool(!equal(l, rv))
        case "..<", "...":
            guard let a = l.integer, let b = rv.integer else { break }
            let hi = op == "..<" ? b : b + 1
            guard hi - a <= maxLoopIterations else {
                throw EvalStop(
                    kind: .limit,
                    message: "a range of \(hi - a) elements: layoutlint reads at most \(maxLoopIterations)",
                    range: range)
            }
            return .array(hi > a ? (a..<hi).map { .num(Double($0), .int) } : [])
        default: break
        }
        if case .string(let a) = l, case .string(let b) = rv, op == "+" { return .string(a + b) }
        if case .array(let a) = l, case .array(let b) = rv, op == "+" { return .array(a + b) }
        guard case .num(let a, let ka) = l, case .num(let b, let kb) = rv else {
            throw EvalStop(
                kind: .unsupported, message: "layoutlint cannot compute \(l.typeName) \(op) \(rv.typeName)",
                range: range)
        }
        // Swift's typing: two integer values divide as integers; integer literals take the other side's type.
        let kind: NumKind
        switch (ka, kb) {
        case (.float, _), (_, .float): kind = .float
        case (.int, _), (_, .int): kind = .int
        default: kind = .intLiteral
        }
        var x = kind == .int ? a.rounded(.towardZero) : a
        var y = kind == .int ? b.rounded(.towardZero) : b
        if kind == .int { x = x.rounded(.towardZero); y = y.rounded(.towardZero) }
        switch op {
        case "+": return .num(x + y, kind)
        case "-": return .num(x - y, kind)
        case "*": return .num(x * y, kind)
        case "/":
            if y == 0 {
                if kind == .float { return .num(x / y, .float) }
                throw EvalStop(kind: .unsupported, message: "division by zero: the app would crash here", range: range)
            }
            return .num(kind == .int ? (x / y).rounded(.towardZero) : x / y, kind)
        case "%":
            guard y != 0 else {
                throw EvalStop(kind: .unsupported, message: "remainder by zero: the app would crash here", range: range)
            }
            return .num(x.truncatingRemainder(dividingBy: y), kind)
        case "<": return .bool(x < y)
        case "<=": return .bool(x <= y)
        case ">": return .bool(x > y)
        case ">=": return .bool(x >= y)
        default:
            throw EvalStop(kind: .unsupported, message: "layoutlint does not evaluate the operator \(op)", range: range)
        }
    }

    func equal(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.num(let x, _), .num(let y, _)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.member(let x), .member(let y)): return x == y
        case (.member(let x), .enumCase(_, let y, _)), (.enumCase(_, let y, _), .member(let x)): return x == y
        case (.enumCase(let t1, let x, _), .enumCase(let t2, let y, _)): return t1 == t2 && x == y
        case (.none, .none): return true
        case (.none, _), (_, .none): return false
        case (.object(let x), .object(let y)): return x === y
        case (.record(let t1, let x), .record(let t2, let y)):
            // Two values of one struct: equal where every field is (`Section(rawValue: 1) == .categories`).
            return t1 == t2 && x.count == y.count && x.allSatisfy { k, v in y[k].map { equal(v, $0) } ?? false }
        default: return false
        }
    }
}
