// The language server entry point. Implemented by the server work (issue 4).
import Foundation

/// Runs the language server on the given file descriptors until `exit` or end of input; returns the exit code.
public func runLanguageServer(input: Int32 = 0, output: Int32 = 1) -> Int32 {
    FileHandle.standardError.write("layoutlint serve: not available yet\n".data(using: .utf8)!)
    return 1
}
