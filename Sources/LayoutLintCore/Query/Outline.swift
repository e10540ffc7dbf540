// The document outline (the editor's symbols): definitions, and sections › groups › items with their computed sizes.
// Built per section from the section's model and its resolved frames, so that the incremental linter can keep each
// section's outline with its other results and the whole-document path builds the same thing.

public struct OutlineSymbol: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case definitions, definition, section, variant, group, item, supplementary
        /// Groups and items: the elements the outline stops descending into past `maxSymbols`.
        public var isElement: Bool { self == .group || self == .item }
    }
    public var name: String
    public var kind: Kind
    public var range: ByteRange
    public var selection: ByteRange
    /// The sizes it has in the environments ("390×130 pt"), or the condition of a variant.
    public var detail: String?
    public var children: [OutlineSymbol]

    /// Every range of the tree through `map` (the incremental linter's region coordinates into text offsets).
    public func mapped(_ map: (ByteRange) -> ByteRange) -> OutlineSymbol {
        OutlineSymbol(
            name: name, kind: kind, range: map(range), selection: map(selection), detail: detail,
            children: children.map { $0.mapped(map) })
    }
}

/// "W×H, W×H, W×H, … pt": the distinct sizes among `frames`, in order, at most three (each formatted once: an
/// element repeated a thousand times has a thousand frames of one size).
public func distinctSizes(_ frames: [Rect]) -> String? {
    var seen: [(Double, Double)] = []
    var sizes: [String] = []
    for f in frames where !seen.contains(where: { $0 == (f.width, f.height) }) {
        seen.append((f.width, f.height))
        let text = f.sizeDescription
        if !sizes.contains(text) { sizes.append(text) }
        if sizes.count > 3 { break }
    }
    guard !sizes.isEmpty else { return nil }
    return sizes.prefix(3).joined(separator: ", ") + (sizes.count > 3 ? ", …" : "") + " pt"
}

/// The outline of one section. `frames` gives every frame an element (or supplementary item) has, in every
/// environment; `sectionFrames` the section's own frames (its detail when it has no base group).
public func sectionOutline(_ s: Section, frames: (ObjectIdentifier) -> [Rect], sectionFrames: [Rect]) -> OutlineSymbol {
    // A variant builds its elements again (a group `$ref`'d from the section's is new objects of the same text): an
    // entry's sizes are those of every element made from its text, so iPad's size of an item that only a variant
    // places shows too.
    var sameText: [ByteRange: [ObjectIdentifier]] = [:]
    func collect(_ e: LayoutElement) {
        sameText[e.range, default: []].append(ObjectIdentifier(e))
        for c in e.group?.layout.children ?? [] { collect(c) }
        for sup in e.supplementaryItems { sameText[sup.range, default: []].append(ObjectIdentifier(sup)) }
    }
    for v in s.variants { if let g = v.spec.group { collect(g) } }
    func detail(_ o: AnyObject) -> String? {
        var all = frames(ObjectIdentifier(o))
        let range: ByteRange? = (o as? LayoutElement)?.range ?? (o as? SupplementaryItem)?.range
        if let range { for id in sameText[range] ?? [] where id != ObjectIdentifier(o) { all += frames(id) } }
        return distinctSizes(all)
    }
    func element(_ e: LayoutElement, name: String) -> OutlineSymbol {
        var children: [OutlineSymbol] = []
        if let g = e.group {
            for (i, c) in g.layout.children.enumerated()
            where c.range.start >= e.range.start && c.range.end <= e.range.end {
                let childName: String
                switch g.layout {
                case .subitems: childName = "\(c.kindName) \(i)"
                case .count(_, let n): childName = "\(c.kindName) ×\(n)"
                case .repeating(_, let n): childName = "\(c.kindName) ×\(n) (repeating)"
                default: childName = c.kindName
                }
                children.append(element(c, name: childName))
            }
        }
        for (i, sup) in e.supplementaryItems.enumerated()
        where sup.range.start >= e.range.start && sup.range.end <= e.range.end {
            children.append(
                OutlineSymbol(
                    name: sup.elementKind ?? "supplementary \(i)", kind: .supplementary, range: sup.range,
                    selection: ByteRange(sup.range.start, sup.range.start + 1), detail: detail(sup), children: []))
        }
        var label = name
        if let g = e.group { label += " (\(g.direction.rawValue))" }
        if let t = e.refTarget {
            label +=
                " → \(splitOnSlash(Substring(t), omittingEmpty: false).last.map { unescapePointer(String($0)) } ?? t)"
        }
        return OutlineSymbol(
            name: label, kind: e.isGroup ? .group : .item, range: e.range,
            selection: ByteRange(e.range.start, min(e.range.end, e.range.start + 1)), detail: detail(e),
            children: children)
    }
    var children: [OutlineSymbol] = []
    if let g = s.base.group, g.range.start >= s.range.start, g.range.end <= s.range.end {
        children.append(element(g, name: "group"))
    }
    for b in s.base.boundarySupplementaryItems where b.range.start >= s.range.start && b.range.end <= s.range.end {
        children.append(
            OutlineSymbol(
                name: b.elementKind ?? "boundary item", kind: .supplementary, range: b.range,
                selection: ByteRange(b.range.start, b.range.start + 1), detail: detail(b), children: []))
    }
    for (i, v) in s.variants.enumerated() where v.range.start >= s.range.start && v.range.end <= s.range.end {
        var vc: [OutlineSymbol] = []
        if let g = v.spec.group, g.range.start >= v.range.start, g.range.end <= v.range.end {
            vc.append(element(g, name: "group"))
        }
        var cond: [String] = []
        if let x = v.when.minWidth { cond.append("minWidth \(formatPoints(x))") }
        if let x = v.when.maxWidth { cond.append("maxWidth \(formatPoints(x))") }
        if let x = v.when.horizontalSizeClass { cond.append("\(x.rawValue) width") }
        if let x = v.when.verticalSizeClass { cond.append("\(x.rawValue) height") }
        if let x = v.when.environment { cond.append(x) }
        children.append(
            OutlineSymbol(
                name: "variant \(i)", kind: .variant, range: v.range,
                selection: ByteRange(v.range.start, v.range.start + 1),
                detail: cond.isEmpty ? nil : cond.joined(separator: ", "), children: vc))
    }
    let nameSel = s.base.props["name"]?.valueRange ?? ByteRange(s.range.start, s.range.start + 1)
    return OutlineSymbol(
        name: s.name, kind: .section, range: s.range, selection: nameSel,
        detail: detail(s.base) ?? distinctSizes(sectionFrames), children: children)
}

/// The "definitions" entry of the outline (nil without definitions): `property` is the root's "definitions" member.
public func definitionsOutline(
    _ definitions: [(name: String, keyRange: ByteRange, range: ByteRange)], property: JSONProperty
) -> OutlineSymbol? {
    guard !definitions.isEmpty, let node = property.value else { return nil }
    return OutlineSymbol(
        name: "definitions", kind: .definitions, range: property.range.union(node.range), selection: property.keyRange,
        detail: nil,
        children: definitions.map { d in
            OutlineSymbol(
                name: d.name, kind: .definition, range: ByteRange(d.keyRange.start, d.range.end), selection: d.keyRange,
                detail: nil, children: [])
        })
}

/// The outline of a whole lint result (what the incremental linter assembles from its sections).
public func documentOutline(_ result: LintResult) -> [OutlineSymbol] {
    guard let root = result.parse.root else { return [] }
    let indexes = result.layouts.map { ResolvedIndex($0) }
    var sectionFrames: [ObjectIdentifier: [Rect]] = [:]
    for l in result.layouts {
        for rs in l.sections { sectionFrames[ObjectIdentifier(rs.section), default: []].append(rs.frame) }
    }
    var out: [OutlineSymbol] = []
    if let p = root.property("definitions"), let d = definitionsOutline(result.document.definitions, property: p) {
        out.append(d)
    }
    for s in result.document.sections {
        out.append(
            sectionOutline(
                s, frames: { id in indexes.flatMap { $0.frames[id] ?? [] } },
                sectionFrames: sectionFrames[ObjectIdentifier(s)] ?? []))
    }
    return out
}

// MARK: sizes of dimensions (inlay hints)

/// Every size computed for one dimension's text: in every environment and placement, and whether any is an estimate.
public struct DimensionSizes: Sendable, Equatable {
    /// As shown: an item's, supplementary's or decoration's pixel-rounded size, a group's layout size
    /// (docs/semantics.md#pixel-rounding).
    public var values: [Double] = []
    /// The exact layout sizes, in the order of `values`.
    public var exactValues: [Double] = []
    public var estimated = false
    public init() {}
    mutating func merge(_ o: DimensionSizes) {
        values += o.values
        exactValues += o.exactValues
        estimated = estimated || o.estimated
    }
}

/// The sizes of each `width` and `height` written among `objects`, by the range of the value's text (a definition's
/// value collects the sizes of every element made from it). `wanted`: only values that touch this range.
public func dimensionSizes(_ objects: [ModelObject], indexes: [ResolvedIndex], wanted: ByteRange? = nil) -> [ByteRange:
    DimensionSizes]
{
    var sizes: [ByteRange: DimensionSizes] = [:]
    for o in objects {
        if case .section = o { continue }
        for axis in ["width", "height"] {
            guard let site = o.props[axis] else { continue }
            if let wanted, !wanted.meets(site.valueRange) { continue }
            // (Supplementary and boundary items size themselves too: a header's estimated(44) is ≈ 44, not = 44.)
            let estimatedDim = o.dimension(axis)?.isEstimated ?? false
            for idx in indexes {
                if case .element(let e) = o {
                    for n in idx.nodes[ObjectIdentifier(e)] ?? [] {
                        let v = axis == "width" ? n.frame.width : n.frame.height
                        sizes[site.valueRange, default: DimensionSizes()].values.append(
                            n.kind == .item ? idx.pixelRounded(v) : v)
                        sizes[site.valueRange]!.exactValues.append(v)
                        if (axis == "width" ? n.estimatedWidth : n.estimatedHeight) || estimatedDim {
                            sizes[site.valueRange]!.estimated = true
                        }
                    }
                } else {
                    for f in idx.frames[o.identity] ?? [] {
                        let v = axis == "width" ? f.width : f.height
                        sizes[site.valueRange, default: DimensionSizes()].values.append(idx.pixelRounded(v))
                        sizes[site.valueRange]!.exactValues.append(v)
                        if estimatedDim { sizes[site.valueRange]!.estimated = true }
                    }
                }
            }
        }
    }
    return sizes
}
