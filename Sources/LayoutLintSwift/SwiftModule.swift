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

public struct SwiftSourceFile: @unchecked Sendable {
    public let path: String
    public let bytes: [UInt8]
    /// The offset of this file's first byte among the module's files.
    public let base: Int
    let tree: SourceFileSyntax
    public let lineIndex: LineIndex
    /// Comments, in this file's own offsets (suppressions are read from them).
    public let comments: [Comment]
}

/// Whether `needle` occurs in `b` (memchr for its first byte, then a compare).
func contains(_ b: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = b.baseAddress, let nb = needle.baseAddress, needle.count > 0, b.count >= needle.count else { return false }
    let n = needle.count
    var i = 0
    while i + n <= b.count, let p = memchr(base + i, Int32(nb[0]), b.count - n + 1 - i) {
        let at = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
        if memcmp(base + at, nb, n) == 0 { return true }
        i = at + 1
    }
    return false
}

func contains(_ b: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
    contains(b, UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount))
}

/// Calls `body` with a node's bytes in its file's `bytes` (with the trivia around it when `trivia`), clamped to
/// the file.
func withBytes<R>(of node: some SyntaxProtocol, in bytes: [UInt8], trivia: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let lo = min(bytes.count, (trivia ? node.position : node.positionAfterSkippingLeadingTrivia).utf8Offset)
    let hi = min(bytes.count, max(lo, (trivia ? node.endPosition : node.endPositionBeforeTrailingTrivia).utf8Offset))
    return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[lo..<hi])) }
}

/// Files that never name the compositional layout API are skipped before any parse (a folder of an app has thousands
/// of Swift files, a few percent of which build layouts).
public func mentionsCompositionalLayout(_ bytes: [UInt8]) -> Bool {
    // Every name of the API ends its prefix in "CollectionLayout" (NSCollectionLayoutSection, IBP…) or
    // "CompositionalLayout" (UICollectionViewCompositionalLayout, NSCollectionViewCompositionalLayout): find each
    // "Layout" with memchr and look behind it.
    let collection = Array("Collection".utf8), compositional = Array("Compositional".utf8), layout = Array("Layout".utf8)
    return bytes.withUnsafeBufferPointer { b in
        guard let base = b.baseAddress else { return false }
        var i = 0
        let n = b.count
        while i < n, let p = memchr(base + i, Int32(UInt8(ascii: "L")), n - i) {
            let at = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
            i = at + 1
            guard at + layout.count <= n, b[at..<(at + layout.count)].elementsEqual(layout) else { continue }
            if at >= collection.count, b[(at - collection.count)..<at].elementsEqual(collection) { return true }
            if at >= compositional.count, b[(at - compositional.count)..<at].elementsEqual(compositional) { return true }
        }
        return false
    }
}

/// A type's name without `?` and `!`.
func withoutOptionality(_ type: String) -> String { type.filter { $0 != "?" && $0 != "!" } }

/// A type's name without `any `.
func withoutAny(_ type: String) -> String { type.contains("any ") ? type.replacing("any ", with: "") : type }

/// The API's spellings: UIKit's, AppKit's (`NSCollectionView…`) and the IBP backport's (`IBP` before either) name
/// the same types.
func canonicalTypeName(_ name: String) -> String {
    var n = Substring(name)
    if n.hasPrefix("IBP") { n = n.dropFirst(3) }
    switch n {
    case "NSCollectionViewCompositionalLayout": return "UICollectionViewCompositionalLayout"
    case "NSCollectionViewCompositionalLayoutConfiguration": return "UICollectionViewCompositionalLayoutConfiguration"
    case "NSCollectionLayoutSectionOrthogonalScrollingBehavior": return "UICollectionLayoutSectionOrthogonalScrollingBehavior"
    default: return String(n)
    }
}

struct FunctionEntry {
    let decl: FunctionDeclSyntax
    let file: Int
    let owner: String?
    let isStatic: Bool
    var name: String { decl.name.text }
    var labels: [String?] {
        decl.signature.parameterClause.parameters.map { p in p.firstName.text == "_" ? nil : p.firstName.text }
    }
}

struct PropertyEntry {
    let binding: PatternBindingSyntax
    let file: Int
    let owner: String?
    let isLet: Bool
    let isStatic: Bool
    let isLazy: Bool
    var type: String? { binding.typeAnnotation.map { $0.type.trimmedDescription } }
}

struct EnumEntry {
    let name: String
    let file: Int
    /// Where it is declared (module offset): of two enums of one name, the later one is kept.
    let position: Int
    /// The type it is nested in, if any.
    var owner: String?
    var cases: [(name: String, raw: ExprSyntax?)] = []
    var rawType: String?
}

/// Where a layout is built: a `UICollectionViewCompositionalLayout(…)` construction, or a function or computed
/// property that returns a section or a group and that no construction reaches.
struct LayoutSite {
    enum Kind {
        case construction(FunctionCallExprSyntax)
        case returnsSection(FunctionEntry?, PropertyEntry?)
        case returnsGroup(FunctionEntry?, PropertyEntry?)
    }
    let kind: Kind
    let name: String
    let file: Int
    /// Module offsets of the construction, function or property.
    let range: ByteRange
    /// The function, property or closure whose body runs to build it.
    let context: Syntax?
}

/// The names an evaluation looked up in the module's declarations (while `active`): a layout read again after an
/// edit only when a declaration of one of them changed (`SwiftDocumentReader`).
final class LookupRecorder {
    var active = false
    var names: Set<String> = []
    @inline(__always) func record(_ name: String) { if active { names.insert(name) } }
}

/// The module's declarations of one kind by name; each lookup by name is recorded. `prepare`, when set, indexes the
/// declarations of a name before its first lookup (a document reader's module: `SwiftModule.prepare`).
final class NameTable<Value> {
    fileprivate(set) var storage: [String: Value] = [:]
    let recorder: LookupRecorder
    fileprivate var prepare: ((String) -> Void)?
    init(recorder: LookupRecorder) { self.recorder = recorder }
    subscript(_ name: String) -> Value? {
        recorder.record(name)
        prepare?(name)
        return storage[name]
    }
    fileprivate subscript(_ name: String, default value: @autoclosure () -> Value) -> Value {
        get { storage[name] ?? value() }
        _modify { yield &storage[name, default: value()] }
    }
}

final class NameSet {
    fileprivate(set) var storage: Set<String> = []
    let recorder: LookupRecorder
    fileprivate var prepare: ((String) -> Void)?
    init(recorder: LookupRecorder) { self.recorder = recorder }
    func contains(_ name: String) -> Bool {
        recorder.record(name)
        prepare?(name)
        return storage.contains(name)
    }
}

public final class SwiftModule: @unchecked Sendable {
    public private(set) var files: [SwiftSourceFile] = []
    let recorder: LookupRecorder
    // The declarations by name. A document reader's module indexes those of a name on its first lookup, in the
    // regions that declare it (`prepare`): an edit that reads one layout again indexes what that layout looks up,
    // not the whole file.
    let functions: NameTable<[FunctionEntry]>
    let properties: NameTable<[PropertyEntry]>
    /// Each type's stored instance properties in declaration order (its memberwise initializer's parameters).
    let storedProperties: NameTable<[PropertyEntry]>
    let enums: NameTable<EnumEntry>
    /// Every enum of each name, in the order indexed (`enums` keeps the last declared; `enumNamed` chooses).
    fileprivate(set) var enumCandidates: [String: [EnumEntry]] = [:]
    let typeNames: NameSet
    var sites: [LayoutSite] = []
    /// Each name a declaration declares, with the module offset of the declaration (its owner type's name too, for
    /// a member): which names an edit touched.
    private(set) var declaredNames: [(name: String, offset: Int)] = []
    /// The same for the names declarations are found by in the tables (a member's owner only for a stored property),
    /// and enum cases (`enums(withCase:)`).
    private(set) var tableKeys: [(name: String, offset: Int)] = []
    /// Functions (with a body) and computed properties whose type names a section or a group, in declaration order:
    /// the layout sites they may be.
    private var returnsSectionOrGroup: [FunctionEntry] = []
    private var computesSectionOrGroup: [PropertyEntry] = []

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
            files.append(SwiftSourceFile(path: path, bytes: bytes, base: base, tree: tree, lineIndex: LineIndex(bytes),
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

    /// One file already parsed, read unit by unit as a document reader says (`outline`, `reading`: one per unit),
    /// its ranges in `regions`' offsets. `declaredNames` and `tableKeys` list only the names declared at the offsets
    /// `namesAt` accepts (a document reader's changed regions). The declarations of a name are indexed on its first
    /// lookup, in the regions `keyedRegions` gives for it (the ids of the regions whose `tableKeys` had it: the
    /// reader sets it before layouts are read).
    convenience init(path: String, bytes: [UInt8], lineIndex: LineIndex, tree: SourceFileSyntax, comments: [Comment], regions: SwiftRegions,
                     outline: [OutlineUnit], reading: [OutlineUnit.Reading], namesAt: @escaping (Int) -> Bool) {
        self.init(regions: regions)
        files.append(SwiftSourceFile(path: path, bytes: bytes, base: 0, tree: tree, lineIndex: lineIndex, comments: comments))
        pass = .sitesAndNames(namesAt)
        let finder = SiteFinder(bytes: bytes)
        var owner: String?
        // By unit: the type a member belongs to.
        var owners: [String?] = []
        owners.reserveCapacity(outline.count)
        for (unit, how) in zip(outline, reading) {
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
        preparingOnLookup()
    }

    /// Has every lookup by name index the declarations of that name first (`prepare`).
    private func preparingOnLookup() {
        let prepare: (String) -> Void = { [unowned self] name in self.prepare(name) }
        functions.prepare = prepare
        properties.prepare = prepare
        storedProperties.prepare = prepare
        enums.prepare = prepare
        typeNames.prepare = prepare
    }

    /// What a document reader's module needs to index the declarations of a name on its first lookup.
    private struct LazyTables {
        let outline: [OutlineUnit]
        /// By unit: the type a member belongs to.
        let owners: [String?]
        /// The names looked up so far (their declarations are indexed), and the regions indexed.
        var prepared: Set<String> = []
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
    private func prepare(_ name: String) {
        guard var lazy = lazyTables, !lazy.prepared.contains(name), let regions else { return }
        lazy.prepared.insert(name)
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
                    if let i = regions.regionIndex(SwiftModule.lastByte(of: decl)) { map[regions.ids[i], default: []].append(k) }
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

    /// The enums that have a case `name`.
    func enums(withCase name: String) -> [EnumEntry] {
        recorder.record(name)
        prepare(name)
        return enums.storage.values.filter { e in e.cases.contains { $0.name == name } }
    }

    /// Indexes the declarations of `names` now: before layouts are read on several threads (`forReading`), the
    /// names they looked up the last time, which each thread would otherwise index again.
    func prepare(_ names: some Sequence<String>) {
        for name in names { prepare(name) }
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
            m.preparingOnLookup()
        }
        return m
    }

    /// What an index walk collects: everything (a module read as a whole), the layout sites' candidates and some
    /// declared names (a document reader's module, first), or the declarations by name (its first lookup).
    private enum IndexPass {
        case all
        case sitesAndNames((Int) -> Bool)
        case tables
    }
    private var pass = IndexPass.all

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
    private lazy var fileRoots: [SyntaxIdentifier] = files.map { $0.tree.id }

    /// Whether two module offsets lie in one region: the same top-level item or member of a top-level type (or the
    /// comments before one) of the same file, the units a document reader keeps results by
    /// (`SwiftDocumentReader.regionCuts`).
    func sameRegion(_ a: Int, _ b: Int) -> Bool {
        if regions != nil { return a >> 32 == b >> 32 }
        let (fa, oa) = locate(a), (fb, ob) = locate(b)
        guard fa == fb else { return false }
        if regionStarts[fa] == nil {
            regionStarts[fa] = SwiftDocumentReader.regionCuts(OutlineUnit.of(files[fa].tree), count: files[fa].bytes.count).map(\.start)
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
        let r = ByteRange(b + node.positionAfterSkippingLeadingTrivia.utf8Offset, b + node.endPositionBeforeTrailingTrivia.utf8Offset)
        return regions?.virtual(r) ?? r
    }

    // MARK: declarations

    private func index(_ items: [CodeBlockItemSyntax.Item], file: Int, owner: String?) {
        for item in items {
            if case .decl(let d) = item { indexDecl(d, file: file, owner: owner) }
        }
    }

    private func indexMembers(_ members: MemberBlockItemListSyntax, file: Int, owner: String?) {
        for m in members { indexDecl(m.decl, file: file, owner: owner) }
    }

    /// Where a declaration's names are recorded (`declaredNames`, `tableKeys`): its last byte, inside the
    /// declaration's own region, past the comments before it.
    static func lastByte(of d: DeclSyntax) -> Int { max(d.position.utf8Offset, d.endPosition.utf8Offset - 1) }

    /// `members`: whether a type's members are indexed with it (a document reader indexes them one by one).
    /// Returns the name a type's or an extension's members are indexed under (nil: a declaration of another kind).
    @discardableResult
    private func indexDecl(_ d: DeclSyntax, file: Int, owner: String?, members: Bool = true) -> String? {
        let at = files[file].base + SwiftModule.lastByte(of: d)
        let tables: Bool, sites: Bool, names: Bool
        switch pass {
        case .all: (tables, sites, names) = (true, true, true)
        case .sitesAndNames(let wanted): (tables, sites, names) = (false, true, wanted(at))
        case .tables: (tables, sites, names) = (true, false, false)
        }
        /// A name this declaration declares, and (`key`) one it puts in the tables, or an enum case.
        func declares(_ name: @autoclosure () -> String, key: Bool = true) {
            guard names else { return }
            let n = name()
            declaredNames.append((n, at))
            if key { tableKeys.append((n, at)) }
        }
        /// Whether a site candidate can be here: its text names a section or a group (a byte search that skips
        /// most declarations without reading their syntax).
        func mayBeSite() -> Bool {
            sites && withBytes(of: d, in: files[file].bytes, trivia: true) { contains($0, "Section") || contains($0, "Group") }
        }
        if let owner { declares(owner, key: false) }
        if let f = d.as(FunctionDeclSyntax.self) {
            declares(f.name.text)
            let candidate = mayBeSite()
            guard tables || candidate else { return nil }
            let isStatic = f.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
            let entry = FunctionEntry(decl: f, file: file, owner: owner, isStatic: isStatic)
            if tables { functions[f.name.text, default: []].append(entry) }
            if candidate, f.body != nil, let type = f.signature.returnClause?.type, namesSectionOrGroup(type, file: file) {
                returnsSectionOrGroup.append(entry)
            }
        } else if let v = d.as(VariableDeclSyntax.self) {
            let candidate = mayBeSite()
            guard tables || candidate || names else { return nil }
            let isStatic = v.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
            let isLazy = v.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
            for b in v.bindings {
                guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                declares(name)
                // (The owner, declared above, is the key its stored properties are found by.)
                if names, let owner, !isStatic, b.accessorBlock == nil { tableKeys.append((owner, at)) }
                let entry = PropertyEntry(binding: b, file: file, owner: owner, isLet: v.bindingSpecifier.tokenKind == .keyword(.let),
                                          isStatic: isStatic || owner == nil, isLazy: isLazy)
                if candidate, b.accessorBlock != nil, let annotation = b.typeAnnotation, namesSectionOrGroup(annotation.type, file: file) {
                    computesSectionOrGroup.append(entry)
                }
                if tables {
                    properties[name, default: []].append(entry)
                    if let owner, !isStatic, b.accessorBlock == nil { storedProperties[owner, default: []].append(entry) }
                }
            }
        } else if let typeName = d.as(ClassDeclSyntax.self)?.name.text ?? d.as(StructDeclSyntax.self)?.name.text
                    ?? d.as(ActorDeclSyntax.self)?.name.text {
            if tables { typeNames.storage.insert(typeName) }
            declares(typeName)
            return indexMembers(of: d, under: typeName, file: file, members)
        } else if let e = d.as(ExtensionDeclSyntax.self) {
            let extended = e.extendedType.trimmedDescription
            declares(extended, key: false)
            return indexMembers(of: d, under: extended, file: file, members)
        } else if let e = d.as(EnumDeclSyntax.self) {
            if tables { typeNames.storage.insert(e.name.text) }
            declares(e.name.text)
            if tables || names {
                var entry = EnumEntry(name: e.name.text, file: file, position: at, owner: owner)
                entry.rawType = e.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
                for m in activeMembers(e.memberBlock.members) {
                    if let c = m.decl.as(EnumCaseDeclSyntax.self) {
                        for el in c.elements {
                            entry.cases.append((el.name.text, el.rawValue?.value))
                            declares(el.name.text)
                        }
                    }
                }
                if tables, (enums.storage[e.name.text]?.position ?? -1) <= at { enums.storage[e.name.text] = entry }
                if tables, !(enumCandidates[e.name.text]?.contains { $0.position == at } ?? false) {
                    enumCandidates[e.name.text, default: []].append(entry)
                }
            }
            return indexMembers(of: d, under: e.name.text, file: file, members)
        } else if let ic = d.as(IfConfigDeclSyntax.self), let clause = activeClause(ic) {
            switch clause.elements {
            case .statements(let s)?: index(s.map(\.item), file: file, owner: owner)
            case .decls(let m)?: indexMembers(m, file: file, owner: owner)
            default: break
            }
        }
        return nil
    }

    /// A type's or an extension's members, indexed under `owner` when `members`; returns `owner`.
    private func indexMembers(of d: DeclSyntax, under owner: String, file: Int, _ members: Bool) -> String {
        if members, let block = d.asProtocol(DeclGroupSyntax.self)?.memberBlock { indexMembers(block.members, file: file, owner: owner) }
        return owner
    }

    /// Members through active `#if` clauses.
    func activeMembers(_ members: MemberBlockItemListSyntax) -> [MemberBlockItemSyntax] {
        var out: [MemberBlockItemSyntax] = []
        for m in members {
            if let ic = m.decl.as(IfConfigDeclSyntax.self) {
                if case .decls(let inner)? = activeClause(ic)?.elements { out += activeMembers(inner) }
            } else { out.append(m) }
        }
        return out
    }

    // MARK: layout sites

    private func findSites(in file: Int) {
        let finder = SiteFinder(bytes: files[file].bytes)
        finder.walk(files[file].tree)
        findSites(in: file, constructions: finder.constructions)
    }

    /// The file's sites: `constructions` (in the file's order) and the functions and properties that return a
    /// section or a group.
    private func findSites(in file: Int, constructions: [FunctionCallExprSyntax]) {
        var seen: [String: Int] = [:]
        func unique(_ n: String) -> String {
            seen[n, default: 0] += 1
            return seen[n]! == 1 ? n : "\(n) (\(seen[n]!))"
        }
        for call in constructions {
            let (name, context) = enclosingContext(of: Syntax(call))
            sites.append(LayoutSite(kind: .construction(call), name: unique(name ?? "layout"), file: file,
                                    range: range(call, file: file), context: context))
        }
        // Functions and computed properties that return a section or a group (checked against the constructions'
        // reach when the module is evaluated).
        for f in returnsSectionOrGroup where f.file == file {
            guard let type = f.decl.signature.returnClause?.type else { continue }
            switch canonicalTypeName(withoutOptionality(text(of: type, file: file))) {
            case "NSCollectionLayoutSection":
                sites.append(LayoutSite(kind: .returnsSection(f, nil), name: unique(f.name), file: file, range: range(f.decl, file: file), context: Syntax(f.decl)))
            case "NSCollectionLayoutGroup":
                sites.append(LayoutSite(kind: .returnsGroup(f, nil), name: unique(f.name), file: file, range: range(f.decl, file: file), context: Syntax(f.decl)))
            default: break
            }
        }
        for p in computesSectionOrGroup where p.file == file {
            guard let type = p.binding.typeAnnotation?.type, let name = p.binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            let t = text(of: type, file: file)
            switch canonicalTypeName(t) {
            case "NSCollectionLayoutSection":
                sites.append(LayoutSite(kind: .returnsSection(nil, p), name: unique(name), file: file, range: range(p.binding, file: file), context: Syntax(p.binding)))
            case "NSCollectionLayoutGroup":
                sites.append(LayoutSite(kind: .returnsGroup(nil, p), name: unique(name), file: file, range: range(p.binding, file: file), context: Syntax(p.binding)))
            default: break
            }
        }
        let at = { (r: ByteRange) -> Int in self.regions?.real(r.start) ?? r.start }
        sites.sort { ($0.file, at($0.range)) < ($1.file, at($1.range)) }
    }

    /// A node as written: its `trimmedDescription`, from the file's bytes when the node is of the file's own tree
    /// (`trimmed` builds a new tree; the evaluator reads types' names on every call).
    func text(of node: some SyntaxProtocol, file: Int) -> String {
        guard node.root.id == fileRoots[file] else { return node.trimmedDescription }
        return withBytes(of: node, in: files[file].bytes, trivia: false) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether a type's text names a section or a group at all (a byte search: most functions return other types).
    private func namesSectionOrGroup(_ type: TypeSyntax, file: Int) -> Bool {
        withBytes(of: type, in: files[file].bytes, trivia: false) { contains($0, "Section") || contains($0, "Group") }
    }

    /// The name a layout is known by (its enclosing function, property or variable) and the declaration whose code
    /// runs to build it. A local variable inside a function does not name it (`let layout = …` in
    /// `createGridLayout()` is `createGridLayout`); one in top-level code does.
    func enclosingContext(of node: Syntax) -> (String?, Syntax?) {
        var context: Syntax?
        var n: Syntax? = node.parent
        while let c = n {
            if let f = c.as(FunctionDeclSyntax.self) {
                return (f.name.text, Syntax(f))
            }
            if let b = c.as(PatternBindingSyntax.self), isMemberOrGlobal(b) {
                let bindingName = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                // A file-level binding of a file that runs statements (main.swift, a playground page, a script) is
                // read as the file runs, in order: the statements before it change what it reads.
                // (binding → its list → `let`/`var` → the file's item → its statements → the file)
                if let item = b.parent?.parent?.parent?.as(CodeBlockItemSyntax.self),
                   let file = item.parent?.parent?.as(SourceFileSyntax.self), runsStatements(file) {
                    return (bindingName, Syntax(file))
                }
                return (bindingName, Syntax(b))
            }
            if c.is(InitializerDeclSyntax.self) { return ("init", c) }
            if c.is(SourceFileSyntax.self) { context = c }
            n = c.parent
        }
        return (nil, context)
    }

    /// Whether a file has statements at its top level, not only declarations: code that runs in order, as in
    /// main.swift, a playground page or a script.
    func runsStatements(_ file: SourceFileSyntax) -> Bool {
        file.statements.contains { if case .decl = $0.item { false } else { true } }
    }

    /// A binding declared in a type or at file level (not a local inside a function).
    func isMemberOrGlobal(_ b: PatternBindingSyntax) -> Bool {
        var n: Syntax? = b.parent
        while let c = n {
            if c.is(MemberBlockItemSyntax.self) { return true }
            if c.is(CodeBlockSyntax.self) || c.is(ClosureExprSyntax.self) || c.is(AccessorBlockSyntax.self) { return false }
            if c.is(SourceFileSyntax.self) { return true }
            n = c.parent
        }
        return false
    }
}

/// `super.init(section:)`, `super.init { … }`, `self.init(sectionProvider:configuration:)` in an initializer of a
/// class that inherits from a compositional layout (`class ChipFlowLayout: UICollectionViewCompositionalLayout`):
/// the subclass's layout is built there, as by `UICollectionViewCompositionalLayout(…)`.
func initializesLayoutSuperclass(_ call: FunctionCallExprSyntax) -> Bool {
    guard let m = call.calledExpression.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "init", let base = m.base,
          base.is(SuperExprSyntax.self) || base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" else { return false }
    let label = call.arguments.first?.label?.text
    guard label == "section" || label == "sectionProvider" || (call.arguments.isEmpty && call.trailingClosure != nil) else { return false }
    var n: Syntax? = Syntax(call).parent
    while let c = n {
        if let cls = c.as(ClassDeclSyntax.self) {
            return cls.inheritanceClause?.inheritedTypes.contains {
                canonicalTypeName($0.type.trimmedDescription) == "UICollectionViewCompositionalLayout"
            } ?? false
        }
        n = c.parent
    }
    return false
}

/// Finds the constructions of a compositional layout: `UICollectionViewCompositionalLayout(…)` in any spelling,
/// with arguments or a trailing section-provider closure.
private final class SiteFinder: SyntaxVisitor {
    var constructions: [FunctionCallExprSyntax] = []
    let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        super.init(viewMode: .sourceAccurate)
    }

    /// A construction's own text names `…CompositionalLayout` (the type, in any spelling) or holds both `init` and
    /// `section` or `Section` (`.init(section:)`, `.init(sectionProvider:)`, a layout subclass's `super.init { … }`
    /// returning an `NSCollectionLayoutSection`): a declaration or statement whose text (with the
    /// comments before it) has neither is not walked. In an app's view controller that is most of the code, and in
    /// a function that builds a layout most of its statements.
    private func mayBuild(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        // (No bytes in the file: the node is all missing tokens, nothing to skip.)
        withBytes(of: node, in: bytes, trivia: true) { b in
            b.isEmpty || contains(b, "CompositionalLayout") || (contains(b, "init") && (contains(b, "section") || contains(b, "Section"))) ? .visitChildren : .skipChildren
        }
    }

    override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind { mayBuild(node) }
    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind { mayBuild(node) }
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if Self.isConstruction(node) { constructions.append(node) }
        return .visitChildren
    }

    static func isConstruction(_ node: FunctionCallExprSyntax) -> Bool {
        var callee = node.calledExpression
        if let m = callee.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "init", let b = m.base { callee = b }
        if let r = callee.as(DeclReferenceExprSyntax.self), canonicalTypeName(r.baseName.text) == "UICollectionViewCompositionalLayout" {
            return true
        }
        if initializesLayoutSuperclass(node) { return true }
        // `.init(section:configuration:)` where a compositional layout is the type expected.
        if let m = callee.as(MemberAccessExprSyntax.self), m.base == nil, m.declName.baseName.text == "init",
           let label = node.arguments.first?.label?.text, label == "section" || label == "sectionProvider" {
            return true
        }
        return false
    }

    /// The constructions in one unit of a document reader's outline: found by walking it, or where they were
    /// last time (the unit's text unchanged; walked when one is not found there).
    func find(in unit: Syntax, _ how: OutlineUnit.Reading) {
        switch how {
        case .skip: return
        case .read: walk(unit)
        case .relocate(let offsets):
            var found: [FunctionCallExprSyntax] = []
            for offset in offsets {
                guard let call = Self.construction(at: offset, in: unit) else { return walk(unit) }
                found.append(call)
            }
            constructions += found
        }
    }

    /// The construction whose text starts at `offset`, inside `node`.
    private static func construction(at offset: Int, in node: Syntax) -> FunctionCallExprSyntax? {
        guard let token = node.token(at: AbsolutePosition(utf8Offset: offset)) else { return nil }
        var n: Syntax? = Syntax(token)
        while let c = n, c.positionAfterSkippingLeadingTrivia.utf8Offset == offset {
            if let call = c.as(FunctionCallExprSyntax.self), isConstruction(call) { return call }
            n = c.parent
        }
        return nil
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
    enum Reading: Equatable {
        case skip
        case read
        case relocate([Int])
    }

    /// The file's units in order. `knownStart`: where the text of a unit whose leading trivia starts at a position
    /// starts, when the caller knows (it costs a walk to the unit's first token).
    static func of(_ tree: SourceFileSyntax, knownStart: (Int) -> Int? = { _ in nil }) -> [OutlineUnit] {
        func unit(_ node: Node, _ n: some SyntaxProtocol) -> OutlineUnit {
            let position = n.position.utf8Offset
            return OutlineUnit(node: node, position: position, start: knownStart(position) ?? n.positionAfterSkippingLeadingTrivia.utf8Offset)
        }
        var out: [OutlineUnit] = []
        for item in tree.statements {
            guard case .decl(let decl) = item.item, let members = decl.asProtocol(DeclGroupSyntax.self)?.memberBlock else {
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

// MARK: #if as an iOS build sees it

/// The clause of an `#if` an iOS build compiles: `canImport(UIKit)`, `os(iOS)`, `swift(>=…)`, `compiler(>=…)` and
/// `#available` are true; other platforms, `targetEnvironment(…)` and custom flags (`DEBUG`) are false.
func activeClause(_ ic: IfConfigDeclSyntax) -> IfConfigClauseSyntax? {
    for clause in ic.clauses {
        guard let cond = clause.condition else { return clause }   // #else
        if evalIfConfig(cond) { return clause }
    }
    return nil
}

func evalIfConfig(_ e: ExprSyntax) -> Bool {
    if let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "!" { return !evalIfConfig(p.expression) }
    if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let first = t.elements.first { return evalIfConfig(first.expression) }
    if let i = e.as(InfixOperatorExprSyntax.self), let op = i.operator.as(BinaryOperatorExprSyntax.self) {
        switch op.operator.text {
        case "&&": return evalIfConfig(i.leftOperand) && evalIfConfig(i.rightOperand)
        case "||": return evalIfConfig(i.leftOperand) || evalIfConfig(i.rightOperand)
        default: return false
        }
    }
    if let s = e.as(SequenceExprSyntax.self) {
        // Unfolded (an operator the table does not know): read `a && b` / `a || b` left to right.
        let els = Array(s.elements)
        guard var acc = els.first.map(evalIfConfig) else { return false }
        var i = 1
        while i + 1 < els.count {
            let op = els[i].as(BinaryOperatorExprSyntax.self)?.operator.text
            let rhs = evalIfConfig(els[i + 1])
            acc = op == "||" ? (acc || rhs) : (acc && rhs)
            i += 2
        }
        return acc
    }
    if let b = e.as(BooleanLiteralExprSyntax.self) { return b.literal.tokenKind == .keyword(.true) }
    if let c = e.as(FunctionCallExprSyntax.self), let name = c.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
        let arg = c.arguments.first?.expression.trimmedDescription ?? ""
        switch name {
        case "canImport": return ["UIKit", "Foundation", "CoreGraphics", "SwiftUI", "Combine", "IBPCollectionViewCompositionalLayout"].contains(arg)
        case "os": return arg == "iOS"
        case "arch": return arg == "arm64"
        case "swift", "compiler": return true
        case "targetEnvironment": return false
        default: return false
        }
    }
    return false
}

// MARK: comments

/// Every comment of the tree with its range (for suppressions), in the file's offsets, always inside the file.
/// (`layoutlint:disable…`, the SwiftLint-style spelling, is read as `layoutlint-disable…`: `suppressionText`.)
func swiftComments(_ tree: SourceFileSyntax, bytes: [UInt8]) -> [Comment] {
    var out: [Comment] = []
    for token in tree.tokens(viewMode: .sourceAccurate) {
        // Each run of trivia is placed by the token's own positions (exact); inside it, a piece's length can be
        // off where the text is not valid UTF-8 (the parser's text of an invalid byte is U+FFFD), so each comment
        // is found again in the bytes from where the last one ended.
        func take(_ trivia: Trivia, from start: Int, to end: Int) {
            var offset = start
            for piece in trivia {
                let len = piece.sourceLength.utf8Length
                let isLine: Bool
                switch piece {
                case .lineComment, .docLineComment: isLine = true
                case .blockComment, .docBlockComment: isLine = false
                default: offset += len; continue
                }
                let opener: [UInt8] = isLine ? [0x2F, 0x2F] : [0x2F, 0x2A]
                var at = min(offset, end)
                while at + 1 < end, !(bytes[at] == opener[0] && bytes[at + 1] == opener[1]) { at += 1 }
                guard at + 1 < end else { break }
                var stop = at + 2
                if isLine {
                    while stop < end, bytes[stop] != 0x0A, bytes[stop] != 0x0D { stop += 1 }
                } else {
                    while stop + 1 < end, !(bytes[stop] == 0x2A && bytes[stop + 1] == 0x2F) { stop += 1 }
                    stop = min(end, stop + 2)
                }
                let text = String(decoding: bytes[(at + 2)..<max(at + 2, isLine ? stop : stop - 2)], as: UTF8.self)
                out.append(Comment(range: ByteRange(at, stop), text: text, isLineComment: isLine))
                offset = stop
            }
        }
        let n = bytes.count
        let leadingStart = min(n, token.position.utf8Offset), leadingEnd = min(n, token.positionAfterSkippingLeadingTrivia.utf8Offset)
        take(token.leadingTrivia, from: leadingStart, to: leadingEnd)
        let trailingStart = min(n, token.endPositionBeforeTrailingTrivia.utf8Offset), trailingEnd = min(n, token.endPosition.utf8Offset)
        take(token.trailingTrivia, from: trailingStart, to: trailingEnd)
    }
    return out
}
