// What the module indexes (functions, properties, enums, layout sites) and the name tables it keeps them in, with
// the byte searches that decide which files name the API.

import Foundation
import LayoutLintCore
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
    guard let base = b.baseAddress, let nb = needle.baseAddress, needle.count > 0, b.count >= needle.count else {
        return false
    }
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
func withBytes<R>(
    of node: some SyntaxProtocol, in bytes: [UInt8], trivia: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> R
) -> R {
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
    let collection = Array("Collection".utf8), compositional = Array("Compositional".utf8),
        layout = Array("Layout".utf8)
    return bytes.withUnsafeBufferPointer { b in
        guard let base = b.baseAddress else { return false }
        var i = 0
        let n = b.count
        while i < n, let p = memchr(base + i, Int32(UInt8(ascii: "L")), n - i) {
            let at = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
            i = at + 1
            guard at + layout.count <= n, b[at..<(at + layout.count)].elementsEqual(layout) else { continue }
            if at >= collection.count, b[(at - collection.count)..<at].elementsEqual(collection) { return true }
            if at >= compositional.count, b[(at - compositional.count)..<at].elementsEqual(compositional) {
                return true
            }
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
    case "NSCollectionLayoutSectionOrthogonalScrollingBehavior":
        return "UICollectionLayoutSectionOrthogonalScrollingBehavior"
    default: return String(n)
    }
}

/// A declaration the module indexes by name: the type it is a member of (nil: a global) and its file.
protocol ModuleDeclaration {
    var owner: String? { get }
    var file: Int { get }
}

struct FunctionEntry: ModuleDeclaration {
    let decl: FunctionDeclSyntax
    let file: Int
    let owner: String?
    let isStatic: Bool
    var name: String { decl.name.text }
    var labels: [String?] {
        decl.signature.parameterClause.parameters.map { p in p.firstName.text == "_" ? nil : p.firstName.text }
    }
}

struct PropertyEntry: ModuleDeclaration {
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

/// The module's declarations of one kind by name; each lookup by name is recorded. `indexOnLookup`, when set, indexes the
/// declarations of a name before its first lookup (a document reader's module: `SwiftModule.indexDeclarations(of:)`).
final class NameTable<Value> {
    var storage: [String: Value] = [:]
    let recorder: LookupRecorder
    var indexOnLookup: ((String) -> Void)?
    init(recorder: LookupRecorder) { self.recorder = recorder }
    subscript(_ name: String) -> Value? {
        recorder.record(name)
        indexOnLookup?(name)
        return storage[name]
    }
    subscript(_ name: String, default value: @autoclosure () -> Value) -> Value {
        get { storage[name] ?? value() }
        _modify { yield &storage[name, default: value()] }
    }
}

final class NameSet {
    var storage: Set<String> = []
    let recorder: LookupRecorder
    var indexOnLookup: ((String) -> Void)?
    init(recorder: LookupRecorder) { self.recorder = recorder }
    func contains(_ name: String) -> Bool {
        recorder.record(name)
        indexOnLookup?(name)
        return storage.contains(name)
    }
}

extension PatternBindingSyntax {
    /// The accessors of a computed property or variable; nil for a stored one, with or without `willSet`/`didSet`
    /// observers (`var items: [Item] = [] { didSet { … } }` is stored: its initial value is read).
    var computedAccessors: AccessorBlockSyntax? {
        guard let block = accessorBlock else { return nil }
        if case .accessors(let list) = block.accessors,
            list.allSatisfy({
                $0.accessorSpecifier.tokenKind == .keyword(.willSet)
                    || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
            })
        {
            return nil
        }
        return block
    }
}
