// One Swift document as an editor holds it, read again after each edit: only the layouts the edit can have changed
// are evaluated, resolved and checked again.
//
// The file is cut into *regions*: each top-level declaration or statement, and inside a top-level type or extension
// its header, each member, and its closing brace; the comments and blank lines before each are a region apart. Everything computed for a layout (the model, the resolved
// layouts, the findings, the evaluator's notes) is kept in *region offsets* (`SwiftRegions`: region id << 32 + the
// offset in the region), which text inserted or removed elsewhere does not move; results are turned into offsets in
// the text when they are assembled, once per update.
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
    /// Whether the text's brackets were found (or known) to nest within `SwiftFrontEnd.maxBracketNesting`: an edit
    /// that types or deletes none of the bytes the scan looks at does not scan again.
    private var bracketsWithinLimit = false
    /// Whether the text mentions `layoutlint` (a suppression comment may be in it; nil: not known).
    private var mentionsLayoutlint: Bool?
    private var parsed: IncrementalParseResult?
    private var regions = SwiftRegions()
    /// Each region's end in the text (parallel to `regions.starts`).
    private var ends: [Int] = []
    /// By region id: the names the region declares (a member's owner type too).
    private var declared: [Int: Set<String>] = [:]
    /// By name: the regions whose declarations the tables find by it (`SwiftModule.tableKeys`), and by region id
    /// those names.
    private var keyed: [String: Set<Int>] = [:]
    private var keysOf: [Int: [String]] = [:]
    /// By region id: the top-level items and type members that build no layout (while their text is unchanged,
    /// their syntax is not looked into again), and where in the others the constructions of layouts are (region
    /// offsets).
    private var quiet: Set<Int> = []
    private var constructions: [Int: [Int]] = [:]
    /// Where each unit of the outline (`OutlineUnit`) and its text started, after the last update.
    private var unitStarts: [(position: Int, start: Int)] = []
    /// The large items of the last tree (`largeItemsOf`), for the next parse (`parseEdits`).
    private var largeItems: [LargeItem] = []
    /// The last outcome of each layout, by the region offset where it is built.
    private var cache: [Int: SwiftFrontEnd.SiteOutcome] = [:]
    private var nextID = 1
    private var parsesSinceWhole = 0
    /// The from-scratch parse running on its own thread, if one is, and the edits made since it started.
    private var compaction: Compaction?
    private var editsSinceCompaction: [SourceEdit] = []
    /// How many updates reuse the previous tree before a from-scratch parse starts beside them (bounds the memory
    /// old trees hold).
    let reparseEvery: Int

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

    private func forget() {
        bracketsWithinLimit = false
        mentionsLayoutlint = nil
        parsed = nil
        compaction = nil
        editsSinceCompaction = []
        regions = SwiftRegions()
        ends = []
        declared = [:]
        keyed = [:]
        keysOf = [:]
        quiet = []
        constructions = [:]
        unitStarts = []
        largeItems = []
        cache = [:]
    }

    private func updateOnThisThread(_ newText: [UInt8], _ newOptions: LintOptions?, _ knownIndex: LineIndex?) {
        let t0 = nowMicros()
        stats = SwiftReadStats()
        if let newOptions {
            options = newOptions
            cache = [:]
        }
        let oldText = text
        text = newText
        let (environments, unknown) = environmentsToResolve(options: options)
        // The changed span: old [p, oldEnd) is new [p, newEnd).
        let (p, oldEnd, newEnd) = changedSpan(oldText, newText)
        let bracketsKnown =
            bracketsWithinLimit && !SwiftFrontEnd.mayChangeBracketNesting(oldText, p..<oldEnd)
            && !SwiftFrontEnd.mayChangeBracketNesting(newText, p..<newEnd)
        if let refused = SwiftFrontEnd.refusal(path: path, bytes: newText, bracketsWithinLimit: bracketsKnown) {
            forget()
            result = refused
            stats.totalMicros = nowMicros() - t0
            return
        }
        let lineIndex = knownIndex ?? LineIndex(newText)
        guard mentionsCompositionalLayout(newText), !environments.isEmpty else {
            forget()
            result = SwiftFileResult(path: path, source: newText, lineIndex: lineIndex, diagnostics: [])
            if mentionsCompositionalLayout(newText) { result.unknownEnvironments = unknown }
            stats.totalMicros = nowMicros() - t0
            return
        }
        // (The text mentions the API and was not refused: its brackets were scanned, or known, to nest within the
        // limit.)
        bracketsWithinLimit = true

        let delta = newEnd - oldEnd

        // Parse (reusing the previous tree's unchanged nodes).
        // An incremental parse keeps the previous trees' memory alive through the nodes it reuses: every
        // `reparseEvery` updates a from-scratch parse of the text starts on a thread of its own (off the typing
        // path: it costs as much as reading the file anew), and the first update after it has finished continues
        // from its tree instead, which lets the earlier ones go.
        // (The edits since the from-scratch parse started are given one by one: the span from its text to this one
        // would have the parse read everything between two places typed at.)
        let edit = SourceEdit(
            range: AbsolutePosition(utf8Offset: p)..<AbsolutePosition(utf8Offset: oldEnd),
            replacement: Array(newText[p..<newEnd]))
        var edits = ConcurrentEdits(edit)
        var parsedText = oldText
        if let c = compaction {
            editsSinceCompaction.append(edit)
            if let fresh = c.result {
                compaction = nil
                parsed = fresh
                parsesSinceWhole = 0
                edits = ConcurrentEdits(fromSequential: editsSinceCompaction)
                editsSinceCompaction = []
                parsedText = c.text
                largeItems = largeItemsOf(
                    OutlineUnit.of(fresh.tree), end: fresh.tree.endOfFileToken.position.utf8Offset)
            }
        }
        var reused = 0
        let transition = parsed.map {
            IncrementalParseTransition(
                previousIncrementalParseResult: $0,
                edits: parseEdits(edits, oldText: parsedText, largeItems: largeItems),
                reusedNodeCallback: { _ in reused += 1 })
        }
        parsesSinceWhole = parsed == nil ? 0 : parsesSinceWhole + 1
        let incremental = !regions.starts.isEmpty
        let parse = newText.withUnsafeBufferPointer {
            Parser.parseIncrementally(source: $0, parseTransition: transition)
        }
        parsed = parse
        stats.parseReused = reused
        if parsesSinceWhole >= reparseEvery && compaction == nil {
            compaction = Compaction(text: newText)
            editsSinceCompaction = []
        }
        let tree = parse.tree
        stats.parseMicros = nowMicros() - t0

        // Regions, with the ids of those whose text did not change.
        // (A unit whose leading trivia starts where one did, in text the edit did not touch, starts where it did:
        // its trivia is the same bytes, up to the same first token. Before the edit, the first token's first bytes
        // must be untouched too: `/` and `<<<<<<<` are trivia or not by the bytes that follow.)
        let lastStarts = unitStarts
        func oldStart(_ position: Int) -> Int? {
            let prefix = position < p
            let at = prefix ? position : position - delta
            guard prefix || (position >= newEnd && at >= oldEnd) else { return nil }
            let lo = lowerBound(lastStarts.count) { lastStarts[$0].position < at }
            guard lo < lastStarts.count, lastStarts[lo].position == at else { return nil }
            let start = lastStarts[lo].start
            return prefix ? (start + 8 <= p ? start : nil) : start + delta
        }
        let outline = OutlineUnit.of(tree, knownStart: incremental ? oldStart : { _ in nil })
        unitStarts = outline.map { ($0.position, $0.start) }
        largeItems = largeItemsOf(outline, end: tree.endOfFileToken.position.utf8Offset)
        let cuts = Self.regionCuts(outline, count: newText.count)
        let old = regions
        /// The old region that started at `s` and ended at `e`.
        func oldRegion(_ s: Int, _ e: Int) -> Int? {
            let lo = lowerBound(old.starts.count) { old.starts[$0] < s }
            return lo < old.starts.count && old.starts[lo] == s && ends[lo] == e ? lo : nil
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
            let s = cut.start, e = k + 1 < cuts.count ? cuts[k + 1].start : newText.count
            var oldIndex: Int?
            if incremental {
                if e <= p { oldIndex = oldRegion(s, e) }
                if s >= newEnd, s - delta >= oldEnd { oldIndex = oldRegion(s - delta, e - delta) }
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
        // The names whose declarations changed: those of regions gone, and of regions new or changed. What is
        // kept by region id is kept while the region is.
        var changedNames = Set<String>()
        for (i, id) in old.ids.enumerated() where !oldKept[i] {
            if let names = declared.removeValue(forKey: id) { changedNames.formUnion(names) }
            for name in keysOf.removeValue(forKey: id) ?? [] {
                keyed[name]?.remove(id)
                if keyed[name]?.isEmpty == true { keyed[name] = nil }
            }
            quiet.remove(id)
            constructions.removeValue(forKey: id)
        }
        regions = fresh
        ends = newEnds
        stats.regions = fresh.ids.count
        stats.regionsChanged = changedIDs.count

        mentionsLayoutlint = mentionsSuppression(
            newText, after: mentionsLayoutlint.map { (oldText, $0, p, oldEnd, newEnd) })
        let comments = mentionsLayoutlint == true ? swiftComments(tree, bytes: newText) : []
        // Regions kept declare what they declared; the others are read from the new declarations.
        let inChanged = { (offset: Int) -> Bool in
            fresh.regionIndex(offset).map { changedIDs.contains(fresh.ids[$0]) } ?? false
        }
        // Items and members whose text is unchanged are not walked again: those without layouts are skipped, and
        // the constructions of the others are found where they were.
        // (`looked`: the regions of the items and members looked into.)
        var looked: [Int] = []
        let reading = outline.map { unit -> OutlineUnit.Reading in
            switch unit.node {
            case .item, .member:
                guard let i = fresh.regionIndex(unit.start), fresh.starts[i] == unit.start else { return .read }
                let id = fresh.ids[i]
                if !changedIDs.contains(id) && quiet.contains(id) {
                    stats.unitsSkipped += 1
                    return .skip
                }
                looked.append(id)
                return changedIDs.contains(id) ? .read : .relocate((constructions[id] ?? []).map(fresh.textOffset))
            case .header, .closingBrace:
                return .read
            }
        }
        let module = SwiftModule(
            path: path, bytes: newText, lineIndex: lineIndex, tree: tree, comments: comments, regions: fresh,
            outline: outline, reading: reading, namesAt: inChanged)
        // (A site's range is in region offsets: its region's id is in the high bits.)
        var siteRegions = Set<Int>()
        var found: [Int: [Int]] = [:]
        for site in module.sites {
            siteRegions.insert(site.range.start >> 32)
            if case .construction = site.kind { found[site.range.start >> 32, default: []].append(site.range.start) }
        }
        for id in looked {
            if siteRegions.contains(id) { quiet.remove(id) } else { quiet.insert(id) }
            constructions[id] = found[id]
        }
        for (name, offset) in module.declaredNames {
            guard let i = fresh.regionIndex(offset), changedIDs.contains(fresh.ids[i]) else { continue }
            declared[fresh.ids[i], default: []].insert(name)
            changedNames.insert(name)
        }
        for (name, offset) in module.tableKeys {
            guard let i = fresh.regionIndex(offset) else { continue }
            let id = fresh.ids[i]
            keysOf[id, default: []].append(name)
            keyed[name, default: []].insert(id)
        }
        module.keyedRegions = keyed
        stats.indexMicros = nowMicros() - t0 - stats.parseMicros

        // Each layout: its last outcome while nothing it read changed, else read again.
        var reusable: [Int: SwiftFrontEnd.SiteOutcome] = [:]
        for site in module.sites {
            let key = site.range.start
            guard let old = cache[key], old.site.name == site.name, !changedIDs.contains(key >> 32),
                !(site.context?.is(SourceFileSyntax.self) ?? false), old.lookups.isDisjoint(with: changedNames)
            else { continue }
            old.site = site
            reusable[key] = old
        }
        // The layouts to read again are read at once, on several threads where they are several.
        let outcomes = SwiftFrontEnd.layoutOutcomes(module, kept: { reusable[$0.range.start] }) { sites in
            readSites(sites, module: module, environments: environments, options: options)
        }
        var kept: [Int: SwiftFrontEnd.SiteOutcome] = [:]
        for o in outcomes {
            if reusable[o.site.range.start] === o { stats.layoutsReused += 1 } else { stats.layoutsRead += 1 }
            kept[o.site.range.start] = o
        }
        cache = kept
        stats.layouts = outcomes.count
        stats.regionsIndexed += module.regionsIndexed
        let assembled = SwiftFrontEnd.assemble(outcomes, module: module, options: options, unknown: unknown)[0]
        var r = SwiftFileResult(path: path, source: newText, lineIndex: lineIndex, diagnostics: assembled.diagnostics)
        r.omitted = assembled.omitted
        r.layouts = assembled.layouts
        r.unread = assembled.unread
        r.unknownEnvironments = unknown
        r.regions = fresh
        result = r
        stats.mode = incremental && newOptions == nil ? "swift" : "swift-whole"
        stats.readMicros = nowMicros() - t0 - stats.parseMicros - stats.indexMicros
        stats.totalMicros = nowMicros() - t0
    }

    /// Reads `sites`, returning their outcomes in order: on this thread alone, or with the reading pool's helpers
    /// when they are several (each thread reads with a module of its own, `SwiftModule.forReading`).
    private func readSites(
        _ sites: [LayoutSite], module: SwiftModule, environments: [LayoutEnvironment],
        options: LintOptions
    ) -> [SwiftFrontEnd.SiteOutcome] {
        if sites.count > 1 {
            module.indexDeclarations(of: Set(sites.flatMap { cache[$0.range.start]?.lookups ?? [] }))
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
