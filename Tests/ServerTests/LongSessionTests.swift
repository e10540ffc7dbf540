// Long-session behaviour of the server (review C): what it retains per document, how much work one message costs.
import Foundation
import JSONC
import JSONRPC
import LayoutLintServer
import Testing

func openMessage(_ uri: String, _ text: String, version: Int = 1) -> JSONValue {
    RPC.notification("textDocument/didOpen", .object([("textDocument", .object([
        ("uri", .string(uri)), ("languageId", .string("json")), ("version", .int(Int64(version))), ("text", .string(text)),
    ]))]))
}

let initializeMessage = RPC.request(id: .string("init"), "initialize", J(#"{"capabilities":{}}"#))

@Suite struct LongSessionTests {
    /// Review C finding 1: every document ever queried kept its whole lint result (~60× its text). Only the document
    /// last queried may hold one.
    @Test func onlyTheLastQueriedDocumentHoldsAFullResult() {
        let a = "file:///tmp/long-a.layout.json", b = "file:///tmp/long-b.layout.json"
        let (code, out) = runScripted([
            initializeMessage, RPC.notification("initialized", .object([])),
            openMessage(a, gridDoc), openMessage(b, gridDoc),
            RPC.request(id: .int(1), "textDocument/hover", tdp(a, 10, 20)),
            RPC.request(id: .int(2), "layoutlint/stats", nil),
            RPC.request(id: .int(3), "textDocument/hover", tdp(b, 10, 20)),
            RPC.request(id: .int(4), "layoutlint/stats", nil),
            RPC.request(id: .int(5), "textDocument/definition", tdp(a, 10, 20)),
            RPC.request(id: .int(6), "textDocument/completion", tdp(a, 10, 20)),
            RPC.request(id: .int(7), "layoutlint/stats", nil),
            RPC.notification("textDocument/didClose", .object([("textDocument", docID(a))])),
            RPC.request(id: .int(8), "layoutlint/stats", nil),
            RPC.request(id: .int(9), "shutdown", nil),
            RPC.notification("exit", .object([])),
        ])
        #expect(code == 0)
        func reply(_ id: Int) -> JSONValue? { out.first { $0["id"] == .int(Int64(id)) }?["result"] }
        func holding(_ id: Int) -> [String] {
            (reply(id)?["perDocument"]?.arrayValue ?? []).filter { $0["fullResult"] == .bool(true) }.compactMap { $0["uri"]?.stringValue }
        }
        #expect(reply(1)?["contents"] != nil)
        #expect(reply(3)?["contents"] != nil)
        #expect(holding(2) == [a])
        #expect(reply(2)?["fullResults"] == .int(1))
        #expect(holding(4) == [b])
        #expect(reply(4)?["fullResults"] == .int(1))
        #expect(holding(7) == [a])
        #expect(reply(8)?["fullResults"] == .int(0))
        #expect(reply(8)?["documents"] == .int(1))
    }
}
