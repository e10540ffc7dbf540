// LayoutLintWorkspace: the paths a command line names, expanded to files, and the errors of those it cannot read.
import Foundation
import Testing
import LayoutLintCore
@testable import LayoutLintWorkspace

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
