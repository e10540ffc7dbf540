// Calls: the compositional layout API (constructors, factories, the dimension and spacing forms), Swift's numeric
// functions and conversions, arrays, and the module's own functions and closures.

import Foundation
import LayoutLintCore
import SwiftSyntax

extension Evaluator {
    func stopUnknown(_ u: Unknown, _ use: String) throws -> Never {
        throw EvalStop(kind: .unknown, message: "layoutlint cannot compute \(u.what): it depends on \(u.reason), and \(use) needs its value", range: u.range)
    }

    func storedOverride(_ key: Int, _ value: Value, type: String?) {
        setStored(key, Box(value, type: type))
    }

    // MARK: values the API takes

    func number(_ v: Value, _ range: ByteRange, _ use: String) throws -> Double {
        switch v {
        case .num(let x, _): return x
        case .member("zero"): return 0
        case .unknown(let u): try stopUnknown(u, use)
        default:
            // `.minimumButtonDimension` where a number goes: a static constant of `extension CGFloat`, perhaps in a
            // file not read yet.
            if case .member(let name) = v {
                if let resolved = try resolveImplicit(name, range), case .num(let x, _) = resolved { return x }
                missing.insert(MissingName(name, in: .anyType))
            }
            throw EvalStop(kind: .unsupported, message: "\(use) takes a number, not \(v.typeName)", range: range)
        }
    }

    func insetsValue(_ v: Value, _ range: ByteRange) throws -> Insets {
        switch v {
        case .insets(let i): return i
        case .member("zero"): return Insets(range: range)
        case .record(let t, let f) where t == "UIEdgeInsets":
            return Insets(top: f["top"]?.number ?? 0, leading: f["left"]?.number ?? 0, bottom: f["bottom"]?.number ?? 0,
                          trailing: f["right"]?.number ?? 0, range: range)
        case .unknown(let u): try stopUnknown(u, "contentInsets")
        default: throw EvalStop(kind: .unsupported, message: "contentInsets takes NSDirectionalEdgeInsets, not \(v.typeName)", range: range)
        }
    }

    func spacingValue(_ v: Value, _ range: ByteRange) throws -> Spacing? {
        switch v {
        case .spacing(let s): return s
        case .none: return nil
        case .unknown(let u): try stopUnknown(u, "the spacing")
        default: throw EvalStop(kind: .unsupported, message: "expected NSCollectionLayoutSpacing (.fixed(N) or .flexible(N)), not \(v.typeName)", range: range)
        }
    }

    /// What setting `name` on an object of the API stores: the value as the property's type in `UIKitAPI` takes
    /// it. A name the table lacks is stored as written.
    func fieldValue(_ o: Obj, _ name: String, _ v: Value, _ range: ByteRange) throws -> Value {
        if case .unknown = v { return v }
        guard let p = UIKitAPI.property(name, of: o.kind) else { return v }
        switch expectation(ofType: p.type) {
        case .insets?: return .insets(try insetsValue(v, range))
        case .edgeSpacing?:
            if case .none = v { return .none }
            if case .edgeSpacing = v { return v }
            throw EvalStop(kind: .unsupported, message: "\(name) takes NSCollectionLayoutEdgeSpacing, not \(v.typeName)", range: range)
        case .cgfloat?: return .num(try number(v, range, name), .float)
        case .spacing?: return try spacingValue(v, range).map { .spacing($0) } ?? .none
        case .int?: return .num(try number(v, range, name).rounded(.towardZero), .int)
        default: return v
        }
    }

    func dimension(_ kind: Dimension.Kind, _ args: [Arg], _ range: ByteRange) throws -> Value {
        guard let a = args.first else { throw EvalStop(kind: .unsupported, message: "\(kind.rawValue) needs a value", range: range) }
        let d = Dimension(kind: kind, value: try number(a.value, a.range, "." + kind.rawValue), range: range)
        checkDimension(d)
        return .dimension(d)
    }

    /// The checks every front end makes of a dimension's value (`DimensionCheck`, in the core): out of range, or not
    /// positive, is an error, and the element is not laid out (as a spec document's element with that value is not
    /// built). An estimate below a point is judged where the size names its side (`checkEstimate`).
    func checkDimension(_ d: Dimension) {
        guard let problem = DimensionCheck.of(d.kind, d.value), problem.dropsElement else { return }
        note(problem.rule, problem.severity, problem.message(d, subject: d.swiftDescription, axis: nil), d.range)
        invalidDimensions.insert(d.range)
    }

    /// `fractional-estimate`: an estimate below one point, for the side of the size it stands for.
    func checkEstimate(_ d: Dimension, axis: Axis) {
        guard let problem = DimensionCheck.of(d.kind, d.value), problem == .fractionalEstimate else { return }
        note(problem.rule, problem.severity, problem.message(d, subject: d.swiftDescription, axis: axis), d.range)
    }

    func arg(_ args: [Arg], _ label: String) -> Arg? { args.first { $0.label == label } }

    func requireArg(_ args: [Arg], _ label: String, _ call: String, _ range: ByteRange) throws -> Arg {
        guard let a = arg(args, label) else {
            throw EvalStop(kind: .unsupported, message: "\(call) is called without \(label): (not the API's labels)", range: range)
        }
        return a
    }

    func sizeValue(_ a: Arg, _ use: String) throws -> Value {
        switch a.value {
        case .size: return a.value
        case .unknown(let u): try stopUnknown(u, use)
        default: throw EvalStop(kind: .unsupported, message: "\(use) takes NSCollectionLayoutSize, not \(a.value.typeName)", range: a.range)
        }
    }

    func objectArg(_ a: Arg, _ kinds: Set<Obj.Kind>, _ use: String) throws -> Obj {
        if case .object(let o) = a.value, kinds.contains(o.kind) { return o }
        if case .unknown(let u) = a.value { try stopUnknown(u, use) }
        throw EvalStop(kind: .unsupported, message: "\(use) takes \(kinds.map(\.rawValue).sorted().joined(separator: " or ")), not \(a.value.typeName)", range: a.range)
    }

    // MARK: calls

    func call(_ c: FunctionCallExprSyntax, _ scope: Scope, _ file: Int, expected: Expect?) throws -> Value {
        let range = r(c, file)
        var args: [Arg] = []
        for a in c.arguments {
            args.append(Arg(label: a.label?.text, value: try eval(a.expression, scope, file, expected: argumentExpectation(a.label?.text)), range: r(a.expression, file)))
        }
        if let t = c.trailingClosure {
            args.append(Arg(label: nil, value: .closure(Closure(body: .closure(t, file: file), scope: scope, selfType: selfType)), range: r(t, file)))
        }
        for t in c.additionalTrailingClosures {
            args.append(Arg(label: t.label.text, value: .closure(Closure(body: .closure(t.closure, file: file), scope: scope, selfType: selfType)), range: r(t.closure, file)))
        }
        let callee = c.calledExpression
        if let m = callee.as(MemberAccessExprSyntax.self) {
            let name = m.declName.baseName.text
            guard let base = m.base else { return try implicitCall(name, args, range, expected: expected, file: file) }
            if initializesLayoutSuperclass(c) { return try construct("UICollectionViewCompositionalLayout", args, range, file: file, expected: expected) ?? .none }
            if let d = base.as(DeclReferenceExprSyntax.self), d.baseName.text == "self" || d.baseName.text == "Self", scope.lookup("self") == nil {
                if let v = try callModuleFunction(name, owner: selfType, args, range) { return v }
                missing.insert(MissingName(name, in: .member(of: selfType)))
                return .unknown(Unknown(what: "self.\(name)(…)", range: range, reason: "a method not declared in the files read"))
            }
            if isTypeName(base, scope) {
                let t = canonicalTypeName(module.text(of: base, file: file))
                if name == "init" { return try construct(t, args, range, file: file, expected: expected) ?? .none }
                if let v = try staticCall(t, name, args, range, file: file, expected: expected) { return v }
                // A type no file of the run declares or extends with such a function: its function is not a
                // same-named one of another type (`TopSitesSectionLayoutProvider.createTopSitesSectionLayout` inside a
                // `createTopSitesSectionLayout` of the view's own is no recursion).
                let declared = module.typeNames.contains(t) || module.enums[t] != nil
                    || module.functions[name]?.contains { $0.owner == t } == true
                if declared, let v = try callModuleFunction(name, owner: t, args, range) { return v }
                missing.insert(MissingName(name, in: .member(of: t)))
                return .unknown(Unknown(what: "\(t).\(name)(…)", range: range, reason: "a function not declared in the files read"))
            }
            let bv = try eval(base, scope, file)
            return try method(bv, name, args, range, baseExpr: base, scope, file)
        }
        if let d = callee.as(DeclReferenceExprSyntax.self) {
            let name = d.baseName.text
            if let box = scope.lookup(name) {
                if case .closure(let cl) = box.value { return try callClosure(cl, args: args.map(\.value), callRange: range) }
                return .unknown(Unknown(what: name + "(…)", range: range, reason: "a call of a value layoutlint does not model"))
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
            if module.typeNames.contains(t), let v = try userInitializer(t, args, range) ?? memberwise(t, args, range) { return v }
            if let v = try freeFunction(name, args, range) { return v }
            if let v = try callModuleFunction(name, owner: selfType, args, range) { return v }
            missing.insert(.bare(name, in: selfType))
            return .unknown(Unknown(what: name + "(…)", range: range, reason: "a function not declared in the files read"))
        }
        // `{ … }()`, `(makeSection)(…)`: call what the expression is.
        let f = try eval(callee, scope, file)
        if case .closure(let cl) = f { return try callClosure(cl, args: args.map(\.value), callRange: range) }
        return .unknown(Unknown(what: callee.trimmedDescription + "(…)", range: range, reason: "a call layoutlint does not model"))
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
                if i < labels.count, labels[i] == ext { i += 1 } else if p.defaultValue == nil && p.ellipsis == nil { return false }
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
            args.contains { if case .num(_, .float) = $0.value { return true } else { return false } } ? .float
                : args.contains { if case .num(_, .int) = $0.value { return true } else { return false } } ? .int : .intLiteral
        }
        if args.contains(where: { $0.value.isUnknown }), ["min", "max", "abs", "floor", "ceil", "round", "sqrt", "CGFloat", "Double", "Float", "Int"].contains(name) {
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
            guard let from = arg(args, "from"), let by = arg(args, "by"), let end = arg(args, "to") ?? arg(args, "through") else { return nil }
            let a = try number(from.value, from.range, "stride"), b = try number(end.value, end.range, "stride"), s = try number(by.value, by.range, "stride")
            guard s != 0 else { return nil }
            var out: [Value] = []
            var x = a
            let through = arg(args, "through") != nil
            while s > 0 ? (through ? x <= b : x < b) : (through ? x >= b : x > b) {
                out.append(.num(x, kindOf()))
                x += s
                if out.count > maxLoopIterations { throw EvalStop(kind: .limit, message: "a stride of more than \(maxLoopIterations) elements", range: range) }
            }
            return .array(out)
        default: return nil
        }
    }

    /// Methods on values: arrays (`append`, `map`, …), numbers (`rounded()`), and calls on objects the evaluator
    /// does not need (`register`, `invalidateLayout`).
    func method(_ v: Value, _ name: String, _ args: [Arg], _ range: ByteRange, baseExpr: ExprSyntax, _ scope: Scope, _ file: Int) throws -> Value {
        switch v {
        case .array(var a):
            switch name {
            case "append":
                if let x = args.first { if x.label == "contentsOf", case .array(let more) = x.value { a += more } else { a.append(x.value) } }
                try assign(baseExpr, .array(a), rhsRange: range, statement: range, scope, file)
                return .void
            case "insert":
                if let x = args.first, let at = arg(args, "at")?.value.integer, at >= 0, at <= a.count { a.insert(x.value, at: at) }
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
                return .num(m, a.first.flatMap { if case .num(_, let k) = $0 { return k } else { return nil } } ?? .float)
            case "enumerated": return .array(a.enumerated().map { .tuple([("offset", .num(Double($0.offset), .int)), ("element", $0.element)]) })
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
            for t in apiTypeNames(o.kind) where module.functions[name]?.contains(where: { $0.owner.map(canonicalTypeName) == t }) == true {
                pendingSelf = v
                defer { pendingSelf = nil }
                if let fv = try callModuleFunction(name, owner: t, args, range) { return fv }
            }
            if o.kind == .view || o.kind == .layout || o.kind == .configuration {
                return .void   // register(…), invalidateLayout(), setCollectionViewLayout(…): nothing the layout reads
            }
        case .record(let t, _):
            if module.functions[name]?.contains(where: { $0.owner == t }) == true {
                pendingSelf = v
                defer { pendingSelf = nil }
                if let fv = try callModuleFunction(name, owner: t, args, range) { return fv }
            }
        case .member(let m):
            if let resolved = try resolveImplicit(m, range) { return try method(resolved, name, args, range, baseExpr: baseExpr, scope, file) }
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
        return .unknown(Unknown(what: "\(baseExpr.trimmedDescription).\(name)(…)", range: range, reason: "a method layoutlint does not model"))
    }

    // MARK: the compositional layout API

    /// An implicit member call (`.fractionalWidth(0.5)`, `.fixed(8)`, `.horizontal(layoutSize:subitems:)`,
    /// `.init(top:leading:bottom:trailing:)`): the member names the API type.
    func implicitCall(_ name: String, _ args: [Arg], _ range: ByteRange, expected: Expect?, file: Int) throws -> Value {
        if name == "init" {
            let labels = args.map { $0.label ?? "_" }
            let type: String
            switch expected {
            case .insets?: type = "NSDirectionalEdgeInsets"
            case .size?: type = "NSCollectionLayoutSize"
            case .edgeSpacing?: type = "NSCollectionLayoutEdgeSpacing"
            case .point?: type = "CGPoint"
            case .rect?: type = "CGRect"
            case .other(let t)?: type = t
            default:
                if labels == ["widthDimension", "heightDimension"] { type = "NSCollectionLayoutSize" }
                else if labels.first == "leading" { type = "NSCollectionLayoutEdgeSpacing" }
                else if labels.contains("top") || labels.contains("leading") { type = "NSDirectionalEdgeInsets" }
                else if labels == ["layoutSize"] || labels == ["layoutSize", "supplementaryItems"] { type = "NSCollectionLayoutItem" }
                else if labels == ["group"] { type = "NSCollectionLayoutSection" }
                else if labels.first == "layoutSize", labels.contains("elementKind"), labels.contains("alignment") { type = "NSCollectionLayoutBoundarySupplementaryItem" }
                else if labels.first == "layoutSize", labels.contains("elementKind") { type = "NSCollectionLayoutSupplementaryItem" }
                else if labels == ["width", "height"] { type = "CGSize" }
                else if labels == ["x", "y"] { type = "CGPoint" }
                else if labels == ["x", "y", "width", "height"] { type = "CGRect" }
                else if labels.first == "edges" { type = "NSCollectionLayoutAnchor" }
                else if labels.first == "frame" { type = "NSCollectionLayoutGroupCustomItem" }
                else { return .unknown(Unknown(what: ".init(…)", range: range, reason: "an initializer whose type layoutlint cannot tell")) }
            }
            return try construct(type, args, range, file: file, expected: nil) ?? .none
        }
        for type in ["NSCollectionLayoutDimension", "NSCollectionLayoutSpacing", "NSCollectionLayoutGroup", "NSCollectionLayoutDecorationItem", "NSCollectionLayoutSection"] {
            if let v = try staticCall(type, name, args, range, file: file, expected: expected) { return v }
        }
        // A static factory of the module's own (`extension NSCollectionLayoutItem { static func filling() … }`).
        if let statics = module.functions[name]?.filter(\.isStatic), let f = statics.first {
            return try callModuleFunction(name, owner: f.owner, args, range) ?? .none
        }
        if args.isEmpty, let v = try resolveImplicit(name, range) { return v }
        return .unknown(Unknown(what: ".\(name)(…)", range: range, reason: "a call layoutlint does not model"))
    }

    /// `Type.name(…)` on the API's types; nil when the type has no such factory.
    func staticCall(_ type: String, _ name: String, _ args: [Arg], _ range: ByteRange, file: Int, expected: Expect?) throws -> Value? {
        switch (canonicalTypeName(type), name) {
        case ("NSCollectionLayoutDimension", "fractionalWidth"): return try dimension(.fractionalWidth, args, range)
        case ("NSCollectionLayoutDimension", "fractionalHeight"): return try dimension(.fractionalHeight, args, range)
        case ("NSCollectionLayoutDimension", "absolute"): return try dimension(.absolute, args, range)
        case ("NSCollectionLayoutDimension", "estimated"): return try dimension(.estimated, args, range)
        case ("NSCollectionLayoutDimension", "uniformAcrossSiblings"):
            let a = try requireArg(args, "estimate", ".uniformAcrossSiblings", range)
            let d = Dimension(kind: .uniformAcrossSiblings, value: try number(a.value, a.range, ".uniformAcrossSiblings"), range: range)
            checkDimension(d)
            return .dimension(d)
        case ("NSCollectionLayoutSpacing", "fixed"), ("NSCollectionLayoutSpacing", "flexible"):
            guard let a = args.first else { return nil }
            return .spacing(Spacing(isFlexible: name == "flexible", value: try number(a.value, a.range, "." + name), range: range))
        case ("NSCollectionLayoutGroup", "horizontal"), ("NSCollectionLayoutGroup", "vertical"), ("NSCollectionLayoutGroup", "custom"):
            return .object(try group(name, args, range))
        case ("NSCollectionLayoutDecorationItem", "background"):
            let o = Obj(.decoration, range: range)
            if let k = arg(args, "elementKind") { o.set(.elementKind, k.value, key: k.range, valueRange: k.range) }
            return .object(o)
        case ("NSCollectionLayoutSection", "list"):
            return .object(try listSection(args, range))
        case ("NSCollectionLayoutEdgeSpacing", "init"), ("NSCollectionLayoutSize", "init"), ("NSDirectionalEdgeInsets", "init"):
            return try construct(type, args, range, file: file, expected: expected)
        default: return nil
        }
    }

    func group(_ direction: String, _ args: [Arg], _ range: ByteRange) throws -> Obj {
        let o = Obj(.group, range: range)
        let size = try requireArg(args, "layoutSize", "NSCollectionLayoutGroup.\(direction)", range)
        o.set(.layoutSize, try sizeValue(size, "layoutSize"), key: size.range, valueRange: size.range)
        o[.direction] = .member(direction)
        if direction == "custom" {
            guard let p = arg(args, "itemProvider") ?? args.first(where: { $0.label == nil }) else {
                throw EvalStop(kind: .unsupported, message: "NSCollectionLayoutGroup.custom needs an itemProvider closure", range: range)
            }
            o.set(.itemProvider, p.value, key: p.range, valueRange: p.range)
            return o
        }
        if let s = arg(args, "subitems") {
            guard case .array(let items) = s.value else {
                if case .unknown(let u) = s.value { try stopUnknown(u, "subitems") }
                throw EvalStop(kind: .unsupported, message: "subitems takes an array of items, not \(s.value.typeName)", range: s.range)
            }
            for (i, it) in items.enumerated() {
                _ = try objectArg(Arg(label: nil, value: it, range: s.range), [.item, .group], "subitems[\(i)]")
            }
            o.set(.subitems, s.value, key: s.range, valueRange: s.range)
        } else if let s = arg(args, "subitem") ?? arg(args, "repeatingSubitem") {
            _ = try objectArg(s, [.item, .group], s.label ?? "subitem")
            let c = try requireArg(args, "count", "NSCollectionLayoutGroup.\(direction)", range)
            let n = try number(c.value, c.range, "count")
            o.set(s.label == "repeatingSubitem" ? .repeatingSubitem : .subitem, s.value, key: s.range, valueRange: s.range)
            o.set(.count, .num(n.rounded(.towardZero), .int), key: c.range, valueRange: c.range)
        } else {
            throw EvalStop(kind: .unsupported, message: "NSCollectionLayoutGroup.\(direction) needs subitems:, subitem:count: or repeatingSubitem:count:", range: range)
        }
        return o
    }

    /// `NSCollectionLayoutSection.list(using:layoutEnvironment:)` as the spec approximates it: one self-sizing row
    /// (estimated 44 pt) the container's width, inset by the list's appearance.
    func listSection(_ args: [Arg], _ range: ByteRange) throws -> Obj {
        var appearance = "plain"
        if case .record(_, let f)? = arg(args, "using")?.value, case .member(let a)? = f["appearance"] { appearance = a }
        let width = Dimension(kind: Dimension.Kind.fractionalWidth, value: 1, range: range)
        let height = Dimension(kind: Dimension.Kind.estimated, value: 44, range: range)
        let item = Obj(.item, range: range)
        item[.layoutSize] = .size(width: width, height: height, range: range)
        let g = Obj(.group, range: range)
        g[.layoutSize] = .size(width: width, height: height, range: range)
        g[.direction] = .member("horizontal")
        g[.subitems] = .array([.object(item)])
        let s = Obj(.section, range: range)
        s[.group] = .object(g)
        if appearance == "insetGrouped" {
            s[.contentInsetsReference] = .member("layoutMargins")
        }
        if appearance == "grouped" || appearance == "insetGrouped" {
            s[.contentInsets] = .insets(Insets(top: 35, leading: 0, bottom: 0, trailing: 0, range: range))
        }
        note(.swiftAssumption, .information,
             "NSCollectionLayoutSection.list(using:) is read as rows of .estimated(44) the container's width (\(appearance)); UIKit sizes the cells itself", range)
        return s
    }

    /// A constructor of the API, of CoreGraphics' structs, or a numeric conversion. nil with `orNil` when the type
    /// is none of these.
    func construct(_ type: String, _ args: [Arg], _ range: ByteRange, file: Int, expected: Expect?, orNil: Bool = false) throws -> Value? {
        func num(_ label: String, _ def: Double = 0) throws -> Double {
            guard let a = arg(args, label) else { return def }
            return try number(a.value, a.range, label)
        }
        switch type {
        case "NSCollectionLayoutSize":
            let w = try requireArg(args, "widthDimension", "NSCollectionLayoutSize", range)
            let h = try requireArg(args, "heightDimension", "NSCollectionLayoutSize", range)
            guard case .dimension(let wd) = w.value else {
                if case .unknown(let u) = w.value { try stopUnknown(u, "widthDimension") }
                throw EvalStop(kind: .unsupported, message: "widthDimension takes NSCollectionLayoutDimension, not \(w.value.typeName)", range: w.range)
            }
            guard case .dimension(let hd) = h.value else {
                if case .unknown(let u) = h.value { try stopUnknown(u, "heightDimension") }
                throw EvalStop(kind: .unsupported, message: "heightDimension takes NSCollectionLayoutDimension, not \(h.value.typeName)", range: h.range)
            }
            checkEstimate(wd, axis: .horizontal)
            checkEstimate(hd, axis: .vertical)
            return .size(width: wd, height: hd, range: range)
        case "NSCollectionLayoutItem":
            let o = Obj(.item, range: range)
            let s = try requireArg(args, "layoutSize", "NSCollectionLayoutItem", range)
            o.set(.layoutSize, try sizeValue(s, "layoutSize"), key: s.range, valueRange: s.range)
            if let sup = arg(args, "supplementaryItems") { o.set(.supplementaryItems, sup.value, key: sup.range, valueRange: sup.range) }
            return .object(o)
        case "NSCollectionLayoutSection":
            let o = Obj(.section, range: range)
            let g = try requireArg(args, "group", "NSCollectionLayoutSection", range)
            _ = try objectArg(g, [.group], "NSCollectionLayoutSection(group:)")
            o.set(.group, g.value, key: g.range, valueRange: g.range)
            o[.madeBy] = .string(functionStack.last ?? "")
            return .object(o)
        case "UICollectionViewCompositionalLayout":
            let o = Obj(.layout, range: range)
            if let s = arg(args, "section") {
                _ = try objectArg(s, [.section], "UICollectionViewCompositionalLayout(section:)")
                o.set(.section, s.value, key: s.range, valueRange: s.range)
            } else if let p = arg(args, "sectionProvider") ?? args.first(where: { $0.label == nil }) {
                guard case .closure = p.value else {
                    if case .unknown(let u) = p.value { try stopUnknown(u, "the section provider") }
                    throw EvalStop(kind: .unsupported, message: "sectionProvider takes a closure, not \(p.value.typeName)", range: p.range)
                }
                o.set(.provider, p.value, key: p.range, valueRange: p.range)
            } else {
                throw EvalStop(kind: .unsupported, message: "UICollectionViewCompositionalLayout needs section: or sectionProvider:", range: range)
            }
            if let c = arg(args, "configuration") {
                o.set(.configuration, .object(try objectArg(c, [.configuration], "configuration")), key: c.range, valueRange: c.range)
            }
            constructed[range.start] = o
            if let t = selfType { o[.owner] = .string(t) }
            return .object(o)
        case "UICollectionViewCompositionalLayoutConfiguration":
            return .object(Obj(.configuration, range: range))
        case "NSCollectionLayoutBoundarySupplementaryItem":
            let o = Obj(.boundary, range: range)
            let s = try requireArg(args, "layoutSize", "NSCollectionLayoutBoundarySupplementaryItem", range)
            o.set(.layoutSize, try sizeValue(s, "layoutSize"), key: s.range, valueRange: s.range)
            for label in ["elementKind", "alignment", "absoluteOffset"] {
                if let a = arg(args, label) { o.set(label, a.value, key: a.range, valueRange: a.range) }
            }
            return .object(o)
        case "NSCollectionLayoutSupplementaryItem":
            let o = Obj(.supplementary, range: range)
            let s = try requireArg(args, "layoutSize", "NSCollectionLayoutSupplementaryItem", range)
            o.set(.layoutSize, try sizeValue(s, "layoutSize"), key: s.range, valueRange: s.range)
            for label in ["elementKind", "containerAnchor", "itemAnchor"] {
                if let a = arg(args, label) { o.set(label, a.value, key: a.range, valueRange: a.range) }
            }
            return .object(o)
        case "NSCollectionLayoutAnchor":
            var f: [String: Value] = [:]
            for label in ["edges", "absoluteOffset", "fractionalOffset"] { if let a = arg(args, label) { f[label] = a.value } }
            return .record(type: "NSCollectionLayoutAnchor", fields: f)
        case "NSDirectionalEdgeInsets":
            var i = Insets(top: try num("top"), leading: try num("leading"), bottom: try num("bottom"), trailing: try num("trailing"), range: range)
            for e in Insets.Edge.allCases { if let a = arg(args, e.rawValue) { i.edgeRanges[e] = a.range } }
            return .insets(i)
        case "UIEdgeInsets":
            var i = Insets(top: try num("top"), leading: try num("left"), bottom: try num("bottom"), trailing: try num("right"), range: range)
            for (label, e) in [("top", Insets.Edge.top), ("left", .leading), ("bottom", .bottom), ("right", .trailing)] {
                if let a = arg(args, label) { i.edgeRanges[e] = a.range }
            }
            return .insets(i)
        case "NSCollectionLayoutEdgeSpacing":
            var es = EdgeSpacing(range: range)
            es.leading = try arg(args, "leading").flatMap { try spacingValue($0.value, $0.range) }
            es.top = try arg(args, "top").flatMap { try spacingValue($0.value, $0.range) }
            es.trailing = try arg(args, "trailing").flatMap { try spacingValue($0.value, $0.range) }
            es.bottom = try arg(args, "bottom").flatMap { try spacingValue($0.value, $0.range) }
            return .edgeSpacing(es)
        case "NSCollectionLayoutGroupCustomItem":
            guard let fr = arg(args, "frame") else { throw EvalStop(kind: .unsupported, message: "NSCollectionLayoutGroupCustomItem needs frame:", range: range) }
            return .record(type: "NSCollectionLayoutGroupCustomItem", fields: ["frame": fr.value, "range": .num(Double(fr.range.start), .int)])
        case "CGSize":
            return .record(type: "CGSize", fields: ["width": .num(try num("width"), .float), "height": .num(try num("height"), .float)])
        case "CGPoint":
            return .record(type: "CGPoint", fields: ["x": .num(try num("x"), .float), "y": .num(try num("y"), .float)])
        case "CGRect":
            if case .record(_, let o)? = arg(args, "origin")?.value, case .record(_, let s)? = arg(args, "size")?.value {
                return rect(o["x"]?.number ?? 0, o["y"]?.number ?? 0, s["width"]?.number ?? 0, s["height"]?.number ?? 0)
            }
            return rect(try num("x"), try num("y"), try num("width"), try num("height"))
        case "UICollectionLayoutListConfiguration":
            return .record(type: "UICollectionLayoutListConfiguration", fields: ["appearance": arg(args, "appearance")?.value ?? .member("plain")])
        case "UICollectionView", "UIView", "UITableView", "UIScrollView":
            readsEnvironment = true
            return .object(Obj(.view, range: range))
        case "Array":
            if let v = arg(args, "repeating"), let c = arg(args, "count") {
                let n = Int(try number(c.value, c.range, "count"))
                guard n >= 0, n <= maxLoopIterations else { throw EvalStop(kind: .limit, message: "Array(repeating:count:) of \(n) elements: layoutlint reads 0 to \(maxLoopIterations)", range: c.range) }
                return .array(Array(repeating: v.value, count: n))
            }
            if let a = args.first, case .array = a.value { return a.value }
            return .array([])
        default:
            if orNil { return nil }
            return .unknown(Unknown(what: "\(type)(…)", range: range, reason: "a type layoutlint does not model"))
        }
    }
}
