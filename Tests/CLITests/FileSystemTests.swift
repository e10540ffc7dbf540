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
    return run(
        ["--reuid=65534", "--regid=65534", "--clear-groups", layoutlintBinary] + args,
        cwd: cwd, executable: "/usr/bin/setpriv")
}

/// Runs a shell script with `$LL` set to the binary.
func fsShell(_ script: String, cwd: String, timeout: Double = 60) -> RunResult {
    run(["-c", script], cwd: cwd, environment: ["LL": layoutlintBinary], timeout: timeout, executable: "/bin/sh")
}

@Suite struct KernelPathResolution {
    /// `lnk/../a.layout.json` is `real/a.layout.json` to the kernel (lnk → real/sub); Foundation made it `./a.layout.json`
    /// and `--fix` renamed real/a's fixed text over ./a.layout.json, another file.
    @Test func fixThroughSymlinkDotDotWritesTheFileTheKernelReads() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        let real = dir.write("real/a.layout.json", fsDuplicateKeyDoc)
        let other = dir.write("a.layout.json", "{ \"sections\": [], \"note\": \"B - precious\" }\n")
        try FileManager.default.createDirectory(atPath: dir.path + "/real/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/lnk", withDestinationPath: "real/sub")
        let r = run(["lint", "--no-color", "--fix", "lnk/../a.layout.json"], cwd: dir.path)
        #expect(r.code == 0, "\(r)")
        #expect(
            fcBytes(other) == Array("{ \"sections\": [], \"note\": \"B - precious\" }\n".utf8),
            "the other file is untouched")
        #expect(fcBytes(real) == Array(fsDuplicateKeyFixed.utf8), "the file the path names got the fix")
        #expect(fcListing(dir.path) == [".git", "a.layout.json", "lnk", "real"])
        #expect(fcListing(dir.path + "/real") == ["a.layout.json", "sub"])
    }

    @Test func fixOfAFolderThroughSymlinkDotDotCreatesNothingElsewhere() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        let real = dir.write("real/only-in-real.layout.json", fsDuplicateKeyDoc)
        try FileManager.default.createDirectory(atPath: dir.path + "/real/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/lnk", withDestinationPath: "real/sub")
        let r = run(["lint", "--no-color", "--fix", "lnk/.."], cwd: dir.path)
        #expect(r.code == 0, "\(r)")
        #expect(fcBytes(real) == Array(fsDuplicateKeyFixed.utf8))
        #expect(fcListing(dir.path) == [".git", "lnk", "real"], "no file created beside lnk")
    }

    @Test func configOfSymlinkDotDotIsTheFolderTheKernelReads() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write("real/a.layout.json", fsDuplicateKeyDoc)
        dir.write("real/.layoutlint.json", #"{ "rules": { "duplicate-key": "off" } }"#)
        try FileManager.default.createDirectory(atPath: dir.path + "/real/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/lnk", withDestinationPath: "real/sub")
        let direct = run(["lint", "--format", "json", "real/a.layout.json"], cwd: dir.path)
        let viaLink = run(["lint", "--format", "json", "lnk/../a.layout.json"], cwd: dir.path)
        #expect(direct.code == 0, "\(direct)")
        #expect(viaLink.code == 0, "the same file, the same config: \(viaLink)")
        #expect(fcRuleCounts(viaLink.json)["duplicate-key"] == nil, "\(viaLink)")
    }
}

@Suite struct FixKeepsMetadata {
    /// chmod before chown lost the set-user-id and set-group-id bits.
    @Test(arguments: [0o6755, 0o2755, 0o4644, 0o6644, 0o1644] as [mode_t])
    func setIdAndStickyBitsAreKept(_ mode: mode_t) {
        let dir = fcRepo(); defer { dir.cleanup() }
        let p = dir.write("s.layout.json", fsDuplicateKeyDoc)
        chmod(p, mode)
        let r = run(["lint", "--no-color", "--fix", "s.layout.json"], cwd: dir.path)
        #expect(r.code == 0, "\(r)")
        #expect(fcBytes(p) == Array(fsDuplicateKeyFixed.utf8))
        #expect(fcMode(p) == mode, "mode \(String(fcMode(p), radix: 8)), was \(String(mode, radix: 8))")
    }

    @Test func extendedAttributesAndTheACLAreKept() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        let p = dir.write("x.layout.json", fsDuplicateKeyDoc)
        // An ACL that gives nobody write access, and a user attribute.
        let acl = fsACL(user: 65534)
        guard fsSetXattr(p, "system.posix_acl_access", acl) == 0, fsSetXattr(p, "user.note", Array("keep".utf8)) == 0
        else {
            print("extended attributes or ACLs are not supported here (\(String(cString: strerror(errno)))); skipped")
            return
        }
        let before = fsXattrs(p)
        let inode = fcStat(p).st_ino
        let r = run(["lint", "--no-color", "--fix", "x.layout.json"], cwd: dir.path)
        #expect(r.code == 0, "\(r)")
        #expect(fcBytes(p) == Array(fsDuplicateKeyFixed.utf8))
        #expect(fcStat(p).st_ino != inode, "replaced by rename")
        #expect(fsXattrs(p) == before, "every attribute and its value")
        #expect(fsXattrs(p)["user.note"] == Array("keep".utf8))
        #expect(fcListing(dir.path) == [".git", "x.layout.json"])
    }

    /// A group member fixing someone else's group-writable file made it theirs (the owner lost write access).
    @Test func anOwnerThatCannotBeKeptIsARefusal() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        let p = dir.write("a.layout.json", fsDuplicateKeyDoc)
        chmod(dir.path, 0o777)
        chown(p, 1, 65534)
        chmod(p, 0o664)
        guard let r = fsRunAsNobody(["lint", "--no-color", "--fix", "a.layout.json"], cwd: dir.path) else {
            print("needs root (to make the file someone else's) and setpriv; skipped")
            return
        }
        #expect(r.code == 2, "\(r)")
        #expect(r.stderr.contains("a.layout.json") && r.stderr.contains("owner"), "says why: \(r)")
        #expect(r.stdout.contains("[duplicate-key]"), "the findings are still reported: \(r)")
        #expect(!r.stdout.contains("1 fix applied"), "\(r)")
        #expect(fcBytes(p) == Array(fsDuplicateKeyDoc.utf8), "nothing written")
        #expect(fcStat(p).st_uid == 1 && fcStat(p).st_gid == 65534)
        #expect(fcListing(dir.path) == [".git", "a.layout.json"], "no temporary file left")
    }

    /// The rename split hard links silently: the other name kept the old text.
    @Test func aFileWithHardLinksIsARefusal() {
        let dir = fcRepo(); defer { dir.cleanup() }
        let h1 = dir.write("h1.layout.json", fsDuplicateKeyDoc)
        let h2 = dir.path + "/h2.json"
        #expect(link(h1, h2) == 0)
        let r = run(["lint", "--no-color", "--fix", "h1.layout.json"], cwd: dir.path)
        #expect(r.code == 2, "\(r)")
        #expect(r.stderr.contains("h1.layout.json") && r.stderr.contains("hard link"), "says why: \(r)")
        #expect(r.stdout.contains("[duplicate-key]"), "the findings are still reported: \(r)")
        #expect(r.stdout.contains("0 fixes applied"), "\(r)")
        #expect(fcBytes(h1) == Array(fsDuplicateKeyDoc.utf8))
        #expect(fcStat(h1).st_ino == fcStat(h2).st_ino && fcStat(h1).st_nlink == 2, "still one file with two names")
        #expect(fcListing(dir.path) == [".git", "h1.layout.json", "h2.json"])
    }
}

// MARK: extended attributes from the tests (sys/xattr.h is not in the Glibc module)

private typealias FSSetXattr =
    @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
private typealias FSListXattr = @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>?, Int) -> Int
private typealias FSGetXattr =
    @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int

func fsSetXattr(_ path: String, _ name: String, _ value: [UInt8]) -> Int32 {
    guard let f = dlsym(nil, "setxattr") else { errno = ENOTSUP; return -1 }
    return value.withUnsafeBytes { unsafeBitCast(f, to: FSSetXattr.self)(path, name, $0.baseAddress, value.count, 0) }
}

/// Every extended attribute of `path` (name → value).
func fsXattrs(_ path: String) -> [String: [UInt8]] {
    guard let l = dlsym(nil, "listxattr"), let g = dlsym(nil, "getxattr") else { return [:] }
    let list = unsafeBitCast(l, to: FSListXattr.self), get = unsafeBitCast(g, to: FSGetXattr.self)
    var names = [CChar](repeating: 0, count: 65536)
    let n = list(path, &names, names.count)
    guard n > 0 else { return [:] }
    var out: [String: [UInt8]] = [:]
    for raw in names.prefix(n).split(separator: 0) {
        let name = String(decoding: raw.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var value = [UInt8](repeating: 0, count: 65536)
        let m = value.withUnsafeMutableBytes { get(path, name, $0.baseAddress, 65536) }
        if m >= 0 { out[name] = Array(value.prefix(m)) }
    }
    return out
}

/// A POSIX access ACL (the kernel's xattr form): rw for the owner, rw for `user`, r for the group, rw mask, r other.
func fsACL(user: UInt32) -> [UInt8] {
    func le<T: FixedWidthInteger>(_ v: T) -> [UInt8] { withUnsafeBytes(of: v.littleEndian) { Array($0) } }
    let any = UInt32.max
    let entries: [(UInt16, UInt16, UInt32)] = [
        (0x01, 6, any), (0x02, 6, user), (0x04, 4, any), (0x10, 6, any), (0x20, 4, any),
    ]
    return le(UInt32(2)) + entries.flatMap { le($0.0) + le($0.1) + le($0.2) }
}

@Suite struct FolderErrors {
    /// A folder with read but no search permission: its files were skipped with exit 0.
    @Test func aFolderThatCannotBeSearchedIsAnError() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write("ok.layout.json", fcCleanDoc)
        dir.write("noexec/b.layout.json", "{")
        chmod(dir.path + "/noexec", 0o644)
        defer { chmod(dir.path + "/noexec", 0o755) }
        guard let all = fcRunUnprivileged(["lint", "--no-color", "."], cwd: dir.path) else { return }
        #expect(all.code == 2, "\(all)")
        #expect(all.stderr.contains("noexec") && all.stderr.contains("Permission denied"), "\(all)")
        guard let folder = fcRunUnprivileged(["lint", "--no-color", "noexec"], cwd: dir.path) else { return }
        #expect(folder.code == 2, "\(folder)")
        #expect(folder.stderr.contains("Permission denied"), "\(folder)")
        #expect(!folder.stderr.contains("no layout documents"), "not 'nothing found': \(folder)")
        // Named: the real reason, not "no such file".
        guard let named = fcRunUnprivileged(["lint", "--no-color", "noexec/b.layout.json"], cwd: dir.path) else {
            return
        }
        #expect(named.code == 2, "\(named)")
        #expect(named.stderr.contains("Permission denied") && !named.stderr.contains("no such file"), "\(named)")
    }

    @Test func aNameThatIsNotUTF8IsAnError() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write("ok.layout.json", fcCleanDoc)
        let sub = Array((dir.path + "/sub").utf8) + [0xFF]
        #expect(fsWithCString(sub) { mkdir($0, 0o755) } == 0)
        let file = sub + Array("/broken.layout.json".utf8)
        let fd = fsWithCString(file) { open($0, O_CREAT | O_WRONLY, 0o644) }
        #expect(fd >= 0)
        _ = "{ \"sections\": [ ".withCString { write(fd, $0, strlen($0)) }
        close(fd)
        // A file no one lints may have any name.
        let other = Array((dir.path + "/notes").utf8) + [0xFE] + Array(".txt".utf8)
        close(fsWithCString(other) { open($0, O_CREAT | O_WRONLY, 0o644) })
        let r = run(["lint", "--no-color", "."], cwd: dir.path)
        #expect(r.code == 2, "\(r)")
        #expect(r.stderr.contains("./sub\u{FFFD}") && r.stderr.contains("UTF-8"), "names it: \(r)")
        #expect(!r.stderr.contains("notes"), "\(r)")
        #expect(r.stdout.contains("1 file checked"), "the rest is linted: \(r)")
    }

    @Test func theDepthLimitIsAnError() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        let deep = (0...100).map { _ in "d" }.joined(separator: "/")
        dir.write(deep + "/broken.layout.json", "{ \"sections\": [ ")
        dir.write("ok.layout.json", fcCleanDoc)
        let r = run(["lint", "--no-color", "."], cwd: dir.path)
        #expect(r.code == 2, "\(r)")
        #expect(r.stderr.contains("100 folders deep"), "\(r)")
        #expect(r.stdout.contains("1 file checked"), "\(r)")
    }
}

func fsWithCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
    (bytes + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
}

@Suite struct SameFileTwice {
    /// A symlink beside its target: linted twice from the same bytes, the second rename saw "changed" (exit 2, a stale
    /// warning and "nothing was written", though the file was fixed).
    @Test func aSymlinkBesideItsTargetIsFixedOnce() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        let a = dir.write("a.layout.json", fsDuplicateKeyDoc)
        try FileManager.default.createSymbolicLink(
            atPath: dir.path + "/b.layout.json", withDestinationPath: "a.layout.json")
        let r = run(["lint", "--no-color", "--fix", "."], cwd: dir.path)
        #expect(r.code == 0, "\(r)")
        #expect(r.stderr.isEmpty, "\(r)")
        #expect(r.stdout.contains("1 fix applied") && r.stdout.contains("1 file checked, no problems"), "\(r)")
        #expect(fcBytes(a) == Array(fsDuplicateKeyFixed.utf8))
    }

    @Test func aFileNamedTwiceIsLintedOnceUnderItsFirstName() {
        let dir = fcRepo(); defer { dir.cleanup() }
        let a = dir.write("a.layout.json", fsDuplicateKeyDoc)
        let j = run(["lint", "--format", "json", "a.layout.json", "./a.layout.json", "."], cwd: dir.path)
        #expect(files(j.json).compactMap { $0["path"] as? String } == ["a.layout.json"], "\(j)")
        let r = run(["lint", "--no-color", "--fix", ".", "a.layout.json", "./a.layout.json"], cwd: dir.path)
        #expect(r.code == 0, "\(r)")
        #expect(r.stderr.isEmpty, "\(r)")
        #expect(r.stdout.contains("1 fix applied"), "\(r)")
        #expect(fcBytes(a) == Array(fsDuplicateKeyFixed.utf8))
    }
}

@Suite struct CommandLineEdges {
    /// The environment-independent fixes were written, then the run ended as a usage error.
    @Test func fixWithAnUnknownEnvironmentWritesNothing() {
        let dir = fcRepo(); defer { dir.cleanup() }
        // b declares "Custom"; a does not: the name is unknown for a, and nothing at all is written.
        let a = dir.write("a.layout.json", fsDuplicateKeyDoc)
        let bText = fsDuplicateKeyDoc.replacingOccurrences(
            of: "\"sections\"",
            with: "\"environments\": [ { \"name\": \"Custom\", \"width\": 400, \"height\": 800 } ], \"sections\"")
        let b = dir.write("b.layout.json", bText)
        let typo = run(["lint", "--no-color", "--fix", "--environment", "iPhon 12", "a.layout.json"], cwd: dir.path)
        #expect(typo.code == 2, "\(typo)")
        #expect(typo.stderr.contains("iPhon 12"), "\(typo)")
        #expect(typo.stdout.isEmpty, "\(typo)")
        #expect(fcBytes(a) == Array(fsDuplicateKeyDoc.utf8), "nothing written")
        let partly = run(
            ["lint", "--no-color", "--fix", "--environment", "Custom", "b.layout.json", "a.layout.json"], cwd: dir.path)
        #expect(partly.code == 2, "\(partly)")
        #expect(fcBytes(a) == Array(fsDuplicateKeyDoc.utf8), "nothing written")
        #expect(fcBytes(b) == Array(bText.utf8), "not even the file that knows the environment")
    }

    @Test func aFailedWriteToStandardOutputIsAnError() {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write("a.layout.json", fsDuplicateKeyDoc)
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        for format in ["text", "json", "sarif", "github"] {
            let r = fsShell("exec \"$LL\" lint --format \(format) a.layout.json > /dev/full", cwd: dir.path)
            #expect(r.code == 2, "\(format): \(r)")
            #expect(r.stderr.contains("cannot write to standard output"), "\(format): \(r)")
        }
        // A reader that goes away early is no error worth a message.
        let piped = fsShell("\"$LL\" lint --format sarif a.layout.json | head -c 1 > /dev/null", cwd: dir.path)
        #expect(piped.stderr.isEmpty, "\(piped)")
    }

    /// Two concurrent reads of one standard input split it between two "documents".
    @Test func standardInputNamedTwiceIsAUsageError() {
        let r = run(["lint", "-", "-"], stdin: Data(fcCleanDoc.utf8))
        #expect(r.code == 2, "\(r)")
        #expect(r.stdout.isEmpty, "\(r)")
        #expect(r.stderr.contains("standard input"), "\(r)")
        #expect(run(["lint", "-"], stdin: Data(fcCleanDoc.utf8)).code == 0)
    }
}

@Suite struct FixWriteEdges {
    /// `.NAME.layoutlint-XXXXXX` overflowed NAME_MAX for a name over 236 bytes.
    @Test(arguments: [String(repeating: "x", count: 243), String(repeating: "é", count: 121) + "x"])
    func longNamesCanBeFixed(_ stem: String) {
        let dir = fcRepo(); defer { dir.cleanup() }
        let name = stem + ".layout.json"
        #expect(name.utf8.count >= 254 && name.utf8.count <= 255)
        let p = dir.write(name, fsDuplicateKeyDoc)
        let r = run(["lint", "--no-color", "--fix", name], cwd: dir.path)
        #expect(r.code == 0, "\(r)")
        #expect(fcBytes(p) == Array(fsDuplicateKeyFixed.utf8))
        #expect(fcListing(dir.path) == [".git", name], "no temporary file left")
    }

    @Test func aFailedWriteOfTheTemporaryFileSaysWhy() {
        let dir = fcRepo(); defer { dir.cleanup() }
        // Over 1 KiB, and the file-size limit at 512 bytes (SIGXFSZ ignored): write(2) fails with EFBIG.
        let big = fsDuplicateKeyDoc.replacingOccurrences(
            of: "\"name\": \"a\"", with: "\"name\": \"\(String(repeating: "a", count: 1500))\"")
        let p = dir.write("big.layout.json", big)
        let r = fsShell(
            "ulimit -f 1 && trap '' XFSZ && exec \"$LL\" lint --no-color --fix big.layout.json > /dev/null",
            cwd: dir.path)
        #expect(r.code == 2, "\(r)")
        #expect(r.stderr.contains("writing the temporary file failed: File too large"), "\(r)")
        #expect(fcBytes(p) == Array(big.utf8), "the original is intact")
        #expect(fcListing(dir.path) == [".git", "big.layout.json"], "no temporary file left")
    }

    /// Ctrl-C (or SIGTERM) during a --fix left `.NAME.layoutlint-XXXXXX` behind.
    @Test(arguments: [SIGTERM, SIGINT])
    func anInterruptedFixRemovesItsTemporaryFile(_ sig: Int32) throws {
        let strace = "/usr/bin/strace"
        guard FileManager.default.isExecutableFile(atPath: strace),
            FileManager.default.isExecutableFile(atPath: "/usr/bin/env")
        else {
            print("needs strace; skipped")
            return
        }
        let dir = fcRepo(); defer { dir.cleanup() }
        let p = dir.write("a.layout.json", fsDuplicateKeyDoc)
        let traces = TempDir(); defer { traces.cleanup() }
        // strace holds each fsync 3 s: the temporary file exists meanwhile. -ff names the trace by the tracee's pid.
        // env restores the default action of SIGINT and SIGTERM: the test runner may ignore them, and layoutlint keeps
        // an ignored signal ignored.
        let proc = Process()
        proc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        proc.arguments = [
            "--default-signal=INT,TERM", strace, "-f", "-ff", "-q", "-o", traces.path + "/t", "-e", "trace=fsync", "-e",
            "inject=fsync:delay_enter=3000000",
            layoutlintBinary, "lint", "--no-color", "--fix", "a.layout.json",
        ]
        proc.currentDirectoryURL = dir.url
        proc.standardOutput = FileHandle.nullDevice
        proc.standardError = FileHandle.nullDevice
        try proc.run()
        defer { if proc.isRunning { proc.terminate() }; proc.waitUntilExit() }
        let start = Date()
        var pending: String?
        while pending == nil && Date().timeIntervalSince(start) < 20 {
            pending = fcListing(dir.path).first { $0.hasPrefix(".a.layout.json.layoutlint-") }
            if pending == nil { usleep(20_000) }
        }
        guard pending != nil else { print("strace could not hold the fsync here; skipped"); return }
        // A trace file is named by the id of a thread of layoutlint; kill(2) given a thread's id signals its process.
        let pids = fcListing(traces.path).compactMap { Int32($0.dropFirst(2)) }
        let pid = try #require(pids.min(), "\(fcListing(traces.path))")
        #expect(kill(pid, sig) == 0)
        proc.waitUntilExit()
        #expect(
            proc.terminationReason == .uncaughtSignal && proc.terminationStatus == sig,
            "died of the signal (strace dies of it too)")
        #expect(fcListing(dir.path) == [".git", "a.layout.json"], "the temporary file is gone")
        #expect(fcBytes(p) == Array(fsDuplicateKeyDoc.utf8), "the original is intact")
    }
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
        #expect(
            line.hasPrefix("::warning file=e\u{241B}]0;PWNED\u{2407}\u{241B}[31mx\u{FFFD}%0D%0Aq.layout.json,line=3,"),
            "\(line)")
        #expect(
            !line.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" },
            "no raw control character: \(line.debugDescription)")
        #expect(line.filter { $0 == "\n" }.count == 1, "one line")
    }
}

/// A symlinked folder is walked only while it stays inside the folder named: a link to `/` or to another checkout
/// made `lint .` walk the whole file system (68 s, other people's configs) and `--fix` could write there.
@Suite struct SymlinkedFoldersStayInside {
    @Test func linksOutOfTheNamedFolderAreNotWalked() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write("repo/a.layout.json", fcCleanDoc)
        dir.write("repo/inner/b.layout.json", fcCleanDoc)
        dir.write("outside/broken.layout.json", "{ \"sections\": [")
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: dir.path + "/repo/out", withDestinationPath: "../outside")
        try fm.createSymbolicLink(atPath: dir.path + "/repo/root", withDestinationPath: "/")
        try fm.createSymbolicLink(atPath: dir.path + "/repo/alias", withDestinationPath: "inner")
        let r = run(["lint", "--format", "json", "repo"], cwd: dir.path, timeout: 60)
        #expect(!r.timedOut, "\(r)")
        let paths = files(r.json).compactMap { $0["path"] as? String }
        #expect(
            paths == ["repo/a.layout.json", "repo/alias/b.layout.json"],
            "inside links walked (each file once), outside ones not: \(paths)")
        #expect(r.code == 0, "\(r)")
        // Named, the target is linted.
        #expect(run(["lint", "repo/out"], cwd: dir.path).code == 1)
    }

    /// The same for a symlinked file: `lint --fix .` once rewrote a JSON file outside the
    /// checkout that a link in it named, and `lint .` printed the lines of whatever file a link named.
    @Test func linkedFilesOutOfTheNamedFolderAreNeitherReadNorWritten() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        let settings = "{\n  \"editor.fontSize\": 12,\n  \"editor.fontSize\": 14\n}\n"
        dir.write("outside/settings.json", settings)
        dir.write("outside/creds", "[credential]\n  token = s3cr3t-abc\n")
        dir.write("repo/a.layout.json", fcCleanDoc)
        dir.write("repo/shared.json", settings)
        let fm = FileManager.default
        try fm.createSymbolicLink(
            atPath: dir.path + "/repo/settings.layout.json", withDestinationPath: "../outside/settings.json")
        try fm.createSymbolicLink(atPath: dir.path + "/repo/leak.layout.json", withDestinationPath: "../outside/creds")
        try fm.createSymbolicLink(atPath: dir.path + "/repo/inside.layout.json", withDestinationPath: "shared.json")
        let r = run(["lint", "repo"], cwd: dir.path)
        #expect(!r.stdout.contains("s3cr3t"), "\(r)")
        let fixed = run(["lint", "--fix", "repo"], cwd: dir.path)
        #expect(
            try String(contentsOfFile: dir.path + "/outside/settings.json", encoding: .utf8) == settings, "\(fixed)")
        // A link inside the folder is followed, and its target fixed.
        #expect(try String(contentsOfFile: dir.path + "/repo/shared.json", encoding: .utf8) != settings, "\(fixed)")
        // Named, a link outside is linted.
        #expect(run(["lint", "repo/leak.layout.json"], cwd: dir.path).code == 1)
    }
}

/// `render -o` wrote with `Data.write(.atomic)`: a symlink became a file, a 0600 file became 0644, and `-o` naming
/// the document replaced the spec by its SVG with exit 0.
@Suite struct RenderOutputFile {
    @Test func anExistingOutputIsReplacedAsFixReplacesADocument() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write("d.layout.json", fcCleanDoc)
        dir.write("real.svg", "")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/link.svg", withDestinationPath: "real.svg")
        #expect(run(["render", "d.layout.json", "-o", "link.svg"], cwd: dir.path).code == 0)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/link.svg")) == "real.svg")
        #expect(String(decoding: fcBytes(dir.path + "/real.svg"), as: UTF8.self).contains("<svg"))
        dir.write("p.svg", "")
        chmod(dir.path + "/p.svg", 0o600)
        #expect(run(["render", "d.layout.json", "-o", "p.svg"], cwd: dir.path).code == 0)
        #expect(fcMode(dir.path + "/p.svg") == 0o600)
        #expect(String(decoding: fcBytes(dir.path + "/p.svg"), as: UTF8.self).contains("<svg"))
        // A new file is made.
        #expect(run(["render", "d.layout.json", "-o", "new.svg"], cwd: dir.path).code == 0)
        #expect(String(decoding: fcBytes(dir.path + "/new.svg"), as: UTF8.self).contains("<svg"))
    }

    /// `render -o` and odd outputs and inputs: a dangling symlink was once replaced by a file,
    /// a device or a folder was refused as an input ("cannot read … use - to read standard input"), and the spec read
    /// from standard input could be overwritten.
    @Test func linksDevicesFoldersAndStandardInput() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write("d.layout.json", fcCleanDoc)
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/dl.svg", withDestinationPath: "made.svg")
        #expect(run(["render", "d.layout.json", "-o", "dl.svg"], cwd: dir.path).code == 0)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/dl.svg")) == "made.svg")
        #expect(String(decoding: fcBytes(dir.path + "/made.svg"), as: UTF8.self).contains("<svg"))
        let null = run(["render", "d.layout.json", "-o", "/dev/null"], cwd: dir.path)
        #expect(null.code == 0, "\(null)")
        try FileManager.default.createDirectory(atPath: dir.path + "/outdir", withIntermediateDirectories: true)
        let folder = run(["render", "d.layout.json", "-o", "outdir"], cwd: dir.path)
        #expect(folder.code == 2 && folder.stderr.contains("cannot write outdir: it is a folder"), "\(folder)")
        let parent = run(["render", "d.layout.json", "-o", "nope/x.svg"], cwd: dir.path)
        #expect(parent.code == 2 && parent.stderr.contains("No such file or directory"), "\(parent)")
        // A link to a link that leads nowhere, and a loop: refused, the links stay.
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/l1.svg", withDestinationPath: "l2.svg")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/l2.svg", withDestinationPath: "l1.svg")
        let loop = run(["render", "d.layout.json", "-o", "l1.svg"], cwd: dir.path)
        #expect(
            loop.code == 2
                && (try? FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/l1.svg")) == "l2.svg",
            "\(loop)")
        // `-o /dev/stdout` appended to a file: appended, not replaced.
        dir.write("log.txt", "before\n")
        let sh = Process()
        sh.executableURL = URL(fileURLWithPath: "/bin/sh")
        sh.arguments = ["-c", "'\(layoutlintBinary)' render d.layout.json -o /dev/stdout >> log.txt"]
        sh.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        try sh.run()
        sh.waitUntilExit()
        let log = String(decoding: fcBytes(dir.path + "/log.txt"), as: UTF8.self)
        #expect(sh.terminationStatus == 0 && log.hasPrefix("before\n<?xml"), "\(log.prefix(80))")
        // The document on standard input, the output the same file.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: layoutlintBinary)
        p.arguments = ["render", "-", "-o", "d.layout.json"]
        p.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        p.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: dir.path + "/d.layout.json"))
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 2)
        #expect(String(decoding: fcBytes(dir.path + "/d.layout.json"), as: UTF8.self) == fcCleanDoc)
    }

    @Test func theDocumentItselfIsNeverTheOutput() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write("same.layout.json", fcCleanDoc)
        try FileManager.default.createSymbolicLink(
            atPath: dir.path + "/alias.svg", withDestinationPath: "same.layout.json")
        for out in ["same.layout.json", "./same.layout.json", "alias.svg"] {
            let r = run(["render", "same.layout.json", "-o", out], cwd: dir.path)
            #expect(r.code == 2 && r.stderr.contains("the document being rendered"), "\(r)")
        }
        #expect(String(decoding: fcBytes(dir.path + "/same.layout.json"), as: UTF8.self) == fcCleanDoc)
    }
}

/// A line break in a file name wrote a line of its own on stderr (`layoutlint: all clear.layout.json has 2 errors`):
/// a message is one line, its controls shown as pictures.
@Suite struct OneLinePerMessage {
    @Test func aLineBreakInAFileNameStaysInItsMessage() {
        let dir = fcRepo(); defer { dir.cleanup() }
        let name = "nl\nlayoutlint: all clear.layout.json"
        dir.write(name, "{ \"sections\": [ { \"name\": 3 } ] }")
        let r = run(["explain", name], cwd: dir.path)
        let lines = r.stderr.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { !$0.hasPrefix("layoutlint: all clear") }, "\(r.stderr)")
        #expect(r.stderr.contains("nl\u{240A}layoutlint: all clear.layout.json"), "\(r.stderr)")
    }
}

/// Folders whose names are canonically equivalent (NFC "café", NFD "café") shared one config: the result depended on
/// the order the files were named in. Each folder now has its own.
@Suite struct CanonicallyEquivalentFolders {
    @Test func eachFolderHasItsOwnConfig() {
        let dir = TempDir(); defer { dir.cleanup() }
        let nfc = "caf\u{E9}", nfd = "cafe\u{301}"
        for (f, severity) in [(nfc, "off"), (nfd, "error")] {
            try? FileManager.default.createDirectory(
                atPath: dir.path + "/" + f + "/.git", withIntermediateDirectories: true)
            dir.write(f + "/.layoutlint.json", #"{ "rules": { "duplicate-key": "\#(severity)" } }"#)
            dir.write(
                f + "/x.layout.json",
                #"{ "sections": [ { "name": "a", "name": "a", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } } ] }"#
            )
        }
        let a = run(["lint", "--format", "json", nfc + "/x.layout.json", nfd + "/x.layout.json"], cwd: dir.path)
        let b = run(["lint", "--format", "json", nfd + "/x.layout.json", nfc + "/x.layout.json"], cwd: dir.path)
        #expect(fcSummary(a.json, "errors") == 1 && fcSummary(b.json, "errors") == 1, "\(a)\n\(b)")
    }

    /// The run's reports of configs and globs went through `[String: …]` maps, which took the two folders' configs
    /// for one: only one of two invalid configs was reported, and an exclude glob naming the other folder was taken
    /// for the one that matched.
    @Test func eachConfigAndGlobIsReported() {
        let dir = TempDir(); defer { dir.cleanup() }
        let nfc = "caf\u{E9}", nfd = "cafe\u{301}"
        let doc =
            #"{ "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } } ] }"#
        for (f, rule) in [(nfc, "no-such-rule"), (nfd, "another-bad-rule")] {
            try? FileManager.default.createDirectory(
                atPath: dir.path + "/bad/" + f + "/.git", withIntermediateDirectories: true)
            dir.write("bad/" + f + "/.layoutlint.json", #"{ "rules": { "\#(rule)": "off" } }"#)
            dir.write("bad/" + f + "/x.layout.json", doc)
        }
        let bad = run(["lint", "bad"], cwd: dir.path)
        #expect(
            bad.code == 2 && bad.stderr.contains("no-such-rule") && bad.stderr.contains("another-bad-rule"),
            "\(bad.stderr)")
        // Only the NFC folder is there: the glob naming the NFD one matches nothing, and is said to.
        try? FileManager.default.createDirectory(atPath: dir.path + "/globs/.git", withIntermediateDirectories: true)
        dir.write("globs/.layoutlint.json", #"{ "exclude": ["gen-\#(nfc)/**", "gen-\#(nfd)/**"] }"#)
        dir.write("globs/gen-\(nfc)/y.layout.json", doc)
        dir.write("globs/a.layout.json", doc)
        let globs = run(["lint", "globs"], cwd: dir.path)
        // (Searched by bytes: `String.contains` would find either spelling for the other.)
        func says(_ glob: String) -> Bool {
            Array(globs.stderr.utf8).firstRange(of: Array("exclude pattern \"\(glob)\"".utf8)) != nil
        }
        #expect(says("gen-\(nfd)/**") && !says("gen-\(nfc)/**"), "\(globs.stderr)")
    }
}
