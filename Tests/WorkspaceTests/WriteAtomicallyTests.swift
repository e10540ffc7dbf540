// LayoutLintWorkspace: atomic writes for `lint --fix` (a file that changed meanwhile, symlinks, permissions, the
// metadata kept).
import Foundation
import Testing
import LayoutLintCore
@testable import LayoutLintWorkspace

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

@Suite struct WriteAtomicallyMetadata {
    @Test(arguments: [0o6755, 0o2755, 0o4644, 0o6644, 0o1644, 0o640] as [Int])
    func modeIncludingSetIdBitsIsKept(_ mode: Int) throws {
        let dir = ScratchDir(); defer { dir.cleanup() }
        let p = dir.write("a.layout.json", "{ \"old\": 1 }\n", mode: mode)
        try writeAtomically(p, Array("{}\n".utf8), expected: Array("{ \"old\": 1 }\n".utf8))
        #expect(Int(statOf(p).st_mode & 0o7777) == mode, "\(String(statOf(p).st_mode & 0o7777, radix: 8))")
    }

    @Test func aFileWithTwoHardLinksIsRefused() {
        let dir = ScratchDir(); defer { dir.cleanup() }
        let p = dir.write("a.layout.json", "{ \"old\": 1 }\n")
        #expect(link(p, dir.path + "/b.layout.json") == 0)
        #expect {
            try writeAtomically(p, Array("{}\n".utf8), expected: Array("{ \"old\": 1 }\n".utf8))
        } throws: { ($0 as? WorkspaceError)?.message.contains("2 hard links") == true }
        #expect(bytes(p) == Array("{ \"old\": 1 }\n".utf8))
        #expect(statOf(p).st_nlink == 2)
        #expect(dir.listing() == ["a.layout.json", "b.layout.json"])
    }
}
