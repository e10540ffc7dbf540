// A minimal LSP client for the end-to-end tests: spawns the real `layoutlint serve` and talks to it over pipes.
// Single-threaded: reads with poll() and timeouts, answers the server's own requests with null.
import Foundation
import PlainJSON
import JSONRPC
import Testing
import TestSupport

let serverRepoRoot = repositoryRoot
let serverBinary = layoutlintBinary

func examplePath(_ name: String) -> String { serverRepoRoot.appendingPathComponent("examples/\(name)").path }

/// Parses JSON text (a test literal) into a JSONValue.
func J(_ text: String) -> JSONValue { jsonLiteral(text) }

func pos(_ line: Int, _ character: Int) -> JSONValue {
    .object([("line", .int(Int64(line))), ("character", .int(Int64(character)))])
}
func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> JSONValue {
    .object([("start", pos(l1, c1)), ("end", pos(l2, c2))])
}
func docID(_ uri: String) -> JSONValue { .object([("uri", .string(uri))]) }
func tdp(_ uri: String, _ line: Int, _ character: Int) -> JSONValue {
    .object([("textDocument", docID(uri)), ("position", pos(line, character))])
}

final class LSPClient: ServerProcess {
    init(environment: [String: String] = [:], arguments: [String] = ["serve", "--stdio"]) {
        super.init(
            environment: environment, arguments: arguments, firstID: 1, maxMessageSize: 256 * 1024 * 1024,
            logName: "serve")
    }

    /// Output that is not a framed JSON message fails the test.
    override func badOutput(_ description: String) { Issue.record("the server wrote \(description)") }

    /// The result of a request (nil when it failed: the test records why).
    func result(_ method: String, _ params: JSONValue? = .object([]), sourceLocation: SourceLocation = #_sourceLocation)
        -> JSONValue?
    {
        guard let r = request(method, params) else {
            Issue.record("no response to \(method)\n\(stderrText.suffix(2000))", sourceLocation: sourceLocation)
            return nil
        }
        if let e = r["error"] {
            Issue.record("\(method) failed: \(e.serialized())", sourceLocation: sourceLocation); return nil
        }
        return r["result"]
    }

    /// The labels of the completion items at a position.
    func completionLabels(_ uri: String, _ line: Int, _ character: Int) -> [String] {
        (result("textDocument/completion", tdp(uri, line, character))?["items"]?.arrayValue ?? []).compactMap {
            $0["label"]?.stringValue
        }
    }

    func notification(_ method: String, timeout: Double = 10, where predicate: (JSONValue) -> Bool = { _ in true })
        -> JSONValue?
    {
        waitFor(timeout: timeout) {
            $0["method"]?.stringValue == method && $0["id"] == nil && predicate($0["params"] ?? .null)
        }?["params"]
    }

    /// The next publishDiagnostics for `uri` (at `version`, when given).
    func diagnostics(_ uri: String, version: Int? = nil, timeout: Double = 10) -> [JSONValue]? {
        notification("textDocument/publishDiagnostics", timeout: timeout) { p in
            p["uri"]?.stringValue == uri && (version == nil || p["version"]?.intValue == Int64(version!))
        }?["diagnostics"]?.arrayValue
    }

    // MARK: lifecycle

    @discardableResult
    func initialize(positionEncodings: [String]? = nil, capabilities: JSONValue? = nil, rootURI: String? = nil)
        -> JSONValue?
    {
        var caps =
            capabilities
            ?? J(
                #"""
                { "textDocument": { "completion": { "completionItem": { "snippetSupport": true } },
                                    "publishDiagnostics": { "relatedInformation": true, "codeDescriptionSupport": true, "tagSupport": { "valueSet": [1, 2] } },
                                    "rename": { "prepareSupport": true }, "documentLink": { "tooltipSupport": true },
                                    "documentSymbol": { "hierarchicalDocumentSymbolSupport": true, "symbolKind": { "valueSet": [\#((1...26).map(String.init).joined(separator: ", "))] } },
                                    "hover": { "contentFormat": ["markdown", "plaintext"] },
                                    "codeAction": { "codeActionLiteralSupport": { "codeActionKind": { "valueSet": ["quickfix", "source"] } } } },
                  "workspace": { "didChangeWatchedFiles": { "dynamicRegistration": true }, "diagnostics": { "refreshSupport": true } } }
                """#)
        if let positionEncodings, case .object(var m) = caps {
            m.append(("general", .object([("positionEncodings", .array(positionEncodings.map { .string($0) }))])))
            caps = .object(m)
        }
        var params: [(String, JSONValue)] = [("processId", .null), ("capabilities", caps)]
        params.append(("rootUri", rootURI.map { .string($0) } ?? .null))
        let r = result("initialize", .object(params))
        notify("initialized")
        return r
    }

    func change(_ uri: String, version: Int, _ changes: [JSONValue]) {
        notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(Int64(version)))])),
                ("contentChanges", .array(changes)),
            ]))
    }

    /// shutdown + exit; returns the exit code.
    func shutdown() -> Int32? {
        let r = request("shutdown", nil)
        #expect(r?["result"] == .null && r?["error"] == nil)
        notify("exit")
        return waitForExit()
    }
}

// MARK: independent position arithmetic (not the server's LineIndex), for checking ranges to the code unit

enum Enc { case utf8, utf16, utf32 }

/// The lines of a text (split at \n, \r\n, \r) as strings without their breaks.
func splitLines(_ text: String) -> [Substring] {
    var lines: [Substring] = []
    var start = text.startIndex
    var i = text.startIndex
    while i < text.endIndex {
        let c = text[i]
        if c == "\n" || c == "\r\n" || c == "\r" {
            lines.append(text[start..<i])
            start = text.index(after: i)
        }
        i = text.index(after: i)
    }
    lines.append(text[start..<text.endIndex])
    return lines
}

func units(_ s: Substring, _ e: Enc) -> Int {
    switch e {
    case .utf8: return s.utf8.count
    case .utf16: return s.utf16.count
    case .utf32: return s.unicodeScalars.count
    }
}

/// Whether (line, character) is a valid position in `text`: an existing line, not past its end, not inside a character.
func isValidPosition(_ p: JSONValue?, in text: String, _ e: Enc) -> Bool {
    guard let l = p?["line"]?.intValue, let c = p?["character"]?.intValue else { return false }
    let lines = splitLines(text)
    guard l >= 0, Int(l) < lines.count, c >= 0 else { return false }
    let line = lines[Int(l)]
    guard Int(c) <= units(line, e) else { return false }
    // On a character boundary.
    var acc = 0
    for ch in line.unicodeScalars {
        if acc == Int(c) { return true }
        acc += e == .utf8 ? String(ch).utf8.count : (e == .utf16 ? String(ch).utf16.count : 1)
        if acc > Int(c) { return false }
    }
    return acc == Int(c)
}

/// The String index of an LSP position (assumed valid).
func stringIndex(_ p: JSONValue?, in text: String, _ e: Enc) -> String.Index {
    let l = Int(p?["line"]?.intValue ?? 0), c = Int(p?["character"]?.intValue ?? 0)
    var lineStart = text.startIndex
    var line = 0
    var i = text.startIndex
    while line < l && i < text.endIndex {
        let ch = text[i]
        i = text.index(after: i)
        if ch == "\n" || ch == "\r\n" || ch == "\r" { line += 1; lineStart = i }
    }
    var idx = lineStart
    var acc = 0
    let us = text.unicodeScalars
    var u = lineStart
    while acc < c && u < text.endIndex {
        let sc = us[u]
        if sc == "\n" || sc == "\r" { break }
        acc += e == .utf8 ? String(sc).utf8.count : (e == .utf16 ? String(sc).utf16.count : 1)
        u = us.index(after: u)
        idx = u
    }
    return idx
}

/// The text a range covers.
func text(in r: JSONValue?, of text: String, _ e: Enc) -> String {
    let s = stringIndex(r?["start"], in: text, e), t = stringIndex(r?["end"], in: text, e)
    return s <= t ? String(text.unicodeScalars[s..<t]) : ""
}

/// The position of the first occurrence of `needle` (after `after`, if given), in encoding `e`.
func position(of needle: String, in text: String, _ e: Enc, after: String? = nil) -> (line: Int, character: Int)? {
    var from = text.startIndex
    if let after, let r = text.range(of: after) { from = r.upperBound }
    guard let r = text.range(of: needle, range: from..<text.endIndex) else { return nil }
    let before = text[text.startIndex..<r.lowerBound]
    let lines = splitLines(String(before))
    return (lines.count - 1, units(lines.last!, e))
}

/// Applies LSP text edits (non-overlapping) to a text.
func applyLSPEdits(_ edits: [JSONValue], to text: String, _ e: Enc) -> String {
    var us = Array(text.unicodeScalars)
    let sorted = edits.sorted {
        let a = $0["range"]?["start"], b = $1["range"]?["start"]
        return (a?["line"]?.intValue ?? 0, a?["character"]?.intValue ?? 0) > (
            b?["line"]?.intValue ?? 0, b?["character"]?.intValue ?? 0
        )
    }
    for ed in sorted {
        let cur = String(String.UnicodeScalarView(us))
        let s = cur.unicodeScalars.distance(from: cur.startIndex, to: stringIndex(ed["range"]?["start"], in: cur, e))
        let t = cur.unicodeScalars.distance(from: cur.startIndex, to: stringIndex(ed["range"]?["end"], in: cur, e))
        us.replaceSubrange(s..<t, with: Array((ed["newText"]?.stringValue ?? "").unicodeScalars))
    }
    return String(String.UnicodeScalarView(us))
}

/// A temporary folder (a fake repository root, with `.git`), removed by `cleanup()`.
final class TempFolder {
    let url: URL
    var path: String { url.path }
    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("layoutlint-lsp-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(
            at: url.appendingPathComponent(".git"), withIntermediateDirectories: true)
    }
    @discardableResult func write(_ name: String, _ text: String) -> String {
        let u = url.appendingPathComponent(name)
        try! FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: u)
        return u.path
    }
    func uri(_ name: String) -> String { "file://" + url.appendingPathComponent(name).path }
    func cleanup() { try? FileManager.default.removeItem(at: url) }
}
