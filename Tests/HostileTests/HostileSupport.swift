// Helpers for the hostile-input suite: spawn the built `layoutlint serve` over real pipes and speak raw bytes to
// it; run `layoutlint lint` on hostile files. Single-threaded: poll() with timeouts, nothing can deadlock.
import Foundation
import JSONC
import JSONRPC
import Testing
import TestSupport

let hostileRepoRoot = repositoryRoot
let hostileBinary = layoutlintBinary

func JV(_ text: String) -> JSONValue { jsonLiteral(text) }
func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
func framed(_ body: [UInt8]) -> [UInt8] { RPC.frame(body) }
func framed(_ s: String) -> [UInt8] { RPC.frame(Array(s.utf8)) }

/// A small valid document with three sections (documentSymbol answers three symbols).
let probeDoc = """
{
  "environments": ["iPhone 12"],
  "sections": [
    { "name": "a", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)",
        "subitems": [{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }] } },
    { "name": "b", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)",
        "subitems": [{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }] } },
    { "name": "c", "group": { "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)",
        "subitems": [{ "width": "absolute(200)", "height": "absolute(100)" }, { "width": "absolute(250)", "height": "absolute(100)" }] } }
  ]
}
"""
let probeURI = "file:///tmp/layoutlint-hostile-probe.layout.json"

final class HostileServer {
    let process = Process()
    let stdinPipe = Pipe()
    let stdoutPipe = Pipe()
    let stderrURL: URL
    var framer = MessageFramer(maxMessageSize: 512 * 1024 * 1024)
    var inbox: [JSONValue] = []
    var badOutput: [String] = []
    var nextID = 1000
    var inputClosed = false

    init(environment: [String: String] = [:], initialize: Bool = true) {
        stderrURL = FileManager.default.temporaryDirectory.appendingPathComponent("layoutlint-hostile-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: hostileBinary)
        process.arguments = ["serve", "--stdio"]
        var env = ProcessInfo.processInfo.environment
        env["LAYOUTLINT_DEBOUNCE_MS"] = "10"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = try! FileHandle(forWritingTo: stderrURL)
        try! process.run()
        if initialize {
            let r = request("initialize", JV(#"{"processId":null,"rootUri":null,"capabilities":{"textDocument":{"rename":{"prepareSupport":true}}}}"#))
            #expect(r?["result"]?["capabilities"] != nil, "initialize failed: \(r?.serialized() ?? "no response")")
            notify("initialized", .object([]))
            open(probeURI, probeDoc)
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        try? FileManager.default.removeItem(at: stderrURL)
    }

    var stderrText: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }
    var pid: Int32 { process.processIdentifier }

    // MARK: writing

    /// Writes raw bytes (keeping the server's output flowing). False when the pipe is closed.
    @discardableResult
    func sendRaw(_ data: [UInt8]) -> Bool {
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
    func send(_ v: JSONValue) { sendRaw(RPC.frame(v)) }
    func notify(_ method: String, _ params: JSONValue) { send(RPC.notification(method, params)) }
    func sendRequest(_ method: String, _ params: JSONValue?) -> Int {
        nextID += 1
        send(RPC.request(id: .int(Int64(nextID)), method, params))
        return nextID
    }
    func closeInput() {
        guard !inputClosed else { return }
        inputClosed = true
        try? stdinPipe.fileHandleForWriting.close()
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", .object([("textDocument", .object([
            ("uri", .string(uri)), ("languageId", .string("json")), ("version", .int(Int64(version))), ("text", .string(text)),
        ]))]))
    }

    // MARK: reading

    @discardableResult
    func pump(timeoutMillis: Int32) -> Bool {
        let fd = stdoutPipe.fileHandleForReading.fileDescriptor
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, timeoutMillis) > 0 else { return true }
        var buf = [UInt8](repeating: 0, count: 1 << 16)
        let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { return false }
        for e in framer.feed(Array(buf[0..<n])) {
            guard case .frame(let body) = e else { badOutput.append("bad frame: \(e)"); continue }
            guard let v = try? JSONValue.parse(body) else { badOutput.append("not JSON: \(String(decoding: body.prefix(200), as: UTF8.self))"); continue }
            if case .object = v, v["method"] != nil, let id = v["id"] {
                let fdw = stdinPipe.fileHandleForWriting.fileDescriptor
                if !inputClosed {
                    let b = RPC.frame(RPC.response(id: id, result: .null))
                    _ = b.withUnsafeBytes { write(fdw, $0.baseAddress, $0.count) }
                }
            }
            inbox.append(v)
        }
        return true
    }

    func waitFor(timeout: Double = 10, _ predicate: (JSONValue) -> Bool) -> JSONValue? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let i = inbox.firstIndex(where: predicate) { return inbox.remove(at: i) }
            if Date() > deadline { return nil }
            if !pump(timeoutMillis: 50) {
                if let i = inbox.firstIndex(where: predicate) { return inbox.remove(at: i) }
                return nil
            }
        }
    }

    func response(_ id: Int, timeout: Double = 10) -> JSONValue? {
        waitFor(timeout: timeout) { $0["id"] == .int(Int64(id)) && $0["method"] == nil }
    }

    func request(_ method: String, _ params: JSONValue?, timeout: Double = 10) -> JSONValue? {
        response(sendRequest(method, params), timeout: timeout)
    }

    /// The server still works: a documentSymbol request on the probe document answers its three sections. A hostile
    /// frame may swallow the first probe (a body that claimed more bytes than were sent takes the next message's
    /// bytes), so the probe is sent up to three times; the server must answer one of them correctly.
    @discardableResult
    func proveAlive(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        for attempt in 0..<3 {
            let id = sendRequest("textDocument/documentSymbol", .object([("textDocument", .object([("uri", .string(probeURI))]))]))
            if let r = response(id, timeout: attempt == 0 ? 5 : 2) {
                let names = r["result"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
                #expect(names.count == 3, "documentSymbol answered \(r.serialized().prefix(400))", sourceLocation: sourceLocation)
                #expect(badOutput.isEmpty, "the server wrote bad output: \(badOutput)", sourceLocation: sourceLocation)
                return names.count == 3
            }
            if !process.isRunning { break }
        }
        Issue.record("the server no longer answers (running: \(process.isRunning))\n\(stderrText.suffix(1500))", sourceLocation: sourceLocation)
        return false
    }

    /// Waits for the process to end; nil when it is still running after `timeout` seconds (then it is killed).
    /// A death by signal is returned as 128 + signal.
    func waitForExit(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline { kill(process.processIdentifier, SIGKILL); process.waitUntilExit(); return nil }
            pump(timeoutMillis: 20)
        }
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    func shutdownCleanly(sourceLocation: SourceLocation = #_sourceLocation) {
        let r = request("shutdown", nil)
        #expect(r?["result"] == .null && r?["error"] == nil, sourceLocation: sourceLocation)
        notify("exit", .object([]))
        #expect(waitForExit() == 0, sourceLocation: sourceLocation)
    }

    /// VmRSS of the server, in kB.
    func residentKB() -> Int? {
        guard let s = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in s.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        return nil
    }
}

struct CLIRun {
    var code: Int32
    var signaled: Bool
    var timedOut: Bool
    var stdout: Data
    var stderr: String
    var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: stdout)) as? [String: Any] }
    var diagnostics: [[String: Any]] {
        ((json?["files"] as? [[String: Any]])?.first?["diagnostics"] as? [[String: Any]]) ?? []
    }
}

/// Runs `layoutlint args…` with output in temporary files; killed after `timeout` seconds.
/// With `memoryLimitKB`, it runs under `ulimit -v` (through /bin/sh), so that a runaway read cannot take the machine.
func runCLI(_ args: [String], timeout: Double = 30, memoryLimitKB: Int? = nil) -> CLIRun {
    let fm = FileManager.default
    let dir = fm.temporaryDirectory.appendingPathComponent("layoutlint-hostile-run-\(UUID().uuidString)")
    try! fm.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? fm.removeItem(at: dir) }
    let outURL = dir.appendingPathComponent("out"), errURL = dir.appendingPathComponent("err")
    fm.createFile(atPath: outURL.path, contents: nil)
    fm.createFile(atPath: errURL.path, contents: nil)
    let p = Process()
    if let kb = memoryLimitKB {
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "ulimit -v \(kb); exec \"$0\" \"$@\"", hostileBinary] + args
    } else {
        p.executableURL = URL(fileURLWithPath: hostileBinary)
        p.arguments = args
    }
    let outH = try! FileHandle(forWritingTo: outURL), errH = try! FileHandle(forWritingTo: errURL)
    p.standardOutput = outH
    p.standardError = errH
    p.standardInput = FileHandle.nullDevice
    try! p.run()
    let start = Date()
    var timedOut = false
    while p.isRunning {
        if Date().timeIntervalSince(start) > timeout { timedOut = true; kill(p.processIdentifier, SIGKILL); break }
        usleep(5_000)
    }
    p.waitUntilExit()
    try? outH.close(); try? errH.close()
    return CLIRun(code: p.terminationStatus, signaled: p.terminationReason == .uncaughtSignal, timedOut: timedOut,
                  stdout: (try? Data(contentsOf: outURL)) ?? Data(),
                  stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self))
}

final class HostileTemp {
    let url: URL
    var path: String { url.path }
    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("layoutlint-hostile-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url.appendingPathComponent(".git"), withIntermediateDirectories: true)
    }
    @discardableResult func write(_ name: String, _ data: [UInt8]) -> String {
        let u = url.appendingPathComponent(name)
        try! Data(data).write(to: u)
        return u.path
    }
    func uri(_ name: String) -> String { "file://" + url.appendingPathComponent(name).path }
    func cleanup() { try? FileManager.default.removeItem(at: url) }
}
