// The one wrapper around json-c. Plain JSON (machine output, JSON-RPC messages, config files read strictly)
// is read (by json-c) and written (by a small writer here, in json-c's formats) through here; layout documents use
// LayoutLintCore's own position-tracking parser.
import CJSONC
#if canImport(Glibc)
import Glibc
#endif

/// A JSON value with ordered object members.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])
    /// JSON text written as it is by `serialized()`: a value serialised once and kept (the server keeps each
    /// diagnostic's LSP JSON this way). It must be one valid JSON value; reading accessors see none of its members.
    case raw(String)

    /// JSON equality: strings and member names are equal when their code points are (RFC 8259), compared as UTF-8
    /// bytes; Swift's `String ==` would also equate canonically equivalent texts.
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case let (.raw(x), .raw(y)): return x.hasSameUTF8(as: y)
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.double(x), .double(y)): return x == y
        case let (.int(x), .double(y)), let (.double(y), .int(x)): return Double(x) == y
        case let (.string(x), .string(y)): return x.hasSameUTF8(as: y)
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0.hasSameUTF8(as: $1.0) && $0.1 == $1.1 }
        default: return false
        }
    }

    // MARK: reading

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members.first { $0.0.hasSameUTF8(as: key) }?.1 }
        return nil
    }
    public subscript(index: Int) -> JSONValue? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }
    public var intValue: Int64? {
        switch self {
        case .int(let i): return i
        case .double(let d) where d.rounded() == d && abs(d) < 9e18: return Int64(d)
        default: return nil
        }
    }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    public var objectValue: [(String, JSONValue)]? { if case .object(let o) = self { return o }; return nil }
    public var isNull: Bool { if case .null = self { return true }; return false }

    /// A number rounded to 1/1000 (the precision of every size layoutlint prints).
    public static func points(_ v: Double) -> JSONValue {
        let r = (v * 1000).rounded() / 1000
        if r == r.rounded(), abs(r) < 1e15 { return .int(Int64(r)) }
        return .double(r)
    }
}

public struct JSONParseError: Error, CustomStringConvertible, Sendable {
    public let message: String
    /// Byte offset where json-c stopped.
    public let offset: Int
    public var description: String { "\(message) at byte \(offset)" }
}

extension JSONValue {
    /// Appends the plain JSON text of the value (no spaces; strings escaped as json-c escapes them with
    /// `JSON_C_TO_STRING_NOSLASHESCAPE`; a non-finite number is `null`).
    public func write(into out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): JSONValue.writeInt(i, into: &out)
        case .double(let d):
            guard d.isFinite else { out.append(contentsOf: "null".utf8); return }
            out.append(contentsOf: JSONValue.numberText(d).utf8)
        case .string(let s): JSONValue.writeString(s, into: &out)
        case .array(let items):
            out.append(0x5B)
            for (k, item) in items.enumerated() {
                if k > 0 { out.append(0x2C) }
                item.write(into: &out)
            }
            out.append(0x5D)
        case .object(let members):
            out.append(0x7B)
            for (k, (key, value)) in members.enumerated() {
                if k > 0 { out.append(0x2C) }
                JSONValue.writeString(key, into: &out)
                out.append(0x3A)
                value.write(into: &out)
            }
            out.append(0x7D)
        case .raw(let text): out.append(contentsOf: text.utf8)
        }
    }

    /// Appends the indented JSON text of the value, byte for byte as json-c's
    /// `JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED` writes it: two spaces per level, `"key": value`, and an
    /// empty container as its brackets on two lines.
    public func writePretty(into out: inout [UInt8], level: Int = 0) {
        func newline(_ l: Int) {
            out.append(0x0A)
            for _ in 0..<(2 * l) { out.append(0x20) }
        }
        switch self {
        case .array(let items):
            out.append(0x5B)
            for (k, item) in items.enumerated() {
                if k > 0 { out.append(0x2C) }
                newline(level + 1)
                item.writePretty(into: &out, level: level + 1)
            }
            newline(level)
            out.append(0x5D)
        case .object(let members):
            out.append(0x7B)
            for (k, (key, value)) in members.enumerated() {
                if k > 0 { out.append(0x2C) }
                newline(level + 1)
                JSONValue.writeString(key, into: &out)
                out.append(contentsOf: [0x3A, 0x20])
                value.writePretty(into: &out, level: level + 1)
            }
            newline(level)
            out.append(0x7D)
        case .raw(let text):
            ((try? JSONValue.parse(text)) ?? .null).writePretty(into: &out, level: level)
        default:
            write(into: &out)
        }
    }

    /// A finite double as JSON: Swift's shortest text, without a trailing ".0".
    static func numberText(_ d: Double) -> String {
        var text = "\(d)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    static func writeInt(_ i: Int64, into out: inout [UInt8]) {
        if i >= 0 && i < 10 { out.append(0x30 + UInt8(i)); return }
        out.append(contentsOf: String(i).utf8)
    }

    /// The scalars JSON output writes as `\\uXXXX` though JSON allows them raw: LayoutLintCore's
    /// `isInvisibleControl` (DEL, C1, the line and paragraph separators, bidi embeddings, overrides, isolates and
    /// marks), which this module cannot call (neither depends on the other). `InvisibleControlTests` checks every scalar against both.
    static func isInvisibleControl(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// A string as JSON. Besides what JSON requires (`"`, `\\`, controls below U+0020), the invisible controls
    /// (`isInvisibleControl`) are written as `\\uXXXX`: the value is the same, and JSON shown on a terminal or in a
    /// log carries none of them raw (regression test: InvisibleControlTests/jsonEscapesExactlyTheInvisibleControls).
    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(0x22)
        func hex(_ n: UInt32) -> UInt8 { n < 10 ? 0x30 + UInt8(n) : 0x57 + UInt8(n) }
        func escape(_ v: UInt32) {
            out.append(0x5C); out.append(0x75)
            for shift in [12, 8, 4, 0] as [UInt32] { out.append(hex(v >> shift & 15)) }
        }
        var s = s
        s.withUTF8 { b in
            var run = 0
            var i = 0
            while i < b.count {
                let c = b[i]
                // The lead bytes of every invisible control: DEL, C2 (U+0080–U+00BF), D8 (U+0600–U+063F), E2
                // (U+2000–U+2FFF); the rest of the text is copied as it is.
                guard c < 0x20 || c == 0x22 || c == 0x5C || c == 0x7F || c == 0xC2 || c == 0xD8 || c == 0xE2 else {
                    i += 1; continue
                }
                var scalar: UInt32? = nil
                var width = 1
                if c == 0x7F {
                    scalar = 0x7F
                } else if c >= 0x80 {
                    // A valid Swift string: the lead byte's continuation bytes are there.
                    let v =
                        c == 0xE2
                        ? (UInt32(c & 0x0F) << 12 | UInt32(b[i + 1] & 0x3F) << 6 | UInt32(b[i + 2] & 0x3F))
                        : (UInt32(c & 0x1F) << 6 | UInt32(b[i + 1] & 0x3F))
                    guard let u = Unicode.Scalar(v), isInvisibleControl(u) else { i += 1; continue }
                    scalar = v
                    width = c == 0xE2 ? 3 : 2
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[run..<i]))
                i += width
                run = i
                if let scalar { escape(scalar); continue }
                out.append(0x5C)
                switch c {
                case 0x22: out.append(0x22)
                case 0x5C: out.append(0x5C)
                case 0x08: out.append(0x62)
                case 0x0C: out.append(0x66)
                case 0x0A: out.append(0x6E)
                case 0x0D: out.append(0x72)
                case 0x09: out.append(0x74)
                default:
                    out.removeLast()
                    escape(UInt32(c))
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: b[run..<b.count]))
        }
        out.append(0x22)
    }

    /// Parses strict JSON with json-c (depth limit `maxDepth`). Trailing non-space bytes are an error.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int32 = 512) throws(JSONParseError)
        -> JSONValue
    {
        guard let tok = json_tokener_new_ex(maxDepth) else { throw JSONParseError(message: "out of memory", offset: 0) }
        defer { json_tokener_free(tok) }
        json_tokener_set_flags(tok, Int32(JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8))
        if bytes.isEmpty { throw JSONParseError(message: "empty input", offset: 0) }
        let obj = bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            json_tokener_parse_ex(tok, $0, Int32(clamping: bytes.count))
        }
        let err = json_tokener_get_error(tok)
        let end = Int(json_tokener_get_parse_end(tok))
        if err != json_tokener_success {
            if let obj { json_object_put(obj) }
            let msg =
                err == json_tokener_continue ? "unexpected end of input" : String(cString: json_tokener_error_desc(err))
            throw JSONParseError(message: msg, offset: end)
        }
        defer { if let obj { json_object_put(obj) } }
        var i = end
        while i < bytes.count {
            let c = bytes[i]
            if c != 0x20 && c != 0x0A && c != 0x0D && c != 0x09 {
                throw JSONParseError(message: "unexpected text after the JSON value", offset: i)
            }
            i += 1
        }
        return JSONValue(borrowing: obj)
    }

    public static func parse(_ bytes: [UInt8], maxDepth: Int32 = 512) throws(JSONParseError) -> JSONValue {
        do {
            return try bytes.withUnsafeBufferPointer { (buf) throws(JSONParseError) -> JSONValue in
                try parse(buf, maxDepth: maxDepth)
            }
        }
    }

    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// Converts a json-c object (not consumed) into a JSONValue.
    public init(borrowing obj: OpaquePointer?) {
        guard let obj else { self = .null; return }
        switch json_object_get_type(obj) {
        case json_type_null: self = .null
        case json_type_boolean: self = .bool(json_object_get_boolean(obj) != 0)
        case json_type_int: self = .int(json_object_get_int64(obj))
        case json_type_double: self = .double(json_object_get_double(obj))
        case json_type_string:
            let len = Int(json_object_get_string_len(obj))
            let p = json_object_get_string(obj)!
            self = .string(
                p.withMemoryRebound(to: UInt8.self, capacity: len) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: len), as: UTF8.self)
                })
        case json_type_array:
            let n = json_object_array_length(obj)
            var items: [JSONValue] = []
            items.reserveCapacity(n)
            for i in 0..<n { items.append(JSONValue(borrowing: json_object_array_get_idx(obj, i))) }
            self = .array(items)
        case json_type_object:
            var members: [(String, JSONValue)] = []
            var it = json_object_iter_begin(obj)
            var end = json_object_iter_end(obj)
            while json_object_iter_equal(&it, &end) == 0 {
                let key = String(cString: json_object_iter_peek_name(&it))
                members.append((key, JSONValue(borrowing: json_object_iter_peek_value(&it))))
                json_object_iter_next(&it)
            }
            self = .object(members)
        default: self = .null
        }
    }
}

extension JSONValue {
    /// Serialises the value: plain (one line: the JSON-RPC messages of `serve`) or `pretty` (the CLI's reports,
    /// two-space indent, json-c's format). Written here, straight into bytes: building json-c objects to print them
    /// cost more than the rest of a diagnostic pull, and held a report's whole tree twice. Object members are written
    /// in order; callers never repeat a key.
    public func serialized(pretty: Bool = false) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(128)
        if pretty { writePretty(into: &out) } else { write(into: &out) }
        return String(decoding: out, as: UTF8.self)
    }
}

extension String {
    /// Whether the two strings are the same UTF-8 bytes: JSON's equality of strings (Swift's `==` also equates
    /// canonically equivalent texts). The lengths, then one `memcmp` (comparing the views element by element was
    /// the largest cost of comparing LSP JSON in the incremental fuzz target).
    public func hasSameUTF8(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        var a = self, b = other
        return a.withUTF8 { x in b.withUTF8 { y in x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
    }
}
