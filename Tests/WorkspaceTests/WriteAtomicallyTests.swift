// LayoutLintWorkspace: atomic writes for `lint --fix` (a file that changed meanwhile, symlinks, permissions),
// config discovery and the config cache.
import Foundation
import Testing
import LayoutLintCore
@testable import LayoutLintWorkspace

/// A fresh temporary folder; `cleanup()` removes it.
final class ScratchDir {
    let path: String
    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("layoutlint-ws-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    @discardableResult func write(_ name: String, _ text: String, mode: Int? = nil) -> String {
        let p = path + "/" + name
        try! FileManager.default.createDirectory(
            atPath: (p as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: p))
        if let mode { chmod(p, mode_t(mode)) }
        return p
    }
    func mkdir(_ name: String) {
        try! FileManager.default.createDirectory(atPath: path + "/" + name, withIntermediateDirectories: true)
    }
    /// Every entry of `folder` (hidden ones included), sorted.
    func listing(_ folder: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? path : path + "/" + folder)) ?? [])
            .sorted()
    }
    func cleanup() { try? FileManager.default.removeItem(atPath: path) }
}

func bytes(_ path: String) -> [UInt8] { [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()) }
func lstatOf(_ path: String) -> stat { var st = stat(); lstat(path, &st); return st }
func statOf(_ path: String) -> stat { var st = stat(); stat(path, &st); return st }

@Suite struct WriteAtomically {
    @Test func replacesTheFileByRenameKeepingItsMode() throws {
        let dir = ScratchDir(); defer { dir.cleanup() }
        let p = dir.write("a.layout.json", "{ \"old\": 1 }\n", mode: 0o640)
        let before = statOf(p)
        let new = Array("{ \"new\": 2 }\n".utf8)
        try writeAtomically(p, new, expected: Array("{ \"old\": 1 }\n".utf8))
        #expect(bytes(p) == new)
        let after = statOf(p)
        #expect(after.st_ino != before.st_ino, "a new inode: written to a temporary file and renamed over the old one")
        #expect(after.st_mode & 0o7777 == 0o640)
        #expect(dir.listing() == ["a.layout.json"], "no temporary file left")
    }

    @Test func refusesWhenTheFileChangedSinceItWasRead() {
        let dir = ScratchDir(); defer { dir.cleanup() }
        let p = dir.write("a.layout.json", "{ \"edited\": \"by someone else\" }\n", mode: 0o644)
        let before = statOf(p)
        let original = bytes(p)
        #expect(throws: WorkspaceError.self) {
            try writeAtomically(p, Array("{ \"fixed\": true }\n".utf8), expected: Array("{ \"as read\": 1 }\n".utf8))
        }
        do {
            try writeAtomically(p, Array("{}".utf8), expected: Array("{ \"as read\": 1 }\n".utf8))
        } catch {
            #expect(error.message.contains(p), "the error names the file: \(error.message)")
        }
        #expect(bytes(p) == original, "the file is untouched")
        #expect(statOf(p).st_ino == before.st_ino)
        #expect(statOf(p).st_mode & 0o7777 == 0o644)
        #expect(dir.listing() == ["a.layout.json"], "no temporary file left")
    }

    @Test func throughASymlinkTheLinkStaysALinkAndTheTargetGetsTheText() throws {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.mkdir("real")
        dir.mkdir("links")
        let target = dir.write("real/a.layout.json", "{ \"old\": 1 }\n", mode: 0o600)
        let link = dir.path + "/links/a.layout.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../real/a.layout.json")
        let new = Array("{ \"new\": 2 }\n".utf8)
        try writeAtomically(link, new, expected: Array("{ \"old\": 1 }\n".utf8))
        #expect(lstatOf(link).st_mode & S_IFMT == S_IFLNK, "the link is still a link")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../real/a.layout.json")
        #expect(bytes(target) == new, "the target got the text")
        #expect(lstatOf(target).st_mode & S_IFMT == S_IFREG)
        #expect(statOf(target).st_mode & 0o7777 == 0o600)
        #expect(dir.listing("real") == ["a.layout.json"], "no temporary file left beside the target")
        #expect(dir.listing("links") == ["a.layout.json"], "no temporary file left beside the link")
    }

    @Test func refusesAReadOnlyFile() {
        let dir = ScratchDir(); defer { dir.cleanup() }
        let p = dir.write("a.layout.json", "{ \"old\": 1 }\n", mode: 0o444)
        let original = bytes(p)
        #expect(throws: WorkspaceError.self) {
            try writeAtomically(p, Array("{}".utf8), expected: original)
        }
        #expect(bytes(p) == original)
        #expect(statOf(p).st_mode & 0o7777 == 0o444)
        #expect(dir.listing() == ["a.layout.json"])
    }
}

@Suite struct ConfigDiscoveryUnit {
    @Test func nearestConfigWinsAndTheWalkStopsAtTheRepositoryRoot() {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.write(".layoutlint.json", "{}") // above the repository: never used
        dir.mkdir("repo/.git")
        dir.write("repo/.layoutlint.json", "{}")
        dir.write("repo/sub/deeper/.layoutlint.json", "{}")
        #expect(
            findConfig(forFile: dir.path + "/repo/sub/deeper/x.layout.json") == dir.path
                + "/repo/sub/deeper/.layoutlint.json")
        #expect(findConfig(forFile: dir.path + "/repo/sub/x.layout.json") == dir.path + "/repo/.layoutlint.json")
        try? FileManager.default.removeItem(atPath: dir.path + "/repo/.layoutlint.json")
        #expect(
            findConfig(forFile: dir.path + "/repo/sub/x.layout.json") == nil,
            "the walk stops at the folder holding .git")
    }

    @Test func cacheReloadsAChangedConfigAndForgetsADeletedOne() {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.mkdir(".git")
        let cfg = dir.write(".layoutlint.json", #"{ "rules": { "group-overflow": "error" } }"#)
        let file = dir.path + "/a.layout.json"
        let cache = ConfigCache()
        let first = cache.config(forFile: file)
        #expect(first?.hasErrors == false)
        let firstSeverity: Severity?? = first?.severities["group-overflow"]
        #expect(firstSeverity == Severity??.some(.some(.error)))
        // A different size, so the change is seen even within one timestamp tick.
        dir.write(".layoutlint.json", #"{ "rules": { "group-overflow": "off", "fraction-gap": "error" } }"#)
        let second = cache.config(forFile: file)
        let secondSeverity: Severity?? = second?.severities["group-overflow"]
        #expect(secondSeverity == Severity??.some(nil), "off")
        unlink(cfg)
        #expect(cache.config(forFile: file) == nil, "a deleted config is just absent")
    }

    @Test func aDanglingConfigSymlinkIsAbsent() throws {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.mkdir(".git")
        try FileManager.default.createSymbolicLink(
            atPath: dir.path + "/.layoutlint.json", withDestinationPath: "gone.json")
        #expect(ConfigCache().config(forFile: dir.path + "/a.layout.json") == nil)
    }
}

@Suite struct ExpandPathsUnit {
    @Test func sortedExcludedAndLoopSafe() throws {
        let dir = ScratchDir(); defer { dir.cleanup() }
        for name in [
            "b.layout.json", "a.layout.jsonc", "z/c.layout.json", "z/skip/d.layout.json", "notes.json",
            ".hidden/e.layout.json",
        ] {
            dir.write(name, "{}")
        }
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/z/loop", withDestinationPath: "..")
        let (files, errors) = expandPaths([dir.path]) { $0.contains("/skip/") }
        #expect(errors.isEmpty, "\(errors)")
        #expect(files == [dir.path + "/a.layout.jsonc", dir.path + "/b.layout.json", dir.path + "/z/c.layout.json"])
    }
}
