// What a message too large to read says about itself, read as the framer skips it.
import PlainJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: what a skipped message was

/// What a message too large to read says about itself: its `id` and `method` (top-level members), the
/// `params.textDocument.uri` it concerns, and whether it has top-level `params` (a request or notification: a
/// response never has them). Read by `SkippedMessageScanner` from every byte of the body that was sent, as the framer
/// skips it, in constant memory.
public struct SkippedMessage: Equatable, Sendable {
    public var id: JSONValue?
    public var method: String?
    public var uri: String?
    public var hasParams = false

    public init() {}

    /// What `bytes` (all of a body that was sent, or its first bytes) say.
    public init(head bytes: [UInt8]) {
        var s = SkippedMessageScanner()
        bytes.withUnsafeBufferPointer { s.feed($0) }
        self = s.message
    }
}

/// Reads a `SkippedMessage` from bytes fed in any pieces, following JSON's nesting and strings; it never fails (broken
/// JSON gives what it holds). It holds one string or number at a time, and only where it may matter (a member name of
/// the outer three levels, the top level's `id` or `method`, `params.textDocument.uri`), at most `maxString` bytes of
/// it (a longer one is not taken); it decodes only the values it takes, so skipping costs about the same per byte
/// whatever the body holds. A value the end of the bytes may have cut (a number or an unclosed string) is not taken:
/// a body cut short by the next message's header ends anywhere.
public struct SkippedMessageScanner: Sendable {
    /// The longest string kept (a member name, a method, a string id, a document URI).
    public static let defaultMaxString = 8192
    public let maxString: Int
    public private(set) var found = SkippedMessage()

    /// The member names that matter; any other is `.other`.
    private enum Name: Sendable { case id, method, params, textDocument, uri, other }
    private enum Lex: Sendable { case between, string(escaped: Bool), afterString, number }
    private var lex = Lex.between
    /// The string or number being read, raw (a string with its quotes and escapes), when it may matter (`keeping`);
    /// `overflow` once it passed `maxString` (not taken). A closed string stays here until the next non-blank byte
    /// says whether it is a member name (`:`) or a value.
    private var buffer: [UInt8] = []
    private var keeping = false
    private var overflow = false
    /// The member name each open container was opened under, and whether it is an object, for the outer three
    /// levels; `depth` counts them all.
    private var keys: [(name: Name?, isObject: Bool)] = []
    private var depth = 0
    /// A member name read, its value not yet.
    private var pendingKey: Name?

    public init(maxString: Int = SkippedMessageScanner.defaultMaxString) {
        self.maxString = max(1, maxString)
    }

    /// Bytes held now (the string or number being read): at most `maxString` + 2.
    public var bufferedByteCount: Int { buffer.count }

    /// What the bytes fed so far say (a string the next byte may show to be a member name is taken as a value).
    public var message: SkippedMessage {
        guard case .afterString = lex else { return found }
        var copy = self
        copy.stringValue()
        return copy.found
    }

    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        var i = 0
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            switch lex {
            case .string(var escaped):
                // Up to the closing quote, in one stretch.
                var j = i
                while j < n {
                    if escaped {
                        escaped = false
                    } else if bytes[j] == 0x5C {
                        escaped = true
                    } else if bytes[j] == 0x22 {
                        break
                    }
                    j += 1
                }
                if keeping { keep(UnsafeBufferPointer(rebasing: bytes[i..<min(j + 1, n)])) }
                i = min(j + 1, n)
                if j == n {
                    lex = .string(escaped: escaped)
                } else if keeping {
                    lex = .afterString
                } else {
                    // (Neither a member name that matters nor a value taken: whatever follows.)
                    pendingKey = nil
                    lex = .between
                }
            case .afterString:
                if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1; continue }
                if c == 0x3A {
                    pendingKey = keeping && !overflow ? name() : .other
                    i += 1
                } else {
                    stringValue()
                }
                endValue()
            case .number:
                var j = i
                while j < n, Self.isNumberByte(bytes[j]) { j += 1 }
                if keeping { keep(UnsafeBufferPointer(rebasing: bytes[i..<j])) }
                i = j
                if j == n { continue }
                // (An id is an integer or a string.)
                if keeping && !overflow, let v = Int64(String(decoding: buffer, as: UTF8.self)) { found.id = .int(v) }
                pendingKey = nil
                endValue()
            case .between:
                // Past what changes nothing here (blanks, `:`, the letters of true/false/null, junk), in one stretch.
                var j = i
                while j < n, !Self.isStructural(bytes[j]) { j += 1 }
                if j == n { i = n; continue }
                let c = bytes[j]
                i = j + 1
                switch c {
                case 0x22:
                    // A member name of the outer three levels, or a value that is taken: in an object there.
                    keeping = depth >= 1 && depth <= 3 && keys[depth - 1].isObject
                    if keeping { keep(UnsafeBufferPointer(rebasing: bytes[(i - 1)..<i])) }
                    lex = .string(escaped: false)
                case 0x7B, 0x5B:
                    if depth == 1 && pendingKey == .params { found.hasParams = true }
                    if depth < 3 { keys.append((pendingKey, c == 0x7B)) }
                    depth += 1
                    pendingKey = nil
                case 0x7D, 0x5D:
                    if depth > 0 {
                        depth -= 1
                        if keys.count > depth { keys.removeLast() }
                    }
                    pendingKey = nil
                case 0x2D, 0x30...0x39:
                    keeping = depth == 1 && pendingKey == .id
                    if keeping { keep(UnsafeBufferPointer(rebasing: bytes[(i - 1)..<i])) }
                    lex = .number
                    if !keeping {
                        // A number not taken, whole in these bytes: past it here.
                        var k = i
                        while k < n, Self.isNumberByte(bytes[k]) { k += 1 }
                        i = k
                        if k < n { pendingKey = nil; lex = .between }
                    }
                case 0x2C:
                    pendingKey = nil
                default:
                    break
                }
            }
        }
    }

    private static func isNumberByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2B || c == 0x2E || c == 0x45 || c == 0x65
    }

    /// The bytes `.between` acts on: `"`, brackets, `,`, and a number's first byte.
    private static func isStructural(_ c: UInt8) -> Bool {
        switch c {
        case 0x22, 0x7B, 0x5B, 0x7D, 0x5D, 0x2C, 0x2D, 0x30...0x39: return true
        default: return false
        }
    }

    private mutating func endValue() {
        buffer.removeAll(keepingCapacity: true)
        overflow = false
        keeping = false
        lex = .between
    }

    /// Appends to the string or number being read, up to `maxString` (+ its quotes).
    private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) {
        let room = maxString + 2 - buffer.count
        if bytes.count > room { overflow = true }
        if room > 0 { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<min(room, bytes.count)])) }
    }

    /// The closed string in `buffer` as a member name: compared as bytes, decoded only when it has an escape.
    private func name() -> Name {
        let body = buffer.dropFirst().dropLast()
        if body.contains(0x5C) {
            guard let s = (try? JSONValue.parse(buffer))?.stringValue else { return .other }
            return Self.name(Array(s.utf8)[...])
        }
        return Self.name(body)
    }

    private static func name(_ b: ArraySlice<UInt8>) -> Name {
        switch b.count {
        case 2 where b.elementsEqual("id".utf8): return .id
        case 3 where b.elementsEqual("uri".utf8): return .uri
        case 6 where b.elementsEqual("method".utf8): return .method
        case 6 where b.elementsEqual("params".utf8): return .params
        case 12 where b.elementsEqual("textDocument".utf8): return .textDocument
        default: return .other
        }
    }

    /// The closed string in `buffer` as the pending member's value: decoded when it is one that is taken.
    private mutating func stringValue() {
        defer { pendingKey = nil }
        guard keeping, !overflow, let key = pendingKey else { return }
        let taken =
            depth == 1
            ? key == .id || key == .method
            : depth == 3 && key == .uri && keys[1].name == .params && keys[2].name == .textDocument
        guard taken, let v = (try? JSONValue.parse(buffer))?.stringValue else { return }
        switch key {
        case .id: found.id = .string(v)
        case .method: found.method = v
        default: found.uri = v
        }
    }
}
