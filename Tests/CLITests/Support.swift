// Helpers for the CLI tests: find the built `layoutlint`, run it with pipes, make temporary folders, read JSON.
import Foundation
import Testing
import TestSupport

let repoRoot = repositoryRoot

/// `examples/NAME`, as an absolute path.
func example(_ name: String) -> String { repoRoot.appendingPathComponent("examples/\(name)").path }

struct RunResult: CustomStringConvertible {
    var code: Int32
    /// True when the process died of a signal (a crash); `code` is then the signal number.
    var signaled: Bool
    var timedOut: Bool
    var stdout: String
    var stderr: String
    var stdoutData: Data
    var seconds: Double

    var description: String {
        "exit \(signaled ? "signal " : "")\(code)\(timedOut ? " (timed out)" : ""), \(String(format: "%.2f", seconds)) s\n"
            + "--- stdout (\(stdoutData.count) bytes)\n\(stdout.prefix(3000))\n--- stderr\n\(stderr.prefix(3000))"
    }

    /// Exited normally with 0, 1 or 2: no crash, no hang.
    var exitedCleanly: Bool { !signaled && !timedOut && (0...2).contains(code) }

    /// stdout parsed as a JSON object.
    var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: stdoutData, options: [.fragmentsAllowed])) as? [String: Any]
    }
}

/// Runs `layoutlint args…`. Output goes to temporary files (no pipe can fill up and deadlock); standard input is
/// `stdin` when given, else empty. A run longer than `timeout` seconds is killed and reported as timed out.
func run(
    _ args: [String], stdin: Data? = nil, cwd: String? = nil, environment: [String: String]? = nil,
    timeout: Double = 60, executable: String = layoutlintBinary
) -> RunResult {
    let fm = FileManager.default
    let dir = fm.temporaryDirectory.appendingPathComponent("layoutlint-run-\(UUID().uuidString)")
    try! fm.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? fm.removeItem(at: dir) }
    let outURL = dir.appendingPathComponent("stdout"), errURL = dir.appendingPathComponent("stderr")
    let inURL = dir.appendingPathComponent("stdin")
    _ = fm.createFile(atPath: outURL.path, contents: nil)
    _ = fm.createFile(atPath: errURL.path, contents: nil)
    _ = fm.createFile(atPath: inURL.path, contents: stdin ?? Data())

    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = args
    if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "NO_COLOR")
    for (k, v) in environment ?? [:] { env[k] = v }
    p.environment = env
    let outH = try! FileHandle(forWritingTo: outURL), errH = try! FileHandle(forWritingTo: errURL)
    let inH = FileHandle(forReadingAtPath: inURL.path)!
    p.standardOutput = outH
    p.standardError = errH
    p.standardInput = inH
    let start = Date()
    do { try p.run() } catch {
        return RunResult(
            code: -1, signaled: false, timedOut: false, stdout: "",
            stderr: "could not launch \(executable): \(error)", stdoutData: Data(), seconds: 0)
    }
    var timedOut = false
    while p.isRunning {
        if Date().timeIntervalSince(start) > timeout * testTimeoutScale {
            timedOut = true
            p.terminate()
            kill(p.processIdentifier, SIGKILL)
            break
        }
        usleep(2_000)
    }
    p.waitUntilExit()
    let seconds = Date().timeIntervalSince(start)
    try? outH.close(); try? errH.close(); try? inH.close()
    let out = (try? Data(contentsOf: outURL)) ?? Data()
    let err = (try? Data(contentsOf: errURL)) ?? Data()
    return RunResult(
        code: p.terminationStatus, signaled: p.terminationReason == .uncaughtSignal, timedOut: timedOut,
        stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
        stdoutData: out, seconds: seconds)
}

/// A fresh temporary folder, removed when the returned object's `cleanup()` runs.
final class TempDir {
    let url: URL
    var path: String { url.path }
    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("layoutlint-cli-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    /// Writes `text` (UTF-8) to `name` in this folder and returns its path.
    @discardableResult func write(_ name: String, _ text: String) -> String {
        write(name, Data(text.utf8))
    }
    @discardableResult func write(_ name: String, _ data: Data) -> String {
        let u = url.appendingPathComponent(name)
        try! FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! data.write(to: u)
        return u.path
    }
    func cleanup() {
        // A mode-000 file or folder would not stop root, but restore modes anyway so removal works for anyone.
        if let e = FileManager.default.enumerator(atPath: path) {
            for case let name as String in e {
                try? FileManager.default.setAttributes(
                    [.posixPermissions: 0o755], ofItemAtPath: url.appendingPathComponent(name).path)
            }
        }
        try? FileManager.default.removeItem(at: url)
    }
}

// MARK: reading JSON output

typealias JSONObject = [String: Any]

func files(_ j: JSONObject?) -> [JSONObject] { j?["files"] as? [JSONObject] ?? [] }
func diagnostics(_ j: JSONObject?, file: Int = 0) -> [JSONObject] {
    let fs = files(j)
    guard fs.indices.contains(file) else { return [] }
    return fs[file]["diagnostics"] as? [JSONObject] ?? []
}
func rule(_ d: JSONObject) -> String { d["rule"] as? String ?? "" }
func startLine(_ d: JSONObject) -> Int? { ((d["range"] as? JSONObject)?["start"] as? JSONObject)?["line"] as? Int }
func startCharacter(_ d: JSONObject) -> Int? {
    ((d["range"] as? JSONObject)?["start"] as? JSONObject)?["character"] as? Int
}
func endCharacter(_ d: JSONObject) -> Int? {
    ((d["range"] as? JSONObject)?["end"] as? JSONObject)?["character"] as? Int
}
func numbers(_ v: Any?) -> [Double]? { (v as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } }

/// 0-based line of the first line of `text` containing `needle`.
func lineOf(_ needle: String, in text: String) -> Int? {
    text.components(separatedBy: "\n").firstIndex { $0.contains(needle) }
}

/// A minimal valid section (a full-width 100-pt row), to fill documents.
func plainSection(_ name: String) -> String {
    """
    { "name": "\(name)", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
          "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }
    """
}

/// A section whose second subitem does not fit its 390-pt group: `group-overflow` in iPhone 12.
func overflowSection(_ name: String) -> String {
    """
    { "name": "\(name)", "group": { "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)",
          "subitems": [ { "width": "absolute(200)", "height": "absolute(100)" }, { "width": "absolute(250)", "height": "absolute(100)" } ] } }
    """
}

/// The 0-based UTF-16 column of the first `needle` in `line` (what LSP and `lint --format json` count).
func utf16Column(of needle: String, in line: String) -> Int? {
    guard let r = line.range(of: needle) else { return nil }
    return line.utf16.distance(
        from: line.utf16.startIndex, to: r.lowerBound.samePosition(in: line.utf16) ?? r.lowerBound)
}

/// Line `n` (0-based) of `text`.
func line(_ n: Int, of text: String) -> String { text.components(separatedBy: "\n")[n] }
