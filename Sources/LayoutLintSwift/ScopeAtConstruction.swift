// The scope a layout construction sees when running the code around it does not reach it: a closure nobody in
// the files calls (a SwiftUI view builder, a callback), a branch not taken. Its local declarations are read as far
// as they can be; what only the running app knows is an unknown, not the end of the layout.

import SwiftSyntax

extension Evaluator {
    /// The scope at `node`, inside `context` (a function, a property, an initializer or a file): the function's
    /// parameters (their defaults, else unknown), then in each block around `node`, outermost first, the code before
    /// it run in order. A closure's parameters, an `if let` or `guard let` name whose value is not known, and a
    /// declaration whose value stops the evaluator are unknowns; a statement that stops it stops the read (what it
    /// does to the layout is not known).
    func scope(before node: Syntax, in context: Syntax?, file: Int) throws -> Scope {
        // (Each ancestor with its child on the way to `node`, innermost first.)
        var path: [(ancestor: Syntax, child: Syntax)] = []
        var child = node
        while let a = child.parent, a.id != context?.id {
            path.append((a, child))
            child = a
        }
        var scope = Scope(parent: nil)
        if let f = context?.as(FunctionDeclSyntax.self),
            let s = try? bindParameters(f.signature.parameterClause, args: [], file: file, owner: selfType)
        {
            scope = s
        }
        for (a, child) in path.reversed() {
            if let items = a.as(CodeBlockItemListSyntax.self) {
                scope = Scope(parent: scope)
                for item in items {
                    if item.id == child.id { break }
                    switch item.item {
                    case .decl(let d) where !d.is(IfConfigDeclSyntax.self):
                        do { try declare(d, scope, file) } catch let stop as EvalStop where stop.kind != .limit {
                            for name in declaredNames(d) { scope.declare(name, unknownHere(name, d, file)) }
                        }
                    case .stmt(let s) where s.is(GuardStmtSyntax.self):
                        bindConditions(s.cast(GuardStmtSyntax.self).conditions, scope, file)
                    default:
                        _ = try exec(item.item, scope, file)
                    }
                }
            } else if let c = a.as(ClosureExprSyntax.self) {
                scope = Scope(parent: scope)
                for name in closureParameters(c).map(\.name) {
                    scope.declare(
                        name, .unknown(Unknown(what: name, range: rangeOf(c, file), reason: "a closure's parameter")))
                }
            } else if let i = a.as(IfExprSyntax.self), child.id == i.body.id {
                scope = Scope(parent: scope)
                bindConditions(i.conditions, scope, file)
            }
        }
        return scope
    }

    /// `if let x = e`, `guard let x = e`: x is e's value where that is known and not nil, else unknown.
    private func bindConditions(_ conditions: ConditionElementListSyntax, _ scope: Scope, _ file: Int) {
        for c in conditions {
            guard case .optionalBinding(let b) = c.condition, let id = b.pattern.as(IdentifierPatternSyntax.self) else {
                continue
            }
            let name = id.identifier.text
            let value = b.initializer.flatMap { try? eval($0.value, scope, file) } ?? scope.lookup(name)?.value
            switch value {
            case nil, .none?, .unknown?:
                scope.declare(
                    name, .unknown(Unknown(what: name, range: rangeOf(b, file), reason: "an optional the app unwraps")))
            case let v?: scope.declare(name, v)
            }
        }
    }

    private func declaredNames(_ d: DeclSyntax) -> [String] {
        guard let v = d.as(VariableDeclSyntax.self) else { return [] }
        return v.bindings.flatMap { b -> [String] in
            if let id = b.pattern.as(IdentifierPatternSyntax.self) { return [id.identifier.text] }
            if let t = b.pattern.as(TuplePatternSyntax.self) {
                return t.elements.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
            }
            return []
        }
    }

    private func unknownHere(_ name: String, _ d: DeclSyntax, _ file: Int) -> Value {
        .unknown(
            Unknown(
                what: name, range: rangeOf(d, file), reason: "a value layoutlint could not read where it is declared"))
    }

}
