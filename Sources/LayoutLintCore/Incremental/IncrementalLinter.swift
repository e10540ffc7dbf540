// The incremental linter: one open document, edited in place, re-linted section by section.
//
// The document is cut into regions: the *frame* (everything but the sections: the prefix up to and including the
// `[` of "sections", and the suffix from the `]` on) and one region per element of the "sections" array (its
// leading trivia, the element and what follows up to and including its `,`). Everything computed for a region —
// syntax tree, model, resolved sections, findings, fixes — is kept in region offsets (`RegionOffset`), which do not
// move when text before the region is edited. Only the final diagnostics are mapped to offsets into the text, once
// per update.
//
// An edit inside the sections array re-parses the sections it touches (the parser resumes in the state the full
// parser is in after the `,` before them) and reads on until a `,` or the `]` where the structure is as it was: the
// elements found in between replace those segments, one for one or not (a character typed between two sections is
// an element of its own; an unclosed string is read up to where it closes). Then those sections, the sections whose
// `$ref`s point into them, and (when elements were added or removed) the sections whose `$ref`s could name
// sections by index are built, resolved and checked again. Results do not depend on a section's index otherwise.
// Any other edit parses the whole text again, and then only the sections whose text or `$ref` targets changed (or
// all, when environments or configuration changed) are computed again: the others keep their results. Documents
// past a limit (elements, resolved nodes) and documents whose "sections" array cannot be cut cleanly are linted
// whole by `lint(bytes:)`.
//
// Invariant (checked by the tests and by the fuzz target FuzzIncremental): `diagnostics` equals
// `lint(bytes: text, options: options).diagnostics` after every update.

/// What the last update did (`layoutlint/stats`).
public struct IncrementalStats: Sendable, Equatable {
    /// "section" (one section's text re-parsed), "document" (the whole text re-parsed) or "whole" (`lint(bytes:)`).
    public var mode = "document"
    public var sections = 0
    public var environments = 0
    /// Sections built, resolved and checked again by the last update (each counted once, whatever the environments).
    public var sectionsResolved = 0
    /// Sections whose results were kept.
    public var sectionsReused = 0
    public var parseMicros = 0
    public var resolveMicros = 0
    public var lintMicros = 0
    /// The work of the update: the time spent applying its edits to the text (`edit`) plus the time of the update
    /// itself; not the time between the first edit and the update (the server's debounce wait).
    public var totalMicros = 0
    /// The text edits (`edit` calls) the update followed.
    public var edits = 0
    /// Section start offsets the edits moved, summed over the edits (a notification with many changes moves none:
    /// it follows them in bulk).
    public var regionMoves = 0
    public init() {}
}

public final class IncrementalLinter: RegionOffsetMapping, @unchecked Sendable {
    public private(set) var text: [UInt8]
    public let options: LintOptions
    public private(set) var lineIndex: LineIndex
    /// The diagnostics of the current text (linting first if it changed).
    public var diagnostics: [Diagnostic] {
        update()
        return current
    }
    private var current: [Diagnostic] = []
    /// The diagnostics past `LintOptions.maxDiagnostics` (then `diagnostics` ends with a `too-many-problems`).
    public var omitted: OmittedDiagnostics {
        update()
        return currentOmitted
    }
    private var currentOmitted = OmittedDiagnostics()
    public private(set) var stats = IncrementalStats()

    // MARK: regions

    static let suffixID = 1 << 30
    /// Sections followed one by one: past this many the document is linted whole. Each section's state (its
    /// segment, results and diagnostics) costs about 1.4 KB: 1.8 M sections of `1` (3.6 MB of text) took 2.6 GB in
    /// `serve` (regression test: DiagnosticLimitTests/manySectionsAreLintedWhole). A real document of 16 MB (`serve`'s
    /// limit) has about 43 000.
    static let maxSections = 50_000
    /// Region start (in the text) by region id; ids of section regions are never reused.
    private var regionStart = RegionStarts()
    private var suffixStart = 0
    private var nextID = 1

    /// Region starts by id. Ids are never reused; those of regions that are gone are dropped (an array indexed by
    /// id grew with every re-parsed region, for as long as the document stayed open).
    private struct RegionStarts {
        private var byID: [Int: Int] = [0: 0]
        // The last id looked up: offsets are mapped region after region, most lookups repeat the one before.
        private var lastID = 0, lastStart = 0
        subscript(id: Int) -> Int {
            mutating get {
                if id == lastID { return lastStart }
                let s = byID[id] ?? 0
                lastID = id
                lastStart = s
                return s
            }
            set {
                byID[id] = newValue
                if id == lastID { lastStart = newValue }
            }
        }
        mutating func remove(_ id: Int) {
            byID[id] = nil
            if id == lastID { lastID = 0; lastStart = byID[0] ?? 0 }
        }
    }

    private struct Segment {
        var id: Int
        /// `,` or `]`: the token after the element (a `,` is the region's last byte; a `]` starts the suffix); 0: no
        /// comma, the next element starts the next region.
        var delimiter: UInt8
        var node: JSONNode
        var errors: [SyntaxError]
        var comments: [Comment]
        var syntax: [Diagnostic]
        /// Some syntax error names a line number (which moves when lines are added above).
        var namesLines: Bool
        var cache: SectionResult?
        /// Some comment is a suppression directive (without any, suppressions are not applied at all).
        var directives = false
    }

    /// What one section contributes, kept while its text and dependencies hold. Not the model or the resolved
    /// frames themselves: those are rebuilt by `fullResult()` when a query needs them, and would triple the memory.
    private final class SectionResult {
        let index: Int
        /// Some `$ref` of the section points outside the definitions (possibly at sections by index, itself
        /// included): its results hold only at this index.
        let indexSensitive: Bool
        let builder: [Diagnostic]
        let refs: Set<ExactKey>
        /// The definitions its written `$ref`s name, followed or not (unused-definition).
        let written: Set<ExactKey>
        /// `$ref` targets outside the section's own region, with what they were when this was computed.
        let deps: [(pointer: String, key: DepKey)]
        let elements: Int
        /// The environments it was resolved in, and the nodes resolved in each.
        let environments: Int
        let nodes: [Int]
        let findings: [[Finding]]
        /// The findings on this section's own text, merged across environments (no other section can find the same
        /// cause), and the others (on definitions or other sections' text: merged with every section's, per update).
        let ownMerged: [Diagnostic]
        let foreign: [[Finding]]
        /// unreachable-variant (a rule over all environments at once, but of one section).
        let variants: [Diagnostic]
        /// The section's name and the range of its value (duplicate-section-name).
        let name: String?
        let nameRange: ByteRange?
        /// Its entry in the document outline (the editor's symbols), with the sizes it has in every environment.
        let outline: OutlineSymbol?
        /// The sizes of the dimensions written in it (or in the definitions it uses), for inlay hints.
        let dimensions: [ByteRange: DimensionSizes]
        /// Its builder had more diagnostics than a document lists and kept only those (`buildDocument(countPast:)`):
        /// while it is there, the document is linted whole.
        let overLimit: Bool
        /// It was not built, or not resolved in some environment, because of an error in it (`unresolvedForErrors`).
        var unresolvedForErrors = false
        init(
            index: Int, section: Section?, builder: [Diagnostic], refs: Set<ExactKey>,
            deps: [(pointer: String, key: DepKey)],
            elements: Int, environments: Int, nodes: [Int], findings: [[Finding]], ownMerged: [Diagnostic],
            foreign: [[Finding]],
            variants: [Diagnostic], indexSensitive: Bool, outline: OutlineSymbol?,
            dimensions: [ByteRange: DimensionSizes],
            overLimit: Bool, written: Set<ExactKey>
        ) {
            self.written = written
            self.overLimit = overLimit
            self.outline = outline
            self.dimensions = dimensions
            self.ownMerged = ownMerged
            self.foreign = foreign
            self.variants = variants
            self.name = section?.base.name
            self.nameRange = section?.base.props["name"]?.valueRange
            self.index = index
            self.indexSensitive = indexSensitive
            self.builder = builder
            self.refs = refs
            self.deps = deps
            self.elements = elements
            self.environments = environments
            self.nodes = nodes
            self.findings = findings
        }
    }

    private struct DepKey: Equatable {
        let range: ByteRange
        let hash: Int
    }

    // MARK: state of the last update

    /// false: the text is linted whole (`lint(bytes:)`) on every update.
    private var structured = false
    private var root: JSONNode?
    private var rootStart = 0
    private var arrayStart = 0
    /// The "sections" array node of `root`, whose elements are the segments' nodes.
    private var sectionsArray: JSONNode?
    private var segments: [Segment] = []
    private var frameErrors: [SyntaxError] = []
    private var frameComments: [Comment] = []
    private var frameDirectives = false
    private var frameSyntax: [Diagnostic] = []
    private var frameView: ObjectView?
    private var frameDoc = LayoutDocument()
    private var frameStartDiagnostics: [Diagnostic] = []
    private var frameEndDiagnostics: [Diagnostic] = []
    private var frameEndRefs: Set<ExactKey> = []
    private var frameEndElements = 0
    private var frameEndFor: Set<ExactKey>? = nil
    /// Bumped whenever `frameEndRefs` is set (the shared text is read from it).
    private var frameEndRefsVersion = 0
    private var frameKey = 0
    private var environments: [LayoutEnvironment] = []
    /// The node limit for each environment, as `lint(bytes:)` sets it for this many environments.
    private var resolveLimits: ResolveLimits { options.resolveLimits.perEnvironment(of: environments.count) }
    private var wholeResult: LintResult?

    public init(text: [UInt8], options: LintOptions = LintOptions()) {
        self.text = text
        self.options = options
        // The text of an editor's buffer (the engine behind `serve`): a leading U+FEFF is one of its characters.
        self.lineIndex = LineIndex(text, countsByteOrderMark: true)
        reparseDocument()
    }

    /// The lint of the current text with every phase's data (tree, model, layouts), for hover and the other
    /// queries: parsed, built and resolved from scratch when first asked for after a change; its diagnostics are the
    /// incremental ones (equal to `lint(bytes:)`'s, so the rules are not run again: a quarter of the work).
    public func fullResult() -> LintResult {
        update()
        if let r = wholeResult { return r }
        var r = lint(bytes: text, options: options, rules: false)
        r.diagnostics = current
        r.omitted = currentOmitted
        wholeResult = r
        return r
    }

    /// Whether the whole lint result of `fullResult()` is held (until the next edit or `dropFullResult()`).
    public var holdsFullResult: Bool { wholeResult != nil }

    /// Lets go of the whole lint result (the next `fullResult()` computes it again): the server keeps one for the
    /// document being queried only.
    public func dropFullResult() { wholeResult = nil }

    /// The document outline (definitions, then sections › groups › items with their sizes), in text offsets: from
    /// the sections' kept results, equal to `documentOutline(lint(bytes:))`.
    public func outline() -> [OutlineSymbol] {
        update()
        guard structured, let root else { return documentOutline(fullResult()) }
        var out: [OutlineSymbol] = []
        if let p = root.property("definitions"), let d = definitionsOutline(frameDoc.definitions, property: p) {
            out.append(d.mapped(textRange))
        }
        for k in segments.indices {
            guard let c = segments[k].cache, var o = c.outline else { continue }
            // A result kept from another index (a section inserted or removed before it) keeps its entry, but an
            // unnamed section is named by its index now (found by FuzzIncrementalCore: "section 3" for section 4).
            if c.name == nil { o.name = "section \(k)" }
            out.append(o.mapped(textRange))
        }
        return out
    }

    /// The sections that were built (their index in "sections" and their range, in text offsets), and the names of
    /// the environments they are resolved in: what code lenses offer.
    public func builtSections() -> (sections: [(index: Int, range: ByteRange)], environments: [String]) {
        update()
        guard structured else {
            let full = fullResult()
            return (full.document.sections.map { ($0.index, $0.range) }, full.layouts.map(\.environment.name))
        }
        var out: [(index: Int, range: ByteRange)] = []
        for k in segments.indices {
            guard let o = segments[k].cache?.outline else { continue }
            out.append((k, textRange(o.range)))
        }
        return (out, environments.map(\.name))
    }

    /// The sections not built, or not resolved in some environment, because of an error in their own text (a value
    /// half typed): the ranges of their regions, in text offsets and in order. Empty when the document is linted
    /// whole (no section is followed on its own then).
    public func sectionsUnresolvedForErrors() -> [ByteRange] {
        update()
        guard structured else { return [] }
        var out: [ByteRange] = []
        for k in segments.indices where segments[k].cache?.unresolvedForErrors == true {
            out.append(ByteRange(regionStart[segments[k].id], delimiterStart(k)))
        }
        return out
    }

    /// Every `$ref` string in the document with what it points to (the pointed-to member from its key, or the
    /// element), in text offsets: what document links offer. nil targets point nowhere.
    public func refTargets() -> [RefTarget] {
        update()
        // (The kept tree is in region offsets; a whole lint's, in text offsets.)
        let tree = structured ? root : fullResult().parse.root
        let inText: (ByteRange) -> ByteRange = structured ? { [unowned self] in self.textRange($0) } : { $0 }
        return collectRefSites(tree).map { site in
            let fragment = site.fragment
            var target: ByteRange?
            if fragment != nil, let (node, prop) = jsonNode(atPointer: site.pointer, root: tree) {
                target = inText(prop.map { ByteRange($0.keyRange.start, node.range.end) } ?? node.range)
            }
            return RefTarget(value: inText(site.value.range), fragment: fragment, target: target)
        }
    }

    /// The sizes of the dimensions whose value touches `wanted` (text offsets), for inlay hints: merged from the
    /// sections' kept results, equal to `dimensionSizes` over a from-scratch lint.
    public func dimensionSizes(in wanted: ByteRange) -> [ByteRange: DimensionSizes] {
        update()
        guard structured else {
            let full = fullResult()
            return LayoutLintCore.dimensionSizes(
                ModelIndex(full.document).objects, indexes: full.layouts.map { ResolvedIndex($0) }, wanted: wanted)
        }
        var out: [ByteRange: DimensionSizes] = [:]
        func add(_ dimensions: [ByteRange: DimensionSizes]) {
            for (v, sizes) in dimensions {
                let r = textRange(v)
                guard wanted.meets(r) else { continue }
                out[r, default: DimensionSizes()].merge(sizes)
            }
        }
        for k in segments.indices {
            guard let c = segments[k].cache else { continue }
            add(c.dimensions)
        }
        // The layout's own boundary items (in the frame), sized against the layout's container; dropped unless a
        // section was built, as `resolveLayout` does (`"sections": [42]` builds none; a built section has an outline).
        if !frameDoc.configuration.boundarySupplementaryItems.isEmpty,
            segments.contains(where: { $0.cache?.outline != nil })
        {
            let frameOnly = LayoutDocument()
            frameOnly.configuration = frameDoc.configuration
            let indexes = environments.map { env -> ResolvedIndex in
                var placer = LayoutBoundaryPlacer(frameDoc.configuration, env: env)
                var cursor = 0.0
                placer.placeBefore(&cursor)
                placer.placeAfter(&cursor, sectionsStart: 0)
                var layout = ResolvedLayout(
                    environment: env, scrollDirection: frameDoc.configuration.scrollDirection, sections: [],
                    contentSize: (0, 0), truncated: false)
                layout.boundaryItems = placer.placed
                return ResolvedIndex(layout)
            }
            add(LayoutLintCore.dimensionSizes(ModelIndex(frameOnly).objects, indexes: indexes))
        }
        return out
    }

    // MARK: edits

    /// Replaces `range` (offsets into the current text, clamped) by `newText` and re-lints what the edit touched.
    public func replace(_ range: ByteRange, with newText: [UInt8]) {
        edit(range, with: newText)
        update()
    }

    /// Applies edits one after the other (each in the coordinates of the text the previous one left), then
    /// re-lints once.
    public func applyEdits(_ edits: [(range: ByteRange, text: [UInt8])]) {
        for (r, t) in edits { edit(r, with: t) }
        update()
    }

    // Edits not linted yet.
    private var pending = false
    private var pendingDirty = Set<Int>()
    private var pendingDocument = false
    private var pendingLinesMoved = false
    private var pendingEditMicros = 0
    private var pendingEdits = 0
    private var pendingRegionMoves = 0

    /// Replaces `range` (offsets into the current text, clamped) by `newText` without linting: the text and the
    /// line index follow at once (the next edit's positions are read against them); `update` lints.
    public func edit(_ range: ByteRange, with new: [UInt8]) {
        let t0 = nowMicros()
        defer { pendingEditMicros += nowMicros() - t0 }
        pendingEdits += 1
        pending = true
        wholeResult = nil
        let r = range.clamped(to: text.count)
        let s = r.start, e = r.end
        if !pendingLinesMoved {
            // A line break in the replaced or the new text, or an edit between a CR and an LF (it splits or joins
            // a line break without one of its own).
            pendingLinesMoved =
                text[s..<e].contains(where: { $0 == 0x0A || $0 == 0x0D })
                || new.contains(where: { $0 == 0x0A || $0 == 0x0D })
                || (s > 0 && text[s - 1] == 0x0D && e < text.count && text[e] == 0x0A)
        }
        // (The section the edit is in is read again from its start: only text before it is at stake.)
        let floor = !pendingDocument && structured ? segment(at: s).map { regionStart[segments[$0].id] } ?? .max : .max
        let relexesBefore = IncrementalLinter.mayRelexBefore(
            text, at: s, removed: text[s..<e], inserted: new, relexedFrom: floor)
        lineIndex.detach()
        text.replaceSubrange(s..<e, with: new)
        if relexesBefore { pendingDocument = true }
        lineIndex.update(replacing: r, inserted: new.count, text: text)
        if pendingDocument || !structured { pendingDocument = true; return }
        let delta = new.count - r.length
        if let touched = segmentsTouched(r) {
            // Every segment it touched, not only its ends: the re-parse of a cluster may stop at its own last
            // segment, and one between the ends, left clean, would keep the tree of text that is gone.
            for k in touched { pendingDirty.insert(k) }
            // Regions that started inside the replaced text start where it ends (they are parsed again).
            pendingRegionMoves += segments.count - (touched.lowerBound + 1)
            for k in (touched.lowerBound + 1)..<segments.count {
                let id = segments[k].id
                regionStart[id] = regionStart[id] < e ? s + new.count : regionStart[id] + delta
            }
            suffixStart += delta
        } else {
            pendingDocument = true
        }
    }

    /// Makes the next update parse the document whole, and the edits until then only change the text (and the line
    /// index): for a notification with many changes, one whole parse instead of following each in every section.
    public func markWholeReparse() {
        pending = true
        pendingDocument = true
        wholeResult = nil
    }

    /// Lints what the edits since the last update touched (nothing when there were none).
    public func update() {
        guard pending else { return }
        let t0 = nowMicros()
        let edits = pendingEdits, regionMoves = pendingRegionMoves, editMicros = pendingEditMicros
        pendingEdits = 0
        pendingRegionMoves = 0
        pendingEditMicros = 0
        var needsDocument = pendingDocument
        var dirty = pendingDirty
        // Syntax errors that name a line number move with the lines above them.
        if !needsDocument && pendingLinesMoved {
            if frameErrors.contains(where: { $0.message.containsUTF8(" at line ") }) { needsDocument = true }
            for (i, s) in segments.enumerated() where s.namesLines { dirty.insert(i) }
        }
        // What `lint(bytes:)` refuses to read (too large, or a NUL byte: a binary file) is decided on the whole text.
        if !needsDocument && lintRefuses(text, options) { needsDocument = true }
        // The frame's builders run again only with the whole document: a frame whose `$ref`s may point into the
        // sections (a configuration or a definition built from a section's text) is built again after every edit.
        if !needsDocument && (frameRefsOutside || frameEndRefsOutside) { needsDocument = true }
        pending = false
        pendingDirty = []
        pendingDocument = false
        pendingLinesMoved = false
        if needsDocument || !reparseSegments(dirty.sorted()) { reparseDocument() }
        stats.totalMicros = nowMicros() - t0 + editMicros
        stats.edits = edits
        stats.regionMoves = regionMoves
    }

    /// The section segments an edit of `r` touches (each from its leading trivia up to, not including, its
    /// delimiter; an edit of a `,` touches the segment after it too). nil when it touches the frame.
    private func segmentsTouched(_ r: ByteRange) -> ClosedRange<Int>? {
        guard let lo = segment(at: r.start), r.start < suffixStart || (r.start == suffixStart && r.length == 0) else {
            return nil
        }
        guard r.end <= suffixStart else { return nil }
        var hi = r.length == 0 ? lo : segment(at: r.end - 1)!
        if r.end > delimiterStart(hi) {
            guard hi + 1 < segments.count else { return nil }
            hi += 1
        }
        return lo...hi
    }

    /// The section segment whose element (with its surrounding trivia, not its delimiter) holds the whole range.
    private func segmentHolding(_ r: ByteRange) -> Int? {
        guard let lo = segment(at: r.start) else { return nil }
        // Around a missing comma only a whole parse can tell: the parser reports it at the next element's start
        // (re-parsing that element alone would not), and whether it does depends on the state the element before
        // it left the parser in.
        if segments[lo].delimiter == 0 || (lo > 0 && segments[lo - 1].delimiter == 0) { return nil }
        return r.end <= delimiterStart(lo) ? lo : nil
    }

    /// Where the token after segment `i`'s element starts: its `,`, the `]`, or (no comma) the next element.
    private func delimiterStart(_ i: Int) -> Int {
        switch segments[i].delimiter {
        case 0x2C: return regionEnd(i) - 1
        case 0x5D: return suffixStart
        default: return regionEnd(i)
        }
    }

    /// The last segment whose region starts at or before the text offset `o` (nil: before the first).
    private func segment(at o: Int) -> Int? {
        guard !segments.isEmpty, regionStart[segments[0].id] <= o else { return nil }
        var lo = 0, hi = segments.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if regionStart[segments[mid].id] <= o { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    private func regionEnd(_ i: Int) -> Int { i + 1 < segments.count ? regionStart[segments[i + 1].id] : suffixStart }

    // MARK: coordinates

    @inline(__always) public func textOffset(_ v: Int) -> Int {
        let id = RegionOffset.region(v)
        let local = RegionOffset.local(v)
        if id == 0 { return local }
        if id == IncrementalLinter.suffixID { return suffixStart + local }
        return regionStart[id] + local
    }

    public func regionOffset(_ o: Int) -> Int {
        guard let k = segment(at: o) else { return o }
        if o >= suffixStart { return RegionOffset.make(region: IncrementalLinter.suffixID, local: o - suffixStart) }
        let id = segments[k].id
        return RegionOffset.make(region: id, local: o - regionStart[id])
    }

    private var source: SourceText { SourceText(bytes: text, map: self) }

    // MARK: the whole document

    private func reparseDocument() {
        let t0 = nowMicros()
        stats = IncrementalStats()
        stats.mode = "document"
        if lintRefuses(text, options) {
            lintWhole()
            return
        }
        // A document with more syntax errors than a document lists is linted whole: the segments would keep every
        // one of them (one per token of garbage), `lint(bytes:)` only counts those past the limit.
        let parsed = parseJSONC(text, maxSyntaxErrors: options.diagnosticLimit)
        guard parsed.droppedSyntaxErrors == 0, let cut = cutSections(parsed), cut.elements.count <= Self.maxSections
        else {
            lintWhole()
            return
        }
        // Regions: keep the ids (and so the results) of sections whose text did not change (matched by a hash of
        // the region's bytes and its length; the results before a `lint(bytes:)` fallback are kept for this too).
        var oldByText: [TextKey: [Int]] = [:]
        var oldSegments: [Int: Segment] = [:]
        for (k, s) in segments.enumerated() where k < segmentKeys.count {
            oldByText[segmentKeys[k], default: []].append(s.id)
            oldSegments[s.id] = s
        }
        for key in oldByText.keys { oldByText[key]!.reverse() } // taken from the end, in order
        var newSegments: [Segment] = []
        var keys: [TextKey] = []
        newSegments.reserveCapacity(cut.elements.count)
        keys.reserveCapacity(cut.elements.count)
        for (k, el) in cut.elements.enumerated() {
            let start = cut.regionStarts[k]
            let end = k + 1 < cut.elements.count ? cut.regionStarts[k + 1] : cut.suffixStart
            let key = textKey(start, end)
            var id: Int
            var cache: SectionResult? = nil
            // (Taken from the end of a reversed list: `removeFirst` moved the rest, O(k²) for k equal sections.)
            if let last = oldByText[key]?.popLast() {
                id = last
                cache = oldSegments[id]?.cache
            } else {
                id = nextID
                nextID += 1
            }
            regionStart[id] = start
            keys.append(key)
            newSegments.append(
                Segment(
                    id: id, delimiter: cut.delimiters[k], node: el, errors: [], comments: [], syntax: [],
                    namesLines: false, cache: cache))
        }
        let live = Set(newSegments.map(\.id))
        for s in segments where !live.contains(s.id) { regionStart.remove(s.id) }
        segments = newSegments
        segmentKeys = keys
        suffixStart = cut.suffixStart
        // Everything into region coordinates: each element by its region's shift, the frame offset by offset.
        root = parsed.root
        let elements = cut.array.elements
        cut.array.elements = []
        parsed.root?.relocate(regionRange)
        cut.array.elements = elements
        for (k, el) in elements.enumerated() {
            el.relocate(by: RegionOffset.make(region: segments[k].id, local: 0) - cut.regionStarts[k])
        }
        frameErrors = []
        frameComments = []
        for e in parsed.errors {
            var v = e
            v.range = regionRange(e.range)
            if let r = e.related { v.related = regionRange(r) }
            if let c = e.commaAt { v.commaAt = regionOffset(c) }
            if let k = segmentIndex(ofVirtual: v.range.start) {
                segments[k].errors.append(v)
            } else {
                frameErrors.append(v)
            }
        }
        frameDirectives = false
        for c in parsed.comments {
            var v = c
            v.range = regionRange(c.range)
            let directive = directiveOffset(c, source: text) != nil
            if let k = segmentIndex(ofVirtual: v.range.start) {
                segments[k].comments.append(v)
                if directive { segments[k].directives = true }
            } else {
                frameComments.append(v)
                if directive { frameDirectives = true }
            }
        }
        for k in segments.indices where !segments[k].errors.isEmpty {
            segments[k].syntax = syntaxDiagnostics(segments[k].errors, root: segments[k].node, text: source)
            segments[k].namesLines = segments[k].errors.contains { $0.message.containsUTF8(" at line ") }
        }
        frameSyntax = syntaxDiagnostics(frameErrors, root: root, text: source)
        rootStart = cut.rootStart
        arrayStart = cut.arrayStart
        sectionsArray = cut.array
        frameWritten = definitionRefGraph(in: root, skipping: cut.array)
        structured = true
        stats.parseMicros = nowMicros() - t0

        // The frame: environments, configuration, definitions.
        let fb = DocumentBuilder(root: root, limits: options.modelLimits)
        fb.countPast = builderLimit
        frameView = fb.buildFrameStart()
        if let view = frameView { _ = fb.sectionsEntry(view) }
        frameOverLimit = fb.passedLimit
        frameRefsOutside = fb.attemptedRefs.contains { !$0.hasBytePrefix("#/definitions/") }
        frameStartRefs = distinctSorted(fb.attemptedRefs)
        frameStartDiagnostics = fb.diagnostics
        frameDoc = fb.doc
        frameEndFor = nil
        let key = frameHash()
        if key != frameKey { for k in segments.indices { segments[k].cache = nil } }
        frameKey = key
        chooseEnvironments()
        // Results kept only if the section's index and every `$ref` target outside it are as they were.
        for k in segments.indices {
            guard let c = segments[k].cache else { continue }
            // A section's results do not depend on its index (no rule names it), unless a `$ref` of it could
            // point at sections by index.
            if (c.index != k && c.indexSensitive) || c.environments != environments.count || !depsHold(c) {
                segments[k].cache = nil
            }
        }
        recompute(t0: t0)
    }

    /// What each segment's region held when it was parsed (the next whole parse keeps the results of equal ones).
    private struct TextKey: Hashable {
        let hash: Int
        let count: Int
    }
    private var segmentKeys: [TextKey] = []

    private func textKey(_ start: Int, _ end: Int) -> TextKey {
        var h = Hasher()
        text.withUnsafeBytes { h.combine(bytes: UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
        return TextKey(hash: h.finalize(), count: end - start)
    }

    /// The whole text by `lint(bytes:)`. The segments and their results stay (they are not current, but the next
    /// whole parse keeps those whose text is unchanged: typing a character that breaks the structure and deleting it
    /// again computes no section twice).
    private func lintWhole() {
        structured = false
        sharedSegmentCount = -1 // (the next structured update follows every path again)
        let r = lint(bytes: text, options: options)
        wholeResult = r
        current = r.diagnostics
        currentOmitted = r.omitted
        stats.mode = "whole"
        stats.sections = r.document.sections.count
        stats.sectionsResolved = r.document.sections.count
        stats.environments = r.layouts.count
        stats.parseMicros = r.timings.parseMicros
        stats.resolveMicros = r.timings.buildMicros + r.timings.resolveMicros
        stats.lintMicros = r.timings.lintMicros
    }

    private func segmentIndex(ofVirtual v: Int) -> Int? {
        let id = RegionOffset.region(v)
        if id == 0 || id == IncrementalLinter.suffixID { return nil }
        // The segment holding the offset in the text (ids are not in document order: kept ones are older).
        if let k = segment(at: textOffset(v)), segments[k].id == id { return k }
        return segments.firstIndex { $0.id == id }
    }

    private struct Cut {
        var array: JSONNode
        var elements: [JSONNode]
        var regionStarts: [Int]
        var delimiters: [UInt8]
        var suffixStart: Int
        var rootStart: Int
        var arrayStart: Int
    }

    /// Where the section regions are: the root is an object whose (last) "sections" is an array, each element
    /// followed by only trivia and a `,` (or the `]`). nil when the array is not that clean.
    private func cutSections(_ parsed: ParseResult) -> Cut? {
        guard let root = parsed.root, root.kind == .object else { return nil }
        var sections: JSONNode?
        for p in root.properties where p.key.sameKey(as: "sections") { sections = p.value }
        guard let array = sections, array.kind == .array, !array.elements.isEmpty else { return nil }
        let n = text.count
        guard array.range.end <= n, array.range.end >= 1, text[array.range.end - 1] == 0x5D else { return nil }
        var starts: [Int] = []
        var delims: [UInt8] = []
        var pos = array.range.start + 1
        for (k, el) in array.elements.enumerated() {
            starts.append(pos)
            guard skipTrivia(from: pos, to: el.range.start) == el.range.start else { return nil }
            var q = skipTrivia(from: el.range.end, to: n)
            guard q < n else { return nil }
            if text[q] == 0x2C {
                delims.append(0x2C)
                q += 1
                pos = q
                if k == array.elements.count - 1 {
                    // A trailing comma: the suffix starts after it.
                    guard skipTrivia(from: q, to: n) == array.range.end - 1 else { return nil }
                }
            } else if text[q] == 0x5D && k == array.elements.count - 1 && q == array.range.end - 1 {
                delims.append(0x5D)
                pos = q
            } else if k + 1 < array.elements.count && q == array.elements[k + 1].range.start {
                // A missing comma (a character typed between two sections makes an element of its own): the
                // next element starts the next region.
                delims.append(0)
                pos = q
            } else {
                return nil
            }
        }
        return Cut(
            array: array, elements: array.elements, regionStarts: starts, delimiters: delims, suffixStart: pos,
            rootStart: root.range.start, arrayStart: array.range.start)
    }

    /// The first offset at or after `from` (before `to`) that is not whitespace or a comment.
    private func skipTrivia(from: Int, to: Int) -> Int {
        var i = from
        while i < to {
            let b = text[i]
            if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { i += 1; continue }
            if b == 0x2F && i + 1 < to && text[i + 1] == 0x2F {
                i += 2
                while i < to && text[i] != 0x0A && text[i] != 0x0D { i += 1 }
                continue
            }
            if b == 0x2F && i + 1 < to && text[i + 1] == 0x2A {
                var j = i + 2
                while j + 1 < to && !(text[j] == 0x2A && text[j + 1] == 0x2F) { j += 1 }
                if j + 1 >= to { return to }
                i = j + 2
                continue
            }
            return i
        }
        return i
    }

    // MARK: one section's text

    private var outerFrames: [(isObject: Bool, start: Int)] { [(true, rootStart), (false, arrayStart)] }

    /// Parses segment `i`'s element again in `buffer` (the text, or the text with an edit inside that element that
    /// changed its length by `delta`), resuming in the state the whole-document parser is in after the delimiter
    /// before it. nil unless it is still one element ending at the same delimiter, as the whole-document parser
    /// would read it.
    private func reparseElement(_ i: Int, in buffer: [UInt8], delta: Int) -> ElementsReparse? {
        let start = regionStart[segments[i].id]
        let expected = delimiterStart(i) + delta
        let delimiter = segments[i].delimiter
        // Nor may the last parse have reported one there (a `]` that closed the element left unclosed, which the
        // frame's errors hold): the edited element could close before it, and that error would go with its change
        // (the same rule as `reparseSpan`'s stops).
        if delimiter == 0x5D {
            if frameErrors.contains(where: { RegionOffset.region($0.range.start) == IncrementalLinter.suffixID }) {
                return nil
            }
        } else {
            let local = delimiterStart(i) - start
            if segments[i].errors.contains(where: { RegionOffset.local($0.range.start) >= local }) {
                return nil
            }
        }
        guard
            let r = buffer.withUnsafeBufferPointer({
                reparseArrayElements($0, delimiterEnd: start, outer: outerFrames, limit: expected) {
                    $0 == delimiter && $1 == expected
                }
            }),
            r.nodes.count == 1,
            // An error reported at the delimiter (a `]` that closed the element) belongs to the frame's parse.
            !r.errors.contains(where: { $0.range.start >= expected })
        else { return nil }
        return r
    }

    /// How far past the edited sections a re-parse may read looking for a delimiter where the structure is as it
    /// was (an unclosed string or bracket can swallow the rest of the document; then a whole parse is cheaper).
    static let resyncLimit = 256 << 10

    /// Parses the text of the dirty segments again in place, with the segments around them back to the first
    /// delimiter after them where the parser is in the state it was in before (a `,` that ended a segment, or the
    /// `]`): one or more segments are replaced by the elements found there, which may be more or fewer (a character
    /// typed between two sections is an element of its own). false when there is no such delimiter (the structure
    /// changed: only a whole parse can tell).
    private func reparseSegments(_ dirty: [Int]) -> Bool {
        let t0 = nowMicros()
        stats = IncrementalStats()
        stats.mode = "section"
        // Edits far apart are parsed again apart (one span from the first to the last would re-parse and recompute
        // every section between them): clusters of touched segments, the last first, so that the indices of the
        // earlier ones still hold.
        var clusters: [(lo: Int, hi: Int)] = []
        for i in dirty {
            // A segment after a missing comma is parsed from the first of its run (`reparseSpan`): runs that meet join.
            var runStart = i
            while runStart > 0 && segments[runStart - 1].delimiter != 0x2C { runStart -= 1 }
            if let last = clusters.last, runStart <= last.hi + 1 {
                clusters[clusters.count - 1].hi = max(last.hi, i)
            } else {
                clusters.append((i, i))
            }
        }
        var changed = Set<Int>()
        var shifted = false
        for c in clusters.reversed() {
            guard let s = reparseSpan(c.lo, c.hi, changed: &changed) else { return false }
            shifted = shifted || s
        }
        // Sections whose `$ref`s point into a changed section are computed again; when sections were added or
        // removed, so are those whose `$ref`s could name sections by index.
        for k in segments.indices {
            guard let c = segments[k].cache else { continue }
            if (shifted && c.indexSensitive)
                || c.deps.contains(where: { changed.contains(RegionOffset.region($0.key.range.start)) })
            {
                segments[k].cache = nil
            }
        }
        stats.parseMicros = nowMicros() - t0
        recompute(t0: t0)
        return true
    }

    /// Parses segments `lo...hi` again with the segments around them (see `reparseSegments`) and puts the elements
    /// found in their place. The ids of the segments replaced and added go into `changed`. nil when no delimiter
    /// where the structure is as it was comes within reach; else whether the number of segments changed.
    private func reparseSpan(_ lo: Int, _ hi: Int, changed: inout Set<Int>) -> Bool? {
        // Start after a `,` (or the `[`): a segment after a missing comma starts in the state its predecessor left.
        var first = lo
        while first > 0 && segments[first - 1].delimiter != 0x2C { first -= 1 }
        let start = regionStart[segments[first].id]
        // The last parse read these delimiters in the array's "after an element" state, unless it reported an
        // error there (a `]` that also closed an unclosed `{`, say).
        let stopsAt: (UInt8, Int) -> Bool = { [self] byte, at in
            if byte == 0x5D {
                return at == suffixStart && segments[segments.count - 1].delimiter == 0x5D
                    && !frameErrors.contains { RegionOffset.region($0.range.start) == IncrementalLinter.suffixID }
            }
            guard let j = segment(at: at), j >= hi, segments[j].delimiter == 0x2C, at == regionEnd(j) - 1 else {
                return false
            }
            let local = at - regionStart[segments[j].id]
            return !segments[j].errors.contains { RegionOffset.local($0.range.start) >= local }
        }
        guard
            let r = text.withUnsafeBufferPointer({
                // (More syntax errors than a document lists: the whole parse decides, which counts them.)
                reparseArrayElements(
                    $0, delimiterEnd: start, outer: outerFrames,
                    limit: delimiterStart(hi) + IncrementalLinter.resyncLimit,
                    maxSyntaxErrors: options.diagnosticLimit, stopsAt: stopsAt)
            }),
            !r.nodes.isEmpty,
            !r.errors.contains(where: { $0.range.start >= r.nextStart })
        else { return nil }
        let last = r.next == 0x5D ? segments.count - 1 : segment(at: r.nextStart)!
        let end = regionEnd(last)
        // The new regions: each element with the trivia before it, up to and including the `,` after it (no comma:
        // up to the next element).
        let m = r.nodes.count
        var starts = [start]
        var delimiters: [UInt8] = []
        for t in 0..<(m - 1) {
            let q = skipTrivia(from: r.nodes[t].range.end, to: r.nodes[t + 1].range.start)
            if q < r.nodes[t + 1].range.start && text[q] == 0x2C {
                delimiters.append(0x2C)
                starts.append(q + 1)
            } else {
                delimiters.append(0)
                starts.append(r.nodes[t + 1].range.start)
            }
        }
        delimiters.append(r.next)
        // Results of the replaced segments leave the totals (a segment replaced by one keeps its id: `recompute`
        // swaps its result); the new ones are computed by `recompute`.
        let replaced = first...last
        let keepsID = m == 1 && first == last
        for k in replaced {
            let id = segments[k].id
            changed.insert(id)
            if !keepsID {
                regionStart.remove(id)
                if let c = counted[id] {
                    count(c, sign: -1)
                    counted[id] = nil
                    if c.name != nil { namesDirty = true }
                }
            }
        }
        var newSegments: [Segment] = []
        var keys: [TextKey] = []
        for t in 0..<m {
            // One segment replaced by one keeps its id (its region is where it was).
            let id: Int
            if keepsID {
                id = segments[first].id
            } else {
                id = nextID
                nextID += 1
            }
            changed.insert(id)
            regionStart[id] = starts[t]
            let shift = RegionOffset.make(region: id, local: 0) - starts[t]
            let regionEnd = t + 1 < m ? starts[t + 1] : end
            let inRegion: (Int) -> Bool = { $0 >= starts[t] && ($0 < regionEnd || t == m - 1) }
            let node = r.nodes[t]
            node.relocate(by: shift)
            let errors = r.errors.filter { inRegion($0.range.start) }.map { e in
                var v = e
                v.range = e.range.shifted(by: shift)
                if let rel = e.related { v.related = rel.shifted(by: shift) }
                if let c = e.commaAt { v.commaAt = c + shift }
                return v
            }
            let comments = r.comments.filter { inRegion($0.range.start) }.map { c in
                var v = c; v.range = c.range.shifted(by: shift); return v
            }
            newSegments.append(
                Segment(
                    id: id, delimiter: delimiters[t], node: node, errors: errors, comments: comments, syntax: [],
                    namesLines: errors.contains { $0.message.containsUTF8(" at line ") }, cache: nil,
                    directives: r.comments.contains {
                        inRegion($0.range.start) && directiveOffset($0, source: text) != nil
                    }))
            keys.append(textKey(starts[t], regionEnd))
        }
        segments.replaceSubrange(replaced, with: newSegments)
        if segmentKeys.count > last { segmentKeys.replaceSubrange(replaced, with: keys) }
        sectionsArray?.replaceElements(replaced, with: r.nodes)
        if newSegments.count != replaced.count { namesDirty = true }
        for k in first..<(first + m) where !segments[k].errors.isEmpty {
            segments[k].syntax = syntaxDiagnostics(segments[k].errors, root: segments[k].node, text: source)
        }
        return newSegments.count != replaced.count
    }

    // MARK: dependencies

    private func frameHash() -> Int {
        var h = Hasher()
        for key in ["environments", "configuration"] {
            if let e = frameView?.entry(key), let v = e.value {
                h.combine(key)
                let r = textRange(v.range)
                h.combine(text[r.start..<r.end].count)
                for b in text[r.start..<r.end] { h.combine(b) }
            }
        }
        // A definition they `$ref` is built into them: its text counts as theirs (an environment's width, a name).
        for p in frameStartRefs {
            h.combine(p)
            h.combine(depKey(pointer: p)?.hash)
        }
        return h.finalize()
    }

    private func depKey(_ n: JSONNode) -> DepKey {
        let r = textRange(n.range)
        var h = Hasher()
        if r.start >= 0 && r.end <= text.count && r.start <= r.end {
            text.withUnsafeBytes { h.combine(bytes: UnsafeRawBufferPointer(rebasing: $0[r.start..<r.end])) }
        }
        return DepKey(range: n.range, hash: h.finalize())
    }

    private func depsHold(_ c: SectionResult) -> Bool {
        for d in c.deps where depKey(pointer: d.pointer) != d.key { return false }
        return true
    }

    /// What a `$ref` found: the node it points to, or (when it points nowhere) the deepest node on its way, whose
    /// keys the "did you mean" of its diagnostic comes from.
    private func depKey(pointer: String) -> DepKey? {
        guard let afterHash = pointer.afterBytePrefix("#") else { return nil }
        var node = root
        var complete = true
        for raw in splitOnSlash(afterHash).dropFirst() {
            guard let n = node else { break }
            guard let child = n.child(pointerToken: unescapePointer(String(raw))) else { complete = false; break }
            node = child
        }
        guard let n = node else { return DepKey(range: ByteRange(-1, -1), hash: 0) }
        let k = depKey(n)
        return complete ? k : DepKey(range: k.range, hash: k.hash &+ 1)
    }

    private func chooseEnvironments() {
        environments =
            selectEnvironments(
                declared: frameDoc.environments, declaredInDocument: frameDoc.environmentsDeclared,
                options: options
            ).environments
    }

    // MARK: computing sections and merging

    private func computeSection(_ k: Int) -> SectionResult {
        let seg = segments[k]
        let b = DocumentBuilder(root: root, limits: options.modelLimits)
        b.countPast = builderLimit
        let section = b.buildSection(seg.node, index: k, path: "/sections/\(k)")
        var deps: [(pointer: String, key: DepKey)] = []
        let attempted = distinctSorted(b.attemptedRefs)
        for p in attempted {
            guard let key = depKey(pointer: p), RegionOffset.region(key.range.start) != seg.id else { continue }
            deps.append((p, key))
        }
        var resolved: [ResolvedSection?] = []
        var nodes: [Int] = []
        var findings: [[Finding]] = []
        let text = source
        for env in environments {
            guard let section else {
                resolved.append(nil); nodes.append(0); findings.append([])
                continue
            }
            var r = SectionResolver(env: env, configuration: frameDoc.configuration, limits: resolveLimits)
            let rs = r.resolveSection(section, at: 0)
            resolved.append(rs)
            nodes.append(r.nodes)
            let layout = ResolvedLayout(
                environment: env, scrollDirection: frameDoc.configuration.scrollDirection, sections: [rs],
                contentSize: (0, 0), truncated: false)
            let doc = LayoutDocument()
            doc.sections = [section]
            doc.configuration = frameDoc.configuration
            // Fixes are computed now, against the text as it is: the cached finding keeps the result.
            findings.append(
                collectFindings(document: doc, layout: layout, source: text).map { f in
                    var g = f
                    let fix = f.fix()
                    g.fix = { fix }
                    return g
                })
        }
        let own = findings.map { $0.filter { RegionOffset.region($0.range.start) == seg.id } }
        let foreign = findings.map { $0.filter { RegionOffset.region($0.range.start) != seg.id } }
        let variants =
            section.map { s in
                s.variants.isEmpty ? [] : unreachableVariants(s, resolved: Array(zip(environments, resolved)))
            } ?? []
        let indexes = zip(environments, resolved).compactMap { env, rs in
            rs.map {
                ResolvedIndex(
                    ResolvedLayout(
                        environment: env, scrollDirection: frameDoc.configuration.scrollDirection, sections: [$0],
                        contentSize: (0, 0), truncated: false))
            }
        }
        let outline = section.map { s in
            sectionOutline(
                s, frames: { id in indexes.flatMap { $0.frames[id] ?? [] } },
                sectionFrames: resolved.compactMap { $0?.frame })
        }
        let dimensions =
            section.map { s -> [ByteRange: DimensionSizes] in
                let one = LayoutDocument()
                one.sections = [s]
                return LayoutLintCore.dimensionSizes(ModelIndex(one).objects, indexes: indexes)
            } ?? [:]
        let result = SectionResult(
            index: k, section: section, builder: b.diagnostics, refs: b.doc.referencedPointers, deps: deps,
            elements: b.elementsBuilt, environments: environments.count, nodes: nodes, findings: findings,
            ownMerged: mergeFindings(own, environments: environments.map(\.name)), foreign: foreign, variants: variants,
            indexSensitive: attempted.contains { !$0.hasBytePrefix("#/definitions/") }, outline: outline,
            dimensions: dimensions,
            overLimit: b.passedLimit, written: definitionRefs(in: seg.node))
        result.unresolvedForErrors = section == nil || resolved.contains { $0?.unresolvedForErrors == true }
        return result
    }

    // Totals over the sections' current results (kept up to date as results come and go, not summed per update).
    private var counted: [Int: SectionResult] = [:]
    private var refCounts: [ExactKey: Int] = [:]
    private var totalElements = 0
    private var totalNodes: [Int] = []
    /// Sections whose builder passed the limit on diagnostics (`SectionResult.overLimit`), and whether the frame's did.
    private var overLimitSections = 0
    /// The sections' builder diagnostics, summed (with the syntax errors, past the limit the document is linted
    /// whole: many sections each under the limit kept them all; regression test:
    /// DiagnosticLimitTests/manySectionsUnderTheLimitTogetherPastItAreLintedWhole).
    private var sectionBuilderDiagnostics = 0
    private var frameOverLimit = false
    /// The frame's builders followed a `$ref` that does not point into the definitions (regression test:
    /// IncrementalTests/aFrameThatRefersIntoASectionFollowsItsEdits).
    private var frameRefsOutside = false
    /// The `$ref`s the environments and the configuration followed (into the definitions): what they point to is
    /// part of the frame's key, as their own text is.
    private var frameStartRefs: [String] = []
    private var frameEndRefsOutside = false
    private var frameEndOverLimit = false
    /// Each builder keeps at most the diagnostics a document lists; past them the document is linted whole (one
    /// section of 1.8 M numbers among its subitems kept them all).
    private var builderLimit: BuilderLimit {
        BuilderLimit(limit: options.diagnosticLimit, severities: options.severities)
    }
    /// Every section's `$ref` targets (the keys of `refCounts`).
    private var sectionRefs = Set<ExactKey>()
    /// The definitions the sections' written `$ref`s name (the keys of `writtenCounts`), those the frame's name
    /// (outside the definitions, and in each definition), and both together as unused-definition last saw them.
    private var writtenCounts: [ExactKey: Int] = [:]
    private var sectionWritten = Set<ExactKey>()
    private var frameWritten = DefinitionRefs()
    private var writtenFor = DefinitionRefs()

    private func count(_ c: SectionResult, sign: Int) {
        totalElements += sign * c.elements
        if c.overLimit { overLimitSections += sign }
        sectionBuilderDiagnostics += sign * c.builder.count
        for (e, n) in c.nodes.enumerated() where e < totalNodes.count { totalNodes[e] += sign * n }
        for r in c.refs {
            let n = (refCounts[r] ?? 0) + sign
            if n == 0 {
                refCounts[r] = nil; sectionRefs.remove(r)
            } else {
                refCounts[r] = n; if n == 1 && sign > 0 { sectionRefs.insert(r) }
            }
        }
        for r in c.written {
            let n = (writtenCounts[r] ?? 0) + sign
            if n == 0 {
                writtenCounts[r] = nil; sectionWritten.remove(r)
            } else {
                writtenCounts[r] = n; if n == 1 && sign > 0 { sectionWritten.insert(r) }
            }
        }
    }

    private func recompute(t0: Int) {
        // (Sections pasted in one by one can pass the limit too.)
        if segments.count > Self.maxSections || frameOverLimit {
            lintWhole()
            return
        }
        let tr = nowMicros()
        if totalNodes.count != environments.count {
            counted = [:]; refCounts = [:]; sectionRefs = []; writtenCounts = [:]; sectionWritten = [];
            totalElements = 0; overLimitSections = 0; sectionBuilderDiagnostics = 0
            totalNodes = Array(repeating: 0, count: environments.count)
        }
        var resolvedCount = 0
        var computed: [Int] = []
        for k in segments.indices where segments[k].cache == nil {
            computed.append(k)
            let c = computeSection(k)
            segments[k].cache = c
            let id = segments[k].id
            if let old = counted[id] {
                count(old, sign: -1)
                // (By bytes: a name re-spelt in another normalisation is the same length and compares equal, but
                // the rename its duplicate-section-name fix offers quotes the new bytes.)
                if old.name.map(ExactKey.init) != c.name.map(ExactKey.init) || old.nameRange != c.nameRange {
                    namesDirty = true
                }
            } else if c.name != nil {
                namesDirty = true
            }
            count(c, sign: 1)
            counted[id] = c
            resolvedCount += 1
        }
        if stats.mode != "section" {
            namesDirty = true
            definitionsDirty = true
            // Sections that are gone (a whole parse can drop or replace any).
            let live = Set(segments.map(\.id))
            for (id, c) in counted where !live.contains(id) {
                count(c, sign: -1)
                counted[id] = nil
            }
        }
        stats.sections = segments.count
        stats.sectionsResolved = resolvedCount
        stats.sectionsReused = segments.count - resolvedCount
        stats.environments = environments.count
        // Definitions nobody references are built too (their diagnostics depend on which are referenced).
        if frameEndFor != sectionRefs, let view = frameView {
            let fb = DocumentBuilder(root: root, limits: options.modelLimits)
            fb.countPast = builderLimit
            // What the sections and the frame's start (environments, configuration) refer to: a definition only an
            // environment refers to is used too.
            fb.doc.referencedPointers = sectionRefs.union(frameDoc.referencedPointers)
            fb.buildFrameEnd(view)
            frameEndOverLimit = fb.passedLimit
            frameEndRefsOutside = fb.attemptedRefs.contains { !$0.hasBytePrefix("#/definitions/") }
            frameEndDiagnostics = fb.diagnostics
            frameEndRefs = fb.doc.referencedPointers
            frameEndRefsVersion &+= 1
            frameEndElements = fb.elementsBuilt
            frameEndFor = sectionRefs
            definitionsDirty = true
        }
        var written = frameWritten
        written.roots.formUnion(sectionWritten)
        if written != writtenFor {
            writtenFor = written
            definitionsDirty = true
        }
        // Limits that count across sections: past them the whole-document linter decides.
        if totalElements + frameEndElements >= options.modelLimits.maxElements
            || totalNodes.contains(where: { $0 > resolveLimits.maxNodes })
            || overLimitSections > 0 || frameEndOverLimit || pastLimit()
        {
            lintWhole()
            return
        }
        updateSharedText(computed: computed)
        stats.resolveMicros = nowMicros() - tr
        let tl = nowMicros()
        assemble()
        stats.lintMicros = nowMicros() - tl
    }

    /// Whether the syntax and builder diagnostics kept for the sections and the frame are more than a document lists.
    private func pastLimit() -> Bool {
        var n = sectionBuilderDiagnostics + frameSyntax.count + frameStartDiagnostics.count + frameEndDiagnostics.count
        for s in segments { n += s.syntax.count }
        return n > options.diagnosticLimit
    }

    // Rules over the whole document, kept between updates: they change only with the sections' names, or with the
    // definitions and the `$ref`s.
    private var namesDirty = true
    private var definitionsDirty = true
    private var duplicateNames: [Diagnostic] = []
    private var unusedDefs: [Diagnostic] = []

    // MARK: text that `$ref`s read

    /// The paths into the sections among the `$ref`s followed (`frameEndRefs`: the sections' and the frame's), by the
    /// index of the section they name, as of `sharedPathsVersion`.
    private var sharedPaths: [Int: Set<ExactKey>] = [:]
    private var sharedPathsVersion = -1
    /// Where each of them points, in region coordinates (absent: nowhere).
    private var sharedTargets: [ExactKey: ByteRange] = [:]
    /// The outermost targets by segment id, in text order (`LayoutDocument.sharedText`, by region).
    private var sharedByID: [Int: [ByteRange]] = [:]
    private var sharedSegmentCount = -1

    /// Follows the paths again where their targets may have moved: all of them after a whole parse, when sections
    /// were added or removed, or when the `$ref`s followed changed; else only those into the sections computed again
    /// (the others' text, and so their region coordinates, did not change). Typing costs the paths into the edited
    /// section, not every path of the document.
    private func updateSharedText(computed: [Int]) {
        var all = stats.mode != "section" || segments.count != sharedSegmentCount
        if sharedPathsVersion != frameEndRefsVersion {
            var byIndex: [Int: Set<ExactKey>] = [:]
            for p in frameEndRefs { if let i = sectionIndex(ofPath: p.name) { byIndex[i, default: []].insert(p) } }
            if byIndex != sharedPaths { all = true }
            sharedPaths = byIndex
            sharedPathsVersion = frameEndRefsVersion
        }
        sharedSegmentCount = segments.count
        var changed = false
        if all {
            var targets: [ExactKey: ByteRange] = [:]
            for paths in sharedPaths.values {
                for p in paths { if let n = sectionTextTarget(p.name, root: root) { targets[p] = n.range } }
            }
            changed = targets != sharedTargets
            sharedTargets = targets
        } else {
            for k in computed {
                for p in sharedPaths[k] ?? [] {
                    let r = sectionTextTarget(p.name, root: root)?.range
                    if sharedTargets[p] != r { sharedTargets[p] = r; changed = true }
                }
            }
        }
        guard changed else { return }
        var byID: [Int: [ByteRange]] = [:]
        for r in sharedTargets.values where segmentIndex(ofVirtual: r.start) != nil {
            byID[RegionOffset.region(r.start), default: []].append(r)
        }
        sharedByID = byID.mapValues(outermostRanges)
    }

    /// Whether an edit (in text offsets) touches text that a followed `$ref` reads, as `lint(bytes:)` decides it.
    private func touchesSharedText(_ e: TextEdit) -> Bool {
        let s = e.range.start, end = e.range.end
        guard let first = segment(at: s) ?? (segments.isEmpty ? nil : 0) else { return false }
        let last = segment(at: max(s, end - 1)) ?? first
        guard first <= last else { return false }
        for k in first...last {
            let id = segments[k].id
            guard let shared = sharedByID[id] else { continue }
            let shift = RegionOffset.make(region: id, local: 0) - regionStart[id]
            if LayoutLintCore.touchesSharedText(shared, s + shift, end + shift) { return true }
        }
        return false
    }

    private func assemble() {
        var ds: [Diagnostic] = frameSyntax
        for k in segments.indices { ds += segments[k].syntax }
        // Builder diagnostics, each once (the whole-document builder reports a repeated one once).
        var seen = Set<Diagnostic>()
        for d in frameStartDiagnostics where seen.insert(d).inserted { ds.append(d) }
        for k in segments.indices {
            for d in segments[k].cache!.builder where seen.insert(d).inserted { ds.append(d) }
        }
        for d in frameEndDiagnostics where seen.insert(d).inserted { ds.append(d) }
        // Findings, merged across sections and environments as `runRules` merges them.
        // A finding of one section on another section's text could share its cause with that section's own
        // findings: then everything is merged together; otherwise each section's own are merged already.
        let crossSection = segments.indices.contains { k in
            segments[k].cache!.foreign.contains {
                $0.contains { f in
                    let id = RegionOffset.region(f.range.start)
                    return id != 0 && id != IncrementalLinter.suffixID
                }
            }
        }
        var perEnv: [[Finding]] = Array(repeating: [], count: environments.count)
        for k in segments.indices {
            let c = segments[k].cache!
            for (e, fs) in (crossSection ? c.findings : c.foreign).enumerated() where e < perEnv.count && !fs.isEmpty {
                perEnv[e] += fs
            }
            if !crossSection { ds += c.ownMerged }
            ds += c.variants
        }
        ds += mergeFindings(perEnv, environments: environments.map(\.name))
        // The rest of `documentRules`.
        if namesDirty {
            duplicateNames = duplicateSectionNames(segments.map { ($0.cache!.name, $0.cache!.nameRange) })
            namesDirty = false
        }
        if definitionsDirty {
            let doc = LayoutDocument()
            doc.definitions = frameDoc.definitions
            doc.referencedPointers = frameEndRefs
            doc.writtenDefinitionRefs = writtenFor
            unusedDefs = unusedDefinitions(doc, source: source)
            definitionsDirty = false
        }
        ds += duplicateNames
        ds += unusedDefs
        // Into offsets of the text.
        var out = ds.map(inText)
        if !sharedByID.isEmpty { markFixesOnSharedTextUnsafe(&out) { self.touchesSharedText($0) } }
        dropFixesThatBreakSyntax(&out, source: text, keeps: fixKeepsSyntax)
        // Suppressions (without a directive anywhere, `applySuppressions` would change nothing).
        if frameDirectives || segments.contains(where: \.directives) {
            var comments: [Comment] = []
            for c in frameComments where RegionOffset.region(c.range.start) == 0 { comments.append(inText(c)) }
            for k in segments.indices { for c in segments[k].comments { comments.append(inText(c)) } }
            for c in frameComments where RegionOffset.region(c.range.start) != 0 { comments.append(inText(c)) }
            out = applySuppressions(
                out, comments: comments, source: text, index: lineIndex, allEnvironments: !options.narrowsEnvironments)
        }
        out = applySeverities(out, options.severities)
        sortDiagnostics(&out)
        currentOmitted = limitDiagnostics(&out, limit: options.maxDiagnostics)
        current = out
    }

    /// `fixKeepsSyntax` without parsing the whole text when the fix's edits lie inside one section's element: that
    /// element is parsed again (as `reparseSegments` does) and its syntax errors counted before and after. Otherwise
    /// the edited text's errors are counted by `counter` (of the text: from the checkpoint before the edit).
    private func fixKeepsSyntax(_ fix: Fix, _ syntaxErrors: Int, _ counter: SyntaxErrorCounter) -> Bool {
        guard let lo = fix.edits.map(\.range.start).min(), let hi = fix.edits.map(\.range.end).max(),
            let i = segmentHolding(ByteRange(lo, hi)),
            !fix.edits.contains(where: { e in
                let r = ByteRange(min(max(e.range.start, 0), text.count), min(max(e.range.end, 0), text.count))
                return r.start <= r.end
                    && IncrementalLinter.mayRelexBefore(
                        text, at: r.start, removed: text[r.start..<r.end], inserted: e.newText.utf8,
                        relexedFrom: regionStart[segments[i].id])
            })
        else {
            return LayoutLintCore.fixKeepsSyntax(fix, source: text, syntaxErrors: syntaxErrors, counter: counter)
        }
        let fixed = LayoutLintCore.applyEdits(text, fix.edits)
        guard let r = reparseElement(i, in: fixed, delta: fixed.count - text.count) else {
            return LayoutLintCore.fixKeepsSyntax(fix, source: text, syntaxErrors: syntaxErrors, counter: counter)
        }
        let before = segments[i].errors.filter { $0.code == .syntax }.count
        let after = r.errors.filter { $0.code == .syntax }.count
        return after <= before
    }

    /// Whether an edit at `s` could change how the text before it on its line is read, which re-parsing from the
    /// start of a section (or of an element) does not see: a lone `'` looks for its closing `'` up to the end of
    /// its line, so typing a `'` after it on that line (or removing a line break, or a `'`) can make it a string;
    /// a `"` directly followed by a letter is a stray quote or a cut string when a string starting there closes on
    /// its line (the lexer's `lexString`), so adding or removing a `"`, a `\` or a line break after such a `"` on
    /// the line (the last `"` before the section's start), or an edit right after a `"` that changes whether a letter
    /// follows it, can change how it reads.
    /// The bytes before `s` are the same before and after the edit, and so is the start of its line. The text from
    /// `relexedFrom` on is read again anyway (the start of the section the edit is in): a `"` there does not count.
    /// (`.max`: nothing before `s` is.)
    static func mayRelexBefore(
        _ text: [UInt8], at s: Int, removed: ArraySlice<UInt8>, inserted: some Collection<UInt8>,
        relexedFrom floor: Int = .max
    ) -> Bool {
        if s > 0 && s - 1 < floor && text[s - 1] == 0x22 {
            let e = s + removed.count
            let before: UInt8? = s < text.count ? text[s] : nil
            let after: UInt8? = inserted.first ?? (e < text.count ? text[e] : nil)
            if followsAsWord(before) != followsAsWord(after) { return true }
        }
        func quoteOrBreak(_ b: UInt8) -> Bool { b == 0x22 || b == 0x5C || b == 0x0A || b == 0x0D }
        if inserted.contains(where: quoteOrBreak) || removed.contains(where: quoteOrBreak) {
            // What reads past `floor`: a string from a `"` followed by a letter, looking for its closing `"`. It stops
            // at the first `"` it meets (but an escaped one), so only the last ones before `floor` can reach it.
            var k = min(floor, s)
            while k > 0 {
                let b = text[k - 1]
                if b == 0x0A || b == 0x0D { break }
                if b == 0x22 {
                    if floor == .max || (k < text.count && followsAsWord(text[k])) { return true }
                    if k < 2 || text[k - 2] != 0x5C { break }
                }
                k -= 1
            }
        }
        guard inserted.contains(0x27) || removed.contains(where: { $0 == 0x27 || $0 == 0x0A || $0 == 0x0D }) else {
            return false
        }
        var k = s
        while k > 0 {
            let b = text[k - 1]
            if b == 0x0A || b == 0x0D { return false }
            if b == 0x27 { return true }
            k -= 1
        }
        return false
    }

    /// Whether `b` after a closing `"` makes it a stray quote (given a string closing on the line): a letter, a digit,
    /// `_`, `$` or a non-ASCII byte.
    private static func followsAsWord(_ b: UInt8?) -> Bool {
        guard let b else { return false }
        let l = b | 0x20
        return (l >= 0x61 && l <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x24 || b >= 0x80
    }

    private func inText(_ c: Comment) -> Comment {
        var v = c
        v.range = textRange(c.range)
        return v
    }

    private func inText(_ d: Diagnostic) -> Diagnostic {
        var d = d
        d.range = textRange(d.range)
        if !d.related.isEmpty {
            d.related = d.related.map {
                RelatedLocation(
                    range: textRange($0.range), message: $0.message)
            }
        }
        if var f = d.fix {
            f.edits = f.edits.map {
                TextEdit(range: textRange($0.range), newText: $0.newText)
            }
            d.fix = f
        }
        return d
    }
}

extension JSONNode {
    /// Puts re-parsed elements in place (the incremental linter keeps one tree for `$ref` resolution).
    func replaceElements(_ r: ClosedRange<Int>, with nodes: [JSONNode]) {
        guard kind == .array, r.upperBound < elements.count else { return }
        elements.replaceSubrange(r, with: nodes)
    }
}
