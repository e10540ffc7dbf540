// A framed body → JSON-RPC messages (single or batch), or the error responses JSON-RPC prescribes.
import CJSONC
import PlainJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: messages

/// A request id: a number or a string (or null, which JSON-RPC allows in error responses), echoed as received.
public struct RequestID: Hashable, Sendable, CustomStringConvertible {
    public let value: JSONValue
    public init(_ value: JSONValue) { self.value = value }
    public init(_ i: Int) { self.value = .int(Int64(i)) }
    public init(_ s: String) { self.value = .string(s) }
    private var key: String {
        switch value {
        case .string(let s): return "s:" + s
        case .int(let i): return "n:\(i)"
        case .double(let d): return d == d.rounded() && abs(d) < 9e18 ? "n:\(Int64(d))" : "n:\(d)"
        default: return "null"
        }
    }
    public static func == (a: RequestID, b: RequestID) -> Bool { a.key == b.key }
    public func hash(into h: inout Hasher) { h.combine(key) }
    public var description: String { value.serialized() }
}

public enum IncomingMessage: Sendable {
    case request(id: RequestID, method: String, params: JSONValue?)
    case notification(method: String, params: JSONValue?)
    case response(id: RequestID, result: JSONValue?, error: JSONValue?)

    public var method: String? {
        switch self {
        case .request(_, let m, _), .notification(let m, _): return m
        case .response: return nil
        }
    }
    public var params: JSONValue? {
        switch self {
        case .request(_, _, let p), .notification(_, let p): return p
        case .response: return nil
        }
    }
}

/// One element of a body: a message, or an invalid one to answer with an error.
public enum DecodedItem: Sendable {
    case message(IncomingMessage)
    case invalid(id: JSONValue, code: Int, message: String)
}

public enum DecodedBody: Sendable {
    case single(DecodedItem)
    case batch([DecodedItem])
    /// Not JSON: answer `-32700` with id null.
    case parseError(String)
}

/// Decodes a body into JSON-RPC 2.0 messages. An empty batch is one invalid item (answered with one -32600).
public func decodeBody(_ bytes: [UInt8]) -> DecodedBody {
    let value: JSONValue
    do {
        value = try parseMessageJSON(bytes)
    } catch {
        // json-c's strict mode waits for a delimiter after a top-level scalar (`1`, `true`): retry with one.
        guard bytes.count < 1024, let v = try? parseMessageJSON(bytes + [0x0A]) else {
            return .parseError(error.description)
        }
        value = v
    }
    if case .array(let items) = value {
        if items.isEmpty {
            return .single(.invalid(id: .null, code: RPCErrorCode.invalidRequest, message: "an empty batch"))
        }
        return .batch(items.map(decodeItem))
    }
    return .single(decodeItem(value))
}

/// The nesting limit of a JSON-RPC body.
public let maxMessageDepth: Int32 = 512

/// Parses a body with json-c, nesting up to `maxMessageDepth`. json-c allocates its parse stack for the whole limit
/// up front (32 bytes a level: 16 KiB for 512, zeroed) for every message, and almost every message nests a handful
/// of levels: parse with a stack of 32 levels first, and again with the full one only when that was too shallow.
/// The result, and the error of a body that is not JSON, are the same as with one parse at the full depth (json-c
/// reads the same bytes the same way until it goes past the shallow limit).
public func parseMessageJSON(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    do {
        return try parseShallow(bytes)
    } catch {
        guard error.message == "nesting too deep" else { throw error }
        return try JSONValue.parse(bytes, maxDepth: maxMessageDepth)
    }
}

/// `JSONValue.parse(bytes, maxDepth: 32)` with one json-c tokener kept for the whole process and reset
/// (`json_tokener_reset`) before each message, instead of a tokener allocated, zeroed and freed per message (about 6 %
/// of the framer fuzz target's time). The same values: json-c documents a reset tokener as reusable, the flags stay set.
/// A body that is not one JSON value is parsed again by `JSONValue.parse`, which throws the error (the same one as
/// before, by construction). One thread at a time uses the kept tokener; another thread meanwhile parses with a
/// fresh one.
private func parseShallow(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    if let value = parseWithKeptTokener(bytes) { return value }
    return try JSONValue.parse(bytes, maxDepth: 32)
}

/// The value of `bytes` if they are one JSON value (json-c, 32 levels, strict, UTF-8; then only white space), else nil.
private func parseWithKeptTokener(_ bytes: [UInt8]) -> JSONValue? {
    guard !bytes.isEmpty, let tok = keptTokener.acquire() else { return nil }
    defer { keptTokener.release() }
    json_tokener_reset(tok)
    let obj = bytes.withUnsafeBufferPointer { buf in
        buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) {
            json_tokener_parse_ex(tok, $0, Int32(clamping: buf.count))
        }
    }
    defer { if let obj { json_object_put(obj) } }
    guard json_tokener_get_error(tok) == json_tokener_success else { return nil }
    var i = Int(json_tokener_get_parse_end(tok))
    while i < bytes.count {
        let c = bytes[i]
        if c != 0x20 && c != 0x0A && c != 0x0D && c != 0x09 { return nil }
        i += 1
    }
    return JSONValue(borrowing: obj)
}

/// The tokener `parseShallow` reuses (32 levels, strict, UTF-8 validated), behind a lock taken with trylock.
private final class KeptTokener: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var tok: UnsafeMutablePointer<json_tokener>?

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    /// The tokener, locked for the caller (who must call `release`), or nil if another thread has it or json-c
    /// could not allocate one.
    func acquire() -> UnsafeMutablePointer<json_tokener>? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        if tok == nil, let t = json_tokener_new_ex(32) {
            json_tokener_set_flags(t, Int32(JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8))
            tok = t
        }
        guard let tok else { pthread_mutex_unlock(mutex); return nil }
        return tok
    }

    func release() { pthread_mutex_unlock(mutex) }
}

private let keptTokener = KeptTokener()

func validID(_ v: JSONValue) -> Bool {
    switch v {
    case .int, .double, .string, .null: return true
    default: return false
    }
}

public func decodeItem(_ v: JSONValue) -> DecodedItem {
    guard case .object = v else {
        return .invalid(
            id: .null, code: RPCErrorCode.invalidRequest, message: "a JSON-RPC message is an object, not \(typeName(v))"
        )
    }
    let rawID = v["id"]
    let echoID: JSONValue = rawID.flatMap { validID($0) ? $0 : nil } ?? .null
    guard v["jsonrpc"]?.stringValue == "2.0" else {
        return .invalid(id: echoID, code: RPCErrorCode.invalidRequest, message: "\"jsonrpc\" must be \"2.0\"")
    }
    if let rawID, !validID(rawID) {
        return .invalid(id: .null, code: RPCErrorCode.invalidRequest, message: "\"id\" must be a number or a string")
    }
    if let m = v["method"] {
        guard let method = m.stringValue else {
            return .invalid(id: echoID, code: RPCErrorCode.invalidRequest, message: "\"method\" must be a string")
        }
        // `"params": null` is read as absent (some clients send it for shutdown and exit).
        let params = v["params"].flatMap { $0.isNull ? nil : $0 }
        if let p = params {
            switch p {
            case .object, .array: break
            default:
                return .invalid(
                    id: echoID, code: RPCErrorCode.invalidRequest, message: "\"params\" must be an object or an array")
            }
        }
        if let rawID { return .message(.request(id: RequestID(rawID), method: method, params: params)) }
        return .message(.notification(method: method, params: params))
    }
    if let rawID, v["result"] != nil || v["error"] != nil {
        return .message(.response(id: RequestID(rawID), result: v["result"], error: v["error"]))
    }
    return .invalid(
        id: echoID, code: RPCErrorCode.invalidRequest, message: "neither a request, a notification nor a response")
}

func typeName(_ v: JSONValue) -> String {
    switch v {
    case .null: return "null"
    case .bool: return "a boolean"
    case .int, .double: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    case .raw: return "JSON text"
    }
}
