// The layout model of a group or an item: its size, insets, edge spacing and supplementary items, and a group's
// subitems (a list, `subitem:count:`, `repeatingSubitem:count:`, a custom group's frames), with what only the running
// app knows of them left unknown.

import LayoutLintCore
import SwiftSyntax

extension Evaluator {
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
                    if case .unknown(let u) = it {
                        if unknownSubitems == nil { unknownSubitems = u }
                        return nil
                    }
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
}
