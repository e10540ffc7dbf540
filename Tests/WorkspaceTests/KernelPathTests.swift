// LayoutLintWorkspace and the kernel's view of paths: `symlink/..`, a file reached twice, folders that cannot be
// walked, the temporary file's name.
import Foundation
import Testing
import LayoutLintCore
@testable import LayoutLintWorkspace

@Suite struct KernelPathUnit {
    /// `standardizedFileURL` made `lnk/../a.layout.json` the folder holding `lnk`; the kernel reads `real/a.layout.json`.
    @Test func configDiscoveryResolvesDotDotAfterTheSymlink() throws {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.mkdir(".git")
        dir.mkdir("real/sub")
        dir.write("real/.layoutlint.json", "{}")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/lnk", withDestinationPath: "real/sub")
        let real = try #require(kernelPath(dir.path))
        #expect(findConfig(forFile: dir.path + "/lnk/../a.layout.json") == real + "/real/.layoutlint.json")
        #expect(
            findConfig(forFile: dir.path + "/lnk/../a.layout.json", within: [dir.path]) == real
                + "/real/.layoutlint.json")
        #expect(findConfig(forFile: dir.path + "/a.layout.json") == nil)
    }

    /// In a folder anyone may write in (world-writable and sticky, as /tmp), a config planted by another user is not
    /// taken, and the walk goes no higher: a file under /tmp with no repository above it took /tmp/.layoutlint.json.
    @Test(.enabled(if: geteuid() == 0, "needs root to give a file to another user"))
    func sharedFoldersEndTheWalkAndOthersConfigsThereAreIgnored() throws {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.write(".layoutlint.json", "{}") // above the shared folder: never reached
        dir.mkdir("shared/sub")
        chmod(dir.path + "/shared", 0o1777)
        let real = try #require(kernelPath(dir.path))
        #expect(
            findConfig(forFile: dir.path + "/shared/sub/a.layout.json") == nil, "the walk stops at the shared folder")
        dir.write("shared/.layoutlint.json", "{}")
        #expect(
            findConfig(forFile: dir.path + "/shared/sub/a.layout.json") == real + "/shared/.layoutlint.json",
            "root's own is used")
        chown(dir.path + "/shared/.layoutlint.json", 65534, 65534)
        #expect(findConfig(forFile: dir.path + "/shared/sub/a.layout.json") == nil, "another user's is not")
        #expect(findConfig(forFile: dir.path + "/shared/sub/a.layout.json", within: [dir.path]) == nil)
        // Below the shared folder, in a folder of one's own, a config is found as usual.
        dir.write("shared/sub/.layoutlint.json", "{}")
        #expect(findConfig(forFile: dir.path + "/shared/sub/a.layout.json") == real + "/shared/sub/.layoutlint.json")
    }

    /// The walk up went from a folder whose name starts with a combining mark straight to its grandparent
    /// (`NSString`'s `deletingLastPathComponent` misses a "/" joined with the mark), past the config beside it.
    @Test func theWalkUpSeesTheFolderAboveANameStartingWithACombiningMark() throws {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.mkdir(".git")
        dir.write("r/.layoutlint.json", "{}")
        dir.write("r/\u{301}sub/a.layout.json", "{}")
        let real = try #require(kernelPath(dir.path))
        #expect(findConfig(forFile: dir.path + "/r/\u{301}sub/a.layout.json") == real + "/r/.layoutlint.json")
        #expect(
            findConfig(forFile: dir.path + "/r/\u{301}sub/a.layout.json", within: [dir.path]) == real
                + "/r/.layoutlint.json")
    }

    @Test func aWorkspaceNamedThroughASymlinkHoldsItsFiles() throws {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.write("ws/.layoutlint.json", "{}")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/alias", withDestinationPath: "ws")
        let real = try #require(kernelPath(dir.path))
        #expect(
            findConfig(forFile: dir.path + "/ws/x.layout.json", within: [dir.path + "/alias"]) == real
                + "/ws/.layoutlint.json")
    }

    @Test func aFileReachedTwiceIsListedOnceUnderItsFirstName() throws {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.write("a.layout.json", "{}")
        dir.write("c.layout.json", "{}")
        try FileManager.default.createSymbolicLink(
            atPath: dir.path + "/b.layout.json", withDestinationPath: "a.layout.json")
        let (files, errors) = expandPaths([dir.path + "/c.layout.json", dir.path, dir.path + "/./a.layout.json"])
        #expect(errors.isEmpty, "\(errors)")
        #expect(files == [dir.path + "/c.layout.json", dir.path + "/a.layout.json"])
    }

    @Test func theDepthLimitIsReported() {
        let dir = ScratchDir(); defer { dir.cleanup() }
        let deep = (0..<(maxFolderDepth + 1)).map { _ in "d" }.joined(separator: "/")
        dir.write(deep + "/x.layout.json", "{}")
        dir.write("top.layout.json", "{}")
        let (files, errors) = expandPaths([dir.path])
        #expect(files == [dir.path + "/top.layout.json"])
        #expect(errors.count == 1 && errors[0].contains("folders deep"), "\(errors)")
    }

    @Test func aDanglingSymlinkOrALoopInAFolderIsSkippedSilently() throws {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.write("a.layout.json", "{}")
        try FileManager.default.createSymbolicLink(
            atPath: dir.path + "/gone.layout.json", withDestinationPath: "nowhere")
        try FileManager.default.createSymbolicLink(
            atPath: dir.path + "/self.layout.json", withDestinationPath: "self.layout.json")
        let (files, errors) = expandPaths([dir.path])
        #expect(files == [dir.path + "/a.layout.json"])
        #expect(errors.isEmpty, "\(errors)")
        // Named, it is an error.
        #expect(expandPaths([dir.path + "/gone.layout.json"]).errors.count == 1)
    }

    @Test func temporaryNamesStayWithinNameMax() {
        for base in [
            "a.layout.json", String(repeating: "x", count: 243) + ".layout.json",
            String(repeating: "é", count: 121) + "x.layout.json", String(repeating: "😀", count: 63) + ".layout.json",
        ] {
            let name = temporaryName(for: Array(base.utf8))
            #expect(name.count <= maxNameBytes, "\(base.utf8.count) → \(name.count)")
            #expect(String(validating: name, as: UTF8.self) != nil, "cut at a scalar boundary")
            #expect(name.starts(with: Array(".\(base.prefix(8))".utf8)))
            #expect(name.suffix(18).elementsEqual(".layoutlint-XXXXXX".utf8))
        }
        #expect(temporaryName(for: Array("a.layout.json".utf8)) == Array(".a.layout.json.layoutlint-XXXXXX".utf8))
    }
}
