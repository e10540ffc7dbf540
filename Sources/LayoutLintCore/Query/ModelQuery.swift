// Queries on the document model and the resolved layouts, for editors: which element (and which of its
// properties) the cursor is on, and what the resolver computed for it in each environment.

/// Anything of the model that has a range and properties.
public enum ModelObject: @unchecked Sendable {
    case element(LayoutElement)
    case section(Section, SectionSpec, variant: Int?)
    case boundary(BoundaryItem)
    case supplementary(SupplementaryItem)
    case decoration(DecorationItem)

    public var range: ByteRange {
        switch self {
        case .element(let e): return e.range
        // A variant's spec is its section's keys and its own, read as one: its own text is the variant object.
        case .section(_, let s, _): return variant?.range ?? s.range
        case .boundary(let b): return b.range
        case .supplementary(let s): return s.range
        case .decoration(let d): return d.range
        }
    }
    public var path: String {
        switch self {
        case .element(let e): return e.path
        case .section(_, let s, _): return variant?.path ?? s.path
        case .boundary(let b): return b.path
        case .supplementary(let s): return s.path
        case .decoration(let d): return d.path
        }
    }
    public var props: [String: PropertySite] {
        switch self {
        case .element(let e): return e.props
        case .section(_, let s, _): return s.props
        case .boundary(let b): return b.props
        case .supplementary(let s): return s.props
        case .decoration(let d): return d.props
        }
    }
    public var identity: ObjectIdentifier {
        switch self {
        case .element(let e): return ObjectIdentifier(e)
        case .section(_, let s, _): return ObjectIdentifier(s)
        case .boundary(let b): return ObjectIdentifier(b)
        case .supplementary(let s): return ObjectIdentifier(s)
        case .decoration(let d): return ObjectIdentifier(d)
        }
    }
    /// The variant this object is (a `.section` with a variant index), nil for anything else.
    public var variant: Variant? {
        guard case .section(let sec, _, let v?) = self, sec.variants.indices.contains(v) else { return nil }
        return sec.variants[v]
    }
    /// The dimension written for `axis` ("width" or "height") of an element, supplementary or boundary item.
    public func dimension(_ axis: String) -> Dimension? {
        switch self {
        case .element(let e): return axis == "width" ? e.width : e.height
        case .supplementary(let s): return axis == "width" ? s.width : s.height
        case .boundary(let b): return axis == "width" ? b.width : b.height
        case .section, .decoration: return nil
        }
    }
    public var kindName: String {
        switch self {
        case .element(let e): return e.kindName
        case .section(_, _, let variant): return variant == nil ? "section" : "variant"
        case .boundary(let b): return b.elementKind ?? "boundary supplementary item"
        case .supplementary(let s): return s.elementKind ?? "supplementary item"
        case .decoration(let d): return d.elementKind ?? "decoration item"
        }
    }
}

/// Every model object of a document, in document order (each once).
public struct ModelIndex: @unchecked Sendable {
    public private(set) var objects: [ModelObject] = []
    private var seen = Set<ObjectIdentifier>()

    public init(_ doc: LayoutDocument, maxObjects: Int = 200_000) {
        for b in doc.configuration.boundarySupplementaryItems { add(.boundary(b)) }
        for s in doc.sections {
            addSpec(s, s.base, variant: nil, max: maxObjects)
            for (i, v) in s.variants.enumerated() { addSpec(s, v.spec, variant: i, max: maxObjects) }
        }
    }

    private mutating func add(_ o: ModelObject) {
        guard seen.insert(o.identity).inserted else { return }
        objects.append(o)
    }

    private mutating func addSpec(_ s: Section, _ spec: SectionSpec, variant: Int?, max: Int) {
        add(.section(s, spec, variant: variant))
        for b in spec.boundarySupplementaryItems { add(.boundary(b)) }
        for d in spec.decorationItems { add(.decoration(d)) }
        if let g = spec.group { addElement(g, max: max) }
    }

    private mutating func addElement(_ root: LayoutElement, max: Int) {
        var stack = [root]
        while let e = stack.popLast() {
            guard objects.count < max else { return }
            guard !seen.contains(ObjectIdentifier(e)) else { continue }
            add(.element(e))
            for s in e.supplementaryItems { add(.supplementary(s)) }
            if let g = e.group { stack.append(contentsOf: g.layout.children.reversed()) }
        }
    }

    /// The objects the offset is on, most specific first: the smallest property text (key to value) or object
    /// text holding the offset. Several objects share a hit when they come from the same text (a `$ref`'d
    /// definition used twice, a section's keys shared by its variants).
    public func hits(at offset: Int) -> (objects: [ModelObject], property: String?, range: ByteRange)? {
        var best: (objects: [ModelObject], property: String?, range: ByteRange)?
        func consider(_ o: ModelObject, _ prop: String?, _ r: ByteRange) {
            guard r.touches(offset) else { return }
            if let b = best {
                if r.length < b.range.length || (r.length == b.range.length && b.property == nil && prop != nil) {
                    best = ([o], prop, r)
                } else if r == b.range && prop == b.property {
                    best!.objects.append(o)
                }
            } else {
                best = ([o], prop, r)
            }
        }
        for o in objects {
            guard o.range.touches(offset) || !o.props.isEmpty else { continue }
            var onProp = false
            // A variant's keys it takes from its section (their text is the section's, which the section's object
            // covers) do not hide the variant's own text: hovering its `when` is the variant, in the environments
            // it is for (it was the section's `variants`, in the environments of no variant).
            let variantRange = o.variant?.range
            for (k, site) in o.props where site.range.touches(offset) {
                if let vr = variantRange, !(vr.start <= site.range.start && site.range.end <= vr.end) { continue }
                // A property whose value is an element (group, subitems) is only a hit when no element inside is.
                consider(o, k, site.range)
                onProp = true
            }
            if !onProp && o.range.touches(offset) { consider(o, nil, o.range) }
        }
        return best
    }
}

/// Resolved placements by model object, for one environment.
public struct ResolvedIndex: @unchecked Sendable {
    public var nodes: [ObjectIdentifier: [ResolvedNode]] = [:]
    public var sections: [ObjectIdentifier: [ResolvedSection]] = [:]
    public var frames: [ObjectIdentifier: [Rect]] = [:]
    /// The environment's display scale.
    public var scale: Double

    /// A size as an emitted frame has it (Stage B of docs/semantics.md#pixel-rounding).
    public func pixelRounded(_ v: Double) -> Double {
        Rect(x: 0, y: 0, width: v, height: 0).pixelRounded(scale: scale).width
    }

    public init(_ layout: ResolvedLayout, maxNodes: Int = 500_000) {
        scale = layout.environment.scale
        var count = 0
        for b in layout.boundaryItems { frames[ObjectIdentifier(b.item), default: []].append(b.frame) }
        for s in layout.sections {
            if let spec = s.spec { sections[ObjectIdentifier(spec), default: []].append(s) }
            for b in s.boundaryItems { frames[ObjectIdentifier(b.item), default: []].append(b.frame) }
            for d in s.decorations { frames[ObjectIdentifier(d.item), default: []].append(d.frame) }
            guard let g = s.group else { continue }
            var stack = [g]
            while let n = stack.popLast() {
                count += 1
                if count > maxNodes { return }
                if let e = n.element {
                    nodes[ObjectIdentifier(e), default: []].append(n)
                    frames[ObjectIdentifier(e), default: []].append(n.frame)
                }
                for sup in n.supplementaries { frames[ObjectIdentifier(sup.item), default: []].append(sup.frame) }
                stack.append(contentsOf: n.children.reversed())
            }
        }
    }
}

/// What the layout's `configuration` gives in one environment, for a hover on its keys: the insets its
/// `contentInsetsReference` takes across the scroll axis (left and right of a vertical layout, top and bottom of a
/// horizontal one: docs/semantics.md#layout-container), the extent across it that they leave the sections, and the
/// layout's content size (the sections and `interSectionSpacing` between them, and the layout's own boundary items).
public struct ConfigurationEffect: Sendable, Equatable {
    public var environment: String
    public var leadingInset: Double
    public var trailingInset: Double
    public var sectionsAcross: Double
    public var contentWidth: Double
    public var contentHeight: Double
    /// Resolution stopped at the node budget: the content size counts the sections before that point only.
    public var truncated: Bool
    /// Sections that were not resolved (errors, or no variant for the environment): they count 0 pt.
    public var unresolvedSections: Int
}

/// The configuration's effect in every resolved environment, in the layouts' order.
public func configurationEffects(_ configuration: LayoutConfiguration, layouts: [ResolvedLayout])
    -> [ConfigurationEffect]
{
    layouts.map { layout in
        let env = layout.environment
        let r = referenceInsets(configuration.contentInsetsReference, env: env)
        let vertical = configuration.scrollDirection == .vertical
        let (lead, trail) = vertical ? (r.left, r.right) : (r.top, r.bottom)
        return ConfigurationEffect(
            environment: env.name, leadingInset: lead, trailingInset: trail,
            sectionsAcross: (vertical ? env.width : env.height) - lead - trail,
            contentWidth: layout.contentSize.width, contentHeight: layout.contentSize.height,
            truncated: layout.truncated, unresolvedSections: layout.sections.filter { $0.group == nil }.count)
    }
}
