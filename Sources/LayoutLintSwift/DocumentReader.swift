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

/// Region offsets: a region's id in the high bits, the offset inside it in the low 32. Offsets below 2^32 are
/// offsets into the text (the identity when there are no regions).
public struct SwiftRegions: Sendable {
    /// Where each region starts in the text, ascending (the first at 0), and its id (1 and up).
    fileprivate(set) var starts: [Int] = []
    fileprivate(set) var ids: [Int] = []
    fileprivate(set) var startOf: [Int: Int] = [:]

    public init() {}

    /// The region holding text offset `offset`.
    func regionIndex(_ offset: Int) -> Int? {
        guard !starts.isEmpty, offset >= 0 else { return nil }
        // (The first region starts at 0: the last start at or before `offset`.)
        return max(0, lowerBound(starts.count) { starts[$0] <= offset } - 1)
    }

    public func virtual(_ offset: Int) -> Int {
        guard let i = regionIndex(offset) else { return offset }
        return (ids[i] << 32) + offset - starts[i]
    }

    /// A range keeps its length (it lies inside one region).
    public func virtual(_ r: ByteRange) -> ByteRange {
        let s = virtual(r.start)
        return ByteRange(s, s + r.length)
    }

    public func real(_ offset: Int) -> Int {
        guard offset >= 1 << 32 else { return offset }
        guard let s = startOf[offset >> 32] else { return 0 }
        return s + (offset & 0xFFFF_FFFF)
    }

    public func real(_ r: ByteRange) -> ByteRange {
        let s = real(r.start)
        return ByteRange(s, s + r.length)
    }
}

/// What the last update did (`layoutlint/stats`).
public struct SwiftReadStats: Sendable, Equatable {
    /// "swift" (an incremental update), "swift-whole" (the document read from scratch: the first time, new
    /// options, or a file layoutlint does not read).
    public var mode = "swift-whole"
    public var layouts = 0
    /// Layouts evaluated, resolved and checked again by the last update.
    public var layoutsRead = 0
    /// Layouts whose results were kept.
    public var layoutsReused = 0
    public var regions = 0
    /// Regions the update found new or changed.
    public var regionsChanged = 0
    /// Top-level items and type members not looked into for layouts (unchanged, and they build none).
    public var unitsSkipped = 0
    /// Top-level items, members and statements the incremental parse took from the previous tree without parsing
    /// them again (an item taken whole counts once).
    public var parseReused = 0
    /// The most threads that read layouts at once (1: the reader's own; more when several layouts were read again
    /// and the processors allow: `ReadingPool`).
    public var readThreads = 0
    /// Regions whose declarations were indexed for the lookups of the layouts read (those that declare the names
    /// they looked up; a region indexed by several reading threads counts once for each).
    public var regionsIndexed = 0
    public var parseMicros = 0
    /// Regions, declarations and layout sites found.
    public var indexMicros = 0
    /// Layouts read, and the file's diagnostics assembled.
    public var readMicros = 0
    public var totalMicros = 0
    public init() {}
}

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
        let bracketsKnown = bracketsWithinLimit && !SwiftFrontEnd.mayChangeBracketNesting(oldText, p..<oldEnd)
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
        let edit = SourceEdit(range: AbsolutePosition(utf8Offset: p)..<AbsolutePosition(utf8Offset: oldEnd),
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
                largeItems = largeItemsOf(OutlineUnit.of(fresh.tree), end: fresh.tree.endOfFileToken.position.utf8Offset)
            }
        }
        var reused = 0
        let transition = parsed.map {
            IncrementalParseTransition(previousIncrementalParseResult: $0, edits: parseEdits(edits, oldText: parsedText, largeItems: largeItems),
                                       reusedNodeCallback: { _ in reused += 1 })
        }
        parsesSinceWhole = parsed == nil ? 0 : parsesSinceWhole + 1
        let incremental = !regions.starts.isEmpty
        let parse = newText.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: transition) }
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
            let rid = id ?? { defer { nextID += 1 }; return nextID }()
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

        mentionsLayoutlint = mentionsSuppression(newText, after: mentionsLayoutlint.map { (oldText, $0, p, oldEnd, newEnd) })
        let comments = mentionsLayoutlint == true ? swiftComments(tree, bytes: newText) : []
        // Regions kept declare what they declared; the others are read from the new declarations.
        let inChanged = { (offset: Int) -> Bool in fresh.regionIndex(offset).map { changedIDs.contains(fresh.ids[$0]) } ?? false }
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
                return changedIDs.contains(id) ? .read : .relocate((constructions[id] ?? []).map(fresh.real))
            case .header, .closingBrace:
                return .read
            }
        }
        let module = SwiftModule(path: path, bytes: newText, lineIndex: lineIndex, tree: tree, comments: comments, regions: fresh,
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
                  !(site.context?.is(SourceFileSyntax.self) ?? false), old.lookups.isDisjoint(with: changedNames) else { continue }
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
    private func readSites(_ sites: [LayoutSite], module: SwiftModule, environments: [LayoutEnvironment],
                           options: LintOptions) -> [SwiftFrontEnd.SiteOutcome] {
        if sites.count > 1 {
            module.prepare(Set(sites.flatMap { cache[$0.range.start]?.lookups ?? [] }))
            let results = ReadResults(count: sites.count)
            let lanes = ReadingPool.shared.perform(sites.count) { next in
                let own = module.forReading()
                while let k = next() { results.set(k, SwiftFrontEnd.readSite(sites[k], module: own, environments: environments, options: options)) }
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
    static func regionCuts(_ outline: [OutlineUnit], count: Int) -> [(start: Int, isTopLevel: Bool, isHeader: Bool, isMember: Bool)] {
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

/// The outcomes of layouts read on several threads, by index.
private final class ReadResults: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var outcomes: [SwiftFrontEnd.SiteOutcome?]
    /// The regions the threads' modules indexed besides the reader's.
    private(set) var regionsIndexed = 0
    init(count: Int) { outcomes = Array(repeating: nil, count: count) }
    func set(_ k: Int, _ outcome: SwiftFrontEnd.SiteOutcome) {
        lock.lock()
        defer { lock.unlock() }
        outcomes[k] = outcome
    }
    func indexed(_ n: Int) {
        lock.lock()
        defer { lock.unlock() }
        regionsIndexed += n
    }
}

/// The edits an incremental parse is told of: the text's `edits` (of `oldText`, the text the previous tree was parsed
/// from), and beside them edits that replace a byte of a large item by itself: the last byte of each item that ends
/// before the first edit, and the first byte of each top-level item or type that starts after the last one.
///
/// swift-syntax (603) records how far the parser looked ahead for each top-level item and member it parses or
/// reuses, but a reused item's record does not bring those of the items inside it along. After an edit above or
/// below a large type had the type reused whole, the next edit inside it parsed every member before it again: near
/// the end of the type, as much as a from-scratch parse. An edit that changes nothing keeps an item from being reused
/// whole: the parse goes into it and reuses its members one by one, recording each (the member or item whose
/// lookahead reaches that byte is parsed again).
/// After the edits, only the top-level items, not their members: there the parse reuses an item past the last edit
/// without looking at its record, and after a recovery that looked ahead to the end of the file (a statement where a
/// `case` belongs does) every item parsed later records a lookahead to the end, which a later edit touches.
/// (swift-syntax keeps the records of the items inside a reused one since its pull request 3421, merged after 603.0.1:
/// with a version that has it, these edits are not needed.)
func parseEdits(_ edits: ConcurrentEdits, oldText: [UInt8], largeItems: [LargeItem]) -> ConcurrentEdits {
    guard let first = edits.edits.first?.range.lowerBound.utf8Offset, let last = edits.edits.last?.range.upperBound.utf8Offset else {
        return edits
    }
    func same(_ offset: Int) -> SourceEdit {
        SourceEdit(range: AbsolutePosition(utf8Offset: offset)..<AbsolutePosition(utf8Offset: offset + 1), replacement: [oldText[offset]])
    }
    let before = largeItems.prefix { $0.last + 1 < first }.map { same($0.last) }
    let after = largeItems.filter { $0.topLevel && $0.first > last && $0.first < oldText.count }.map { same($0.first) }
    guard !before.isEmpty || !after.isEmpty else { return edits }
    return (try? ConcurrentEdits(concurrent: before + edits.edits + after)) ?? edits
}

/// A top-level item, top-level type or type member of at least `largeItem` bytes (`largeItemsOf`): where it starts
/// (its leading trivia) and its last byte.
struct LargeItem {
    let first: Int
    let last: Int
    let topLevel: Bool
}

/// The large items of an outline (`OutlineUnit.of`), by their last byte. `end`: where the file's end-of-file token
/// starts (the trivia after the last item is its own).
func largeItemsOf(_ outline: [OutlineUnit], end: Int, largeItem: Int = 4096) -> [LargeItem] {
    var items: [LargeItem] = []
    var header = 0
    for (k, unit) in outline.enumerated() {
        let next = k + 1 < outline.count ? outline[k + 1].position : end
        switch unit.node {
        case .header: header = unit.position
        case .item:
            if next - unit.position >= largeItem { items.append(LargeItem(first: unit.position, last: next - 1, topLevel: true)) }
        case .member:
            if next - unit.position >= largeItem { items.append(LargeItem(first: unit.position, last: next - 1, topLevel: false)) }
        case .closingBrace:
            if next - header >= largeItem { items.append(LargeItem(first: header, last: next - 1, topLevel: true)) }
        }
    }
    return items
}

/// A from-scratch parse of a text on a thread of its own (the stack as deep as `onLargeStack`'s).
private final class Compaction: @unchecked Sendable {
    let text: [UInt8]
    private let lock = NSLock()
    private var finished: IncrementalParseResult?

    init(text: [UInt8]) {
        self.text = text
        let thread = Thread { [self] in
            lowerThisThreadsPriority()
            let tree = self.text.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: nil) }
            self.lock.withLock { self.finished = tree }
        }
        thread.stackSize = 64 << 20
        thread.start()
    }

    /// The tree, once the parse has finished.
    var result: IncrementalParseResult? { lock.withLock { finished } }
}

/// The first index in 0..<count where `below` is false (`below` true for a prefix of the indices).
func lowerBound(_ count: Int, _ below: (Int) -> Bool) -> Int {
    var lo = 0, hi = count
    while lo < hi {
        let mid = (lo + hi) / 2
        if below(mid) { lo = mid + 1 } else { hi = mid }
    }
    return lo
}

/// Work beside the typing path yields the CPU to it: on Linux the calling thread's nice value is raised (`who` 0
/// is the calling thread there).
func lowerThisThreadsPriority() {
    #if os(Linux)
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    #endif
}

/// Where two texts differ: old [start, oldEnd) is new [start, newEnd) (the common prefix and suffix compared a
/// block at a time with memcmp, then byte by byte).
func changedSpan(_ old: [UInt8], _ new: [UInt8]) -> (start: Int, oldEnd: Int, newEnd: Int) {
    old.withUnsafeBufferPointer { o in
        new.withUnsafeBufferPointer { n in
            let common = min(o.count, n.count)
            guard common > 0, let ob = o.baseAddress, let nb = n.baseAddress else { return (0, o.count, n.count) }
            let block = 256
            var p = 0
            while p + block <= common && memcmp(ob + p, nb + p, block) == 0 { p += block }
            while p < common && o[p] == n[p] { p += 1 }
            var suffix = 0
            while suffix + block <= common - p && memcmp(ob + o.count - suffix - block, nb + n.count - suffix - block, block) == 0 {
                suffix += block
            }
            while suffix < common - p && o[o.count - 1 - suffix] == n[n.count - 1 - suffix] { suffix += 1 }
            return (p, o.count - suffix, n.count - suffix)
        }
    }
}

extension SwiftFileResult {
    /// Turns offsets in `layouts[].result` and `layouts[].documents` (region offsets, when a document reader made
    /// this result) into offsets in the text.
    public func real(_ r: ByteRange) -> ByteRange { regions.real(r) }
    /// A text offset as `layouts[].result`'s ranges have it.
    public func virtual(_ offset: Int) -> Int { regions.virtual(offset) }
}

/// Whether the text mentions a suppression at all (most files do not: their comments need not be collected).
func mentionsSuppression(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { contains($0, "layoutlint") }
}

/// The same after an edit, from what the text before it said (`old`, whether it mentioned, the changed span): a
/// mention the edit made or unmade overlaps the span, so only the bytes around it are searched, unless the edit
/// touched a mention the old text had (then the whole text is).
func mentionsSuppression(_ bytes: [UInt8], after edit: (old: [UInt8], mentioned: Bool, start: Int, oldEnd: Int, newEnd: Int)?) -> Bool {
    guard let e = edit else { return mentionsSuppression(bytes) }
    let reach = "layoutlint".utf8.count - 1
    func around(_ b: [UInt8], _ end: Int) -> Bool {
        let lo = max(0, e.start - reach), hi = min(b.count, end + reach)
        return lo < hi && b.withUnsafeBufferPointer { contains(UnsafeBufferPointer(rebasing: $0[lo..<hi]), "layoutlint") }
    }
    if !e.mentioned { return around(bytes, e.newEnd) }
    return around(e.old, e.oldEnd) ? mentionsSuppression(bytes) : true
}
