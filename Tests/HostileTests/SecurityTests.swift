// Security guards: what a client or a document can make the server or the CLI read, write or run is bounded
// and stays inside the workspace.
import Foundation
import PlainJSON
import JSONRPC
import Testing

@Suite struct HostileSecurityTests {
    /// No shell-outs: nothing in Sources/ starts a process.
    @Test func noShellOuts() throws {
        let sources = hostileRepoRoot.appendingPathComponent("Sources")
        let e = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        var offenders: [String] = []
        let patterns = [
            "Process(", "system(", "popen(", "posix_spawn", "execv(", "execvp(", "execl(", "fork()", "NSTask",
        ]
        for case let url as URL in e
        where url.pathExtension == "swift" || url.pathExtension == "c" || url.pathExtension == "h" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                for p in patterns where code.contains(p) {
                    offenders.append("\(url.lastPathComponent):\(n + 1): \(line)")
                }
            }
        }
        #expect(offenders.isEmpty, "shell-outs in Sources/: \(offenders)")
    }

    /// `$ref` never opens a file or URL: a reference to a file that exists and is valid JSON is still unresolved.
    @Test func refToAnExistingFileIsNotOpened() {
        let t = HostileTemp()
        defer { t.cleanup() }
        let target = t.write(
            "target.json", bytes(#"{ "definitions": { "cell": { "width": "absolute(1)", "height": "absolute(1)" } } }"#)
        )
        let doc = t.write(
            "doc.layout.json",
            bytes(
                #"{ "sections": [{ "name": "s", "group": { "direction": "horizontal", "width": "absolute(1)", "height": "absolute(1)", "subitems": [{ "$ref": "\#(target)#/definitions/cell" }, { "$ref": "target.json#/definitions/cell" }, { "$ref": "file://\#(target)#/definitions/cell" }] } }] }"#
            ))
        let r = runCLI(["lint", "--format", "json", doc])
        let unresolved = r.diagnostics.filter { ($0["rule"] as? String) == "unresolved-ref" }
        #expect(unresolved.count == 3, "\(r.diagnostics)")
        let s = HostileServer()
        s.open(
            t.uri("doc.layout.json"),
            String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: doc))) ?? Data(), as: UTF8.self))
        let d = s.request(
            "textDocument/diagnostic",
            .object([("textDocument", .object([("uri", .string(t.uri("doc.layout.json")))]))]))
        let codes = d?["result"]?["items"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
        #expect(codes.filter { $0 == "unresolved-ref" }.count == 3, "\(codes)")
        // documentLink offers no link to the file either (links are in-document only).
        let links = s.request(
            "textDocument/documentLink",
            .object([("textDocument", .object([("uri", .string(t.uri("doc.layout.json")))]))]))
        let targets = links?["result"]?.arrayValue?.compactMap { $0["target"]?.stringValue } ?? []
        #expect(
            !targets.contains { $0.contains("target.json") && !$0.hasPrefix(t.uri("doc.layout.json")) }, "\(targets)")
        s.shutdownCleanly()
    }
}

extension HostileSecurityTests {
    /// The preview command writes only inside its own temporary folder, whatever the names in the document say.
    @Test func previewWritesOnlyIntoItsTemporaryFolder() {
        let s = HostileServer()
        let uri = "file:///tmp/..%2F..%2Fetc%2Fx/../../evil.layout.json"
        s.open(
            uri,
            ##"{ "environments": [{ "name": "../../../../tmp/escaped", "width": 390, "height": 844 }], "sections": [{ "name": "s", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }] } }] }"##
        )
        let r = s.request(
            "workspace/executeCommand",
            .object([
                ("command", .string("layoutlint.preview")),
                ("arguments", .array([.string(uri), .string("../../../../tmp/escaped"), .string("/sections/0")])),
            ]))
        let written = r?["result"]?["uri"]?.stringValue ?? ""
        // Its own folder: `layoutlint-preview-PID-XXXXXX` (mkdtemp) in the temporary folder.
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("layoutlint-preview-\(s.pid)-")
            .absoluteString
        let rest = written.hasPrefix(prefix) ? written.dropFirst(prefix.count) : ""
        #expect(
            rest.split(separator: "/").count == 2 && rest.split(separator: "/")[0].count == 6,
            "the preview went to \(written) (\(r?.serialized().prefix(300) ?? "no response"))")
        s.proveAlive()
        let folder = URL(string: written)?.deletingLastPathComponent().path ?? "/nonexistent"
        #expect(FileManager.default.fileExists(atPath: folder))
        s.shutdownCleanly()
        #expect(!FileManager.default.fileExists(atPath: folder), "the preview folder is removed when the server exits")
    }
}
