// Calls as Swift resolves them: a type's initializer, a static or implicit member (handed to `API.swift` for the
// API's), a method of a value or of the module's types and extensions, Swift's free functions, and the module's
// own functions.

import Foundation
import LayoutLintCore
import SwiftSyntax

extension Evaluator {
    // MARK: calls

    func call(_ c: FunctionCallExprSyntax, _ scope: Scope, _ file: Int, expected: Expect?) throws -> Value {
        let v = try callValue(c, scope, file, expected: expected)
        if case .unknown(let u) = v { forgetCaptures(of: c, scope, because: u, at: rangeOf(c, file)) }
        return v
    }

    /// A call whose value is unknown may run the closures passed to it any number of times: the variables of the
    /// caller they assign or mutate (`total += row.height` in a `map` over app data) hold what only the app knows
    /// after the call, not what they held before it.
    func forgetCaptures(of c: FunctionCallExprSyntax, _ scope: Scope, because u: Unknown, at range: ByteRange) {
        var closures: [ClosureExprSyntax] = c.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        if let t = c.trailingClosure { closures.append(t) }
        closures += c.additionalTrailingClosures.map(\.closure)
        guard !closures.isEmpty else { return }
        let effects = LoopEffects(viewMode: .sourceAccurate)
        effects.closureBody = true
        for closure in closures { effects.walk(closure.statements) }
        for name in effects.names.subtracting(effects.declared) {
            scope.lookup(name)?.value = writtenByClosure(name, passedTo: u.what, at: range)
        }
    }

    /// A variable after a call that may run a closure that changes it any number of times.
    func writtenByClosure(_ name: String, passedTo call: String, at range: ByteRange) -> Value {
        .unknown(Unknown(what: name, range: range, reason: closureRunReason(call)))
    }

    func closureRunReason(_ call: String) -> String {
        "a closure passed to \(call), run as often as only the running app knows"
    }

    func callValue(_ c: FunctionCallExprSyntax, _ scope: Scope, _ file: Int, expected: Expect?) throws -> Value {
        let range = rangeOf(c, file)
        var args: [Arg] = []
        for a in c.arguments {
            args.append(
                Arg(
                    label: a.label?.text,
                    value: try eval(a.expression, scope, file, expected: argumentExpectation(a.label?.text)),
                    range: rangeOf(a.expression, file)))
        }
        // A call whose arguments are still being typed (`.fixed(`, `NSCollectionLayoutEdgeSpacing(leading: `) is
        // itself: the statement that uses it is read as if it were not there yet.
        if let typing = args.first(where: {
            if case .unknown(let u) = $0.value { u.reason == typingReason } else { false }
        }) {
            return typing.value
        }
        if let t = c.trailingClosure {
            args.append(
                Arg(
                    label: nil,
                    value: .closure(Closure(body: .closure(t, file: file), scope: scope, selfType: selfType)),
                    range: rangeOf(t, file)))
        }
        for t in c.additionalTrailingClosures {
            args.append(
                Arg(
                    label: t.label.text,
                    value: .closure(Closure(body: .closure(t.closure, file: file), scope: scope, selfType: selfType)),
                    range: rangeOf(t.closure, file)))
        }
        let callee = c.calledExpression
        if let m = callee.as(MemberAccessExprSyntax.self) {
            let name = m.declName.baseName.text
            guard let base = m.base else { return try implicitCall(name, args, range, expected: expected, file: file) }
            if initializesLayoutSuperclass(c) {
                return try construct("UICollectionViewCompositionalLayout", args, range, file: file, expected: expected)
                    ?? .none
            }
            if let d = base.as(DeclReferenceExprSyntax.self), d.baseName.text == "self" || d.baseName.text == "Self",
                scope.lookup("self") == nil
            {
                if let v = try callModuleFunction(name, owner: selfType, args, range) { return v }
                missing.insert(MissingName(name, in: .member(of: selfType)))
                return .unknown(
                    Unknown(what: "self.\(name)(…)", range: range, reason: "a method not declared in the files read"))
            }
            if isTypeName(base, scope) {
                let t = canonicalTypeName(module.text(of: base, file: file))
                if name == "init" { return try construct(t, args, range, file: file, expected: expected) ?? .none }
                if let v = try staticCall(t, name, args, range, file: file, expected: expected) { return v }
                // A type no file of the run declares or extends with such a function: its function is not a
                // same-named one of another type (`TopSitesSectionLayoutProvider.createTopSitesSectionLayout` inside a
                // `createTopSitesSectionLayout` of the view's own is no recursion).
                let declared =
                    module.typeNames.contains(t) || module.enums[t] != nil
                    || module.functions[name]?.contains { $0.owner == t } == true
                if declared, let v = try callModuleFunction(name, owner: t, args, range) { return v }
                missing.insert(MissingName(name, in: .member(of: t)))
                return .unknown(
                    Unknown(what: "\(t).\(name)(…)", range: range, reason: "a function not declared in the files read"))
            }
            let bv = try eval(base, scope, file)
            return try method(bv, name, args, range, baseExpr: base, scope, file)
        }
        if let d = callee.as(DeclReferenceExprSyntax.self) {
            let name = d.baseName.text
            if let box = scope.lookup(name) {
                if case .closure(let cl) = box.value {
                    return try callClosure(cl, args: args.map(\.value), callRange: range)
                }
                return .unknown(
                    Unknown(what: name + "(…)", range: range, reason: "a call of a value layoutlint does not model"))
            }
            let t = canonicalTypeName(name)
            if let e = enumNamed(t, at: range), let raw = arg(args, "rawValue") {
                // `Section(rawValue: sectionIndex)`: the case with that raw value, or nil.
                for i in e.cases.indices {
                    let v = enumCaseValue(e, i)
                    if case .enumCase(_, _, let rv?) = v, equal(rv, raw.value) {
                        if indexBox != nil { indexMatched = true }
                        return v
                    }
                }
                if indexBox != nil { indexPastEnd = true }
                return .none
            }
            if let v = try construct(t, args, range, file: file, expected: expected, orNil: true) { return v }
            if module.typeNames.contains(t), let v = try userInitializer(t, args, range) ?? memberwise(t, args, range) {
                return v
            }
            if let v = try freeFunction(name, args, range) { return v }
            if let v = try callModuleFunction(name, owner: selfType, args, range) { return v }
            missing.insert(.bare(name, in: selfType))
            return .unknown(
                Unknown(what: name + "(…)", range: range, reason: "a function not declared in the files read"))
        }
        // `{ … }()`, `(makeSection)(…)`: call what the expression is.
        let f = try eval(callee, scope, file)
        if case .closure(let cl) = f { return try callClosure(cl, args: args.map(\.value), callRange: range) }
        return .unknown(
            Unknown(what: callee.trimmedDescription + "(…)", range: range, reason: "a call layoutlint does not model"))
    }

    /// Labels whose argument is read as a CGFloat (so that `top: 1/3` is 0.333, as Swift types it).
    func argumentExpectation(_ label: String?) -> Expect? {
        switch label {
        case "top", "leading", "bottom", "trailing", "left", "right", "width", "height", "x", "y", "estimate":
            return .cgfloat
        case "count": return .int
        case "contentInsets": return .insets
        default: return nil
        }
    }

    func isTypeName(_ e: ExprSyntax, _ scope: Scope) -> Bool {
        if e.is(TypeExprSyntax.self) { return true }
        if let d = e.as(DeclReferenceExprSyntax.self) {
            let n = d.baseName.text
            guard scope.lookup(n) == nil, let f = n.unicodeScalars.first else { return false }
            if module.properties[n] != nil { return false }
            return CharacterSet.uppercaseLetters.contains(f)
        }
        if let m = e.as(MemberAccessExprSyntax.self), let b = m.base {
            // `UICollectionView.ScrollDirection`
            return isTypeName(b, scope) && m.declName.baseName.text.first?.isUppercase == true
        }
        if let g = e.as(GenericSpecializationExprSyntax.self) { return isTypeName(g.expression, scope) }
        return false
    }

    func callModuleFunction(_ name: String, owner: String?, _ args: [Arg], _ range: ByteRange) throws -> Value? {
        guard let candidates = module.functions[name], !candidates.isEmpty else { return nil }
        // The overload whose labels fit the call, preferring the type whose code runs.
        let labels = args.map(\.label)
        func fits(_ f: FunctionEntry) -> Bool {
            var i = 0
            for p in f.decl.signature.parameterClause.parameters {
                let ext: String? = p.firstName.text == "_" ? nil : p.firstName.text
                if i < labels.count, labels[i] == ext {
                    i += 1
                } else if p.defaultValue == nil && p.ellipsis == nil {
                    return false
                }
            }
            return i == labels.count
        }
        let fitting = candidates.filter(fits)
        let pool = fitting.isEmpty ? candidates : fitting
        let f = pool.first { $0.owner == owner } ?? pool.first { $0.owner == selfType } ?? pool[0]
        return try callFunction(FunctionRef(decl: f.decl, file: f.file), owner: f.owner, args: args, callRange: range)
    }

    /// Swift's free functions and conversions that layout code uses.
    func freeFunction(_ name: String, _ args: [Arg], _ range: ByteRange) throws -> Value? {
        func nums() throws -> [Double] { try args.map { try number($0.value, $0.range, name) } }
        func kindOf() -> NumKind {
            args.contains { if case .num(_, .float) = $0.value { return true } else { return false } }
                ? .float
                : args.contains { if case .num(_, .int) = $0.value { return true } else { return false } }
                    ? .int : .intLiteral
        }
        if args.contains(where: { $0.value.isUnknown }),
            ["min", "max", "abs", "floor", "ceil", "round", "sqrt", "CGFloat", "Double", "Float", "Int", "stride"]
                .contains(name)
        {
            for a in args { if case .unknown(let u) = a.value { return .unknown(u) } }
        }
        switch name {
        case "min": let n = try nums(); return n.isEmpty ? nil : .num(n.min()!, kindOf())
        case "max": let n = try nums(); return n.isEmpty ? nil : .num(n.max()!, kindOf())
        case "abs": return .num(abs(try nums().first ?? 0), kindOf())
        case "floor": return .num(Foundation.floor(try nums().first ?? 0), .float)
        case "ceil": return .num(Foundation.ceil(try nums().first ?? 0), .float)
        case "round": return .num(Foundation.round(try nums().first ?? 0), .float)
        case "sqrt": return .num((try nums().first ?? 0).squareRoot(), .float)
        case "CGFloat", "Double", "Float", "Float64", "TimeInterval":
            guard let a = args.first else { return .num(0, .float) }
            return .num(try number(a.value, a.range, name), .float)
        case "Int":
            guard let a = args.first else { return .num(0, .int) }
            return .num(try number(a.value, a.range, name).rounded(.towardZero), .int)
        case "stride":
            guard let from = arg(args, "from"), let by = arg(args, "by"),
                let end = arg(args, "to") ?? arg(args, "through")
            else { return nil }
            let a = try number(from.value, from.range, "stride"), b = try number(end.value, end.range, "stride"),
                s = try number(by.value, by.range, "stride")
            guard s != 0 else { return nil }
            var out: [Value] = []
            var x = a
            let through = arg(args, "through") != nil
            while s > 0 ? (through ? x <= b : x < b) : (through ? x >= b : x > b) {
                out.append(.num(x, kindOf()))
                x += s
                if out.count > maxLoopIterations {
                    throw EvalStop(
                        kind: .limit, message: "a stride of more than \(maxLoopIterations) elements", range: range)
                }
            }
            return .array(out)
        default: return nil
        }
    }

    /// Methods on values: arrays (`append`, `map`, …), numbers (`rounded()`), and calls on objects the evaluator
    /// does not need (`register`, `invalidateLayout`).
    func method(
        _ v: Value, _ name: String, _ args: [Arg], _ range: ByteRange, baseExpr: ExprSyntax, _ scope: Scope, _ file: Int
    ) throws -> Value {
        if case .unknown(let u) = v,
            let r = try methodOfUnknown(u, name, args, range, baseExpr: baseExpr, scope, file)
        {
            return r
        }
        // `Array(repeating:count:)` of an unknown count changed in place otherwise is no longer that many of one
        // element.
        if case .unknown(var u) = v, u.repeating != nil, Writes.mutating.contains(name) {
            u.repeating = nil
            u.before = []
            u.after = []
            try assign(baseExpr, .unknown(u), rhsRange: range, statement: range, scope, file)
            return .void
        }
        switch v {
        case .array(var a):
            switch name {
            case "append":
                if let x = args.first {
                    if x.label == "contentsOf", case .array(let more) = x.value { a += more } else { a.append(x.value) }
                }
                try assign(baseExpr, .array(a), rhsRange: range, statement: range, scope, file)
                return .void
            case "insert":
                if let x = args.first, let at = arg(args, "at")?.value.integer, at >= 0, at <= a.count {
                    a.insert(x.value, at: at)
                }
                try assign(baseExpr, .array(a), rhsRange: range, statement: range, scope, file)
                return .void
            case "removeAll":
                try assign(baseExpr, .array([]), rhsRange: range, statement: range, scope, file)
                return .void
            case "map", "compactMap", "flatMap", "forEach", "filter":
                guard case .closure(let cl)? = args.first?.value else { break }
                var out: [Value] = []
                for el in a {
                    let res = try callClosure(cl, args: [el], callRange: range)
                    switch name {
                    case "filter": if case .bool(true) = res { out.append(el) }
                    case "compactMap": if case .none = res {} else { out.append(res) }
                    case "flatMap": if case .array(let inner) = res { out += inner } else { out.append(res) }
                    case "forEach": break
                    default: out.append(res)
                    }
                }
                return name == "forEach" ? .void : .array(out)
            case "reversed": return .array(a.reversed())
            case "reduce" where args.count == 2:
                var acc = args[0].value
                if case .closure(let cl) = args[1].value {
                    for el in a { acc = try callClosure(cl, args: [acc, el], callRange: range) }
                    return acc
                }
                guard case .member(let m) = args[1].value, m.hasPrefix("operator ") else { break }
                for el in a { acc = try binary(String(m.dropFirst(9)), acc, el, range) }
                return acc
            case "max", "min":
                let ns = a.compactMap(\.number)
                guard ns.count == a.count, let m = (name == "max" ? ns.max() : ns.min()) else { break }
                return .num(
                    m, a.first.flatMap { if case .num(_, let k) = $0 { return k } else { return nil } } ?? .float)
            case "enumerated":
                return .array(
                    a.enumerated().map { .tuple([("offset", .num(Double($0.offset), .int)), ("element", $0.element)]) })
            case "prefix": if let n = args.first?.value.integer { return .array(Array(a.prefix(max(0, n)))) }
            case "dropFirst": return .array(Array(a.dropFirst(args.first?.value.integer ?? 1)))
            case "contains": if let x = args.first?.value { return .bool(a.contains { equal($0, x) }) }
            default: break
            }
        case .num(let x, let k):
            switch name {
            case "rounded":
                let rule: FloatingPointRoundingRule
                switch args.first?.value {
                case .member("down")?: rule = .down
                case .member("up")?: rule = .up
                case .member("towardZero")?: rule = .towardZero
                case .member("toNearestOrEven")?: rule = .toNearestOrEven
                default: rule = .toNearestOrAwayFromZero
                }
                return .num(x.rounded(rule), k)
            case "squareRoot": return .num(x.squareRoot(), .float)
            case "isMultiple":
                if let d = args.first?.value.number, d != 0 { return .bool(x.truncatingRemainder(dividingBy: d) == 0) }
            default: break
            }
        case .type(let t):
            if let sv = try staticCall(t, name, args, range, file: file, expected: nil) { return sv }
            if let fv = try callModuleFunction(name, owner: t, args, range) { return fv }
        case .object(let o):
            // A method an extension of the API's class adds (`extension NSCollectionLayoutSection { func withHeader() }`).
            for t in UIKitAPI.classes(o.kind)
            where module.functions[name]?.contains(where: { $0.owner.map(canonicalTypeName) == t }) == true {
                pendingSelf = v
                defer { pendingSelf = nil }
                if let fv = try callModuleFunction(name, owner: t, args, range) { return fv }
            }
            if o.kind == .view || o.kind == .layout || o.kind == .configuration {
                return .void // register(…), invalidateLayout(), setCollectionViewLayout(…): nothing the layout reads
            }
        case .record(let t, _):
            if module.functions[name]?.contains(where: { $0.owner == t }) == true {
                pendingSelf = v
                defer { pendingSelf = nil }
                if let fv = try callModuleFunction(name, owner: t, args, range) { return fv }
            }
        case .member(let m):
            if let resolved = try resolveImplicit(m, range) {
                return try method(resolved, name, args, range, baseExpr: baseExpr, scope, file)
            }
        case .enumCase(let t, _, _):
            if module.functions[name]?.contains(where: { $0.owner == t }) == true {
                pendingSelf = v
                defer { pendingSelf = nil }
                if let fv = try callModuleFunction(name, owner: t, args, range) { return fv }
            }
        case .closure(let cl) where name == "callAsFunction":
            return try callClosure(cl, args: args.map(\.value), callRange: range)
        case .unknown(let u):
            return .unknown(Unknown(what: "\(u.what).\(name)(…)", range: u.range, reason: u.reason))
        case .none:
            return .none
        default: break
        }
        return .unknown(
            Unknown(
                what: "\(baseExpr.trimmedDescription).\(name)(…)", range: range,
                reason: "a method layoutlint does not model"))
    }
}

/// How Swift code writes to a variable: an assignment (`x = …`, `x += …`), or a method that mutates in place.
enum Writes {
    static let mutating: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeLast", "removeFirst", "merge", "formUnion", "sort", "reverse",
    ]

    static func assigns(_ op: ExprSyntax) -> Bool {
        op.is(AssignmentExprSyntax.self)
            || (op.as(BinaryOperatorExprSyntax.self).map { ["+=", "-=", "*=", "/="].contains($0.operator.text) }
                ?? false)
    }

    /// What an assignment (`x = …`, `x += …`) writes to; nil for other expressions. (The tree is not folded:
    /// `x += y` is the sequence `x`, `+=`, `y`; an assignment's operator comes second.)
    static func assignmentTarget(_ node: SequenceExprSyntax) -> ExprSyntax? {
        let e = Array(node.elements)
        return e.count >= 3 && assigns(e[1]) ? e[0] : nil
    }

    static func assignmentTarget(_ node: InfixOperatorExprSyntax) -> ExprSyntax? {
        assigns(node.operator) ? node.leftOperand : nil
    }
}
