// Expressions: literals with Swift's literal typing, names, members, calls, operators, ternaries, `if`/`switch`
// expressions, closures, casts and optionals, and assignment (locals, properties, and members of the API's objects
// and structs: `item.contentInsets.leading = 16` changes the item's insets).

import Foundation
import LayoutLintCore
import SwiftSyntax

/// Why a value is unknown when its expression is missing (code still being typed in the editor).
let typingReason = "code still being typed"

extension Evaluator {
    func eval(_ e: ExprSyntax, _ scope: Scope, _ file: Int, expected: Expect? = nil) throws -> Value {
        exprDepth += 1
        defer { exprDepth -= 1 }
        let range = r(e, file)
        if exprDepth > maxExprDepth {
            throw EvalStop(kind: .limit, message: "the expression nests more than \(maxExprDepth) deep: layoutlint does not read it", range: range)
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
            if text.hasPrefix("0x") { v = Double(Int(text.dropFirst(2), radix: 16) ?? 0) }
            else if text.hasPrefix("0b") { v = Double(Int(text.dropFirst(2), radix: 2) ?? 0) }
            else if text.hasPrefix("0o") { v = Double(Int(text.dropFirst(2), radix: 8) ?? 0) }
            else { v = Double(text) ?? 0 }
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
            if case .other(let t)? = expected, t.hasPrefix("["), t.hasSuffix("]") { element = expectation(ofType: String(t.dropFirst().dropLast())) }
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
            default: throw EvalStop(kind: .unsupported, message: "layoutlint cannot apply \(p.operator.text) to \(v.typeName)", range: range)
            }
        }
        if let t = e.as(TernaryExprSyntax.self) {
            return try truth(t.condition, scope, file) ? try eval(t.thenExpression, scope, file, expected: expected)
                                                        : try eval(t.elseExpression, scope, file, expected: expected)
        }
        if let t = e.as(TupleExprSyntax.self) {
            if t.elements.count == 1, let only = t.elements.first, only.label == nil { return try eval(only.expression, scope, file, expected: expected) }
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
            if case .none = v { throw EvalStop(kind: .unknown, message: "\(f.expression.trimmedDescription) is nil here: the app would crash at this force unwrap", range: range) }
            return v
        }
        if let o = e.as(OptionalChainingExprSyntax.self) { return try eval(o.expression, scope, file, expected: expected) }
        if let t = e.as(TryExprSyntax.self) { return try eval(t.expression, scope, file, expected: expected) }
        if let a = e.as(AwaitExprSyntax.self) { return try eval(a.expression, scope, file, expected: expected) }
        if let a = e.as(AsExprSyntax.self) {
            let type = a.type.trimmedDescription
            return typed(try eval(a.expression, scope, file, expected: expectation(ofType: type)), as: type)
        }
        if let g = e.as(GenericSpecializationExprSyntax.self) { return try eval(g.expression, scope, file, expected: expected) }
        if let i = e.as(IsExprSyntax.self) {
            return .unknown(Unknown(what: i.trimmedDescription.prefix(60).description, range: range, reason: "a type check at run time"))
        }
        if let t = e.as(TypeExprSyntax.self) { return .type(canonicalTypeName(t.type.trimmedDescription)) }
        if let s = e.as(SubscriptCallExprSyntax.self) { return try subscriptValue(s, scope, file) }
        if e.is(SuperExprSyntax.self) { return .unknown(Unknown(what: "super", range: range, reason: "the superclass")) }
        if let p = e.as(PostfixOperatorExprSyntax.self) { return try eval(p.expression, scope, file, expected: expected) }
        return .unknown(Unknown(what: e.trimmedDescription.prefix(60).description, range: range, reason: "Swift that layoutlint does not evaluate"))
    }

    /// The value an `if` expression gives (each branch is one expression).
    func ifValue(_ i: IfExprSyntax, _ scope: Scope, _ file: Int, expected: Expect?) throws -> Value {
        let inner = Scope(parent: scope)
        if try conditionsHold(i.conditions, inner, file) { return try blockValue(i.body.statements, inner, file, expected: expected) }
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
            if case .stmt(let s) = item.item, let es = s.as(ExpressionStmtSyntax.self) { last = try eval(es.expression, scope, file, expected: expected); continue }
            switch try exec(item.item, scope, file) {
            case .returned(let v): return v
            default: continue
            }
        }
        return last
    }

    // MARK: names and members

    func name(_ d: DeclReferenceExprSyntax, _ scope: Scope, _ file: Int) throws -> Value {
        let n = d.baseName.text
        if let box = scope.lookup(n) {
            if let ib = indexBox, box === ib { indexReads += 1 }
            return box.value
        }
        // An operator passed as a function (`reduce(0, +)`).
        if case .binaryOperator = d.baseName.tokenKind { return .member("operator " + n) }
        if n == "self" { return selfValue ?? .type(selfType ?? "Self") }
        if n == "Self" { return .type(selfType ?? "Self") }
        return try lookupName(n, r(d, file), scope, file)
    }

    func memberAccess(_ m: MemberAccessExprSyntax, _ scope: Scope, _ file: Int, expected: Expect?) throws -> Value {
        let name = m.declName.baseName.text
        let range = r(m, file)
        guard let base = m.base else {
            // An implicit member: `.zero` where insets are expected is zero insets; the rest is read by its user.
            if name == "zero" {
                switch expected {
                case .insets?: return .insets(Insets(range: range))
                case .cgfloat?, .int?: return .num(0, .float)
                default: break
                }
            }
            // A static member of one of the module's types, where that type is expected (`[GridStyle] = [.albums]`).
            if case .other(let t)? = expected, module.typeNames.contains(t) || module.enums[t] != nil {
                return try staticMember(t, name, range)
            }
            return .member(name)
        }
        if let box = initializing?.vars[name], let d = base.as(DeclReferenceExprSyntax.self), d.baseName.text == "self", scope.lookup("self") == nil {
            return box.value
        }
        let bv = try eval(base, scope, file)
        return try member(of: bv, name, range)
    }

    /// A member of a value: the environment's, a struct's fields, an object's properties, a type's static members.
    func member(of v: Value, _ name: String, _ range: ByteRange) throws -> Value {
        switch v {
        case .type(let t): return try staticMember(t, name, range)
        case .object(let o): return try objectMember(o, name, range)
        case .record(let type, let fields):
            if let f = fields[name] { return f }
            if module.properties[name]?.contains(where: { $0.owner == type }) == true {
                pendingSelf = v
                defer { pendingSelf = nil }
                if let pv = try readProperty(name, owner: type, range) { return pv }
            }
            if type == "CGRect" {
                let x = fields["x"]?.number ?? 0, y = fields["y"]?.number ?? 0
                let w = fields["width"]?.number ?? 0, h = fields["height"]?.number ?? 0
                switch name {
                case "size": return .record(type: "CGSize", fields: ["width": .num(w, .float), "height": .num(h, .float)])
                case "origin": return .record(type: "CGPoint", fields: ["x": .num(x, .float), "y": .num(y, .float)])
                case "minX": return .num(x, .float)
                case "minY": return .num(y, .float)
                case "maxX": return .num(x + w, .float)
                case "maxY": return .num(y + h, .float)
                case "midX": return .num(x + w / 2, .float)
                case "midY": return .num(y + h / 2, .float)
                default: break
                }
            }
            return .unknown(Unknown(what: "\(type).\(name)", range: range, reason: "a member layoutlint does not model"))
        case .insets(let i):
            switch name {
            case "top": return .num(i.top, .float)
            case "leading", "left": return .num(i.leading, .float)
            case "bottom": return .num(i.bottom, .float)
            case "trailing", "right": return .num(i.trailing, .float)
            default: break
            }
        case .size(let w, let h, _):
            if name == "widthDimension" { return .dimension(w) }
            if name == "heightDimension" { return .dimension(h) }
        case .dimension(let d):
            switch name {
            case "dimension": return .num(d.value, .float)
            case "isFractionalWidth": return .bool(d.kind == .fractionalWidth)
            case "isFractionalHeight": return .bool(d.kind == .fractionalHeight)
            case "isAbsolute": return .bool(d.kind == .absolute)
            case "isEstimated": return .bool(d.kind == .estimated)
            default: break
            }
        case .spacing(let s):
            if name == "spacing" { return .num(s.value, .float) }
            if name == "isFixedSpacing" { return .bool(!s.isFlexible) }
            if name == "isFlexibleSpacing" { return .bool(s.isFlexible) }
        case .array(let a):
            switch name {
            case "count": return .num(Double(a.count), .int)
            case "isEmpty": return .bool(a.isEmpty)
            case "first": return a.first ?? .none
            case "last": return a.last ?? .none
            case "indices": return .array(a.indices.map { .num(Double($0), .int) })
            default: break
            }
        case .string(let s):
            if name == "count" { return .num(Double(s.count), .int) }
            if name == "isEmpty" { return .bool(s.isEmpty) }
        case .enumCase(let t, let n, let raw):
            if name == "rawValue" { return raw ?? .string(n) }
            // A computed property of the enum, with `self` the case.
            if module.properties[name]?.contains(where: { $0.owner == t }) == true {
                pendingSelf = v
                defer { pendingSelf = nil }
                if let pv = try readProperty(name, owner: t, range) { return pv }
            }
        case .num(let x, _):
            if name == "magnitude" { return .num(abs(x), .float) }
        case .member(let m):
            if let resolved = try resolveImplicit(m, range) { return try member(of: resolved, name, range) }
            return .member(m + "." + name)
        case .none:
            return .none
        case .unknown(let u):
            return .unknown(Unknown(what: u.what + "." + name, range: u.range, reason: u.reason))
        default: break
        }
        return .unknown(Unknown(what: "\(v.typeName).\(name)", range: range, reason: "a member layoutlint does not model"))
    }

    func staticMember(_ type: String, _ name: String, _ range: ByteRange) throws -> Value {
        let t = canonicalTypeName(type)
        if let e = enumNamed(t, at: range) {
            if name == "allCases" { return .array(e.cases.indices.map { enumCaseValue(e, $0) }) }
            if let i = e.cases.firstIndex(where: { $0.name == name }) { return enumCaseValue(e, i) }
        }
        if module.typeNames.contains(name) || module.enums[name] != nil { return .type(name) }   // a nested type
        if t == selfType || module.typeNames.contains(t) || t == "Self" {
            if let v = try readProperty(name, owner: t == "Self" ? selfType : t, range) { return v }
            if let f = module.functions[name]?.first(where: { $0.owner == t }) ?? module.functions[name]?.first {
                return .closure(Closure(body: .function(FunctionRef(decl: f.decl, file: f.file)), scope: Scope(parent: nil), selfType: f.owner))
            }
            if let v = globalAPIValue(name, range) { return v }
            // A nested type (`Metrics.Header.height`): the files declare it by its own name.
            if module.enums[name] != nil || module.typeNames.contains(name) { return .type(name) }
            missing.insert(MissingName(name, in: .member(of: t == "Self" ? selfType : t)))
            return .unknown(Unknown(what: "\(t).\(name)", range: range, reason: "a value not declared in the files read"))
        }
        switch (t, name) {
        case ("UIScreen", "main"): readsEnvironment = true; return .object(Obj(.screen, range: range))
        case ("UIDevice", "current"): readsEnvironment = true; return .object(Obj(.device, range: range))
        case ("UICollectionView", "elementKindSectionHeader"): return .string("UICollectionElementKindSectionHeader")
        case ("UICollectionView", "elementKindSectionFooter"): return .string("UICollectionElementKindSectionFooter")
        case ("UICollectionView", "ScrollDirection"): return .type("UICollectionView.ScrollDirection")
        case ("NSDirectionalEdgeInsets", "zero"), ("UIEdgeInsets", "zero"): return .insets(Insets(range: range))
        case ("CGSize", "zero"): return .record(type: "CGSize", fields: ["width": .num(0, .float), "height": .num(0, .float)])
        case ("CGPoint", "zero"): return .record(type: "CGPoint", fields: ["x": .num(0, .float), "y": .num(0, .float)])
        case ("CGRect", "zero"): return rect(0, 0, 0, 0)
        case ("CGFloat", "zero"), ("Double", "zero"): return .num(0, .float)
        case ("CGFloat", "pi"), ("Double", "pi"): return .num(Double.pi, .float)
        case ("CGFloat", "greatestFiniteMagnitude"), ("Double", "greatestFiniteMagnitude"): return .num(.greatestFiniteMagnitude, .float)
        case ("UIApplication", _), ("UserDefaults", _), ("ProcessInfo", _), ("Bundle", _), ("NotificationCenter", _):
            return .unknown(Unknown(what: "\(t).\(name)", range: range, reason: "app state"))
        default:
            // An enum of the API (`UICollectionLayoutSectionOrthogonalScrollingBehavior.groupPaging`,
            // `NSRectAlignment.top`, `UIUserInterfaceSizeClass.compact`): its case name. A type of neither the
            // module nor Apple's frameworks (`UIMetrics.FilterView.spacing`, from a file or package not in the run)
            // is not guessed at.
            if isFrameworkMember(t, name) { return .member(name) }
            missing.insert(MissingName(t, in: .type))
            return .unknown(Unknown(what: "\(t).\(name)", range: range, reason: "a type not declared in the files read"))
        }
    }

    func enumCaseValue(_ e: EnumEntry, _ i: Int) -> Value {
        let c = e.cases[i]
        var raw: Value?
        if let x = c.raw {
            raw = (try? eval(x, Scope(parent: nil), e.file)) ?? nil
        } else if let rt = e.rawType {
            if numericKind(ofType: rt) == .int {
                // Implicit raw values count up from the last explicit one.
                var n = 0
                for j in 0...i {
                    if let x = e.cases[j].raw, let v = (try? eval(x, Scope(parent: nil), e.file))?.number { n = Int(v) } else if j > 0 { n += 1 }
                }
                raw = .num(Double(n), .int)
            } else if rt == "String" { raw = .string(c.name) }
        }
        return .enumCase(type: e.name, name: c.name, raw: raw)
    }

    /// Names an app's view code reads without declaring them: its view, collection view and traits.
    func globalAPIValue(_ name: String, _ range: ByteRange) -> Value? {
        switch name {
        case "view", "collectionView", "tableView", "contentView":
            readsEnvironment = true
            return .object(Obj(.view, range: range))
        case "traitCollection":
            readsEnvironment = true
            return .object(Obj(.traits, range: range))
        default: return nil
        }
    }

    func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Value {
        .record(type: "CGRect", fields: ["x": .num(x, .float), "y": .num(y, .float), "width": .num(w, .float), "height": .num(h, .float)])
    }

    func environmentObject(_ range: ByteRange) -> Obj { Obj(.environment, range: range) }

    /// Members of objects: the layout environment (per the environment being resolved), the screen, the device,
    /// views, and the API's objects (their properties, with UIKit's defaults).
    func objectMember(_ o: Obj, _ name: String, _ range: ByteRange) throws -> Value {
        let sizes = containerSizes(in: env, configuration: configuration)
        func envRead() { readsEnvironment = true }
        switch o.kind {
        case .environment:
            envRead()
            if name == "container" { return .object(Obj(.container, range: range)) }
            if name == "traitCollection" { return .object(Obj(.traits, range: range)) }
        case .container:
            envRead()
            switch name {
            case "contentSize": return .record(type: "CGSize", fields: ["width": .num(sizes.contentWidth, .float), "height": .num(sizes.contentHeight, .float)])
            case "effectiveContentSize": return .record(type: "CGSize", fields: ["width": .num(sizes.effectiveWidth, .float), "height": .num(sizes.effectiveHeight, .float)])
            case "contentInsets": return .insets(Insets(range: range))
            case "effectiveContentInsets":
                let l = (sizes.contentWidth - sizes.effectiveWidth) / 2
                return .insets(Insets(top: 0, leading: l, bottom: 0, trailing: l, range: range))
            default: break
            }
        case .traits:
            envRead()
            switch name {
            case "horizontalSizeClass": return .member(env.horizontalSizeClass.rawValue)
            case "verticalSizeClass": return .member(env.verticalSizeClass.rawValue)
            case "displayScale": return .num(env.scale, .float)
            case "userInterfaceIdiom": return .member(isPad ? "pad" : "phone")
            case "layoutDirection": return .member("leftToRight")
            case "preferredContentSizeCategory": return .member("large")
            case "userInterfaceStyle": return .member("light")
            default: break
            }
        case .screen:
            envRead()
            switch name {
            case "bounds", "nativeBounds": return rect(0, 0, env.width, env.height)
            case "scale", "nativeScale": return .num(env.scale, .float)
            case "traitCollection": return .object(Obj(.traits, range: range))
            default: break
            }
        case .device:
            envRead()
            if name == "userInterfaceIdiom" { return .member(isPad ? "pad" : "phone") }
            if name == "orientation" { return .member(env.width > env.height ? "landscapeLeft" : "portrait") }
        case .view:
            envRead()
            switch name {
            case "bounds", "frame": return rect(0, 0, env.width, env.height)
            case "traitCollection": return .object(Obj(.traits, range: range))
            case "safeAreaInsets":
                let s = env.safeAreaInsets
                return .record(type: "UIEdgeInsets", fields: ["top": .num(s.top, .float), "left": .num(s.left, .float), "bottom": .num(s.bottom, .float), "right": .num(s.right, .float)])
            case "directionalLayoutMargins", "layoutMargins":
                let m = env.layoutMargins
                return .insets(Insets(top: m.top, leading: m.left, bottom: m.bottom, trailing: m.right, range: range))
            case "collectionViewLayout": return .unknown(Unknown(what: name, range: range, reason: "the view's current layout"))
            default: break
            }
        default:
            if let v = o.fields[name] { return v }
            return apiDefault(o, name, range)
        }
        return .unknown(Unknown(what: name, range: range, reason: "a member layoutlint does not model"))
    }

    var isPad: Bool { env.name.hasPrefix("iPad") || min(env.width, env.height) >= 700 }

    /// UIKit's default for a property of one of the API's objects that the code did not set (`UIKitAPI`).
    func apiDefault(_ o: Obj, _ name: String, _ range: ByteRange) -> Value {
        guard let p = UIKitAPI.property(name, of: o.kind) else {
            return .unknown(Unknown(what: name, range: range, reason: unmodelledPropertyReason))
        }
        switch p.defaultValue {
        case .zeroInsets: return .insets(Insets(range: range))
        case .number(let x): return .num(x, .float)
        case .integer(let n): return .num(Double(n), .int)
        case .member(let m): return .member(m)
        case .bool(let b): return .bool(b)
        case .emptyArray: return .array([])
        case .none: return .none
        case .object(let kind):
            let made = Obj(kind, range: range)
            o.fields[name] = .object(made)
            return .object(made)
        case .fromInitializer:
            return .unknown(Unknown(what: name, range: range, reason: unmodelledPropertyReason))
        }
    }

    // MARK: subscripts

    func subscriptValue(_ s: SubscriptCallExprSyntax, _ scope: Scope, _ file: Int) throws -> Value {
        let base = try eval(s.calledExpression, scope, file)
        let before = indexReads
        guard let argExpr = s.arguments.first?.expression else { return .unknown(Unknown(what: s.trimmedDescription, range: r(s, file), reason: "a subscript")) }
        let idx = try eval(argExpr, scope, file)
        let onIndex = indexReads > before
        switch (base, idx) {
        case (.array(let a), .num):
            if onIndex && a.isEmpty {
                throw EvalStop(kind: .unknown, message: "the section provider reads \(s.calledExpression.trimmedDescription), which is empty in the source (the app fills it at run time), so it has no section \(describe(idx))",
                               range: r(s, file))
            }
            guard let i = idx.integer, a.indices.contains(i) else {
                throw EvalStop(kind: onIndex ? .unknown : .unsupported,
                               message: onIndex ? "past the last section" : "index \(describe(idx)) is out of range of \(s.calledExpression.trimmedDescription) (\(a.count) elements): the app would crash here",
                               range: r(s, file))
            }
            if onIndex && !indexWrapped { indexMatched = true }
            return a[i]
        case (.unknown, _), (_, .unknown): return .unknown(Unknown(what: s.trimmedDescription, range: r(s, file), reason: "app state"))
        default: return .unknown(Unknown(what: s.trimmedDescription, range: r(s, file), reason: "a subscript layoutlint does not model"))
        }
    }

    // MARK: operators

    func infix(_ i: InfixOperatorExprSyntax, _ scope: Scope, _ file: Int, expected: Expect?) throws -> Value {
        let range = r(i, file)
        if i.operator.is(AssignmentExprSyntax.self) {
            let rhs = try eval(i.rightOperand, scope, file, expected: try expectedForTarget(i.leftOperand, scope, file))
            try assign(i.leftOperand, rhs, rhsRange: r(i.rightOperand, file), statement: range, scope, file)
            return .void
        }
        guard let op = i.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else {
            return .unknown(Unknown(what: i.trimmedDescription, range: range, reason: "an operator layoutlint does not model"))
        }
        if op.count >= 2, op.hasSuffix("="), !["==", "!=", "<=", ">=", "==="].contains(op) {
            // `+=`, `-=`, `*=`, `/=`: the target's new value.
            let lhs = try eval(i.leftOperand, scope, file)
            let rhs = try eval(i.rightOperand, scope, file, expected: expectation(like: lhs))
            let v = try binary(String(op.dropLast()), lhs, rhs, range)
            try assign(i.leftOperand, v, rhsRange: r(i.rightOperand, file), statement: range, scope, file)
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
                   other <= Self.maxIndexHorizon, (op == "==") != b {
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
                throw EvalStop(kind: .limit, message: "a range of \(hi - a) elements: layoutlint reads at most \(maxLoopIterations)", range: range)
            }
            return .array(hi > a ? (a..<hi).map { .num(Double($0), .int) } : [])
        default: break
        }
        if case .string(let a) = l, case .string(let b) = rv, op == "+" { return .string(a + b) }
        if case .array(let a) = l, case .array(let b) = rv, op == "+" { return .array(a + b) }
        guard case .num(let a, let ka) = l, case .num(let b, let kb) = rv else {
            throw EvalStop(kind: .unsupported, message: "layoutlint cannot compute \(l.typeName) \(op) \(rv.typeName)", range: range)
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
            guard y != 0 else { throw EvalStop(kind: .unsupported, message: "remainder by zero: the app would crash here", range: range) }
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

    // MARK: assignment

    /// The type a target of an assignment holds (so that `item.contentInsets = .zero` reads `.zero` as insets).
    func expectedForTarget(_ target: ExprSyntax, _ scope: Scope, _ file: Int) throws -> Expect? {
        if let d = target.as(DeclReferenceExprSyntax.self) {
            if let b = scope.lookup(d.baseName.text) { return expectation(ofType: b.type) ?? expectation(like: b.value) }
            return nil
        }
        guard let m = target.as(MemberAccessExprSyntax.self) else { return nil }
        let name = m.declName.baseName.text
        if let t = UIKitAPI.type(ofMember: name) { return expectation(ofType: t) }
        switch name {
        case "top", "leading", "bottom", "trailing", "left", "right", "width", "height", "x", "y": return .cgfloat
        default: return nil
        }
    }

    func assign(_ target: ExprSyntax, _ value: Value, rhsRange: ByteRange, statement: ByteRange, _ scope: Scope, _ file: Int) throws {
        if target.is(DiscardAssignmentExprSyntax.self) { return }
        // Half-typed (`section.interGroupSpacing =` and nothing yet): the layout reads as it was before the line.
        if case .unknown(let u) = value, u.reason == typingReason { return }
        if let d = target.as(DeclReferenceExprSyntax.self) {
            let n = d.baseName.text
            if let box = scope.lookup(n) { box.value = typed(value, as: box.type); return }
            if case .object(let o)? = selfValue, o.kind != .view {
                if !(module.properties[n]?.contains { $0.owner == selfType } ?? false) { noteUnmodelledWrite(o, n, r(d, file)) }
                o.set(n, try fieldValue(o, n, value, rhsRange), key: r(d, file), valueRange: rhsRange)
                o.touched.append(statement)
                return
            }
            try assignProperty(n, owner: selfType, value)
            return
        }
        if let t = target.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first {
            return try assign(only.expression, value, rhsRange: rhsRange, statement: statement, scope, file)
        }
        if let o = target.as(OptionalChainingExprSyntax.self) { return try assign(o.expression, value, rhsRange: rhsRange, statement: statement, scope, file) }
        if let f = target.as(ForceUnwrapExprSyntax.self) { return try assign(f.expression, value, rhsRange: rhsRange, statement: statement, scope, file) }
        if let s = target.as(SubscriptCallExprSyntax.self), let argExpr = s.arguments.first?.expression {
            let base = try eval(s.calledExpression, scope, file)
            let idx = try eval(argExpr, scope, file)
            if case .array(var a) = base, let i = idx.integer, a.indices.contains(i) {
                a[i] = value
                try assign(s.calledExpression, .array(a), rhsRange: rhsRange, statement: statement, scope, file)
            }
            return
        }
        guard let m = target.as(MemberAccessExprSyntax.self), let baseExpr = m.base else { return }
        let name = m.declName.baseName.text
        if let d = baseExpr.as(DeclReferenceExprSyntax.self), d.baseName.text == "self", scope.lookup("self") == nil {
            if let box = initializing?.vars[name] { box.value = typed(value, as: box.type); return }
            try assignProperty(name, owner: selfType, value)
            return
        }
        let base = try eval(baseExpr, scope, file)
        switch base {
        case .object(let o):
            noteUnmodelledWrite(o, name, r(m, file))
            o.set(name, try fieldValue(o, name, value, rhsRange), key: r(m, file), valueRange: rhsRange)
            o.touched.append(statement)
        case .unknown(let u) where u.reason == unmodelledPropertyReason:
            // `section.someNewProperty.flag = true`: the write is to a property the table lacks.
            note(.swiftAssumption, .information,
                 "layoutlint does not model \(baseExpr.trimmedDescription); the layout is checked as if this line were not there", r(m, file))
        case .insets(var ins):
            guard let edge = Insets.Edge(rawValue: name == "left" ? "leading" : name == "right" ? "trailing" : name), let x = value.number else {
                if case .unknown(let u) = value { try stopUnknown(u, "insets") }
                return
            }
            switch edge {
            case .top: ins.top = x
            case .leading: ins.leading = x
            case .bottom: ins.bottom = x
            case .trailing: ins.trailing = x
            }
            ins.edgeRanges[edge] = rhsRange
            if ins.range.length == 0 || !ins.range.contains(statement.start) { ins.range = statement }
            try assign(baseExpr, .insets(ins), rhsRange: ins.range, statement: statement, scope, file)
        case .record(let type, var fields):
            fields[name] = value
            try assign(baseExpr, .record(type: type, fields: fields), rhsRange: rhsRange, statement: statement, scope, file)
        case .edgeSpacing(var es):
            let sp = try spacingValue(value, rhsRange)
            switch name {
            case "leading": es.leading = sp
            case "top": es.top = sp
            case "trailing": es.trailing = sp
            case "bottom": es.bottom = sp
            default: return
            }
            try assign(baseExpr, .edgeSpacing(es), rhsRange: rhsRange, statement: statement, scope, file)
        default:
            return
        }
    }

    /// A write to a property of the API that `UIKitAPI` does not declare: the layout is checked without it, and
    /// a note says so at the write.
    func noteUnmodelledWrite(_ o: Obj, _ name: String, _ range: ByteRange) {
        guard let owner = UIKitAPI.classes(o.kind).first, UIKitAPI.property(name, of: o.kind) == nil else { return }
        note(.swiftAssumption, .information,
             "layoutlint does not model \(owner).\(name); the layout is checked as if it were not set", range)
    }

    func assignProperty(_ name: String, owner: String?, _ value: Value) throws {
        guard let candidates = module.properties[name], !candidates.isEmpty else { return }
        let p = candidates.first { $0.owner == owner } ?? candidates[0]
        let key = module.range(p.binding, file: p.file).start
        _ = try readProperty(name, owner: owner, ByteRange(key, key))
        if p.binding.accessorBlock == nil { storedOverride(key, typed(value, as: p.type), type: p.type) }
    }
}

/// Whether `t.name` names a member of one of Apple's frameworks' types, which the evaluator reads by its name (an
/// enum case, an option, a constant): a type of `frameworkTypesWithNestedTypes`, or a name with a framework's
/// prefix (`UIUserInterfaceSizeClass`, `NSRectAlignment`, `CGFloat`) and a member that is no nested type. A type
/// of neither the module nor a framework (`Metrics.spacing`, `UIMetrics.FilterView` from a file not in the run) is
/// unknown.
func isFrameworkMember(_ t: String, _ name: String) -> Bool {
    if frameworkTypesWithNestedTypes.contains(t) { return true }
    guard let first = name.first, !first.isUppercase, let third = t.dropFirst(2).first, third.isUppercase else { return false }
    return ["UI", "NS", "CG", "CA", "CF"].contains(t.prefix(2))
}

/// The framework types whose nested types layout code names (`UICollectionLayoutListConfiguration.Appearance`).
let frameworkTypesWithNestedTypes: Set<String> = [
    "UICollectionView", "NSCollectionView", "UICollectionLayoutListConfiguration", "UIFont", "UIContentSizeCategory",
    "UITraitCollection", "UIUserInterfaceSizeClass", "UIUserInterfaceIdiom", "UIAccessibility",
]
