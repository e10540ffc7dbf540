// Issue 7, point 6: `serve` reads only the documents the client sent and the config files in the workspace. A
// `.layoutlint.json` above the workspace folder, or next to a document outside every workspace folder, is not read.
//
// The lookup that confines the walk is `findConfig(forFile:within:)` (LayoutLintWorkspace) with the folders the
// server keeps from `initialize` (`LanguageServer.workspaceRoots`); `configFor` (DocumentSync.swift) passes them.
import Foundation
import PlainJSON
import Testing

@Suite struct WorkspaceConfigTests {
    static let offConfig = #"{ "rules": { "group-overflow": "off" } }"#

    /// Initializes with the given workspace (`workspaceFolders` and/or `rootUri`), opens `name` with a
    /// group-overflow error, and returns the rule ids published for it.
    func codes(_ dir: TempFolder, open name: String, folders: [String]?, rootURI: String?) -> [String] {
        let c = LSPClient()
        var params: [(String, JSONValue)] = [
            ("processId", .null), ("capabilities", .object([])),
            ("rootUri", rootURI.map { .string($0) } ?? .null),
        ]
        if let folders {
            params.append(
                ("workspaceFolders", .array(folders.map { .object([("uri", .string($0)), ("name", .string("ws"))]) })))
        }
        _ = c.result("initialize", .object(params))
        c.notify("initialized")
        c.open(dir.uri(name), overflowDoc)
        let codes = diagnosticCodes(c.diagnostics(dir.uri(name)))
        #expect(c.shutdown() == 0)
        return codes
    }

    @Test func aConfigAboveTheWorkspaceFolderIsNotRead() {
        let dir = TempFolder() // a fake repository root (.git)
        defer { dir.cleanup() }
        dir.write(".layoutlint.json", Self.offConfig)
        dir.write("ws/a.layout.json", overflowDoc)
        let byRoot = codes(dir, open: "ws/a.layout.json", folders: nil, rootURI: dir.uri("ws"))
        let byFolders = codes(dir, open: "ws/a.layout.json", folders: [dir.uri("ws")], rootURI: nil)
        #expect(byRoot.contains("group-overflow"), "the config above the workspace (rootUri) was read: \(byRoot)")
        #expect(
            byFolders.contains("group-overflow"),
            "the config above the workspace (workspaceFolders) was read: \(byFolders)")
    }

    /// A document whose name starts with a combining mark takes its own folder's config: the folder was cut at the
    /// last "/" `Character`, and "/\u{301}" is not one, so the config of the folder above applied.
    @Test func aNameStartingWithACombiningMarkTakesItsFoldersConfig() {
        let dir = TempFolder()
        defer { dir.cleanup() }
        dir.write("ws/.layoutlint.json", Self.offConfig)
        dir.write("ws/\u{301}a.layout.json", overflowDoc)
        let got = codes(dir, open: "ws/\u{301}a.layout.json", folders: [dir.uri("ws")], rootURI: nil)
        #expect(!got.contains("group-overflow"), "the config of ws/ was not read: \(got)")
        dir.write("ws/plain/\u{301}a.layout.json", overflowDoc)
        dir.write("ws/plain/.layoutlint.json", "{}")
        let plain = codes(dir, open: "ws/plain/\u{301}a.layout.json", folders: [dir.uri("ws")], rootURI: nil)
        #expect(plain.contains("group-overflow"), "published, with its own folder's (empty) config: \(plain)")
    }

    @Test func aDocumentOutsideEveryWorkspaceFolderGetsTheDefaults() {
        let dir = TempFolder()
        defer { dir.cleanup() }
        dir.write("elsewhere/.layoutlint.json", Self.offConfig)
        dir.write("elsewhere/b.layout.json", overflowDoc)
        dir.write("ws/.keep", "")
        let got = codes(dir, open: "elsewhere/b.layout.json", folders: [dir.uri("ws")], rootURI: dir.uri("ws"))
        #expect(got.contains("group-overflow"), "a config outside the workspace was read: \(got)")
    }

    /// What must keep working: the workspace's own configs, and the old lookup when the client names no workspace.
    @Test func configsInsideTheWorkspaceAndWithoutAWorkspaceStillApply() {
        let dir = TempFolder()
        defer { dir.cleanup() }
        dir.write("ws/.layoutlint.json", Self.offConfig)
        dir.write("ws/sub/a.layout.json", overflowDoc)
        #expect(
            !codes(dir, open: "ws/sub/a.layout.json", folders: [dir.uri("ws")], rootURI: dir.uri("ws")).contains(
                "group-overflow"))
        dir.write(".layoutlint.json", Self.offConfig)
        dir.write("other/c.layout.json", overflowDoc)
        #expect(
            !codes(dir, open: "other/c.layout.json", folders: nil, rootURI: nil).contains("group-overflow"),
            "without a workspace the walk goes up to the repository root, as before")
        // Control: the document does have the error when no config applies.
        let plain = TempFolder()
        defer { plain.cleanup() }
        plain.write("d.layout.json", overflowDoc)
        #expect(codes(plain, open: "d.layout.json", folders: nil, rootURI: nil).contains("group-overflow"))
    }
}
