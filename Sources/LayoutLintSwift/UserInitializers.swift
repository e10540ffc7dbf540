// A user type's own initializer (`init(type: Kind) { horizontalInset = 16; switch type { … } }`): run as Swift runs
// it, each stored property a variable the body assigns (`x = …`, `self.x = …`) and reads, starting from its
// declared default. The value is the type's record of fields, as the memberwise initializer gives.

import LayoutLintCore
import SwiftSyntax

extension Evaluator {
    /// `T(args)` for a struct or class of the module that declares an `init` whose labels take `args`; nil when it
    /// declares none that does (the memberwise initializer is tried next).
    func userInitializer(_ type: String, _ args: [Arg], _ range: ByteRange) throws -> Value? {
        guard let stored = module.storedProperties[type], let first = stored.first,
            let members = enclosingMembers(of: first.binding)
        else { return nil }
        let labels = args.map(\.label)
        let inits = members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }.filter {
            takes($0.signature.parameterClause, labels)
        }
        guard let decl = inits.first, let body = decl.body else { return nil }
        try tick(range)
        guard callDepth < maxCallDepth else {
            throw EvalStop(kind: .limit, message: "calls nest more than \(maxCallDepth) deep", range: range)
        }
        callDepth += 1
        defer { callDepth -= 1 }
        let file = first.file
        // The stored properties, at their defaults (`let x: CGFloat` without one: nothing yet).
        let fields = Scope(parent: nil)
        for p in stored {
            guard let name = p.binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            var value: Value = .none
            if let ini = p.binding.initializer?.value {
                value = typed(
                    try eval(ini, Scope(parent: nil), p.file, expected: expectation(ofType: p.type)), as: p.type)
            }
            fields.declare(name, value, type: p.type)
        }
        let parameters = try bindParameters(decl.signature.parameterClause, args: args, file: file, owner: type)
        let scope = Scope(parent: fields)
        scope.vars = parameters.vars
        let saved = (selfType, initializing)
        selfType = type
        initializing = fields
        defer { (selfType, initializing) = saved }
        _ = try runBody(body.statements, scope: scope, file: file, owner: type, name: "init", type: nil)
        var out: [String: Value] = [:]
        for (name, box) in fields.vars { out[name] = box.value }
        return .record(type: type, fields: out)
    }

    /// Whether a parameter list takes arguments with these labels, in order (the others have defaults).
    private func takes(_ clause: FunctionParameterClauseSyntax, _ labels: [String?]) -> Bool {
        var i = 0
        for p in clause.parameters {
            let external: String? = p.firstName.text == "_" ? nil : p.firstName.text
            if i < labels.count, labels[i] == external { i += 1; continue }
            if p.defaultValue == nil { return false }
        }
        return i == labels.count
    }

    /// The members of the type whose body declares `binding`.
    private func enclosingMembers(of binding: PatternBindingSyntax) -> MemberBlockItemListSyntax? {
        var node: Syntax? = Syntax(binding)
        while let n = node {
            if let list = n.as(MemberBlockItemListSyntax.self) { return list }
            node = n.parent
        }
        return nil
    }
}
