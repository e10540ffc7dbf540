// The layout model written back as a spec document (docs/format.md), formatted as the examples are: two-space
// indent, short objects on one line, dimensions and spacings as their Swift-like strings, insets as one number when
// all four edges are equal, else an object of the edges that are not 0. A front end that builds the model from
// something else (the Swift reader) uses it to hand the user a document; `mergeEnvironmentDocuments` first folds
// per-environment models into one document with variants.

/// A piece of the model the writer is about to write, for comments before it.
public enum SpecPiece {
    case section(SectionSpec)
    case variant(Variant)
    case element(LayoutElement)
    case boundary(BoundaryItem)
    case supplementary(SupplementaryItem)
    case decoration(DecorationItem)
}

public struct SpecWriterOptions {
    /// Comment lines at the head of the document (without `//`).
    public var header: [String] = []
    /// Comment lines (without `//`) to write before a piece, given the JSON pointer it is written at.
    public var comment: ((SpecPiece, String) -> [String])?
    /// The document's `$schema`, if any.
    public var schema: String?
    /// The `environments` to write (default: the document's, when it declared them).
    public var environments: [LayoutEnvironment]?
    public init() {}
}

/// The document as spec text. Sections are written with their variants; `$ref`s are written out (the model holds
/// them followed); `itemCount` is written where the model has one.
public func specDocumentText(_ doc: LayoutDocument, options: SpecWriterOptions = SpecWriterOptions()) -> String {
    let w = SpecTree(options: options)
    var out = ""
    for line in options.header { out += commentLine(line, indent: "") }
    var members: [SpecTree.Member] = []
    if let s = options.schema { members.append(.init("$schema", .string(s))) }
    let environments = options.environments ?? (doc.environmentsDeclared ? doc.environments.map(\.environment) : [])
    if !environments.isEmpty {
        members.append(.init("environments", .array(environments.map { .init(w.environment($0)) })))
    }
    let config = w.configuration(doc.configuration)
    if case .object(let m) = config, !m.isEmpty { members.append(.init("configuration", config)) }
    members.append(.init("sections", .array(doc.sections.enumerated().map { k, s in w.sectionEntry(s, index: k) })))
    out += SpecTree.render(.object(members), indent: "") + "\n"
    return out
}

/// `// text` lines: one per line of text, words wrapped at the writer's line limit (a list item's continuation lines
/// indented under its text).
func commentLine(_ text: String, indent: String) -> String {
    var out = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let hang = line.hasPrefix("- ") ? "  " : ""
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            if !current.isEmpty, indent.count + 3 + current.count + 1 + word.count > SpecTree.lineLimit {
                out += indent + ("// " + current).trimmingTrailingSpaces() + "\n"
                current = hang + word
            } else {
                current += (current.isEmpty ? "" : " ") + word
            }
        }
        out += indent + ("// " + current).trimmingTrailingSpaces() + "\n"
    }
    return out
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

/// A number as the spec writes it: JSON's shortest round-trip form.
public func specNumber(_ v: Double) -> String { jsonNumberText(v) }

/// A fraction as the spec writes it inside `fractionalWidth(…)`: a short decimal (`0.5`, `0.25`), else `a/b` when
/// the value is exactly that quotient (`1/3`), else the shortest decimal that reads back as the same number.
public func specFraction(_ v: Double) -> String {
    let decimal = jsonNumberText(v)
    if decimal.count <= 5 { return decimal }
    for b in 2...64 {
        let a = (v * Double(b)).rounded()
        if a != 0, abs(a) < 1e6, a / Double(b) == v { return "\(Int64(a))/\(b)" }
    }
    return decimal
}

/// `fractionalWidth(1/3)`, `absolute(44)`, `uniformAcrossSiblings(estimate: 44)`.
/// A dimension only the running app knows is written as its Swift reads (`absolute(BannerView.width)`): no number
/// stands in for it, so linting the imported file reports the value to fill in, where it is.
public func specDimension(_ d: Dimension) -> String {
    if d.unknown != nil { return String(d.swiftDescription.drop { $0 == "." }) }
    switch d.kind {
    case .fractionalWidth, .fractionalHeight: return "\(d.kind.rawValue)(\(specFraction(d.value)))"
    case .uniformAcrossSiblings: return "uniformAcrossSiblings(estimate: \(specNumber(d.value)))"
    case .absolute, .estimated:
        return "\(d.kind.rawValue)(\(d.formula.map { $0.text() } ?? specNumber(d.value)))"
    }
}

public func specSpacing(_ s: Spacing) -> String { "\(s.isFlexible ? "flexible" : "fixed")(\(specNumber(s.value)))" }

/// A JSON value with comments, and the writer's formatting.
struct SpecTree {
    indirect enum Node: Equatable {
        case raw(String)
        case array([Element])
        case object([Member])
        static func string(_ s: String) -> Node { .raw(jsonQuoted(s)) }
        static func number(_ v: Double) -> Node { .raw(specNumber(v)) }
        static func bool(_ b: Bool) -> Node { .raw(b ? "true" : "false") }
    }
    struct Member: Equatable {
        var key: String
        var value: Node
        var comments: [String] = []
        init(_ key: String, _ value: Node, comments: [String] = []) {
            self.key = key; self.value = value; self.comments = comments
        }
    }
    struct Element: Equatable {
        var value: Node
        var comments: [String] = []
        init(_ value: Node, comments: [String] = []) { self.value = value; self.comments = comments }
    }

    let options: SpecWriterOptions
    /// Without comments: for comparing what two pieces would write.
    var plain: SpecTree { var o = options; o.comment = nil; return SpecTree(options: o) }

    func comments(_ piece: SpecPiece, _ path: String) -> [String] { options.comment?(piece, path) ?? [] }

    // MARK: rendering

    static let lineLimit = 110

    /// The node on one line, when it has no comments and is small: scalars, arrays of scalars, objects of at most
    /// three members (four numbers) whose values are scalars or such small arrays and objects.
    static func inline(_ n: Node, depth: Int = 0) -> String? {
        switch n {
        case .raw(let s): return s
        case .array(let items):
            if items.isEmpty { return "[]" }
            guard depth < 2, items.allSatisfy({ $0.comments.isEmpty }) else { return nil }
            let allScalar = items.allSatisfy { if case .raw = $0.value { return true } else { return false } }
            // An array of objects or arrays is inline only when it holds one of them (`"subitems": [{ … }]`).
            guard allScalar || items.count == 1 else { return nil }
            var parts: [String] = []
            for i in items { guard let s = inline(i.value, depth: depth + 1) else { return nil }; parts.append(s) }
            return "[" + parts.joined(separator: ", ") + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            // (Insets, all numbers, are inline with their four edges, as the examples write them.)
            let numbers = members.allSatisfy {
                if case .raw(let r) = $0.value { return r.first != "\"" } else { return false }
            }
            guard depth < 2, members.count <= 3 || (numbers && members.count <= 4),
                members.allSatisfy({ $0.comments.isEmpty })
            else { return nil }
            var parts: [String] = []
            for m in members {
                guard let s = inline(m.value, depth: depth + 1) else { return nil };
                parts.append(jsonQuoted(m.key) + ": " + s)
            }
            return "{ " + parts.joined(separator: ", ") + " }"
        }
    }

    static func render(_ n: Node, indent: String, prefixWidth: Int = 0) -> String {
        if let s = inline(n), indent.count + prefixWidth + s.count <= lineLimit { return s }
        let inner = indent + "  "
        switch n {
        case .raw(let s): return s
        case .array(let items):
            // Arrays of numbers (a frame, an offset) that are too long still go on one line each.
            var out = "[\n"
            for (i, item) in items.enumerated() {
                for c in item.comments { out += commentLine(c, indent: inner) }
                out += inner + render(item.value, indent: inner) + (i < items.count - 1 ? "," : "") + "\n"
            }
            return out + indent + "]"
        case .object(let members):
            var out = "{\n"
            for (i, m) in members.enumerated() {
                for c in m.comments { out += commentLine(c, indent: inner) }
                let key = jsonQuoted(m.key) + ": "
                out +=
                    inner + key + render(m.value, indent: inner, prefixWidth: key.count)
                    + (i < members.count - 1 ? "," : "") + "\n"
            }
            return out + indent + "}"
        }
    }

    // MARK: model → nodes

    func environment(_ e: LayoutEnvironment) -> Node {
        if let p = LayoutEnvironment.preset(named: e.name), p == e { return .string(e.name) }
        var m: [Member] = [
            .init("name", .string(e.name)), .init("width", .number(e.width)), .init("height", .number(e.height)),
            .init("scale", .number(e.scale)), .init("horizontalSizeClass", .string(e.horizontalSizeClass.rawValue)),
            .init("verticalSizeClass", .string(e.verticalSizeClass.rawValue)),
        ]
        func edges(_ i: EdgeInsets) -> Node {
            insets(
                Insets(top: i.top, leading: i.left, bottom: i.bottom, trailing: i.right, range: ByteRange(0, 0)),
                objectOnly: true)
        }
        if e.safeAreaInsets != .zero { m.append(.init("safeAreaInsets", edges(e.safeAreaInsets))) }
        m.append(.init("layoutMargins", edges(e.layoutMargins)))
        m.append(.init("readableContentWidth", .number(e.readableContentWidth)))
        return .object(m)
    }

    func insets(_ i: Insets, objectOnly: Bool = false) -> Node {
        if !objectOnly, i.top == i.leading, i.top == i.bottom, i.top == i.trailing { return .number(i.top) }
        var m: [Member] = []
        for e in Insets.Edge.allCases where i[e] != 0 { m.append(.init(e.rawValue, .number(i[e]))) }
        return .object(m)
    }

    func edgeSpacing(_ es: EdgeSpacing) -> Node? {
        var m: [Member] = []
        for (k, s) in [("leading", es.leading), ("top", es.top), ("trailing", es.trailing), ("bottom", es.bottom)] {
            if let s { m.append(.init(k, .string(specSpacing(s)))) }
        }
        return m.isEmpty ? nil : .object(m)
    }

    func configuration(_ c: LayoutConfiguration) -> Node {
        var m: [Member] = []
        if c.scrollDirection == .horizontal { m.append(.init("scrollDirection", .string("horizontal"))) }
        if c.interSectionSpacing != 0 { m.append(.init("interSectionSpacing", .number(c.interSectionSpacing))) }
        if c.contentInsetsReference != .safeArea && c.contentInsetsReference != .automatic {
            m.append(.init("contentInsetsReference", .string(c.contentInsetsReference.rawValue)))
        }
        if !c.boundarySupplementaryItems.isEmpty {
            m.append(
                .init(
                    "boundarySupplementaryItems",
                    .array(
                        c.boundarySupplementaryItems.enumerated().map { i, b in
                            let p = "/configuration/boundarySupplementaryItems/\(i)"
                            return Element(boundary(b), comments: comments(.boundary(b), p))
                        })))
        }
        return .object(m)
    }

    func sectionEntry(_ s: Section, index k: Int) -> Element {
        let path = "/sections/\(k)"
        // A piece's comments are asked for before its children's (a comment may depend on its parent's).
        let own = comments(.section(s.base), path)
        var members = sectionMembers(s.base, path: path, withGroup: s.hasOwnKeys)
        if !s.variants.isEmpty {
            let base = plain.sectionMembers(s.base, path: path, withGroup: s.hasOwnKeys)
            members.append(
                .init(
                    "variants",
                    .array(
                        s.variants.enumerated().map { i, v in
                            let vp = path + "/variants/\(i)"
                            let c = comments(.variant(v), vp)
                            return Element(
                                .object(
                                    [.init("when", condition(v.when))]
                                        + variantMembers(v.spec, over: base, path: vp, sectionPath: path)),
                                comments: c)
                        })))
        }
        return Element(.object(members), comments: own)
    }

    /// A variant's keys: those whose value differs from the section's own (a key the section has and the variant's
    /// spec does not is written with its default value). A group that differs from the section's in its own keys
    /// only is written as a `$ref` to the section's group with those keys beside it, as the examples write it.
    func variantMembers(_ spec: SectionSpec, over base: [Member], path: String, sectionPath: String) -> [Member] {
        let mine = sectionMembers(spec, path: path, withGroup: true, withDefaults: true)
        let plainMine = plain.sectionMembers(spec, path: path, withGroup: true, withDefaults: true)
        var out: [Member] = []
        for (m, p) in zip(mine, plainMine) where m.key != "name" {
            let b = base.first { $0.key == m.key }
            if let b, b.value == p.value { continue }
            if b == nil, isDefault(p) { continue }
            if m.key == "group", let b,
                let r = groupOverride(m.value, plain: p.value, over: b.value, ref: "#" + sectionPath + "/group")
            {
                out.append(Member("group", r, comments: m.comments))
                continue
            }
            out.append(m)
        }
        return out
    }

    /// `{ "$ref": ref, …the keys that differ }` when `group` has the same direction and subitem form as `base` and
    /// every key `base` has (nothing to take away, which an override cannot say).
    func groupOverride(_ group: Node, plain: Node, over base: Node, ref: String) -> Node? {
        guard case .object(let mine) = group, case .object(let p) = plain, case .object(let b) = base else {
            return nil
        }
        let forms: Set<String> = ["subitems", "subitem", "repeatingSubitem", "frames"]
        func value(_ ms: [Member], _ k: String) -> Node? { ms.first { $0.key == k }?.value }
        guard value(p, "direction") == value(b, "direction"),
            Set(p.map(\.key)).intersection(forms) == Set(b.map(\.key)).intersection(forms),
            b.allSatisfy({ m in p.contains { $0.key == m.key } })
        else { return nil }
        let changed = Set(p.filter { value(b, $0.key) != $0.value }.map(\.key))
        return .object([Member("$ref", .string(ref))] + mine.filter { changed.contains($0.key) })
    }

    func isDefault(_ m: Member) -> Bool {
        switch (m.key, m.value) {
        case ("contentInsets", .raw("0")), ("interGroupSpacing", .raw("0")),
            ("orthogonalScrollingBehavior", .raw("\"none\"")),
            ("contentInsetsReference", .raw("\"automatic\"")),
            ("supplementaryContentInsetsReference", .raw("\"automatic\"")),
            ("boundarySupplementaryItems", .array([])), ("decorationItems", .array([])):
            return true
        default: return false
        }
    }

    func condition(_ c: VariantCondition) -> Node {
        var m: [Member] = []
        if let x = c.minWidth { m.append(.init("minWidth", .number(x))) }
        if let x = c.maxWidth { m.append(.init("maxWidth", .number(x))) }
        if let x = c.horizontalSizeClass { m.append(.init("horizontalSizeClass", .string(x.rawValue))) }
        if let x = c.verticalSizeClass { m.append(.init("verticalSizeClass", .string(x.rawValue))) }
        if let x = c.environment { m.append(.init("environment", .string(x))) }
        return .object(m)
    }

    /// The section's keys in the examples' order; `withDefaults` writes every key (for comparing with variants).
    func sectionMembers(_ s: SectionSpec, path: String, withGroup: Bool, withDefaults: Bool = false) -> [Member] {
        var m: [Member] = []
        if let n = s.name { m.append(.init("name", .string(n))) }
        if let c = s.itemCount { m.append(.init("itemCount", .number(Double(c)))) }
        // (One only the running app knows is written as its Swift reads, as an unknown dimension is: the value to
        // fill in, reported where it is.)
        if let u = s.unknownSettings[.orthogonalScrollingBehavior] {
            m.append(.init("orthogonalScrollingBehavior", .string(u.what)))
        } else if withDefaults || s.orthogonalScrollingBehavior != .none {
            m.append(.init("orthogonalScrollingBehavior", .string(s.orthogonalScrollingBehavior.rawValue)))
        }
        if withDefaults || s.interGroupSpacing != 0 {
            m.append(.init("interGroupSpacing", .number(s.interGroupSpacing)))
        }
        if let i = s.contentInsets, !i.isZero {
            m.append(.init("contentInsets", insets(i)))
        } else if withDefaults {
            m.append(.init("contentInsets", .number(0)))
        }
        if let u = s.unknownSettings[.contentInsetsReference] {
            m.append(.init("contentInsetsReference", .string(u.what)))
        } else if withDefaults || s.contentInsetsReference != .automatic {
            m.append(.init("contentInsetsReference", .string(s.contentInsetsReference.rawValue)))
        }
        if withDefaults || s.supplementaryContentInsetsReference != .automatic {
            m.append(
                .init("supplementaryContentInsetsReference", .string(s.supplementaryContentInsetsReference.rawValue)))
        }
        if let u = s.unknownSettings[.boundarySupplementaryItems] {
            m.append(.init("boundarySupplementaryItems", .string(u.what)))
        } else if withDefaults || !s.boundarySupplementaryItems.isEmpty {
            m.append(
                .init(
                    "boundarySupplementaryItems",
                    .array(
                        s.boundarySupplementaryItems.enumerated().map { i, b in
                            let p = path + "/boundarySupplementaryItems/\(i)"
                            return Element(boundary(b), comments: comments(.boundary(b), p))
                        })))
        }
        if withDefaults || !s.decorationItems.isEmpty {
            m.append(
                .init(
                    "decorationItems",
                    .array(
                        s.decorationItems.enumerated().map { i, d in
                            let p = path + "/decorationItems/\(i)"
                            return Element(decoration(d), comments: comments(.decoration(d), p))
                        })))
        }
        if withGroup, let g = s.group {
            let c = comments(.element(g), path + "/group")
            m.append(.init("group", element(g, path: path + "/group"), comments: c))
        }
        return m
    }

    func element(_ e: LayoutElement, path: String) -> Node {
        var m: [Member] = []
        if let g = e.group { m.append(.init("direction", .string(g.direction.rawValue))) }
        if let w = e.width { m.append(.init("width", .string(specDimension(w)))) }
        if let h = e.height { m.append(.init("height", .string(specDimension(h)))) }
        if let i = e.contentInsets, !i.isZero { m.append(.init("contentInsets", insets(i))) }
        if let es = e.edgeSpacing, let n = edgeSpacing(es) { m.append(.init("edgeSpacing", n)) }
        if let g = e.group {
            if let s = g.interItemSpacing { m.append(.init("interItemSpacing", .string(specSpacing(s)))) }
            func child(_ c: LayoutElement, _ p: String) -> Element {
                let cm = comments(.element(c), p)
                return Element(element(c, path: p), comments: cm)
            }
            // (A count only the running app knows is written as its Swift reads, as an unknown dimension is.)
            func count(_ n: Int) -> Node { g.unknownSubitems.map { .string($0.what) } ?? .number(Double(n)) }
            switch g.layout {
            case .subitems(let items):
                // (Subitems only the running app knows, each kind once: written as their Swift reads.)
                let written: Node =
                    g.unknownSubitems.map { .string($0.what) }
                    ?? .array(items.enumerated().map { i, c in child(c, path + "/subitems/\(i)") })
                m.append(.init("subitems", written))
            case .count(let c, let n):
                let p = path + "/subitem"
                let cm = comments(.element(c), p)
                m.append(.init("subitem", element(c, path: p), comments: cm))
                m.append(.init("count", count(n)))
            case .repeating(let c, let n):
                let p = path + "/repeatingSubitem"
                let cm = comments(.element(c), p)
                m.append(.init("repeatingSubitem", element(c, path: p), comments: cm))
                m.append(.init("count", count(n)))
            case .frames(let frames):
                let written: Node =
                    g.unknownSubitems.map { .string($0.what) }
                    ?? .array(
                        frames.map { f in Element(.array([f.x, f.y, f.width, f.height].map { Element(.number($0)) })) })
                m.append(.init("frames", written))
            case .missing:
                break
            }
        }
        if !e.supplementaryItems.isEmpty {
            m.append(
                .init(
                    "supplementaryItems",
                    .array(
                        e.supplementaryItems.enumerated().map { i, s in
                            let p = path + "/supplementaryItems/\(i)"
                            return Element(supplementary(s), comments: comments(.supplementary(s), p))
                        })))
        }
        return .object(m)
    }

    func anchor(_ a: Anchor) -> Node {
        var m: [Member] = [.init("edges", .string(a.edges.rawValue))]
        if let f = a.fractionalOffset {
            m.append(.init("fractionalOffset", .array([Element(.number(f.x)), Element(.number(f.y))])))
        } else if a.offset != (0, 0) {
            m.append(.init("offset", .array([Element(.number(a.offset.x)), Element(.number(a.offset.y))])))
        }
        return .object(m)
    }

    func supplementary(_ s: SupplementaryItem) -> Node {
        var m: [Member] = []
        if let k = s.elementKind { m.append(.init("elementKind", .string(k))) }
        if let w = s.width { m.append(.init("width", .string(specDimension(w)))) }
        if let h = s.height { m.append(.init("height", .string(specDimension(h)))) }
        m.append(.init("containerAnchor", anchor(s.containerAnchor)))
        if let a = s.itemAnchor { m.append(.init("itemAnchor", anchor(a))) }
        if let z = s.zIndex { m.append(.init("zIndex", .number(Double(z)))) }
        return .object(m)
    }

    func boundary(_ b: BoundaryItem) -> Node {
        var m: [Member] = []
        if let k = b.elementKind { m.append(.init("elementKind", .string(k))) }
        if let w = b.width { m.append(.init("width", .string(specDimension(w)))) }
        if let h = b.height { m.append(.init("height", .string(specDimension(h)))) }
        m.append(.init("alignment", .string(b.alignment.rawValue)))
        if b.absoluteOffset != (0, 0) {
            m.append(
                .init(
                    "absoluteOffset",
                    .array([Element(.number(b.absoluteOffset.x)), Element(.number(b.absoluteOffset.y))])))
        }
        if !b.extendsBoundary { m.append(.init("extendsBoundary", .bool(false))) }
        if b.pinToVisibleBounds { m.append(.init("pinToVisibleBounds", .bool(true))) }
        if let z = b.zIndex { m.append(.init("zIndex", .number(Double(z)))) }
        return .object(m)
    }

    func decoration(_ d: DecorationItem) -> Node {
        var m: [Member] = []
        if let k = d.elementKind { m.append(.init("elementKind", .string(k))) }
        if let i = d.contentInsets, !i.isZero { m.append(.init("contentInsets", insets(i))) }
        if let z = d.zIndex { m.append(.init("zIndex", .number(Double(z)))) }
        return .object(m)
    }
}

// MARK: per-environment documents → one document with variants

/// One document made of per-environment documents: where a section differs between environments, variants whose
/// `when` (width and size-class bounds) picks each environment's keys.
public struct MergedDocument {
    public var document: LayoutDocument
    /// What the document could not say (for its header).
    public var notes: [String] = []
    /// Per section index: what its comment should say (a section that could not be told apart by conditions).
    public var sectionNotes: [Int: [String]] = [:]
    /// Per section index: the environments its own keys apply in (when it has variants).
    public var baseEnvironments: [Int: [String]] = [:]
    /// Per variant pointer (`/sections/1/variants/0`): the environments it was read in.
    public var variantEnvironments: [String: [String]] = [:]
    /// Per variant pointer: what its width bounds could also be (layoutlint saw no width in between).
    public var variantNotes: [String: [String]] = [:]
    public init(document: LayoutDocument, notes: [String] = []) { self.document = document; self.notes = notes }
}

/// Folds `documents[i]`, the model in `environments[i]`, into one document. Sections that are the same everywhere
/// are written once; a section that differs becomes the keys of one environment group plus variants for the others,
/// with `when` conditions on `effectiveContentSize.width` (`minWidth`, `maxWidth`) and the size classes that hold
/// exactly in the environments of each. Where no such conditions exist, or the environments do not agree on the
/// number of sections or on the configuration, the first environment's keys are kept and a note says so.
public func mergeEnvironmentDocuments(_ documents: [LayoutDocument], environments: [LayoutEnvironment])
    -> MergedDocument
{
    precondition(!documents.isEmpty)
    guard documents.count > 1, documents.count == environments.count else {
        return MergedDocument(document: documents[0])
    }
    let first = documents[0]
    let names = environments.map(\.name)
    let writer = SpecTree(options: SpecWriterOptions())
    let configs = documents.map { SpecTree.render(writer.configuration($0.configuration), indent: "") }
    if Set(documents.map(\.sections.count)).count > 1 {
        let counts = zip(names, documents).map { "\($0) \($1.sections.count)" }.joined(separator: ", ")
        return MergedDocument(
            document: first,
            notes: [
                "The Swift builds a different number of sections per environment (\(counts)), which variants cannot say: this is the document for \(names[0])."
            ])
    }
    var out = MergedDocument(document: LayoutDocument())
    out.document.configuration = first.configuration
    out.document.environments = first.environments
    out.document.environmentsDeclared = first.environmentsDeclared
    if Set(configs).count > 1 {
        out.notes.append(
            "The Swift's configuration differs per environment, which a document cannot say: this is \(names[0])'s configuration."
        )
    }
    let widths = environments.map { containerSizes(in: $0, configuration: first.configuration).effectiveWidth }
    for k in first.sections.indices {
        let keys = documents.map { d in
            SpecTree.render(
                .object(
                    writer.sectionMembers(d.sections[k].base, path: "", withGroup: true, withDefaults: true).filter {
                        $0.key != "name"
                    }), indent: "")
        }
        var groups: [[Int]] = []
        for e in environments.indices {
            if let g = groups.firstIndex(where: { keys[$0[0]] == keys[e] }) {
                groups[g].append(e)
            } else {
                groups.append([e])
            }
        }
        guard groups.count > 1 else { out.document.sections.append(first.sections[k]); continue }
        guard let plan = variantPlan(groups, environments: environments, widths: widths) else {
            out.document.sections.append(first.sections[k])
            let list = groups.map { g in g.map { names[$0] }.joined(separator: ", ") }.joined(separator: " | ")
            out.sectionNotes[k] = [
                "This section differs between environments (\(list)) in a way that width and size-class conditions cannot tell apart: it is the section of \(names[0])."
            ]
            continue
        }
        let own = documents[plan.base[0]].sections[k].base
        let section = Section(index: k, base: own, hasOwnKeys: true)
        out.baseEnvironments[k] = plan.base.map { names[$0] }
        for (i, v) in plan.variants.enumerated() {
            let spec = documents[v.environments[0]].sections[k].base
            section.variants.append(
                Variant(when: v.condition, spec: spec, path: "/sections/\(k)/variants/\(i)", range: spec.range))
            out.variantEnvironments["/sections/\(k)/variants/\(i)"] = v.environments.map { names[$0] }
            out.variantNotes["/sections/\(k)/variants/\(i)"] = v.notes
        }
        out.document.sections.append(section)
    }
    return out
}

/// Which group of environments keeps the section's own keys and, in order, the condition of each other group's
/// variant: each `when` holds in all of its group and in none of the environments left after the variants before it.
func variantPlan(_ groups: [[Int]], environments: [LayoutEnvironment], widths: [Double])
    -> (base: [Int], variants: [(environments: [Int], condition: VariantCondition, notes: [String])])?
{
    // The largest group first as the section's own keys (its conditions are often the hardest to write).
    let baseOrder = groups.indices.sorted {
        groups[$0].count != groups[$1].count ? groups[$0].count > groups[$1].count : $0 < $1
    }
    for b in baseOrder {
        let others = groups.indices.filter { $0 != b }
        var tried = 0
        var found: [(environments: [Int], condition: VariantCondition, notes: [String])]?
        permutations(others) { order in
            tried += 1
            if tried > 720 { return true }
            var remaining = Set(environments.indices)
            var plan: [(environments: [Int], condition: VariantCondition, notes: [String])] = []
            for g in order {
                guard
                    let c = separatingCondition(
                        groups[g], remaining: remaining, environments: environments, widths: widths)
                else { return false }
                plan.append((groups[g], c, widthBoundNotes(c, group: groups[g], remaining: remaining, widths: widths)))
                remaining.subtract(groups[g])
            }
            found = plan
            return true
        }
        if let found { return (groups[b], found) }
    }
    return nil
}

/// Calls `body` with each ordering of `items` until it returns true.
func permutations(_ items: [Int], _ body: ([Int]) -> Bool) {
    var stop = false
    func go(_ prefix: [Int], _ rest: [Int]) {
        if stop { return }
        if rest.isEmpty { stop = body(prefix); return }
        for (i, x) in rest.enumerated() {
            var r = rest
            r.remove(at: i)
            go(prefix + [x], r)
            if stop { return }
        }
    }
    go([], items)
}

/// How far a width bound could move and still tell the same environments apart: the Swift's own bound lies
/// somewhere in that gap, which no environment read falls in.
func widthBoundNotes(_ c: VariantCondition, group: [Int], remaining: Set<Int>, widths: [Double]) -> [String] {
    let others = remaining.subtracting(group).map { widths[$0] }
    var notes: [String] = []
    if let lo = c.minWidth, let below = others.filter({ $0 < lo }).max() {
        notes.append(
            "minWidth \(specNumber(lo)) could be any width above \(specNumber(below)) up to \(specNumber(lo)): layoutlint read no environment in between."
        )
    }
    if let hi = c.maxWidth, let above = others.filter({ $0 > hi }).min() {
        notes.append(
            "maxWidth \(specNumber(hi)) could be any width from \(specNumber(hi)) up to below \(specNumber(above)): layoutlint read no environment in between."
        )
    }
    return notes
}

/// The simplest `when` that holds in every environment of `group` and in no other environment of `remaining`.
func separatingCondition(_ group: [Int], remaining: Set<Int>, environments: [LayoutEnvironment], widths: [Double])
    -> VariantCondition?
{
    let lo = group.map { widths[$0] }.min()!, hi = group.map { widths[$0] }.max()!
    let h = Set(group.map { environments[$0].horizontalSizeClass }),
        v = Set(group.map { environments[$0].verticalSizeClass })
    let hc = h.count == 1 ? h.first : nil, vc = v.count == 1 ? v.first : nil
    var candidates: [VariantCondition] = []
    func add(min: Bool = false, max: Bool = false, hs: Bool = false, vs: Bool = false) {
        if (hs && hc == nil) || (vs && vc == nil) { return }
        candidates.append(
            VariantCondition(
                minWidth: min ? lo : nil, maxWidth: max ? hi : nil, horizontalSizeClass: hs ? hc : nil,
                verticalSizeClass: vs ? vc : nil, environment: nil, range: ByteRange(0, 0)))
    }
    // Widths first: what a section provider most often reads (`effectiveContentSize.width`).
    add(min: true); add(max: true); add(hs: true); add(vs: true)
    add(min: true, max: true); add(min: true, vs: true); add(max: true, vs: true); add(min: true, hs: true);
    add(max: true, hs: true)
    add(hs: true, vs: true)
    add(min: true, max: true, vs: true); add(min: true, max: true, hs: true); add(min: true, hs: true, vs: true)
    add(max: true, hs: true, vs: true); add(min: true, max: true, hs: true, vs: true)
    func holds(_ c: VariantCondition, _ e: Int) -> Bool {
        if let x = c.minWidth, widths[e] < x { return false }
        if let x = c.maxWidth, widths[e] > x { return false }
        if let x = c.horizontalSizeClass, environments[e].horizontalSizeClass != x { return false }
        if let x = c.verticalSizeClass, environments[e].verticalSizeClass != x { return false }
        return true
    }
    let inGroup = Set(group)
    return candidates.first { c in remaining.allSatisfy { holds(c, $0) == inGroup.contains($0) } }
}
