// Faults: a client that dies, a disk that fails, a config that breaks mid-session; the server keeps answering.
import Foundation
import PlainJSON
import JSONRPC
import Testing

@Suite struct HostileFaultTests {
    @Test func endOfInputWithoutExitIsAClean() {
        let s = HostileServer()
        s.proveAlive()
        s.closeInput()
        let code = s.waitForExit(timeout: 10)
        // LSP: exit code 1 when the input ends without shutdown; never a signal, never a hang.
        #expect(code == 1, "exit \(code.map(String.init) ?? "none (hung)")")
    }

    @Test func endOfInputAfterShutdownIsZero() {
        let s = HostileServer()
        #expect(s.request("shutdown", nil)?["result"] == .null)
        s.closeInput()
        #expect(s.waitForExit(timeout: 10) == 0)
    }

    @Test func clientGoneSIGPIPE() {
        let s = HostileServer()
        s.proveAlive()
        // The client stops reading: close our read end of the server's stdout, then make it write a lot.
        try? s.stdoutPipe.fileHandleForReading.close()
        for i in 0..<200 {
            s.sendRaw(
                RPC.frame(
                    RPC.request(
                        id: .int(Int64(90_000 + i)), "textDocument/documentSymbol",
                        .object([("textDocument", .object([("uri", .string(probeURI))]))]))))
        }
        s.closeInput()
        s.process.waitUntilExit()
        #expect(s.process.terminationReason == .exit, "the server died of signal \(s.process.terminationStatus)")
        #expect(s.process.terminationStatus == 1)
    }

    @Test func floodOfTenThousandChanges() {
        let s = HostileServer(environment: ["LAYOUTLINT_DEBOUNCE_MS": "300"])
        let uri = "file:///tmp/layoutlint-hostile-flood.layout.json"
        s.open(uri, probeDoc)
        _ = s.request("textDocument/diagnostic", .object([("textDocument", .object([("uri", .string(uri))]))]))
        let before = s.residentKB() ?? 0
        var batch: [UInt8] = []
        for v in 2...10_001 {
            // Replace the name of section "a" with the version, as one ranged edit (line 3, characters 14..<15+).
            let text =
                v == 10_001
                ? probeDoc.replacingOccurrences(of: "\"name\": \"c\"", with: "\"name\": \"last\"")
                : probeDoc + String(repeating: " ", count: v % 50)
            batch += RPC.frame(
                RPC.notification(
                    "textDocument/didChange",
                    .object([
                        ("textDocument", .object([("uri", .string(uri)), ("version", .int(Int64(v)))])),
                        ("contentChanges", .array([.object([("text", .string(text))])])),
                    ])))
            if batch.count > 1 << 20 { s.sendRaw(batch); batch = [] }
        }
        s.sendRaw(batch)
        let r = s.request(
            "textDocument/documentSymbol", .object([("textDocument", .object([("uri", .string(uri))]))]), timeout: 30)
        let names = r?["result"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(names.contains("last"), "\(r?.serialized().prefix(300) ?? "no response")")
        // Wait past the debounce: the last version is published; few (debounced) versions before it.
        let last = s.waitFor(timeout: 10) {
            $0["method"]?.stringValue == "textDocument/publishDiagnostics"
                && $0["params"]?["version"]?.intValue == 10_001
        }
        #expect(last != nil, "version 10001 was never published")
        usleep(400_000)
        s.pump(timeoutMillis: 50)
        let published = s.inbox.filter {
            $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == uri
        }
        let versions = published.compactMap { $0["params"]?["version"]?.intValue }
        #expect(versions.count <= 20, "\(versions.count) intermediate versions published: \(versions.prefix(20))")
        #expect(versions.allSatisfy { $0 <= 10_001 })
        let after = s.residentKB() ?? 0
        // 10 000 versions of a 1 kB document are ~10 MB of text: memory must not keep them.
        #expect(after - before < 64 * 1024, "VmRSS grew from \(before) kB to \(after) kB")
        s.proveAlive()
        s.shutdownCleanly()
    }

    @Test func requestCancelledMidResolve() {
        let s = HostileServer()
        let uri = "file:///tmp/layoutlint-hostile-big.layout.json"
        let sections = Array(repeating: section, count: 3000).joined(separator: ",")
        s.open(uri, "{\"environments\": [\"iPhone 12\", \"iPad\"], \"sections\": [\(sections)]}")
        // The diagnostic request and its cancellation arrive together: the server must answer -32800 (or the
        // result, had it finished first), never nothing.
        let id = 77_777
        let req = RPC.frame(
            RPC.request(
                id: .int(Int64(id)), "textDocument/diagnostic",
                .object([("textDocument", .object([("uri", .string(uri))]))])))
        let cancel = RPC.frame(RPC.notification("$/cancelRequest", .object([("id", .int(Int64(id)))])))
        s.sendRaw(req + cancel)
        let r = s.response(id, timeout: 30)
        #expect(
            r?["error"]?["code"]?.intValue == -32800 || r?["result"]?["items"] != nil,
            "\(r?.serialized().prefix(300) ?? "no response")")
        // A cancellation of something that already finished, or never existed, is harmless.
        s.notify("$/cancelRequest", .object([("id", .int(Int64(id)))]))
        s.notify("$/cancelRequest", .object([("id", .string("never"))]))
        let again = s.request(
            "textDocument/diagnostic", .object([("textDocument", .object([("uri", .string(uri))]))]), timeout: 30)
        #expect(again?["result"]?["items"] != nil)
        s.proveAlive()
        s.shutdownCleanly()
    }

    @Test func configDeletedOrInvalidWhileServing() {
        let t = HostileTemp()
        defer { t.cleanup() }
        t.write(".layoutlint.json", bytes(#"{ "rules": { "group-overflow": "off" } }"#))
        let docPath = t.write("a.layout.json", bytes(probeDoc))
        _ = docPath
        let s = HostileServer()
        let uri = t.uri("a.layout.json")
        s.open(uri, probeDoc)
        func codes() -> [String] {
            let r = s.request("textDocument/diagnostic", .object([("textDocument", .object([("uri", .string(uri))]))]))
            return r?["result"]?["items"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? ["<no answer>"]
        }
        #expect(!codes().contains("group-overflow"), "the config turns group-overflow off")
        // Invalid config: a diagnostic on the config file, the last good config still applies.
        t.write(".layoutlint.json", bytes(#"{ "rules": { "group-overflow": "sometimes" }, "#))
        s.notify(
            "workspace/didChangeWatchedFiles",
            JV(#"{"changes": [{"uri": "\#(t.uri(".layoutlint.json"))", "type": 2}]}"#))
        let configDiags = s.waitFor(timeout: 10) {
            $0["method"]?.stringValue == "textDocument/publishDiagnostics"
                && $0["params"]?["uri"]?.stringValue == t.uri(".layoutlint.json")
        }
        #expect(
            (configDiags?["params"]?["diagnostics"]?.arrayValue?.count ?? 0) > 0, "no diagnostic on the broken config")
        #expect(!codes().contains("group-overflow"), "the last good config no longer applies")
        s.proveAlive()
        // Deleted: the server keeps serving (defaults apply), the config's diagnostics are cleared.
        try? FileManager.default.removeItem(atPath: t.path + "/.layoutlint.json")
        s.notify(
            "workspace/didChangeWatchedFiles",
            JV(#"{"changes": [{"uri": "\#(t.uri(".layoutlint.json"))", "type": 3}]}"#))
        let cleared = s.waitFor(timeout: 10) {
            $0["method"]?.stringValue == "textDocument/publishDiagnostics"
                && $0["params"]?["uri"]?.stringValue == t.uri(".layoutlint.json")
                && $0["params"]?["diagnostics"]?.arrayValue?.isEmpty == true
        }
        let lastForConfig = s.inbox.last { $0["params"]?["uri"]?.stringValue == t.uri(".layoutlint.json") }
        #expect(
            cleared != nil,
            "the broken config's diagnostics were not cleared after it was deleted; last published: \(lastForConfig?.serialized().prefix(400) ?? "nothing")"
        )
        #expect(codes().contains("group-overflow"), "without a config, group-overflow is on again")
        // The config is a directory now: still serving.
        try? FileManager.default.createDirectory(
            atPath: t.path + "/.layoutlint.json", withIntermediateDirectories: true)
        s.notify(
            "workspace/didChangeWatchedFiles",
            JV(#"{"changes": [{"uri": "\#(t.uri(".layoutlint.json"))", "type": 1}]}"#))
        _ = codes()
        s.proveAlive()
        s.shutdownCleanly()
    }

    @Test func outOfRangeEditsClampAndMatchAFreshLint() {
        let s = HostileServer()
        let uri = "file:///tmp/layoutlint-hostile-edits.layout.json"
        s.open(uri, "{ \"sections\": [] }")
        // Past the end of the document: appended at the end (LSP clamps); before the start: at the start.
        s.notify(
            "textDocument/didChange",
            JV(
                #"{"textDocument": {"uri": "\#(uri)", "version": 2}, "contentChanges": [{"range": {"start": {"line": 500, "character": 9}, "end": {"line": 900, "character": 0}}, "text": "\n// tail"}, {"range": {"start": {"line": 0, "character": 400}, "end": {"line": 0, "character": 401}}, "text": " "}]}"#
            ))
        let syms = s.request(
            "textDocument/documentSymbol", .object([("textDocument", .object([("uri", .string(uri))]))]))
        #expect(syms?["result"] != nil)
        let d = s.request("textDocument/diagnostic", .object([("textDocument", .object([("uri", .string(uri))]))]))
        #expect(d?["result"]?["items"]?.arrayValue != nil, "\(d?.serialized() ?? "no response")")
        s.proveAlive()
        s.shutdownCleanly()
    }
}
