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
        #expect(findConfig(forFile: dir.path + "/lnk/../a.layout.json", within: [dir.path]) == real + "/real/.layoutlint.json")
        #expect(findConfig(forFile: dir.path + "/a.layout.json") == nil)
    }

    @Test func aWorkspaceNamedThroughASymlinkHoldsItsFiles() throws {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.write("ws/.layoutlint.json", "{}")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/alias", withDestinationPath: "ws")
        let real = try #require(kernelPath(dir.path))
        #expect(findConfig(forFile: dir.path + "/ws/x.layout.json", within: [dir.path + "/alias"]) == real + "/ws/.layoutlint.json")
    }

    @Test func temporaryNamesStayWithinNameMax() {
        for base in ["a.layout.json", String(repeating: "x", count: 243) + ".layout.json",
                     String(repeating: "é", count: 121) + "x.layout.json", String(repeating: "😀", count: 63) + ".layout.json"] {
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
