// Value types of the document model: dimensions, spacing, insets. Each keeps the range of its text.

public enum Axis: Sendable, Equatable {
    case horizontal, vertical
    public var other: Axis { self == .horizontal ? .vertical : .horizontal }
    /// The dimension name along this axis.
    public var sizeName: String { self == .horizontal ? "width" : "height" }
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

    public init(kind: Kind, value: Double, range: ByteRange) {
        self.kind = kind
        self.value = value
        self.range = range
    }

    public var isFractional: Bool { kind == .fractionalWidth || kind == .fractionalHeight }
    /// Estimated axes self-size at run time: the number is a guess.
    public var isEstimated: Bool { kind == .estimated || kind == .uniformAcrossSiblings }

    /// How the dimension reads in Swift, e.g. `.fractionalWidth(0.333)`.
    public var swiftDescription: String {
        switch kind {
        case .uniformAcrossSiblings: return ".uniformAcrossSiblings(estimate: \(formatPoints(value)))"
        default: return ".\(kind.rawValue)(\(formatPoints(value)))"
        }
    }

    /// Parses `fractionalWidth(F)`, `fractionalHeight(F)`, `absolute(N)`, `estimated(N)`,
    /// `uniformAcrossSiblings(estimate: N)`; F may be `a/b`. Returns nil when the text is not one of these.
    public static func parse(_ text: String) -> (Kind, Double)? {
        let t = text.trimmingSpaces()
        guard let open = t.firstIndex(of: "("), t.hasSuffix(")") else { return nil }
        let name = String(t[..<open]).trimmingSpaces()
        var arg = String(t[t.index(after: open)..<t.index(before: t.endIndex)]).trimmingSpaces()
        guard let kind = Kind(rawValue: name) else { return nil }
        if kind == .uniformAcrossSiblings {
            guard arg.hasPrefix("estimate:") else { return nil }
            arg = String(arg.dropFirst("estimate:".count)).trimmingSpaces()
        }
        guard let v = parseNumberOrFraction(arg, allowFraction: true) else { return nil }
        return (kind, v)
    }
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
        let t = text.trimmingSpaces()
        for (name, flexible) in [("fixed", false), ("flexible", true)] where t.hasPrefix(name + "(") && t.hasSuffix(")") {
            let arg = String(t.dropFirst(name.count + 1).dropLast()).trimmingSpaces()
            if let v = parseNumberOrFraction(arg, allowFraction: false) { return (flexible, v) }
        }
        return nil
    }
    public var swiftDescription: String { ".\(isFlexible ? "flexible" : "fixed")(\(formatPoints(value)))" }
}

/// `NSDirectionalEdgeInsets`; values below 1 are fractions (SEMANTICS Decision 6/13), resolved by the resolver.
public struct Insets: Sendable, Equatable {
    public var top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0
    /// The whole insets value's text.
    public var range: ByteRange
    /// The text of each edge's number, where it was written separately (object or array form).
    public var edgeRanges: [Edge: ByteRange] = [:]

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
    public static func edges(along axis: Axis) -> (Edge, Edge) { axis == .horizontal ? (.leading, .trailing) : (.top, .bottom) }
}

/// `NSCollectionLayoutEdgeSpacing`.
public struct EdgeSpacing: Sendable, Equatable {
    public var leading: Spacing?, top: Spacing?, trailing: Spacing?, bottom: Spacing?
    public var range: ByteRange
    public init(range: ByteRange) { self.range = range }
    public func edges(along axis: Axis) -> (Spacing?, Spacing?) { axis == .horizontal ? (leading, trailing) : (top, bottom) }
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
    if allowFraction, let slash = text.firstIndex(of: "/") {
        guard let a = parseDecimal(String(text[..<slash]).trimmingSpaces()),
              let b = parseDecimal(String(text[text.index(after: slash)...]).trimmingSpaces()), b != 0 else { return nil }
        return a / b
    }
    return parseDecimal(text)
}

func parseDecimal(_ text: String) -> Double? {
    // Only plain decimal notation: digits, one dot, optional sign and exponent. Rejects "nan", "inf", hex.
    guard !text.isEmpty, text.utf8.count < 64 else { return nil }
    var sawDigit = false
    for (i, c) in text.utf8.enumerated() {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
        case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): break
        case UInt8(ascii: "-"), UInt8(ascii: "+"): if i != 0 { let prev = Array(text.utf8)[i - 1]; if prev != UInt8(ascii: "e") && prev != UInt8(ascii: "E") { return nil } }
        default: return nil
        }
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
