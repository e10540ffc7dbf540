// The evaluator's names: a name not declared locally (self's members, the module's properties, constants, enums
// and functions), and calls of the module's functions and closures with their arguments.

import LayoutLintCore
import SwiftSyntax

extension Evaluator {
    // MARK: names

    /// A name not declared locally: `self`'s members and the module's properties, constants and enum types.
    func lookupName(_ name: String, _ range: ByteRange, _ scope: Scope, _ file: Int) throws -> Value {
        // Inside a member of a value the evaluator knows, a bare name is first that value's member.
        switch selfValue {
        case .record(_, let fields)? where fields[name] != nil: return fields[name]!
        case .object(let o)? where o.fields[name] != nil: return o.fields[name]!
        case .object(let o)?
        where UIKitAPI.property(name, of: o.kind) != nil
            && !(module.properties[name]?.contains { $0.owner == selfType } ?? false):
            return try objectMember(o, name, range)
        default: break
        }
        if let v = try readProperty(name, owner: nil, range) { return v }
        if module.enums[name] != nil || module.typeNames.contains(name) { return .type(name) }
        if let f = module.functions[name]?.first {
            return .closure(
                Closure(
                    body: .function(FunctionRef(decl: f.decl, file: f.file)), scope: Scope(parent: nil),
                    selfType: f.owner))
        }
        if let v = globalAPIValue(name, range) { return v }
        // A type the files read do not declare (UIKit's, Foundation's): its static members are read by name.
        missing.insert(.bare(name, in: selfType))
        if let f = name.unicodeScalars.first, f.properties.isUppercase { return .type(canonicalTypeName(name)) }
        return .unknown(Unknown(what: name, range: range, reason: "a value not declared in the files read"))
    }

    /// An implicit member whose type the evaluator did not know where it was written (`.albums` in a `[GridStyle]`):
    /// the one static property or enum case of that name in the module.
    func resolveImplicit(_ name: String, _ range: ByteRange) throws -> Value? {
        let statics = (module.properties[name] ?? []).filter { $0.isStatic && $0.owner != nil }
        if statics.count == 1, let p = statics.first { return try readProperty(name, owner: p.owner, range) }
        let enums = module.enums(withCase: name)
        if enums.count == 1, let e = enums.first, let i = e.cases.firstIndex(where: { $0.name == name }) {
            return enumCaseValue(e, i)
        }
        return nil
    }

    /// A user type's memberwise initializer: its stored properties in order, each from its argument or its default.
    func memberwise(_ type: String, _ args: [Arg], _ range: ByteRange) throws -> Value? {
        guard let stored = module.storedProperties[type], !stored.isEmpty else {
            // A type with no stored properties (a manager of computed ones, `static let shared = Manager()`): `T()`
            // is its one value.
            return args.isEmpty ? .record(type: type, fields: [:]) : nil
        }
        var fields: [String: Value] = [:]
        var i = 0
        for p in stored {
            guard let name = p.binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if i < args.count, args[i].label == name {
                fields[name] = typed(args[i].value, as: p.type)
                i += 1
            } else if let ini = p.binding.initializer?.value {
                fields[name] = typed(
                    try eval(ini, Scope(parent: nil), p.file, expected: expectation(ofType: p.type)), as: p.type)
            } else {
                return nil
            }
        }
        return i == args.count ? .record(type: type, fields: fields) : nil
    }

    /// The types whose members code in `type` names without a qualifier, in Swift's order: the type (with its
    /// extensions), then what it inherits from and conforms to, transitively, as the module declares them.
    func memberOwners(_ type: String) -> [String] {
        var out = [type], seen: Set<String> = [type], i = 0
        while i < out.count, out.count < 64 {
            for s in module.supertypes[out[i]] ?? [] where seen.insert(s).inserted { out.append(s) }
            i += 1
        }
        return out
    }

    /// The declaration a name means, as Swift looks it up: a member of `owner` (or, unqualified, of the type whose
    /// code runs) or of what that type inherits from; else, unqualified, a global. Never another type's member.
    /// Of several that match (a repository whose targets each declare a `ViewController`, which one module could
    /// not), the one nearest the code at `range` (`module.nearest`): so a file's findings do not depend on which
    /// other files are in the run.
    func lookUp<E: ModuleDeclaration>(_ candidates: [E], owner: String?, at range: ByteRange?) -> E? {
        let from = range.map { module.regions == nil ? module.locate($0.start).file : 0 }
        if let want = owner ?? selfType {
            for t in memberOwners(want) {
                if let c = module.nearest(candidates.filter { $0.owner == t }, to: from) { return c }
            }
        }
        return owner == nil ? module.nearest(candidates.filter { $0.owner == nil }, to: from) : nil
    }

    /// A property of the module by name (`lookUp`): a computed property's getter runs; a stored one's initializer
    /// runs once. A stored property without a value in the source depends on app state.
    func readProperty(_ name: String, owner: String?, _ range: ByteRange) throws -> Value? {
        guard let candidates = module.properties[name], !candidates.isEmpty else { return nil }
        guard let p = lookUp(candidates, owner: owner, at: range) else { return nil }
        let key = module.range(p.binding, file: p.file).start
        reached.insert(key)
        let type = p.type
        if let acc = p.binding.computedAccessors {
            let body: CodeBlockItemListSyntax?
            switch acc.accessors {
            case .getter(let items): body = items
            case .accessors(let list): body = list.first { $0.accessorSpecifier.text == "get" }?.body?.statements
            }
            guard let body else {
                return .unknown(Unknown(what: name, range: range, reason: "a property without a getter"))
            }
            return try runBody(body, scope: Scope(parent: nil), file: p.file, owner: p.owner, name: name, type: type)
        }
        if let b = stored[key] { return b.value }
        guard let ini = p.binding.initializer?.value else {
            return .unknown(
                Unknown(what: name, range: range, reason: "app state (a stored property with no value in the source)"))
        }
        guard evaluatingStored.insert(key).inserted else {
            throw EvalStop(kind: .limit, message: "\(name) is defined in terms of itself", range: range)
        }
        defer { evaluatingStored.remove(key) }
        let saved = selfType
        selfType = p.owner
        defer { selfType = saved }
        var v = typed(try eval(ini, Scope(parent: nil), p.file, expected: expectation(ofType: type)), as: type)
        if !p.isLet && !p.isStatic && !p.isLazy && p.owner != nil {
            if case .closure = v {
            } else if case .object = v {
            } else {
                note(
                    .swiftAssumption, .information,
                    "\(name) is a stored `var`: layoutlint read its initial value (\(describe(v))); if the app changes it, the layout changes too",
                    range)
            }
        }
        if case .unknown(let u) = v { v = .unknown(u) }
        stored[key] = Box(v, type: type)
        return v
    }

    /// Runs a body (a getter, a function, a closure) and returns what it returns; a single expression is returned
    /// implicitly.
    func runBody(_ body: CodeBlockItemListSyntax, scope: Scope, file: Int, owner: String?, name: String?, type: String?)
        throws -> Value
    {
        callDepth += 1
        defer { callDepth -= 1 }
        if callDepth > maxCallDepth {
            throw EvalStop(
                kind: .limit,
                message:
                    "calls nest more than \(maxCallDepth) deep (recursion): the layout is not read past this point",
                range: module.range(body, file: file))
        }
        let savedSelf = selfType, savedValue = selfValue
        if let p = pendingSelf { selfValue = p; pendingSelf = nil } else if owner != selfType { selfValue = nil }
        if let owner { selfType = owner }
        defer { selfType = savedSelf; selfValue = savedValue }
        if let name { functionStack.append(name) }
        defer { if name != nil { functionStack.removeLast() } }
        returnTypes.append(type)
        defer { returnTypes.removeLast() }
        if body.count == 1, let only = body.first, let e = Self.implicitReturn(only.item, returns: type) {
            return typed(try eval(e, scope, file, expected: expectation(ofType: type)), as: type)
        }
        switch try exec(body, scope, file) {
        case .returned(let v): return typed(v, as: type)
        default: return .void
        }
    }

    /// The expression a body of one item returns implicitly: that item, where it is an expression; or an `if` or
    /// `switch` (a statement to the parser) in a body not declared to return `Void` (`-> Double { switch n {
    /// case 3...: 0.5 default: 1.0 } }`, a provider closure `{ index, _ in switch index { … } }`), whose branches
    /// give the value (or `return` it).
    static func implicitReturn(_ item: CodeBlockItemSyntax.Item, returns type: String?) -> ExprSyntax? {
        if case .expr(let e) = item { return e }
        guard type != "Void", type != "()", case .stmt(let s) = item,
            let e = s.as(ExpressionStmtSyntax.self)?.expression,
            isExpressionForm(e)
        else { return nil }
        return e
    }

    /// An `if` or `switch` whose every branch is one expression (SE-0380's form: a value, not statements that
    /// `return` one).
    static func isExpressionForm(_ e: ExprSyntax) -> Bool {
        func single(_ items: CodeBlockItemListSyntax) -> Bool {
            guard items.count == 1, let only = items.first else { return false }
            if case .expr(let inner) = only.item {
                return !(inner.is(IfExprSyntax.self) || inner.is(SwitchExprSyntax.self)) || isExpressionForm(inner)
            }
            if case .stmt(let st) = only.item, let inner = st.as(ExpressionStmtSyntax.self)?.expression {
                return isExpressionForm(inner)
            }
            return false
        }
        if let i = e.as(IfExprSyntax.self) {
            guard single(i.body.statements) else { return false }
            switch i.elseBody {
            case .ifExpr(let next)?: return isExpressionForm(ExprSyntax(next))
            case .codeBlock(let b)?: return single(b.statements)
            case nil: return false
            }
        }
        if let sw = e.as(SwitchExprSyntax.self) {
            return sw.cases.allSatisfy { el in
                if case .switchCase(let c) = el { return single(c.statements) }
                return false
            }
        }
        return false
    }

    // MARK: calls of module functions and closures

    func callFunction(_ f: FunctionRef, owner: String?, args: [Arg], callRange: ByteRange) throws -> Value {
        let decl = f.decl
        reached.insert(module.range(decl, file: f.file).start)
        guard let body = decl.body else {
            return .unknown(Unknown(what: decl.name.text, range: callRange, reason: "a function without a body"))
        }
        let scope = try bindParameters(decl.signature.parameterClause, args: args, file: f.file, owner: owner)
        return try runBody(
            body.statements, scope: scope, file: f.file, owner: owner, name: decl.name.text,
            type: decl.signature.returnClause.map { module.text(of: $0.type, file: f.file) })
    }

    /// A scope with a function's (or an initializer's) parameters bound: the arguments given, else the defaults,
    /// else the stand-ins of a function read as a layout of its own (`parameterStandIn`). A default is evaluated
    /// as Swift does, in the declaration's type (`owner`), not the caller's.
    func bindParameters(_ clause: FunctionParameterClauseSyntax, args: [Arg], file: Int, owner: String?) throws -> Scope
    {
        let scope = Scope(parent: nil)
        let saved = selfType
        if let owner { selfType = owner }
        defer { selfType = saved }
        var i = 0
        for p in clause.parameters {
            let external: String? = p.firstName.text == "_" ? nil : p.firstName.text
            let internalName = (p.secondName ?? p.firstName).text
            let type = module.text(of: p.type, file: file)
            if p.ellipsis != nil {
                var rest: [Value] = []
                while i < args.count, rest.isEmpty ? args[i].label == external : args[i].label == nil {
                    rest.append(args[i].value); i += 1
                }
                scope.declare(internalName, .array(rest), type: nil)
                continue
            }
            if i < args.count, args[i].label == external {
                scope.declare(internalName, typed(args[i].value, as: type), type: type)
                i += 1
            } else if let d = p.defaultValue?.value {
                scope.declare(
                    internalName,
                    typed(try eval(d, Scope(parent: nil), file, expected: expectation(ofType: type)), as: type),
                    type: type)
            } else if i < args.count {
                scope.declare(internalName, typed(args[i].value, as: type), type: type)
                i += 1
            } else {
                scope.declare(
                    internalName, parameterStandIn(type: type, name: internalName, range: module.range(p, file: file)),
                    type: type)
            }
        }
        return scope
    }

    /// What a parameter holds when a function is read as a layout of its own (no caller passes it): the layout
    /// environment for an environment, the first section for an index, and otherwise app state.
    func parameterStandIn(type: String, name: String, range: ByteRange) -> Value {
        let t = canonicalTypeName(withoutAny(type))
        if t.contains("NSCollectionLayoutEnvironment") {
            readsEnvironment = true; return .object(environmentObject(range))
        }
        if t == "UITraitCollection" { readsEnvironment = true; return .object(APIObject(.traits, range: range)) }
        return .unknown(Unknown(what: name, range: range, reason: "a parameter the caller passes (app state)"))
    }

    func callClosure(_ c: Closure, args: [Value], callRange: ByteRange) throws -> Value {
        switch c.body {
        case .function(let f):
            return try callFunction(
                f, owner: c.selfType, args: args.map { Arg(label: nil, value: $0, range: callRange) },
                callRange: callRange)
        case .closure(let e, let file):
            let scope = Scope(parent: c.scope)
            let names = closureParameterNames(e, count: args.count)
            for (i, n) in names.enumerated() where n != "_" {
                let box = Box(i < args.count ? args[i] : .none, type: nil)
                scope.vars[n] = box
            }
            let saved = selfType
            selfType = c.selfType
            defer { selfType = saved }
            return try runBody(e.statements, scope: scope, file: file, owner: c.selfType, name: nil, type: nil)
        }
    }

    func describe(_ v: Value) -> String {
        switch v {
        case .num(let x, _): return formatPoints(x)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return "\"\(s)\""
        case .member(let m): return "." + m
        case .enumCase(let t, let n, _): return "\(t).\(n)"
        case .array(let a): return "[\(a.count) elements]"
        case .none: return "nil"
        default: return v.typeName
        }
    }
}
