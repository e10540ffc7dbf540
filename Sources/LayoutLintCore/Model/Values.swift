// Value types of the document model: dimensions, spacing, insets. Each keeps the range of its text.

public enum Axis: String, Sendable, Equatable {
    case horizontal, vertical
    public var other: Axis { self == .horizontal ? .vertical : .horizontal }
    /// The dimension name along this axis.
    public var sizeName: String { self == .horizontal ? "width" : "height" }
}

/// A value only the running app knows, as its source names it (`AppBannerView.standardHeight`).
public struct UnknownValue: Sendable, Equatable {
    public var what: String
    /// Whether the dimension's kind is known (`.absolute(…)` around the unknown number).
    public var kindKnown: Bool
    public init(what: String, kindKnown: Bool) {
        self.what = what
        self.kindKnown = kindKnown
    }
}

/// A value of the model that only the running app knows, where it is written.
public struct UnknownInput: Sendable, Equatable {
    public var what: String
    public var range: ByteRange
    public init(what: String, range: ByteRange) {
        self.what = what
        self.range = range
    }
}

/// `NSCollectionLayoutDimension`.
public struct Dimension: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case fractionalWidth, fractionalHeight, absolute, estimated, uniformAcrossSiblings
    }
    public var kind: Kind
    public var value: Double
    /// The text of the value (the string with its quotes, or the bare number).
    public var range: ByteRange
    /// Set when the front end could not know the value (a constant of a package not read, app state): `kind` and
    /// `value` are then placeholders as `UnknownValue` says. The resolver computes no frame that depends on it, and
    /// the rules that read it only where they need no more than what is known (docs/semantics.md#unknown-values).
    public var unknown: UnknownValue? {
        get { if case .unknown(let u)? = source { u } else { nil } }
        set {
            if let u = newValue { source = .unknown(u) } else if case .unknown? = source { source = nil }
        }
    }
    /// Set for a size that depends on the environment (`absolute(container.effectiveContentSize.width - 40)`):
    /// `value` is a placeholder until the resolver puts the environment's number in (`SectionSpec.specialized`).
    public var formula: EnvironmentFormula? {
        get { if case .formula(let f)? = source { f } else { nil } }
        set {
            if let f = newValue { source = .formula(f) } else if case .formula? = source { source = nil }
        }
    }
    /// What the number is besides a number, in one optional: dimensions are copied in every node the resolver makes,
    /// and this keeps them as small as they were before formulas.
    private enum Source: Sendable, Equatable {
        case unknown(UnknownValue)
        case formula(EnvironmentFormula)
    }
    private var source: Source?

    public init(kind: Kind, value: Double, range: ByteRange) {
        self.kind = kind
        self.value = value
        self.range = range
    }

    /// A dimension whose number (`kindKnown`: `.absolute(Cell.height)`) or whose whole self (`.fullSize`) only the
    /// running app knows.
    public static func unknown(_ kind: Kind?, what: String, range: ByteRange) -> Dimension {
        var d = Dimension(kind: kind ?? .absolute, value: 0, range: range)
        d.unknown = UnknownValue(what: what, kindKnown: kind != nil)
        return d
    }

    /// Both kind and value are known.
    public var isKnown: Bool { unknown == nil }
    /// The kind is known (the value may not be).
    public var kindIsKnown: Bool { unknown?.kindKnown ?? true }

    public var isFractional: Bool { kind == .fractionalWidth || kind == .fractionalHeight }
    /// Estimated axes self-size at run time: the number is a guess.
    public var isEstimated: Bool { kind == .estimated || kind == .uniformAcrossSiblings }
    /// Whether the size this gives is a guess in a container whose width or height is one: its own estimate, or a
    /// fraction of an estimated side.
    public func isEstimated(estimatedWidth estW: Bool, estimatedHeight estH: Bool) -> Bool {
        switch kind {
        case .estimated, .uniformAcrossSiblings: return true
        case .fractionalWidth: return estW
        case .fractionalHeight: return estH
        case .absolute: return false
        }
    }

    /// How the dimension reads in Swift, e.g. `.fractionalWidth(0.333)`.
    public var swiftDescription: String {
        if let u = unknown {
            guard u.kindKnown else { return u.what }
            return ".\(kind.rawValue)(\(kind == .uniformAcrossSiblings ? "estimate: " : "")\(u.what))"
        }
        if let f = formula { return ".\(kind.rawValue)(\(f.text(prefix: "environment.")))" }
        switch kind {
        case .uniformAcrossSiblings: return ".uniformAcrossSiblings(estimate: \(formatPoints(value)))"
        default: return ".\(kind.rawValue)(\(formatPoints(value)))"
        }
    }

    /// Parses `absolute(F)` and `estimated(F)` where F is an `EnvironmentFormula`; nil otherwise.
    public static func parseFormula(_ text: String) -> (Kind, EnvironmentFormula)? {
        guard let call = parseCall(text), call.label == nil, let f = EnvironmentFormula.parse(call.argument) else {
            return nil
        }
        switch call.name {
        case "absolute": return (.absolute, f)
        case "estimated": return (.estimated, f)
        default: return nil
        }
    }

    /// Parses `fractionalWidth(F)`, `fractionalHeight(F)`, `absolute(N)`, `estimated(N)`,
    /// `uniformAcrossSiblings(estimate: N)`; F may be `a/b`. Returns nil when the text is not one of these.
    public static func parse(_ text: String) -> (Kind, Double)? {
        guard let call = parseCall(text) else { return nil }
        let kind: Kind
        switch call.name {
        case "fractionalWidth": kind = .fractionalWidth
        case "fractionalHeight": kind = .fractionalHeight
        case "absolute": kind = .absolute
        case "estimated": kind = .estimated
        case "uniformAcrossSiblings": kind = .uniformAcrossSiblings
        default: return nil
        }
        guard call.label == (kind == .uniformAcrossSiblings ? "estimate" : nil) else { return nil }
        // A fraction is a fraction of the container (docs/format.md#dimension: F); points are a number N, as the
        // schema says too.
        guard
            let v = parseNumberOrFraction(
                call.argument, allowFraction: kind == .fractionalWidth || kind == .fractionalHeight)
        else { return nil }
        return (kind, v)
    }
}

/// `name(argument)` or `name(label: argument)`, spaces allowed around the parts; read from the UTF-8 bytes (this
/// runs for every dimension and spacing of every document).
func parseCall(_ text: String) -> (name: String, label: String?, argument: String)? {
    var t = text
    return t.withUTF8 { b -> (String, String?, String)? in
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }
        func isLetter(_ c: UInt8) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) }
        var i = 0, n = b.count
        while i < n, isSpace(b[i]) { i += 1 }
        while n > i, isSpace(b[n - 1]) { n -= 1 }
        let nameStart = i
        while i < n, isLetter(b[i]) { i += 1 }
        let nameEnd = i
        guard nameEnd > nameStart else { return nil }
        while i < n, isSpace(b[i]) { i += 1 }
        guard i < n, b[i] == UInt8(ascii: "("), n > i + 1, b[n - 1] == UInt8(ascii: ")") else { return nil }
        i += 1
        var argEnd = n - 1
        while i < argEnd, isSpace(b[i]) { i += 1 }
        while argEnd > i, isSpace(b[argEnd - 1]) { argEnd -= 1 }
        var label: String?
        var j = i
        while j < argEnd, isLetter(b[j]) { j += 1 }
        var k = j
        while k < argEnd, isSpace(b[k]) { k += 1 }
        if j > i, k < argEnd, b[k] == UInt8(ascii: ":") {
            label = String(decoding: UnsafeBufferPointer(rebasing: b[i..<j]), as: UTF8.self)
            i = k + 1
            while i < argEnd, isSpace(b[i]) { i += 1 }
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: b[nameStart..<nameEnd]), as: UTF8.self)
        let arg = String(decoding: UnsafeBufferPointer(rebasing: b[i..<argEnd]), as: UTF8.self)
        return (name, label, arg)
    }
}

/// What a dimension or spacing text that does not parse most likely meant, when one small slip explains it: a
/// missing or extra `)`, a unit after the number (`44pt`), `uniformAcrossSiblings` without its `estimate:` label, or
/// a number written as a string (`"44"`: `.number`, to be written without quotes). nil when no repair parses.
enum CallRepair: Equatable { case text(String), number(String) }

func repairCall(_ text: String, parses: (String) -> Bool) -> CallRepair? {
    let t = text.trimmingSpaces()
    // A number in a string, written as JSON writes a number (`+44`, `.5` and `44.` are not JSON).
    if let v = parseDecimal(t) { return v.isFinite && abs(v) <= 1e9 ? .number(jsonNumberText(v)) : nil }
    guard t.contains("(") else { return nil }
    var s = t
    let opens = s.filter { $0 == "(" }.count
    var closes = s.filter { $0 == ")" }.count
    if opens == closes + 1 && !s.hasSuffix(")") { s += ")"; closes += 1 }
    while closes > opens, s.hasSuffix(")") { s.removeLast(); closes -= 1 }
    if s != t, parses(s) { return .text(s) }
    guard opens == closes, s.hasSuffix(")"), let open = s.firstIndex(of: "("), open < s.index(before: s.endIndex) else {
        return nil
    }
    // The argument, without a unit such as pt or px after its number.
    var arg = String(s[s.index(after: open)..<s.index(before: s.endIndex)]).trimmingSpaces()
    let name = String(s[..<open]).trimmingSpaces()
    if let last = arg.unicodeScalars.last, last.properties.isAlphabetic {
        while let l = arg.unicodeScalars.last, l.properties.isAlphabetic, l.isASCII { arg.unicodeScalars.removeLast() }
        arg = arg.trimmingSpaces()
        let candidate = name + "(" + arg + ")"
        if parses(candidate) { return .text(candidate) }
    }
    if name == "uniformAcrossSiblings", !arg.contains(":") {
        let candidate = "uniformAcrossSiblings(estimate: " + arg + ")"
        if parses(candidate) { return .text(candidate) }
    }
    // A decimal comma (`fractionalWidth(0,5)`): the calls take one number, so the comma can only be its decimal point.
    if let comma = arg.firstIndex(of: ","), !arg.contains("."),
        arg[..<comma].allSatisfy(\.isASCIIDigitOrSign), arg[arg.index(after: comma)...].allSatisfy(\.isASCIIDigit),
        arg.index(after: comma) < arg.endIndex
    {
        let candidate = name + "(" + arg.replacingAll(",", with: ".") + ")"
        if parses(candidate) { return .text(candidate) }
    }
    // A percentage of the container (`fractionalHeight(100%)`): the fraction is the percentage over 100.
    if (name == "fractionalWidth" || name == "fractionalHeight"), arg.hasSuffix("%"),
        let pct = parseDecimal(String(arg.dropLast()).trimmingSpaces()), pct.isFinite
    {
        let candidate = name + "(" + formatPoints(pct / 100) + ")"
        if parses(candidate) { return .text(candidate) }
    }
    return nil
}

/// Why a repair `repairCall` offered reads differently, for the message: nil when "did you mean" says enough.
func repairReason(from text: String, to repaired: String) -> String? {
    if text.contains("%") && !repaired.contains("%") { return "a fraction is written from 0 to 1: 100% is 1" }
    if text.contains(",") && !repaired.contains(",") { return "the decimal separator is a point, not a comma" }
    return nil
}

/// The text without Swift's spelling around it (`.horizontal`, `.fractionalWidth(0.5)`,
/// `NSCollectionLayoutDimension.fractionalWidth(0.5)`, `UICollectionLayoutSectionOrthogonalScrollingBehavior.paging`):
/// a leading `.`, or a leading UIKit type name (`NS…` or `UI…`) and its `.`. nil when there is neither.
func withoutSwiftSpelling(_ text: String) -> String? {
    let t = text.trimmingSpaces()
    // (A letter after the dot: `.5` is a number.)
    if t.hasPrefix("."), let next = t.dropFirst().first, next.isASCII, next.isLetter { return String(t.dropFirst()) }
    guard t.hasPrefix("NS") || t.hasPrefix("UI"), let dot = t.firstIndex(of: "."),
        t[..<dot].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
    else { return nil }
    let rest = t[t.index(after: dot)...]
    return rest.isEmpty ? nil : String(rest)
}

/// A number written as a string where a number belongs (`"20"`, `"10pt"`, `"10 px"`, `"0,5"`): the JSON number it
/// most likely is, and whether that is certain (digits alone, or points: `pt` is the unit the document counts in).
func numberInString(_ text: String) -> (number: String, certain: Bool)? {
    var t = text.trimmingSpaces()
    var certain = true
    for (unit, sure) in [("points", true), ("pts", true), ("pt", true), ("px", false)]
    where t.lowercased().hasSuffix(unit) {
        t = String(t.dropLast(unit.count)).trimmingSpaces()
        certain = sure
        break
    }
    if !t.contains("."), t.filter({ $0 == "," }).count == 1, let comma = t.firstIndex(of: ","),
        comma != t.startIndex, t.index(after: comma) != t.endIndex
    {
        t = t.replacingAll(",", with: ".")
        certain = false
    }
    guard let v = parseDecimal(t), v.isFinite, abs(v) <= 1e9 else { return nil }
    return (jsonNumberText(v), certain)
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
    var isASCIIDigitOrSign: Bool { isASCIIDigit || self == "-" || self == "+" }
}

/// A finite number as JSON text: an integer without a fraction, else Swift's shortest round-trip form (`0.5`, `1e-07`).
func jsonNumberText(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return "\(v)"
}

/// Why a call of one of `names` cannot be read, where the argument says it better than the list of forms: a fraction
/// in points (with the points it computes to as the repair, when they parse), or a fraction that divides by zero.
func argumentProblem(_ text: String, names: [String], parses: (String) -> Bool) -> (problem: String, repaired: String?)?
{
    guard let call = parseCall(text), call.argument.contains("/") else { return nil }
    if names.contains(call.name) {
        var repaired: String?
        if let v = parseNumberOrFraction(call.argument, allowFraction: true), v.isFinite {
            let r = call.name + "(" + (call.label.map { $0 + ": " } ?? "") + formatPoints(v) + ")"
            if parses(r) { repaired = r }
        }
        return (
            "\(call.name) takes points, not a fraction (fractions are for fractionalWidth and fractionalHeight)",
            repaired
        )
    }
    let a = call.argument
    if let slash = a.firstIndex(of: "/"), let d = parseDecimal(String(a[a.index(after: slash)...]).trimmingSpaces()),
        d == 0
    {
        return ("the fraction divides by zero", nil)
    }
    return nil
}

/// `NSCollectionLayoutSpacing`.
public struct Spacing: Sendable, Equatable {
    public var isFlexible: Bool
    public var value: Double
    public var range: ByteRange
    public init(isFlexible: Bool, value: Double, range: ByteRange) {
        self.isFlexible = isFlexible
        self.value = value
        self.range = range
    }
    public static func parse(_ text: String) -> (flexible: Bool, value: Double)? {
        guard let call = parseCall(text), call.label == nil else { return nil }
        let flexible: Bool
        switch call.name {
        case "fixed": flexible = false
        case "flexible": flexible = true
        default: return nil
        }
        guard let v = parseNumberOrFraction(call.argument, allowFraction: false) else { return nil }
        return (flexible, v)
    }
    public var swiftDescription: String { ".\(isFlexible ? "flexible" : "fixed")(\(formatPoints(value)))" }
}

/// `NSDirectionalEdgeInsets`; values below 1 are fractions (docs/semantics.md#fractional-insets), resolved by the
/// resolver.
public struct Insets: Sendable, Equatable {
    public var top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0
    /// The whole insets value's text.
    public var range: ByteRange
    /// The text of each edge's number, where it was written separately (object or array form).
    public var edgeRanges: [Edge: ByteRange] = [:]
    /// The `$ref`'s string where the insets are an object that names other insets (`{ "$ref": "#/…", "top": 0 }`):
    /// edges written beside it override the target's.
    public var refRange: ByteRange?

    public enum Edge: String, Sendable, CaseIterable { case top, leading, bottom, trailing }

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0, range: ByteRange) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
        self.range = range
    }
    public subscript(edge: Edge) -> Double {
        switch edge {
        case .top: return top
        case .leading: return leading
        case .bottom: return bottom
        case .trailing: return trailing
        }
    }
    public func rangeOf(_ edge: Edge) -> ByteRange { edgeRanges[edge] ?? range }
    public var isZero: Bool { top == 0 && leading == 0 && bottom == 0 && trailing == 0 }
    public static func edges(along axis: Axis) -> (Edge, Edge) {
        axis == .horizontal ? (.leading, .trailing) : (.top, .bottom)
    }
}

/// `NSCollectionLayoutEdgeSpacing`.
public struct EdgeSpacing: Sendable, Equatable {
    public var leading: Spacing?, top: Spacing?, trailing: Spacing?, bottom: Spacing?
    public var range: ByteRange
    public init(range: ByteRange) { self.range = range }
    public func edges(along axis: Axis) -> (Spacing?, Spacing?) {
        axis == .horizontal ? (leading, trailing) : (top, bottom)
    }
}

public enum OrthogonalScrollingBehavior: String, Sendable, CaseIterable {
    case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

public enum InsetsReference: String, Sendable, CaseIterable {
    case automatic, none, safeArea, layoutMargins, readableContent
}

public enum RectAlignment: String, Sendable, CaseIterable {
    case none, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing
}

// MARK: helpers

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}

/// Parses a decimal number (JSON-like, optionally with a leading `+` or `.`) or, when allowed, a fraction `a/b`.
func parseNumberOrFraction(_ text: String, allowFraction: Bool) -> Double? {
    if allowFraction, let slash = text.utf8.firstIndex(of: UInt8(ascii: "/")) {
        let a = String(text[..<slash]).trimmingSpaces()
        let b = String(text[text.index(after: slash)...]).trimmingSpaces()
        guard let x = parseDecimal(a), let y = parseDecimal(b), y != 0 else { return nil }
        return x / y
    }
    return parseDecimal(text)
}

func parseDecimal(_ text: String) -> Double? {
    // Only plain decimal notation: digits, one dot, optional sign and exponent. Rejects "nan", "inf", hex.
    let u = text.utf8
    guard !u.isEmpty, u.count < 64 else { return nil }
    var sawDigit = false
    var prev: UInt8 = 0
    var first = true
    for c in u {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
        case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): break
        case UInt8(ascii: "-"), UInt8(ascii: "+"):
            if !first && prev != UInt8(ascii: "e") && prev != UInt8(ascii: "E") { return nil }
        default: return nil
        }
        prev = c
        first = false
    }
    guard sawDigit else { return nil }
    return Double(text)
}

/// Formats points for messages: at most three decimals, no trailing zeros (`116.667`, `130`).
public func formatPoints(_ v: Double) -> String {
    if !v.isFinite { return v > 0 ? "∞" : (v < 0 ? "-∞" : "NaN") }
    if abs(v) >= 1e15 { return String(v) }
    let r = (v * 1000).rounded() / 1000
    if r == r.rounded() && abs(r) < 1e15 { return String(Int64(r)) }
    var s = String(r)
    if s.contains("e") { return s }
    if let dot = s.firstIndex(of: ".") {
        let decimals = s.distance(from: dot, to: s.endIndex) - 1
        if decimals > 3 { s = String(s[..<s.index(dot, offsetBy: 4)]) }
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
    }
    return s == "-0" ? "0" : s
}
