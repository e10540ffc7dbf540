// What every test target that runs the real binary shares: the repository root and the built `layoutlint`.
import Foundation
import PlainJSON

/// The repository root (this file is `<repo>/Tests/TestSupport/TestSupport.swift`).
public let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The `layoutlint` binary of the build that built these tests.
///
/// `swift test` on Linux runs the test bundle `…/<triple>/debug/<package>PackageTests.xctest` directly (an ELF
/// executable, `CommandLine.arguments[0]`); the product's executables sit next to it. Other runners fall back to the
/// build folders of the repository (the default one and those the test suites were developed with).
public let layoutlintBinary: String = {
    // Every test that spawns the binary asks for this path first. Those tests write to child processes that may have
    // exited (on purpose, in the fault tests): a broken pipe must be an EPIPE error, not a SIGPIPE that kills the
    // test runner.
    signal(SIGPIPE, SIG_IGN)
    let fm = FileManager.default
    var candidates: [URL] = []
    if let arg0 = CommandLine.arguments.first {
        let url = URL(fileURLWithPath: arg0).resolvingSymlinksInPath()
        candidates.append(url.deletingLastPathComponent().appendingPathComponent("layoutlint"))
        // macOS-style bundle: <dir>/X.xctest/Contents/MacOS/X
        candidates.append(
            url.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("layoutlint"))
    }
    candidates.append(URL(fileURLWithPath: Bundle.main.bundlePath).appendingPathComponent("layoutlint"))
    for dir in [".build-cli", ".build-lsp", ".build-hostile", ".build"] {
        candidates.append(repositoryRoot.appendingPathComponent("\(dir)/debug/layoutlint"))
    }
    for c in candidates where fm.isExecutableFile(atPath: c.path) { return c.path }
    return candidates.last!.path
}()

/// Parses a JSON literal written in a test.
public func jsonLiteral(_ text: String) -> JSONValue {
    do { return try JSONValue.parse(text) } catch { fatalError("bad JSON literal in a test: \(error): \(text)") }
}

/// A small, seeded pseudo-random generator (SplitMix64): random tests that replay the same way every run.
public struct SplitMix {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
    public mutating func pick<T>(_ xs: [T]) -> T { xs[Int(next() % UInt64(xs.count))] }
    /// A number in 0..<n.
    public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
