// The syntax tree of a layout document: JSON with comments and trailing commas.
// Every node keeps the byte range (UTF-8 offsets into the document) of the text it came from.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A half-open range of UTF-8 byte offsets into a document.
public struct ByteRange: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var start: Int
    public var end: Int
    public init(_ start: Int, _ end: Int) { self.start = start; self.end = max(start, end) }
    public var length: Int { end - start }
    public func contains(_ offset: Int) -> Bool { offset >= start && offset < end }
    /// Contains the offset, or the offset touches the end (a cursor right after the text).
    public func touches(_ offset: Int) -> Bool { offset >= start && offset <= end }
    public func shifted(by delta: Int) -> ByteRange { ByteRange(start + delta, end + delta) }
    /// Inside a text of `count` bytes: each end moved into `0...count`, the end not before the start.
    public func clamped(to count: Int) -> ByteRange {
        let s = Swift.min(Swift.max(start, 0), count)
        return ByteRange(s, Swift.min(Swift.max(end, s), count))
    }
    /// `r` ends in this range (or right after it) or starts inside it: what a request over this range for the
    /// values in it (inlay hints) covers.
    public func meets(_ r: ByteRange) -> Bool { touches(r.end) || contains(r.start) }
    /// The smallest range that holds both.
    public func union(_ o: ByteRange) -> ByteRange { ByteRange(Swift.min(start, o.start), Swift.max(end, o.end)) }
    public static func < (a: ByteRange, b: ByteRange) -> Bool { (a.start, a.end) < (b.start, b.end) }
    public var description: String { "\(start)..<\(end)" }
}

public final class JSONNode: @unchecked Sendable {
    public enum Kind: Sendable, Equatable { case object, array, string, number, bool, null, invalid }

    public let kind: Kind
    /// The node's whole text, e.g. from `{` to `}` or the quotes of a string included.
    public internal(set) var range: ByteRange
    /// Object members in source order (duplicates included; see `ParseResult.errors`). Set with `setProperties`
    /// (which indexes them); `relocate` moves their ranges, never their keys.
    public private(set) var properties: [JSONProperty] = []
    /// For objects of more than `indexedObjectSize` members: each key's last member. `property(_:)` is then a hash
    /// look-up instead of a scan (a `$ref` into 4 000 definitions scanned them all for every step of every chain).
    private var keyIndex: [ExactKey: Int]?
    static let indexedObjectSize = 16
    func setProperties(_ ps: [JSONProperty]) {
        properties = ps
        keyIndex = JSONNode.index(ps)
    }
    private static func index(_ ps: [JSONProperty]) -> [ExactKey: Int]? {
        guard ps.count > indexedObjectSize else { return nil }
        var d = [ExactKey: Int](minimumCapacity: ps.count)
        for (i, p) in ps.enumerated() { d[ExactKey(p.key)] = i }
        return d
    }
    /// Array elements in source order.
    public internal(set) var elements: [JSONNode] = []
    /// Decoded string value (for `.string`; escape sequences resolved, invalid UTF-8 replaced by U+FFFD).
    public internal(set) var stringValue: String = ""
    /// Numeric value (for `.number`); may be infinite for text like `1e999`.
    public internal(set) var numberValue: Double = 0
    public internal(set) var boolValue: Bool = false
    /// For objects and arrays: whether the text closes it with its `}` or `]` (false when the parser closed it at the
    /// end of the document or at a bracket of an enclosing container: its range then ends at its last token).
    public internal(set) var isClosed: Bool = true

    public init(kind: Kind, range: ByteRange) {
        self.kind = kind
        self.range = range
    }

    /// An object whose every key is an edge (`top`, `leading`, `bottom`, `trailing`), at least one: insets or edge
    /// spacing, as `definitions` may hold them for a `contentInsets` or `edgeSpacing` `$ref`.
    public var holdsOnlyEdges: Bool {
        kind == .object && !properties.isEmpty && properties.allSatisfy { Insets.Edge(rawValue: $0.key) != nil }
    }

    /// The member with this key (objects only): the last one when the key repeats, as every JSON reader takes it,
    /// as the model's properties take it (`ObjectView.entry`) and as the `duplicate-key` diagnostic says.
    public func property(_ key: String) -> JSONProperty? {
        if let keyIndex { return keyIndex[ExactKey(key)].map { properties[$0] } }
        return properties.last { $0.key.sameKey(as: key) }
    }
    /// The value of the member with this key (the last one when it repeats; objects only).
    public subscript(key: String) -> JSONNode? { property(key)?.value }

    /// What starts at `offset` in this tree: a node (`key` nil), or the key of a property (`node` is its object, `key`
    /// its index), found by descending only into the containers that hold the offset; `depth` counts the containers
    /// above `node`. nil when no node or key starts there (ranges of nodes and keys never start at the same offset).
    func item(startingAt offset: Int) -> (node: JSONNode, key: Int?, depth: Int)? {
        var node = self
        var depth = 0
        while true {
            if node.range.start == offset { return (node, nil, depth) }
            var next: JSONNode? = nil
            // Members and elements are in source order: the one that can hold the offset is the last that starts
            // at or before it (a binary search: a linear scan made this O(n) per call, O(n²) over an object).
            if node.kind == .object {
                let ps = node.properties
                if let i = lastIndex(ps.count, startingAtOrBefore: offset, { ps[$0].keyRange.start }) {
                    if ps[i].keyRange.start == offset { return (node, i, depth) }
                    if let v = ps[i].value, v.range.start <= offset, offset < v.range.end { next = v }
                }
            } else if node.kind == .array {
                let es = node.elements
                if let i = lastIndex(es.count, startingAtOrBefore: offset, { es[$0].range.start }),
                    offset < es[i].range.end
                {
                    next = es[i]
                }
            }
            guard let n = next else { return nil }
            node = n
            depth += 1
        }
    }

    /// The last index in 0..<count whose start is at most `offset` (starts ascending), or nil.
    private func lastIndex(_ count: Int, startingAtOrBefore offset: Int, _ start: (Int) -> Int) -> Int? {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if start(mid) <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }

    /// The child a JSON pointer token names: the member with that key (the last one when it repeats), or the element
    /// at that index (a canonical decimal number). How `$ref` is followed, and go-to-definition with it.
    func child(pointerToken tok: String) -> JSONNode? {
        if kind == .object { return self[tok] }
        if kind == .array, let i = Int(tok), i >= 0, i < elements.count, String(i) == tok { return elements[i] }
        return nil
    }

    public var typeName: String {
        switch kind {
        case .object: return "object"
        case .array: return "array"
        case .string: return "string"
        case .number: return "number"
        case .bool: return "boolean"
        case .null: return "null"
        case .invalid: return "invalid value"
        }
    }
}

public struct JSONProperty: @unchecked Sendable {
    public let key: String
    /// The key's text including its quotes.
    public internal(set) var keyRange: ByteRange
    /// nil when the value is missing (`{"a": }`), which is also reported as a syntax error.
    public let value: JSONNode?
    /// From the key's first byte to the value's last byte (or the key's end when the value is missing).
    public var range: ByteRange { ByteRange(keyRange.start, value?.range.end ?? keyRange.end) }

    public init(key: String, keyRange: ByteRange, value: JSONNode?) {
        self.key = key
        self.keyRange = keyRange
        self.value = value
    }
}

public struct SyntaxError: Sendable, Equatable {
    public enum Code: String, Sendable { case syntax, duplicateKey = "duplicate-key" }
    public let code: Code
    public let message: String
    public internal(set) var range: ByteRange
    /// For duplicate keys: the range of the first occurrence.
    public internal(set) var related: ByteRange?
    /// For a missing comma between two properties: where it goes (the end of the value before), for the quick fix.
    public internal(set) var commaAt: Int?

    public init(code: Code = .syntax, message: String, range: ByteRange, related: ByteRange? = nil) {
        self.code = code
        self.message = message
        self.range = range
        self.related = related
    }
}

public struct Comment: Sendable, Equatable {
    /// The whole comment, `//` or `/*` … `*/` included.
    public internal(set) var range: ByteRange
    /// The text inside the comment markers.
    public let text: String
    public let isLineComment: Bool

    public init(range: ByteRange, text: String, isLineComment: Bool) {
        self.range = range
        self.text = text
        self.isLineComment = isLineComment
    }
}

public struct ParseResult: @unchecked Sendable {
    /// The root value; nil only for a document with no value at all (empty or only comments).
    public let root: JSONNode?
    public let errors: [SyntaxError]
    public let comments: [Comment]
    /// Syntax errors counted but not kept (`parseJSONC(maxSyntaxErrors:)`): each starts after every kept one, so
    /// they are the last in report order. Their first range (smallest start, then end), if any.
    public var droppedSyntaxErrors = 0
    public var firstDroppedRange: ByteRange?

    public init(root: JSONNode?, errors: [SyntaxError], comments: [Comment]) {
        self.root = root
        self.errors = errors
        self.comments = comments
    }

    /// Every syntax error (code `syntax`) of the text, kept or only counted.
    public var syntaxErrorCount: Int {
        errors.reduce(0) { $0 + ($1.code == .syntax ? 1 : 0) } + droppedSyntaxErrors
    }
}

extension JSONNode {
    /// Whether some object of this subtree has a member with one of these names (iterative: a tree can be 512 deep).
    func containsMember(namedAnyOf keys: [String]) -> Bool {
        var stack: [JSONNode] = [self]
        while let n = stack.popLast() {
            switch n.kind {
            case .object:
                for p in n.properties {
                    if keys.contains(where: { p.key.sameKey(as: $0) }) { return true }
                    if let v = p.value { stack.append(v) }
                }
            case .array: stack.append(contentsOf: n.elements)
            default: break
            }
        }
        return false
    }

    /// Moves every range of this subtree by `delta` (the incremental linter re-bases a freshly parsed piece).
    func relocate(by delta: Int) { relocate { $0.shifted(by: delta) } }

    /// Maps every range of this subtree through `map`.
    func relocate(_ map: (ByteRange) -> ByteRange) {
        var stack: [JSONNode] = [self]
        while let n = stack.popLast() {
            n.range = map(n.range)
            if n.kind == .object {
                for i in n.properties.indices {
                    n.properties[i].keyRange = map(n.properties[i].keyRange)
                    if let v = n.properties[i].value { stack.append(v) }
                }
            } else if n.kind == .array {
                stack.append(contentsOf: n.elements)
            }
        }
    }
}

extension String {
    /// Whether two member names are the same name: the same code points, as JSON (RFC 8259) and JSON Pointer
    /// (RFC 6901) compare them. Swift's `==` also equates canonically equivalent strings ("é" and "e\u{301}", "K" and
    /// the Kelvin sign U+212A), which made distinct keys duplicates (whose safe fix deleted one) and let a `$ref` or a
    /// lookup reach a key the document does not name.
    @inline(__always)
    public func sameKey(as other: String) -> Bool {
        // `==` first (the standard library's compiled comparison): text that is not canonically equivalent is not the
        // same bytes either; then the bytes, contiguous in native strings (a generic `utf8.elementsEqual` was most of
        // a debug build's time on a document of 2^40 `$ref` expansions).
        guard self == other else { return false }
        var a = self, b = other
        return a.withUTF8 { x in
            b.withUTF8 { y in
                x.count == y.count && (x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
    }

    /// Whether this JSON Pointer is `ancestor` or names something inside it, by bytes as `sameKey(as:)` compares
    /// (`hasPrefix` compares `Character`s: it equated canonically equivalent names, and missed a child whose name
    /// starts with a combining mark, "/\u{301}x" being one `Character` after the "/").
    public func isPointer(inside ancestor: String) -> Bool {
        var s = self, a = ancestor
        return s.withUTF8 { x in
            a.withUTF8 { y in
                x.count >= y.count && (y.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, y.count) == 0)
                    && (x.count == y.count || x[y.count] == UInt8(ascii: "/"))
            }
        }
    }
}

/// Prefixes, suffixes and separators by bytes, for JSON Pointers, `$ref`s and paths. `hasPrefix`, `hasSuffix`,
/// `dropFirst`, `split(separator:)` and `lastIndex(of:)` work on `Character`s, and a "/", "#" or "." followed by a
/// combining mark is one `Character` with it (as is a prepended mark, U+0600, before one): for them "#\u{301}/x" does
/// not start with "#", "dir/\u{301}x" has no "/", and `dropFirst()` drops the mark with the "#".
extension StringProtocol {
    @inlinable public func hasBytePrefix(_ prefix: String) -> Bool { utf8.starts(with: prefix.utf8) }
    /// The text after `prefix` when it starts with its bytes, else nil.
    @inlinable public func afterBytePrefix(_ prefix: String) -> SubSequence? {
        guard hasBytePrefix(prefix) else { return nil }
        return self[utf8.index(startIndex, offsetBy: prefix.utf8.count)...]
    }
    /// The text before the first `separator` (an ASCII byte), or all of it.
    @inlinable public func beforeFirstByte(_ separator: UInt8) -> SubSequence {
        assert(separator < 0x80, "an ASCII separator: a scalar's lead or continuation byte cuts no string")
        return self[..<(utf8.firstIndex(of: separator) ?? endIndex)]
    }
}

/// (`StringProtocol` promises only a `Collection` of UTF-8: these walk back from the end, which `String` and
/// `Substring` allow.)
extension StringProtocol where UTF8View: BidirectionalCollection {
    @inlinable public func hasByteSuffix(_ suffix: String) -> Bool {
        utf8.count >= suffix.utf8.count && utf8.reversed().starts(with: suffix.utf8.reversed())
    }
    /// The text before `suffix` when it ends with its bytes, else nil.
    @inlinable public func beforeByteSuffix(_ suffix: String) -> SubSequence? {
        guard hasByteSuffix(suffix) else { return nil }
        return self[..<utf8.index(endIndex, offsetBy: -suffix.utf8.count)]
    }
    /// The text before and after the last `separator` (an ASCII byte), or nil when there is none.
    @inlinable public func splitAtLastByte(_ separator: UInt8) -> (before: SubSequence, after: SubSequence)? {
        assert(separator < 0x80, "an ASCII separator: a scalar's lead or continuation byte cuts no string")
        guard let i = utf8.lastIndex(of: separator) else { return nil }
        return (self[..<i], self[utf8.index(after: i)...])
    }
}

/// A member name, or a JSON Pointer made of them, hashed and compared by its bytes (see `sameKey(as:)`), for sets
/// and dictionaries of keys and of the pointers `$ref`s follow (a `Set<String>` kept one of "#/x/café" and
/// "#/x/cafe\u{301}", which name two different keys, and lost what the other one reads).
public struct ExactKey: Hashable, Sendable {
    public let name: String
    public init(_ name: String) { self.name = name }
    public static func == (a: ExactKey, b: ExactKey) -> Bool { a.name.sameKey(as: b.name) }
    public func hash(into h: inout Hasher) {
        var s = name
        s.withUTF8 { h.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// A dictionary keyed by strings compared by their bytes (`ExactKey`), written with `String` subscripts: for paths,
/// globs and names where two canonically equivalent spellings are two different things (two folders on Linux, two
/// definitions in a document), which a `[String: …]` would take for one.
public struct ExactDictionary<Value>: ExpressibleByDictionaryLiteral {
    public private(set) var storage: [ExactKey: Value] = [:]
    public init() {}
    public init(dictionaryLiteral elements: (String, Value)...) {
        for (k, v) in elements { storage[ExactKey(k)] = v }
    }
    public subscript(key: String) -> Value? {
        get { storage[ExactKey(key)] }
        set { storage[ExactKey(key)] = newValue }
    }
    public subscript(key: String, default value: @autoclosure () -> Value) -> Value {
        get { storage[ExactKey(key)] ?? value() }
        set { storage[ExactKey(key)] = newValue }
    }
    public var keys: [String] { storage.keys.map(\.name) }
    public var values: Dictionary<ExactKey, Value>.Values { storage.values }
    public var isEmpty: Bool { storage.isEmpty }
    public var count: Int { storage.count }
    /// The entries, in the order of their keys' bytes.
    public var sortedByKey: [(key: String, value: Value)] {
        storage.map { (key: $0.key.name, value: $0.value) }.sorted {
            $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
        }
    }
}
