// The loop: a single thread polls stdin, drains what is available into a queue of decoded messages, answers them
// in order (cancellation, content-modified), publishes debounced diagnostics and checks the client's process.
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PlainJSON
import JSONRPC
import LSPProtocol
import LayoutLintCore
import LayoutLintWorkspace

struct QueuedItem {
    enum Kind {
        case decoded(DecodedItem)
        /// A notification too large to read (over `maxMessageSize`), in its place in the input: what its bytes,
        /// read as they were skipped, say it was (a request's is queued as `.invalid`, answered in order).
        case tooLarge(SkippedMessage, bytes: Int)
    }
    var kind: Kind
    var batch: Int?
    init(item: DecodedItem, batch: Int?) { kind = .decoded(item); self.batch = batch }
    init(tooLarge m: SkippedMessage, bytes: Int) { kind = .tooLarge(m, bytes: bytes); batch = nil }
}

extension LanguageServer {
    // MARK: the loop

    func run() -> Int32 {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var eof = false
        while exitCode == nil {
            var pfds = [
                pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signalPipeRead, events: Int16(POLLIN), revents: 0),
            ]
            var r = poll(&pfds, signalPipeRead >= 0 ? 2 : 1, pollTimeout())
            if r > 0 && pfds[0].revents == 0 { r = 0 } // only the signal pipe
            if terminationSignal != 0 {
                log("signal \(terminationSignal): exiting")
                return 128 + terminationSignal
            }
            if r < 0 && errno != EINTR {
                log("poll failed: \(String(cString: strerror(errno)))")
                eof = true
            }
            if r > 0 {
                // Drain what is available, up to `maxDrainBytes`, before handling any of it (then the queue is
                // handled, and the loop comes back for the rest at once).
                var drained = 0
                while drained < Self.maxDrainBytes {
                    let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                    if n < 0 {
                        if errno == EINTR { continue }
                        if errno == EAGAIN { break }
                        log("read failed: \(String(cString: strerror(errno)))")
                        eof = true
                        break
                    }
                    if n == 0 { eof = true; break }
                    let events = buffer.withUnsafeBufferPointer {
                        framer.feed(UnsafeBufferPointer(rebasing: $0[0..<n]))
                    }
                    receive(events)
                    drained += n
                    inputBytesRead += n
                    var more = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                    if poll(&more, 1, 0) <= 0 || more.revents & Int16(POLLIN) == 0 {
                        if more.revents & Int16(POLLHUP) != 0 && more.revents & Int16(POLLIN) == 0 { eof = true }
                        break
                    }
                }
            }
            if eof { receive(framer.finish()) }
            processQueue()
            if exitCode != nil { break }
            if writer.failed {
                log("the client stopped reading (write failed); exiting")
                return phase == .shutDown ? 0 : 1
            }
            if eof {
                log(phase == .shutDown ? "end of input after shutdown" : "end of input without shutdown")
                return phase == .shutDown ? 0 : 1
            }
            publishDue()
            if trimPending { trimMemory() }
            if let pid = parentPID, monotonicMillis() - lastParentCheck >= Self.parentCheckMillis {
                lastParentCheck = monotonicMillis()
                if kill(pid, 0) != 0 && errno == ESRCH {
                    log("the client's process \(pid) is gone; exiting")
                    return phase == .shutDown ? 0 : 1
                }
            }
        }
        return exitCode ?? 1
    }

    /// How often the client's process is checked for (LSP: the server exits when it is gone).
    static var parentCheckMillis: Int64 { 2000 }

    /// Returns freed memory to the system (malloc keeps it otherwise: the RSS of a session stayed at its peak).
    func trimMemory() {
        trimPending = false
        memoryTrims += 1
        if let trim = Self.mallocTrim { _ = trim(0) }
    }

    /// glibc's `malloc_trim` (not in the Glibc module's headers), when the C library has it.
    static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        guard let sym = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(sym, to: (@convention(c) (Int) -> Int32).self)
    }()

    /// Documents from this size on make closing them (or dropping their full result) give memory back.
    static var trimAfterBytes: Int { 256 << 10 }

    /// At most this much input is read (and decoded into the queue) before the queue is handled.
    static var maxDrainBytes: Int { 4 << 20 }

    func pollTimeout() -> Int32 {
        let check: Int64? =
            parentPID == nil ? nil : max(0, lastParentCheck + Self.parentCheckMillis - monotonicMillis())
        guard let next = publishAt.values.min() else { return check.map { Int32(clamping: $0) } ?? -1 }
        return Int32(clamping: min(max(0, next - monotonicMillis()), check ?? Int64.max))
    }

    func receive(_ events: [FramerEvent]) {
        for e in events {
            switch e {
            case .error(let m):
                log("framing: " + m, kind: "framing")
            case .skipped(let total, let sent, let m):
                if let id = m.id, m.method != nil || m.hasParams {
                    queue.append(
                        QueuedItem(
                            item: .invalid(
                                id: id, code: RPCErrorCode.invalidRequest,
                                message:
                                    "the message is \(total) bytes, over the limit of \(options.maxMessageSize) bytes; it was not read"
                            ), batch: nil))
                } else if m.method != nil || (m.id == nil && m.hasParams && sent < total) {
                    // A notification; or params without a method or an id in a body cut short (by the next message's
                    // header) before its method: most likely an edit. (One with an id and neither method nor params
                    // is a response to the server; a whole one without method or id, or one without params, nothing a
                    // client meant: neither closes anything.)
                    queue.append(QueuedItem(tooLarge: m, bytes: total))
                } else {
                    log(
                        "skipped a message of \(total) bytes over the limit (\(m.id != nil ? "a response" : sent == 0 ? "nothing of it was sent" : "neither a request nor a notification"))",
                        kind: "too large")
                }
            case .frame(let body):
                switch decodeBody(body) {
                case .parseError(let m):
                    log("not JSON: " + m, kind: "not JSON")
                    send(RPC.error(id: .null, code: RPCErrorCode.parseError, message: "Parse error: \(m)"), batch: nil)
                case .single(let item):
                    queue.append(QueuedItem(item: item, batch: nil))
                case .batch(let items):
                    let b = nextBatch
                    nextBatch += 1
                    let pending = items.filter {
                        if case .message(.notification) = $0 { return false };
                        if case .message(.response) = $0 { return false }; return true
                    }.count
                    if pending > 0 { batches[b] = (pending, []) }
                    for it in items { queue.append(QueuedItem(item: it, batch: pending > 0 ? b : nil)) }
                }
            }
        }
    }

    // MARK: output

    func send(_ message: JSONValue, batch: Int?) {
        guard let b = batch, var state = batches[b] else {
            writer.send(message)
            return
        }
        state.responses.append(message)
        state.pending -= 1
        if state.pending <= 0 {
            batches[b] = nil
            writer.send(.array(state.responses))
        } else {
            batches[b] = state
        }
    }

    func notify(_ method: String, _ params: JSONValue) {
        writer.send(RPC.notification(method, params))
    }

    func request(_ method: String, _ params: JSONValue?) {
        nextServerRequest += 1
        writer.send(RPC.request(id: .string("layoutlint-\(nextServerRequest)"), method, params))
    }

    func logToClient(_ message: String, type: Int = 3, kind: String? = nil) {
        let (allowed, dropped) = logLimiter.allow(kind ?? message)
        guard allowed else { return }
        if dropped > 0 { writeLogUnlimited("(\(dropped) more line(s) like the next one were not logged)") }
        writeLogUnlimited(message)
        guard phase == .running else { return }
        let text = dropped > 0 ? "(\(dropped) more message(s) like this one were not sent) " + message : message
        notify("window/logMessage", .object([("type", .int(Int64(type))), ("message", .string(text))]))
    }

    func processQueue() {
        while !queue.isEmpty && exitCode == nil {
            let items = queue
            queue = []
            // Cancellations and later changes in this drain apply to the requests queued before them.
            var cancelled = Set<RequestID>()
            var lastChangeIndex: [String: Int] = [:]
            for (i, q) in items.enumerated() {
                if case .tooLarge(let m, _) = q.kind, m.method == "textDocument/didChange", let uri = m.uri {
                    lastChangeIndex[uri] = i
                }
                guard case .decoded(.message(.notification(let m, let p))) = q.kind else { continue }
                if m == "$/cancelRequest", let id = p?["id"], id.stringValue != nil || id.doubleValue != nil {
                    cancelled.insert(RequestID(id))
                } else if m == "textDocument/didChange", let uri = p?["textDocument"]?["uri"]?.stringValue {
                    lastChangeIndex[uri] = i
                }
            }
            for (i, q) in items.enumerated() {
                if exitCode != nil { return }
                guard case .decoded(let item) = q.kind else {
                    if case .tooLarge(let m, let bytes) = q.kind { lostMessage(m, bytes: bytes) }
                    continue
                }
                switch item {
                case .invalid(let id, let code, let message):
                    log("invalid message: \(message)", kind: "invalid message")
                    send(RPC.error(id: id, code: code, message: "Invalid Request: \(message)"), batch: q.batch)
                case .message(.response(let id, _, let error)):
                    if let error {
                        log("the client answered \(id) with an error: \(error.serialized())", kind: "client error")
                    }
                case .message(.notification(let method, let params)):
                    handleNotification(method, params)
                case .message(.request(let id, let method, let params)):
                    if cancelled.contains(id) {
                        send(
                            RPC.error(id: id.value, code: RPCErrorCode.requestCancelled, message: "Request cancelled"),
                            batch: q.batch)
                        continue
                    }
                    // A request answered in order is answered for the text it was asked about, and LSP says not to
                    // refuse it for a change still unread (ContentModified): but edits without a version (a client
                    // that does not take `documentChanges`) would be applied to the newer text, so those are.
                    if phase == .running, !client.versionedEditSupport, let uri = Self.editedDocument(method, params),
                        let later = lastChangeIndex[uri], later > i
                    {
                        send(
                            RPC.error(
                                id: id.value, code: RPCErrorCode.contentModified,
                                message: "Content modified: the document changed after this request"), batch: q.batch)
                        continue
                    }
                    let reply = handleRequest(method, params)
                    switch reply {
                    case .result(let r): send(RPC.response(id: id.value, result: r), batch: q.batch)
                    case .error(let code, let m): send(RPC.error(id: id.value, code: code, message: m), batch: q.batch)
                    }
                }
            }
        }
    }

}
