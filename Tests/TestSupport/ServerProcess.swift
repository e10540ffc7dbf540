// The one pipe client of the tests that run the real `layoutlint serve`: spawns it, writes raw bytes or JSON-RPC
// messages, reads and frames what it writes (answering its own requests with null), waits for messages with
// timeouts. Single-threaded: poll() with timeouts, nothing can deadlock. The end-to-end client (ServerTests) and the
// hostile-input client (HostileTests) are subclasses; they differ in what they do with output that is not a valid
// message (`badOutput`).
import Foundation
import PlainJSON
import JSONRPC

open class ServerProcess {
    public let process = Process()
    public let stdinPipe = Pipe()
    public let stdoutPipe = Pipe()
    public let stderrURL: URL
    public var framer: MessageFramer
    /// Messages read but not yet consumed (notifications, server requests, responses nobody waited for).
    public var inbox: [JSONValue] = []
    /// Every publishDiagnostics notification received, in order.
    public var published: [JSONValue] = []
    public var nextID: Int
    public private(set) var inputClosed = false

    /// `executable`: the server to spawn (`layoutlint`; the client's own tests spawn a scripted stand-in).
    public init(
        environment: [String: String] = [:], arguments: [String] = ["serve", "--stdio"], firstID: Int = 1,
        maxMessageSize: Int = 256 * 1024 * 1024, logName: String = "serve", executable: String = layoutlintBinary
    ) {
        nextID = firstID
        framer = MessageFramer(maxMessageSize: maxMessageSize)
        stderrURL = FileManager.default.temporaryDirectory.appendingPathComponent(
            "layoutlint-\(logName)-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["LAYOUTLINT_DEBOUNCE_MS"] = "10"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = try! FileHandle(forWritingTo: stderrURL)
        try! process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        try? FileManager.default.removeItem(at: stderrURL)
    }

    public var stderrText: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }
    public var pid: Int32 { process.processIdentifier }

    /// What the server wrote that is not a framed JSON message (a subclass records it as it needs).
    open func badOutput(_ description: String) {}

    // MARK: writing

    /// Writes raw bytes, keeping the server's output flowing so neither side blocks. False when the pipe is closed.
    /// Replies to the server's requests read meanwhile are written after `data`, never inside it.
    @discardableResult
    public func sendRaw(_ data: [UInt8]) -> Bool {
        let ok = writeAll(data)
        flushReplies()
        return ok
    }

    /// True while `writeAll` writes a message: a reply then waits in `repliesToWrite`.
    private var writing = false
    private var repliesToWrite: [[UInt8]] = []

    private func flushReplies() {
        while !repliesToWrite.isEmpty && !inputClosed { _ = writeAll(repliesToWrite.removeFirst()) }
    }

    private func writeAll(_ data: [UInt8]) -> Bool {
        writing = true
        defer { writing = false }
        let fd = stdinPipe.fileHandleForWriting.fileDescriptor
        var off = 0
        while off < data.count {
            pump(timeoutMillis: 0)
            var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            if poll(&pfd, 1, 50) <= 0 { continue }
            if pfd.revents & Int16(POLLERR | POLLHUP) != 0 { return false }
            let n = data.withUnsafeBytes { p in write(fd, p.baseAddress! + off, min(p.count - off, 1 << 16)) }
            if n < 0 { if errno == EINTR || errno == EAGAIN { continue }; return false }
            off += n
        }
        return true
    }
    public func send(_ v: JSONValue) { sendRaw(RPC.frame(v)) }
    public func notify(_ method: String, _ params: JSONValue = .object([])) { send(RPC.notification(method, params)) }
    @discardableResult
    public func sendRequest(_ method: String, _ params: JSONValue? = .object([])) -> Int {
        let id = nextID
        nextID += 1
        send(RPC.request(id: .int(Int64(id)), method, params))
        return id
    }
    public func closeInput() {
        guard !inputClosed else { return }
        inputClosed = true
        try? stdinPipe.fileHandleForWriting.close()
    }

    public func open(_ uri: String, _ text: String, version: Int = 1) {
        notify(
            "textDocument/didOpen",
            .object([
                (
                    "textDocument",
                    .object([
                        ("uri", .string(uri)), ("languageId", .string("json")), ("version", .int(Int64(version))),
                        ("text", .string(text)),
                    ])
                )
            ]))
    }

    // MARK: reading

    /// Reads what the server wrote, waiting at most `timeoutMillis` for the first byte. False at end of output.
    @discardableResult
    public func pump(timeoutMillis: Int32) -> Bool {
        let fd = stdoutPipe.fileHandleForReading.fileDescriptor
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, timeoutMillis) > 0 else { return true }
        var buf = [UInt8](repeating: 0, count: 1 << 16)
        let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { return false }
        for e in framer.feed(Array(buf[0..<n])) {
            guard case .frame(let body) = e else { badOutput("bad frame: \(e)"); continue }
            guard let v = try? JSONValue.parse(body) else {
                badOutput("not JSON: \(String(decoding: body.prefix(200), as: UTF8.self))")
                continue
            }
            // Answer the server's requests (registerCapability, refresh) with null: at once, or, when this read
            // happens while a message is being written (the server's request arrived between two of its chunks),
            // once that message is complete. (Writing the reply at once put it inside the message: the server then
            // read a didOpen of 340 KB with a reply in its middle, "not JSON", and the document was never opened.)
            if case .object = v, v["method"] != nil, let id = v["id"], !inputClosed {
                repliesToWrite.append(RPC.frame(RPC.response(id: id, result: .null)))
            }
            if v["method"]?.stringValue == "textDocument/publishDiagnostics" { published.append(v) }
            inbox.append(v)
        }
        if !writing { flushReplies() }
        return true
    }

    /// The next message matching `predicate` (removed from the inbox), or nil after `timeout` seconds
    /// (`testTimeoutScale` times).
    public func waitFor(timeout: Double = 10, _ predicate: (JSONValue) -> Bool) -> JSONValue? {
        let deadline = Date().addingTimeInterval(timeout * testTimeoutScale)
        while true {
            if let i = inbox.firstIndex(where: predicate) { return inbox.remove(at: i) }
            if Date() > deadline { return nil }
            if !pump(timeoutMillis: 50) {
                if let i = inbox.firstIndex(where: predicate) { return inbox.remove(at: i) }
                return nil
            }
        }
    }

    public func response(_ id: Int, timeout: Double = 10) -> JSONValue? {
        waitFor(timeout: timeout) { $0["id"] == .int(Int64(id)) && $0["method"] == nil }
    }

    /// Sends a request and waits for its response message (with `result` or `error`).
    public func request(_ method: String, _ params: JSONValue? = .object([]), timeout: Double = 10) -> JSONValue? {
        response(sendRequest(method, params), timeout: timeout)
    }

    /// Waits for the process to end; nil when it is still running after `timeout` seconds (then it is killed).
    /// A death by signal is returned as 128 + signal.
    public func waitForExit(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout * testTimeoutScale)
        while process.isRunning {
            if Date() > deadline { kill(process.processIdentifier, SIGKILL); process.waitUntilExit(); return nil }
            pump(timeoutMillis: 20)
        }
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }
}

/// What every wait of the tests on a process is multiplied by: `LAYOUTLINT_TEST_TIMEOUT_SCALE` (default 1). The
/// waits are hang guards, not measurements; `scripts/test` raises them while builds run beside the tests, which
/// can make a lint of a hostile input take several times its usual seconds.
public let testTimeoutScale: Double = {
    guard let v = ProcessInfo.processInfo.environment["LAYOUTLINT_TEST_TIMEOUT_SCALE"], let x = Double(v), x >= 1 else {
        return 1
    }
    return x
}()
