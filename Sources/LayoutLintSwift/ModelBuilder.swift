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

    // MARK: helpers of the pieces (SectionModel.swift, ElementModel.swift)

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
        if case .member(let m) = v, T(rawValue: m) == nil { value = try undeclaredMemberAsUnknown(v, at) }
        switch value {
        case .member(let m) where T(rawValue: m) != nil: return .known(T(rawValue: m))
        case .unknown(let u): return .unknown(u)
        default:
            throw EvalStop(
                kind: .unsupported, message: "\(field.rawValue) takes a \(type), not \(describe(v))", range: at)
        }
    }

}
