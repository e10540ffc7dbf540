// Review C finding 8: previews of same-named documents in different folders shared one file; the preview folder was
// left behind on SIGTERM, and the folders of dead servers were never removed.
import Foundation
import PlainJSON
import Testing

@Suite struct PreviewFileTests {
    func preview(_ c: LSPClient, _ uri: String) -> String? {
        c.result(
            "workspace/executeCommand",
            .object([("command", .string("layoutlint.preview")), ("arguments", .array([.string(uri)]))]))?["uri"]?
            .stringValue
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
        let folder = pa.map { URL(string: $0)!.deletingLastPathComponent().path } ?? ""
        #expect(folder.hasPrefix(tmp.path + "/layoutlint-preview-\(c.pid)-"), "\(folder)")
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
            usleep(20_000) // distinct modification times
        }
        #expect(files.count == 6)
        let folder = URL(string: files[0])!.deletingLastPathComponent().path
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != ".lock" }.sorted()
        #expect(left == files.suffix(3).map { URL(string: $0)!.lastPathComponent }.sorted(), "\(left)")
        _ = c.shutdown()
    }

    /// The folder had a fixed name, `layoutlint-preview-PID`: whoever made it first (another user, or a symlink by
    /// that name) got the previews, and pruning deleted the `.svg` files of the folder a symlink named.
    /// Now `mkdtemp` makes it, readable by its user only, and pruning removes preview files only.
    @Test func aFolderOrSymlinkMadeBeforehandGetsNoPreview() throws {
        let tmp = TempFolder()
        defer { tmp.cleanup() }
        let victim = tmp.url.appendingPathComponent("icons")
        try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: true)
        for n in ["logo.svg", "icon.svg", "diagram.svg"] {
            FileManager.default.createFile(atPath: victim.appendingPathComponent(n).path, contents: Data("<svg/>".utf8))
        }
        let c = LSPClient(environment: ["TMPDIR": tmp.path, "LAYOUTLINT_MAX_PREVIEWS": "1"])
        c.initialize()
        try FileManager.default.createSymbolicLink(
            atPath: tmp.path + "/layoutlint-preview-\(c.pid)", withDestinationPath: victim.path)
        var written: [String] = []
        for i in 0..<3 {
            let uri = "file:///tmp/q\(i).layout.json"
            c.open(uri, gridDoc)
            if let f = preview(c, uri) { written.append(f) }
        }
        #expect(written.count == 3)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: victim.path).sorted() == [
                "diagram.svg", "icon.svg", "logo.svg",
            ])
        let folder = URL(string: written[0])!.deletingLastPathComponent().path
        #expect(!folder.hasPrefix(victim.path) && folder != tmp.path + "/layoutlint-preview-\(c.pid)", "\(folder)")
        var st = stat()
        #expect(
            lstat(folder, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR && st.st_mode & 0o777 == 0o700,
            "\(String(st.st_mode, radix: 8))")
        #expect(c.shutdown() == 0)
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    /// A preview in an environment the document does not list linted it with bare options: it outlined a rule the
    /// config turns off. And a long environment name made a file name over 255 bytes.
    @Test func aPreviewInAnotherEnvironmentUsesTheConfig() throws {
        let tmp = TempFolder()
        defer { tmp.cleanup() }
        tmp.write("ws/.layoutlint.json", #"{ "rules": { "group-overflow": "off" } }"#)
        tmp.write("ws/a.layout.json", overflowDoc)
        let c = LSPClient(environment: ["TMPDIR": tmp.path])
        c.initialize()
        let uri = tmp.uri("ws/a.layout.json")
        c.open(uri, overflowDoc)
        for env in ["iPad", "iPhone 12"] {
            let r = c.result(
                "workspace/executeCommand",
                .object([
                    ("command", .string("layoutlint.preview")),
                    ("arguments", .array([.string(uri), .string(env)])),
                ]))
            let file = try #require(r?["uri"]?.stringValue.flatMap { URL(string: $0) }, "\(String(describing: r))")
            let svg = try String(contentsOf: file, encoding: .utf8)
            #expect(svg.contains("<svg") && !svg.contains("data-rule=\"group-overflow\""), "\(env)")
        }
        // A long environment name (the document's own) still gets a file.
        let long = String(repeating: "E", count: 300)
        let doc = #"{ "environments": [ { "name": "\#(long)", "width": 390, "height": 844 } ], "sections": [] }"#
        c.open(tmp.uri("ws/b.layout.json"), doc)
        let r = c.result(
            "workspace/executeCommand",
            .object([
                ("command", .string("layoutlint.preview")),
                ("arguments", .array([.string(tmp.uri("ws/b.layout.json")), .string(long)])),
            ]))
        #expect(r?["uri"]?.stringValue?.hasSuffix(".svg") == true, "\(String(describing: r))")
        #expect(c.shutdown() == 0)
    }

    @Test func theFoldersOfDeadServersAreRemovedAtStart() throws {
        let tmp = TempFolder()
        defer { tmp.cleanup() }
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = tmp.url.appendingPathComponent("layoutlint-preview-\(gone.processIdentifier)-a1B2c3")
        let alive = tmp.url.appendingPathComponent("layoutlint-preview-\(getpid())") // this test process: alive
        for d in [dead, alive] {
            try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
            FileManager.default.createFile(
                atPath: d.appendingPathComponent("old.svg").path, contents: Data("<svg/>".utf8))
        }
        // By their lock: a folder whose `.lock` is held lives, whatever its pid says (a
        // server in another PID namespace); a free lock is a dead server's.
        let held = tmp.url.appendingPathComponent("layoutlint-preview-\(gone.processIdentifier)-held00")
        let free = tmp.url.appendingPathComponent("layoutlint-preview-\(getpid())-free00")
        var fds: [Int32] = []
        for d in [held, free] {
            try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
            fds.append(open(d.appendingPathComponent(".lock").path, O_CREAT | O_RDWR, 0o600))
        }
        #expect(flock(fds[0], LOCK_EX) == 0)
        close(fds[1])
        let c = LSPClient(environment: ["TMPDIR": tmp.path])
        c.initialize()
        #expect(c.shutdown() == 0)
        close(fds[0])
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: alive.path))
        #expect(FileManager.default.fileExists(atPath: held.path))
        #expect(!FileManager.default.fileExists(atPath: free.path))
    }
}
