// The server's handlers in process: `runLanguageServer` on a pipe (input) and a temporary file (output).
import Foundation
import PlainJSON
import JSONRPC
import LayoutLintServer
import Testing

/// Runs the server over a scripted input; returns the exit code and every message it wrote.
func runScripted(_ messages: [JSONValue]) -> (code: Int32, output: [JSONValue]) {
    var fds: [Int32] = [0, 0]
    precondition(pipe(&fds) == 0)
    let input = messages.flatMap { RPC.frame($0) }
    // Small scripts fit in the pipe's buffer, so write everything, then close: the server sees EOF after them.
    precondition(input.count < 60_000)
    _ = input.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
    close(fds[1])
    let outURL = FileManager.default.temporaryDirectory.appendingPathComponent(
        "layoutlint-inprocess-\(UUID().uuidString)")
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: outURL) }
    let out = open(outURL.path, O_WRONLY)
    let code = runLanguageServer(input: fds[0], output: out)
    close(out)
    close(fds[0])
    var framer = MessageFramer()
    let bytes = Array((try? Data(contentsOf: outURL)) ?? Data())
    let values = framer.feed(bytes).compactMap { e -> JSONValue? in
        if case .frame(let b) = e { return try? JSONValue.parse(b) }
        return nil
    }
    return (code, values)
}

@Suite struct InProcessTests {
    @Test func scriptedSession() {
        let uri = "file:///tmp/inprocess.layout.json"
        let (code, out) = runScripted([
            RPC.request(id: .int(1), "textDocument/hover", tdp(uri, 0, 0)),
            RPC.request(
                id: .int(2), "initialize", J(#"{"capabilities":{"general":{"positionEncodings":["utf-32","utf-16"]}}}"#)
            ),
            RPC.notification("initialized", .object([])),
            RPC.notification(
                "textDocument/didOpen",
                .object([
                    (
                        "textDocument",
                        .object([
                            ("uri", .string(uri)), ("languageId", .string("json")), ("version", .int(5)),
                            ("text", .string(gridDoc)),
                        ])
                    )
                ])),
            RPC.request(id: .string("h"), "textDocument/hover", tdp(uri, 10, 20)),
            RPC.request(id: .int(3), "textDocument/documentSymbol", .object([("textDocument", docID(uri))])),
            RPC.request(id: .int(4), "shutdown", nil),
            RPC.notification("exit", .object([])),
        ])
        #expect(code == 0)
        func reply(_ id: JSONValue) -> JSONValue? { out.first { $0["id"] == id } }
        #expect(reply(.int(1))?["error"]?["code"] == .int(-32002))
        #expect(reply(.int(2))?["result"]?["capabilities"]?["positionEncoding"] == .string("utf-32"))
        #expect(reply(.string("h"))?["result"]?["contents"]?["value"]?.stringValue?.contains("390×130") == true)
        // (This client declares no hierarchical symbols: the flat list, the three top-level ones without a container.)
        let symbols = reply(.int(3))?["result"]?.arrayValue ?? []
        #expect(
            symbols.filter { $0["containerName"] == nil }.count == 3 && symbols.allSatisfy { $0["location"] != nil })
        #expect(reply(.int(4))?["result"] == .null)
        // Nothing but protocol on the output; the document's diagnostics were never due (exit came first) or came with version 5.
        for m in out where m["method"]?.stringValue == "textDocument/publishDiagnostics" {
            #expect(m["params"]?["version"] == .int(5))
        }
    }

    /// A document with more diagnostics than a document lists: the server publishes the first 10 000 and the
    /// `too-many-problems` that counts the rest (it used to cut the list at 10 000 without a word).
    @Test func aListPastTheLimitEndsWithTheNotice() throws {
        let uri = "file:///tmp/inprocess-many.layout.json"
        let text = "{\"sections\": [" + String(repeating: "1,", count: 10_050) + "1]}"
        let (code, out) = runScripted([
            RPC.request(id: .int(1), "initialize", J(#"{"capabilities":{}}"#)),
            RPC.notification("initialized", .object([])),
            RPC.notification(
                "textDocument/didOpen",
                .object([
                    (
                        "textDocument",
                        .object([
                            ("uri", .string(uri)), ("languageId", .string("json")), ("version", .int(1)),
                            ("text", .string(text)),
                        ])
                    )
                ])),
            RPC.request(id: .int(2), "textDocument/diagnostic", .object([("textDocument", docID(uri))])),
            RPC.request(id: .int(3), "shutdown", nil),
            RPC.notification("exit", .object([])),
        ])
        #expect(code == 0)
        let items = try #require(out.first { $0["id"] == .int(2) }?["result"]?["items"]?.arrayValue)
        #expect(items.count == 10_001)
        #expect(items.last?["code"] == .string("too-many-problems"))
        #expect(
            items.last?["message"]?.stringValue?.hasPrefix("51 more problems") == true,
            "\(String(describing: items.last))")
    }

    @Test func endOfInputWithoutShutdown() {
        let (code, out) = runScripted([RPC.request(id: .int(1), "initialize", J(#"{"capabilities":{}}"#))])
        #expect(code == 1)
        #expect(out.count == 1)
    }
}
