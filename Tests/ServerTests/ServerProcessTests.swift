// The test client itself (Tests/TestSupport/ServerProcess.swift): what it writes to a server must be exactly the
// messages the test sent, whatever the server writes meanwhile.
import Foundation
import PlainJSON
import JSONRPC
import Testing
import TestSupport

@Suite struct ServerProcessTests {
    /// A server's request read while a large message is being written is answered after that message, not inside it.
    /// (It was written at once, in the middle: under load, the 340 KB didOpen of the trim test then reached
    /// `layoutlint serve` with a reply inside it, was not JSON, and the test failed once in 40 runs.) The stand-in
    /// server reads 1 000 bytes, writes a request, waits 300 ms (the pipe fills: the client polls and reads the
    /// request while it still has most of the message to write), then keeps all it reads.
    @Test func aReplyIsNotWrittenInsideAMessage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "layoutlint-client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let received = dir.appendingPathComponent("received").path
        let request = RPC.frame(RPC.request(id: .int(7), "client/registerCapability", .object([])))
        let script = dir.appendingPathComponent("server.sh").path
        try """
        head -c 1000 > '\(received)'
        printf '\(String(decoding: request, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\\r\\n"))'
        sleep 0.3
        cat >> '\(received)'
        """.write(toFile: script, atomically: true, encoding: .utf8)
        // Run by /bin/sh, not exec'd: a file just written can be "busy" for exec while another test's fork still holds
        // it open.
        let client = ServerProcess(arguments: [script], executable: "/bin/sh")
        let big = RPC.notification(
            "textDocument/didOpen", .object([("text", .string(String(repeating: "x", count: 1 << 20)))]))
        client.send(big)
        let after = RPC.notification("initialized", .object([]))
        client.send(after)
        client.closeInput()
        #expect(client.waitForExit(timeout: 20) == 0)
        #expect(client.inbox.contains { $0["id"] == .int(7) }, "the stand-in's request was read")

        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: received)))
        let reply = RPC.frame(RPC.response(id: .int(7), result: .null))
        let expected = RPC.frame(big) + reply + RPC.frame(after)
        let same = bytes == expected
        #expect(
            same,
            "\(bytes.count) bytes received, \(expected.count) expected; the first difference is at byte \(zip(bytes, expected).prefix { $0 == $1 }.count)"
        )
    }
}
