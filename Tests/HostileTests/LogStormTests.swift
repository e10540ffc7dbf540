// Review C finding 11: every request or change for a document that is not open logged a line to stderr and sent a
// `window/logMessage` (16 MB of stderr for ~380 000 such messages). Lines of one kind are now rate limited.
import Foundation
import PlainJSON
import JSONRPC
import LayoutLintServer
import Testing

@Suite struct LogStormTests {
    @Test func logMessagesOfOneKindAreRateLimited() {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0)
        var messages: [JSONValue] = [
            RPC.request(id: .int(1), "initialize", JV(#"{"capabilities":{}}"#)),
            RPC.notification("initialized", .object([])),
        ]
        for i in 0..<150 {
            messages.append(
                RPC.notification(
                    "textDocument/didChange",
                    JV(
                        #"{"textDocument":{"uri":"file:///nowhere/\#(i).layout.json","version":2},"contentChanges":[{"text":"{}"}]}"#
                    )))
            messages.append(
                RPC.request(
                    id: .int(Int64(100 + i)), "textDocument/hover",
                    JV(
                        #"{"textDocument":{"uri":"file:///nowhere/\#(i).layout.json"},"position":{"line":0,"character":0}}"#
                    )))
        }
        messages.append(RPC.request(id: .int(2), "shutdown", nil))
        messages.append(RPC.notification("exit", .object([])))
        let input = messages.flatMap { RPC.frame($0) }
        precondition(input.count < 60_000)
        _ = input.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent(
            "layoutlint-logstorm-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outURL) }
        let out = open(outURL.path, O_WRONLY)
        let code = runLanguageServer(input: fds[0], output: out)
        close(out)
        close(fds[0])
        var framer = MessageFramer()
        let values = framer.feed(Array((try? Data(contentsOf: outURL)) ?? Data())).compactMap { e -> JSONValue? in
            if case .frame(let b) = e { return try? JSONValue.parse(b) }
            return nil
        }
        #expect(code == 0)
        // Every request is still answered.
        #expect(values.filter { ($0["id"]?.intValue ?? 0) >= 100 }.count == 150)
        // Two kinds, at most 10 a second each (the run may straddle a second: 2 × 2 × 10).
        let logs = values.filter { $0["method"]?.stringValue == "window/logMessage" }.count
        #expect(logs >= 2 && logs <= 40, "\(logs) log messages")
    }
}
