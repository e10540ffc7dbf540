// Helpers for the hostile-input suite: spawn the built `layoutlint serve` over real pipes and speak raw bytes to
// it; run `layoutlint lint` on hostile files. Single-threaded: poll() with timeouts, nothing can deadlock.
import Foundation
import PlainJSON
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

final class HostileServer: ServerProcess {
    /// What the server wrote that was not a framed JSON message (`proveAlive` expects none).
    var badOutputs: [String] = []

    init(environment: [String: String] = [:], initialize: Bool = true) {
        super.init(environment: environment, firstID: 1001, maxMessageSize: 512 * 1024 * 1024, logName: "hostile")
        if initialize {
            let r = request(
                "initialize",
                JV(
                    #"{"processId":null,"rootUri":null,"capabilities":{"textDocument":{"rename":{"prepareSupport":true},"codeAction":{"codeActionLiteralSupport":{"codeActionKind":{"valueSet":["quickfix","source"]}}}}}}"#
                ))
            #expect(r?["result"]?["capabilities"] != nil, "initialize failed: \(r?.serialized() ?? "no response")")
            notify("initialized", .object([]))
            open(probeURI, probeDoc)
        }
    }

    override func badOutput(_ description: String) { badOutputs.append(description) }

    /// The server still works: a documentSymbol request on the probe document answers its three sections. A hostile
    /// frame may swallow the first probe (a body that claimed more bytes than were sent takes the next message's
    /// bytes), so the probe is sent up to three times; the server must answer one of them correctly.
    @discardableResult
    func proveAlive(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        for attempt in 0..<3 {
            let id = sendRequest(
                "textDocument/documentSymbol", .object([("textDocument", .object([("uri", .string(probeURI))]))]))
            if let r = response(id, timeout: attempt == 0 ? 5 : 2) {
                // (The top-level symbols: a tree's roots, or the flat list's symbols without a container, for a
                // client that does not declare hierarchical symbols, as some of these tests' initialize does not.)
                let names =
                    r["result"]?.arrayValue?.filter { $0["containerName"] == nil }.compactMap {
                        $0["name"]?.stringValue
                    } ?? []
                #expect(
                    names.count == 3, "documentSymbol answered \(r.serialized().prefix(400))",
                    sourceLocation: sourceLocation)
                #expect(
                    badOutputs.isEmpty, "the server wrote bad output: \(badOutputs)", sourceLocation: sourceLocation)
                return names.count == 3
            }
            if !process.isRunning { break }
        }
        Issue.record(
            "the server no longer answers (running: \(process.isRunning))\n\(stderrText.suffix(1500))",
            sourceLocation: sourceLocation)
        return false
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
    _ = fm.createFile(atPath: outURL.path, contents: nil)
    _ = fm.createFile(atPath: errURL.path, contents: nil)
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
        if Date().timeIntervalSince(start) > timeout * testTimeoutScale {
            timedOut = true; kill(p.processIdentifier, SIGKILL); break
        }
        usleep(5_000)
    }
    p.waitUntilExit()
    try? outH.close(); try? errH.close()
    return CLIRun(
        code: p.terminationStatus, signaled: p.terminationReason == .uncaughtSignal, timedOut: timedOut,
        stdout: (try? Data(contentsOf: outURL)) ?? Data(),
        stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self))
}

final class HostileTemp {
    let url: URL
    var path: String { url.path }
    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("layoutlint-hostile-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(
            at: url.appendingPathComponent(".git"), withIntermediateDirectories: true)
    }
    @discardableResult func write(_ name: String, _ data: [UInt8]) -> String {
        let u = url.appendingPathComponent(name)
        try! Data(data).write(to: u)
        return u.path
    }
    func uri(_ name: String) -> String { "file://" + url.appendingPathComponent(name).path }
    func cleanup() { try? FileManager.default.removeItem(at: url) }
}
