// Review C finding 8: previews of same-named documents in different folders shared one file; the preview folder was
// left behind on SIGTERM, and the folders of dead servers were never removed.
import Foundation
import JSONC
import Testing

@Suite struct PreviewFileTests {
    func preview(_ c: LSPClient, _ uri: String) -> String? {
        c.result("workspace/executeCommand", .object([("command", .string("layoutlint.preview")), ("arguments", .array([.string(uri)]))]))?["uri"]?.stringValue
    }

    @Test func sameNamedDocumentsHaveTheirOwnPreviewAndSIGTERMRemovesTheFolder() {
        let tmp = TempFolder()
        defer { tmp.cleanup() }
        let c = LSPClient(environment: ["TMPDIR": tmp.path])
        c.initialize()
        let a = "file:///tmp/a/x.layout.json", b = "file:///tmp/b/x.layout.json"
        c.open(a, gridDoc)
        c.open(b, overflowDoc)
        let pa = preview(c, a), pb = preview(c, b)
        #expect(pa != nil && pb != nil && pa != pb)
        #expect(pa.map { $0.hasSuffix(".svg") && $0.contains("/x.") } == true)
        #expect(preview(c, a) == pa) // the same document keeps its file
        let folder = tmp.url.appendingPathComponent("layoutlint-preview-\(c.pid)").path
        #expect(FileManager.default.fileExists(atPath: folder))
        kill(c.pid, SIGTERM)
        let code = c.waitForExit()
        #expect(code == 128 + SIGTERM, "\(c.stderrText.suffix(1500))")
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    /// Previews of many documents keep only the newest `LAYOUTLINT_MAX_PREVIEWS` files (64 by default).
    @Test func previewFilesAreCapped() throws {
        let tmp = TempFolder()
        defer { tmp.cleanup() }
        let c = LSPClient(environment: ["TMPDIR": tmp.path, "LAYOUTLINT_MAX_PREVIEWS": "3"])
        c.initialize()
        var files: [String] = []
        for i in 0..<6 {
            let uri = "file:///tmp/p\(i).layout.json"
            c.open(uri, gridDoc)
            if let f = preview(c, uri) { files.append(f) }
            usleep(20_000)   // distinct modification times
        }
        #expect(files.count == 6)
        let folder = tmp.url.appendingPathComponent("layoutlint-preview-\(c.pid)").path
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(left == files.suffix(3).map { URL(string: $0)!.lastPathComponent }.sorted(), "\(left)")
        _ = c.shutdown()
    }

    @Test func theFoldersOfDeadServersAreRemovedAtStart() throws {
        let tmp = TempFolder()
        defer { tmp.cleanup() }
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = tmp.url.appendingPathComponent("layoutlint-preview-\(gone.processIdentifier)")
        let alive = tmp.url.appendingPathComponent("layoutlint-preview-\(getpid())") // this test process: alive
        for d in [dead, alive] {
            try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: d.appendingPathComponent("old.svg").path, contents: Data("<svg/>".utf8))
        }
        let c = LSPClient(environment: ["TMPDIR": tmp.path])
        c.initialize()
        #expect(c.shutdown() == 0)
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: alive.path))
    }
}
