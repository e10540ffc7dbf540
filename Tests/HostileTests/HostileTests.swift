// Hostile input: frames, bodies, params and documents that a broken or malicious client could send, for `serve`
// over real pipes and for `lint`. After every case the server must still answer a valid request correctly
// (`proveAlive`). FaultTests.swift has the faults, SecurityTests.swift the security guards.
import Foundation
import PlainJSON
import JSONRPC
import LayoutLintServer
import Testing

// MARK: framing and bodies

struct RawCase: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    /// The JSON-RPC error code the server must answer with (for bodies that are read as one message).
    var errorCode: Int? = nil
    var testDescription: String { name }
}

func nested(_ depth: Int) -> [UInt8] {
    Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
}

let rawCases: [RawCase] = [
    RawCase(
        name: "truncated frame (10 of 100 bytes)", bytes: bytes("Content-Length: 100\r\n\r\n{\"jsonrpc\""),
        errorCode: -32700),
    RawCase(name: "header without body", bytes: bytes("Content-Length: 40\r\n\r\n")),
    RawCase(name: "negative Content-Length", bytes: bytes("Content-Length: -5\r\n\r\n{}")),
    RawCase(
        name: "Content-Length of 40 digits",
        bytes: bytes("Content-Length: 9999999999999999999999999999999999999999\r\n\r\n")),
    RawCase(name: "Content-Length over the limit, then no body", bytes: bytes("Content-Length: 9999999999\r\n\r\n")),
    RawCase(name: "non-numeric Content-Length", bytes: bytes("Content-Length: abc\r\n\r\n{}")),
    RawCase(name: "Content-Length with trailing junk", bytes: bytes("Content-Length: 12abc\r\n\r\n{}")),
    RawCase(name: "Content-Length 1e3", bytes: bytes("Content-Length: 1e3\r\n\r\n{}")),
    RawCase(
        name: "no Content-Length", bytes: bytes("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}")),
    RawCase(name: "two different Content-Lengths", bytes: bytes("Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}")),
    RawCase(
        name: "invalid UTF-8 in a header",
        bytes: [0xFF, 0xFE] + bytes("Content-Length: 2\r\nX-\u{1}: \u{7f}") + [0xC3, 0x28] + bytes("\r\n\r\n{}")),
    RawCase(name: "NUL bytes in a header", bytes: bytes("Content-Length: 2\0\r\n\0\r\n\r\n{}")),
    RawCase(
        name: "a 100 kB header line",
        bytes: bytes("X-Junk: ") + Array(repeating: UInt8(ascii: "x"), count: 100_000) + bytes("\r\n\r\n")),
    RawCase(
        name: "64 kB of binary garbage",
        bytes: (0..<65_536).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }),
    RawCase(name: "only line breaks", bytes: bytes(String(repeating: "\r\n", count: 5000))),
    RawCase(
        name: "unsupported charset",
        bytes: framedWithType("latin1", bytes(#"{"jsonrpc":"2.0","id":"cs","method":"layoutlint/stats"}"#))),
    RawCase(name: "body that is not JSON", bytes: framed("hello, world"), errorCode: -32700),
    RawCase(
        name: "body with invalid UTF-8",
        bytes: framed(
            bytes(#"{"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":{"x":""#) + [0xFF, 0xC0, 0x80]
                + bytes("\"}}"))),
    RawCase(name: "body with NUL bytes", bytes: framed(bytes("{\"jsonrpc\":\"2.0\",\0\"id\":8}"))),
    RawCase(name: "empty body", bytes: framed("")),
    RawCase(name: "body: a number", bytes: framed("42"), errorCode: -32600),
    RawCase(name: "body: a string", bytes: framed("\"initialize\""), errorCode: -32600),
    RawCase(name: "body: null", bytes: framed("null"), errorCode: -32600),
    RawCase(name: "body: true", bytes: framed("true"), errorCode: -32600),
    RawCase(name: "body: an empty batch", bytes: framed("[]"), errorCode: -32600),
    RawCase(name: "body: a batch of scalars", bytes: framed("[1, \"a\", null, {}]")),
    RawCase(name: "body: 100 000 nested arrays", bytes: framed(nested(100_000))),
    RawCase(
        name: "body: 100 000 nested objects",
        bytes: framed(
            Array(String(repeating: "{\"a\":", count: 100_000).utf8)
                + Array(repeating: UInt8(ascii: "}"), count: 100_000))),
    RawCase(
        name: "body: jsonrpc 1.0", bytes: framed(#"{"jsonrpc":"1.0","id":1,"method":"layoutlint/stats"}"#),
        errorCode: -32600),
    RawCase(
        name: "body: id is an object", bytes: framed(#"{"jsonrpc":"2.0","id":{"a":1},"method":"layoutlint/stats"}"#),
        errorCode: -32600),
    RawCase(name: "body: id 1e999", bytes: framed(#"{"jsonrpc":"2.0","id":1e999,"method":"layoutlint/stats"}"#)),
    RawCase(
        name: "body: method is a number", bytes: framed(#"{"jsonrpc":"2.0","id":2,"method":42}"#), errorCode: -32600),
    RawCase(
        name: "body: params is a string",
        bytes: framed(#"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":"x"}"#), errorCode: -32600),
    RawCase(
        name: "body: a response to nothing", bytes: framed(#"{"jsonrpc":"2.0","id":"nobody","result":{"a":[1,2]}}"#)),
    RawCase(
        name: "body: an unknown method", bytes: framed(#"{"jsonrpc":"2.0","id":"u","method":"no/such/method"}"#),
        errorCode: -32601),
    RawCase(
        name: "body: executeCommand of an unknown command",
        bytes: framed(
            #"{"jsonrpc":"2.0","id":"x","method":"workspace/executeCommand","params":{"command":"rm -rf /","arguments":[1]}}"#
        ), errorCode: -32602),
    RawCase(
        name: "body: huge numbers everywhere",
        bytes: framed(
            #"{"jsonrpc":"2.0","id":4,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///tmp/layoutlint-hostile-probe.layout.json"},"position":{"line":1e999,"character":-1e999}}}"#
        )),
    RawCase(name: "a 50 MB string", bytes: fiftyMegabyteOpen()),
]

func framedWithType(_ charset: String, _ body: [UInt8]) -> [UInt8] {
    bytes("Content-Length: \(body.count)\r\nContent-Type: application/vscode-jsonrpc; charset=\(charset)\r\n\r\n")
        + body
}

/// didOpen of a document that is one 50 MB string (over the server's document limit: a diagnostic, not a crash).
func fiftyMegabyteOpen() -> [UInt8] {
    var text = bytes(
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/hostile-50mb.layout.json","languageId":"json","version":1,"text":"{\"sections\": \""#
    )
    text += Array(repeating: UInt8(ascii: "a"), count: 50 * 1024 * 1024)
    text += bytes(#"\"}"}}}"#)
    return framed(text)
}

@Suite struct HostileFramingTests {
    @Test(arguments: rawCases)
    func rawInput(_ c: RawCase) {
        let s = HostileServer()
        s.sendRaw(c.bytes)
        guard s.proveAlive() else { return } // (recorded; the process is killed when `s` goes)
        if let code = c.errorCode {
            // (A truncated body is completed by the next message's bytes, so its error may come after the probe.)
            let e = s.waitFor(timeout: 5) { $0["error"] != nil }
            #expect(
                e?["error"]?["code"]?.intValue == Int64(code), "\(c.name): \(e?.serialized() ?? "no error response")")
        }
        if c.name == "a 50 MB string" {
            let r = s.request(
                "textDocument/diagnostic", JV(#"{"textDocument":{"uri":"file:///tmp/hostile-50mb.layout.json"}}"#),
                timeout: 20)
            let msgs = r?["result"]?["items"]?.arrayValue?.compactMap { $0["message"]?.stringValue } ?? []
            #expect(
                msgs.contains { $0.contains("MB") }, "50 MB document: \(r?.serialized().prefix(500) ?? "no response")")
        }
        s.shutdownCleanly()
    }
}

// MARK: wrong types in every param of every method

let otherURI = "file:///tmp/layoutlint-hostile-other.layout.json"
/// Every request the server declares (its table of methods), but the lifecycle's: a method added there is probed here.
let requestMethods = LanguageServerMethods.requests.filter { !LanguageServerMethods.lifecycle.contains($0) }

let badRequestParams: [String] = [
    #"[]"#,
    #"[1, "two"]"#,
    #"{}"#,
    #"{"textDocument": 5}"#,
    #"{"textDocument": {"uri": 5}}"#,
    #"{"textDocument": {"uri": null}, "position": {"line": 0, "character": 0}}"#,
    #"{"textDocument": {"uri": "file:///tmp/layoutlint-hostile-probe.layout.json"}, "position": "here"}"#,
    #"{"textDocument": {"uri": "file:///tmp/layoutlint-hostile-probe.layout.json"}, "position": {"line": "1", "character": null}}"#,
    #"{"textDocument": {"uri": "file:///tmp/layoutlint-hostile-probe.layout.json"}, "position": {"line": -1, "character": 1e999}}"#,
    #"{"textDocument": {"uri": "file:///tmp/layoutlint-hostile-probe.layout.json"}, "position": {"line": 9007199254740993, "character": -9223372036854775808}}"#,
    #"{"textDocument": {"uri": "file:///tmp/layoutlint-hostile-probe.layout.json"}, "range": {"start": 1, "end": [1]}, "context": "x", "newName": 5, "previousResultId": {}}"#,
    #"{"textDocument": {"uri": "file:///tmp/layoutlint-hostile-probe.layout.json"}, "range": {"start": {"line": 9, "character": 0}, "end": {"line": 0, "character": 0}}, "position": {"line": 1e300, "character": 1e300}, "newName": "", "context": {"diagnostics": "x", "only": 5}}"#,
    #"{"textDocument": {"uri": "file:///tmp/layoutlint-hostile-probe.layout.json"}, "position": {"line": 3, "character": 13}, "newName": "\u0000\"}{", "context": {"includeDeclaration": "yes", "diagnostics": [{"range": 5, "code": {}}], "only": [1, null]}}"#,
    #"{"textDocument": {"uri": "file:///tmp/layoutlint-hostile-probe.layout.json"}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 99999, "character": 99999}}, "position": {"line": 3, "character": 13}, "newName": "b", "context": {"diagnostics": [], "triggerKind": "x", "triggerCharacter": 7}}"#,
]

@Suite struct HostileParamsTests {
    @Test(arguments: requestMethods)
    func wrongTypesInRequest(_ method: String) {
        let s = HostileServer()
        for p in badRequestParams {
            let r = s.request(method, JV(p))
            #expect(r != nil, "\(method) \(p): no response")
            if let e = r?["error"] {
                let code = e["code"]?.intValue ?? 0
                #expect(
                    [-32602, -32600, -32601, -32800, -32801, -32803].contains(code), "\(method) \(p): \(e.serialized())"
                )
            } else {
                #expect(r?["result"] != nil, "\(method) \(p): \(r?.serialized() ?? "")")
            }
        }
        s.proveAlive()
        s.shutdownCleanly()
    }

    static let notificationCases: [(String, [String])] = [
        (
            "textDocument/didOpen",
            [
                #"[]"#, #"{"textDocument": 5}"#, #"{"textDocument": {"uri": 5, "text": "{}"}}"#,
                #"{"textDocument": {"uri": "file:///tmp/layoutlint-hostile-other.layout.json", "text": 5, "version": "1"}}"#,
                #"{"textDocument": {"uri": "file:///tmp/layoutlint-hostile-other.layout.json", "text": "{", "version": 1e999}}"#,
            ]
        ),
        (
            "textDocument/didChange",
            [
                #"[]"#,
                #"{"textDocument": {"uri": "file:///tmp/layoutlint-hostile-other.layout.json"}, "contentChanges": "x"}"#,
                #"{"textDocument": {"uri": "file:///tmp/layoutlint-hostile-other.layout.json", "version": "2"}, "contentChanges": [5, null, {"text": 5}, {"range": "r", "text": "x"}]}"#,
                #"{"textDocument": {"uri": "file:///tmp/layoutlint-hostile-other.layout.json", "version": 3}, "contentChanges": [{"range": {"start": {"line": -5, "character": -5}, "end": {"line": 1e999, "character": 1e999}}, "text": "{}"}]}"#,
                #"{"textDocument": {"uri": "file:///tmp/layoutlint-hostile-other.layout.json", "version": 4}, "contentChanges": [{"range": {"start": {"line": 100, "character": 3}, "end": {"line": 0, "character": 0}}, "text": "[\"\u0000\"]"}]}"#,
            ]
        ),
        (
            "textDocument/didSave",
            [
                #"[]"#, #"{"textDocument": 5}"#,
                #"{"textDocument": {"uri": "file:///tmp/layoutlint-hostile-other.layout.json"}, "text": 5}"#,
                #"{"textDocument": {"uri": "file:///tmp/layoutlint-hostile-other.layout.json"}, "text": "{\"sections\": 7}"}"#,
            ]
        ),
        (
            "textDocument/didClose",
            [
                #"[]"#, #"{"textDocument": [1]}"#, #"{"textDocument": {"uri": {}}}"#,
                #"{"textDocument": {"uri": "file:///tmp/never-opened"}}"#,
            ]
        ),
        ("$/cancelRequest", [#"[]"#, #"{"id": {}}"#, #"{"id": [1]}"#, #"{"id": 1e999}"#, #"{"id": null}"#, #"{}"#]),
        ("workspace/didChangeWatchedFiles", [#"[]"#, #"{"changes": 5}"#, #"{"changes": [{"uri": 5, "type": "x"}]}"#]),
        ("workspace/didChangeConfiguration", [#"[]"#, #"{"settings": [1, {"a": null}]}"#]),
        ("initialized", [#"[]"#, #"{"x": 1e999}"#]),
    ]

    @Test(arguments: notificationCases.map(\.0))
    func wrongTypesInNotification(_ method: String) {
        let s = HostileServer()
        s.open(otherURI, "{ \"sections\": [] }")
        for p in Self.notificationCases.first(where: { $0.0 == method })!.1 { s.notify(method, JV(p)) }
        s.proveAlive()
        // The other document, if still open, is still linted.
        let r = s.request("textDocument/diagnostic", .object([("textDocument", .object([("uri", .string(otherURI))]))]))
        #expect(r?["result"]?["items"]?.arrayValue != nil, "\(r?.serialized() ?? "no response")")
        s.shutdownCleanly()
    }

    static let badInitialize = [
        #"[]"#, #"{"capabilities": 5}"#,
        #"{"capabilities": {"general": {"positionEncodings": "utf-8"}}, "rootUri": 5}"#,
        #"{"capabilities": {"textDocument": [], "workspace": "x"}, "rootPath": {}}"#,
        #"{"processId": "x", "capabilities": {"general": {"positionEncodings": [1, null, {}, "utf-99"]}}, "rootUri": "file:///\u0000"}"#,
    ]

    @Test(arguments: badInitialize)
    func wrongTypesInInitialize(_ params: String) {
        let s = HostileServer(initialize: false)
        let r = s.request("initialize", JV(params))
        #expect(
            r?["result"]?["capabilities"] != nil || r?["error"]?["code"]?.intValue == -32602,
            "\(r?.serialized() ?? "no response")")
        if r?["result"] == nil { _ = s.request("initialize", JV(#"{"capabilities":{}}"#)) }
        s.notify("initialized", .object([]))
        s.open(probeURI, probeDoc)
        s.proveAlive()
        s.shutdownCleanly()
    }

    @Test func wrongTypesInShutdown() {
        let s = HostileServer()
        let r = s.request("shutdown", JV(#"[1, {"force": "yes"}]"#))
        #expect(r?["result"] == .null && r?["error"] == nil, "\(r?.serialized() ?? "no response")")
        // After shutdown only exit is accepted; requests get an error, not silence.
        #expect(s.request("layoutlint/stats", nil)?["error"]?["code"]?.intValue == -32600)
        s.notify("exit", JV(#"{"code": "now"}"#))
        #expect(s.waitForExit() == 0)
    }
}

// MARK: hostile documents, for `serve` and `lint`

struct DocCase: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    /// A rule the diagnostics must include (nil: any outcome but a crash).
    var rule: String?
    var messageContains: String? = nil
    var testDescription: String { name }
}

func fanOut(_ levels: Int) -> String {
    var defs: [String] = []
    for i in 0..<levels {
        defs.append(
            "\"d\(i)\": { \"direction\": \"horizontal\", \"width\": \"fractionalWidth(1)\", \"height\": \"absolute(10)\", \"subitems\": [{ \"$ref\": \"#/definitions/d\(i + 1)\" }, { \"$ref\": \"#/definitions/d\(i + 1)\" }] }"
        )
    }
    defs.append("\"d\(levels)\": { \"width\": \"absolute(1)\", \"height\": \"absolute(1)\" }")
    return
        "{ \"definitions\": { \(defs.joined(separator: ",\n")) }, \"sections\": [{ \"name\": \"s\", \"group\": { \"$ref\": \"#/definitions/d0\" } }] }"
}

let section =
    #"{ "name": "s", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }] } }"#

let docCases: [DocCase] = [
    DocCase(name: "100 000 nested arrays", bytes: bytes("{\"sections\": ") + nested(100_000) + bytes("}"), rule: nil),
    DocCase(
        name: "100 000 unclosed objects", bytes: Array(String(repeating: "{\"a\": ", count: 100_000).utf8),
        rule: "syntax"),
    DocCase(
        name: "numbers like 1e999",
        bytes: bytes(
            #"{"sections": [{"name": "a", "group": {"direction": "horizontal", "width": "absolute(1e999)", "height": 1e999, "count": 1e999, "interItemSpacing": -1e999, "subitems": [{"width": "fractionalWidth(-1e999)", "height": "absolute(1e-999)"}]}}]}"#
        ), rule: nil),
    DocCase(
        name: "NUL bytes (a binary file)", bytes: bytes("{\"sections\": [\0\0\0]}"), rule: "syntax",
        messageContains: "binary"),
    DocCase(
        name: "random binary content",
        bytes: (0..<20_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_246_822_519) >> 7) | 1 }, rule: "syntax"),
    DocCase(
        name: "invalid UTF-8 in strings and keys",
        bytes: bytes("{\"sections\": [{\"name\": \"") + [0xFF, 0xFE, 0xC3] + bytes("\", \"") + [0xED, 0xA0, 0x80]
            + bytes("\": 1}]}"), rule: nil),
    DocCase(
        name: "a document that references itself",
        bytes: bytes(##"{"$ref": "#", "sections": [{"name": "a", "group": {"$ref": "#/sections/0/group"}}]}"##),
        rule: "ref-cycle"),
    DocCase(
        name: "definitions that reference each other",
        bytes: bytes(
            ##"{"definitions": {"a": {"$ref": "#/definitions/b"}, "b": {"$ref": "#/definitions/a"}}, "sections": [{"name": "s", "group": {"$ref": "#/definitions/a"}}]}"##
        ), rule: "ref-cycle"),
    DocCase(
        name: "$ref to /etc/passwd", bytes: bytes(#"{"sections": [{"name": "s", "group": {"$ref": "/etc/passwd"}}]}"#),
        rule: "unresolved-ref", messageContains: "never opens files"),
    DocCase(
        name: "$ref to file:///etc/passwd",
        bytes: bytes(#"{"sections": [{"name": "s", "group": {"$ref": "file:///etc/passwd#/x"}}]}"#),
        rule: "unresolved-ref", messageContains: "never opens files"),
    DocCase(
        name: "$ref to an http URL",
        bytes: bytes(
            #"{"sections": [{"name": "s", "group": {"$ref": "http://127.0.0.1:9/layout.json#/definitions/a"}}]}"#),
        rule: "unresolved-ref", messageContains: "never opens files"),
    DocCase(name: "$ref fan-out 2^40", bytes: bytes(fanOut(40)), rule: nil),
    DocCase(name: "empty file", bytes: [], rule: nil),
    DocCase(name: "only comments and a BOM", bytes: [0xEF, 0xBB, 0xBF] + bytes("// nothing\n/* here */"), rule: nil),
    DocCase(
        name: "a count of 10^12",
        bytes: bytes(
            #"{"sections": [{"name": "s", "group": {"direction": "horizontal", "width": "absolute(1)", "height": "absolute(1)", "count": 1000000000000, "subitem": {"width": "absolute(0.0001)", "height": "absolute(1)"}}}]}"#
        ), rule: nil),
    DocCase(
        name: "1000 environments",
        bytes: bytes(
            "{\"environments\": ["
                + (0..<1000).map { "{\"name\": \"e\($0)\", \"width\": \($0 + 1), \"height\": 800}" }.joined(
                    separator: ",") + "], \"sections\": [\(section)]}"), rule: nil),
    DocCase(
        name: "5000 sections",
        bytes: bytes("{\"sections\": [" + Array(repeating: section, count: 5000).joined(separator: ",") + "]}"),
        rule: nil),
    DocCase(name: "lone CRs and mixed line ends", bytes: bytes("{\r\"sections\": [\r\n\(section)\n\r,]\r}"), rule: nil),
    DocCase(
        name: "a line of 1 MB",
        bytes: bytes("{\"sections\": [\(section)], \"x\": \"" + String(repeating: "é", count: 500_000) + "\"}"),
        rule: "unknown-property"),
]

@Suite struct HostileDocumentTests {
    @Test(arguments: docCases)
    func lintCLI(_ c: DocCase) {
        let t = HostileTemp()
        defer { t.cleanup() }
        let path = t.write("hostile.layout.json", c.bytes)
        let r = runCLI(["lint", "--format", "json", path])
        #expect(
            !r.signaled && !r.timedOut && (0...2).contains(r.code),
            "\(c.name): exit \(r.code) signaled \(r.signaled) timedOut \(r.timedOut)\n\(r.stderr.prefix(1500))")
        #expect(
            r.json != nil,
            "\(c.name): the JSON report does not parse: \(String(decoding: r.stdout.prefix(300), as: UTF8.self))")
        if let rule = c.rule {
            let ds = r.diagnostics.filter { ($0["rule"] as? String) == rule }
            #expect(!ds.isEmpty, "\(c.name): no \(rule) in \(r.diagnostics.map { $0["rule"] ?? "" })")
            if let m = c.messageContains {
                #expect(ds.contains { ($0["message"] as? String)?.contains(m) == true }, "\(c.name): \(ds)")
            }
        }
    }

    @Test(arguments: docCases)
    func serve(_ c: DocCase) {
        let s = HostileServer()
        let uri = "file:///tmp/layoutlint-hostile-doc.layout.json"
        // The text goes in a JSON string: invalid UTF-8 is repaired by the client (as editors do).
        s.open(uri, String(decoding: c.bytes, as: UTF8.self))
        let r = s.request(
            "textDocument/diagnostic", .object([("textDocument", .object([("uri", .string(uri))]))]), timeout: 20)
        let items = r?["result"]?["items"]?.arrayValue
        #expect(items != nil, "\(c.name): \(r?.serialized().prefix(300) ?? "no response")")
        if let rule = c.rule {
            let ds = (items ?? []).filter { $0["code"]?.stringValue == rule }
            #expect(
                !ds.isEmpty || (rule == "syntax" && c.bytes.contains(0) == false && c.name.contains("binary")),
                "\(c.name): no \(rule) in \((items ?? []).compactMap { $0["code"]?.stringValue })")
            if let m = c.messageContains, !c.bytes.contains(0) {
                #expect(
                    ds.contains { $0["message"]?.stringValue?.contains(m) == true },
                    "\(c.name): \(ds.map { $0.serialized() })")
            }
        }
        // Hover, symbols and hints on the hostile document answer (anything but a crash or an internal error).
        for (m, p) in [
            ("textDocument/hover", #"{"position": {"line": 0, "character": 5}}"#),
            ("textDocument/documentSymbol", "{}"), ("textDocument/documentLink", "{}"),
            ("textDocument/completion", #"{"position": {"line": 0, "character": 1}}"#),
            (
                "textDocument/inlayHint",
                #"{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 100000, "character": 0}}}"#
            ),
            (
                "textDocument/codeAction",
                #"{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 3}}, "context": {"diagnostics": []}}"#
            ),
        ] {
            guard case .object(var o) = JV(p) else { continue }
            o.append(("textDocument", .object([("uri", .string(uri))])))
            let a = s.request(m, .object(o), timeout: 20)
            #expect(a?["result"] != nil, "\(c.name) \(m): \(a?.serialized().prefix(300) ?? "no response")")
        }
        s.proveAlive()
        s.shutdownCleanly()
    }
}

@Suite struct HostileFramerUnitTests {
    /// A header that announces more than the limit and then sends no such body must not make the framer ignore the
    /// rest of the session: the next well-formed message is still read (regression test for the serve case
    /// "Content-Length over the limit, then no body").
    @Test func oversizedLengthThenAValidMessage() {
        var f = MessageFramer(maxMessageSize: 1024)
        let valid = framed(#"{"jsonrpc":"2.0","id":1,"method":"layoutlint/stats"}"#)
        let events = f.feed(bytes("Content-Length: 9999999999\r\n\r\n") + valid)
        let frames = events.compactMap { e -> [UInt8]? in
            if case .frame(let b) = e { return b }; return nil
        }
        #expect(frames.count == 1, "events: \(events)")
    }

    /// Feeding any bytes in chunks gives the same events as feeding them at once (the fuzz target's property, on
    /// the hostile frames of this suite).
    @Test(arguments: rawCases.filter { $0.bytes.count < 200_000 })
    func chunkedEqualsWhole(_ c: RawCase) {
        var whole = MessageFramer(maxMessageSize: 4096)
        let all = whole.feed(c.bytes) + whole.finish()
        var chunked = MessageFramer(maxMessageSize: 4096)
        var events: [FramerEvent] = []
        var i = 0
        while i < c.bytes.count {
            let n = min(c.bytes.count - i, 1 + (i * 7) % 13)
            events += chunked.feed(Array(c.bytes[i..<(i + n)]))
            #expect(chunked.bufferedByteCount <= 4096 + chunked.maxHeaderSize + 1)
            i += n
        }
        events += chunked.finish()
        #expect(events == all)
    }

    /// The server reads every message with one json-c tokener, reset between messages: a body that stops json-c
    /// half-way (inside a string, an escape, a number, past the shallow depth, on invalid UTF-8) must leave nothing
    /// behind. The request after it is read exactly as it is alone, and the broken body gets the same error whatever
    /// came before it.
    @Test func aBrokenBodyLeavesNothingForTheNextMessage() {
        let request =
            #"{"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":{"position":{"line":1,"character":2},"s":"é\u00e9"}}"#
        let broken: [[UInt8]] = [
            bytes(#"{"jsonrpc":"2.0","id":1,"method":"ab"#), bytes(#"{"a":"\u12"#), bytes(#"{"a":[1,2,-"#),
            bytes(#"{"a":tru"#), bytes(#"{"a":1}}"#), bytes(#"{"a":"x"} trailing"#),
            [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC3, 0x22, 0x7D], bytes(String(repeating: "[", count: 40)),
            bytes(String(repeating: "[", count: 40) + String(repeating: "]", count: 40)), bytes(#"{"a":1"#), bytes("1"),
            [],
        ]
        func describe(_ d: DecodedBody) -> String {
            switch d {
            case .parseError(let m): return "parse error: \(m)"
            case .single(let it): return "single: \(describe(it))"
            case .batch(let its): return "batch: " + its.map(describe).joined(separator: ", ")
            }
        }
        func describe(_ it: DecodedItem) -> String {
            switch it {
            case .invalid(let id, let code, let message): return "invalid \(id.serialized()) \(code) \(message)"
            case .message(let m): return "\(m.method ?? "response") \(m.params?.serialized() ?? "-")"
            }
        }
        let alone = describe(decodeBody(bytes(request)))
        #expect(alone.hasPrefix("single: textDocument/hover {"), "\(alone)")
        for b in broken {
            let first = describe(decodeBody(b))
            #expect(describe(decodeBody(bytes(request))) == alone, "after \(String(decoding: b, as: UTF8.self))")
            _ = decodeBody(bytes(#"{"jsonrpc":"2.0","method":"x","params":{"deep":[[[[[[[[1]]]]]]]]}"#))
            #expect(
                describe(decodeBody(b)) == first,
                "\(String(decoding: b, as: UTF8.self)) read differently the second time")
        }
    }
}
