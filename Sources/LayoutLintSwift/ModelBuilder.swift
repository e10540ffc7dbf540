// From the objects the evaluator made to the layout model the spec parser makes: the same `LayoutDocument`, with
// the spec's paths (`/sections/1/group/subitems/0`) and, for every value, the range of the Swift expression or
// statement that set it. A section provider is called for section 0, 1, 2… while the index picks a case of its own.

import LayoutLintCore
import SwiftSyntax

/// An element the spec reader would not build (a dimension it rejects, reported where the dimension was made).
struct InvalidElement: Error {}

extension Evaluator {
    /// The most sections a section provider is asked for.
    static let maxSections = 200

    func document(for layout: APIObject, name: String) throws -> LayoutDocument {
        let doc = LayoutDocument()
        if case .object(let c)? = layout[.configuration] { doc.configuration = try configurationModel(c) }
        configuration = doc.configuration
        // Each section with the index the provider was asked for (a section it could not read leaves a gap).
        var specs: [(APIObject, Int)] = []
        if case .object(let s)? = layout[.section] {
            specs.append((s, 0))
        } else if case .closure(let provider)? = layout[.provider] {
            var owner: String?
            if case .string(let o)? = layout[.owner] { owner = o }
            let declared = declaredSectionCount(owner: owner, at: layout.range)
            var fallbackRead = false
            // The sections the reader could not read, each with why: the provider goes on past them.
            var unread: [(index: Int, stop: EvalStop)] = []
            for k in 0..<min(Self.maxSections, declared ?? Self.maxSections) {
                let box = Box(.num(Double(k), .int), type: "Int")
                indexBox = box
                indexReads = 0
                indexMatched = false
                indexPastEnd = false
                indexWrapped = false
                if k == 0 { indexHorizon = 0 }
                defer { indexBox = nil }
                let envObj = environmentObject(layout.range)
                let v: Value
                do {
                    v = try callProvider(provider, index: box, environment: envObj, range: layout.range)
                } catch let stop as EvalStop
                    where k > 0 && stop.kind == .unknown
                    && (stop.message == "past the last section" || (indexPastEnd && declared == nil))
                {
                    // The index went past what the code lists: a subscript past the end, or a stop after an enum's
                    // `init(rawValue:)` gave nil (`Section(rawValue: index)!`). The data source has no such section
                    // unless `numberOfSections` says it has (then the stop, a crash, is reported).
                    break
                } catch let stop as EvalStop where stop.kind != .limit {
                    // One section the reader cannot read (a value of the running app, code it does not model): the
                    // next index is asked for, unless this one stands for all the others (the index unread, or a
                    // fallback branch).
                    unread.append((k, stop))
                    if declared == nil && (indexReads == 0 || (!indexMatched && k >= indexHorizon)) { break }
                    continue
                }
                guard case .object(let s) = v, s.kind == .section else {
                    if case .unknown(let u) = v, k == 0 { try stopUnknown(u, "the section provider's result") }
                    if k == 0 {
                        // No layout of no sections, and no silence: say what the provider gave.
                        throw EvalStop(
                            kind: .unsupported,
                            message:
                                "the section provider gives \(describe(v)) for section 0, not a section layoutlint can read",
                            range: layout.range)
                    }
                    break
                }
                if indexPastEnd && k > 0 && declared == nil { break }
                // The fallback branch (no comparison named this index) is one section: once it was read, a later
                // index that falls to it again adds nothing the data source is known to have.
                if declared == nil && indexReads > 0 && !indexMatched {
                    if fallbackRead { break }
                    fallbackRead = true
                }
                specs.append((s, k))
                if declared != nil { continue }
                // A provider that never reads its index gives the same section for every index: one stands for all.
                // One whose index fell to a `default:` or `else` gives that section for every later index too.
                // Unless a condition on the index that did not hold named a later section (`if sectionIndex == 1`).
                if indexReads == 0 || (!indexMatched && k >= indexHorizon) { break }
                if k == Self.maxSections - 1 {
                    note(
                        .swiftLimit, .warning,
                        "the section provider gave a section for each of the first \(Self.maxSections) indexes: layoutlint reads no more",
                        layout.range)
                }
            }
            // No section read: the layout is not checked, for the first section's reason. Else each gap is named.
            if specs.isEmpty, let first = unread.first { throw first.stop }
            for (k, stop) in unread {
                note(
                    .swiftUnresolved, .information,
                    stop.message + "; layoutlint does not check section \(k) (it checks the others)", stop.range)
            }
        }
        // Sections are named after the function that made them, where that tells them apart.
        var madeBy: [String: Int] = [:]
        for (s, _) in specs {
            if case .string(let n)? = s[.madeBy], !n.isEmpty, n != name { madeBy[n, default: 0] += 1 }
        }
        for (s, k) in specs {
            var sectionName: String?
            if case .string(let n)? = s[.madeBy], madeBy[n] == 1 { sectionName = n }
            doc.sections.append(try sectionModel(s, index: k, name: sectionName))
        }
        return doc
    }

    /// The number of sections the data source says, where the files read say it: `numberOfSections(in:)` of a
    /// `UICollectionViewDataSource` that returns a value the evaluator can compute.
    /// Of several (one per target of a repository), the one nearest the layout at `range`.
    func declaredSectionCount(owner: String?, at range: ByteRange) -> Int? {
        let candidates = module.functions["numberOfSections"]?.filter { $0.labels == ["in"] } ?? []
        let from = module.regions == nil ? module.locate(range.start).file : 0
        guard
            let f = module.nearest(candidates.filter { $0.owner == owner }, to: from)
                ?? (candidates.count == 1 ? candidates.first : nil)
        else { return nil }
        let saved = (indexBox, indexReads, indexMatched)
        defer { (indexBox, indexReads, indexMatched) = saved }
        indexBox = nil
        guard
            let v = try? callFunction(
                FunctionRef(decl: f.decl, file: f.file), owner: f.owner, args: [],
                callRange: module.range(f.decl, file: f.file)),
            let n = v.integer, n >= 0
        else { return nil }
        return n
    }

    func callProvider(_ c: Closure, index: Box, environment: APIObject, range: ByteRange) throws -> Value {
        switch c.body {
        case .function:
            return try callClosure(c, args: [index.value, .object(environment)], callRange: range)
        case .closure(let e, let file):
            // The index parameter is the box the evaluator watches (to know which sections the index picks).
            let scope = Scope(parent: c.scope)
            let names = closureParameterNames(e, count: 2)
            if let first = names.first, first != "_" { scope.vars[first] = index }
            if names.count > 1, names[1] != "_" { scope.vars[names[1]] = Box(.object(environment), type: nil) }
            let saved = selfType
            selfType = c.selfType
            defer { selfType = saved }
            return try runBody(e.statements, scope: scope, file: file, owner: c.selfType, name: nil, type: nil)
        }
    }

    // MARK: pieces

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

    func site(_ o: APIObject, _ field: APIField) -> ByteRange { o.sites[field.rawValue]?.value ?? o.range }

    /// Where the code set each of `fields` on the object, under the model's key of the same name.
    func props(_ o: APIObject, _ fields: [APIField], path: String, objectRange: ByteRange) -> [String: PropertySite] {
        var out: [String: PropertySite] = [:]
        for f in fields {
            let k = f.rawValue
            if let s = o.sites[k] {
                out[k] = PropertySite(
                    key: k, keyRange: s.key, valueRange: s.value, objectRange: objectRange, parentPath: path)
            }
        }
        return out
    }

    /// A spacing or insets value only the running app knows (a view's margins, data): not the end of the layout.
    /// It is checked with UIKit's default there, 0, and a note at the value says so (the layout is partly checked).
    /// Spacing and insets only take room, so a finding made with 0 holds with the app's value too; one that needs
    /// the value is missed, as the note says.
    func known(_ v: Value?, _ use: String) -> Value? {
        guard case .unknown(let u)? = v else { return v }
        noteAssumed(u, "checked \(use) as 0, UIKit's default (a finding that needs its value is not reported)")
        return nil
    }

    /// The note at a value only the running app knows that layoutlint read as `reading` says.
    func noteAssumed(_ u: Unknown, _ reading: String) {
        note(.swiftAssumption, .information, "\(u.what) depends on \(u.reason): layoutlint \(reading)", u.range)
    }

    /// An enum setting read as UIKit's default where only the running app knows it (`reading` says how, in the note
    /// at the value); nil where it is not set or not known.
    func settingOrDefault<T: RawRepresentable>(
        _: T.Type, _ o: APIObject, _ field: APIField, _ type: String, assuming reading: String
    ) throws -> T? where T.RawValue == String {
        switch try enumSetting(T.self, o, field, type) {
        case .known(let value): return value
        case .unknown(let u):
            noteAssumed(u, reading)
            return nil
        }
    }

    /// The note at each dimension in `dims` that only the running app knows: what layoutlint does not compute for
    /// want of it (docs/semantics.md#unknown-values). One note for a size unknown as a whole.
    func noteUnknown(_ dims: [Dimension], _ notComputed: String) {
        var said = Set<ByteRange>()
        for d in dims where !d.isKnown && said.insert(d.range).inserted {
            if let u = unknownValues[d.range] { noteUnknown(u, notComputed) }
        }
    }

    func noteUnknown(_ u: Unknown, _ notComputed: String) {
        note(
            .swiftUnresolved, .information,
            "layoutlint cannot compute \(u.what): it depends on \(u.reason); it does not compute \(notComputed)",
            u.range)
    }

    /// A value the model reads: known (nil where it is not set), or only the running app knows it.
    enum MaybeKnown<T> {
        case known(T?)
        case unknown(Unknown)
    }

    /// The case of one of the API's enums that `field` of `o` is set to (nil where it is not set), or the unknown it
    /// depends on; a value of another type stops the layout.
    func enumSetting<T: RawRepresentable>(_: T.Type, _ o: APIObject, _ field: APIField, _ type: String) throws
        -> MaybeKnown<T> where T.RawValue == String
    {
        guard let v = o[field] else { return .known(nil) }
        let at = site(o, field)
        var value = v
        if case .member(let m) = v, T(rawValue: m) == nil { value = try unresolvedNumberAsUnknown(v, at) }
        switch value {
        case .member(let m) where T(rawValue: m) != nil: return .known(T(rawValue: m))
        case .unknown(let u): return .unknown(u)
        default:
            throw EvalStop(
                kind: .unsupported, message: "\(field.rawValue) takes a \(type), not \(describe(v))", range: at)
        }
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

    /// An element's text: its constructor and the statements that changed it later in the same declaration (the
    /// same top-level item or type member, `SwiftModule.sameRegion`; rules count a value as the element's own when it
    /// lies inside).
    func elementRange(_ o: APIObject) -> ByteRange {
        var r = o.range
        for t in o.touched where module.sameRegion(o.range.start, t.start) {
            r = ByteRange(min(r.start, t.start), max(r.end, t.end))
        }
        for (_, s) in o.sites where module.sameRegion(o.range.start, s.value.start) {
            r = ByteRange(min(r.start, s.value.start), max(r.end, s.value.end))
        }
        return r
    }

    func elementModel(_ o: APIObject, path: String) throws -> LayoutElement {
        guard o.kind == .item || o.kind == .group else {
            throw EvalStop(
                kind: .unsupported, message: "expected an item or a group, not \(o.kind.rawValue)", range: o.range)
        }
        let range = elementRange(o)
        let el = LayoutElement(path: path, range: range)
        guard case .size(let w, let h, _)? = o[.layoutSize] else {
            throw EvalStop(kind: .unsupported, message: "the \(o.kind.rawValue) has no layoutSize", range: o.range)
        }
        if invalidDimensions.contains(w.range) || invalidDimensions.contains(h.range) { throw InvalidElement() }
        el.width = w
        el.height = h
        noteUnknown([w, h], "the frames of the section it is in (its other values are checked)")
        el.props["width"] = PropertySite(
            key: "width", keyRange: w.range, valueRange: w.range, objectRange: range, parentPath: path)
        el.props["height"] = PropertySite(
            key: "height", keyRange: h.range, valueRange: h.range, objectRange: range, parentPath: path)
        if let v = known(o[.contentInsets], "contentInsets") {
            el.contentInsets = try insetsValue(v, site(o, .contentInsets))
        }
        if let v = known(o[.edgeSpacing], "edgeSpacing") {
            switch v {
            case .edgeSpacing(let es): el.edgeSpacing = es
            case .none: break
            default:
                throw EvalStop(
                    kind: .unsupported, message: "edgeSpacing takes NSCollectionLayoutEdgeSpacing",
                    range: site(o, .edgeSpacing))
            }
        }
        if let v = o[.supplementaryItems] {
            guard case .array(let items) = v else {
                throw EvalStop(
                    kind: .unsupported, message: "supplementaryItems takes an array",
                    range: site(o, .supplementaryItems))
            }
            for (i, it) in items.enumerated() {
                el.supplementaryItems.append(
                    try supplementaryModel(
                        it, path: path + "/supplementaryItems/\(i)", at: site(o, .supplementaryItems)))
            }
        }
        el.props.merge(
            props(
                o,
                [
                    .contentInsets, .edgeSpacing, .supplementaryItems, .interItemSpacing, .count, .subitems, .subitem,
                    .repeatingSubitem,
                ],
                path: path, objectRange: range)
        ) { _, new in new }
        if o.kind == .group {
            let dirName: String
            if case .member(let d)? = o[.direction] { dirName = d } else { dirName = "horizontal" }
            let direction = GroupDirection(rawValue: dirName) ?? .horizontal
            var spacing: Spacing?
            if let v = o[.interItemSpacing] { spacing = try spacingValue(v, site(o, .interItemSpacing)) }
            let layout: SubitemLayout
            // (What only the running app knows of the subitems, noted once below.)
            var unknownSubitems: Unknown?
            if case .array(let items)? = o[.subitems], items.isEmpty {
                // As the spec builder does: an error, and a group the resolver does not lay out.
                note(
                    .nonPositiveDimension, .error,
                    "subitems is empty: UIKit throws \"At least 1 subitem is required for a group\"", site(o, .subitems)
                )
                layout = .missing
            } else if case .unknown(let u)? = o[.count], case .array(let items)? = o[.subitems], items.count == 1,
                case .object(let c)? = items.first
            {
                // `subitems: Array(repeating: item, count: n)`, `n` only the running app knows: n of the item at its
                // own size, which is UIKit's `repeatingSubitem:count:`, with the count unknown (a placeholder of 1).
                unknownSubitems = u
                do {
                    layout = .repeating(try elementModel(c, path: path + "/repeatingSubitem"), 1)
                } catch is InvalidElement { layout = .missing }
            } else if case .array(let items)? = o[.subitems] {
                // (With an unknown count, the repetition and what was inserted beside it: one of each, the group
                // marked unknown below.)
                if case .unknown(let u)? = o[.count] { unknownSubitems = u }
                let built = try items.enumerated().compactMap { i, it -> LayoutElement? in
                    guard case .object(let c) = it else {
                        throw EvalStop(
                            kind: .unsupported, message: "subitems[\(i)] is not an item or a group",
                            range: site(o, .subitems))
                    }
                    do { return try elementModel(c, path: path + "/subitems/\(i)") } catch is InvalidElement {
                        return nil
                    }
                }
                // Every subitem rejected (reported where its dimension was made): nothing to lay out.
                layout = built.isEmpty ? .missing : .subitems(built)
            } else if case .unknown(let u)? = o[.count], case .object(let c)? = o[.subitem] ?? o[.repeatingSubitem] {
                // docs/semantics.md#unknown-values: a placeholder count of 1, the group marked unknown below.
                unknownSubitems = u
                let path = path + (o[.subitem] != nil ? "/subitem" : "/repeatingSubitem")
                do {
                    let child = try elementModel(c, path: path)
                    layout = o[.subitem] != nil ? .count(child, 1) : .repeating(child, 1)
                } catch is InvalidElement { layout = .missing }
            } else if case .object(let c)? = o[.subitem], let n = o[.count]?.integer {
                do { layout = .count(try elementModel(c, path: path + "/subitem"), n) } catch is InvalidElement {
                    layout = .missing
                }
            } else if case .object(let c)? = o[.repeatingSubitem], let n = o[.count]?.integer {
                do {
                    layout = .repeating(try elementModel(c, path: path + "/repeatingSubitem"), n)
                } catch is InvalidElement { layout = .missing }
            } else if case .closure(let provider)? = o[.itemProvider] {
                switch try customFrames(provider, path: path, range: site(o, .itemProvider)) {
                case .known(let frames): layout = .frames(frames ?? [])
                case .unknown(let u):
                    // Frames only the running app knows (computed from its data): none stand for them.
                    unknownSubitems = u
                    layout = .frames([])
                }
            } else {
                layout = .missing
            }
            el.group = GroupSpec(direction: direction, layout: layout, interItemSpacing: spacing)
            if let u = unknownSubitems {
                el.group?.unknownSubitems = UnknownInput(what: u.what, range: u.range)
                noteUnknown(u, "the frames of the section the group is in (its other values are checked)")
            }
        }
        return el
    }

    /// A custom group's frames: what its item provider returns in this environment.
    func customFrames(_ provider: Closure, path: String, range: ByteRange) throws -> MaybeKnown<[CustomFrame]> {
        let v = try callClosure(provider, args: [.object(environmentObject(range))], callRange: range)
        guard case .array(let items) = v else {
            if case .unknown(let u) = v { return .unknown(u) }
            throw EvalStop(
                kind: .unsupported, message: "the item provider does not return [NSCollectionLayoutGroupCustomItem]",
                range: range)
        }
        return .known(
            try items.enumerated().map { i, it in
                guard case .record(_, let f) = it, case .record(_, let fr)? = f["frame"] else {
                    throw EvalStop(
                        kind: .unsupported,
                        message:
                            "item \(i) of the custom group is not an NSCollectionLayoutGroupCustomItem with a frame",
                        range: range)
                }
                let at = f["range"]?.integer ?? range.start
                func n(_ k: String) throws -> Double { try number(fr[k] ?? .num(0, .float), range, "the frame's \(k)") }
                return CustomFrame(
                    x: try n("x"), y: try n("y"), width: try n("width"), height: try n("height"),
                    range: ByteRange(at, at), path: path + "/frames/\(i)")
            })
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
