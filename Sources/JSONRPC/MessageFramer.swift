// LSP framing: `Content-Length` headers and bodies, from bytes in any pieces.
import PlainJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
    public var bufferedByteCount: Int {
        headerBuffer.count + body.count + skipScanner.bufferedByteCount + skipHeld.count
    }

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
                            events.append(
                                .error(
                                    "the over-the-limit body of \(total) bytes was not sent: a new message starts after \(sent) bytes"
                                ))
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
                    events.append(
                        .error("skipped a body of \(total) bytes (over the limit of \(maxMessageSize) bytes)"))
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
            events.append(
                .error("input ended inside an oversized body: \(total - remaining) of \(total) bytes received"))
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
        if hasPrefixCaseInsensitive(b, at: k, headerContentLength)
            || hasPrefixCaseInsensitive(b, at: k, headerContentType)
        {
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
            if hasPrefixCaseInsensitive(buf, at: k, headerContentLength)
                || hasPrefixCaseInsensitive(buf, at: k, headerContentType)
            {
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
            events.append(
                .error("a message of \(length) bytes is over the limit of \(maxMessageSize) bytes; skipping its body"))
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
private func readHeaderLines(
    _ block: [UInt8], _ length: inout Int?, _ bad: inout String?, _ events: inout [FramerEvent]
) {
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
            bad =
                bad
                ?? "a header line without a colon: \(String(String(decoding: block[lineStart..<lineEnd], as: UTF8.self).prefix(80)).debugDescription)"
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
