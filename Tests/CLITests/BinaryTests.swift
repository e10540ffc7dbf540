import Foundation
import Testing
import TestSupport

@Suite struct BinaryTests {
    @Test func binaryIsFoundNextToTheTestBundle() {
        print("CommandLine.arguments = \(CommandLine.arguments)")
        print("Bundle.main.bundlePath = \(Bundle.main.bundlePath)")
        print("layoutlint = \(layoutlintBinary)")
        #expect(FileManager.default.isExecutableFile(atPath: layoutlintBinary))
        let r = run(["--version"])
        #expect(r.code == 0, "\(r)")
        #expect(!r.stdout.isEmpty)
    }
}
