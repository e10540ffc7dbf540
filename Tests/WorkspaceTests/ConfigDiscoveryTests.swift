// LayoutLintWorkspace: config discovery and the config cache.
import Foundation
import Testing
import LayoutLintCore
@testable import LayoutLintWorkspace

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
