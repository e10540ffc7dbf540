// JSON-RPC 2.0 transport with LSP framing (see ARCHITECTURE.md).
//
// - `MessageFramer`: a byte-level state machine that turns any byte sequence into frames (bodies) and framing
//   errors. It never throws, never buffers more than the maximum message size, and recovers from garbage by
//   skipping to the next plausible header.
// - `decodeBody`: a body → JSON-RPC messages (single or batch) or the error responses JSON-RPC prescribes.
// - `MessageWriter`: writes framed bodies to a file descriptor, handling short writes, EINTR and EPIPE.
import CJSONC
import JSONC
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: error codes

public enum RPCErrorCode {
    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    public static let serverNotInitialized = -32002
    public static let unknownErrorCode = -32001
    public static let requestFailed = -32803
    public static let serverCancelled = -32802
    public static let contentModified = -32801
    public static let requestCancelled = -32800
}

// MARK: framing

/// What the framer produces: a complete body, or a problem it skipped over (for the log).
public enum FramerEvent: Equatable, Sendable {
    case frame([UInt8])
    case error(String)
    /// A body over the limit was skipped (after its `.error`): its size, how much of it was sent (less when the next
    /// message's header came first), and what those bytes say the message was (`SkippedMessage`, read as they were
    /// skipped), so that the server can answer a request or stop trusting a document whose edit it lost.
    case skipped(total: Int, sent: Int, message: SkippedMessage)
}

/// The LSP base protocol's framing: `Content-Length: N\r\n` (required), `Content-Type: …\r\n` (optional),
/// `\r\n`, then N bytes of body. Header names are case-insensitive.
public struct MessageFramer: Sendable {
    /// Bodies larger than this are skipped without being buffered.
    public var maxMessageSize: Int
    /// A header block (all header lines) longer than this is garbage.
    public var maxHeaderSize = 8192

    enum State: Sendable, Equatable {
        case header
        case body(expected: Int)
        /// An over-the-limit body being skipped. `matched` counts the bytes of `Content-Length:` seen at the start of
        /// a line: a body that was announced but never sent must not swallow the messages that follow.
        case skipping(remaining: Int, total: Int, matched: Int, lineStart: Bool)
    }
    private static let headerName: StaticString = "content-length:" // (a StaticString: see headerContentLength)
    private(set) var state: State = .header
    private var headerBuffer: [UInt8] = []
    private var body: [UInt8] = []
    /// What the body being skipped says so far, and the bytes of it held back while they may be the start of a
    /// `Content-Length:` header (given to the scanner when they turn out not to be).
    private var skipScanner = SkippedMessageScanner()
    private var skipHeld: [UInt8] = []

    public static let defaultMaxMessageSize = 64 * 1024 * 1024

    public init(maxMessageSize: Int = MessageFramer.defaultMaxMessageSize) {
        self.maxMessageSize = max(1, maxMessageSize)
        resetSkip()
    }

    /// Ready to read the next skipped body (strings kept up to 8 KiB, or the message limit if smaller).
    private mutating func resetSkip() {
        skipScanner = SkippedMessageScanner(maxString: min(SkippedMessageScanner.defaultMaxString, maxMessageSize))
        skipHeld = []
    }

    /// Bytes buffered right now (header or body): bounded by `maxMessageSize + maxHeaderSize`.
    public var bufferedByteCount: Int { headerBuffer.count + body.count + skipScanner.bufferedByteCount + skipHeld.count }

    public mutating func feed(_ bytes: [UInt8]) -> [FramerEvent] {
        bytes.withUnsafeBufferPointer { feed($0) }
    }

    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) -> [FramerEvent] {
        var events: [FramerEvent] = []
        var i = 0
        let n = bytes.count
        while i < n {
            switch state {
            case .skipping(var remaining, let total, var matched, var lineStart):
                // Skip byte by byte, watching for a header at a line start (JSON never has an unquoted
                // `Content-Length:` at the start of a line, so this cannot cut a real body short), and give the
                // skipped bytes to the scanner, but those of a header's start.
                var resynced = false
                var fed = i // the bytes before this one were given to the scanner, or held
                while i < n && remaining > 0 {
                    if matched == 0 && !lineStart {
                        // Nothing can start a header before the next line break: up to it at once.
                        let end = i + min(n - i, remaining)
                        guard let p = memchr(bytes.baseAddress! + i, 0x0A, end - i) else {
                            remaining -= end - i
                            i = end
                            break
                        }
                        let next = bytes.baseAddress!.distance(to: p.assumingMemoryBound(to: UInt8.self)) + 1
                        remaining -= next - i
                        i = next
                        lineStart = true
                        continue
                    }
                    let c = bytes[i]
                    i += 1
                    remaining -= 1
                    let lower = (c >= 0x41 && c <= 0x5A) ? c + 0x20 : c
                    if (matched > 0 || lineStart) && lower == Self.headerName.utf8Start[matched] {
                        skipScanner.feed(UnsafeBufferPointer(rebasing: bytes[fed..<(i - 1)]))
                        fed = i
                        skipHeld.append(c)
                        matched += 1
                        if matched == Self.headerName.utf8CodeUnitCount {
                            let sent = total - remaining - matched
                            events.append(.error("the over-the-limit body of \(total) bytes was not sent: a new message starts after \(sent) bytes"))
                            events.append(.skipped(total: total, sent: sent, message: skipScanner.message))
                            resetSkip()
                            state = .header
                            headerBuffer = Array("Content-Length:".utf8)
                            resynced = true
                            break
                        }
                    } else {
                        if matched > 0 {
                            skipHeld.withUnsafeBufferPointer { skipScanner.feed($0) }
                            skipHeld.removeAll(keepingCapacity: true)
                        }
                        matched = 0
                    }
                    lineStart = c == 0x0A
                }
                if resynced { continue }
                skipScanner.feed(UnsafeBufferPointer(rebasing: bytes[fed..<i]))
                if remaining == 0 {
                    skipHeld.withUnsafeBufferPointer { skipScanner.feed($0) }
                    state = .header
                    events.append(.error("skipped a body of \(total) bytes (over the limit of \(maxMessageSize) bytes)"))
                    events.append(.skipped(total: total, sent: total, message: skipScanner.message))
                    resetSkip()
                } else {
                    state = .skipping(remaining: remaining, total: total, matched: matched, lineStart: lineStart)
                }
            case .body(let expected):
                let take = min(expected - body.count, n - i)
                body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<(i + take)]))
                i += take
                if body.count == expected { completeBody(&events) }
            case .header:
                // Find the end of the header block (`\r\n\r\n`, or `\n\n`) in the new bytes, looking back into what is
                // buffered for a terminator that straddles two reads, and append the bytes up to it at once. At most
                // `maxHeaderSize + 1` bytes are buffered: past that the run is garbage (below).
                let old = headerBuffer.count
                let limit = min(n - i, max(1, maxHeaderSize + 1 - old))
                // The byte `back` places before the new byte at `k` (in the new bytes or, before them, the buffer).
                func before(_ k: Int, _ back: Int) -> UInt8 {
                    k - back >= 0 ? bytes[i + k - back] : headerBuffer[old + k - back]
                }
                var found: (end: Int, termLen: Int)? = nil
                var k = 0
                while k < limit {
                    if bytes[i + k] == 0x0A {
                        let c = old + k + 1 // the buffered count once this byte is appended
                        if c >= 4 && before(k, 1) == 0x0D && before(k, 2) == 0x0A && before(k, 3) == 0x0D {
                            found = (c, 4); break
                        }
                        if c >= 2 && before(k, 1) == 0x0A {
                            found = (c, 2); break
                        }
                    }
                    k += 1
                }
                let take = found == nil ? k : k + 1
                headerBuffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<(i + take)]))
                i += take
                if let f = found {
                    let block = Array(headerBuffer[0..<(f.end - f.termLen)])
                    headerBuffer.removeAll(keepingCapacity: true)
                    processHeader(block, &events)
                } else if headerBuffer.count > maxHeaderSize {
                    // No terminator in a long run of bytes: garbage. Keep a short tail (a header may start there).
                    let keep = 64
                    let dropped = headerBuffer.count - keep
                    var tail = Array(headerBuffer.suffix(keep))
                    if let h = findHeaderStart(tail) { tail = Array(tail[h...]) }
                    headerBuffer = tail
                    events.append(.error("skipped \(dropped) bytes that are not an LSP header"))
                }
            }
        }
        return events
    }

    /// At end of input: reports what was left unfinished.
    public mutating func finish() -> [FramerEvent] {
        var events: [FramerEvent] = []
        switch state {
        case .body(let expected):
            events.append(.error("input ended inside a body: \(body.count) of \(expected) bytes received"))
        case .skipping(let remaining, let total, _, _):
            events.append(.error("input ended inside an oversized body: \(total - remaining) of \(total) bytes received"))
            resetSkip()
        case .header:
            if headerBuffer.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) {
                events.append(.error("input ended inside a header (\(headerBuffer.count) bytes)"))
            }
        }
        state = .header
        headerBuffer = []
        body = []
        return events
    }

    private mutating func completeBody(_ events: inout [FramerEvent]) {
        let b = body
        body = []
        state = .header
        // A header where a body should be ("header without body"): report it and read it as a header.
        var k = 0
        while k < b.count, b[k] == 0x20 || b[k] == 0x0A || b[k] == 0x0D || b[k] == 0x09 { k += 1 }
        if hasPrefixCaseInsensitive(b, at: k, headerContentLength) || hasPrefixCaseInsensitive(b, at: k, headerContentType) {
            events.append(.error("a header came where a body was expected; reading it as the next header"))
            events += feed(Array(b[k...]))
            return
        }
        events.append(.frame(b))
    }

    /// The offset of the first `Content-Length` or `Content-Type` (any case) in `buf`. One pass, no allocation: it
    /// runs on every header block and on every 8 KiB of garbage.
    private func findHeaderStart(_ buf: [UInt8]) -> Int? {
        // Both names start with "content-" (8 bytes); the shorter is "content-type" (12).
        guard buf.count >= headerContentType.utf8CodeUnitCount else { return nil }
        for k in 0...(buf.count - headerContentType.utf8CodeUnitCount) where buf[k] | 0x20 == 0x63 /* c */ {
            if hasPrefixCaseInsensitive(buf, at: k, headerContentLength) || hasPrefixCaseInsensitive(buf, at: k, headerContentType) {
                return k
            }
        }
        return nil
    }

    private mutating func processHeader(_ rawBlock: [UInt8], _ events: inout [FramerEvent]) {
        var block = rawBlock
        guard let start = findHeaderStart(block) else {
            if block.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) {
                events.append(.error("skipped \(block.count) bytes without a Content-Length header"))
            }
            return
        }
        if start > 0 {
            let garbage = block[0..<start]
            if garbage.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) {
                events.append(.error("skipped \(start) bytes of garbage before a header"))
            }
            block = Array(block[start...])
        }
        var length: Int?
        var bad: String?
        // Header lines are read as bytes: their separators (\r, \n, ":", blanks) are ASCII, so a line never splits
        // inside a UTF-8 sequence, and a combining mark after the colon ("X-Note:\u{301}") stays in the value instead of
        // fusing with the ":" into one Character that is not a colon.
        if !block.allSatisfy({ $0 < 0x80 }) && String(validating: block, as: UTF8.self) == nil {
            events.append(.error("a header is not valid UTF-8; skipped it"))
            return
        }
        readHeaderLines(block, &length, &bad, &events)
        if let bad {
            events.append(.error("skipped a header with \(bad)"))
            return
        }
        guard let length else {
            events.append(.error("skipped a header without Content-Length"))
            return
        }
        if length > maxMessageSize {
            events.append(.error("a message of \(length) bytes is over the limit of \(maxMessageSize) bytes; skipping its body"))
            state = .skipping(remaining: length, total: length, matched: 0, lineStart: true)
            if length == 0 { state = .header }
            return
        }
        if length == 0 {
            events.append(.frame([]))
            return
        }
        body.reserveCapacity(min(length, 1 << 20))
        state = .body(expected: length)
    }
}

/// The header lines of a block, read as bytes without building a String per line (a header is read for every message).
private func readHeaderLines(_ block: [UInt8], _ length: inout Int?, _ bad: inout String?, _ events: inout [FramerEvent]) {
    var lineStart = 0
    let n = block.count
    while lineStart < n {
        var lineEnd = lineStart
        while lineEnd < n && block[lineEnd] != 0x0A && block[lineEnd] != 0x0D { lineEnd += 1 }
        defer { lineStart = lineEnd + 1 }
        if lineEnd == lineStart { continue } // empty pieces between separators are skipped
        var colon = lineStart
        while colon < lineEnd && block[colon] != 0x3A { colon += 1 }
        guard colon < lineEnd else {
            bad = bad ?? "a header line without a colon: \(String(String(decoding: block[lineStart..<lineEnd], as: UTF8.self).prefix(80)).debugDescription)"
            continue
        }
        let name = trimmingBlanks(block[lineStart..<colon]), value = trimmingBlanks(block[(colon + 1)..<lineEnd])
        if equalsLowercased(name, headerContentLength) {
            readContentLength(value, &length, &bad)
        } else if equalsLowercased(name, headerContentType) {
            readCharset(value, &events)
        }
        // (unknown headers are allowed)
    }
}

/// `bytes` without the blanks (spaces and tabs) at its ends.
private func trimmingBlanks(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var s = bytes
    while let f = s.first, f == 0x20 || f == 0x09 { s = s.dropFirst() }
    while let l = s.last, l == 0x20 || l == 0x09 { s = s.dropLast() }
    return s
}

/// Whether `bytes`, ASCII letters lowercased, equal `lowercased`.
private func equalsLowercased(_ bytes: ArraySlice<UInt8>, _ lowercased: StaticString) -> Bool {
    guard bytes.count == lowercased.utf8CodeUnitCount else { return false }
    let name = lowercased.utf8Start
    var o = 0
    for var b in bytes {
        if b >= 0x41 && b <= 0x5A { b += 0x20 }
        if b != name[o] { return false }
        o += 1
    }
    return true
}

private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

/// A Content-Length value (trimmed): records the length, or what is wrong with it. A plain number is read without a
/// String (the common case).
private func readContentLength(_ value: ArraySlice<UInt8>, _ length: inout Int?, _ bad: inout String?) {
    guard !value.isEmpty, value.count <= 18, value.allSatisfy(isDigit) else {
        let text = String(decoding: value, as: UTF8.self)
        // (Negative only when digits follow the "-": "-x" and "-\u{301}5" are not numbers.)
        if value.first == UInt8(ascii: "-"), value.count > 1, value.dropFirst().allSatisfy(isDigit) {
            bad = "a negative Content-Length (\(String(text.prefix(40))))"
        } else if !value.isEmpty, value.allSatisfy(isDigit) {
            bad = "a Content-Length too large to read (\(String(text.prefix(40))))"
        } else {
            bad = "a Content-Length that is not a number (\(String(text.prefix(40)).debugDescription))"
        }
        return
    }
    let v = value.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    if let l = length, l != v { bad = "two different Content-Length headers (\(l) and \(v))" }
    length = v
}

/// A Content-Type value (trimmed): a warning when its charset is not UTF-8. As bytes, ASCII letters lowercased: the
/// parameters are ASCII, and a mark after a ";" or a quote is a byte of the charset's name, not part of the separator.
private func readCharset(_ value: ArraySlice<UInt8>, _ events: inout [FramerEvent]) {
    let lower = value.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    guard let r = lower.firstRange(of: Array("charset=".utf8)) else { return }
    // Up to a ";", blanks trimmed at its ends, then quotes dropped ("utf-8 " and "utf 8" are other names).
    let name = trimmingBlanks(lower[r.upperBound...].prefix { $0 != 0x3B })
    let cs = String(decoding: name.filter { $0 != 0x22 && $0 != 0x27 }, as: UTF8.self)
    if cs != "utf-8" && cs != "utf8" {
        events.append(.error("Content-Type charset \(cs.debugDescription) is not supported; reading the body as UTF-8"))
    }
}

// StaticStrings: their bytes are in the binary, with no lazy initialisation (a `[UInt8]` global is built on first
// use and checked with `swift_once` on every call).
private let headerContentLength: StaticString = "content-length"
private let headerContentType: StaticString = "content-type"

/// Whether `buf[k...]` starts with `lowercased` (ASCII letters compared in any case).
private func hasPrefixCaseInsensitive(_ buf: [UInt8], at k: Int, _ lowercased: StaticString) -> Bool {
    let count = lowercased.utf8CodeUnitCount
    let name = lowercased.utf8Start
    guard k >= 0, k + count <= buf.count else { return false }
    for o in 0..<count {
        var b = buf[k + o]
        if b >= 0x41 && b <= 0x5A { b += 0x20 }
        if b != name[o] { return false }
    }
    return true
}

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
        guard bytes.count < 1024, let v = try? parseMessageJSON(bytes + [0x0A]) else { return .parseError(error.description) }
        value = v
    }
    if case .array(let items) = value {
        if items.isEmpty { return .single(.invalid(id: .null, code: RPCErrorCode.invalidRequest, message: "an empty batch")) }
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
        return .invalid(id: .null, code: RPCErrorCode.invalidRequest, message: "a JSON-RPC message is an object, not \(typeName(v))")
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
                return .invalid(id: echoID, code: RPCErrorCode.invalidRequest, message: "\"params\" must be an object or an array")
            }
        }
        if let rawID { return .message(.request(id: RequestID(rawID), method: method, params: params)) }
        return .message(.notification(method: method, params: params))
    }
    if let rawID, v["result"] != nil || v["error"] != nil {
        return .message(.response(id: RequestID(rawID), result: v["result"], error: v["error"]))
    }
    return .invalid(id: echoID, code: RPCErrorCode.invalidRequest, message: "neither a request, a notification nor a response")
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

// MARK: building messages

public enum RPC {
    public static func response(id: JSONValue, result: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])
    }
    public static func error(id: JSONValue, code: Int, message: String, data: JSONValue? = nil) -> JSONValue {
        var err: [(String, JSONValue)] = [("code", .int(Int64(code))), ("message", .string(message))]
        if let data { err.append(("data", data)) }
        return .object([("jsonrpc", .string("2.0")), ("id", id), ("error", .object(err))])
    }
    public static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    }
    public static func request(id: JSONValue, _ method: String, _ params: JSONValue?) -> JSONValue {
        var m: [(String, JSONValue)] = [("jsonrpc", .string("2.0")), ("id", id), ("method", .string(method))]
        if let params { m.append(("params", params)) }
        return .object(m)
    }

    /// `Content-Length: N\r\n\r\n` + body.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
    public static func frame(_ value: JSONValue) -> [UInt8] { frame(Array(value.serialized().utf8)) }
}

// MARK: writing

/// Writes framed messages to a file descriptor. After a write error (the reader went away) every write fails.
public final class MessageWriter: @unchecked Sendable {
    public let fd: Int32
    public private(set) var failed = false
    public private(set) var bytesWritten = 0

    public init(fd: Int32) { self.fd = fd }

    /// Ignores SIGPIPE for the process, so that a closed pipe gives EPIPE instead of killing it.
    public static func ignoreSIGPIPE() { signal(SIGPIPE, SIG_IGN) }

    @discardableResult
    public func send(_ value: JSONValue) -> Bool { write(RPC.frame(value)) }

    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        guard !failed else { return false }
        var off = 0
        let ok: Bool = bytes.withUnsafeBytes { p in
            while off < p.count {
                let n = Glibc.write(fd, p.baseAddress! + off, p.count - off)
                if n < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN || errno == EWOULDBLOCK {
                        var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                        _ = poll(&pfd, 1, 1000)
                        continue
                    }
                    return false
                }
                if n == 0 { return false }
                off += n
            }
            return true
        }
        if !ok { failed = true }
        bytesWritten += off
        return ok
    }
}

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
                    if escaped { escaped = false } else if bytes[j] == 0x5C { escaped = true } else if bytes[j] == 0x22 { break }
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
        let taken = depth == 1 ? key == .id || key == .method
                               : depth == 3 && key == .uri && keys[1].name == .params && keys[2].name == .textDocument
        guard taken, let v = (try? JSONValue.parse(buffer))?.stringValue else { return }
        switch key {
        case .id: found.id = .string(v)
        case .method: found.method = v
        default: found.uri = v
        }
    }
}
