// End-to-end: the real `layoutlint serve` over pipes, every capability.
import Foundation
import PlainJSON
import JSONRPC
import LSPProtocol
import Testing
import TestSupport

let gridDoc = """
    {
      "environments": ["iPhone 12"],
      "definitions": {
        "cell": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }
      },
      "sections": [
        {
          "name": "grid",
          "group": {
            "direction": "horizontal",
            "width": "fractionalWidth(1)",
            "height": "fractionalWidth(1/3)",
            "subitem": { "$ref": "#/definitions/cell" },
            "count": 3
          }
        },
        {
          "name": "list",
          "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)",
                     "subitems": [{ "$ref": "#/definitions/cell", "height": "estimated(44)" }] }
        }
      ]
    }
    """

let duplicateDoc = """
    {
      "sections": [
        { "name": "list",
          "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "height": "absolute(50)",
                     "subitems": [{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }] } }
      ]
    }
    """

let overflowDoc = """
    {
      "sections": [
        { "name": "row", "group": { "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)",
          "subitems": [ { "width": "absolute(200)", "height": "absolute(100)" }, { "width": "absolute(250)", "height": "absolute(100)" } ] } }
      ]
    }
    """

/// A CJK name and emoji (astral: two UTF-16 units, four UTF-8 bytes) before a finding on the same line; CRLF line ends.
let unicodeDoc =
    "{\r\n  \"sections\": [\r\n    { \"name\": \"日本語😀🎉\", \"bogus\": 1, \"group\": { \"direction\": \"horizontal\", \"width\": \"fractionalWidth(1)\", \"height\": \"absolute(44)\",\r\n      \"subitems\": [{ \"width\": \"fractionalWidth(1)\", \"height\": \"fractionalHeight(1)\" }] } }\r\n  ]\r\n}\r\n"

func diagnosticCodes(_ ds: [JSONValue]?) -> [String] { (ds ?? []).compactMap { $0["code"]?.stringValue } }

@Suite struct LifecycleTests {
    @Test func beforeInitializeThenShutdownAndExit() {
        let c = LSPClient()
        let early = c.request("textDocument/hover", tdp("file:///x.layout.json", 0, 0))
        #expect(early?["error"]?["code"] == .int(-32002))
        c.notify(
            "textDocument/didOpen",
            J(#"{"textDocument":{"uri":"file:///x.layout.json","languageId":"json","version":1,"text":"{}"}}"#))
        let initResult = c.initialize()
        #expect(initResult?["capabilities"]?["positionEncoding"] == .string("utf-16"))
        #expect(initResult?["capabilities"]?["hoverProvider"] == .bool(true))
        #expect(c.request("initialize", J(#"{"capabilities":{}}"#))?["error"]?["code"] == .int(-32600))
        #expect(c.request("no/such/method")?["error"]?["code"] == .int(-32601))
        c.notify("no/such/notification")
        c.notify("$/setTrace", J(#"{"value":"off"}"#))
        // The didOpen before initialize was dropped.
        #expect(c.result("layoutlint/stats")?["documents"] == .int(0))
        #expect(c.request("shutdown", nil)?["result"] == .null)
        #expect(c.request("textDocument/hover", tdp("file:///x.layout.json", 0, 0))?["error"]?["code"] == .int(-32600))
        c.notify("exit")
        #expect(c.waitForExit() == 0)
    }

    @Test func exitWithoutShutdownIsOne() {
        let c = LSPClient()
        c.initialize()
        c.notify("exit")
        #expect(c.waitForExit() == 1)
    }

    @Test func endOfInputWithoutShutdownIsOneAndAfterShutdownZero() {
        let a = LSPClient()
        a.initialize()
        a.closeInput()
        #expect(a.waitForExit() == 1)
        let b = LSPClient()
        b.initialize()
        #expect(b.request("shutdown", nil)?["result"] == .null)
        b.closeInput()
        #expect(b.waitForExit() == 0)
    }

    @Test func badInputOverThePipeIsSurvived() {
        let c = LSPClient()
        c.initialize()
        c.sendRaw(Array("garbage before any header\r\n\r\n".utf8))
        c.sendRaw(Array("Content-Length: -4\r\n\r\n".utf8))
        c.sendRaw(Array("Content-Length: many\r\n\r\n".utf8))
        c.sendRaw(RPC.frame(Array("{not json".utf8)))
        let parseError = c.waitFor { $0["error"]?["code"] == .int(-32700) }
        #expect(parseError?["id"] == .null)
        c.sendRaw(RPC.frame(Array("42".utf8)))
        #expect(c.waitFor { $0["error"]?["code"] == .int(-32600) }?["id"] == .null)
        c.sendRaw(RPC.frame(Array("[]".utf8)))
        #expect(c.waitFor { $0["error"]?["code"] == .int(-32600) } != nil)
        var invalidUTF8 = Array(#"{"jsonrpc":"2.0","id":77,"method":"x","params":{"a":""#.utf8)
        invalidUTF8 += [0xFF, 0xFE]
        invalidUTF8 += Array(#""}}"#.utf8)
        c.sendRaw(RPC.frame(invalidUTF8))
        #expect(c.waitFor { $0["error"]?["code"] == .int(-32700) } != nil)
        // A batch: one request, one notification, one invalid → an array of two responses.
        c.sendRaw(
            RPC.frame(
                Array(
                    #"[{"jsonrpc":"2.0","id":"s1","method":"layoutlint/stats"},{"jsonrpc":"2.0","method":"$/x"},{"foo":1}]"#
                        .utf8)))
        let batch = c.waitFor { $0.arrayValue != nil }
        #expect(batch?.arrayValue?.count == 2)
        #expect(batch?[0]?["id"] == .string("s1"))
        #expect(batch?[1]?["error"]?["code"] == .int(-32600))
        // A batch of notifications only: no answer; the next request is still answered.
        c.sendRaw(RPC.frame(Array(#"[{"jsonrpc":"2.0","method":"$/a"},{"jsonrpc":"2.0","method":"$/b"}]"#.utf8)))
        #expect(c.result("layoutlint/stats")?["documents"] == .int(0))
        #expect(c.inbox.allSatisfy { $0.arrayValue == nil })
        #expect(c.shutdown() == 0)
    }

    @Test func hundredMegabytesAnnouncedAndNotSent() {
        let c = LSPClient()
        c.initialize()
        c.sendRaw(Array("Content-Length: 104857600\r\n\r\n{\"jsonrpc\":".utf8))
        c.closeInput()
        #expect(c.waitForExit() == 1)
        #expect(c.stderrText.contains("over the limit"))
    }

    @Test func cancelAndContentModified() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/cancel.layout.json"
        c.open(uri, gridDoc)
        // Both in one write, so they are queued together.
        let hover = RPC.request(id: .int(900), "textDocument/hover", tdp(uri, 10, 20))
        let cancel = RPC.notification("$/cancelRequest", .object([("id", .int(900))]))
        c.sendRaw(RPC.frame(hover) + RPC.frame(cancel))
        #expect(c.response(900)?["error"]?["code"] == .int(-32800))
        // A request before a change in the same read is answered for the text it was asked about (LSP: no
        // ContentModified for a change the server has not read yet)...
        let hover2 = RPC.request(id: .string("h2"), "textDocument/hover", tdp(uri, 10, 20))
        let change = RPC.notification(
            "textDocument/didChange",
            J(#"{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"text":"{}"}]}"#))
        c.sendRaw(RPC.frame(hover2) + RPC.frame(change))
        let h2 = c.waitFor { $0["id"] == .string("h2") }
        #expect(h2?["error"] == nil && h2?["result"]?["contents"] != nil, "\(String(describing: h2))")
        // ...but not edits without a version (this client takes no documentChanges): it would apply them to the
        // newer text.
        let action = RPC.request(
            id: .string("a3"), "textDocument/codeAction",
            .object([
                ("textDocument", docID(uri)), ("range", range(0, 0, 0, 0)),
                ("context", .object([("diagnostics", .array([]))])),
            ]))
        let change3 = RPC.notification(
            "textDocument/didChange",
            J(#"{"textDocument":{"uri":"\#(uri)","version":3},"contentChanges":[{"text":"{ }"}]}"#))
        c.sendRaw(RPC.frame(action) + RPC.frame(change3))
        #expect(c.waitFor { $0["id"] == .string("a3") }?["error"]?["code"] == .int(-32801))
        #expect(c.shutdown() == 0)
    }
}

@Suite struct DiagnosticsTests {
    @Test func pushedWithVersionAndRuleMetadata() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/overflow.layout.json"
        c.open(uri, overflowDoc, version: 7)
        let ds = c.diagnostics(uri, version: 7)
        let d = ds?.first { $0["code"] == .string("group-overflow") }
        #expect(d != nil, "\(ds ?? [])")
        #expect(d?["source"] == .string("layoutlint"))
        #expect(d?["severity"] == .int(2))
        #expect(d?["codeDescription"]?["href"]?.stringValue?.hasSuffix("#group-overflow") == true)
        #expect(d?["message"]?.stringValue?.contains("iPhone 12") == true)
        // Fix it: the next publication (version 8) has no overflow.
        let fixed = overflowDoc.replacingOccurrences(of: "absolute(250)", with: "absolute(190)")
        c.change(uri, version: 8, [.object([("text", .string(fixed))])])
        let after = diagnosticCodes(c.diagnostics(uri, version: 8))
        #expect(!after.contains("group-overflow"))
        // Close: cleared.
        c.notify("textDocument/didClose", .object([("textDocument", docID(uri))]))
        #expect(c.diagnostics(uri)?.isEmpty == true)
        #expect(c.shutdown() == 0)
    }

    @Test func relatedInformationForDuplicateKeys() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/dup.layout.json"
        c.open(uri, duplicateDoc)
        let d = c.diagnostics(uri)?.first { $0["code"] == .string("duplicate-key") }
        #expect(d?["relatedInformation"]?[0]?["location"]?["uri"] == .string(uri))
        #expect(c.shutdown() == 0)
    }

    @Test func pullWithResultIDs() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/pull.layout.json"
        c.open(uri, overflowDoc)
        let first = c.result("textDocument/diagnostic", .object([("textDocument", docID(uri))]))
        #expect(first?["kind"] == .string("full"))
        let firstCodes = diagnosticCodes(first?["items"]?.arrayValue)
        #expect(firstCodes.contains("group-overflow"))
        let id = first?["resultId"]?.stringValue ?? ""
        let again = c.result(
            "textDocument/diagnostic", .object([("textDocument", docID(uri)), ("previousResultId", .string(id))]))
        #expect(again?["kind"] == .string("unchanged"))
        c.change(
            uri, version: 2,
            [J(#"{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"text":" "}"#)])
        let third = c.result(
            "textDocument/diagnostic", .object([("textDocument", docID(uri)), ("previousResultId", .string(id))]))
        #expect(third?["kind"] == .string("full"))
        #expect(c.shutdown() == 0)
    }

    /// A client that pulls (it declares `textDocument.diagnostic`) gets its diagnostics by pull only: pushed as
    /// well, they land in a second collection and every finding shows twice (the LSP review's point 3). A client
    /// that does not declare it still gets them pushed.
    @Test func aPullingClientIsNotAlsoPushedTo() {
        let c = LSPClient()
        c.initialize(
            capabilities: J(
                #"{ "textDocument": { "diagnostic": { "dynamicRegistration": false } }, "workspace": { "diagnostics": { "refreshSupport": true } } }"#
            ))
        let uri = "file:///tmp/pull-only.layout.json"
        c.open(uri, overflowDoc)
        let pulled = c.result("textDocument/diagnostic", .object([("textDocument", docID(uri))]))
        let pulledCodes = diagnosticCodes(pulled?["items"]?.arrayValue)
        #expect(pulledCodes.contains("group-overflow"))
        c.change(
            uri, version: 2,
            [J(#"{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"text":" "}"#)])
        #expect(c.diagnostics(uri, timeout: 1.5) == nil, "a publishDiagnostics for a pulling client")
        let again = c.result("textDocument/diagnostic", .object([("textDocument", docID(uri))]))
        let againCodes = diagnosticCodes(again?["items"]?.arrayValue)
        #expect(againCodes.contains("group-overflow"))
        #expect(c.shutdown() == 0)

        let pushed = LSPClient()
        pushed.initialize(capabilities: J(#"{ "textDocument": { "publishDiagnostics": {} } }"#))
        pushed.open(uri, overflowDoc)
        let pushedCodes = diagnosticCodes(pushed.diagnostics(uri))
        #expect(pushedCodes.contains("group-overflow"))
        #expect(pushed.shutdown() == 0)
    }

    /// An edit too large to read (over the message limit) leaves the server's text behind the editor's: findings
    /// would land at the wrong places. The server stops checking that document (its diagnostics cleared, requests
    /// about it answered with nothing), says so, and checks it again once it is reopened; other documents go on.
    /// A request too large to read is answered with an error, not left waiting (the server-sync review's N2).
    @Test func anEditTooLargeToReadStopsCheckingThatDocument() {
        let c = LSPClient(environment: ["LAYOUTLINT_MAX_MESSAGE": "100000"])
        c.initialize()
        let a = "file:///tmp/lost-edit-a.layout.json", b = "file:///tmp/lost-edit-b.layout.json"
        c.open(a, overflowDoc)
        let before = diagnosticCodes(c.diagnostics(a))
        #expect(before.contains("group-overflow"))
        c.open(b, overflowDoc)
        _ = c.diagnostics(b)
        let huge = " " + String(repeating: "x", count: 150_000)
        c.change(
            a, version: 2,
            [J(#"{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"text":"\#(huge)"}"#)])
        let shown = c.notification("window/showMessage")
        #expect(
            shown?["type"] == .int(1) && shown?["message"]?.stringValue?.contains(a) == true,
            "\(String(describing: shown))")
        #expect(c.diagnostics(a)?.isEmpty == true, "its diagnostics are cleared")
        #expect(c.result("textDocument/hover", tdp(a, 3, 10)) == .null)
        let symbols = c.result("textDocument/documentSymbol", .object([("textDocument", docID(b))]))?.arrayValue ?? []
        #expect(!symbols.isEmpty, "the other document is still checked")
        let id = c.sendRequest(
            "textDocument/hover",
            .object([("textDocument", docID(b)), ("position", pos(0, 0)), ("junk", .string(huge))]))
        #expect(c.response(id)?["error"]?["code"] == .int(-32600))
        // The same with its method after its params (unordered maps write it so): still answered.
        let late = #"{"jsonrpc":"2.0","id":9001,"params":{"junk":"\#(huge)"},"method":"textDocument/hover"}"#
        c.sendRaw(Array("Content-Length: \(late.utf8.count)\r\n\r\n\(late)".utf8))
        #expect(c.response(9001)?["error"]?["code"] == .int(-32600))
        // And with its id last, after 150 KB of params (Emacs's lsp-mode and Helix write the id last): the whole body
        // is read for it as it is skipped.
        let idLast = #"{"jsonrpc":"2.0","method":"textDocument/hover","params":{"junk":"\#(huge)"},"id":9002}"#
        c.sendRaw(Array("Content-Length: \(idLast.utf8.count)\r\n\r\n\(idLast)".utf8))
        #expect(c.response(9002)?["error"]?["code"] == .int(-32600))
        c.open(a, overflowDoc, version: 3)
        let after = diagnosticCodes(c.diagnostics(a))
        #expect(after.contains("group-overflow"))
        #expect(c.shutdown() == 0)
    }

    /// A message too large to read is read for what it is as it is skipped, to its end: a client that writes
    /// `params` first (its text before its method and document) loses the edit of that document only. One cut short
    /// by the next message's header before it says what it is may be an edit of any open document: all of them stop
    /// being checked, and the user is told. A header that announces a body and sends none, a response too large, and
    /// a whole body that is neither request nor notification lose nothing: nothing stops.
    @Test func aMessageTooLargeStopsOnlyWhatItMayHaveEdited() {
        let c = LSPClient(environment: ["LAYOUTLINT_MAX_MESSAGE": "100000"])
        c.initialize()
        let a = "file:///tmp/lost-any-a.layout.json", b = "file:///tmp/lost-any-b.layout.json"
        c.open(a, overflowDoc)
        _ = c.diagnostics(a)
        c.sendRaw(Array("Content-Length: 5000000\r\n\r\n".utf8)) // announced, never sent
        // A response too large (an id and no method) is no edit either.
        let response =
            #"{"jsonrpc":"2.0","id":"layoutlint-1","result":{"junk":"\#(String(repeating: "x", count: 150_000))"}}"#
        c.sendRaw(Array("Content-Length: \(response.utf8.count)\r\n\r\n\(response)".utf8))
        // Nor is a whole body with params and neither a method nor an id (read to its end: no message a client meant).
        let paramsOnly = #"{"jsonrpc":"2.0","params":{"junk":"\#(String(repeating: "x", count: 150_000))"}}"#
        c.sendRaw(Array("Content-Length: \(paramsOnly.utf8.count)\r\n\r\n\(paramsOnly)".utf8))
        c.open(b, overflowDoc)
        let stillChecked = diagnosticCodes(c.diagnostics(b))
        #expect(stillChecked.contains("group-overflow"))
        // Params first, cut short by the next message: all open documents stop.
        let cut = #"{"params":{"contentChanges":[{"text":"\#(String(repeating: "x", count: 150_000))"#
        c.sendRaw(Array("Content-Length: 5000000\r\n\r\n\(cut)\r\n".utf8))
        // (The next message's header ends the cut body.)
        #expect(
            c.result("textDocument/hover", tdp(a, 3, 10)) == .null
                && c.result("textDocument/hover", tdp(b, 3, 10)) == .null)
        let shownAll = c.notification("window/showMessage")
        #expect(
            shownAll?["message"]?.stringValue?.contains("the 2 open documents") == true,
            "\(String(describing: shownAll))")
        // Reopened, both are checked again; a whole params-first edit of one names it after its text: only that one stops.
        c.open(a, overflowDoc, version: 3)
        c.open(b, overflowDoc, version: 3)
        #expect(diagnosticCodes(c.diagnostics(a, version: 3)).contains("group-overflow"))
        #expect(diagnosticCodes(c.diagnostics(b, version: 3)).contains("group-overflow"))
        let body =
            #"{"params":{"contentChanges":[{"text":"\#(String(repeating: "x", count: 150_000))"}],"textDocument":{"uri":"\#(a)","version":4}},"jsonrpc":"2.0","method":"textDocument/didChange"}"#
        c.sendRaw(Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8))
        let shown = c.notification("window/showMessage")
        #expect(
            shown?["message"]?.stringValue?.contains("It stopped checking \(a);") == true,
            "\(String(describing: shown))")
        #expect(c.result("textDocument/hover", tdp(a, 3, 10)) == .null)
        let symbols = c.result("textDocument/documentSymbol", .object([("textDocument", docID(b))]))?.arrayValue ?? []
        #expect(!symbols.isEmpty, "the other document is still checked")
        #expect(c.shutdown() == 0)
    }

    /// A client that pulls but cannot be asked to pull again (no `workspace.diagnostics.refreshSupport`) kept a
    /// document's findings from before a configuration change until it happened to pull: it is offered no
    /// `diagnosticProvider` and is pushed to instead, the findings of every version.
    @Test func aPullingClientWithoutRefreshIsPushedTo() {
        let c = LSPClient()
        let caps = c.initialize(capabilities: J(#"{ "textDocument": { "diagnostic": {}, "publishDiagnostics": {} } }"#))
        #expect(caps?["capabilities"]?["diagnosticProvider"] == nil, "\(caps?.serialized() ?? "")")
        let uri = "file:///tmp/pull-no-refresh.layout.json"
        c.open(uri, overflowDoc)
        #expect(diagnosticCodes(c.diagnostics(uri)).contains("group-overflow"))
        c.change(uri, version: 2, [.object([("text", .string(gridDoc))])])
        let second = c.diagnostics(uri, version: 2)
        #expect(second != nil && !diagnosticCodes(second).contains("group-overflow"))
        #expect(c.shutdown() == 0)
        // With refresh support it pulls, as before, and is offered the provider.
        let p = LSPClient()
        let pcaps = p.initialize(
            capabilities: J(
                #"{ "textDocument": { "diagnostic": {} }, "workspace": { "diagnostics": { "refreshSupport": true } } }"#
            ))
        #expect(pcaps?["capabilities"]?["diagnosticProvider"]?["identifier"] == .string("layoutlint"))
        #expect(p.shutdown() == 0)
    }

    /// A client that pulls is asked to pull again after a lost edit closed a document: the empty push that clears
    /// it goes to a collection it does not show.
    @Test func aPullingClientIsAskedToPullAgainAfterALostEdit() {
        let c = LSPClient(environment: ["LAYOUTLINT_MAX_MESSAGE": "100000"])
        c.initialize(
            capabilities: J(
                #"{ "textDocument": { "diagnostic": {} }, "workspace": { "diagnostics": { "refreshSupport": true } } }"#
            ))
        let a = "file:///tmp/lost-pull-a.layout.json"
        c.open(a, overflowDoc)
        let before = diagnosticCodes(
            c.result("textDocument/diagnostic", .object([("textDocument", docID(a))]))?["items"]?.arrayValue)
        #expect(before.contains("group-overflow"))
        c.change(
            a, version: 2,
            [
                J(
                    #"{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"text":" \#(String(repeating: "x", count: 150_000))"}"#
                )
            ])
        let refresh = c.waitFor { $0["method"]?.stringValue == "workspace/diagnostic/refresh" && $0["id"] != nil }
        #expect(refresh != nil)
        let after = c.result("textDocument/diagnostic", .object([("textDocument", docID(a))]))?["items"]?.arrayValue
        #expect(after?.isEmpty == true)
        #expect(c.shutdown() == 0)
    }

    /// A document opened again (closed and opened, or opened twice) starts its edits from zero: its first result
    /// must not carry the id of the old text's, or a client that kept that id is told its old diagnostics still hold.
    @Test func aResultIDIsNotReusedAfterTheDocumentIsOpenedAgain() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/pull-reopen.layout.json"
        c.open(uri, overflowDoc)
        let first = c.result("textDocument/diagnostic", .object([("textDocument", docID(uri))]))
        let id = first?["resultId"]?.stringValue ?? ""
        let firstCodes = diagnosticCodes(first?["items"]?.arrayValue)
        #expect(firstCodes.contains("group-overflow"))
        c.notify("textDocument/didClose", .object([("textDocument", docID(uri))]))
        c.open(uri, "{}")
        let second = c.result(
            "textDocument/diagnostic", .object([("textDocument", docID(uri)), ("previousResultId", .string(id))]))
        #expect(second?["kind"] == .string("full"), "\(String(describing: second))")
        let secondCodes = diagnosticCodes(second?["items"]?.arrayValue)
        #expect(!secondCodes.contains("group-overflow"))
        c.open(uri, overflowDoc) // opened again without a close: replaces the text
        let third = c.result(
            "textDocument/diagnostic",
            .object([
                ("textDocument", docID(uri)), ("previousResultId", .string(second?["resultId"]?.stringValue ?? "")),
            ]))
        #expect(third?["kind"] == .string("full"))
        #expect(c.shutdown() == 0)
    }

    @Test(arguments: [("utf-16", Enc.utf16), ("utf-8", Enc.utf8), ("utf-32", Enc.utf32)])
    func unicodePositionsToTheCodeUnit(_ name: String, _ enc: Enc) {
        let c = LSPClient()
        let r = c.initialize(positionEncodings: [name, "utf-16"])
        #expect(r?["capabilities"]?["positionEncoding"] == .string(name))
        let uri = "file:///tmp/unicode.layout.json"
        c.open(uri, unicodeDoc)
        let d = c.diagnostics(uri)?.first { $0["code"] == .string("unknown-property") }
        let expected = position(of: "\"bogus\"", in: unicodeDoc, enc)!
        #expect(d?["range"]?["start"] == pos(expected.line, expected.character), "\(d?.serialized() ?? "none")")
        #expect(d?["range"]?["end"] == pos(expected.line, expected.character + 7))
        #expect(text(in: d?["range"], of: unicodeDoc, enc) == "\"bogus\"")
        // An incremental edit right after the emoji (in this encoding): insert "x" before the closing quote of the name.
        let at = position(of: "\", \"bogus\"", in: unicodeDoc, enc)!
        c.change(
            uri, version: 2,
            [.object([("range", range(at.line, at.character, at.line, at.character)), ("text", .string("x"))])])
        let newText = unicodeDoc.replacingOccurrences(of: "🎉\"", with: "🎉x\"")
        let d2 = c.diagnostics(uri, version: 2)?.first { $0["code"] == .string("unknown-property") }
        #expect(text(in: d2?["range"], of: newText, enc) == "\"bogus\"")
        // Hover on the key after the emoji finds the right property.
        let hp = position(of: "horizontal", in: newText, enc)!
        let hover = c.result("textDocument/hover", tdp(uri, hp.line, hp.character + 2))
        #expect(hover?["contents"]?["value"]?.stringValue?.contains("390") == true)
        #expect(c.shutdown() == 0)
    }
}

/// Output LSP gates on a client capability follows what the client declares (the LSP review's point 9): a client
/// that declares none of them gets what every LSP 3.17 client reads.
@Suite struct ClientCapabilityTests {
    @Test func aMinimalClientGetsFlatSymbolsPlainHoverAndBaseKinds() {
        let c = LSPClient()
        c.initialize(capabilities: J(#"{ "textDocument": { "hover": { "contentFormat": ["plaintext"] } } }"#))
        let uri = "file:///tmp/minimal-client.layout.json"
        c.open(uri, gridDoc)
        let symbols = c.result("textDocument/documentSymbol", .object([("textDocument", docID(uri))]))?.arrayValue ?? []
        #expect(
            !symbols.isEmpty && symbols.allSatisfy { $0["location"]?["uri"] == .string(uri) && $0["children"] == nil })
        #expect(symbols.contains { $0["containerName"] == .string("grid") })
        #expect(symbols.allSatisfy { ($0["kind"]?.intValue ?? 99) <= 18 }, "\(symbols.map { $0["kind"] ?? .null })")
        let hover = c.result("textDocument/hover", tdp(uri, 10, 20))
        let value = hover?["contents"]?["value"]?.stringValue ?? ""
        #expect(hover?["contents"]?["kind"] == .string("plaintext") && value.contains("390×130"), "\(value)")
        #expect(!value.contains("`") && !value.contains("\\"), "\(value)")
        // An enum value (EnumMember, 20) is a Value (12) for a client that declares no completion kinds.
        let items = c.result("textDocument/completion", tdp(uri, 9, 23))?["items"]?.arrayValue ?? []
        #expect(
            !items.isEmpty && items.allSatisfy { ($0["kind"]?.intValue ?? 99) <= 18 },
            "\(items.map { $0["kind"] ?? .null })")
        #expect(c.shutdown() == 0)
    }

    /// Plain text from the hover's Markdown: escapes and emphasis go; code spans and fences keep their text as it
    /// is (a backslash or star in a JSON value shown in code stays).
    @Test func plainTextKeepsCodeAsItIs() {
        let md = "a \\* b `x\\y*z` **bold**\n```\nc\\d*\n```"
        #expect(LSP.plainText(fromMarkdown: md) == "a * b x\\y*z bold\nc\\d*")
        // A code span fenced with two backticks keeps the one inside it (each backtick toggled code before).
        #expect(
            LSP.plainText(fromMarkdown: "→ " + LSP.markdownCode("#/definitions/c`d") + " *x*")
                == "→ #/definitions/c`d x")
        // A backtick that starts or ends the text is padded also when it is part of a larger `Character` (a
        // combining mark after it, a prepended mark before it): unpadded, the fence ran into it and never closed.
        #expect(
            LSP.markdownCode("`\u{301} [x](https://e.example) **b**") == "`` `\u{301} [x](https://e.example) **b** ``")
        #expect(LSP.markdownCode("a\u{600}`") == "`` a\u{600}` ``")
    }

    @Test func aFullClientGetsTheTreeMarkdownAndEveryKind() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/full-client.layout.json"
        c.open(uri, gridDoc)
        let symbols = c.result("textDocument/documentSymbol", .object([("textDocument", docID(uri))]))?.arrayValue ?? []
        #expect(symbols.count == 3 && symbols.contains { $0["children"] != nil })
        #expect(c.result("textDocument/hover", tdp(uri, 10, 20))?["contents"]?["kind"] == .string("markdown"))
        #expect(c.shutdown() == 0)
    }
}

extension ClientCapabilityTests {
    /// Hover on a global header's width shows what it resolved to (it had no frame: the layout's own boundary items
    /// were never laid out).
    @Test func hoverOnAGlobalHeaderShowsItsSize() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/global-header.layout.json"
        let text = """
            {
              "environments": ["iPhone 12"],
              "configuration": { "boundarySupplementaryItems": [
                { "elementKind": "global-header [x](http://e.com)", "width": "fractionalWidth(0.5)", "height": "absolute(60)", "alignment": "top" } ] },
              "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
                                          "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } } ] }
            """
        c.open(uri, text)
        let value = c.result("textDocument/hover", tdp(uri, 3, 50))?["contents"]?["value"]?.stringValue ?? ""
        #expect(value.contains("195"), "\(value)")
        // Its elementKind is document text: escaped, never a link (the second review's point 6).
        #expect(value.hasPrefix(#"**global-header \[x\](http://e.com)**"#), "\(value)")
        #expect(c.shutdown() == 0)
    }
}

@Suite struct FeatureTests {
    /// A pull after an edit shows the edited text even when the old and new messages are canonically equivalent
    /// (the same combining marks in another order: equal under Swift's `==`, different bytes).
    @Test func editedMessageIsNotServedFromTheCacheOfAnEquivalentOne() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/marks.layout.json"
        let before = "{ \"sections\": [], \"a\u{301}\u{323}\": 1 }"
        let after = "{ \"sections\": [], \"a\u{323}\u{301}\": 1 }"
        c.open(uri, before)
        let first =
            c.diagnostics(uri)?.first { $0["code"] == .string("unknown-property") }?["message"]?.stringValue ?? ""
        #expect(
            first.unicodeScalars.contains("\u{301}")
                && Array(first.utf8).contains(subsequence: Array("a\u{301}\u{323}".utf8)))
        c.change(uri, version: 2, [.object([("text", .string(after))])])
        let second =
            c.diagnostics(uri, version: 2)?.first { $0["code"] == .string("unknown-property") }?["message"]?.stringValue
            ?? ""
        #expect(
            Array(second.utf8).contains(subsequence: Array("a\u{323}\u{301}".utf8)),
            "\(Array(second.unicodeScalars).map { String($0.value, radix: 16) })")
        #expect(c.shutdown() == 0)
    }

    /// Hover is Markdown built around document text: keys, values, `$ref`s, environment names and messages that
    /// quote them must render as that text, never as links, headings, HTML or extra table rows.
    @Test func hoverNeverLetsDocumentTextWriteMarkdown() {
        let doc = #"""
            { "environments": [{ "name": "Phone | fake |\n\n# Everything is fine\n[Open settings](https://evil.example/s) <b>x</b>", "width": 390, "height": 844 }],
              "definitions": { "a` [click](https://evil.example/x) `": { "width": 100, "height": 10 } },
              "sections": [ { "[Click here to fix](https://evil.example/fix) ```": 1,
                "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": 50,
                           "subitems": [ { "$ref": "#/definitions/a` [click](https:~1~1evil.example~1x) `" } ] } } ] }
            """#
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/md.layout.json"
        c.open(uri, doc)
        func hover(_ needle: String, _ delta: Int) -> String {
            let p = position(of: needle, in: doc, .utf16)!
            return c.result("textDocument/hover", tdp(uri, p.line, p.character + delta))?["contents"]?["value"]?
                .stringValue ?? ""
        }
        for md in [hover("\"width\": 100", 2), hover("[Click here", 2)] {
            #expect(!md.isEmpty)
            let lines = md.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(
                !lines.contains { $0.hasPrefix("# ") || $0.hasPrefix("[") },
                "no heading or line of the document's: \(md)")
            #expect(
                !md.contains("](https://evil.example/fix)") || md.contains("\\](https://evil.example/fix)"), "\(md)")
            #expect(!md.contains("<b>"), "\(md)")
            // Every table row has its four cells: an environment name cannot add a column or a row.
            for row in lines where row.hasPrefix("| ") && !row.hasPrefix("| environment") {
                let bars = row.unicodeScalars.enumerated().filter { i, ch in
                    ch == "|" && (i == 0 || Array(row.unicodeScalars)[i - 1] != "\\")
                }
                #expect(bars.count == 5, "\(row)")
            }
        }
        let onDefinition = hover("\"width\": 100", 2)
        // The $ref target in a code span fenced by two backticks (its text holds one), padded as it ends with one.
        #expect(onDefinition.contains("`` #/definitions/a` [click](https:~1~1evil.example~1x) ` ``"), "\(onDefinition)")
        let onKey = hover("[Click here", 2)
        #expect(onKey.contains("\\[Click here to fix\\](https://evil.example/fix) \\`\\`\\`"), "\(onKey)")
        #expect(c.shutdown() == 0)
    }

    @Test func hoverShowsComputedSizes() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/grid.layout.json"
        c.open(uri, gridDoc)
        let p = position(of: "fractionalWidth(1/3)", in: gridDoc, .utf16)!
        let h = c.result("textDocument/hover", tdp(uri, p.line, p.character + 3))
        let md = h?["contents"]?["value"]?.stringValue ?? ""
        #expect(h?["contents"]?["kind"] == .string("markdown"))
        #expect(md.contains("390×130"), "\(md)")
        #expect(md.contains("| environment |"))
        // On the definition: the cell as each use sizes it.
        let q = position(of: "\"cell\"", in: gridDoc, .utf16)!
        let h2 = c.result("textDocument/hover", tdp(uri, q.line, q.character + 20))
        #expect(h2?["contents"]?["value"]?.stringValue?.contains("130×130") == true, "\(h2?.serialized() ?? "")")
        // On a diagnostic: the rule's documentation.
        c.open("file:///tmp/of.layout.json", overflowDoc)
        let o = position(of: "absolute(250)", in: overflowDoc, .utf16)!
        _ = c.diagnostics("file:///tmp/of.layout.json")
        let h3 = c.result("textDocument/hover", tdp("file:///tmp/of.layout.json", o.line, o.character + 2))
        #expect(h3?["contents"]?["value"]?.stringValue?.contains("group-overflow") == true, "\(h3?.serialized() ?? "")")
        #expect(c.shutdown() == 0)
    }

    /// Hover on a `configuration` key (the editor review left it answering nothing): the insets its reference takes
    /// in each environment, what they leave the sections, and the content size; not on its boundary items, which are
    /// elements of their own.
    @Test func hoverOnAConfigurationKeyShowsWhatItGives() {
        let text = #"""
            { "environments": ["iPhone 12", "iPad landscape"],
              "configuration": { "contentInsetsReference": "layoutMargins", "interSectionSpacing": 20,
                "boundarySupplementaryItems": [ { "elementKind": "banner", "width": "fractionalWidth(1)", "height": "absolute(60)", "alignment": "top" } ] },
              "sections": [
                { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } },
                { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } } ] }
            """#
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/configuration.layout.json"
        c.open(uri, text)
        func hover(_ needle: String, _ delta: Int) -> JSONValue? {
            let p = position(of: needle, in: text, .utf16)!
            return c.result("textDocument/hover", tdp(uri, p.line, p.character + delta))
        }
        let h = hover(#""contentInsetsReference""#, 3)
        let md = h?["contents"]?["value"]?.stringValue ?? ""
        #expect(md.hasPrefix("**configuration** · `contentInsetsReference`: `\"layoutMargins\"`"), "\(md)")
        // Layout margins: 16 pt a side in compact width, 20 in regular (iPad landscape is 1180 wide); 60 + 100 + 20
        // + 50 pt of content.
        #expect(md.contains("| iPhone 12 | 16 / 16 pt | 358 pt | 390×230 |"), "\(md)")
        #expect(md.contains("| iPad landscape | 20 / 20 pt | 1140 pt | 1180×230 |"), "\(md)")
        #expect(md.contains("20 pt between sections"), "\(md)")
        // The range is the property's, key to value.
        let p = position(of: #""contentInsetsReference""#, in: text, .utf16)!
        #expect(
            h?["range"]?["start"]?["line"]?.intValue == Int64(p.line)
                && h?["range"]?["start"]?["character"]?.intValue == Int64(p.character))
        // On the value too; on a boundary item inside the configuration, that item's own hover.
        #expect(
            hover(#""interSectionSpacing": 20"#, 22)?["contents"]?["value"]?.stringValue?.hasPrefix(
                "**configuration** · `interSectionSpacing`: `20`") == true)
        // (Sized against the layout less the reference insets: the 358 pt of the table.)
        let banner = hover(#""banner""#, 2)?["contents"]?["value"]?.stringValue ?? ""
        #expect(banner.hasPrefix("**banner") && banner.contains("358×60"), "\(banner)")
        #expect(c.shutdown() == 0)
    }

    /// The configuration hover of a horizontal layout (insets above and below, the sections' height), of a value
    /// that does not read (the default applies, and the hover says so), and of a key the configuration does not read
    /// (no table: its diagnostic answers). (A layout cut off at the node budget: `ConfigurationEffectTests`.)
    @Test func configurationHoverOnHorizontalInvalidAndCutOffLayouts() {
        let c = LSPClient()
        c.initialize()
        func hover(_ uri: String, _ text: String, _ needle: String, _ delta: Int) -> String {
            let p = position(of: needle, in: text, .utf16)!
            return c.result("textDocument/hover", tdp(uri, p.line, p.character + delta))?["contents"]?["value"]?
                .stringValue ?? ""
        }
        let section =
            #"{ "group": { "direction": "vertical", "width": "absolute(100)", "height": "fractionalHeight(1)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
        let horizontal =
            #"{ "environments": ["iPhone 12 landscape"], "configuration": { "scrollDirection": "horizontal", "interSectionSpacing": 10, "contentInsetsReference": "safeArea" }, "sections": [\#(section), \#(section)] }"#
        let h = "file:///tmp/config-horizontal.layout.json"
        c.open(h, horizontal)
        let md = hover(h, horizontal, #""scrollDirection""#, 3)
        // iPhone 12 landscape: 844×390, safe area bottom 21 (top 0): sections 369 pt tall; 100 + 10 + 100 pt wide.
        #expect(
            md.contains("scrolls horizontally") && md.contains("insets (top / bottom)")
                && md.contains("sections' height"), "\(md)")
        #expect(md.contains("| iPhone 12 landscape | 0 / 21 pt | 369 pt | 210×390 |"), "\(md)")

        let invalid =
            #"{ "environments": ["iPhone 12"], "configuration": { "scrollDirection": "horizontl", "bogus": 5 }, "sections": [\#(section)] }"#
        let i = "file:///tmp/config-invalid.layout.json"
        c.open(i, invalid)
        _ = c.diagnostics(i)
        let bad = hover(i, invalid, #""scrollDirection""#, 3)
        #expect(
            bad.hasPrefix(#"**configuration** · `scrollDirection`: `"horizontl"` (not valid: the default applies)"#)
                && bad.contains("scrolls vertically"), "\(bad)")
        let unknown = hover(i, invalid, #""bogus""#, 2)
        #expect(!unknown.contains("**configuration**") && unknown.contains("unknown-property"), "\(unknown)")

        #expect(c.shutdown() == 0)
    }

    /// Hover: a variant's `when` lists the environments of its variant (not of none, as the section's `variants` key
    /// answered); a header sized by an estimate shows ≈, not `= 44 pt`; a diagnostic's hover names its environment
    /// once.
    @Test func variantsEstimatedHeadersAndDiagnosticHovers() throws {
        let c = LSPClient()
        c.initialize()
        let path = examplePath("adaptive-sections.layout.json")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let uri = "file://" + path
        c.open(uri, text)
        func hover(_ needle: String, _ delta: Int) -> String {
            let p = position(of: needle, in: text, .utf16)!
            return c.result("textDocument/hover", tdp(uri, p.line, p.character + delta))?["contents"]?["value"]?
                .stringValue ?? ""
        }
        let variant = hover(#""minWidth": 801 }"#, 2)
        #expect(
            variant.contains("**variant** `/sections/0/variants/1`") && variant.contains("| iPad |")
                && variant.contains("| iPad landscape |")
                && !variant.contains("iPhone SE"), "\(variant)")
        // On a definition's name: its table, as inside its body.
        let definition = hover(#""cell": {"#, 2)
        #expect(
            definition.hasPrefix("**item**") && definition.contains("| iPhone SE |") && definition.contains("| iPad |"),
            "\(definition)")
        // On an environment the document names: what it is.
        let environment = hover(#""iPad landscape""#, 3)
        #expect(
            environment.contains("**environment** `iPad landscape`") && environment.contains("1180×820 pt @2x")
                && environment.contains("regular width"), "\(environment)")
        // The section itself is all its environments, its variants' too.
        let section = hover(#""name": "list""#, 2)
        #expect(["iPhone SE", "iPhone 12", "iPad", "variant 1"].allSatisfy(section.contains), "\(section)")
        // A multi-line value's preview is one line, its indentation one space.
        let variants = hover(#""variants": ["#, 3)
        #expect(
            variants.contains("`variants`: `[ { \"when\"") && !variants.split(separator: "\n")[0].contains("  "),
            "\(variants)")

        let header =
            #"{ "environments": ["iPhone 12"], "sections": [ { "boundarySupplementaryItems": [ { "elementKind": "header", "width": "fractionalWidth(1)", "height": "estimated(44)", "alignment": "top" } ], "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } } ] }"#
        let h = "file:///tmp/header.layout.json"
        c.open(h, header)
        let labels =
            (c.result("textDocument/inlayHint", .object([("textDocument", docID(h)), ("range", range(0, 0, 1, 0))]))?
            .arrayValue ?? []).compactMap { $0["label"]?.stringValue }
        #expect(labels.contains("≈ 44 pt") && !labels.contains("= 44 pt"), "\(labels)")
        let e = position(of: #""estimated(44)""#, in: header, .utf16)!
        let hh =
            c.result("textDocument/hover", tdp(h, e.line, e.character + 3))?["contents"]?["value"]?.stringValue ?? ""
        #expect(hh.contains("≈390×44"), "\(hh)")

        let paging =
            #"{ "environments": ["iPhone 12"], "sections": [ { "orthogonalScrollingBehavior": "paging", "interGroupSpacing": 10, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } } ] }"#
        let pg = "file:///tmp/paging.layout.json"
        c.open(pg, paging)
        let s = position(of: #""interGroupSpacing": 10"#, in: paging, .utf16)!
        let hp =
            c.result("textDocument/hover", tdp(pg, s.line, s.character + 21))?["contents"]?["value"]?.stringValue ?? ""
        #expect(hp.contains("(iPhone 12)") && !hp.contains("— iPhone 12"), "\(hp)")
        #expect(c.shutdown() == 0)
    }

    @Test func inlayHintsAfterDimensions() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/grid.layout.json"
        c.open(uri, gridDoc)
        let hints =
            c.result(
                "textDocument/inlayHint", .object([("textDocument", docID(uri)), ("range", range(0, 0, 100, 0))]))?
            .arrayValue ?? []
        let labels = hints.compactMap { $0["label"]?.stringValue }
        #expect(labels.contains("= 130 pt"), "\(labels)")
        #expect(labels.contains("≈ 44 pt"), "\(labels)")
        // The hint sits right after the value.
        let p = position(of: "\"fractionalWidth(1/3)\"", in: gridDoc, .utf16)!
        #expect(
            hints.contains { $0["position"] == pos(p.line, p.character + 22) && $0["label"] == .string("= 130 pt") })
        #expect(c.shutdown() == 0)
    }

    /// docs/semantics.md#pixel-rounding: a cell's size and position as its view gets them (pixel-rounded at @2x),
    /// the exact layout value beside; a group's exact.
    @Test func hoverAndHintsShowPixelRoundedCells() {
        let c = LSPClient()
        c.initialize()
        let doc =
            #"{ "environments": ["iPhone SE"], "sections": [ { "group": { "direction": "horizontal", "width": "absolute(300.25)", "height": "absolute(50)", "subitems": [ { "width": "absolute(37.48)", "height": "absolute(50)", "supplementaryItems": [ { "elementKind": "badge", "width": "absolute(10.2)", "height": "absolute(10)", "containerAnchor": { "edges": "topLeading" } } ] } ] } } ] }"#
        let uri = "file:///tmp/pixels.layout.json"
        c.open(uri, doc)
        let labels =
            (c.result("textDocument/inlayHint", .object([("textDocument", docID(uri)), ("range", range(0, 0, 1, 0))]))?
            .arrayValue ?? []).compactMap { $0["label"]?.stringValue }
        #expect(labels.contains("= 37.5 pt (exact 37.48)") && labels.contains("= 10 pt (exact 10.2)"), "\(labels)")
        #expect(labels.contains("= 300.25 pt"), "a group's size is its layout size: \(labels)")
        let item = position(of: #""width": "absolute(37.48)""#, in: doc, .utf16)!
        let hi =
            c.result("textDocument/hover", tdp(uri, item.line, item.character + 2))?["contents"]?["value"]?.stringValue
            ?? ""
        #expect(hi.contains("37.5 (exact 37.48)×50"), "\(hi)")
        let badge = position(of: #""elementKind": "badge""#, in: doc, .utf16)!
        let hb =
            c.result("textDocument/hover", tdp(uri, badge.line, badge.character + 2))?["contents"]?["value"]?
            .stringValue ?? ""
        #expect(hb.contains("10 (exact 10.2)×10") && hb.contains("at (37.5 (exact 37.48), 0)"), "\(hb)")
        #expect(c.shutdown() == 0)
    }

    /// Hover, inlay hints and symbols share indexes of the document's full result, built once per result: after an
    /// edit they must show the new sizes, not the ones cached for the text before it.
    @Test func inlayHintsFollowAnEdit() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/grid-edit.layout.json"
        c.open(uri, gridDoc)
        let hintRange: JSONValue = .object([("textDocument", docID(uri)), ("range", range(0, 0, 100, 0))])
        let before = (c.result("textDocument/inlayHint", hintRange)?.arrayValue ?? []).compactMap {
            $0["label"]?.stringValue
        }
        #expect(before.contains("= 130 pt"), "\(before)")
        _ = c.result("textDocument/documentSymbol", .object([("textDocument", docID(uri))]))
        // fractionalWidth(1/3) → fractionalWidth(1/2): the item is 195 pt wide now.
        let p = position(of: "fractionalWidth(1/3)", in: gridDoc, .utf16)!
        c.change(
            uri, version: 2,
            [.object([("range", range(p.line, p.character + 18, p.line, p.character + 19)), ("text", .string("2"))])])
        let after = (c.result("textDocument/inlayHint", hintRange)?.arrayValue ?? []).compactMap {
            $0["label"]?.stringValue
        }
        #expect(after.contains("= 195 pt"), "\(after)")
        #expect(!after.contains("= 130 pt"), "\(after)")
        #expect(c.shutdown() == 0)
    }

    /// While a value is half typed its section does not resolve: the section keeps the hints it last had (marked by a
    /// tooltip, at the values' new positions, in UTF-16 past CJK and emoji), the value being edited loses its own,
    /// the other sections show their current sizes, and once the value is whole again every hint is current.
    @Test func aSectionKeepsItsHintsWhileAValueIsHalfTyped() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/typing.layout.json"
        let whole = """
            {
              "environments": ["iPhone 12"],
              "sections": [
                { "name": "グリッド 📐", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "fractionalWidth(1/3)",
                    "subitems": [{ "width": "fractionalWidth(1/3)", "height": "fractionalHeight(1)" }] } },
                { "name": "list", "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "absolute(44)",
                    "subitems": [{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }] } }
              ]
            }
            """
        c.open(uri, whole)
        let all: JSONValue = .object([("textDocument", docID(uri)), ("range", range(0, 0, 100, 0))])
        func hints() -> [(position: JSONValue, label: String, held: Bool)] {
            (c.result("textDocument/inlayHint", all)?.arrayValue ?? []).map {
                ($0["position"] ?? .null, $0["label"]?.stringValue ?? "", $0["tooltip"] != nil)
            }
        }
        /// The end of the `n`th occurrence of `value` in `text`, as an LSP position (UTF-16).
        func end(_ value: String, in text: String, after: String? = nil) -> JSONValue {
            let p = position(of: value, in: text, .utf16, after: after)!
            return pos(p.line, p.character + value.utf16.count)
        }
        let before = hints()
        #expect(before.count == 8 && before.allSatisfy { !$0.held }, "\(before)")
        let groupHeight = end(#""fractionalWidth(1/3)""#, in: whole)
        #expect(before.contains { $0.position == groupHeight && $0.label == "= 130 pt" }, "\(before)")

        // The group's width loses its ")": "fractionalWidth(1" is no dimension, the first section does not resolve.
        let w = position(of: #""fractionalWidth(1)""#, in: whole, .utf16)!
        c.change(
            uri, version: 2,
            [.object([("range", range(w.line, w.character + 18, w.line, w.character + 19)), ("text", .string(""))])])
        let broken = whole.replacingOccurrences(
            of: #""width": "fractionalWidth(1)", "height": "fractionalWidth(1/3)""#,
            with: #""width": "fractionalWidth(1", "height": "fractionalWidth(1/3)""#)
        let typing = hints()
        // Kept: the group's height and the item's width and height, each one UTF-16 unit to the left.
        let kept = typing.filter(\.held)
        #expect(kept.count == 3, "\(typing)")
        #expect(
            kept.contains { $0.position == end(#""fractionalWidth(1/3)""#, in: broken) && $0.label == "= 130 pt" },
            "\(typing)")
        #expect(
            kept.contains { $0.position == end(#""fractionalHeight(1)""#, in: broken) && $0.label == "= 130 pt" },
            "\(typing)")
        // Not on the value being typed; the second section's hints are current.
        #expect(!typing.contains { $0.position == end(#""fractionalWidth(1""#, in: broken) }, "\(typing)")
        #expect(
            typing.contains { $0.position == end(#""absolute(44)""#, in: broken) && $0.label == "= 44 pt" && !$0.held },
            "\(typing)")
        #expect(typing.count == 7, "\(typing)")

        // The same text sent whole (a client that syncs the full text) keeps them too.
        c.change(uri, version: 3, [.object([("text", .string(broken))])])
        #expect(hints().filter(\.held).count == 3)

        // The ")" typed back: every hint is current again.
        c.change(
            uri, version: 4,
            [.object([("range", range(w.line, w.character + 18, w.line, w.character + 18)), ("text", .string(")"))])])
        let again = hints()
        #expect(again.count == 8 && again.allSatisfy { !$0.held }, "\(again)")

        // Half a new height, then whole: the kept hints give way to the new sizes (the item is 4 pt high).
        let h = position(of: #""fractionalWidth(1/3)""#, in: whole, .utf16)!
        c.change(
            uri, version: 5,
            [
                .object([
                    ("range", range(h.line, h.character + 1, h.line, h.character + 21)),
                    ("text", .string("absolute(4")),
                ])
            ])
        let half = hints()
        #expect(
            half.contains { $0.label == "= 130 pt" && $0.held } && !half.contains { $0.label == "= 4 pt" }, "\(half)")
        c.change(
            uri, version: 6,
            [.object([("range", range(h.line, h.character + 11, h.line, h.character + 11)), ("text", .string(")"))])])
        let done = hints()
        #expect(done.allSatisfy { !$0.held } && done.filter { $0.label == "= 4 pt" }.count == 2, "\(done)")

        // A section broken from the start has nothing to keep.
        let other = "file:///tmp/typing-broken.layout.json"
        c.open(other, broken)
        let fresh =
            (c.result(
                "textDocument/inlayHint", .object([("textDocument", docID(other)), ("range", range(0, 0, 100, 0))]))?
                .arrayValue ?? [])
        #expect(fresh.count == 4 && fresh.allSatisfy { $0["tooltip"] == nil }, "\(fresh)")
        #expect(c.shutdown() == 0)
    }

    @Test func quickFixAppliedRemovesTheDiagnostic() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/dup.layout.json"
        c.open(uri, duplicateDoc)
        let d = c.diagnostics(uri)?.first { $0["code"] == .string("duplicate-key") }
        #expect(d != nil)
        let actions =
            c.result(
                "textDocument/codeAction",
                .object([
                    ("textDocument", docID(uri)), ("range", d?["range"] ?? range(0, 0, 0, 0)),
                    ("context", .object([("diagnostics", .array(d.map { [$0] } ?? []))])),
                ]))?.arrayValue ?? []
        let fix = actions.first { $0["kind"] == .string("quickfix") && $0["isPreferred"] == .bool(true) }
        #expect(fix?["diagnostics"]?[0]?["code"] == .string("duplicate-key"))
        #expect(actions.contains { $0["title"]?.stringValue == "Disable duplicate-key for this line" })
        let edits = fix?["edit"]?["changes"]?[uri]?.arrayValue ?? []
        #expect(!edits.isEmpty)
        let fixed = applyLSPEdits(edits, to: duplicateDoc, .utf16)
        c.change(uri, version: 2, [.object([("text", .string(fixed))])])
        let after = diagnosticCodes(c.diagnostics(uri, version: 2))
        #expect(!after.contains("duplicate-key"))
        // source.fixAll
        c.change(uri, version: 3, [.object([("text", .string(duplicateDoc))])])
        let all =
            c.result(
                "textDocument/codeAction",
                .object([
                    ("textDocument", docID(uri)), ("range", range(0, 0, 0, 0)),
                    ("context", .object([("diagnostics", .array([])), ("only", .array([.string("source.fixAll")]))])),
                ]))?.arrayValue ?? []
        #expect(all.count == 1 && all.first?["kind"] == .string("source.fixAll.layoutlint"))
        // Its pick is kept per lint: after an edit that fixes the finding, no fix-all is offered (and before the
        // edit is linted, none from the old text: the request waits for the lint).
        let fixAllEdits = all.first?["edit"]?["changes"]?[uri]?.arrayValue ?? []
        c.change(uri, version: 4, [.object([("text", .string(applyLSPEdits(fixAllEdits, to: duplicateDoc, .utf16)))])])
        let none =
            c.result(
                "textDocument/codeAction",
                .object([
                    ("textDocument", docID(uri)), ("range", range(0, 0, 0, 0)),
                    ("context", .object([("diagnostics", .array([])), ("only", .array([.string("source.fixAll")]))])),
                ]))?.arrayValue ?? []
        #expect(none.isEmpty, "\(none)")
        #expect(c.shutdown() == 0)
    }

    /// A client that does not take `CodeAction` literals (no `codeActionLiteralSupport`, LSP before 3.8) gets the same
    /// actions as `Command`s; executing one makes the server send the edit with `workspace/applyEdit`, computed again
    /// for the text the action was offered for. One text gets at most one such edit (this client takes no versioned
    /// edits: a second would land on the text the first changed); a stale, forged or reopened-document command is
    /// refused, as is one queued before a change; a client that cannot apply edits is offered none.
    @Test func aClientWithoutCodeActionLiteralsGetsCommands() {
        let c = LSPClient()
        let caps = c.initialize(capabilities: J(#"{ "workspace": { "applyEdit": true } }"#))?["capabilities"]
        #expect(
            caps?["executeCommandProvider"]?["commands"]?.arrayValue?.contains(.string("layoutlint.applyCodeAction"))
                == true)
        #expect(caps?["codeActionProvider"] == .bool(true), "CodeActionOptions are for clients that take literals")
        let uri = "file:///tmp/commands.layout.json"
        func commands(_ d: JSONValue?) -> [JSONValue] {
            c.result(
                "textDocument/codeAction",
                .object([
                    ("textDocument", docID(uri)), ("range", d?["range"] ?? range(0, 0, 0, 0)),
                    ("context", .object([("diagnostics", .array(d.map { [$0] } ?? []))])),
                ]))?.arrayValue ?? []
        }
        func execute(_ command: JSONValue) -> JSONValue? {
            c.request(
                "workspace/executeCommand",
                .object([("command", command["command"] ?? .null), ("arguments", command["arguments"] ?? .null)]))
        }
        c.open(uri, duplicateDoc)
        let d = c.diagnostics(uri)?.first { $0["code"] == .string("duplicate-key") }
        let offered = commands(d)
        #expect(
            offered.count >= 2
                && offered.allSatisfy {
                    $0["command"] == .string("layoutlint.applyCodeAction") && $0["edit"] == nil && $0["kind"] == nil
                }, "\(offered)")
        guard let fix = offered.first(where: { $0["title"]?.stringValue?.hasPrefix("Disable") == false }),
            let disable = offered.first(where: { $0["title"]?.stringValue?.hasPrefix("Disable") == true })
        else {
            Issue.record("no fix and disable among \(offered)"); return
        }
        #expect(execute(fix)?["result"] == .null)
        let apply = c.waitFor { $0["method"] == .string("workspace/applyEdit") && $0["id"] != nil }
        #expect(apply?["params"]?["label"] == fix["title"])
        let edits = apply?["params"]?["edit"]?["changes"]?[uri]?.arrayValue ?? []
        #expect(!edits.isEmpty)
        // A second action for the same text, before the client's change arrives: refused.
        #expect(execute(disable)?["error"]?["code"] == .int(-32801))
        c.sendRaw(RPC.frame(RPC.response(id: apply?["id"] ?? .null, result: .object([("applied", .bool(true))]))))
        c.change(uri, version: 2, [.object([("text", .string(applyLSPEdits(edits, to: duplicateDoc, .utf16)))])])
        #expect(!diagnosticCodes(c.diagnostics(uri, version: 2)).contains("duplicate-key"))
        // The same command again: the document is at version 2 now.
        #expect(execute(fix)?["error"]?["code"] == .int(-32801))
        // Arguments the server did not give: refused.
        var forged = fix["arguments"]?.arrayValue ?? []
        if forged.count == 7 { forged[1] = .int(2); forged[5] = .string("Delete everything") }
        #expect(
            c.request(
                "workspace/executeCommand", .object([("command", fix["command"]!), ("arguments", .array(forged))]))?[
                    "error"]?["code"] == .int(-32801))
        // Closed and opened again at version 1 with the old text: the old command names another opening.
        c.notify("textDocument/didClose", .object([("textDocument", docID(uri))]))
        c.open(uri, duplicateDoc)
        _ = c.diagnostics(uri, version: 1)
        #expect(execute(fix)?["error"]?["code"] == .int(-32801))
        // A command queued before a change in the same read is refused (the change is not applied yet).
        let again = commands(d).first { $0["title"] == fix["title"] }
        let run = RPC.request(
            id: .string("run"), "workspace/executeCommand",
            .object([("command", again?["command"] ?? .null), ("arguments", again?["arguments"] ?? .null)]))
        c.sendRaw(
            RPC.frame(run)
                + RPC.frame(
                    RPC.notification(
                        "textDocument/didChange",
                        J(#"{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"text":"{ }"}]}"#))))
        #expect(c.waitFor { $0["id"] == .string("run") }?["error"]?["code"] == .int(-32801))
        #expect(c.result("layoutlint/stats") != nil)
        #expect(!c.inbox.contains { $0["method"] == .string("workspace/applyEdit") })
        #expect(c.shutdown() == 0)
        // A client that can neither take literals nor apply an edit is offered nothing.
        let bare = LSPClient()
        #expect(bare.initialize(capabilities: J(#"{}"#))?["capabilities"]?["codeActionProvider"] == nil)
        bare.open(uri, duplicateDoc)
        _ = bare.diagnostics(uri)
        let none = bare.result(
            "textDocument/codeAction",
            .object([
                ("textDocument", docID(uri)), ("range", range(0, 0, 99, 0)),
                ("context", .object([("diagnostics", .array([]))])),
            ]))
        #expect(none == .array([]), "\(String(describing: none))")
        #expect(bare.shutdown() == 0)
    }

    /// A client that takes `documentChanges` gets quick fixes, fix-all and rename as edits of the version they were
    /// computed from (it refuses them for a newer text); one that does not gets `changes`.
    @Test func editsNameTheirVersionWhenTheClientTakesDocumentChanges() {
        let c = LSPClient()
        c.initialize(
            capabilities: J(
                #"{ "workspace": { "workspaceEdit": { "documentChanges": true } }, "textDocument": { "codeAction": { "codeActionLiteralSupport": { "codeActionKind": { "valueSet": ["quickfix"] } } } } }"#
            ))
        let uri = "file:///tmp/dup-versioned.layout.json"
        c.open(uri, duplicateDoc)
        c.change(uri, version: 7, [.object([("text", .string(duplicateDoc + " "))])])
        let d = c.diagnostics(uri, version: 7)?.first { $0["code"] == .string("duplicate-key") }
        let actions =
            c.result(
                "textDocument/codeAction",
                .object([
                    ("textDocument", docID(uri)), ("range", d?["range"] ?? range(0, 0, 0, 0)),
                    ("context", .object([("diagnostics", .array(d.map { [$0] } ?? []))])),
                ]))?.arrayValue ?? []
        let fix = actions.first { $0["kind"] == .string("quickfix") && $0["isPreferred"] == .bool(true) }
        #expect(fix?["edit"]?["changes"] == nil)
        let change = fix?["edit"]?["documentChanges"]?[0]
        #expect(
            change?["textDocument"]?["uri"] == .string(uri) && change?["textDocument"]?["version"] == .int(7),
            "\(String(describing: fix))")
        let edits = change?["edits"]?.arrayValue ?? []
        #expect(!edits.isEmpty)
        let fixed = applyLSPEdits(edits, to: duplicateDoc + " ", .utf16)
        c.change(uri, version: 8, [.object([("text", .string(fixed))])])
        #expect(!diagnosticCodes(c.diagnostics(uri, version: 8)).contains("duplicate-key"))
        #expect(c.shutdown() == 0)
    }

    /// `relatedInformation` only for a client that says it takes it (a capability not named is one it lacks).
    @Test func relatedInformationOnlyWhenTheClientTakesIt() {
        for (caps, expected) in [
            (#"{}"#, false), (#"{ "textDocument": { "publishDiagnostics": { "relatedInformation": true } } }"#, true),
        ] {
            let c = LSPClient()
            c.initialize(capabilities: J(caps))
            let uri = "file:///tmp/related-\(expected).layout.json"
            c.open(uri, duplicateDoc)
            let d = c.diagnostics(uri)?.first { $0["code"] == .string("duplicate-key") }
            #expect(d != nil && (d?["relatedInformation"] != nil) == expected, "\(caps): \(String(describing: d))")
            #expect(c.shutdown() == 0)
        }
    }

    /// More `$ref` targets than a list holds (500): what is typed filters them before the cut, so the 600th
    /// definition can be completed (every answer was the first 500).
    @Test func aLongCompletionListIsFilteredByWhatIsTyped() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/many-defs.layout.json"
        let defs = (0..<600).map { String(format: "\"d%03d\": { \"width\": 1, \"height\": 1 }", $0) }.joined(
            separator: ",\n")
        let text =
            "{ \"definitions\": {\n\(defs)\n},\n\"sections\": [ { \"group\": { \"direction\": \"horizontal\", \"width\": 1, \"height\": 1, \"subitems\": [ { \"$ref\": \"#/definitions/d59\" } ] } } ] }"
        c.open(uri, text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = lines.count - 1
        let col = (lines[line] as Substring).utf16.count - "\" } ] } } ] }".utf16.count
        let r = c.result("textDocument/completion", tdp(uri, line, col))
        let labels = (r?["items"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue }
        #expect(labels.contains("#/definitions/d599"), "\(labels.count) items: \(labels.prefix(5))")
        #expect(!labels.contains("#/definitions/d000"))
        #expect(c.shutdown() == 0)
    }

    /// No completion inside a comment (a `/` typed there is a trigger character too), and the comment's end.
    @Test func noCompletionInComments() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/comments.layout.json"
        let text = "{ \"sections\": [ {\n  // a note /\n  /* block */ \"name\": \"a\",\n  \n  \"group\": {} } ] }"
        c.open(uri, text)
        func labels(_ line: Int, _ ch: Int) -> [String] { c.completionLabels(uri, line, ch) }
        #expect(labels(1, 4).isEmpty && labels(1, 12).isEmpty, "in the line comment, and at its end")
        #expect(labels(2, 6).isEmpty, "in the block comment")
        #expect(labels(3, 2).contains("itemCount"), "on the empty line of the section: its keys")
        #expect(c.shutdown() == 0)
    }

    @Test func completion() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/grid.layout.json"
        c.open(uri, gridDoc)
        func labels(_ line: Int, _ ch: Int) -> [String] { c.completionLabels(uri, line, ch) }
        // In the group, on the "direction" key: group keys not yet present.
        let k = position(of: "\"direction\": \"horizontal\"", in: gridDoc, .utf16)!
        let keys = labels(k.line, k.character + 2)
        #expect(keys.contains("interItemSpacing") && keys.contains("direction") && !keys.contains("width"), "\(keys)")
        // The direction value: the enum.
        let v = position(of: "\"horizontal\"", in: gridDoc, .utf16)!
        #expect(Set(labels(v.line, v.character + 3)) == ["horizontal", "vertical", "custom"])
        // A dimension: the forms, as snippets (the client supports them).
        let w = position(of: "\"fractionalWidth(1/3)\"", in: gridDoc, .utf16)!
        let items = c.result("textDocument/completion", tdp(uri, w.line, w.character + 3))?["items"]?.arrayValue ?? []
        #expect(items.contains { $0["label"] == .string("estimated(44)") && $0["insertTextFormat"] == .int(2) })
        // A $ref: the definitions.
        let r = position(of: "\"#/definitions/cell\"", in: gridDoc, .utf16)!
        #expect(labels(r.line, r.character + 3).contains("#/definitions/cell"))
        // Environment presets in the environments array.
        let e = position(of: "\"iPhone 12\"", in: gridDoc, .utf16)!
        #expect(labels(e.line, e.character + 2).contains("iPad landscape"))
        // A key spelt with the Kelvin sign (U+212A, canonically equivalent to "K") is not `elementKind` (keys compare
        // by code points: an unknown property), so `elementKind` is still offered beside it.
        let kelvin = "file:///tmp/kelvin.layout.json"
        c.open(
            kelvin,
            "{ \"sections\": [ { \"boundarySupplementaryItems\": [ { \"element\u{212A}ind\": \"h\",\n   } ] } ] }")
        let kelvinLabels = c.completionLabels(kelvin, 1, 2)
        #expect(kelvinLabels.contains("elementKind") && kelvinLabels.contains("alignment"), "\(kelvinLabels)")
        #expect(c.shutdown() == 0)
    }

    /// A document typed from the top in an editor that does not close brackets: the cursor at the end of the text,
    /// inside objects still open. The root's keys were offered everywhere (even as a value: `"direction": "$schema": `),
    /// as an unclosed container ends at its last token, where the cursor is.
    @Test(arguments: ["", "\n"])
    func completionAtTheEndOfADocumentStillOpen(_ tail: String) {
        let c = LSPClient()
        c.initialize()
        func labels(_ text: String) -> [String] {
            let uri = "file:///tmp/open\(text.utf8.count)-\(tail.count).layout.json"
            c.open(uri, text + tail)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let p = (lines.count - 1, lines.last!.utf16.count)
            return (c.result("textDocument/completion", tdp(uri, p.0, p.1))?["items"]?.arrayValue ?? []).compactMap {
                $0["label"]?.stringValue
            }
        }
        let start = "{\n  \"sections\": [\n    {\n      \"group\": {\n        "
        let value = labels(start + "\"direction\": \"")
        #expect(Set(value) == ["horizontal", "vertical", "custom"], "\(value)")
        let key = labels(start + "\"")
        #expect(key.contains("direction") && key.contains("subitems") && !key.contains("$schema"), "\(key)")
        let width = labels(start + "\"direction\": \"horizontal\",\n        \"width\": ")
        #expect(width.contains("fractionalWidth(1)"), "\(width)")
        #expect(c.shutdown() == 0)
    }

    /// A `$ref`'s completion offers the definitions that fit where it is: insets in `contentInsets`, elements in a
    /// subitem (an item's definition offered in insets was two errors once accepted).
    @Test func refCompletionFitsThePlace() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/refs.layout.json"
        let text =
            ##"{ "definitions": { "cell": { "width": "absolute(10)", "height": "absolute(10)" }, "pad": { "top": 8 } }, "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(10)", "subitems": [ { "$ref": "#/x" }, { "width": "absolute(10)", "height": "absolute(10)", "contentInsets": { "$ref": "#/y" } } ] } } ] }"##
        c.open(uri, text)
        func labels(_ needle: String) -> [String] {
            let p = position(of: needle, in: text, .utf16)!
            return (c.result("textDocument/completion", tdp(uri, p.line, p.character + 3))?["items"]?.arrayValue ?? [])
                .compactMap { $0["label"]?.stringValue }
        }
        #expect(labels(##""#/x""##) == ["#/definitions/cell"])
        #expect(labels(##""#/y""##) == ["#/definitions/pad"])
        #expect(c.shutdown() == 0)
    }

    @Test func completionWithoutSnippetSupport() {
        let c = LSPClient()
        c.initialize(capabilities: J("{}"))
        let uri = "file:///tmp/grid.layout.json"
        c.open(uri, gridDoc)
        let w = position(of: "\"fractionalWidth(1/3)\"", in: gridDoc, .utf16)!
        let items = c.result("textDocument/completion", tdp(uri, w.line, w.character + 3))?["items"]?.arrayValue ?? []
        #expect(!items.isEmpty && items.allSatisfy { $0["insertTextFormat"] == nil })
        #expect(c.shutdown() == 0)
    }

    @Test func documentSymbols() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/grid.layout.json"
        c.open(uri, gridDoc)
        let syms = c.result("textDocument/documentSymbol", .object([("textDocument", docID(uri))]))?.arrayValue ?? []
        let names = syms.compactMap { $0["name"]?.stringValue }
        #expect(names == ["definitions", "grid", "list"], "\(names)")
        let grid = syms.first { $0["name"] == .string("grid") }
        #expect(grid?["children"]?[0]?["name"]?.stringValue?.hasPrefix("group") == true)
        #expect(grid?["children"]?[0]?["detail"]?.stringValue?.contains("390×130") == true)
        #expect(c.shutdown() == 0)
    }

    /// Names from the document were symbol names and lens titles as written: an ESC or a
    /// right-to-left override reached terminal clients' outlines raw, an all-space name broke LSP's rule for
    /// `DocumentSymbol.name`, and a `$ref` label showed the pointer's `~1` escapes.
    @Test func documentSymbolNamesAreLabels() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/names.layout.json"
        let text = #"""
            { "environments": [ { "name": "env\u001b[31m", "width": 390, "height": 844 } ],
              "definitions": { "a/b~c": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }, " ": { "width": 1, "height": 1 } },
              "sections": [ { "name": "   ", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)",
                                                         "subitems": [ { "$ref": "#/definitions/a~1b~0c" } ] } },
                            { "name": "x\u202Ey\u0085z", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)",
                                                         "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } } ] }
            """#
        c.open(uri, text)
        let syms = c.result("textDocument/documentSymbol", .object([("textDocument", docID(uri))]))?.arrayValue ?? []
        var all: [String] = []
        func walk(_ s: JSONValue) {
            if let n = s["name"]?.stringValue { all.append(n) }
            if let d = s["detail"]?.stringValue { all.append(d) }
            for ch in s["children"]?.arrayValue ?? [] { walk(ch) }
        }
        syms.forEach(walk)
        #expect(all.contains("(unnamed)"), "\(all)")
        #expect(all.allSatisfy { !$0.allSatisfy(\.isWhitespace) }, "\(all)")
        let bad: Set<UInt32> = [0x1B, 0x202E, 0x85]
        #expect(!all.contains { $0.unicodeScalars.contains { bad.contains($0.value) } }, "\(all)")
        #expect(all.contains { $0.hasPrefix("x\u{FFFD}y\u{FFFD}z") }, "\(all)")
        #expect(all.contains { $0.hasSuffix("→ a/b~c") }, "\(all)")
        let lenses = c.result("textDocument/codeLens", .object([("textDocument", docID(uri))]))?.arrayValue ?? []
        let titles = lenses.compactMap { $0["command"]?["title"]?.stringValue }
        #expect(!titles.isEmpty && titles.allSatisfy { !$0.unicodeScalars.contains { $0.value == 0x1B } }, "\(titles)")
        #expect(c.shutdown() == 0)
    }

    @Test func definitionReferencesRenameAndLinks() {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/grid.layout.json"
        c.open(uri, gridDoc)
        let r = position(of: "#/definitions/cell", in: gridDoc, .utf16)!
        let def = c.result("textDocument/definition", tdp(uri, r.line, r.character + 3))
        let cellLine = position(of: "\"cell\"", in: gridDoc, .utf16)!
        #expect(def?["uri"] == .string(uri))
        #expect(def?["range"]?["start"] == pos(cellLine.line, cellLine.character))
        let refs =
            c.result(
                "textDocument/references",
                .object([
                    ("textDocument", docID(uri)), ("position", pos(cellLine.line, cellLine.character + 2)),
                    ("context", .object([("includeDeclaration", .bool(true))])),
                ]))?.arrayValue ?? []
        #expect(refs.count == 3) // the key and two $refs
        let prep = c.result("textDocument/prepareRename", tdp(uri, cellLine.line, cellLine.character + 2))
        #expect(prep?["placeholder"] == .string("cell"))
        let edit = c.result(
            "textDocument/rename",
            .object([
                ("textDocument", docID(uri)), ("position", pos(r.line, r.character + 3)), ("newName", .string("tile")),
            ]))
        let edits = edit?["changes"]?[uri]?.arrayValue ?? []
        #expect(edits.count == 3)
        let renamed = applyLSPEdits(edits, to: gridDoc, .utf16)
        #expect(
            renamed.contains("\"tile\": {") && renamed.components(separatedBy: "#/definitions/tile").count == 3
                && !renamed.contains("cell"))
        let links = c.result("textDocument/documentLink", .object([("textDocument", docID(uri))]))?.arrayValue ?? []
        #expect(links.count == 2)
        #expect(links.first?["target"] == .string("\(uri)#L\(cellLine.line + 1)"))
        #expect(text(in: links.first?["range"], of: gridDoc, .utf16) == "#/definitions/cell")
        #expect(c.shutdown() == 0)
    }

    /// Two definitions whose names are canonically equivalent ("café" with a precomposed é, and with e + U+0301) are
    /// two definitions: references of one do not list the `$ref`s of the other, renaming one rewrites only its own
    /// `$ref`s (the other's were rewritten too, and `--fix` then removed the other definition as unused), and renaming
    /// one to the other's spelling is refused as a name that exists.
    @Test func renameAndReferencesTellCanonicallyEquivalentNamesApart() {
        let nfc = "caf\u{E9}", nfd = "cafe\u{301}"
        let item = #"{ "width": "fractionalWidth(0.5)", "height": "fractionalHeight(1)" }"#
        let doc =
            ##"{ "environments": ["iPhone 12"], "definitions": { "\##(nfc)": \##(item), "\##(nfd)": \##(item) }, "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "$ref": "#/definitions/\##(nfc)" }, { "$ref": "#/definitions/\##(nfd)/" } ] } } ] }"##
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/nf-rename.layout.json"
        c.open(uri, doc)
        let key = position(of: "\"\(nfc)\": {", in: doc, .utf16)!
        let refs =
            c.result(
                "textDocument/references",
                .object([
                    ("textDocument", docID(uri)), ("position", pos(key.line, key.character + 2)),
                    ("context", .object([("includeDeclaration", .bool(true))])),
                ]))?.arrayValue ?? []
        #expect(refs.count == 2, "the key and its one $ref: \(refs)")
        let edit = c.result(
            "textDocument/rename",
            .object([
                ("textDocument", docID(uri)), ("position", pos(key.line, key.character + 2)), ("newName", .string("x")),
            ]))
        let renamed = applyLSPEdits(edit?["changes"]?[uri]?.arrayValue ?? [], to: doc, .utf16)
        #expect(
            renamed.contains(#""x": {"#) && renamed.contains("#/definitions/x\"")
                && renamed.contains("#/definitions/\(nfd)/\""), "\(renamed)")
        #expect(renamed.contains("\"\(nfd)\": {"), "the other definition keeps its name")
        let clash = c.request(
            "textDocument/rename",
            .object([
                ("textDocument", docID(uri)), ("position", pos(key.line, key.character + 2)), ("newName", .string(nfd)),
            ]))
        #expect(
            clash?["error"]?["message"]?.stringValue?.contains("already exists") == true, "\(String(describing: clash))"
        )
        #expect(c.shutdown() == 0)
    }

    @Test func stats() {
        let c = LSPClient()
        c.initialize()
        #expect(c.result("layoutlint/stats")?["lastChange"] == .null)
        let uri = "file:///tmp/grid.layout.json"
        c.open(uri, gridDoc, version: 3)
        _ = c.diagnostics(uri)
        let s = c.result("layoutlint/stats")
        #expect(s?["documents"] == .int(1))
        let lc = s?["lastChange"]
        #expect(lc?["uri"] == .string(uri) && lc?["version"] == .int(3))
        #expect(lc?["sectionsResolved"] == .int(2) && lc?["sectionsReused"] == .int(0))
        for k in ["parseMicros", "resolveMicros", "lintMicros"] { #expect(lc?[k]?.intValue != nil) }
        #expect(c.shutdown() == 0)
    }
}

@Suite struct ConfigurationTests {
    /// Two folders whose names are canonically equivalent (NFC and NFD "café"), each with its own config, the NFD one
    /// broken: each document is linted with its own folder's config. The server's config maps were keyed by `String`
    /// paths, which took the two for one: the NFD document got the NFC folder's environments.
    @Test func canonicallyEquivalentFoldersKeepTheirOwnConfigs() {
        let dir = TempFolder()
        defer { dir.cleanup() }
        let nfc = "caf\u{E9}", nfd = "cafe\u{301}"
        dir.write(nfc + "/.layoutlint.json", #"{ "environments": ["iPad"] }"#)
        dir.write(nfd + "/.layoutlint.json", #"{ "environments": ["iPhone SE"], }}"#)
        for f in [nfc, nfd] { dir.write(f + "/a.layout.json", overflowDoc) }
        func uri(_ name: String) -> String {
            "file://" + (dir.path + "/" + name).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!
        }
        let c = LSPClient()
        c.initialize(rootURI: uri(""))
        var seen: [String] = []
        for f in [nfc, nfd] {
            c.open(uri(f + "/a.layout.json"), overflowDoc)
            let ds = c.diagnostics(uri(f + "/a.layout.json")) ?? []
            seen.append(
                ds.compactMap { $0["message"]?.stringValue }.first { $0.hasSuffix(")") }.map { String($0.suffix(12)) }
                    ?? "none")
        }
        #expect(seen[0].hasSuffix("(iPad)") && seen[1].hasSuffix("(iPhone 12)"), "\(seen)")
        #expect(c.shutdown() == 0)
    }

    @Test func configChangeRelintsAndBrokenConfigIsReported() {
        let dir = TempFolder()
        defer { dir.cleanup() }
        dir.write(".layoutlint.json", #"{ "rules": { "group-overflow": "off" } }"#)
        dir.write("a.layout.json", overflowDoc)
        let c = LSPClient()
        let r = c.initialize(rootURI: "file://" + dir.path)
        _ = r
        let uri = dir.uri("a.layout.json")
        c.open(uri, overflowDoc)
        let before = diagnosticCodes(c.diagnostics(uri))
        #expect(!before.contains("group-overflow"))
        // The server asked to watch the config files.
        // (Answered with null by the test client.)
        dir.write(".layoutlint.json", #"{ "rules": { "group-overflow": "error" } }"#)
        c.notify(
            "workspace/didChangeWatchedFiles", J(#"{"changes":[{"uri":"\#(dir.uri(".layoutlint.json"))","type":2}]}"#))
        let ds = c.diagnostics(uri) ?? []
        #expect(ds.contains { $0["code"] == .string("group-overflow") && $0["severity"] == .int(1) }, "\(ds)")
        // Broken config: a diagnostic on the config's own URI; the last good config stays in force.
        dir.write(".layoutlint.json", #"{ "rules": { "group-overflow": "loud" } }"#)
        c.notify("workspace/didChangeConfiguration", J(#"{"settings":{}}"#))
        let cfg = c.diagnostics(dir.uri(".layoutlint.json")) ?? []
        #expect(cfg.contains { $0["severity"] == .int(1) }, "\(cfg)")
        let again = c.diagnostics(uri) ?? []
        #expect(again.contains { $0["code"] == .string("group-overflow") && $0["severity"] == .int(1) })
        #expect(c.shutdown() == 0)
    }

    /// A folder added to the workspace after `initialize` gets its own `.layoutlint.json` (a file outside every
    /// workspace folder takes none): its open documents are linted again with it.
    @Test func aWorkspaceFolderAddedLaterGetsItsConfig() {
        let a = TempFolder(), b = TempFolder()
        defer { a.cleanup(); b.cleanup() }
        b.write(".layoutlint.json", #"{ "rules": { "group-overflow": "off" } }"#)
        b.write("x.layout.json", overflowDoc)
        let c = LSPClient()
        let r = c.initialize(rootURI: "file://" + a.path)
        #expect(r?["capabilities"]?["workspace"]?["workspaceFolders"]?["changeNotifications"] == .bool(true))
        let uri = b.uri("x.layout.json")
        c.open(uri, overflowDoc)
        #expect(diagnosticCodes(c.diagnostics(uri)).contains("group-overflow"), "outside the workspace: no config")
        c.notify(
            "workspace/didChangeWorkspaceFolders",
            .object([
                (
                    "event",
                    .object([
                        ("added", .array([.object([("uri", .string("file://" + b.path)), ("name", .string("b"))])])),
                        ("removed", .array([])),
                    ])
                )
            ]))
        let after = c.diagnostics(uri)
        #expect(
            after != nil && !diagnosticCodes(after).contains("group-overflow"),
            "its folder's config applies: \(String(describing: after))")
        #expect(c.shutdown() == 0)
    }

    /// Removing the workspace folder "café" (é precomposed) leaves "cafe\u{301}", another folder, in the workspace:
    /// the folders were compared as `String`s, so both went, and the second one's documents lost its config.
    @Test func removingAFolderKeepsItsLookAlike() {
        let dir = TempFolder()
        defer { dir.cleanup() }
        let nfc = "caf\u{E9}", nfd = "cafe\u{301}"
        dir.write(nfc + "/.layoutlint.json", "{}")
        dir.write(nfd + "/.layoutlint.json", #"{ "rules": { "group-overflow": "off" } }"#)
        dir.write("other/.layoutlint.json", "{}")
        let c = LSPClient()
        let folders = [nfc, nfd, "other"].map {
            JSONValue.object([("uri", .string(dir.uri($0))), ("name", .string($0))])
        }
        _ = c.result(
            "initialize",
            .object([("processId", .null), ("capabilities", .object([])), ("workspaceFolders", .array(folders))]))
        c.notify("initialized")
        let uri = dir.uri(nfd + "/x.layout.json")
        c.open(uri, overflowDoc)
        #expect(!diagnosticCodes(c.diagnostics(uri)).contains("group-overflow"), "its folder's config applies")
        c.notify(
            "workspace/didChangeWorkspaceFolders",
            .object([
                (
                    "event",
                    .object([
                        ("added", .array([])),
                        ("removed", .array([.object([("uri", .string(dir.uri(nfc))), ("name", .string(nfc))])])),
                    ])
                )
            ]))
        c.change(uri, version: 2, [.object([("text", .string(overflowDoc + " "))])])
        let after = c.diagnostics(uri, version: 2)
        #expect(
            after != nil && !diagnosticCodes(after).contains("group-overflow"),
            "still in the workspace: \(String(describing: after))")
        #expect(c.shutdown() == 0)
    }

    /// A config change that re-lints open documents asks a client that can for fresh inlay hints and lenses (they
    /// show the sizes and previews of the config's environments).
    @Test func configChangeRefreshesInlayHintsAndLenses() {
        let dir = TempFolder()
        defer { dir.cleanup() }
        dir.write("a.layout.json", overflowDoc)
        let c = LSPClient()
        c.initialize(
            capabilities: J(
                #"{ "workspace": { "inlayHint": { "refreshSupport": true }, "codeLens": { "refreshSupport": true } } }"#
            ), rootURI: "file://" + dir.path)
        let uri = dir.uri("a.layout.json")
        c.open(uri, overflowDoc)
        _ = c.diagnostics(uri)
        dir.write(".layoutlint.json", #"{ "environments": ["iPad"] }"#)
        c.notify(
            "workspace/didChangeWatchedFiles", J(#"{"changes":[{"uri":"\#(dir.uri(".layoutlint.json"))","type":1}]}"#))
        #expect(c.waitFor { $0["method"] == .string("workspace/inlayHint/refresh") } != nil)
        #expect(c.waitFor { $0["method"] == .string("workspace/codeLens/refresh") } != nil)
        #expect(c.shutdown() == 0)
    }
}

@Suite struct RandomEditTests {
    /// 1 000 random edits (inserts, deletes, replacements, some with CJK and emoji and line breaks) to an example:
    /// every published or pulled diagnostic range must lie inside the text of its version, on character boundaries.
    @Test func thousandRandomEditsNeverGiveARangeOutsideTheDocument() throws {
        let c = LSPClient()
        c.initialize()
        let uri = "file:///tmp/random.layout.json"
        var current = try String(contentsOfFile: examplePath("app-store.layout.json"), encoding: .utf8)
        var texts: [Int: String] = [1: current]
        c.open(uri, current)
        var rng = SplitMix(seed: 0x5eed)
        let pieces = [
            "", "{", "}", "[", "]", ",", ":", "\"", "\"width\": ", "\"absolute(10)\"", "12", "\n", "\r\n", "日本", "😀",
            "é", " ", "//", "/*", "*/", "null", "\"$ref\": \"#/definitions/cover\"",
        ]
        var version = 1
        for i in 0..<1000 {
            version += 1
            let lines = splitLines(current)
            func randomPos() -> (Int, Int) {
                let l = Int(rng.next() % UInt64(lines.count))
                // Mostly valid positions; sometimes past the end of the line or the document (the server clamps).
                let len = units(lines[l], .utf16)
                var ch = Int(rng.next() % UInt64(len + 1))
                // Move off a surrogate pair's middle.
                while !isValidPosition(pos(l, ch), in: current, .utf16) { ch -= 1 }
                return (l, ch)
            }
            var a = randomPos(), b = randomPos()
            if (b.0, b.1) < (a.0, a.1) { swap(&a, &b) }
            if rng.next() % 3 == 0 { b = a } // pure insert
            let piece = pieces[Int(rng.next() % UInt64(pieces.count))]
            let edit = J(
                #"{"range":\#(range(a.0, a.1, b.0, b.1).serialized()),"text":\#(JSONValue.string(piece).serialized())}"#
            )
            current = applyLSPEdits(
                [.object([("range", edit["range"]!), ("newText", .string(piece))])], to: current, .utf16)
            texts[version] = current
            c.change(uri, version: version, [edit])
            if i % 100 == 99 {
                let pulled = c.result("textDocument/diagnostic", .object([("textDocument", docID(uri))]))
                for d in pulled?["items"]?.arrayValue ?? [] {
                    #expect(
                        isValidPosition(d["range"]?["start"], in: current, .utf16)
                            && isValidPosition(d["range"]?["end"], in: current, .utf16),
                        "pulled \(d.serialized()) at version \(version)")
                }
            }
        }
        // Wait for the last version's publication, then check every publication against its version's text.
        _ = c.diagnostics(uri, version: version, timeout: 20)
        #expect(!c.published.isEmpty)
        var checked = 0
        for p in c.published {
            guard let params = p["params"], let v = params["version"]?.intValue, let t = texts[Int(v)] else { continue }
            for d in params["diagnostics"]?.arrayValue ?? [] {
                checked += 1
                #expect(
                    isValidPosition(d["range"]?["start"], in: t, .utf16)
                        && isValidPosition(d["range"]?["end"], in: t, .utf16),
                    "published \(d.serialized()) at version \(v)")
            }
        }
        #expect(checked > 0)
        // The server's text equals ours: a full-document edit from the start to the end gives the same diagnostics as a fresh open.
        let final = c.result("textDocument/diagnostic", .object([("textDocument", docID(uri))]))
        c.open("file:///tmp/random-copy.layout.json", current)
        let copy = c.result(
            "textDocument/diagnostic", .object([("textDocument", docID("file:///tmp/random-copy.layout.json"))]))
        #expect(final?["items"]?.arrayValue?.map { $0["range"] } == copy?["items"]?.arrayValue?.map { $0["range"] })
        #expect(c.shutdown() == 0)
    }
}

extension Array where Element == UInt8 {
    func contains(subsequence n: [UInt8]) -> Bool {
        guard !n.isEmpty, n.count <= count else { return n.isEmpty }
        return (0...(count - n.count)).contains { self[$0..<($0 + n.count)].elementsEqual(n) }
    }
}
