// The layout model of a section and what it holds at its level: its settings, boundary supplementary items and
// decoration items, and of the layout's configuration. `ElementModel.swift` builds its groups and items.

import LayoutLintCore
import SwiftSyntax

extension Evaluator {
    func configurationModel(_ c: APIObject) throws -> LayoutConfiguration {
        var out = LayoutConfiguration()
        // The layout's settings only the running app knows are read as UIKit's defaults, and said.
        if let d = try settingOrDefault(
            Axis.self, c, .scrollDirection, "UICollectionView.ScrollDirection",
            assuming: "read the layout as if it were .vertical, UIKit's default")
        {
            out.scrollDirection = d
        }
        if let v = known(c[.interSectionSpacing], "interSectionSpacing") {
            out.interSectionSpacing = try number(v, site(c, .interSectionSpacing), "interSectionSpacing")
        }
        if let r = try settingOrDefault(
            InsetsReference.self, c, .contentInsetsReference, "UIContentInsetsReference",
            assuming: "read the layout as if it were .safeArea, UIKit's default")
        {
            out.contentInsetsReference = r
        }
        if case .array(let items)? = c[.boundarySupplementaryItems] {
            for (i, it) in items.enumerated() {
                out.boundarySupplementaryItems.append(
                    try boundaryModel(
                        it, path: "/configuration/boundarySupplementaryItems/\(i)",
                        at: site(c, .boundarySupplementaryItems)))
            }
        }
        out.props = props(
            c, [.scrollDirection, .interSectionSpacing, .contentInsetsReference, .boundarySupplementaryItems],
            path: "/configuration", objectRange: c.range)
        return out
    }

    func sectionModel(_ s: APIObject, index k: Int, name: String?) throws -> Section {
        let path = "/sections/\(k)"
        let spec = SectionSpec(path: path, range: s.range)
        spec.name = name
        guard case .object(let g)? = s[.group] else {
            throw EvalStop(kind: .unsupported, message: "the section has no group", range: s.range)
        }
        do { spec.group = try elementModel(g, path: path + "/group") } catch is InvalidElement { spec.group = nil }
        if let v = known(s[.contentInsets], "the section's contentInsets") {
            spec.contentInsets = try insetsValue(v, site(s, .contentInsets))
        }
        if let v = known(s[.interGroupSpacing], "interGroupSpacing") {
            spec.interGroupSpacing = try number(v, site(s, .interGroupSpacing), "interGroupSpacing")
        }
        // A setting only the running app knows (a configuration's stored property, a static member of a file not in
        // the run) is unknown, not the end of the layout: the section's frames wait for it.
        func setting<T: RawRepresentable>(_ field: APIField, _ model: SectionSetting, _ type: String) throws -> T?
        where T.RawValue == String {
            switch try enumSetting(T.self, s, field, type) {
            case .known(let value): return value
            case .unknown(let u):
                spec.unknownSettings[model] = UnknownInput(what: u.what, range: site(s, field))
                noteUnknown(u, "the frames of this section (its other values are checked)")
                return nil
            }
        }
        if let b: OrthogonalScrollingBehavior = try setting(
            .orthogonalScrollingBehavior, .orthogonalScrollingBehavior,
            "UICollectionLayoutSectionOrthogonalScrollingBehavior")
        {
            spec.orthogonalScrollingBehavior = b
        }
        if let r: InsetsReference = try setting(
            .contentInsetsReference, .contentInsetsReference, "UIContentInsetsReference")
        {
            spec.contentInsetsReference = r
        }
        // (It moves only the boundary items: read as UIKit's default where unknown, and said.)
        if let r = try settingOrDefault(
            InsetsReference.self, s, .supplementaryContentInsetsReference, "UIContentInsetsReference",
            assuming:
                "placed the section's boundary items with .automatic, UIKit's default (a finding that needs its value is not reported)"
        ) {
            spec.supplementaryContentInsetsReference = r
        }
        if let v = s[.boundarySupplementaryItems] {
            // Headers or footers only the running app knows: the others are read, the section's frames are not
            // computed.
            func unknownBoundary(_ u: Unknown) {
                guard spec.unknownSettings[.boundarySupplementaryItems] == nil else { return }
                spec.unknownSettings[.boundarySupplementaryItems] = UnknownInput(what: u.what, range: u.range)
                noteUnknown(u, "the frames of this section (its other values are checked)")
            }
            var items: [Value] = []
            switch v {
            case .array(let a): items = a
            case .unknown(let u): unknownBoundary(u)
            default:
                throw EvalStop(
                    kind: .unsupported, message: "boundarySupplementaryItems takes an array",
                    range: site(s, .boundarySupplementaryItems))
            }
            for (i, it) in items.enumerated() {
                if case .unknown(let u) = it {
                    unknownBoundary(u)
                    continue
                }
                spec.boundarySupplementaryItems.append(
                    try boundaryModel(
                        it, path: path + "/boundarySupplementaryItems/\(i)", at: site(s, .boundarySupplementaryItems)))
            }
        }
        if let v = s[.decorationItems] {
            guard case .array(let items) = v else {
                throw EvalStop(
                    kind: .unsupported, message: "decorationItems takes an array", range: site(s, .decorationItems))
            }
            for (i, it) in items.enumerated() {
                guard case .object(let d) = it, d.kind == .decoration else {
                    throw EvalStop(
                        kind: .unsupported, message: "decorationItems[\(i)] is not an NSCollectionLayoutDecorationItem",
                        range: site(s, .decorationItems))
                }
                let m = DecorationItem(path: path + "/decorationItems/\(i)", range: d.range)
                if case .string(let k)? = d[.elementKind] { m.elementKind = k }
                if let ci = known(d[.contentInsets], "the decoration's contentInsets") {
                    m.contentInsets = try insetsValue(ci, site(d, .contentInsets))
                }
                if let z = d[.zIndex] { m.zIndex = Int(try number(z, site(d, .zIndex), "zIndex")) }
                m.props = props(d, [.elementKind, .contentInsets, .zIndex], path: m.path, objectRange: d.range)
                spec.decorationItems.append(m)
            }
        }
        spec.props = props(
            s,
            [
                .group, .contentInsets, .interGroupSpacing, .orthogonalScrollingBehavior, .contentInsetsReference,
                .supplementaryContentInsetsReference, .boundarySupplementaryItems, .decorationItems,
            ],
            path: path, objectRange: s.range)
        return Section(index: k, base: spec, hasOwnKeys: true)
    }

    func boundaryModel(_ v: Value, path: String, at: ByteRange) throws -> BoundaryItem {
        guard case .object(let o) = v, o.kind == .boundary else {
            if case .unknown(let u) = v { try stopUnknown(u, "boundarySupplementaryItems") }
            throw EvalStop(kind: .unsupported, message: "not an NSCollectionLayoutBoundarySupplementaryItem", range: at)
        }
        let b = BoundaryItem(path: path, range: elementRange(o))
        if case .string(let k)? = o[.elementKind] { b.elementKind = k }
        if case .size(let w, let h, _)? = o[.layoutSize] {
            b.width = w; b.height = h
            noteUnknown([w, h], "where this supplementary item goes (the section's other frames are checked)")
        }
        if case .member(let a)? = o[.alignment], let al = RectAlignment(rawValue: a) { b.alignment = al }
        if case .record(_, let p)? = o[.absoluteOffset] {
            b.absoluteOffset = (p["x"]?.number ?? 0, p["y"]?.number ?? 0)
        }
        if case .bool(let x)? = o[.extendsBoundary] { b.extendsBoundary = x }
        if case .bool(let x)? = o[.pinToVisibleBounds] { b.pinToVisibleBounds = x }
        if let z = o[.zIndex] { b.zIndex = Int(try number(z, site(o, .zIndex), "zIndex")) }
        b.props = props(
            o, [.elementKind, .alignment, .absoluteOffset, .extendsBoundary, .pinToVisibleBounds, .zIndex], path: path,
            objectRange: b.range)
        if let w = b.width {
            b.props["width"] = PropertySite(
                key: "width", keyRange: w.range, valueRange: w.range, objectRange: b.range, parentPath: path)
        }
        if let h = b.height {
            b.props["height"] = PropertySite(
                key: "height", keyRange: h.range, valueRange: h.range, objectRange: b.range, parentPath: path)
        }
        return b
    }

    func supplementaryModel(_ v: Value, path: String, at: ByteRange) throws -> SupplementaryItem {
        guard case .object(let o) = v, o.kind == .supplementary else {
            if case .unknown(let u) = v { try stopUnknown(u, "supplementaryItems") }
            throw EvalStop(kind: .unsupported, message: "not an NSCollectionLayoutSupplementaryItem", range: at)
        }
        let s = SupplementaryItem(path: path, range: elementRange(o))
        if case .string(let k)? = o[.elementKind] { s.elementKind = k }
        if case .size(let w, let h, _)? = o[.layoutSize] {
            s.width = w; s.height = h
            noteUnknown([w, h], "where this supplementary item goes (the section's other frames are checked)")
        }
        if let a = o[.containerAnchor] { s.containerAnchor = anchor(a) }
        if let a = o[.itemAnchor] { s.itemAnchor = anchor(a) }
        if let z = o[.zIndex] { s.zIndex = Int(try number(z, site(o, .zIndex), "zIndex")) }
        s.props = props(o, [.elementKind, .containerAnchor, .itemAnchor, .zIndex], path: path, objectRange: s.range)
        return s
    }

    /// `NSCollectionLayoutAnchor(edges: [.top, .trailing], absoluteOffset: …)`: the edges as one alignment.
    func anchor(_ v: Value) -> Anchor {
        var a = Anchor()
        guard case .record(_, let f) = v else { return a }
        var edges: Set<String> = []
        switch f["edges"] {
        case .array(let list)?: for e in list { if case .member(let m) = e { edges.insert(m) } }
        case .member(let m)?: edges.insert(m)
        default: break
        }
        let vertical = edges.contains("top") ? "top" : edges.contains("bottom") ? "bottom" : nil
        let horizontal = edges.contains("leading") ? "leading" : edges.contains("trailing") ? "trailing" : nil
        let name: String
        switch (vertical, horizontal) {
        case (let v?, let h?): name = v + h.prefix(1).uppercased() + h.dropFirst()
        case (let v?, nil): name = v
        case (nil, let h?): name = h
        default: name = "none"
        }
        a.edges = RectAlignment(rawValue: name) ?? .none
        if case .record(_, let p)? = f["absoluteOffset"] { a.offset = (p["x"]?.number ?? 0, p["y"]?.number ?? 0) }
        if case .record(_, let p)? = f["fractionalOffset"] {
            a.fractionalOffset = (p["x"]?.number ?? 0, p["y"]?.number ?? 0)
        }
        return a
    }
}
