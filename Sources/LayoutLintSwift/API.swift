// The compositional layout API: its constructors, factories and static forms (`.fractionalWidth(0.5)`, `.fixed(8)`,
// `NSCollectionLayoutGroup.horizontal(…)`, `.list(using:)`), which make the objects whose properties `UIKitAPI`
// declares; the values they take are read by `APIValues.swift`.

import Foundation
import LayoutLintCore
import SwiftSyntax

extension Evaluator {
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
                if labels == ["widthDimension", "heightDimension"] {
                    type = "NSCollectionLayoutSize"
                } else if labels.first == "leading" {
                    type = "NSCollectionLayoutEdgeSpacing"
                } else if labels.contains("top") || labels.contains("leading") {
                    type = "NSDirectionalEdgeInsets"
                } else if labels == ["layoutSize"] || labels == ["layoutSize", "supplementaryItems"] {
                    type = "NSCollectionLayoutItem"
                } else if labels == ["group"] {
                    type = "NSCollectionLayoutSection"
                } else if labels.first == "layoutSize", labels.contains("elementKind"), labels.contains("alignment") {
                    type = "NSCollectionLayoutBoundarySupplementaryItem"
                } else if labels.first == "layoutSize", labels.contains("elementKind") {
                    type = "NSCollectionLayoutSupplementaryItem"
                } else if labels == ["width", "height"] {
                    type = "CGSize"
                } else if labels == ["x", "y"] {
                    type = "CGPoint"
                } else if labels == ["x", "y", "width", "height"] {
                    type = "CGRect"
                } else if labels.first == "edges" {
                    type = "NSCollectionLayoutAnchor"
                } else if labels.first == "frame" {
                    type = "NSCollectionLayoutGroupCustomItem"
                } else {
                    return .unknown(
                        Unknown(
                            what: ".init(…)", range: range, reason: "an initializer whose type layoutlint cannot tell"))
                }
            }
            return try construct(type, args, range, file: file, expected: nil) ?? .none
        }
        for type in [
            "NSCollectionLayoutDimension", "NSCollectionLayoutSpacing", "NSCollectionLayoutGroup",
            "NSCollectionLayoutDecorationItem", "NSCollectionLayoutSection",
        ] {
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
    func staticCall(_ type: String, _ name: String, _ args: [Arg], _ range: ByteRange, file: Int, expected: Expect?)
        throws -> Value?
    {
        let canonical = canonicalTypeName(type)
        // Labels that no factory of the API takes: the module's own static function of that name, as Swift picks it.
        if !UIKitAPI.factoryAccepts(canonical, name, labels: args.map(\.label)),
            let f = module.functions[name]?.first(where: { $0.isStatic && $0.owner.map(canonicalTypeName) == canonical }
            )
        {
            return try callModuleFunction(name, owner: f.owner, args, range)
        }
        switch (canonical, name) {
        case ("NSCollectionLayoutDimension", "fractionalWidth"): return try dimension(.fractionalWidth, args, range)
        case ("NSCollectionLayoutDimension", "fractionalHeight"): return try dimension(.fractionalHeight, args, range)
        case ("NSCollectionLayoutDimension", "absolute"): return try dimension(.absolute, args, range)
        case ("NSCollectionLayoutDimension", "estimated"): return try dimension(.estimated, args, range)
        case ("NSCollectionLayoutDimension", "uniformAcrossSiblings"):
            let a = try requireArg(args, "estimate", ".uniformAcrossSiblings", range)
            if let u = try unknownNumber(a) { return .dimension(unknownDimension(.uniformAcrossSiblings, u, range)) }
            let d = Dimension(
                kind: .uniformAcrossSiblings, value: try number(a.value, a.range, ".uniformAcrossSiblings"),
                range: range)
            checkDimension(d)
            return .dimension(d)
        case ("NSCollectionLayoutSpacing", "fixed"), ("NSCollectionLayoutSpacing", "flexible"):
            guard let a = args.first else { return nil }
            // A value only the app knows (`.fixed(UIMetrics.spacing)` from a file not in the run) is checked as 0,
            // flexible or fixed as written, and said so at the value.
            var value = 0.0
            if let v = known(try undeclaredMemberAsUnknown(a.value, a.range), "." + name + "(…)") {
                value = try number(v, a.range, "." + name)
            }
            return .spacing(Spacing(isFlexible: name == "flexible", value: value, range: range))
        case ("NSCollectionLayoutGroup", "horizontal"), ("NSCollectionLayoutGroup", "vertical"),
            ("NSCollectionLayoutGroup", "custom"):
            return .object(try group(name, args, range))
        case ("NSCollectionLayoutDecorationItem", "background"):
            let o = APIObject(.decoration, range: range)
            if let k = arg(args, "elementKind") { o.set(.elementKind, k.value, key: k.range, valueRange: k.range) }
            return .object(o)
        case ("NSCollectionLayoutSection", "list"):
            return .object(try listSection(args, range))
        case ("NSCollectionLayoutEdgeSpacing", "init"), ("NSCollectionLayoutSize", "init"),
            ("NSDirectionalEdgeInsets", "init"):
            return try construct(type, args, range, file: file, expected: expected)
        default: return nil
        }
    }

    func group(_ direction: String, _ args: [Arg], _ range: ByteRange) throws -> APIObject {
        let o = APIObject(.group, range: range)
        let size = try requireArg(args, "layoutSize", "NSCollectionLayoutGroup.\(direction)", range)
        o.set(.layoutSize, try sizeValue(size, "layoutSize"), key: size.range, valueRange: size.range)
        o[.direction] = .member(direction)
        if direction == "custom" {
            guard let p = arg(args, "itemProvider") ?? args.first(where: { $0.label == nil }) else {
                throw EvalStop(
                    kind: .unsupported, message: "NSCollectionLayoutGroup.custom needs an itemProvider closure",
                    range: range)
            }
            o.set(.itemProvider, p.value, key: p.range, valueRange: p.range)
            return o
        }
        if let s = arg(args, "subitems"), case .unknown(let u) = s.value, let element = u.repeating {
            // `Array(repeating: item, count: n)` with `n` only the running app knows: the item is known, the
            // number of them is not (the model builder makes the group's count unknown).
            let known = u.before + [element] + u.after
            for it in known {
                _ = try objectArg(Arg(label: nil, value: it, range: s.range), [.item, .group], "subitems")
            }
            o.set(.subitems, .array(known), key: s.range, valueRange: s.range)
            o.set(.count, .unknown(u), key: s.range, valueRange: s.range)
        } else if let s = arg(args, "subitems") {
            guard case .array(let items) = s.value else {
                if case .unknown(let u) = s.value { try stopUnknown(u, "subitems") }
                throw EvalStop(
                    kind: .unsupported, message: "subitems takes an array of items, not \(s.value.typeName)",
                    range: s.range)
            }
            // (A subitem only the running app knows, `makeBadge()` of a package not in the run: the others are
            // read, the group's subitems are unknown.)
            for (i, it) in items.enumerated() where !it.isUnknown {
                _ = try objectArg(Arg(label: nil, value: it, range: s.range), [.item, .group], "subitems[\(i)]")
            }
            o.set(.subitems, s.value, key: s.range, valueRange: s.range)
        } else if let s = arg(args, "subitem") ?? arg(args, "repeatingSubitem") {
            _ = try objectArg(s, [.item, .group], s.label ?? "subitem")
            let c = try requireArg(args, "count", "NSCollectionLayoutGroup.\(direction)", range)
            o.set(
                s.label == "repeatingSubitem" ? .repeatingSubitem : .subitem, s.value, key: s.range, valueRange: s.range
            )
            if let u = try unknownNumber(c) {
                // (A count only the running app knows, `count: columns`: the model builder makes it unknown.)
                o.set(.count, .unknown(u), key: c.range, valueRange: c.range)
            } else {
                let n = try number(c.value, c.range, "count")
                o.set(.count, .num(n.rounded(.towardZero), .int), key: c.range, valueRange: c.range)
            }
        } else {
            throw EvalStop(
                kind: .unsupported,
                message:
                    "NSCollectionLayoutGroup.\(direction) needs subitems:, subitem:count: or repeatingSubitem:count:",
                range: range)
        }
        return o
    }

    /// `NSCollectionLayoutSection.list(using:layoutEnvironment:)` as the spec approximates it: one self-sizing row
    /// (estimated 44 pt) the container's width, inset by the list's appearance.
    func listSection(_ args: [Arg], _ range: ByteRange) throws -> APIObject {
        var appearance = "plain"
        if case .record(_, let f)? = arg(args, "using")?.value, case .member(let a)? = f["appearance"] {
            appearance = a
        }
        let width = Dimension(kind: Dimension.Kind.fractionalWidth, value: 1, range: range)
        let height = Dimension(kind: Dimension.Kind.estimated, value: 44, range: range)
        let item = APIObject(.item, range: range)
        item[.layoutSize] = .size(width: width, height: height, range: range)
        let g = APIObject(.group, range: range)
        g[.layoutSize] = .size(width: width, height: height, range: range)
        g[.direction] = .member("horizontal")
        g[.subitems] = .array([.object(item)])
        let s = APIObject(.section, range: range)
        s[.group] = .object(g)
        if appearance == "insetGrouped" {
            s[.contentInsetsReference] = .member("layoutMargins")
        }
        if appearance == "grouped" || appearance == "insetGrouped" {
            s[.contentInsets] = .insets(Insets(top: 35, leading: 0, bottom: 0, trailing: 0, range: range))
        }
        note(
            .swiftAssumption, .information,
            "NSCollectionLayoutSection.list(using:) is read as rows of .estimated(44) the container's width (\(appearance)); UIKit sizes the cells itself",
            range)
        return s
    }

    /// A constructor of the API, of CoreGraphics' structs, or a numeric conversion. nil with `orNil` when the type
    /// is none of these.
    func construct(_ type: String, _ args: [Arg], _ range: ByteRange, file: Int, expected: Expect?, orNil: Bool = false)
        throws -> Value?
    {
        func num(_ label: String, _ def: Double = 0) throws -> Double {
            guard let a = arg(args, label) else { return def }
            return try number(a.value, a.range, label)
        }
        switch type {
        case "NSCollectionLayoutSize":
            let w = try requireArg(args, "widthDimension", "NSCollectionLayoutSize", range)
            let h = try requireArg(args, "heightDimension", "NSCollectionLayoutSize", range)
            let wValue = try unknownAsDimension(w), hValue = try unknownAsDimension(h)
            guard case .dimension(let wd) = wValue else {
                throw EvalStop(
                    kind: .unsupported,
                    message: "widthDimension takes NSCollectionLayoutDimension, not \(w.value.typeName)", range: w.range
                )
            }
            guard case .dimension(let hd) = hValue else {
                throw EvalStop(
                    kind: .unsupported,
                    message: "heightDimension takes NSCollectionLayoutDimension, not \(h.value.typeName)",
                    range: h.range)
            }
            checkEstimate(wd, axis: .horizontal)
            checkEstimate(hd, axis: .vertical)
            return .size(width: wd, height: hd, range: range)
        case "NSCollectionLayoutItem":
            let o = APIObject(.item, range: range)
            let s = try requireArg(args, "layoutSize", "NSCollectionLayoutItem", range)
            o.set(.layoutSize, try sizeValue(s, "layoutSize"), key: s.range, valueRange: s.range)
            if let sup = arg(args, "supplementaryItems") {
                o.set(.supplementaryItems, sup.value, key: sup.range, valueRange: sup.range)
            }
            return .object(o)
        case "NSCollectionLayoutSection":
            let o = APIObject(.section, range: range)
            let g = try requireArg(args, "group", "NSCollectionLayoutSection", range)
            _ = try objectArg(g, [.group], "NSCollectionLayoutSection(group:)")
            o.set(.group, g.value, key: g.range, valueRange: g.range)
            o[.madeBy] = .string(functionStack.last ?? "")
            return .object(o)
        case "UICollectionViewCompositionalLayout":
            let o = APIObject(.layout, range: range)
            if let s = arg(args, "section") {
                _ = try objectArg(s, [.section], "UICollectionViewCompositionalLayout(section:)")
                o.set(.section, s.value, key: s.range, valueRange: s.range)
            } else if let p = arg(args, "sectionProvider") ?? args.first(where: { $0.label == nil }) {
                guard case .closure = p.value else {
                    if case .unknown(let u) = p.value { try stopUnknown(u, "the section provider") }
                    throw EvalStop(
                        kind: .unsupported, message: "sectionProvider takes a closure, not \(p.value.typeName)",
                        range: p.range)
                }
                o.set(.provider, p.value, key: p.range, valueRange: p.range)
            } else {
                throw EvalStop(
                    kind: .unsupported,
                    message: "UICollectionViewCompositionalLayout needs section: or sectionProvider:", range: range)
            }
            if let c = arg(args, "configuration") {
                o.set(
                    .configuration, .object(try objectArg(c, [.configuration], "configuration")), key: c.range,
                    valueRange: c.range)
            }
            constructed[range.start] = o
            if let t = selfType { o[.owner] = .string(t) }
            return .object(o)
        case "UICollectionViewCompositionalLayoutConfiguration":
            return .object(APIObject(.configuration, range: range))
        case "NSCollectionLayoutBoundarySupplementaryItem":
            let o = APIObject(.boundary, range: range)
            let s = try requireArg(args, "layoutSize", "NSCollectionLayoutBoundarySupplementaryItem", range)
            o.set(.layoutSize, try sizeValue(s, "layoutSize"), key: s.range, valueRange: s.range)
            for label in ["elementKind", "alignment", "absoluteOffset"] {
                if let a = arg(args, label) { o.set(label, a.value, key: a.range, valueRange: a.range) }
            }
            return .object(o)
        case "NSCollectionLayoutSupplementaryItem":
            let o = APIObject(.supplementary, range: range)
            let s = try requireArg(args, "layoutSize", "NSCollectionLayoutSupplementaryItem", range)
            o.set(.layoutSize, try sizeValue(s, "layoutSize"), key: s.range, valueRange: s.range)
            for label in ["elementKind", "containerAnchor", "itemAnchor"] {
                if let a = arg(args, label) { o.set(label, a.value, key: a.range, valueRange: a.range) }
            }
            return .object(o)
        case "NSCollectionLayoutAnchor":
            var f: [String: Value] = [:]
            for label in ["edges", "absoluteOffset", "fractionalOffset"] {
                if let a = arg(args, label) { f[label] = a.value }
            }
            return .record(type: "NSCollectionLayoutAnchor", fields: f)
        case "NSDirectionalEdgeInsets":
            // An edge only the running app knows makes the insets unknown (checked as 0 where they are set).
            if let u = try firstUnknownNumber(args) { return .unknown(u) }
            var i = Insets(
                top: try num("top"), leading: try num("leading"), bottom: try num("bottom"),
                trailing: try num("trailing"), range: range)
            for e in Insets.Edge.allCases { if let a = arg(args, e.rawValue) { i.edgeRanges[e] = a.range } }
            return .insets(i)
        case "UIEdgeInsets":
            if let u = try firstUnknownNumber(args) { return .unknown(u) }
            var i = Insets(
                top: try num("top"), leading: try num("left"), bottom: try num("bottom"), trailing: try num("right"),
                range: range)
            for (label, e) in [("top", Insets.Edge.top), ("left", .leading), ("bottom", .bottom), ("right", .trailing)]
            {
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
            guard let fr = arg(args, "frame") else {
                throw EvalStop(
                    kind: .unsupported, message: "NSCollectionLayoutGroupCustomItem needs frame:", range: range)
            }
            return .record(
                type: "NSCollectionLayoutGroupCustomItem",
                fields: ["frame": fr.value, "range": .num(Double(fr.range.start), .int)])
        case "CGSize", "CGPoint":
            // A field only the running app knows is unknown on its own (`CGSize(width: w, height: measured)`: its
            // width is still known).
            func field(_ label: String) throws -> Value {
                if let a = arg(args, label), let u = try unknownNumber(a) { return .unknown(u) }
                return .num(try num(label), .float)
            }
            let labels = type == "CGSize" ? ["width", "height"] : ["x", "y"]
            return .record(type: type, fields: [labels[0]: try field(labels[0]), labels[1]: try field(labels[1])])
        case "CGRect":
            if let u = try firstUnknownNumber(args) { return .unknown(u) }
            if case .record(_, let o)? = arg(args, "origin")?.value, case .record(_, let s)? = arg(args, "size")?.value
            {
                return rect(o["x"]?.number ?? 0, o["y"]?.number ?? 0, s["width"]?.number ?? 0, s["height"]?.number ?? 0)
            }
            return rect(try num("x"), try num("y"), try num("width"), try num("height"))
        case "UICollectionLayoutListConfiguration":
            return .record(
                type: "UICollectionLayoutListConfiguration",
                fields: ["appearance": arg(args, "appearance")?.value ?? .member("plain")])
        case "UICollectionView", "UIView", "UITableView", "UIScrollView":
            readsEnvironment = true
            return .object(APIObject(.view, range: range))
        case "Array":
            if let v = arg(args, "repeating"), let c = arg(args, "count") {
                if var u = try unknownNumber(c) {
                    u.repeating = v.value
                    return .unknown(u)
                }
                let n = Int(try number(c.value, c.range, "count"))
                guard n >= 0, n <= maxLoopIterations else {
                    throw EvalStop(
                        kind: .limit,
                        message: "Array(repeating:count:) of \(n) elements: layoutlint reads 0 to \(maxLoopIterations)",
                        range: c.range)
                }
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
