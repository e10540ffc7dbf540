// LayoutLintWorkspace and the kernel's view of paths (review B): `symlink/..`, a file reached twice, folders that
// cannot be walked, metadata kept by `writeAtomically`, the temporary file's name.
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

@Suite struct ExpandPathsErrors {
    /// A path over PATH_MAX (20 folders of 250 bytes) was skipped silently: stat failed and the entry was "not there".
    @Test func aPathTooLongToLookAtIsAnError() throws {
        let dir = ScratchDir(); defer { dir.cleanup() }
        let component = String(repeating: "d", count: 250)
        var fd = open(dir.path, O_RDONLY | O_DIRECTORY)
        #expect(fd >= 0)
        for _ in 0..<20 {
            #expect(mkdirat(fd, component, 0o755) == 0)
            let next = openat(fd, component, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
        }
        let file = openat(fd, "x.layout.json", O_CREAT | O_WRONLY, 0o644)
        #expect(file >= 0)
        close(file)
        close(fd)
        dir.write("a.layout.json", "{}")
        let (files, errors) = expandPaths([dir.path])
        #expect(files == [dir.path + "/a.layout.json"])
        #expect(errors.contains { $0.contains(String(cString: strerror(ENAMETOOLONG))) }, "\(errors)")
        // (FileManager cannot remove what it cannot name either: clean up from the bottom with the *at calls.)
        removeTree(dir.path, component, depth: 20)
    }
}

/// Removes `depth` nested folders `component` below `root`, and the file at the bottom, without long paths.
private func removeTree(_ root: String, _ component: String, depth: Int) {
    var fds = [open(root, O_RDONLY | O_DIRECTORY)]
    for _ in 0..<depth { fds.append(openat(fds.last!, component, O_RDONLY | O_DIRECTORY)) }
    unlinkat(fds.last!, "x.layout.json", 0)
    for i in stride(from: depth, to: 0, by: -1) {
        close(fds[i])
        unlinkat(fds[i - 1], component, AT_REMOVEDIR)
    }
    close(fds[0])
}
