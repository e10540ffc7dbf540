// The values the compositional layout API takes (numbers, insets, spacing, dimensions, sizes, the objects an
// argument must be), read from the evaluator's values; and the stops and unknowns of a value the layout needs.
// `API.swift` runs the API's constructors and factories with them.

import Foundation
import LayoutLintCore
import SwiftSyntax

extension Evaluator {
    func stopUnknown(_ u: Unknown, _ use: String) throws -> Never {
        throw EvalStop(
            kind: .unknown,
            message: "layoutlint cannot compute \(u.what): it depends on \(u.reason), and \(use) needs its value",
            range: u.range)
    }

    /// `.name` where a value of the API goes, and no file read declares a static member or case `name` (an
    /// `extension CGFloat { static let … }` in a file or package not in the run): the name is looked for in the
    /// other files, and until found the value is unknown.
    func undeclaredMember(_ name: String, _ range: ByteRange, _ use: String) throws -> Never {
        try stopUnknown(undeclaredMemberUnknown(name, range), use)
    }

    /// The unknown `.name` is while no file read declares it; the name is looked for in the other files.
    func undeclaredMemberUnknown(_ name: String, _ range: ByteRange) -> Unknown {
        missing.insert(MissingName(name, in: .anyType))
        if let owner = frameworkLookingOwners[range] {
            return Unknown(what: "\(owner).\(name)", range: range, reason: "a type not declared in the files read")
        }
        return Unknown(what: ".\(name)", range: range, reason: "a static member not declared in the files read")
    }

    func storedOverride(_ key: Int, _ value: Value, type: String?) {
        setStored(key, Box(value, type: type))
    }

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
                try undeclaredMember(name, range, use)
            }
            throw EvalStop(kind: .unsupported, message: "\(use) takes a number, not \(v.typeName)", range: range)
        }
    }

    /// `v` where a number or one of the API's enums goes, with `.name` that no file read declares (`.chipGap` of an
    /// `extension CGFloat` in a file or package not in the run) as the unknown it is; other values as they are.
    func undeclaredMemberAsUnknown(_ v: Value, _ range: ByteRange) throws -> Value {
        guard case .member(let name) = v, name != "zero" else { return v }
        if let resolved = try resolveImplicit(name, range) { return resolved }
        return .unknown(undeclaredMemberUnknown(name, range))
    }

    func insetsValue(_ v: Value, _ range: ByteRange) throws -> Insets {
        switch v {
        case .insets(let i): return i
        case .member("zero"): return Insets(range: range)
        case .record(let t, let f) where t == "UIEdgeInsets":
            return Insets(
                top: f["top"]?.number ?? 0, leading: f["left"]?.number ?? 0, bottom: f["bottom"]?.number ?? 0,
                trailing: f["right"]?.number ?? 0, range: range)
        case .unknown(let u): try stopUnknown(u, "contentInsets")
        case .member(let name):
            if let resolved = try resolveImplicit(name, range), case .insets(let i) = resolved { return i }
            try undeclaredMember(name, range, "contentInsets")
        default:
            throw EvalStop(
                kind: .unsupported, message: "contentInsets takes NSDirectionalEdgeInsets, not \(v.typeName)",
                range: range)
        }
    }

    func spacingValue(_ v: Value, _ range: ByteRange) throws -> Spacing? {
        switch v {
        case .spacing(let s): return s
        // (`.none` where an `NSCollectionLayoutSpacing?` goes is `Optional.none`: the type has no `none`.)
        case .none, .member("none"): return nil
        // A spacing only the running app knows is checked as none, UIKit's default, as a number of spacing is
        // (`known`: a note at the value says so).
        case .unknown: _ = known(v, "the spacing"); return nil
        default:
            throw EvalStop(
                kind: .unsupported,
                message: "expected NSCollectionLayoutSpacing (.fixed(N) or .flexible(N)), not \(v.typeName)",
                range: range)
        }
    }

    /// What setting `name` on an object of the API stores: the value as the property's type in `UIKitAPI` takes
    /// it. A name the table lacks is stored as written.
    func fieldValue(_ o: APIObject, _ name: String, _ v: Value, _ range: ByteRange) throws -> Value {
        if case .unknown = v { return v }
        guard let p = UIKitAPI.property(name, of: o.kind) else { return v }
        switch expectation(ofType: p.type) {
        case .insets?: return .insets(try insetsValue(v, range))
        case .edgeSpacing?:
            if case .none = v { return .none }
            if case .edgeSpacing = v { return v }
            throw EvalStop(
                kind: .unsupported, message: "\(name) takes NSCollectionLayoutEdgeSpacing, not \(v.typeName)",
                range: range)
        case .cgfloat?:
            // (`.defaultSpacing` that no file read declares: unknown, as a value of the running app is.)
            let named = try undeclaredMemberAsUnknown(v, range)
            if case .unknown = named { return named }
            return .num(try number(v, range, name), .float)
        case .spacing?: return try spacingValue(v, range).map { .spacing($0) } ?? .none
        case .int?: return .num(try number(v, range, name).rounded(.towardZero), .int)
        default: return v
        }
    }

    func dimension(_ kind: Dimension.Kind, _ args: [Arg], _ range: ByteRange) throws -> Value {
        guard let a = args.first else {
            throw EvalStop(kind: .unsupported, message: "\(kind.rawValue) needs a value", range: range)
        }
        if let u = try unknownNumber(a) { return .dimension(unknownDimension(kind, u, range)) }
        let d = Dimension(kind: kind, value: try number(a.value, a.range, "." + kind.rawValue), range: range)
        checkDimension(d)
        return .dimension(d)
    }

    /// The argument as the unknown it is: a value only the running app knows, or `.name` that no file read declares.
    func unknownNumber(_ a: Arg) throws -> Unknown? {
        if case .unknown(let u) = try undeclaredMemberAsUnknown(a.value, a.range) { return u }
        return nil
    }

    /// The first argument that is unknown (`unknownNumber`): a value built of them is unknown as a whole.
    func firstUnknownNumber(_ args: [Arg]) throws -> Unknown? {
        for a in args { if let u = try unknownNumber(a) { return u } }
        return nil
    }

    /// A dimension whose value (or, `kind` nil, whose whole self) only the running app knows: in the model as
    /// unknown (docs/semantics.md#unknown-values), with why kept for the note the model builder makes at it.
    func unknownDimension(_ kind: Dimension.Kind?, _ u: Unknown, _ range: ByteRange) -> Dimension {
        unknownValues[range] = u
        return Dimension.unknown(kind, what: u.what, range: range)
    }

    /// The checks every front end makes of a dimension's value (`DimensionCheck`, in the core): out of range, or not
    /// positive, is an error, and the element is not laid out (as a spec document's element with that value is not
    /// built). An estimate below a point is judged where the size names its side (`checkEstimate`).
    func checkDimension(_ d: Dimension) {
        guard d.isKnown, let problem = DimensionCheck.of(d.kind, d.value), problem.dropsElement else { return }
        note(problem.rule, problem.severity, problem.message(d, subject: d.swiftDescription, axis: nil), d.range)
        invalidDimensions.insert(d.range)
    }

    /// `fractional-estimate`: an estimate below one point, for the side of the size it stands for.
    func checkEstimate(_ d: Dimension, axis: Axis) {
        guard d.isKnown, let problem = DimensionCheck.of(d.kind, d.value), problem == .fractionalEstimate else {
            return
        }
        note(problem.rule, problem.severity, problem.message(d, subject: d.swiftDescription, axis: axis), d.range)
    }

    func arg(_ args: [Arg], _ label: String) -> Arg? { args.first { $0.label == label } }

    func requireArg(_ args: [Arg], _ label: String, _ call: String, _ range: ByteRange) throws -> Arg {
        guard let a = arg(args, label) else {
            throw EvalStop(
                kind: .unsupported, message: "\(call) is called without \(label): (not the API's labels)", range: range)
        }
        return a
    }

    /// A dimension argument (`widthDimension: Cell.widthDimension`) that only the running app knows: an unknown
    /// dimension of unknown kind. Other values as they are.
    func unknownAsDimension(_ a: Arg) throws -> Value {
        let v = try undeclaredMemberAsUnknown(a.value, a.range)
        guard case .unknown(let u) = v else { return v }
        return .dimension(unknownDimension(nil, u, a.range))
    }

    func sizeValue(_ a: Arg, _ use: String) throws -> Value {
        // A size only the running app knows (`layoutSize: .fullSize` of a package not in the run): both of its
        // dimensions unknown.
        func unknownSize(_ u: Unknown) -> Value {
            .size(
                width: unknownDimension(nil, u, a.range), height: unknownDimension(nil, u, a.range), range: a.range)
        }
        switch a.value {
        case .size: return a.value
        case .unknown(let u): return unknownSize(u)
        case .member(let name):
            if let resolved = try resolveImplicit(name, a.range), case .size = resolved { return resolved }
            return unknownSize(undeclaredMemberUnknown(name, a.range))
        default:
            throw EvalStop(
                kind: .unsupported, message: "\(use) takes NSCollectionLayoutSize, not \(a.value.typeName)",
                range: a.range)
        }
    }

    func objectArg(_ a: Arg, _ kinds: Set<APIObject.Kind>, _ use: String) throws -> APIObject {
        if case .object(let o) = a.value, kinds.contains(o.kind) { return o }
        if case .unknown(let u) = a.value { try stopUnknown(u, use) }
        throw EvalStop(
            kind: .unsupported,
            message:
                "\(use) takes \(kinds.map(\.rawValue).sorted().joined(separator: " or ")), not \(a.value.typeName)",
            range: a.range)
    }
}
