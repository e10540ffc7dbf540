// The CLI under hostile input: arguments, paths and standard input that must end in a clear error.
import Foundation
import PlainJSON
import JSONRPC
import Testing

@Suite struct HostileCLIInputTests {
    /// A device that never ends (`lint /dev/zero`) must end in a diagnostic, not in reading until memory runs out.
    @Test func endlessDevice() {
        let r = runCLI(["lint", "--format", "json", "/dev/zero"], timeout: 8, memoryLimitKB: 3_000_000)
        #expect(
            !r.signaled && !r.timedOut && (1...2).contains(r.code),
            "exit \(r.code) signaled \(r.signaled) timedOut \(r.timedOut)\n\(r.stderr.prefix(600))")
    }

    /// A 200 MB (sparse) file: over the 64 MB document limit, one diagnostic, no crash.
    @Test func fileOverTheDocumentLimit() {
        let t = HostileTemp()
        defer { t.cleanup() }
        let path = t.write("huge.layout.json", bytes("{"))
        #expect(truncate(path, 200 * 1024 * 1024) == 0)
        let r = runCLI(["lint", "--format", "json", path], timeout: 30)
        #expect(!r.signaled && !r.timedOut && r.code == 1, "exit \(r.code)\n\(r.stderr.prefix(600))")
        #expect(r.diagnostics.contains { ($0["message"] as? String)?.contains("MB") == true }, "\(r.diagnostics)")
    }

    /// A folder named like a layout file, and a dangling symlink: a diagnostic or an error message each, no crash.
    @Test func folderAndDanglingSymlink() {
        let t = HostileTemp()
        defer { t.cleanup() }
        try? FileManager.default.createDirectory(atPath: t.path + "/dir.layout.json", withIntermediateDirectories: true)
        symlink(t.path + "/nowhere", t.path + "/dangling.layout.json")
        for p in [t.path + "/dir.layout.json", t.path + "/dangling.layout.json", t.path] {
            let r = runCLI(["lint", "--format", "json", p])
            #expect(
                !r.signaled && !r.timedOut && (0...2).contains(r.code), "\(p): exit \(r.code)\n\(r.stderr.prefix(400))")
        }
    }
}
