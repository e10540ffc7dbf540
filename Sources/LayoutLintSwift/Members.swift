// Names and members in expressions: locals, `self`, enum cases, statics of the module's types and of UIKit's, and
// the members of the objects the evaluator models (the layout environment, the screen, the device, views, and the
// API's objects with their defaults from `UIKitAPI`).

import Foundation
import LayoutLintCore
import SwiftSyntax

extension Evaluator {
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
        return try lookupName(n, rangeOf(d, file), scope, file)
    }

    func memberAccess(_ m: MemberAccessExprSyntax, _ scope: Scope, _ file: Int, expected: Expect?) throws -> Value {
        let name = m.declName.baseName.text
        let range = rangeOf(m, file)
        // `= .` and `section.` mid-edit: no member name yet.
        if m.declName.baseName.presence == .missing || name.isEmpty {
            return .unknown(Unknown(what: "the expression being typed", range: range, reason: typingReason))
        }
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
        if let box = initializing?.vars[name], let d = base.as(DeclReferenceExprSyntax.self), d.baseName.text == "self",
            scope.lookup("self") == nil
        {
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
                case "size":
                    return .record(type: "CGSize", fields: ["width": .num(w, .float), "height": .num(h, .float)])
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
            return .unknown(
                Unknown(what: "\(type).\(name)", range: range, reason: "a member layoutlint does not model"))
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
        return .unknown(
            Unknown(what: "\(v.typeName).\(name)", range: range, reason: "a member layoutlint does not model"))
    }

    func staticMember(_ type: String, _ name: String, _ range: ByteRange) throws -> Value {
        let t = canonicalTypeName(type)
        if let e = enumNamed(t, at: range) {
            if name == "allCases" { return .array(e.cases.indices.map { enumCaseValue(e, $0) }) }
            if let i = e.cases.firstIndex(where: { $0.name == name }) { return enumCaseValue(e, i) }
        }
        if module.typeNames.contains(name) || module.enums[name] != nil { return .type(name) } // a nested type
        if t == selfType || module.typeNames.contains(t) || t == "Self" {
            if let v = try readProperty(name, owner: t == "Self" ? selfType : t, range) { return v }
            if let f = lookUp(module.functions[name] ?? [], owner: t == "Self" ? selfType : t, at: range) {
                return .closure(
                    Closure(
                        body: .function(FunctionRef(decl: f.decl, file: f.file)), scope: Scope(parent: nil),
                        selfType: f.owner))
            }
            if let v = globalAPIValue(name, range) { return v }
            // A nested type (`Metrics.Header.height`): the files declare it by its own name.
            if module.enums[name] != nil || module.typeNames.contains(name) { return .type(name) }
            missing.insert(MissingName(name, in: .member(of: t == "Self" ? selfType : t)))
            return .unknown(
                Unknown(what: "\(t).\(name)", range: range, reason: "a value not declared in the files read"))
        }
        switch (t, name) {
        case ("UIScreen", "main"): readsEnvironment = true; return .object(APIObject(.screen, range: range))
        case ("UIDevice", "current"): readsEnvironment = true; return .object(APIObject(.device, range: range))
        case ("UICollectionView", "elementKindSectionHeader"): return .string("UICollectionElementKindSectionHeader")
        case ("UICollectionView", "elementKindSectionFooter"): return .string("UICollectionElementKindSectionFooter")
        case ("UICollectionView", "ScrollDirection"): return .type("UICollectionView.ScrollDirection")
        case ("NSDirectionalEdgeInsets", "zero"), ("UIEdgeInsets", "zero"): return .insets(Insets(range: range))
        case ("CGSize", "zero"):
            return .record(type: "CGSize", fields: ["width": .num(0, .float), "height": .num(0, .float)])
        case ("CGPoint", "zero"): return .record(type: "CGPoint", fields: ["x": .num(0, .float), "y": .num(0, .float)])
        case ("CGRect", "zero"): return rect(0, 0, 0, 0)
        case ("CGFloat", "zero"), ("Double", "zero"): return .num(0, .float)
        case ("CGFloat", "pi"), ("Double", "pi"): return .num(Double.pi, .float)
        case ("CGFloat", "greatestFiniteMagnitude"), ("Double", "greatestFiniteMagnitude"):
            return .num(.greatestFiniteMagnitude, .float)
        case ("UIApplication", _), ("UserDefaults", _), ("ProcessInfo", _), ("Bundle", _), ("NotificationCenter", _):
            return .unknown(Unknown(what: "\(t).\(name)", range: range, reason: "app state"))
        default:
            // An enum of the API (`UICollectionLayoutSectionOrthogonalScrollingBehavior.groupPaging`,
            // `NSRectAlignment.top`, `UIUserInterfaceSizeClass.compact`): its case name. A type of neither the
            // module nor Apple's frameworks (`UIMetrics.FilterView.spacing`, from a file or package not in the run)
            // is not guessed at.
            if isFrameworkMember(t, name) {
                // (An app's type can look like one of Apple's, `UIMetrics.chipGap`: where a number is needed and no
                // file read declares it, the unknown is named with its type.)
                frameworkLookingOwners[range] = t
                return .member(name)
            }
            missing.insert(MissingName(t, in: .type))
            return .unknown(
                Unknown(what: "\(t).\(name)", range: range, reason: "a type not declared in the files read"))
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
                    if let x = e.cases[j].raw, let v = (try? eval(x, Scope(parent: nil), e.file))?.number {
                        n = Int(v)
                    } else if j > 0 {
                        n += 1
                    }
                }
                raw = .num(Double(n), .int)
            } else if rt == "String" {
                raw = .string(c.name)
            }
        }
        return .enumCase(type: e.name, name: c.name, raw: raw)
    }

    /// Names an app's view code reads without declaring them: its view, collection view and traits.
    func globalAPIValue(_ name: String, _ range: ByteRange) -> Value? {
        switch name {
        case "view", "collectionView", "tableView", "contentView":
            readsEnvironment = true
            return .object(APIObject(.view, range: range))
        case "traitCollection":
            readsEnvironment = true
            return .object(APIObject(.traits, range: range))
        default: return nil
        }
    }

    func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Value {
        .record(
            type: "CGRect",
            fields: ["x": .num(x, .float), "y": .num(y, .float), "width": .num(w, .float), "height": .num(h, .float)])
    }

    func environmentObject(_ range: ByteRange) -> APIObject { APIObject(.environment, range: range) }

    /// Members of objects: the layout environment (per the environment being resolved), the screen, the device,
    /// views, and the API's objects (their properties, with UIKit's defaults).
    func objectMember(_ o: APIObject, _ name: String, _ range: ByteRange) throws -> Value {
        let sizes = containerSizes(in: env, configuration: configuration)
        func envRead() { readsEnvironment = true }
        switch o.kind {
        case .environment:
            envRead()
            if name == "container" { return .object(APIObject(.container, range: range)) }
            if name == "traitCollection" { return .object(APIObject(.traits, range: range)) }
        case .container:
            envRead()
            switch name {
            case "contentSize":
                return .record(
                    type: "CGSize",
                    fields: ["width": .num(sizes.contentWidth, .float), "height": .num(sizes.contentHeight, .float)])
            case "effectiveContentSize":
                return .record(
                    type: "CGSize",
                    fields: [
                        "width": .num(sizes.effectiveWidth, .float), "height": .num(sizes.effectiveHeight, .float),
                    ])
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
            case "bounds", "nativeBounds":
                note(
                    .screenSizeInLayout, isPad ? .warning : .information, screenSizeMessage,
                    ByteRange(o.range.start, max(o.range.start, range.end)))
                return rect(0, 0, env.width, env.height)
            case "scale", "nativeScale": return .num(env.scale, .float)
            case "traitCollection": return .object(APIObject(.traits, range: range))
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
            case "traitCollection": return .object(APIObject(.traits, range: range))
            case "safeAreaInsets":
                let s = env.safeAreaInsets
                return .record(
                    type: "UIEdgeInsets",
                    fields: [
                        "top": .num(s.top, .float), "left": .num(s.left, .float), "bottom": .num(s.bottom, .float),
                        "right": .num(s.right, .float),
                    ])
            case "directionalLayoutMargins", "layoutMargins":
                let m = env.layoutMargins
                return .insets(Insets(top: m.top, leading: m.left, bottom: m.bottom, trailing: m.right, range: range))
            case "collectionViewLayout":
                return .unknown(Unknown(what: name, range: range, reason: "the view's current layout"))
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
    func apiDefault(_ o: APIObject, _ name: String, _ range: ByteRange) -> Value {
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
            let made = APIObject(kind, range: range)
            o.fields[name] = .object(made)
            return .object(made)
        case .fromInitializer:
            return .unknown(Unknown(what: name, range: range, reason: unmodelledPropertyReason))
        }
    }
}

/// Whether `t.name` names a member of one of Apple's frameworks' types, which the evaluator reads by its name (an
/// enum case, an option, a constant): a type of `frameworkTypesWithNestedTypes`, or a name with a framework's
/// prefix (`UIUserInterfaceSizeClass`, `NSRectAlignment`, `CGFloat`) and a member that is no nested type. A type
/// of neither the module nor a framework (`Metrics.spacing`, `UIMetrics.FilterView` from a file not in the run) is
/// unknown.
func isFrameworkMember(_ t: String, _ name: String) -> Bool {
    if frameworkTypesWithNestedTypes.contains(t) { return true }
    guard let first = name.first, !first.isUppercase, let third = t.dropFirst(2).first, third.isUppercase else {
        return false
    }
    return ["UI", "NS", "CG", "CA", "CF"].contains(t.prefix(2))
}

/// The framework types whose nested types layout code names (`UICollectionLayoutListConfiguration.Appearance`).
let frameworkTypesWithNestedTypes: Set<String> = [
    "UICollectionView", "NSCollectionView", "UICollectionLayoutListConfiguration", "UIFont", "UIContentSizeCategory",
    "UITraitCollection", "UIUserInterfaceSizeClass", "UIUserInterfaceIdiom", "UIAccessibility",
]

/// `screen-size-in-layout`'s message, the same in every environment (one note stands for all of them).
let screenSizeMessage =
    "the layout is sized from the screen (UIScreen.main.bounds), not from the collection view: in Split View, Slide Over and Stage Manager on iPad, on a Mac, and wherever the view does not fill the screen, these sizes do not match the view; use the section provider's environment.container.effectiveContentSize, or a fractional size"
