// A folder of Swift files read as one module: parsed with swift-syntax, operators folded, declarations indexed by
// name (functions, properties and constants, enums), and the places that build compositional layouts found.
// Offsets: every file's bytes sit one after another in one "module offset" space (`SwiftSourceFile.base`), so a
// layout built by helpers in several files keeps one range type; reports split them back per file.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutLintCore
import SwiftOperators
import SwiftParser
import SwiftSyntax

public final class SwiftModule: @unchecked Sendable {
    public private(set) var files: [SwiftSourceFile] = []
    let recorder: LookupRecorder
    // The declarations by name. A document reader's module indexes those of a name on its first lookup, in the
    // regions that declare it (`indexDeclarations(of:)`): an edit that reads one layout again indexes what that layout looks up,
    // not the whole file.
    let functions: NameTable<[FunctionEntry]>
    let properties: NameTable<[PropertyEntry]>
    /// Each type's stored instance properties in declaration order (its memberwise initializer's parameters).
    let storedProperties: NameTable<[PropertyEntry]>
    let enums: NameTable<EnumEntry>
    /// By type name: the types its declaration and extensions inherit from or conform to, as written.
    let supertypes: NameTable<[String]>
    /// Every enum of each name, in the order indexed (`enums` keeps the last declared; `enumNamed` chooses).
    var enumCandidates: [String: [EnumEntry]] = [:]
    let typeNames: NameSet
    var sites: [LayoutSite] = []
    /// Each name a declaration declares, with the module offset of the declaration (its owner type's name too, for
    /// a member): which names an edit touched.
    var declaredNames: [(name: String, offset: Int)] = []
    /// The same for the names declarations are found by in the tables (a member's owner only for a stored property),
    /// and enum cases (`enums(withCase:)`).
    var tableKeys: [(name: String, offset: Int)] = []
    /// Functions (with a body) and computed properties whose type names a section or a group, in declaration order:
    /// the layout sites they may be.
    var returnsSectionOrGroup: [FunctionEntry] = []
    var computesSectionOrGroup: [PropertyEntry] = []

    /// A document reader's regions: ranges are region offsets (`SwiftRegions`), which edits elsewhere do not move.
    /// nil: module offsets.
    let regions: SwiftRegions?

    /// Reads `sources` (path, bytes) as one module. Nothing here fails: code that does not parse yields a tree with
    /// missing and unexpected nodes, read as far as it goes.
    private init(regions: SwiftRegions?) {
        self.regions = regions
        let recorder = LookupRecorder()
        self.recorder = recorder
        functions = NameTable(recorder: recorder)
        properties = NameTable(recorder: recorder)
        storedProperties = NameTable(recorder: recorder)
        enums = NameTable(recorder: recorder)
        supertypes = NameTable(recorder: recorder)
        typeNames = NameSet(recorder: recorder)
    }

    public convenience init(sources: [(path: String, bytes: [UInt8])]) {
        self.init(regions: nil)
        for i in parseAndIndex(sources) { findSites(in: i) }
    }

    /// Adds files whose declarations the layouts need (files that never name the API, found by `declaresAny`):
    /// parsed and indexed after the others, as the compiler sees every file of the module. They build no layout.
    func include(_ sources: [(path: String, bytes: [UInt8])]) {
        precondition(regions == nil, "a document reader's module is one file")
        _ = parseAndIndex(sources)
        fileRoots = files.map { $0.tree.id }
    }

    /// Parses `sources` into files after the module's own (in module offsets past them) and indexes their
    /// declarations; returns their indexes.
    private func parseAndIndex(_ sources: [(path: String, bytes: [UInt8])]) -> Range<Int> {
        var base = files.last.map { $0.base + $0.bytes.count + 1 } ?? 0
        let first = files.count
        for (path, bytes) in sources {
            let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
            files.append(
                SwiftSourceFile(
                    path: path, bytes: bytes, base: base, tree: tree, lineIndex: LineIndex(bytes),
                    comments: swiftComments(tree, bytes: bytes)))
            base += bytes.count + 1
        }
        for i in first..<files.count { index(files[i].tree.statements.map(\.item), file: i, owner: nil) }
        return first..<files.count
    }

    /// Whether any declaration of the module has the name `name` (nothing recorded).
    func declares(_ name: String) -> Bool {
        functions.storage[name] != nil || properties.storage[name] != nil || enums.storage[name] != nil
            || typeNames.storage.contains(name) || storedProperties.storage[name] != nil
    }

    /// One file already parsed, read unit by unit as a document reader says (`outline`, `walks`: one per unit),
    /// its ranges in `regions`' offsets. `declaredNames` and `tableKeys` list only the names declared at the offsets
    /// `namesAt` accepts (a document reader's changed regions). The declarations of a name are indexed on its first
    /// lookup, in the regions `keyedRegions` gives for it (the ids of the regions whose `tableKeys` had it: the
    /// reader sets it before layouts are read).
    convenience init(
        path: String, bytes: [UInt8], lineIndex: LineIndex, tree: SourceFileSyntax, comments: [Comment],
        regions: SwiftRegions,
        outline: [OutlineUnit], walks: [OutlineUnit.Walk], namesAt: @escaping (Int) -> Bool
    ) {
        self.init(regions: regions)
        files.append(
            SwiftSourceFile(path: path, bytes: bytes, base: 0, tree: tree, lineIndex: lineIndex, comments: comments))
        pass = .sitesAndNames(namesAt)
        let finder = SiteFinder(bytes: bytes)
        var owner: String?
        // By unit: the type a member belongs to.
        var owners: [String?] = []
        owners.reserveCapacity(outline.count)
        for (unit, how) in zip(outline, walks) {
            if case .member = unit.node { owners.append(owner) } else { owners.append(nil) }
            switch unit.node {
            case .item(let item):
                guard how != .skip else { continue }
                if case .decl(let d) = item.item { indexDecl(d, file: 0, owner: nil) }
                finder.find(in: Syntax(item), how)
            case .header(let decl):
                owner = indexDecl(decl, file: 0, owner: nil, members: false)
            case .member(let member):
                guard how != .skip else { continue }
                if let owner { indexDecl(member.decl, file: 0, owner: owner) }
                finder.find(in: Syntax(member), how)
            case .closingBrace:
                break
            }
        }
        findSites(in: 0, constructions: finder.constructions)
        lazyTables = LazyTables(outline: outline, owners: owners)
        indexingOnLookup()
    }

    /// Has every lookup by name index the declarations of that name first (`indexDeclarations(of:)`).
    private func indexingOnLookup() {
        let index: (String) -> Void = { [unowned self] name in self.indexDeclarations(of: name) }
        functions.indexOnLookup = index
        properties.indexOnLookup = index
        storedProperties.indexOnLookup = index
        enums.indexOnLookup = index
        typeNames.indexOnLookup = index
    }

    /// What a document reader's module needs to index the declarations of a name on its first lookup.
    private struct LazyTables {
        let outline: [OutlineUnit]
        /// By unit: the type a member belongs to.
        let owners: [String?]
        /// The names looked up so far (their declarations are indexed), and the regions indexed.
        var indexedNames: Set<String> = []
        var indexed: Set<Int> = []
        /// By region id, the units whose declarations record their names there (built on the first lookup): the
        /// item or member whose own text the region is, and the header of a type whose last byte is in it (its
        /// closing brace's region, or without one, wherever the type ends).
        var unitsOfRegion: [Int: [Int]]?
    }
    private var lazyTables: LazyTables?
    var keyedRegions: [String: Set<Int>] = [:]

    /// How many regions this module's lookups indexed.
    private(set) var regionsIndexed = 0

    /// Indexes the declarations of `name` before its first lookup: those in the regions whose declarations have it
    /// as a key, each region indexed once (its other keys' declarations come along). The lists of `name` are then
    /// put in declaration order (regions indexed for other names came first).
    func indexDeclarations(of name: String) {
        guard var lazy = lazyTables, !lazy.indexedNames.contains(name), let regions else { return }
        lazy.indexedNames.insert(name)
        let pending = (keyedRegions[name] ?? []).subtracting(lazy.indexed)
        defer {
            // (Also when every region was indexed for other names first, in another order.)
            functions.storage[name]?.sort { $0.decl.position.utf8Offset < $1.decl.position.utf8Offset }
            properties.storage[name]?.sort { $0.binding.position.utf8Offset < $1.binding.position.utf8Offset }
            storedProperties.storage[name]?.sort { $0.binding.position.utf8Offset < $1.binding.position.utf8Offset }
        }
        guard !pending.isEmpty else { lazyTables = lazy; return }
        if lazy.unitsOfRegion == nil {
            var map: [Int: [Int]] = [:]
            map.reserveCapacity(lazy.outline.count)
            for (k, unit) in lazy.outline.enumerated() {
                // (A declaration's names are at its last byte, `lastByte`.)
                if case .header(let decl) = unit.node {
                    if let i = regions.regionIndex(SwiftModule.lastByte(of: decl)) {
                        map[regions.ids[i], default: []].append(k)
                    }
                } else if let i = regions.regionIndex(unit.start), regions.starts[i] == unit.start {
                    map[regions.ids[i], default: []].append(k)
                }
            }
            lazy.unitsOfRegion = map
        }
        lazy.indexed.formUnion(pending)
        lazyTables = lazy
        pass = .tables
        for id in pending {
            regionsIndexed += 1
            for k in lazy.unitsOfRegion?[id] ?? [] {
                switch lazy.outline[k].node {
                case .item(let item):
                    if case .decl(let d) = item.item { indexDecl(d, file: 0, owner: nil) }
                case .header(let decl):
                    indexDecl(decl, file: 0, owner: nil, members: false)
                case .member(let member):
                    if let owner = lazy.owners[k] { indexDecl(member.decl, file: 0, owner: owner) }
                case .closingBrace:
                    break
                }
            }
        }
    }

    /// The enum `name` means in code of `file` inside `owner`, as Swift's lookup finds it: of several enums of one
    /// name (`private enum Section` in two view controllers), the one nested in `owner`, else the one declared in
    /// `file`, else the last declared. So a file's findings do not depend on which other files are in the run.
    func enumNamed(_ name: String, file: Int?, owner: String?) -> EnumEntry? {
        guard let latest = enums[name] else { return nil }
        guard let all = enumCandidates[name], all.count > 1 else { return latest }
        if let owner, let e = all.last(where: { $0.owner == owner }) { return e }
        if let file, let e = all.last(where: { $0.file == file }) { return e }
        return latest
    }

    /// Of declarations that all match one lookup, the one nearest code in file `from`: in that file, else in the
    /// file whose path shares the most folders with it (the same target of a repository), else the first indexed.
    func nearest<E: ModuleDeclaration>(_ candidates: [E], to from: Int?) -> E? {
        guard candidates.count > 1, let from else { return candidates.first }
        if let c = candidates.first(where: { $0.file == from }) { return c }
        let here = files[from].path.split(separator: "/").dropLast()
        func shared(_ e: E) -> Int {
            zip(here, files[e.file].path.split(separator: "/").dropLast()).prefix { $0 == $1 }.count
        }
        var best = candidates[0], bestShared = shared(best)
        for c in candidates.dropFirst() {
            let n = shared(c)
            if n > bestShared { best = c; bestShared = n }
        }
        return best
    }

    /// The enums that have a case `name`.
    func enums(withCase name: String) -> [EnumEntry] {
        recorder.record(name)
        indexDeclarations(of: name)
        return enums.storage.values.filter { e in e.cases.contains { $0.name == name } }
    }

    /// Indexes the declarations of `names` now: before layouts are read on several threads (`forReading`), the
    /// names they looked up the last time, which each thread would otherwise index again.
    func indexDeclarations(of names: some Sequence<String>) {
        for name in names { indexDeclarations(of: name) }
    }

    /// A module for reading layouts on another thread beside this one (`ReadingPool`): the same files, regions and
    /// declarations by name as indexed so far, with a lookup recorder, folded expressions and further declarations
    /// indexed of its own, the state a read changes. (The syntax tree is shared: it is only read.)
    func forReading() -> SwiftModule {
        let m = SwiftModule(regions: regions)
        m.files = files
        m.sites = sites
        m.functions.storage = functions.storage
        m.properties.storage = properties.storage
        m.storedProperties.storage = storedProperties.storage
        m.enums.storage = enums.storage
        m.enumCandidates = enumCandidates
        m.typeNames.storage = typeNames.storage
        if lazyTables != nil {
            m.lazyTables = lazyTables
            m.keyedRegions = keyedRegions
            m.indexingOnLookup()
        }
        return m
    }

    /// What an index walk collects: everything (a module read as a whole), the layout sites' candidates and some
    /// declared names (a document reader's module, first), or the declarations by name (its first lookup).
    enum IndexPass {
        case all
        case sitesAndNames((Int) -> Bool)
        case tables
    }
    var pass = IndexPass.all

    /// Operators folded (`a + b * c` as a tree), once per sequence, when the evaluator reads it: folding a whole
    /// file costs more than parsing it, and most of a file is never read. The folded expression is a tree of its
    /// own; `foldedAt` keeps where it stands in its file.
    private var foldedSequences: [SyntaxIdentifier: ExprSyntax] = [:]
    private var foldedAt: [SyntaxIdentifier: Int] = [:]

    func folded(_ seq: SequenceExprSyntax, file: Int) -> ExprSyntax {
        if let done = foldedSequences[seq.id] { return done }
        guard !seq.elements.isEmpty else { return ExprSyntax(seq) }
        let folded = OperatorTable.standardOperators.foldSingle(seq) { _ in }
        foldedSequences[seq.id] = folded
        // (A sequence of one expression folds to that expression, still in the file's tree.)
        if folded.root.id != seq.root.id { foldedAt[folded.root.id] = position(of: seq, file: file) }
        return folded
    }

    /// A node's offset in its file (a node of a folded expression: where that expression stands).
    private func position(of node: some SyntaxProtocol, file: Int) -> Int {
        guard !foldedAt.isEmpty else { return node.position.utf8Offset }
        // (A node of the file's own tree, the common case, is told apart without hashing.)
        let root = node.root.id
        if root == fileRoots[file] { return node.position.utf8Offset }
        return (foldedAt[root] ?? 0) + node.position.utf8Offset
    }

    /// Each file's tree's root (`include` adds those of the files it adds).
    lazy var fileRoots: [SyntaxIdentifier] = files.map { $0.tree.id }

    /// Whether two module offsets lie in one region: the same top-level item or member of a top-level type (or the
    /// comments before one) of the same file, the units a document reader keeps results by
    /// (`SwiftDocumentReader.regionCuts`).
    func sameRegion(_ a: Int, _ b: Int) -> Bool {
        if regions != nil { return a >> 32 == b >> 32 }
        let (fa, oa) = locate(a), (fb, ob) = locate(b)
        guard fa == fb else { return false }
        if regionStarts[fa] == nil {
            regionStarts[fa] = SwiftDocumentReader.regionCuts(
                OutlineUnit.of(files[fa].tree), count: files[fa].bytes.count
            ).map(\.start)
        }
        let starts = regionStarts[fa] ?? []
        let region = { (o: Int) in lowerBound(starts.count) { starts[$0] <= o } }
        return region(oa) == region(ob)
    }

    /// By file: where its regions start (`sameRegion`), once asked.
    private var regionStarts: [Int: [Int]] = [:]

    /// The file that holds module offset `offset`, and the offset in it.
    public func locate(_ offset: Int) -> (file: Int, offset: Int) {
        var lo = 0, hi = files.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if files[mid].base <= offset { lo = mid } else { hi = mid - 1 }
        }
        return (lo, offset - (files.isEmpty ? 0 : files[lo].base))
    }

    func range(_ node: some SyntaxProtocol, file: Int) -> ByteRange {
        let b = files[file].base + position(of: node, file: file) - node.position.utf8Offset
        let r = ByteRange(
            b + node.positionAfterSkippingLeadingTrivia.utf8Offset, b + node.endPositionBeforeTrailingTrivia.utf8Offset)
        return regions?.regionRange(r) ?? r
    }
}
/// A Swift file cut as a document reader keeps its results: each top-level item, and in a top-level type or
/// extension its header, each member and the closing brace.
struct OutlineUnit {
    enum Node {
        case item(CodeBlockItemSyntax)
        case header(DeclSyntax)
        case member(MemberBlockItemSyntax)
        case closingBrace
    }
    let node: Node
    /// Where its leading trivia (the comments and blank lines before it) starts, and where its own text starts.
    let position: Int
    let start: Int

    /// How a document reader has the module read a unit: not at all (its text is unchanged and builds no layout),
    /// walked for constructions, or with its constructions at these offsets (its text is unchanged).
    enum Walk: Equatable {
        case skip
        case walk
        case relocate([Int])
    }

    /// The file's units in order. `knownStart`: where the text of a unit whose leading trivia starts at a position
    /// starts, when the caller knows (it costs a walk to the unit's first token).
    static func of(_ tree: SourceFileSyntax, knownStart: (Int) -> Int? = { _ in nil }) -> [OutlineUnit] {
        func unit(_ node: Node, _ n: some SyntaxProtocol) -> OutlineUnit {
            let position = n.position.utf8Offset
            return OutlineUnit(
                node: node, position: position,
                start: knownStart(position) ?? n.positionAfterSkippingLeadingTrivia.utf8Offset)
        }
        var out: [OutlineUnit] = []
        for item in tree.statements {
            guard case .decl(let decl) = item.item, let members = decl.asProtocol(DeclGroupSyntax.self)?.memberBlock
            else {
                out.append(unit(.item(item), item))
                continue
            }
            out.append(unit(.header(decl), item))
            for m in members.members { out.append(unit(.member(m), m)) }
            out.append(unit(.closingBrace, members.rightBrace))
        }
        return out
    }
}
