// Sizes that depend on the layout environment (docs/format.md#environment-formulas): `absolute(container
// .effectiveContentSize.width - 40)` is a different number of points in each environment, as the Swift
// `environment.container.effectiveContentSize.width - 40` is. The resolver turns a section's formulas into numbers
// for the environment it resolves (`SectionSpec.specialized`): every rule then reads plain numbers.

/// `scale × variable + offset`, one of the layout container's sizes.
public struct EnvironmentFormula: Sendable, Equatable {
    /// The sizes of `NSCollectionLayoutEnvironment.container`, named as Swift reads them.
    public enum Variable: String, CaseIterable, Sendable {
        case effectiveWidth = "container.effectiveContentSize.width"
        case effectiveHeight = "container.effectiveContentSize.height"
        case contentWidth = "container.contentSize.width"
        case contentHeight = "container.contentSize.height"
    }

    public var scale: Double
    public var offset: Double
    public var variable: Variable

    public init(_ variable: Variable, scale: Double = 1, offset: Double = 0) {
        self.scale = scale
        self.offset = offset
        self.variable = variable
    }

    public func value(in env: LayoutEnvironment, configuration: LayoutConfiguration) -> Double {
        scale * Self.variable(variable, in: env, configuration: configuration) + offset
    }

    static func variable(_ v: Variable, in env: LayoutEnvironment, configuration: LayoutConfiguration) -> Double {
        let s = containerSizes(in: env, configuration: configuration)
        switch v {
        case .effectiveWidth: return s.effectiveWidth
        case .effectiveHeight: return s.effectiveHeight
        case .contentWidth: return s.contentWidth
        case .contentHeight: return s.contentHeight
        }
    }

    /// The formula as it is written: `v - 40`, `(v - 40) / 3`, `v * 0.5 + 8` (`prefix` before the variable's
    /// name: `environment.` in Swift).
    public func text(prefix: String = "") -> String {
        let name = prefix + variable.rawValue
        func signed(_ x: Double) -> String {
            x == 0 ? "" : (x < 0 ? " - " : " + ") + formatPoints(abs(x))
        }
        if scale == 1 { return name + signed(offset) }
        let n = (1 / scale).rounded()
        if n > 1, n <= 100, abs(1 / scale - n) < 1e-9 {
            let shifted = offset * n
            if abs(shifted - shifted.rounded()) < 1e-6 {
                return offset == 0
                    ? "\(name) / \(formatPoints(n))" : "(\(name)\(signed(shifted.rounded()))) / \(formatPoints(n))"
            }
        }
        return "\(name) * \(formatPoints(scale))" + signed(offset)
    }

    /// Reads `+ - * /`, parentheses, numbers and one container size, where the result is linear in it; nil for
    /// anything else (a number alone is not a formula).
    public static func parse(_ text: String) -> EnvironmentFormula? {
        var p = FormulaParser(Array(text.utf8))
        guard let e = p.sum(), p.atEnd, let v = e.variable, e.scale.isFinite, e.offset.isFinite, e.scale != 0 else {
            return nil
        }
        return EnvironmentFormula(v, scale: e.scale, offset: e.offset)
    }

    /// The formula that gives `values[i]` in `environments[i]`, where one does: one container size, a scale that is
    /// a simple fraction (n/d, d up to 12), read from three environments or more of different sizes. (A value that
    /// is a size only by chance in two environments is not taken for one.)
    public static func fit(
        _ values: [Double], environments: [LayoutEnvironment], configuration: LayoutConfiguration
    ) -> EnvironmentFormula? {
        guard values.count == environments.count, values.count >= 3 else { return nil }
        for v in Variable.allCases {
            let xs = environments.map { variable(v, in: $0, configuration: configuration) }
            guard Set(xs).count >= 3, let i = xs.indices.first, let j = xs.indices.first(where: { xs[$0] != xs[i] })
            else { continue }
            let scale = (values[j] - values[i]) / (xs[j] - xs[i])
            guard scale != 0,
                (1...12).contains(where: { d in abs(scale * Double(d) - (scale * Double(d)).rounded()) < 1e-9 })
            else { continue }
            let offset = values[i] - scale * xs[i]
            if zip(xs, values).allSatisfy({ abs(scale * $0 + offset - $1) < 1e-6 }) {
                return EnvironmentFormula(v, scale: scale, offset: (offset * 1e6).rounded() / 1e6)
            }
        }
        return nil
    }
}

/// An affine expression over at most one variable.
private struct Affine {
    var scale: Double = 0
    var offset: Double = 0
    var variable: EnvironmentFormula.Variable?
}

/// A recursive-descent reader of `FormulaParser` expressions, bounded in depth.
private struct FormulaParser {
    let b: [UInt8]
    var i = 0
    var depth = 0
    init(_ bytes: [UInt8]) { b = bytes }

    var atEnd: Bool {
        mutating get {
            skipSpace()
            return i == b.count
        }
    }

    mutating func skipSpace() { while i < b.count, b[i] == 0x20 || b[i] == 0x09 { i += 1 } }

    mutating func eat(_ c: UInt8) -> Bool {
        skipSpace()
        guard i < b.count, b[i] == c else { return false }
        i += 1
        return true
    }

    mutating func sum() -> Affine? {
        guard var l = product() else { return nil }
        while true {
            let plus = eat(UInt8(ascii: "+"))
            guard plus || eat(UInt8(ascii: "-")) else { return l }
            guard let r = product() else { return nil }
            guard l.variable == nil || r.variable == nil || l.variable == r.variable else { return nil }
            l = Affine(
                scale: plus ? l.scale + r.scale : l.scale - r.scale,
                offset: plus ? l.offset + r.offset : l.offset - r.offset,
                variable: l.variable ?? r.variable)
        }
    }

    mutating func product() -> Affine? {
        guard var l = factor() else { return nil }
        while true {
            let times = eat(UInt8(ascii: "*"))
            guard times || eat(UInt8(ascii: "/")) else { return l }
            guard let r = factor() else { return nil }
            if times {
                // (One side is a number: the result stays linear.)
                if l.variable == nil {
                    l = Affine(scale: l.offset * r.scale, offset: l.offset * r.offset, variable: r.variable)
                } else if r.variable == nil {
                    l = Affine(scale: l.scale * r.offset, offset: l.offset * r.offset, variable: l.variable)
                } else {
                    return nil
                }
            } else {
                guard r.variable == nil, r.offset != 0 else { return nil }
                l = Affine(scale: l.scale / r.offset, offset: l.offset / r.offset, variable: l.variable)
            }
        }
    }

    mutating func factor() -> Affine? {
        skipSpace()
        guard i < b.count, depth < 64 else { return nil }
        if eat(UInt8(ascii: "-")) {
            guard let f = factor() else { return nil }
            return Affine(scale: -f.scale, offset: -f.offset, variable: f.variable)
        }
        if eat(UInt8(ascii: "(")) {
            depth += 1
            defer { depth -= 1 }
            guard let e = sum(), eat(UInt8(ascii: ")")) else { return nil }
            return e
        }
        let start = i
        if b[i] == UInt8(ascii: "c") {
            while i < b.count, b[i] == UInt8(ascii: ".") || (b[i] | 0x20 >= 0x61 && b[i] | 0x20 <= 0x7A) { i += 1 }
            let name = String(decoding: b[start..<i], as: UTF8.self)
            guard let v = EnvironmentFormula.Variable(rawValue: name) else { return nil }
            return Affine(scale: 1, offset: 0, variable: v)
        }
        while i < b.count, (b[i] >= 0x30 && b[i] <= 0x39) || b[i] == UInt8(ascii: ".") { i += 1 }
        guard i > start, let x = Double(String(decoding: b[start..<i], as: UTF8.self)) else { return nil }
        return Affine(scale: 0, offset: x, variable: nil)
    }
}

extension SectionSpec {
    /// This section with its formulas as numbers of `env` (itself when it has none): what the resolver resolves.
    public func specialized(in env: LayoutEnvironment, configuration: LayoutConfiguration) -> SectionSpec {
        guard let g = group, g.containsFormula else { return self }
        return mapped { _, _, d in
            guard let f = d.formula else { return d }
            var n = d
            n.value = f.value(in: env, configuration: configuration)
            return n
        }
    }

    /// A copy whose elements' sizes are `f(element, axis, size)` (shared elements copied once).
    func mapped(_ f: (LayoutElement, Axis, Dimension) -> Dimension) -> SectionSpec {
        let s = SectionSpec(path: path, range: range)
        s.name = name
        var copies: [ObjectIdentifier: LayoutElement] = [:]
        s.group = group?.mapped(f, memo: &copies)
        s.itemCount = itemCount
        s.contentInsets = contentInsets
        s.interGroupSpacing = interGroupSpacing
        s.orthogonalScrollingBehavior = orthogonalScrollingBehavior
        s.unknownSettings = unknownSettings
        s.contentInsetsReference = contentInsetsReference
        s.supplementaryContentInsetsReference = supplementaryContentInsetsReference
        s.boundarySupplementaryItems = boundarySupplementaryItems
        s.decorationItems = decorationItems
        s.props = props
        return s
    }
}

extension LayoutElement {
    /// Sets `containsFormula` from the element's sizes and its children's flags (its children are done).
    func noteFormulas() {
        containsFormula =
            width?.formula != nil || height?.formula != nil
            || (group?.layout.children.contains { $0.containsFormula } ?? false)
    }

    func mapped(_ f: (LayoutElement, Axis, Dimension) -> Dimension, memo: inout [ObjectIdentifier: LayoutElement])
        -> LayoutElement
    {
        if let done = memo[ObjectIdentifier(self)] { return done }
        let e = LayoutElement(path: path, range: range)
        memo[ObjectIdentifier(self)] = e
        e.width = width.map { f(self, .horizontal, $0) }
        e.height = height.map { f(self, .vertical, $0) }
        e.contentInsets = contentInsets
        e.edgeSpacing = edgeSpacing
        e.supplementaryItems = supplementaryItems
        e.props = props
        e.refTarget = refTarget
        e.writtenInReference = writtenInReference
        if var g = group {
            switch g.layout {
            case .subitems(let s): g.layout = .subitems(s.map { $0.mapped(f, memo: &memo) })
            case .count(let c, let n): g.layout = .count(c.mapped(f, memo: &memo), n)
            case .repeating(let c, let n): g.layout = .repeating(c.mapped(f, memo: &memo), n)
            case .frames, .missing: break
            }
            e.group = g
        }
        e.noteFormulas()
        return e
    }
}

/// `documents[i]`, the model in `environments[i]` (as a front end that reads its environment builds them), with
/// each size that is one formula of the environment in all of them (`EnvironmentFormula.fit`) written as that
/// formula: `layoutlint import` then needs no variant for it, and `export --swift` writes it back as Swift. The
/// documents themselves are not changed.
public func withEnvironmentFormulas(_ documents: [LayoutDocument], environments: [LayoutEnvironment])
    -> [LayoutDocument]
{
    guard documents.count >= 3, documents.count == environments.count,
        Set(documents.map(\.sections.count)).count == 1
    else { return documents }
    let configuration = documents[0].configuration
    struct Key: Hashable {
        let section: Int, path: String, axis: Axis
    }
    var sizes: [Key: [Dimension]] = [:]
    for d in documents {
        for (k, section) in d.sections.enumerated() {
            var seen = Set<ObjectIdentifier>()
            func visit(_ e: LayoutElement) {
                guard seen.insert(ObjectIdentifier(e)).inserted else { return }
                if let w = e.width { sizes[Key(section: k, path: e.path, axis: .horizontal), default: []].append(w) }
                if let h = e.height { sizes[Key(section: k, path: e.path, axis: .vertical), default: []].append(h) }
                e.group?.layout.children.forEach(visit)
            }
            section.base.group.map(visit)
        }
    }
    var formulas: [Key: EnvironmentFormula] = [:]
    for (key, dims) in sizes where dims.count == documents.count {
        guard let kind = dims.first?.kind, kind == .absolute || kind == .estimated,
            dims.allSatisfy({ $0.kind == kind && $0.isKnown && $0.formula == nil }),
            Set(dims.map(\.value)).count > 1,
            let f = EnvironmentFormula.fit(dims.map(\.value), environments: environments, configuration: configuration)
        else { continue }
        formulas[key] = f
    }
    guard !formulas.isEmpty else { return documents }
    return documents.map { d in
        let out = LayoutDocument()
        out.environments = d.environments
        out.environmentsDeclared = d.environmentsDeclared
        out.configuration = d.configuration
        out.definitions = d.definitions
        out.referencedPointers = d.referencedPointers
        out.writtenDefinitionRefs = d.writtenDefinitionRefs
        out.sharedText = d.sharedText
        out.sections = d.sections.enumerated().map { k, s in
            let base = s.base.mapped { e, axis, dim in
                guard let f = formulas[Key(section: k, path: e.path, axis: axis)] else { return dim }
                var n = dim
                n.formula = f
                n.value = 0
                return n
            }
            let copy = Section(index: s.index, base: base, hasOwnKeys: s.hasOwnKeys)
            copy.variants = s.variants
            return copy
        }
        return out
    }
}
