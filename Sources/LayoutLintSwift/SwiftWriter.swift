// The layout model written as the Swift that builds it (`layoutlint export --swift`): one function that returns a
// `UICollectionViewCompositionalLayout`, with local items, groups and sections as UIKit's samples write them, a
// section provider that switches on the section index when there are several sections, and a document's variants
// as conditions on the layout environment. Reading the output back (`layoutlint import`) gives the same resolved
// layout; the test suite checks that round trip for every example.

import LayoutLintCore

public struct SwiftExportOptions {
    /// The function's name.
    public var name = "makeLayout"
    /// Comment lines (without `//`) above the function.
    public var header: [String] = []
    public init() {}
}

/// Swift source that builds `doc`'s layout with UIKit's compositional layout API.
public func swiftLayoutText(_ doc: LayoutDocument, options: SwiftExportOptions = SwiftExportOptions()) -> String {
    var w = SwiftCodeWriter(doc: doc)
    return w.file(options)
}

struct SwiftCodeWriter {
    let doc: LayoutDocument
    var lines: [String] = []
    var indent = 0
    /// Names used in the current scope (a section's code, a variant's block).
    var used: Set<String> = []
    /// Code already written for an equal element in this scope → its variable (two equal subitems share one item).
    var written: [String: String] = [:]
    /// Where the element being written starts, after its subitems and badges (what makes two elements equal).
    var ownLinesStart = 0

    init(doc: LayoutDocument) { self.doc = doc }

    static let lineLimit = 120

    mutating func emit(_ s: String) { lines.append(s.isEmpty ? "" : String(repeating: " ", count: indent) + s) }

    /// `prefix(arg, arg, …)` + `suffix` on one line when it fits, else one argument per line.
    mutating func emitCall(_ prefix: String, _ args: [String], suffix: String = ")") {
        let one = prefix + args.joined(separator: ", ") + suffix
        if indent + one.count <= Self.lineLimit { emit(one); return }
        emit(prefix)
        indent += 4
        for (i, a) in args.enumerated() { emit(a + (i < args.count - 1 ? "," : suffix)) }
        indent -= 4
    }

    mutating func fresh(_ base: String) -> String {
        var n = base, i = 2
        while used.contains(n) { n = base + "\(i)"; i += 1 }
        used.insert(n)
        return n
    }

    mutating func newScope() { used = ["width", "environment", "sectionIndex", "configuration"]; written = [:] }

    // MARK: the file

    mutating func file(_ options: SwiftExportOptions) -> String {
        emit("import UIKit")
        emit("")
        for h in options.header { emit(("// " + h).trimmingTrailingBlanks()) }
        emit("func \(options.name)() -> UICollectionViewCompositionalLayout {")
        indent = 4
        newScope()
        let hasConfiguration = configuration()
        let configArg = hasConfiguration ? ", configuration: configuration" : ""
        let sections = doc.sections
        // (A size that is a formula of the environment needs the section provider's environment.)
        let readsEnvironment = sections.contains { s in
            ([s.base] + s.variants.map(\.spec)).contains { $0.group?.containsFormula ?? false }
        }
        if sections.count == 1, sections[0].variants.isEmpty, !readsEnvironment {
            newScope()
            if hasConfiguration { used.insert("configuration") }
            itemCountComment(sections[0])
            let s = sectionCode(sections[0].base)
            emit("return UICollectionViewCompositionalLayout(section: \(s)\(configArg))")
        } else if sections.count == 1 {
            emit("return UICollectionViewCompositionalLayout(sectionProvider: { _, environment in")
            indent += 4
            itemCountComment(sections[0])
            sectionWithVariants(sections[0])
            indent -= 4
            emit("}\(configArg))")
        } else {
            emit("return UICollectionViewCompositionalLayout(sectionProvider: { sectionIndex, environment in")
            indent += 4
            emit("switch sectionIndex {")
            for (k, s) in sections.enumerated() {
                emit("case \(k):")
                indent += 4
                newScope()
                if let n = s.base.name { emit("// " + n.split(whereSeparator: \.isNewline).joined(separator: " ")) }
                itemCountComment(s)
                if s.variants.isEmpty {
                    let name = sectionCode(s.base)
                    emit("return \(name)")
                } else {
                    sectionWithVariants(s)
                }
                indent -= 4
            }
            emit("default:")
            emit("    return nil")
            emit("}")
            indent -= 4
            emit("}\(configArg))")
        }
        indent = 0
        emit("}")
        return lines.joined(separator: "\n") + "\n"
    }

    mutating func itemCountComment(_ s: Section) {
        if let n = s.base.itemCount { emit("// The data source gives this section \(n) item\(n == 1 ? "" : "s").") }
    }

    /// The configuration, when it is not the default one; true when one was written.
    mutating func configuration() -> Bool {
        let c = doc.configuration
        let reference =
            c.contentInsetsReference == .safeArea || c.contentInsetsReference == .automatic
            ? nil : c.contentInsetsReference
        guard
            c.scrollDirection == .horizontal || c.interSectionSpacing != 0 || reference != nil
                || !c.boundarySupplementaryItems.isEmpty
        else { return false }
        var items: [String] = []
        for b in c.boundarySupplementaryItems { items.append(boundaryCode(b, layout: true)) }
        emit("let configuration = UICollectionViewCompositionalLayoutConfiguration()")
        if c.scrollDirection == .horizontal { emit("configuration.scrollDirection = .horizontal") }
        if c.interSectionSpacing != 0 { emit("configuration.interSectionSpacing = \(number(c.interSectionSpacing))") }
        if let r = reference { emit("configuration.contentInsetsReference = .\(r.rawValue)") }
        if !items.isEmpty { emit("configuration.boundarySupplementaryItems = [\(items.joined(separator: ", "))]") }
        return true
    }

    /// A section provider's code for a section with variants: each variant's `when` as an `if` on the environment,
    /// then the section's own keys. Ends with `return`.
    mutating func sectionWithVariants(_ s: Section) {
        let usesWidth = s.variants.contains { $0.when.minWidth != nil || $0.when.maxWidth != nil }
        if usesWidth { emit("let width = environment.container.effectiveContentSize.width") }
        // Each variant's code, written apart; consecutive variants with the same code share one `if`.
        var blocks: [(conditions: [String], names: [String], lines: [String])] = []
        for v in s.variants {
            var sub = self
            sub.lines = []
            sub.indent = indent + 4
            sub.newScope()
            sub.emit("return \(sub.sectionCode(v.spec))")
            guard let cond = condition(v.when) else {
                // An empty `when` always holds: the variant is the section everywhere, and what follows never runs.
                blocks.append(([], [], sub.lines))
                break
            }
            let name = v.when.environment.map { [$0] } ?? []
            if let last = blocks.last, !last.conditions.isEmpty, last.lines == sub.lines {
                blocks[blocks.count - 1].conditions.append(cond)
                blocks[blocks.count - 1].names += name
            } else {
                blocks.append(([cond], name, sub.lines))
            }
        }
        for b in blocks {
            guard !b.conditions.isEmpty else {
                indent += 4
                lines += b.lines.map { String($0.dropFirst(4)) }
                indent -= 4
                return
            }
            // A section provider cannot see an environment's name: those variants are told by the size.
            if !b.names.isEmpty { emit("// " + b.names.joined(separator: ", ")) }
            let parts =
                b.conditions.count == 1 ? b.conditions : b.conditions.map { $0.contains("&&") ? "(" + $0 + ")" : $0 }
            if indent + 5 + parts.joined(separator: " || ").count <= Self.lineLimit {
                emit("if \(parts.joined(separator: " || ")) {")
            } else {
                // One alternative a line.
                emit("if " + parts[0])
                for (i, p) in parts.dropFirst().enumerated() {
                    emit("    || " + p + (i == parts.count - 2 ? " {" : ""))
                }
                if parts.count == 1 { lines[lines.count - 1] += " {" }
            }
            lines += b.lines
            emit("}")
        }
        newScope()
        if s.hasOwnKeys {
            emit("return \(sectionCode(s.base))")
        } else {
            emit("// No variant holds in this environment and the section has no keys of its own: it has no section.")
            emit("return nil")
        }
    }

    func condition(_ c: VariantCondition) -> String? {
        var parts: [String] = []
        if let lo = c.minWidth, let hi = c.maxWidth, lo == hi {
            // (One width, as an import that read no environment in between writes it.)
            parts.append("width == \(number(lo))")
        } else {
            if let x = c.minWidth { parts.append("width >= \(number(x))") }
            if let x = c.maxWidth { parts.append("width <= \(number(x))") }
        }
        if let x = c.horizontalSizeClass {
            parts.append("environment.traitCollection.horizontalSizeClass == .\(x.rawValue)")
        }
        if let x = c.verticalSizeClass {
            parts.append("environment.traitCollection.verticalSizeClass == .\(x.rawValue)")
        }
        if let name = c.environment {
            // A section provider cannot see an environment's name: the environment is told by its size.
            let e =
                doc.environments.first { $0.environment.name == name }?.environment
                ?? LayoutEnvironment.preset(named: name)
            if let e {
                parts.append("environment.container.contentSize.width == \(number(e.width))")
                parts.append("environment.container.contentSize.height == \(number(e.height))")
            } else {
                parts.append("false")
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " && ")
    }

    // MARK: sections and elements

    /// Writes the section's code; returns its variable.
    mutating func sectionCode(_ s: SectionSpec) -> String {
        guard let g = s.group else { emit("// The section has no group."); return "nil" }
        let group = elementCode(g, root: true)
        var boundaries: [String] = []
        for b in s.boundarySupplementaryItems { boundaries.append(boundaryCode(b, layout: false)) }
        var decorations: [String] = []
        for d in s.decorationItems {
            let n = fresh("background")
            emit(
                "let \(n) = NSCollectionLayoutDecorationItem.background(elementKind: \(stringLiteral(d.elementKind ?? "")))"
            )
            if let i = d.contentInsets, !i.isZero { emit("\(n).contentInsets = \(insets(i))") }
            if let z = d.zIndex { emit("\(n).zIndex = \(z)") }
            decorations.append(n)
        }
        let n = fresh("section")
        emit("let \(n) = NSCollectionLayoutSection(group: \(group))")
        if s.orthogonalScrollingBehavior != .none {
            emit("\(n).orthogonalScrollingBehavior = .\(s.orthogonalScrollingBehavior.rawValue)")
        }
        if s.interGroupSpacing != 0 { emit("\(n).interGroupSpacing = \(number(s.interGroupSpacing))") }
        if let i = s.contentInsets, !i.isZero { emit("\(n).contentInsets = \(insets(i))") }
        if s.contentInsetsReference != .automatic {
            emit("\(n).contentInsetsReference = .\(s.contentInsetsReference.rawValue)")
        }
        if s.supplementaryContentInsetsReference != .automatic {
            emit("\(n).supplementaryContentInsetsReference = .\(s.supplementaryContentInsetsReference.rawValue)")
        }
        if !boundaries.isEmpty { emit("\(n).boundarySupplementaryItems = [\(boundaries.joined(separator: ", "))]") }
        if !decorations.isEmpty { emit("\(n).decorationItems = [\(decorations.joined(separator: ", "))]") }
        return n
    }

    /// Writes an item or a group (its subitems first); returns its variable. An element equal to one already
    /// written in this scope is that one's variable.
    mutating func elementCode(_ e: LayoutElement, root: Bool = false) -> String {
        // The code with a placeholder name: equal code is an equal element.
        var probe = SwiftCodeWriter(doc: doc)
        probe.used = used
        probe.written = written
        probe.indent = indent
        _ = probe.elementBody(e, name: "\u{1}", root: root)
        // (Its own lines: subitems written before are read by their names, subitems written now by theirs.)
        let key = probe.lines[probe.ownLinesStart...].joined(separator: "\n")
        if let n = written[key] { return n }
        let name = elementBody(e, name: nil, root: root)
        written[key] = name
        return name
    }

    /// Writes the element after its subitems and badges; its name (unless given) is taken then, so that the inner
    /// groups of a nested group read in the order they are written.
    mutating func elementBody(_ e: LayoutElement, name given: String?, root: Bool) -> String {
        var children: [String] = []
        if let g = e.group {
            switch g.layout {
            case .subitems(let items): children = items.map { elementCode($0) }
            case .count(let c, _), .repeating(let c, _): children = [elementCode(c)]
            case .frames, .missing: break
            }
        }
        var badges: [String] = []
        for s in e.supplementaryItems { badges.append(badgeCode(s)) }
        let name = given ?? fresh(e.isGroup ? (root ? "group" : "nestedGroup") : "item")
        ownLinesStart = lines.count
        if e.width == nil || e.height == nil {
            let missing = [e.width == nil ? "width" : nil, e.height == nil ? "height" : nil].compactMap { $0 }.joined(
                separator: " and ")
            emit(
                "// The document gives this \(e.kindName) no valid \(missing) (see `layoutlint lint`): 1 of its container is written instead."
            )
        }
        let size = layoutSize(e.width, e.height)
        if let g = e.group {
            let factory = "NSCollectionLayoutGroup.\(g.direction.rawValue)("
            switch g.layout {
            case .subitems:
                emitCall(
                    "let \(name) = " + factory,
                    ["layoutSize: \(size)", "subitems: [\(children.joined(separator: ", "))]"])
            case .count(_, let n):
                emitCall("let \(name) = " + factory, ["layoutSize: \(size)", "subitem: \(children[0])", "count: \(n)"])
            case .repeating(_, let n):
                emitCall(
                    "let \(name) = " + factory,
                    ["layoutSize: \(size)", "repeatingSubitem: \(children[0])", "count: \(n)"])
            case .frames(let frames):
                emitCall("let \(name) = NSCollectionLayoutGroup.custom(", ["layoutSize: \(size)"], suffix: ") { _ in")
                indent += 4
                emit("[")
                indent += 4
                for f in frames {
                    emit(
                        "NSCollectionLayoutGroupCustomItem(frame: CGRect(x: \(number(f.x)), y: \(number(f.y)), width: \(number(f.width)), height: \(number(f.height)))),"
                    )
                }
                indent -= 4
                emit("]")
                indent -= 4
                emit("}")
            case .missing:
                emit("// The group has no subitems.")
                emitCall("let \(name) = " + factory, ["layoutSize: \(size)", "subitems: []"])
            }
            if let s = g.interItemSpacing { emit("\(name).interItemSpacing = \(spacing(s))") }
            if !badges.isEmpty { emit("\(name).supplementaryItems = [\(badges.joined(separator: ", "))]") }
        } else if badges.isEmpty {
            emitCall("let \(name) = NSCollectionLayoutItem(", ["layoutSize: \(size)"])
        } else {
            emitCall(
                "let \(name) = NSCollectionLayoutItem(",
                ["layoutSize: \(size)", "supplementaryItems: [\(badges.joined(separator: ", "))]"])
        }
        if let i = e.contentInsets, !i.isZero { emit("\(name).contentInsets = \(insets(i))") }
        if let es = e.edgeSpacing, es.leading != nil || es.top != nil || es.trailing != nil || es.bottom != nil {
            func sp(_ s: Spacing?) -> String { s.map(spacing) ?? "nil" }
            emitCall(
                "\(name).edgeSpacing = NSCollectionLayoutEdgeSpacing(",
                [
                    "leading: \(sp(es.leading))", "top: \(sp(es.top))", "trailing: \(sp(es.trailing))",
                    "bottom: \(sp(es.bottom))",
                ])
        }
        return name
    }

    mutating func badgeCode(_ s: SupplementaryItem) -> String {
        let n = fresh("badge")
        var args = [
            "layoutSize: \(layoutSize(s.width, s.height))", "elementKind: \(stringLiteral(s.elementKind ?? ""))",
            "containerAnchor: \(anchor(s.containerAnchor))",
        ]
        if let a = s.itemAnchor { args.append("itemAnchor: \(anchor(a))") }
        emitCall("let \(n) = NSCollectionLayoutSupplementaryItem(", args)
        if let z = s.zIndex { emit("\(n).zIndex = \(z)") }
        return n
    }

    mutating func boundaryCode(_ b: BoundaryItem, layout: Bool) -> String {
        let a = b.alignment.rawValue
        let base = a.hasPrefix("top") ? "header" : a.hasPrefix("bottom") ? "footer" : "supplementaryItem"
        let n = fresh(layout ? "layout" + base.prefix(1).uppercased() + base.dropFirst() : base)
        var args = [
            "layoutSize: \(layoutSize(b.width, b.height))", "elementKind: \(stringLiteral(b.elementKind ?? ""))",
            "alignment: .\(a)",
        ]
        if b.absoluteOffset != (0, 0) {
            args.append("absoluteOffset: CGPoint(x: \(number(b.absoluteOffset.x)), y: \(number(b.absoluteOffset.y)))")
        }
        emitCall("let \(n) = NSCollectionLayoutBoundarySupplementaryItem(", args)
        if !b.extendsBoundary { emit("\(n).extendsBoundary = false") }
        if b.pinToVisibleBounds { emit("\(n).pinToVisibleBounds = true") }
        if let z = b.zIndex { emit("\(n).zIndex = \(z)") }
        return n
    }

    // MARK: values

    func layoutSize(_ w: Dimension?, _ h: Dimension?) -> String {
        ".init(widthDimension: \(w.map(dimension) ?? ".fractionalWidth(1)"), heightDimension: \(h.map(dimension) ?? ".fractionalHeight(1)"))"
    }

    func dimension(_ d: Dimension) -> String {
        switch d.kind {
        case .fractionalWidth, .fractionalHeight: return ".\(d.kind.rawValue)(\(fraction(d.value)))"
        case .uniformAcrossSiblings: return ".uniformAcrossSiblings(estimate: \(number(d.value)))"
        case .absolute, .estimated:
            return ".\(d.kind.rawValue)(\(d.formula.map { $0.text(prefix: "environment.") } ?? number(d.value)))"
        }
    }

    func spacing(_ s: Spacing) -> String { ".\(s.isFlexible ? "flexible" : "fixed")(\(number(s.value)))" }

    func insets(_ i: Insets) -> String {
        "NSDirectionalEdgeInsets(top: \(number(i.top)), leading: \(number(i.leading)), bottom: \(number(i.bottom)), trailing: \(number(i.trailing)))"
    }

    func anchor(_ a: Anchor) -> String {
        let edges: String
        switch a.edges {
        case .none: edges = "[]"
        case .top, .leading, .bottom, .trailing: edges = "[.\(a.edges.rawValue)]"
        case .topLeading: edges = "[.top, .leading]"
        case .topTrailing: edges = "[.top, .trailing]"
        case .bottomLeading: edges = "[.bottom, .leading]"
        case .bottomTrailing: edges = "[.bottom, .trailing]"
        }
        if let f = a.fractionalOffset {
            return
                "NSCollectionLayoutAnchor(edges: \(edges), fractionalOffset: CGPoint(x: \(number(f.x)), y: \(number(f.y))))"
        }
        if a.offset != (0, 0) {
            return
                "NSCollectionLayoutAnchor(edges: \(edges), absoluteOffset: CGPoint(x: \(number(a.offset.x)), y: \(number(a.offset.y))))"
        }
        return "NSCollectionLayoutAnchor(edges: \(edges))"
    }

    /// A CGFloat literal that reads back as the same number.
    func number(_ v: Double) -> String { specNumber(v) }

    /// A fraction: a short decimal, or `1.0 / 3` where the value is exactly that quotient.
    func fraction(_ v: Double) -> String {
        let s = specFraction(v)
        guard let slash = s.firstIndex(of: "/") else { return s }
        return String(s[..<slash]) + ".0 / " + String(s[s.index(after: slash)...])
    }

    func stringLiteral(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20 || u.value == 0x7F: out += "\\u{\(String(u.value, radix: 16))}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}

extension String {
    func trimmingTrailingBlanks() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
