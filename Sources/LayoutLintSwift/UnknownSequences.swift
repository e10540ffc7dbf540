// Sequences only the running app knows (its data, a count it computes): a `for` loop over one, or a `while` loop on
// one, is stepped over, a closure mapped over one is read once for an element it cannot know, and an
// `Array(repeating:count:)` of an unknown count keeps the element it repeats and what is inserted before it or
// appended after it.

import Foundation
import LayoutLintCore
import SwiftSyntax

extension Evaluator {
    /// A loop whose length only the running app knows (`for i in 0..<config.dataCount`, `while offset < data.count`)
    /// is not run to its end: the variables its body and conditions may change are unknown after it
    /// (`LoopEffects`, `afterRepetition`), and the read goes on. `once` runs the body once for an unknown element,
    /// where it can: an array the run appended one element to is that element repeated. A body that may change more
    /// than its variables stops the read at the loop: `stop` says why.
    func stepOver(
        _ parts: [Syntax], because u: Unknown, at range: ByteRange, _ scope: Scope, once: (() throws -> Void)? = nil,
        stop: () throws -> Never
    ) throws {
        let effects = LoopEffects(viewMode: .sourceAccurate)
        for p in parts { effects.walk(p) }
        let stepped = try runAnyNumberOfTimes(
            effects, in: scope, reason: "a loop over \(u.what), which depends on \(u.reason)", at: range
        ) {
            guard let once else { return false }
            try once()
            return true
        }
        if !stepped { try stop() }
    }

    /// Code that runs an unknown number of times (a loop's body, a closure passed to a call on app data), whose
    /// effects `effects` found: false, and nothing run, where it may change more than the variables of `scope` it
    /// names (`LoopEffects.opaque`, or a name `scope` does not hold). Otherwise `once` runs it once (true: that was
    /// one run of it; a stop for what only the running app knows ends the run), and each variable it may change is
    /// then what `afterRepetition` says (`reason`: which code).
    func runAnyNumberOfTimes(
        _ effects: LoopEffects, in scope: Scope, reason: String, at range: ByteRange, once: () throws -> Bool
    ) throws -> Bool {
        let changed = effects.names.subtracting(effects.declared)
        let boxes = changed.compactMap { name in scope.lookup(name).map { (name, $0) } }
        guard !effects.opaque, boxes.count == changed.count else { return false }
        let before = boxes.map(\.1.value)
        var ran = false
        do { ran = try once() } catch let s as EvalStop where s.kind == .unknown {}
        for ((name, box), old) in zip(boxes, before) {
            box.value = afterRepetition(name, before: old, after: ran ? box.value : nil, reason: reason, at: range)
        }
        return true
    }

    /// The element of a sequence only the running app knows: the one it repeats, where it is an
    /// `Array(repeating:count:)`, else unknown.
    func element(of u: Unknown) -> Value {
        u.repeating ?? .unknown(Unknown(what: "an element of \(u.what)", range: u.range, reason: u.reason))
    }

    func stepOver(_ f: ForStmtSyntax, _ u: Unknown, _ scope: Scope, _ file: Int) throws {
        let element = element(of: u)
        try stepOver(
            [Syntax(f.body)] + (f.whereClause.map { [Syntax($0)] } ?? []), because: u, at: rangeOf(f.sequence, file),
            scope,
            once: {
                let inner = Scope(parent: scope)
                try self.bind(f.pattern, element, type: nil, inner, file)
                if let w = f.whereClause, try !self.truth(w.condition, inner, file) { return }
                _ = try self.exec(f.body.statements, inner, file)
            }
        ) { try stopUnknown(u, "a loop over it") }
    }

    /// What a variable holds after code that runs an unknown number of times changed it (`reason` says which
    /// code): unknown; or, where one run of it (`after`) appended one element to a known array
    /// (`items.append(item)`), that array followed by an unknown number of the element, as
    /// `Array(repeating:count:)` makes.
    func afterRepetition(_ name: String, before: Value, after: Value?, reason: String, at range: ByteRange) -> Value {
        var u = Unknown(what: name, range: range, reason: reason)
        if case .array(let old) = before, case .array(let new)? = after, new.count == old.count + 1,
            let appended = new.last, !appended.isUnknown
        {
            u.repeating = appended
            u.before = old
        }
        return .unknown(u)
    }

    /// A method called on a sequence only the running app knows; nil where its result is just another unknown.
    /// - `map`, `compactMap`, `forEach` with a closure: the closure is read once, for an unknown element (the
    ///   repeated one of an `Array(repeating:count:)`). What it returns is the element of an unknown number of
    ///   them, as `Array(repeating:count:)` makes; the variables it changes are unknown after it.
    ///   A closure that may change more than its variables, or that needs the element's value, gives an unknown
    ///   with no element.
    /// - `insert(_:at:)` into the known elements before a repetition, `append`: kept beside the repetition.
    func methodOfUnknown(
        _ u: Unknown, _ name: String, _ args: [Arg], _ range: ByteRange, baseExpr: ExprSyntax, _ scope: Scope,
        _ file: Int
    ) throws -> Value? {
        switch name {
        case "map", "compactMap", "forEach":
            guard args.count == 1, case .closure(let cl) = args[0].value, case .closure(let e, _) = cl.body else {
                return nil
            }
            let effects = LoopEffects(viewMode: .sourceAccurate)
            effects.closureBody = true
            effects.walk(e.statements)
            let parameters = max(1, closureParameterNames(e, count: 1).count)
            func apply(_ el: Value) throws -> Value {
                try callClosure(cl, args: Array(repeating: el, count: parameters), callRange: range)
            }
            let kept = { (v: Value) -> Bool in
                if case .none = v { return name != "compactMap" } else { return true }
            }
            var out = Unknown(what: "\(u.what).\(name)(…)", range: u.range, reason: u.reason)
            // (What it changes is as `forgetCaptures` says of any call with an unknown result; an array `forEach`
            // appended one element to, as a loop's body does. A closure that needs the element's value leaves the
            // elements unknown.)
            let read = try runAnyNumberOfTimes(effects, in: cl.scope, reason: closureRunReason(out.what), at: range) {
                let each = try apply(element(of: u))
                if !each.isUnknown, kept(each) {
                    out.repeating = each
                    out.before = try u.before.map(apply).filter(kept)
                    out.after = try u.after.map(apply).filter(kept)
                }
                // (Applied to the known elements beside a repetition too, it ran more than once.)
                return u.before.isEmpty && u.after.isEmpty
            }
            guard read else { return nil }
            return name == "forEach" ? .void : .unknown(out)
        case "insert":
            guard u.repeating != nil, let x = args.first, x.label == nil,
                let at = arg(args, "at")?.value.integer, at >= 0, at <= u.before.count
            else { return nil }
            var changed = u
            changed.before.insert(x.value, at: at)
            try assign(baseExpr, .unknown(changed), rhsRange: range, statement: range, scope, file)
            return .void
        case "append":
            guard u.repeating != nil, let x = args.first, args.count == 1 else { return nil }
            var changed = u
            if x.label == "contentsOf", case .array(let more) = x.value {
                changed.after += more
            } else if x.label == nil {
                changed.after.append(x.value)
            } else {
                return nil
            }
            try assign(baseExpr, .unknown(changed), rhsRange: range, statement: range, scope, file)
            return .void
        default:
            return nil
        }
    }
}

/// What code run an unknown number of times may change: the body of a loop layoutlint does not run, or a closure
/// passed to a call (`forgetCaptures`, `methodOfUnknown`). `names`: the variables it assigns, mutates or calls a
/// method on (a method may change the value it is called on). `opaque`: it may change more than its names say, so a
/// loop is not stepped over: a `return` or `throw`, a write to or a method of `self`, a call of a function (but a
/// few pure ones) or of a closure.
final class LoopEffects: SyntaxVisitor {
    /// The body of a closure that is read once (`data.map { … }`): its `return` is its result, and the functions it
    /// calls, and the methods of values it makes, are read as in any other body.
    var closureBody = false
    private(set) var names: Set<String> = []
    /// The names the body declares (its own, gone after the loop).
    private(set) var declared: Set<String> = []
    private(set) var opaque = false
    static let pureFunctions: Set<String> = ["min", "max", "abs", "ceil", "floor", "round", "sqrt", "stride"]

    /// The variable an expression's value lives in (`a` of `a.b[0].c`), `self` included.
    static func root(_ e: ExprSyntax) -> String? {
        if let d = e.as(DeclReferenceExprSyntax.self) { return d.baseName.text }
        if let m = e.as(MemberAccessExprSyntax.self), let base = m.base { return root(base) }
        if let s = e.as(SubscriptCallExprSyntax.self) { return root(s.calledExpression) }
        if let f = e.as(ForceUnwrapExprSyntax.self) { return root(f.expression) }
        if let o = e.as(OptionalChainingExprSyntax.self) { return root(o.expression) }
        return nil
    }

    private func changes(_ target: ExprSyntax) {
        guard let name = Self.root(target) else {
            // (A method of a value made there, `makeItems().max { … }`, changes no variable of the closure.)
            if !closureBody || !Self.isTemporary(target) { opaque = true }
            return
        }
        guard name != "self" else { opaque = true; return }
        // (A type's static member, `Cache.shared.x = …`: not a variable of the caller.)
        if name.first?.isUppercase == true { opaque = true; return }
        names.insert(name)
    }

    /// A value made by a call or a literal, in no variable.
    static func isTemporary(_ e: ExprSyntax) -> Bool {
        if e.is(FunctionCallExprSyntax.self) || e.is(ArrayExprSyntax.self) || e.is(DictionaryExprSyntax.self) {
            return true
        }
        if let m = e.as(MemberAccessExprSyntax.self), let base = m.base { return isTemporary(base) }
        if let o = e.as(OptionalChainingExprSyntax.self) { return isTemporary(o.expression) }
        if let f = e.as(ForceUnwrapExprSyntax.self) { return isTemporary(f.expression) }
        return false
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if closureBody { return .visitChildren }
        opaque = true
        return .skipChildren
    }
    override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind { opaque = true; return .skipChildren }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        declared.insert(node.identifier.text)
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        if let t = Writes.assignmentTarget(node) { changes(t) }
        return .visitChildren
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if let t = Writes.assignmentTarget(node) { changes(t) }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let m = node.calledExpression.as(MemberAccessExprSyntax.self) {
            // A method on a value (`items.append(x)`, `builder.prepareItem(for: i)`), or a type's constructor or
            // static function (`NSCollectionLayoutGroupCustomItem(frame:)`, `CGRect.init`, `.fixed(8)`).
            if let base = m.base, Self.root(base)?.first?.isUppercase != true { changes(base) }
        } else if let d = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            let n = d.baseName.text
            if n.first?.isUppercase != true && !Self.pureFunctions.contains(n) && !closureBody { opaque = true }
        } else if !closureBody {
            opaque = true
        }
        return .visitChildren
    }
}
