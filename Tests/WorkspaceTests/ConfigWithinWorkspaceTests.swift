// `findConfig(forFile:within:)`: the language server's config lookup, confined to the workspace folders the client
// named (issue 7: `serve` reads only the documents the client sent and the config files in the workspace).
import Foundation
import Testing
import LayoutLintCore
@testable import LayoutLintWorkspace

@Suite struct ConfigWithinWorkspaceUnit {
    @Test func theWalkStopsAtTheWorkspaceFolder() {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.write(".layoutlint.json", "{}") // above the workspace: never read
        dir.mkdir("ws/sub")
        let ws = dir.path + "/ws"
        #expect(findConfig(forFile: ws + "/sub/x.layout.json", within: [ws]) == nil)
        #expect(
            findConfig(forFile: ws + "/sub/x.layout.json") == dir.path + "/.layoutlint.json",
            "(without a workspace: as before)")
        #expect(findConfig(forFile: ws + "/sub/x.layout.json", within: nil) == dir.path + "/.layoutlint.json")
        dir.write("ws/.layoutlint.json", "{}") // the workspace folder's own config counts
        #expect(findConfig(forFile: ws + "/sub/x.layout.json", within: [ws]) == ws + "/.layoutlint.json")
        #expect(
            findConfig(forFile: ws + "/sub/x.layout.json", within: [ws + "/"]) == ws + "/.layoutlint.json",
            "a trailing slash")
        dir.write("ws/sub/.layoutlint.json", "{}")
        #expect(
            findConfig(forFile: ws + "/sub/x.layout.json", within: [ws]) == ws + "/sub/.layoutlint.json",
            "the nearest wins")
    }

    @Test func aFileOutsideEveryWorkspaceFolderGetsNone() {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.write("other/.layoutlint.json", "{}")
        dir.write("wsb/.layoutlint.json", "{}")
        dir.mkdir("ws")
        #expect(findConfig(forFile: dir.path + "/other/x.layout.json", within: [dir.path + "/ws"]) == nil)
        // Component by component: /…/ws does not hold /…/wsb.
        #expect(findConfig(forFile: dir.path + "/wsb/x.layout.json", within: [dir.path + "/ws"]) == nil)
        #expect(
            findConfig(forFile: dir.path + "/ws/../other/x.layout.json", within: [dir.path + "/ws"]) == nil, "dot-dot")
        // Several folders: the one that holds the file.
        #expect(
            findConfig(forFile: dir.path + "/wsb/x.layout.json", within: [dir.path + "/ws", dir.path + "/wsb"]) == dir
                .path + "/wsb/.layoutlint.json")
        #expect(
            findConfig(forFile: dir.path + "/other/x.layout.json", within: []) == nil,
            "an empty workspace holds nothing")
    }

    /// Folders "café" (é precomposed) and "cafe\u{301}" are two folders: a file in the second is outside a workspace
    /// that is the first (path components were compared as `String`s, so its config was read).
    @Test func aLookAlikeFolderIsNotInsideTheWorkspace() {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.mkdir("caf\u{E9}")
        dir.write("cafe\u{301}/.layoutlint.json", "{}")
        #expect(findConfig(forFile: dir.path + "/cafe\u{301}/x.layout.json", within: [dir.path + "/caf\u{E9}"]) == nil)
        #expect(
            findConfig(forFile: dir.path + "/cafe\u{301}/x.layout.json", within: [dir.path + "/cafe\u{301}"]) != nil)
    }

    @Test func nestedFoldersAndTheRepositoryRoot() {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.write("outer/.layoutlint.json", "{}")
        dir.mkdir("outer/inner/.git")
        // Both folders are workspace folders: the innermost holds the file, and .git inside it still ends the walk.
        #expect(
            findConfig(
                forFile: dir.path + "/outer/inner/x.layout.json",
                within: [dir.path + "/outer", dir.path + "/outer/inner"]) == nil)
        #expect(
            findConfig(
                forFile: dir.path + "/outer/y.layout.json", within: [dir.path + "/outer", dir.path + "/outer/inner"])
                == dir.path + "/outer/.layoutlint.json")
    }
}
