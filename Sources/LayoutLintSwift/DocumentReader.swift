// One Swift document as an editor holds it, read again after each edit: only the layouts the edit can have changed
// are evaluated, resolved and checked again.
//
// The file is cut into *regions*: each top-level declaration or statement, and inside a top-level type or extension
// its header, each member, and its closing brace; the comments and blank lines before each are a region apart. Everything computed for a layout (the model, the resolved
// layouts, the findings, the evaluator's notes) is kept in *region offsets* (`SwiftRegions`, a `RegionOffsetMapping`),
// which text inserted or removed elsewhere does not move; results are turned into offsets in the text when they are
// assembled, once per update.
//
// After an edit the text is parsed again incrementally (swift-syntax reuses the nodes the edit did not touch), the
// regions whose text is unchanged keep their ids, and a layout is read again when the region that builds it changed,
// or when a declaration of a name its evaluation looked up (a helper, a constant, a type, an enum case) was
// added, removed or changed; else its last result is kept. Options that change read everything again.
//
// Finding the layouts is incremental too. The file's *outline* (`OutlineUnit`: its top-level items, and its types'
// headers, members and closing braces) is read once per update, and where each unit's text starts is carried over
// from the last update outside the edit. A unit whose region is unchanged is not looked into when it built no layout
// last time (`quiet`), and the constructions of one that did are found at the offsets they had (`constructions`);
// only the changed units are indexed and walked.
//
// Invariant (tested): after every update, `result` equals `SwiftFrontEnd.lint` of the text.

import Foundation
import LayoutLintCore
import SwiftParser
import SwiftSyntax

public final class SwiftDocumentReader: @unchecked Sendable {
    public let path: String
    public private(set) var options: LintOptions
    public private(set) var result: SwiftFileResult
    public private(set) var stats = SwiftReadStats()

    private var text: [UInt8] = []
    /// What the reader keeps from one update to the next; `forget` drops it all.
    private var kept = Kept()
    private var nextID = 1
    /// How many updates reuse the previous tree before a from-scratch parse starts beside them (bounds the memory
    /// old trees hold).
    let reparseEvery: Int

    /// What one update leaves for the next.
    private struct Kept {
        /// Whether the text's brackets were found (or known) to nest within `SwiftFrontEnd.maxBracketNesting`: an
        /// edit that types or deletes none of the bytes the scan looks at does not scan again.
        var bracketsWithinLimit = false
        /// Whether the text mentions `layoutlint` (a suppression comment may be in it; nil: not known).
        var mentionsLayoutlint: Bool?
        var parse = ParseState()
        var regions = SwiftRegions()
        /// Each region's end in the text (parallel to `regions.starts`).
        var ends: [Int] = []
        /// By region id: the names the region declares (a member's owner type too).
        var declared: [Int: Set<String>] = [:]
        /// By name: the regions whose declarations the tables find by it (`SwiftModule.tableKeys`), and by region
        /// id those names.
        var keyed: [String: Set<Int>] = [:]
        var keysOf: [Int: [String]] = [:]
        /// By region id: the top-level items and type members that build no layout (while their text is
        /// unchanged, their syntax is not looked into again), and where in the others the constructions of layouts
        /// are (region offsets).
        var quiet: Set<Int> = []
        var constructions: [Int: [Int]] = [:]
        /// Where each unit of the outline (`OutlineUnit`) and its text started, after the last update.
        var unitStarts: [(position: Int, start: Int)] = []
        /// The last outcome of each layout, by the region offset where it is built.
        var cache: [Int: SwiftFrontEnd.SiteOutcome] = [:]

        /// Drops what is kept for region `id` (gone, or changed): returns the names it declared.
        mutating func drop(region id: Int) -> Set<String> {
            for name in keysOf.removeValue(forKey: id) ?? [] {
                keyed[name]?.remove(id)
                if keyed[name]?.isEmpty == true { keyed[name] = nil }
            }
            quiet.remove(id)
            constructions.removeValue(forKey: id)
            return declared.removeValue(forKey: id) ?? []
        }
    }

    /// The parser's side: the last tree, the large items of it (`parseEdits`), and the from-scratch parse.
    private struct ParseState {
        var parsed: IncrementalParseResult?
        /// The large items of the last tree (`largeItemsOf`), for the next parse (`parseEdits`).
        var largeItems: [LargeItem] = []
        var parsesSinceWhole = 0
        /// The from-scratch parse running on its own thread, if one is, and the edits made since it started.
        var compaction: Compaction?
        var editsSinceCompaction: [SourceEdit] = []
    }

    /// The edit an update reads: the old text's [start, oldEnd) is the new text's [start, newEnd).
    private struct Change {
        let start: Int, oldEnd: Int, newEnd: Int
        var delta: Int { newEnd - oldEnd }
    }

    /// The regions after an update, and what changed in them.
    private struct RegionChanges {
        let regions: SwiftRegions
        /// The ids of the regions that are new or whose text changed.
        let ids: Set<Int>
        /// The names whose declarations changed: those of regions gone, new or changed.
        var names: Set<String>
    }

    public init(path: String, text: [UInt8], options: LintOptions, reparseEvery: Int = 400) {
        self.path = path
        self.reparseEvery = reparseEvery
        self.options = options
        result = SwiftFileResult(path: path, source: [], lineIndex: LineIndex([]), diagnostics: [])
        update(text: text, options: nil)
    }

    /// Reads `text` (the document's text now); `options` when they changed (everything is read again).
    /// `lineIndex`: the text's, when the caller has it.
    public func update(text newText: [UInt8], options newOptions: LintOptions?, lineIndex: LineIndex? = nil) {
        if isLargeStackThread {
            updateOnThisThread(newText, newOptions, lineIndex)
        } else {
            worker.run { self.updateOnThisThread(newText, newOptions, lineIndex) }
        }
    }

    /// The thread updates run on when the caller's stack is not a large one (kept from one update to the next).
    private let worker = LargeStackWorker()

    deinit { worker.stop() }

    private func forget() { kept = Kept() }

    /// One update, step by step: what is not read at all; the parse; the regions and what changed in them; the
    /// layouts found and the declarations indexed; the layouts read again or kept; the file's result.
    private func updateOnThisThread(_ newText: [UInt8], _ newOptions: LintOptions?, _ knownIndex: LineIndex?) {
        let t0 = nowMicros()
        stats = SwiftReadStats()
        if let newOptions {
            options = newOptions
            kept.cache = [:]
        }
        let oldText = text
        text = newText
        let (environments, unknown) = environmentsToResolve(options: options)
        let span = changedSpan(oldText, newText)
        let change = Change(start: span.start, oldEnd: span.oldEnd, newEnd: span.newEnd)
        if let unread = notRead(oldText, newText, change, knownIndex, environments: environments, unknown: unknown) {
            forget()
            result = unread
            stats.totalMicros = nowMicros() - t0
            return
        }
        let lineIndex = knownIndex ?? LineIndex(newText)
        let incremental = !kept.regions.starts.isEmpty

        let tree = parse(oldText, newText, change)
        stats.parseMicros = nowMicros() - t0

        let outline = outlineUnits(tree, change, incremental: incremental)
        var changes = cutRegions(outline, change, count: newText.count, incremental: incremental)
        kept.mentionsLayoutlint = mentionsSuppression(
            newText, after: kept.mentionsLayoutlint.map { (oldText, $0, change.start, change.oldEnd, change.newEnd) })
        let comments = kept.mentionsLayoutlint == true ? swiftComments(tree, bytes: newText) : []
        let module = findLayouts(newText, lineIndex, tree, comments, outline, &changes)
        stats.indexMicros = nowMicros() - t0 - stats.parseMicros

        let outcomes = readLayouts(module, changes, environments: environments)
        let assembled = SwiftFrontEnd.assemble(outcomes, module: module, options: options, unknown: unknown)[0]
        var r = SwiftFileResult(path: path, source: newText, lineIndex: lineIndex, diagnostics: assembled.diagnostics)
        r.omitted = assembled.omitted
        r.layouts = assembled.layouts
        r.unread = assembled.unread
        r.unknownEnvironments = unknown
        r.regions = changes.regions
        result = r
        stats.mode = incremental && newOptions == nil ? "swift" : "swift-whole"
        stats.readMicros = nowMicros() - t0 - stats.parseMicros - stats.indexMicros
        stats.totalMicros = nowMicros() - t0
    }

    /// The result of a text that is not read: refused (too large, nested too deep), or one that names no
    /// compositional layout, or no environment to read in; nil for a text to read.
    private func notRead(
        _ oldText: [UInt8], _ newText: [UInt8], _ change: Change, _ knownIndex: LineIndex?,
        environments: [LayoutEnvironment], unknown: [String]
    ) -> SwiftFileResult? {
        let bracketsKnown =
            kept.bracketsWithinLimit
            && !SwiftFrontEnd.mayChangeBracketNesting(oldText, change.start..<change.oldEnd)
            && !SwiftFrontEnd.mayChangeBracketNesting(newText, change.start..<change.newEnd)
        if let refused = SwiftFrontEnd.refusal(path: path, bytes: newText, bracketsWithinLimit: bracketsKnown) {
            return refused
        }
        guard mentionsCompositionalLayout(newText), !environments.isEmpty else {
            var r = SwiftFileResult(
                path: path, source: newText, lineIndex: knownIndex ?? LineIndex(newText), diagnostics: [])
            if mentionsCompositionalLayout(newText) { r.unknownEnvironments = unknown }
            return r
        }
        // (The text mentions the API and was not refused: its brackets were scanned, or known, to nest within the
        // limit.)
        kept.bracketsWithinLimit = true
        return nil
    }

    /// Parses the text, reusing the previous tree's unchanged nodes (`stats.parseReused`).
    /// An incremental parse keeps the previous trees' memory alive through the nodes it reuses: every
    /// `reparseEvery` updates a from-scratch parse of the text starts on a thread of its own (off the typing path:
    /// it costs as much as reading the file anew), and the first update after it has finished continues from its
    /// tree instead, which lets the earlier ones go. (The edits since the from-scratch parse started are given one
    /// by one: the span from its text to this one would have the parse read everything between two places typed
    /// at.)
    private func parse(_ oldText: [UInt8], _ newText: [UInt8], _ change: Change) -> SourceFileSyntax {
        let edit = SourceEdit(
            range: AbsolutePosition(utf8Offset: change.start)..<AbsolutePosition(utf8Offset: change.oldEnd),
            replacement: Array(newText[change.start..<change.newEnd]))
        var edits = ConcurrentEdits(edit)
        var parsedText = oldText
        var state = kept.parse
        if let c = state.compaction {
            state.editsSinceCompaction.append(edit)
            if let fresh = c.result {
                state.compaction = nil
                state.parsed = fresh
                state.parsesSinceWhole = 0
                edits = ConcurrentEdits(fromSequential: state.editsSinceCompaction)
                state.editsSinceCompaction = []
                parsedText = c.text
                state.largeItems = largeItemsOf(
                    OutlineUnit.of(fresh.tree), end: fresh.tree.endOfFileToken.position.utf8Offset)
            }
        }
        var reused = 0
        let transition = state.parsed.map {
            IncrementalParseTransition(
                previousIncrementalParseResult: $0,
                edits: parseEdits(edits, oldText: parsedText, largeItems: state.largeItems),
                reusedNodeCallback: { _ in reused += 1 })
        }
        state.parsesSinceWhole = state.parsed == nil ? 0 : state.parsesSinceWhole + 1
        let parse = newText.withUnsafeBufferPointer {
            Parser.parseIncrementally(source: $0, parseTransition: transition)
        }
        state.parsed = parse
        stats.parseReused = reused
        if state.parsesSinceWhole >= reparseEvery && state.compaction == nil {
            state.compaction = Compaction(text: newText)
            state.editsSinceCompaction = []
        }
        kept.parse = state
        return parse.tree
    }

    /// The file's outline, with where each unit's text starts carried over from the last update outside the edit.
    /// (A unit whose leading trivia starts where one did, in text the edit did not touch, starts where it did: its
    /// trivia is the same bytes, up to the same first token. Before the edit, the first token's first bytes must be
    /// untouched too: `/` and `<<<<<<<` are trivia or not by the bytes that follow.)
    private func outlineUnits(_ tree: SourceFileSyntax, _ change: Change, incremental: Bool) -> [OutlineUnit] {
        let lastStarts = kept.unitStarts
        func oldStart(_ position: Int) -> Int? {
            let prefix = position < change.start
            let at = prefix ? position : position - change.delta
            guard prefix || (position >= change.newEnd && at >= change.oldEnd) else { return nil }
            let lo = lowerBound(lastStarts.count) { lastStarts[$0].position < at }
            guard lo < lastStarts.count, lastStarts[lo].position == at else { return nil }
            let start = lastStarts[lo].start
            return prefix ? (start + 8 <= change.start ? start : nil) : start + change.delta
        }
        let outline = OutlineUnit.of(tree, knownStart: incremental ? oldStart : { _ in nil })
        kept.unitStarts = outline.map { ($0.position, $0.start) }
        kept.parse.largeItems = largeItemsOf(outline, end: tree.endOfFileToken.position.utf8Offset)
        return outline
    }

    /// The regions of the new text: those whose text did not change keep their ids (`stats.regions`,
    /// `stats.regionsChanged`); what was kept for the others is dropped.
    private func cutRegions(_ outline: [OutlineUnit], _ change: Change, count: Int, incremental: Bool)
        -> RegionChanges
    {
        let cuts = Self.regionCuts(outline, count: count)
        let old = kept.regions
        /// The old region that started at `s` and ended at `e`.
        func oldRegion(_ s: Int, _ e: Int) -> Int? {
            let lo = lowerBound(old.starts.count) { old.starts[$0] < s }
            return lo < old.starts.count && old.starts[lo] == s && kept.ends[lo] == e ? lo : nil
        }
        var oldKept = [Bool](repeating: false, count: old.starts.count)
        var fresh = SwiftRegions()
        fresh.starts.reserveCapacity(cuts.count)
        fresh.ids.reserveCapacity(cuts.count)
        fresh.startOf.reserveCapacity(cuts.count)
        var newEnds: [Int] = []
        var changedIDs = Set<Int>()
        var containerChanged = false
        for (k, cut) in cuts.enumerated() {
            let s = cut.start, e = k + 1 < cuts.count ? cuts[k + 1].start : count
            var oldIndex: Int?
            if incremental {
                if e <= change.start { oldIndex = oldRegion(s, e) }
                if s >= change.newEnd, s - change.delta >= change.oldEnd {
                    oldIndex = oldRegion(s - change.delta, e - change.delta)
                }
            }
            // A member keeps its result only while its type's header is the one it was read under.
            if cut.isMember && containerChanged { oldIndex = nil }
            if let oldIndex { oldKept[oldIndex] = true }
            let id = oldIndex.map { old.ids[$0] }
            if cut.isHeader { containerChanged = id == nil }
            if cut.isTopLevel && !cut.isHeader { containerChanged = false }
            let rid =
                id
                ?? {
                    defer { nextID += 1 }; return nextID
                }()
            if id == nil { changedIDs.insert(rid) }
            fresh.starts.append(s)
            fresh.ids.append(rid)
            fresh.startOf[rid] = s
            newEnds.append(e)
        }
        // What is kept by region id is kept while the region is.
        var changedNames = Set<String>()
        for (i, id) in old.ids.enumerated() where !oldKept[i] { changedNames.formUnion(kept.drop(region: id)) }
        kept.regions = fresh
        kept.ends = newEnds
        stats.regions = fresh.ids.count
        stats.regionsChanged = changedIDs.count
        return RegionChanges(regions: fresh, ids: changedIDs, names: changedNames)
    }

    /// The module of the new text, with the layout sites found and the changed regions' declarations indexed.
    /// Items and members whose text is unchanged are not walked again: those without layouts are skipped
    /// (`stats.unitsSkipped`), and the constructions of the others are found where they were.
    private func findLayouts(
        _ newText: [UInt8], _ lineIndex: LineIndex, _ tree: SourceFileSyntax,
        _ comments: [Comment], _ outline: [OutlineUnit], _ changes: inout RegionChanges
    ) -> SwiftModule {
        let fresh = changes.regions, changedIDs = changes.ids
        // Regions kept declare what they declared; the others are read from the new declarations.
        let inChanged = { (offset: Int) -> Bool in
            fresh.regionIndex(offset).map { changedIDs.contains(fresh.ids[$0]) } ?? false
        }
        // (`looked`: the regions of the items and members looked into.)
        var looked: [Int] = []
        let walks = outline.map { unit -> OutlineUnit.Walk in
            switch unit.node {
            case .item, .member:
                guard let i = fresh.regionIndex(unit.start), fresh.starts[i] == unit.start else { return .walk }
                let id = fresh.ids[i]
                if !changedIDs.contains(id) && kept.quiet.contains(id) {
                    stats.unitsSkipped += 1
                    return .skip
                }
                looked.append(id)
                return changedIDs.contains(id)
                    ? .walk : .relocate((kept.constructions[id] ?? []).map(fresh.textOffset))
            case .header, .closingBrace:
                return .walk
            }
        }
        let module = SwiftModule(
            path: path, bytes: newText, lineIndex: lineIndex, tree: tree, comments: comments, regions: fresh,
            outline: outline, walks: walks, namesAt: inChanged)
        var siteRegions = Set<Int>()
        var found: [Int: [Int]] = [:]
        for site in module.sites {
            let id = RegionOffset.region(site.range.start)
            siteRegions.insert(id)
            if case .construction = site.kind { found[id, default: []].append(site.range.start) }
        }
        for id in looked {
            if siteRegions.contains(id) { kept.quiet.remove(id) } else { kept.quiet.insert(id) }
            kept.constructions[id] = found[id]
        }
        for (name, offset) in module.declaredNames {
            guard let i = fresh.regionIndex(offset), changedIDs.contains(fresh.ids[i]) else { continue }
            kept.declared[fresh.ids[i], default: []].insert(name)
            changes.names.insert(name)
        }
        for (name, offset) in module.tableKeys {
            guard let i = fresh.regionIndex(offset) else { continue }
            let id = fresh.ids[i]
            kept.keysOf[id, default: []].append(name)
            kept.keyed[name, default: []].insert(id)
        }
        module.keyedRegions = kept.keyed
        return module
    }

    /// Each layout: its last outcome while nothing it read changed, else read again (`stats.layoutsRead`,
    /// `layoutsReused`); the layouts to read again are read at once, on several threads where they are several.
    private func readLayouts(_ module: SwiftModule, _ changes: RegionChanges, environments: [LayoutEnvironment])
        -> [SwiftFrontEnd.SiteOutcome]
    {
        var reusable: [Int: SwiftFrontEnd.SiteOutcome] = [:]
        for site in module.sites {
            let key = site.range.start
            guard let old = kept.cache[key], old.site.name == site.name,
                !changes.ids.contains(RegionOffset.region(key)),
                !(site.context?.is(SourceFileSyntax.self) ?? false), old.lookups.isDisjoint(with: changes.names)
            else { continue }
            old.site = site
            reusable[key] = old
        }
        let outcomes = SwiftFrontEnd.layoutOutcomes(module, kept: { reusable[$0.range.start] }) { sites in
            readSites(sites, module: module, environments: environments, options: options)
        }
        var cache: [Int: SwiftFrontEnd.SiteOutcome] = [:]
        for o in outcomes {
            if reusable[o.site.range.start] === o { stats.layoutsReused += 1 } else { stats.layoutsRead += 1 }
            cache[o.site.range.start] = o
        }
        kept.cache = cache
        stats.layouts = outcomes.count
        stats.regionsIndexed += module.regionsIndexed
        return outcomes
    }

    /// Reads `sites`, returning their outcomes in order: on this thread alone, or with the reading pool's helpers
    /// when they are several (each thread reads with a module of its own, `SwiftModule.forReading`).
    private func readSites(
        _ sites: [LayoutSite], module: SwiftModule, environments: [LayoutEnvironment],
        options: LintOptions
    ) -> [SwiftFrontEnd.SiteOutcome] {
        if sites.count > 1 {
            module.indexDeclarations(of: Set(sites.flatMap { kept.cache[$0.range.start]?.lookups ?? [] }))
            let results = ReadResults(count: sites.count)
            let lanes = ReadingPool.shared.perform(sites.count) { next in
                let own = module.forReading()
                while let k = next() {
                    results.set(
                        k, SwiftFrontEnd.readSite(sites[k], module: own, environments: environments, options: options))
                }
                results.indexed(own.regionsIndexed)
            }
            if lanes > 1 {
                stats.readThreads = max(stats.readThreads, lanes)
                stats.regionsIndexed += results.regionsIndexed
                return results.outcomes.map { $0! }
            }
        }
        if !sites.isEmpty { stats.readThreads = max(stats.readThreads, 1) }
        return sites.map { SwiftFrontEnd.readSite($0, module: module, environments: environments, options: options) }
    }

    /// Where the regions start: each top-level item, and in a top-level type or extension each member and the
    /// closing brace, each with the comments and blank lines before it as a region of its own.
    static func regionCuts(_ outline: [OutlineUnit], count: Int) -> [(
        start: Int, isTopLevel: Bool, isHeader: Bool, isMember: Bool
    )] {
        var cuts: [(start: Int, isTopLevel: Bool, isHeader: Bool, isMember: Bool)] = [(0, true, false, false)]
        func add(_ at: Int, top: Bool, header: Bool, member: Bool) {
            if at == cuts[cuts.count - 1].start {
                cuts[cuts.count - 1] = (at, top, header, member)
            } else if at > cuts[cuts.count - 1].start && at < count {
                cuts.append((at, top, header, member))
            }
        }
        for unit in outline {
            // Comments and blank lines before a declaration are a region of their own: typing there reads nothing
            // again.
            add(unit.position, top: false, header: false, member: false)
            switch unit.node {
            case .item: add(unit.start, top: true, header: false, member: false)
            case .header: add(unit.start, top: true, header: true, member: false)
            case .member, .closingBrace: add(unit.start, top: false, header: false, member: true)
            }
        }
        return cuts
    }
}
