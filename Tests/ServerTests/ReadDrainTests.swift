// Review C finding 6: the read loop drained up to 256 MiB of input (4 096 reads of 64 KiB) into its queue before
// handling any of it (VmHWM 559 MB for 315 MB of `$/cancelRequest`). It now handles the queue after 4 MiB.
import Foundation
import PlainJSON
import JSONRPC
import LayoutLintServer
import Testing

/// Runs the server in process with its input read from a file (always readable: the loop never waits, so how much
/// it reads before handling is up to the loop alone); returns every message it wrote.
func runFromFile(_ input: [UInt8]) -> [JSONValue] {
    let dir = FileManager.default.temporaryDirectory
    let inURL = dir.appendingPathComponent("layoutlint-drain-in-\(UUID().uuidString)")
    let outURL = dir.appendingPathComponent("layoutlint-drain-out-\(UUID().uuidString)")
    FileManager.default.createFile(atPath: inURL.path, contents: Data(input))
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    defer {
        try? FileManager.default.removeItem(at: inURL)
        try? FileManager.default.removeItem(at: outURL)
    }
    let inFD = open(inURL.path, O_RDONLY)
    let out = open(outURL.path, O_WRONLY)
    _ = runLanguageServer(input: inFD, output: out)
    close(out)
    close(inFD)
    var framer = MessageFramer(maxMessageSize: 1 << 30)
    return framer.feed(Array((try? Data(contentsOf: outURL)) ?? Data())).compactMap { e -> JSONValue? in
        if case .frame(let b) = e { return try? JSONValue.parse(b) }
        return nil
    }
}

@Suite struct ReadDrainTests {
    @Test func theQueueIsHandledAfterAFewMegabytes() {
        var input: [UInt8] = []
        input += RPC.frame(RPC.request(id: .int(1), "initialize", J(#"{"capabilities":{}}"#)))
        input += RPC.frame(RPC.request(id: .int(2), "layoutlint/stats", nil))
        let cancel = RPC.frame(
            RPC.notification("$/cancelRequest", .object([("id", .string("no-such-request-0000000000"))])))
        while input.count < 12 << 20 { input += cancel }
        input += RPC.frame(RPC.request(id: .int(3), "layoutlint/stats", nil))
        input += RPC.frame(RPC.request(id: .int(4), "shutdown", nil))
        input += RPC.frame(RPC.notification("exit", .object([])))
        let out = runFromFile(input)
        let first = out.first { $0["id"] == .int(2) }?["result"]?["inputBytesRead"]?.intValue
        let last = out.first { $0["id"] == .int(3) }?["result"]?["inputBytesRead"]?.intValue
        // The first stats request was answered after at most 4 MiB (and one read) of input, not after all 12 MiB.
        #expect(first != nil && first! <= (4 << 20) + (64 << 10), "answered after \(first ?? -1) bytes")
        #expect(last != nil && last! >= 12 << 20)
        #expect(out.first { $0["id"] == .int(4) }?["result"] == .null)
    }
}
