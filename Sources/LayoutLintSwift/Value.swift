// The values the evaluator computes: Swift's numbers with their literal typing, the compositional layout API's value
// types (dimensions, sizes, insets, spacing) with the range of the expression that made them, and its classes
// (items, groups, sections, layouts) as shared, mutable objects, as they are in UIKit.

import LayoutLintCore
import SwiftSyntax

/// The model's dimension (Foundation has a `Dimension` of its own).
typealias Dimension = LayoutLintCore.Dimension

/// How Swift types a number: an expression made only of integer literals takes the type its context wants (`1/3`
/// is 0.333… where a CGFloat is expected, 0 where an Int is), which the evaluator decides where the value is used.
enum NumKind: Equatable {
    /// Only integer literals so far: the value is kept exact (as a Double) until a context types it.
    case intLiteral
    /// A floating-point literal, or a value of a floating-point type (CGFloat, Double).
    case float
    /// A value of an integer type (a declared `Int`, a count, an index).
    case int
}

/// A layout API object: UIKit's classes are reference types, so `item.contentInsets = …` after the item went into
/// a group changes what the group holds.
final class APIObject {
    enum Kind: String {
        case item, group, section, layout, configuration, boundary, supplementary, decoration
        case customItem, environment, container, traits, listConfiguration, view, screen, device, anchor
        /// `section.orthogonalScrollingProperties` (iOS 17).
        case scrollingProperties
    }
    let kind: Kind
    /// The constructor call (or the factory call) that made the object, in module offsets.
    let range: ByteRange
    var fields: [String: Value] = [:]
    /// Where each field was last set: the member expression or argument label, and the value's expression.
    var sites: [String: (key: ByteRange, value: ByteRange)] = [:]
    /// Statements that changed the object after it was made (for the element's range: its text is all of them).
    var touched: [ByteRange] = []
    init(_ kind: Kind, range: ByteRange) { self.kind = kind; self.range = range }

    subscript(_ name: String) -> Value? { fields[name] }
    func set(_ name: String, _ value: Value, key: ByteRange, valueRange: ByteRange) {
        fields[name] = value
        sites[name] = (key, valueRange)
    }
}

/// A closure or a function passed as a value (a section provider, a custom group's item provider).
final class Closure {
    enum Body {
        case closure(ClosureExprSyntax, file: Int)
        case function(FunctionRef)
    }
    let body: Body
    let scope: Scope
    let selfType: String?
    init(body: Body, scope: Scope, selfType: String?) { self.body = body; self.scope = scope; self.selfType = selfType }
}

/// Something whose value layoutlint cannot know from the source: it depends on app state (data, flags, user
/// defaults) or on an API it does not model. It is not guessed: using it where the layout needs a value stops
/// reading that element, with an information diagnostic naming the expression.
struct Unknown {
    var what: String
    var range: ByteRange
    var reason: String
    /// `Array(repeating: x, count: n)` with `n` unknown: the element it repeats (as subitems, a group of an unknown
    /// number of those).
    var repeating: Value? = nil
    /// Known elements inserted before the repetition and appended after it (`subitems.insert(header, at: 0)`).
    var before: [Value] = []
    var after: [Value] = []
}

indirect enum Value {
    case num(Double, NumKind)
    case bool(Bool)
    case string(String)
    /// An implicit member or enum case without arguments whose type is not known yet (`.horizontal`, `.zero`,
    /// `.groupPaging`, `.compact`): the context reads it.
    case member(String)
    /// A case of an enum declared in the module (`Section.grid`), with its raw value when it has one.
    case enumCase(type: String, name: String, raw: Value?)
    case dimension(Dimension)
    case size(width: Dimension, height: Dimension, range: ByteRange)
    case insets(Insets)
    case spacing(Spacing)
    case edgeSpacing(EdgeSpacing)
    /// CGSize, CGPoint, CGRect and other plain structs, by field.
    case record(type: String, fields: [String: Value])
    case object(APIObject)
    case array([Value])
    case closure(Closure)
    /// A type used as a value (`NSCollectionLayoutDimension` in `NSCollectionLayoutDimension.absolute(4)`).
    case type(String)
    case tuple([(label: String?, value: Value)])
    case none
    case void
    case unknown(Unknown)

    var isUnknown: Bool { if case .unknown = self { return true } else { return false } }

    var number: Double? {
        switch self {
        case .num(let v, _): return v
        default: return nil
        }
    }

    var object: APIObject? { if case .object(let o) = self { return o } else { return nil } }

    /// The value an integer context reads (`count:`, an index, a `for` range): integer literals divide as integers.
    var integer: Int? {
        guard case .num(let v, _) = self, v.isFinite, abs(v) < 1e12 else { return nil }
        return Int(v.rounded(.towardZero))
    }

    /// The type name used in messages.
    var typeName: String {
        switch self {
        case .num(_, .int): return "Int"
        case .num: return "CGFloat"
        case .bool: return "Bool"
        case .string: return "String"
        case .member(let m): return "." + m
        case .enumCase(let t, _, _): return t
        case .dimension: return "NSCollectionLayoutDimension"
        case .size: return "NSCollectionLayoutSize"
        case .insets: return "NSDirectionalEdgeInsets"
        case .spacing: return "NSCollectionLayoutSpacing"
        case .edgeSpacing: return "NSCollectionLayoutEdgeSpacing"
        case .record(let t, _): return t
        case .object(let o): return o.kind.rawValue
        case .array: return "Array"
        case .closure: return "closure"
        case .type(let t): return t + ".Type"
        case .tuple: return "tuple"
        case .none: return "nil"
        case .void: return "Void"
        case .unknown: return "unknown"
        }
    }
}

/// A variable: closures capture it by reference, as Swift's do.
final class Box {
    var value: Value
    /// The declared type, where one was written (`let w: CGFloat = 1/3` types the literal).
    let type: String?
    init(_ value: Value, type: String?) { self.value = value; self.type = type }
}

final class Scope {
    let parent: Scope?
    var vars: [String: Box] = [:]
    init(parent: Scope?) { self.parent = parent }
    func lookup(_ name: String) -> Box? {
        var s: Scope? = self
        while let c = s {
            if let b = c.vars[name] { return b }
            s = c.parent
        }
        return nil
    }
    func declare(_ name: String, _ value: Value, type: String? = nil) { vars[name] = Box(value, type: type) }
}

/// The Swift type a declared type annotation names, as the evaluator needs it: floating point, integer, or other.
func numericKind(ofType t: String?) -> NumKind? {
    guard let t else { return nil }
    switch withoutOptionality(t) {
    case "CGFloat", "Double", "Float", "Float32", "Float64", "TimeInterval": return .float
    case "Int", "UInt", "Int32", "Int64", "Int16", "Int8", "UInt32", "UInt64": return .int
    default: return nil
    }
}

/// A value as it is stored in a variable of type `type` (nil: inferred): integer-literal expressions become Int
/// where Swift infers Int, CGFloat where the annotation says so.
func typed(_ v: Value, as type: String?) -> Value {
    guard case .num(let x, let k) = v else { return v }
    switch numericKind(ofType: type) {
    case .float?: return .num(x, .float)
    case .int?: return .num(x.rounded(.towardZero), .int)
    case .intLiteral?: return v
    case nil:
        // `let n = 7/2` is an Int (3): an unannotated integer-literal expression is inferred as Int.
        if type == nil, k == .intLiteral { return .num(x.rounded(.towardZero), .int) }
        return v
    }
}
