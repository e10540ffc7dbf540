// `lint` / `lint --fix` and the file system (review B): the kernel's resolution of `symlink/..`, metadata `--fix`
// keeps or refuses to lose, folders that cannot be read, a file reached twice, `--environment` typos under `--fix`,
// failed writes to stdout, `- -`, long names, and an interrupted `--fix`.
import Foundation
import Testing
import TestSupport

/// One duplicate key: one safe fix ("Remove the first interGroupSpacing").
let fsDuplicateKeyDoc = """
{
  "sections": [
    { "name": "a", "interGroupSpacing": 4, "interGroupSpacing": 8,
      "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)",
                 "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }
  ]
}

"""
let fsDuplicateKeyFixed = fsDuplicateKeyDoc.replacingOccurrences(of: "\"interGroupSpacing\": 4, ", with: "")

/// Runs `layoutlint args…` as the user nobody (root only; nil elsewhere: such a test has nothing to show then).
func fsRunAsNobody(_ args: [String], cwd: String) -> RunResult? {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return nil }
    return run(["--reuid=65534", "--regid=65534", "--clear-groups", layoutlintBinary] + args,
               cwd: cwd, executable: "/usr/bin/setpriv")
}

/// Runs a shell script with `$LL` set to the binary.
func fsShell(_ script: String, cwd: String, timeout: Double = 60) -> RunResult {
    run(["-c", script], cwd: cwd, environment: ["LL": layoutlintBinary], timeout: timeout, executable: "/bin/sh")
}

@Suite struct GitHubFileProperty {
    /// `file=` escaped only `% \r \n : ,`: ESC and BEL in a file name reached the log raw (colour, window title).
    @Test func controlCharactersInAFileNameBecomePictures() {
        let dir = fcRepo(); defer { dir.cleanup() }
        let name = "e\u{1B}]0;PWNED\u{07}\u{1B}[31mx\u{9B}\r\nq.layout.json"
        dir.write(name, fsDuplicateKeyDoc)
        let r = run(["lint", "--format", "github", name], cwd: dir.path)
        #expect(r.code == 0, "\(r)")
        let line = r.stdout
        #expect(line.hasPrefix("::warning file=e\u{241B}]0;PWNED\u{2407}\u{241B}[31mx\u{FFFD}%0D%0Aq.layout.json,line=3,"), "\(line)")
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no raw control character: \(line.debugDescription)")
        #expect(line.filter { $0 == "\n" }.count == 1, "one line")
    }
}
