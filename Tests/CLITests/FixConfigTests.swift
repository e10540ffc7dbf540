// Issue 3: `lint --fix` (atomic, permission-keeping, formatting-keeping, idempotent), `.layoutlint.json`
// (discovery, severities, environments, exclude, invalid configs), `--max-warnings`, `--environment`, colour,
// standard input names, big folders and symlink loops, and SARIF's envelope.
import Foundation
import Testing
import TestSupport

// MARK: helpers

/// A temporary repository: a `TempDir` with a `.git` folder, so config discovery stops here.
func fcRepo() -> TempDir {
    let d = TempDir()
    try! FileManager.default.createDirectory(atPath: d.path + "/.git", withIntermediateDirectories: true)
    return d
}

func fcBytes(_ path: String) -> [UInt8] { [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()) }
func fcStat(_ path: String) -> stat { var st = stat(); stat(path, &st); return st }
func fcMode(_ path: String) -> mode_t { fcStat(path).st_mode & 0o7777 }
/// Byte offset of the first `needle` in `haystack`.
func fcOffset(of needle: String, in haystack: [UInt8]) -> Int? {
    let n = Array(needle.utf8)
    guard n.count <= haystack.count else { return nil }
    return (0...(haystack.count - n.count)).first { haystack[$0..<($0 + n.count)].elementsEqual(n) }
}
func fcListing(_ path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
}

/// Rule id → number of findings, over every file of a `lint --format json` output.
func fcRuleCounts(_ j: JSONObject?) -> [String: Int] {
    var out: [String: Int] = [:]
    for f in files(j) { for d in (f["diagnostics"] as? [JSONObject] ?? []) { out[rule(d), default: 0] += 1 } }
    return out
}

/// (file name, rule) → count.
func fcFileRuleCounts(_ j: JSONObject?) -> [String: [String: Int]] {
    var out: [String: [String: Int]] = [:]
    for f in files(j) {
        let name = ((f["path"] as? String ?? "") as NSString).lastPathComponent
        var c: [String: Int] = [:]
        for d in (f["diagnostics"] as? [JSONObject] ?? []) { c[rule(d), default: 0] += 1 }
        out[name] = c
    }
    return out
}

func fcSummary(_ j: JSONObject?, _ key: String) -> Int? { (j?["summary"] as? JSONObject)?[key] as? Int }

/// One document with one `group-overflow` warning (iPhone 12 by default) and nothing else.
func fcWarningDoc(environments: String? = nil) -> String {
    let envs = environments.map { "\"environments\": \($0), " } ?? ""
    return "{ \(envs)\"sections\": [ \(overflowSection("b")) ] }\n"
}
let fcCleanDoc = "{ \"sections\": [ \(plainSection("a")) ] }\n"

/// Runs `body` as an unprivileged user when we are root (mode bits do not stop root), else as ourselves.
/// Returns nil when that is not possible here.
func fcRunUnprivileged(_ args: [String], cwd: String) -> RunResult? {
    if getuid() != 0 { return run(args, cwd: cwd) }
    let setpriv = "/usr/bin/setpriv"
    guard FileManager.default.isExecutableFile(atPath: setpriv) else { return nil }
    return run(
        ["--reuid=65534", "--regid=65534", "--clear-groups", layoutlintBinary] + args, cwd: cwd, executable: setpriv)
}

// MARK: --fix

/// Hand-written: comments of both kinds, odd spacing and key order. Three safe fixes (count-overrides-item-size,
/// duplicate-key, flexible-group-edge-spacing) and one "did you mean" suggestion that --fix must leave alone.
let fcHandWritten = """
    // Home screen — hand-written: comments, odd spacing and key order that --fix must keep.
    {
      /* the phone only */
      "environments": [ "iPhone 12" ],   // trailing comment
      "sections": [
        {
          "name":"grid",    "itemCount": 6,
          "group": {
            "direction": "horizontal", "width": "fractionalWidth(1)",
            "height": "absolute(100)",
            // UIKit uses 1/3 of the group, whatever the item says
            "subitem": { "width": "absolute(100)",   "height": "fractionalHeight(1)" },
            "count": 3
          }
        },
        {
          "name": "columns",
          // spacing, written twice by mistake
          "interGroupSpacing": 4,
          "interGroupSpacing": 8,
          "group": {
            "direction": "horizontal",
            "width": "fractionalWidth(1)",  "height": "absolute(200)",
            "subitems": [
              {
                "direction": "vertical",
                "width": "fractionalWidth(1/2)", "height": "fractionalHeight(1)",
                "edgeSpacing": { "leading": "flexible(0)" },   /* ignored by UIKit */
                "subitem": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1/2)" },
                "count": 2
              }
            ]
          }
        },
        {
          "name": "typo",
          "contentInset": 10,
          "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)",
                     "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }
        }
      ]
    }

    """

/// What --fix must make of it: exactly the three edited spots change; every other byte is the same.
let fcHandWrittenFixed =
    fcHandWritten
    .replacingOccurrences(
        of: #""subitem": { "width": "absolute(100)",   "#, with: #""subitem": { "width": "fractionalWidth(1)",   "#
    )
    .replacingOccurrences(of: "      \"interGroupSpacing\": 4,\n", with: "")
    .replacingOccurrences(of: #"{ "leading": "flexible(0)" }"#, with: #"{ "leading": "fixed(0)" }"#)

@Suite struct FixInPlace {
    @Test func appliesEverySafeFixAtomicallyKeepingModeAndFormatting() throws {
        #expect(fcHandWrittenFixed != fcHandWritten)
        let dir = fcRepo(); defer { dir.cleanup() }
        let path = dir.write("home.layout.json", fcHandWritten)
        chmod(path, 0o640)
        let inodeBefore = fcStat(path).st_ino

        let r = run(["lint", "--no-color", "--fix", "home.layout.json"], cwd: dir.path)
        // What remains: the unknown property (an error; its rename is only a suggestion).
        #expect(r.code == 1, "\(r)")
        #expect(r.stdout.contains("3 fixes applied"), "\(r)")
        #expect(r.stdout.contains("[unknown-property]"))
        #expect(r.stdout.contains("(suggestion)"))
        for gone in ["count-overrides-item-size", "duplicate-key", "flexible-group-edge-spacing"] {
            #expect(!r.stdout.contains("[\(gone)]"), "\(gone) was fixed, yet reported: \(r)")
        }

        // Byte for byte: only the three edited spots differ.
        let after = fcBytes(path)
        #expect(after == Array(fcHandWrittenFixed.utf8), "got:\n\(String(decoding: after, as: UTF8.self))")
        // Independently of the expected text: a common prefix and suffix frame the changed region, and the
        // comments all survive.
        let text = String(decoding: after, as: UTF8.self)
        for comment in [
            "// Home screen", "/* the phone only */", "// trailing comment", "// UIKit uses 1/3",
            "// spacing, written twice by mistake", "/* ignored by UIKit */",
        ] {
            #expect(text.contains(comment), "lost \(comment)")
        }
        #expect(text.contains("\"contentInset\": 10,"), "a suggestion is not applied by --fix")

        // Atomic: a new inode (temporary file + rename), the mode kept, nothing left behind.
        let st = fcStat(path)
        #expect(st.st_ino != inodeBefore, "the file was rewritten in place, not replaced by rename")
        #expect(st.st_mode & 0o7777 == 0o640, "mode \(String(st.st_mode & 0o7777, radix: 8))")
        #expect(fcListing(dir.path) == [".git", "home.layout.json"], "left behind: \(fcListing(dir.path))")

        // Idempotent: a second run changes nothing.
        let inodeFixed = st.st_ino
        let again = run(["lint", "--no-color", "--fix", "home.layout.json"], cwd: dir.path)
        #expect(again.code == 1, "\(again)")
        #expect(again.stdout.contains("0 fixes applied"), "\(again)")
        #expect(fcBytes(path) == after)
        #expect(fcStat(path).st_ino == inodeFixed, "nothing to fix: the file is not rewritten")
        #expect(fcMode(path) == 0o640)
        #expect(fcListing(dir.path) == [".git", "home.layout.json"])
    }

    @Test func changedBytesAreConfinedToTheEditedRegion() throws {
        // The same document with CRLF line ends: the fix must not normalise them anywhere else.
        let crlf = fcHandWritten.replacingOccurrences(of: "\n", with: "\r\n")
        let dir = fcRepo(); defer { dir.cleanup() }
        let path = dir.write("home.layout.jsonc", crlf)
        let r = run(["lint", "--no-color", "--fix", path])
        #expect(r.code == 1, "\(r)")
        let before = Array(crlf.utf8), after = fcBytes(path)
        #expect(after != before)
        // Common prefix / suffix: the first changed byte is at the first edit, the last at the last edit.
        var p = 0
        while p < min(before.count, after.count) && before[p] == after[p] { p += 1 }
        var s = 0
        while s < min(before.count, after.count) - p && before[before.count - 1 - s] == after[after.count - 1 - s] {
            s += 1
        }
        let firstEdit = try #require(fcOffset(of: "absolute(100)\",   ", in: before))
        let lastEditEnd = try #require(fcOffset(of: "flexible(0)", in: before)) + "flexible(0)".utf8.count
        #expect(p >= firstEdit, "bytes changed before the first edit (at \(p), edit at \(firstEdit))")
        #expect(
            before.count - s <= lastEditEnd,
            "bytes changed after the last edit (at \(before.count - s), edit ends at \(lastEditEnd))")
        #expect(
            after == Array(fcHandWrittenFixed.replacingOccurrences(of: "\n", with: "\r\n").utf8),
            "got:\n\(String(decoding: after, as: UTF8.self))")
        #expect(
            !String(decoding: after, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "").contains("\n"),
            "a bare LF appeared")
    }

    /// lint → --fix → lint over a copy of every example: what was fixed is gone, nothing new appears, and the exit
    /// code reflects what remains.
    @Test func examplesRoundTrip() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        let names = fcListing(repoRoot.appendingPathComponent("examples").path).filter { $0.hasSuffix(".layout.json") }
        #expect(names.count >= 20)
        for n in names { dir.write(n, try Data(contentsOf: URL(fileURLWithPath: example(n)))) }
        let originals = Dictionary(uniqueKeysWithValues: names.map { ($0, fcBytes(dir.path + "/" + $0)) })

        let before = run(["lint", "--format", "json", "."], cwd: dir.path)
        let jb = try #require(before.json, "\(before)")
        // Which findings carry a safe fix: SARIF marks them (JSON does not).
        let sarif = run(["lint", "--format", "sarif", "."], cwd: dir.path)
        let sj = try #require(sarif.json, "\(sarif)")
        var safeByFileRule: [String: [String: Int]] = [:]
        for res in ((sj["runs"] as? [JSONObject])?.first?["results"] as? [JSONObject] ?? []) {
            let fixes = res["fixes"] as? [JSONObject] ?? []
            guard fixes.contains(where: { (($0["properties"] as? JSONObject)?["safe"] as? Bool) == true }) else {
                continue
            }
            let loc =
                ((res["locations"] as? [JSONObject])?.first?["physicalLocation"] as? JSONObject)?["artifactLocation"]
                as? JSONObject
            let file = ((loc?["uri"] as? String ?? "") as NSString).lastPathComponent
            safeByFileRule[file, default: [:]][res["ruleId"] as? String ?? "", default: 0] += 1
        }
        let safeTotal = safeByFileRule.values.flatMap(\.values).reduce(0, +)
        #expect(safeTotal >= 5, "the examples hold safe fixes: \(safeByFileRule)")

        let fix = run(["lint", "--no-color", "--fix", "."], cwd: dir.path)
        #expect(fix.exitedCleanly, "\(fix)")
        let applied = fix.stdout.components(separatedBy: "\n").first {
            $0.hasSuffix(" fixes applied") || $0.hasSuffix(" fix applied")
        }
        let appliedCount = applied.flatMap { Int($0.split(separator: " ")[0]) }
        #expect(
            appliedCount.map { $0 >= safeTotal } == true, "applied \(applied ?? "?") of \(safeTotal) safe fixes\n\(fix)"
        )

        let after = run(["lint", "--format", "json", "."], cwd: dir.path)
        let ja = try #require(after.json, "\(after)")
        let b = fcFileRuleCounts(jb), a = fcFileRuleCounts(ja)
        #expect(Set(a.keys) == Set(b.keys))
        for (file, counts) in a {
            for (r, n) in counts {
                #expect(n <= b[file]?[r] ?? 0, "new finding after --fix: \(r) in \(file) (\(b[file]?[r] ?? 0) → \(n))")
            }
        }
        for (file, safe) in safeByFileRule {
            for (r, k) in safe {
                let was = b[file]?[r] ?? 0, now = a[file]?[r] ?? 0
                #expect(now <= was - k, "\(r) in \(file) had \(k) safe fix(es): \(was) → \(now)")
            }
        }
        // Suggestions stay: mistakes-format's "did you mean" findings are all still there.
        #expect(
            a["mistakes-format.layout.json"]?["unknown-property"]
                == b["mistakes-format.layout.json"]?["unknown-property"])
        // Only files with safe fixes changed.
        for n in names where safeByFileRule[n] == nil {
            #expect(fcBytes(dir.path + "/" + n) == originals[n], "\(n) had no safe fix but changed")
        }
        #expect(fcListing(dir.path) == ([".git"] + names).sorted(), "temporary files left: \(fcListing(dir.path))")

        // The exit code reflects what remains, in the fixing run and after it.
        let expected: Int32 = (fcSummary(ja, "errors") ?? 0) > 0 ? 1 : 0
        #expect(after.code == expected, "\(after)")
        #expect(fix.code == expected, "\(fix)")
        #expect(fix.stdout.contains("\(fcSummary(ja, "errors") ?? -1) error"), "\(fix)")

        // And a second --fix does nothing.
        let snapshot = names.map { fcBytes(dir.path + "/" + $0) }
        let again = run(["lint", "--no-color", "--fix", "."], cwd: dir.path)
        #expect(again.stdout.contains("0 fixes applied"), "\(again)")
        #expect(names.map { fcBytes(dir.path + "/" + $0) } == snapshot)
    }

    @Test func fixThroughASymlinkKeepsTheLink() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        let target = dir.write("shared/home.layout.json", fcHandWritten)
        let link = dir.path + "/app/home.layout.json"
        try FileManager.default.createDirectory(atPath: dir.path + "/app", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../shared/home.layout.json")
        let r = run(["lint", "--no-color", "--fix", link])
        #expect(r.code == 1, "\(r)")
        var st = stat()
        lstat(link, &st)
        #expect(st.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
        #expect(fcBytes(target) == Array(fcHandWrittenFixed.utf8), "the target got the fixes")
        #expect(fcListing(dir.path + "/app") == ["home.layout.json"])
        #expect(fcListing(dir.path + "/shared") == ["home.layout.json"])
    }

    @Test func fixWithStandardInputIsAUsageError() {
        let r = run(["lint", "--fix", "-"], stdin: Data(fcHandWritten.utf8))
        #expect(r.code == 2, "\(r)")
        #expect(r.stdout.isEmpty, "nothing linted: \(r)")
        #expect(r.stderr.contains("--fix"), "\(r)")
        let named = run(["lint", "--fix", "--stdin-filename", "x.layout.json", "-"], stdin: Data(fcHandWritten.utf8))
        #expect(named.code == 2, "\(named)")
    }

    @Test func readOnlyFileIsAnErrorAndStaysUntouched() {
        let dir = fcRepo(); defer { dir.cleanup() }
        let path = dir.write("ro.layout.json", fcHandWritten)
        chmod(path, 0o444)
        let inode = fcStat(path).st_ino
        let r = run(["lint", "--no-color", "--fix", path])
        #expect(r.code == 2, "\(r)")
        #expect(r.stderr.contains(path), "the error names the file: \(r)")
        #expect(fcBytes(path) == Array(fcHandWritten.utf8), "the file is untouched")
        #expect(fcMode(path) == 0o444)
        #expect(fcStat(path).st_ino == inode)
        #expect(fcListing(dir.path) == [".git", "ro.layout.json"])
        // The findings are still reported (as the file is).
        #expect(r.stdout.contains("[unknown-property]"), "\(r)")
    }

    @Test func readOnlyFileDoesNotStopTheOthersBeingFixed() {
        let dir = fcRepo(); defer { dir.cleanup() }
        let ro = dir.write("a.layout.json", fcHandWritten)
        let rw = dir.write("b.layout.json", fcHandWritten)
        chmod(ro, 0o444)
        let r = run(["lint", "--no-color", "--fix", "."], cwd: dir.path)
        #expect(r.code == 2, "\(r)")
        #expect(fcBytes(ro) == Array(fcHandWritten.utf8))
        #expect(fcBytes(rw) == Array(fcHandWrittenFixed.utf8))
    }
}

// MARK: .layoutlint.json

@Suite struct ConfigFile {
    /// Severity of the first `group-overflow` finding of file `i` (nil when there is none).
    func overflowSeverity(_ j: JSONObject?, file i: Int) -> String? {
        diagnostics(j, file: i).first { rule($0) == "group-overflow" }?["severity"] as? String
    }

    @Test func nearestConfigWins() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write(".layoutlint.json", #"{ "rules": { "group-overflow": "error" } }"#)
        dir.write("ui/.layoutlint.json", #"{ "rules": { "group-overflow": "information" } }"#)
        dir.write("top.layout.json", fcWarningDoc())
        dir.write("ui/nested.layout.json", fcWarningDoc())
        dir.write("ui/deeper/deep.layout.json", fcWarningDoc())
        let r = run(
            ["lint", "--format", "json", "top.layout.json", "ui/nested.layout.json", "ui/deeper/deep.layout.json"],
            cwd: dir.path)
        let j = try #require(r.json, "\(r)")
        #expect(overflowSeverity(j, file: 0) == "error")
        #expect(overflowSeverity(j, file: 1) == "information")
        #expect(overflowSeverity(j, file: 2) == "information", "the nearest config above the folder governs")
        #expect(r.code == 1)
        // Only the nested ones: no error, so exit 0.
        let nested = run(["lint", "--format", "json", "ui"], cwd: dir.path)
        #expect(nested.code == 0, "\(nested)")
        #expect(fcSummary(nested.json, "information") == 2)
    }

    @Test func walkStopsAtTheRepositoryRoot() throws {
        let outer = TempDir(); defer { outer.cleanup() }
        // Above the repository: a config that would make the warning an error, and an invalid one would fail.
        outer.write(".layoutlint.json", #"{ "rules": { "group-overflow": "error" } }"#)
        try FileManager.default.createDirectory(atPath: outer.path + "/repo/.git", withIntermediateDirectories: true)
        outer.write("repo/src/a.layout.json", fcWarningDoc())
        let r = run(["lint", "--format", "json", "src/a.layout.json"], cwd: outer.path + "/repo")
        #expect(r.code == 0, "the config above the repository root is not used: \(r)")
        #expect(overflowSeverity(r.json, file: 0) == "warning", "\(r)")

        outer.write(".layoutlint.json", "{ this is not json")
        let r2 = run(["lint", "src/a.layout.json"], cwd: outer.path + "/repo")
        #expect(r2.code == 0, "an invalid config above the repository root is not even read: \(r2)")
    }

    @Test func explicitConfigOverrides() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write(".layoutlint.json", #"{ "rules": { "group-overflow": "off" } }"#)
        dir.write("ci/strict.json", #"{ "rules": { "group-overflow": "error" } }"#)
        dir.write("a.layout.json", fcWarningDoc())
        let plain = run(["lint", "--format", "json", "a.layout.json"], cwd: dir.path)
        #expect(diagnostics(plain.json).isEmpty, "\(plain)")
        #expect(plain.code == 0)
        let r = run(["lint", "--format", "json", "--config", "ci/strict.json", "a.layout.json"], cwd: dir.path)
        #expect(overflowSeverity(r.json, file: 0) == "error", "\(r)")
        #expect(r.code == 1)
        // A --config that does not exist is an error (it was asked for by name).
        let missing = run(["lint", "--config", "ci/nope.json", "a.layout.json"], cwd: dir.path)
        #expect(missing.code == 2, "\(missing)")
        #expect(missing.stderr.contains("nope.json"))
    }

    @Test func severitiesOffAndError() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write("a.layout.json", fcWarningDoc())
        let dflt = run(["lint", "--format", "json", "a.layout.json"], cwd: dir.path)
        #expect(dflt.code == 0, "a warning alone exits 0: \(dflt)")
        #expect(fcSummary(dflt.json, "warnings") == 1)

        dir.write(".layoutlint.json", #"{ "rules": { "group-overflow": "off" } }"#)
        let off = run(["lint", "--format", "json", "a.layout.json"], cwd: dir.path)
        #expect(off.code == 0, "\(off)")
        #expect(diagnostics(off.json).isEmpty, "off removes the finding: \(off)")
        #expect(fcSummary(off.json, "warnings") == 0)

        dir.write(".layoutlint.json", #"{ "rules": { "group-overflow": "error" } }"#)
        let err = run(["lint", "--no-color", "a.layout.json"], cwd: dir.path)
        #expect(err.code == 1, "error makes a warning rule fail: \(err)")
        #expect(err.stdout.contains(": error: "), "\(err)")
        #expect(err.stdout.contains("1 error"), "\(err)")

        dir.write(".layoutlint.json", #"{ "rules": { "group-overflow": "hint" } }"#)
        let hint = run(["lint", "--format", "json", "a.layout.json"], cwd: dir.path)
        #expect(diagnostics(hint.json).first?["severity"] as? String == "hint", "\(hint)")
    }

    @Test func environmentsForDocumentsWithoutTheirOwnList() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write(".layoutlint.json", #"{ "environments": ["iPhone SE", "iPad"] }"#)
        dir.write("a-none.layout.json", fcWarningDoc())
        dir.write("b-own.layout.json", fcWarningDoc(environments: #"["iPhone 15 Pro Max"]"#))
        let r = run(["lint", "--format", "json", "."], cwd: dir.path)
        let j = try #require(r.json, "\(r)")
        #expect(files(j).count == 2)
        let none = try #require(diagnostics(j, file: 0).first { rule($0) == "group-overflow" }, "\(r)")
        #expect(none["environments"] as? [String] == ["iPhone SE", "iPad"], "the config's list: \(none)")
        let own = try #require(diagnostics(j, file: 1).first { rule($0) == "group-overflow" }, "\(r)")
        #expect(own["environments"] as? [String] == ["iPhone 15 Pro Max"], "the document's own list wins: \(own)")
        // --environment replaces both.
        let cli = run(["lint", "--format", "json", "--environment", "iPad Pro 12.9", "."], cwd: dir.path)
        for i in 0..<2 {
            let d = diagnostics(cli.json, file: i).first { rule($0) == "group-overflow" }
            #expect(d?["environments"] as? [String] == ["iPad Pro 12.9"], "\(cli)")
        }
    }

    @Test func excludeGlobsWhenFoldersAreExpanded() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write(".layoutlint.json", #"{ "exclude": ["generated/**", "*.draft.layout.json"] }"#)
        for name in [
            "b.layout.json", "a.layout.json", "z/c.layout.jsonc", "generated/g.layout.json",
            "generated/deep/h.layout.json", "m/wip.draft.layout.json", "m/k.layout.json", "m-n.layout.json",
        ] {
            dir.write(name, fcWarningDoc())
        }
        let r = run(["lint", "--format", "json", "."], cwd: dir.path)
        let j = try #require(r.json, "\(r)")
        let paths = files(j).compactMap { $0["path"] as? String }.map {
            $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0
        }
        #expect(
            paths == ["a.layout.json", "b.layout.json", "m-n.layout.json", "m/k.layout.json", "z/c.layout.jsonc"],
            "\(r)")
        #expect(paths == paths.sorted())
        #expect(!r.stderr.contains("matches no file"), "every glob matched: \(r)")
        #expect(r.code == 0)
    }

    /// The globs are relative to the config's folder, wherever the run starts: from a subfolder (`lint .`), from
    /// above it, and with `--config` named relatively. (They were matched against the path as typed, so only a run
    /// from the config's folder excluded anything, and "generated/**" excluded app/generated from app/.)
    @Test func excludeGlobsAreRelativeToTheConfigsFolderFromAnyWorkingDirectory() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        for name in [
            "app/a.layout.json", "app/generated/x.layout.json", "generated/y.layout.json",
            "app/sub/generated/z.layout.json",
        ] {
            dir.write(name, fcWarningDoc())
        }
        func linted(_ args: [String], cwd: String) throws -> [String] {
            let r = run(["lint", "--format", "json"] + args, cwd: cwd)
            let j = try #require(r.json, "\(r)")
            return files(j).compactMap { $0["path"] as? String }.map { ($0 as NSString).lastPathComponent }.sorted()
        }
        let app = dir.path + "/app"
        dir.write(".layoutlint.json", #"{ "exclude": ["app/generated/**"] }"#)
        #expect(try linted(["."], cwd: dir.path) == ["a.layout.json", "y.layout.json", "z.layout.json"])
        #expect(try linted(["."], cwd: app) == ["a.layout.json", "z.layout.json"])
        #expect(try linted(["generated"], cwd: app) == [])
        #expect(try linted(["--config", "../.layoutlint.json", "."], cwd: app) == ["a.layout.json", "z.layout.json"])
        dir.write(".layoutlint.json", #"{ "exclude": ["generated/**"] }"#)
        #expect(try linted(["."], cwd: app) == ["a.layout.json", "x.layout.json", "z.layout.json"])
        #expect(try linted(["../generated", "."], cwd: app) == ["a.layout.json", "x.layout.json", "z.layout.json"])
    }

    /// Standard input takes the config of the file `--stdin-filename` names, not the working directory's (an
    /// editor pipes a buffer from wherever it runs).
    @Test func standardInputTakesTheConfigOfTheFileItStandsFor() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write("app/.layoutlint.json", #"{ "rules": { "group-overflow": "off" } }"#)
        let doc = Data(fcWarningDoc().utf8)
        let named = run(
            ["lint", "--format", "json", "--stdin-filename", "app/x.layout.json", "-"], stdin: doc, cwd: dir.path)
        #expect(named.code == 0 && !named.stdout.contains("group-overflow"), "\(named)")
        let unnamed = run(["lint", "--format", "json", "-"], stdin: doc, cwd: dir.path)
        #expect(unnamed.stdout.contains("group-overflow"), "\(unnamed)")
    }

    /// `explain` and `render` read the config `lint` reads: a document that names no environments is explained and
    /// drawn in the config's, and an invalid config fails them as it fails `lint` (exit 2).
    @Test func explainAndRenderUseTheConfig() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write(".layoutlint.json", #"{ "environments": ["iPad"] }"#)
        dir.write("a.layout.json", fcCleanDoc)
        let explained = run(["explain", "--format", "json", "a.layout.json"], cwd: dir.path)
        #expect(
            explained.code == 0 && explained.stdout.contains("\"iPad\"") && !explained.stdout.contains("iPhone 12"),
            "\(explained)")
        let drawn = run(["render", "a.layout.json"], cwd: dir.path)
        #expect(
            drawn.code == 0 && drawn.stdout.contains("iPad") && !drawn.stdout.contains("iPhone 12"), "\(drawn.stderr)")
        dir.write(".layoutlint.json", #"{ "environments": 3 }"#)
        #expect(run(["explain", "a.layout.json"], cwd: dir.path).code == 2)
        #expect(run(["render", "a.layout.json"], cwd: dir.path).code == 2)
    }

    @Test func excludeGlobMatchingNothingWarnsButKeepsTheExitCode() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write("a.layout.json", fcWarningDoc())
        dir.write("gen/x.layout.json", fcWarningDoc())
        dir.write(".layoutlint.json", #"{ "exclude": ["gen/"] }"#)
        let base = run(["lint", "--format", "json", "."], cwd: dir.path)
        dir.write(".layoutlint.json", #"{ "exclude": ["gen/", "genrated/**"] }"#)
        let r = run(["lint", "--format", "json", "."], cwd: dir.path)
        #expect(r.stderr.contains("genrated/**"), "a warning names the glob: \(r)")
        #expect(r.stderr.contains("warning"), "\(r)")
        #expect(!r.stderr.contains("\"gen/\""), "gen/ matched: \(r)")
        #expect(r.code == base.code, "\(base)\n\(r)")
        #expect(r.code == 0)
        #expect(files(r.json).count == 1)
        // The same with an error in the file: still 1, not 2.
        dir.write(
            ".layoutlint.json", #"{ "exclude": ["gen/", "genrated/**"], "rules": { "group-overflow": "error" } }"#)
        let e = run(["lint", "."], cwd: dir.path)
        #expect(e.code == 1, "\(e)")
    }

    /// A config cannot make a broken file pass, and a setting it ignores (or any other warning on a valid config,
    /// such as a duplicate key) is shown once on stderr with its source line, without changing the exit code.
    @Test func syntaxOffIsIgnoredWithAWarning() {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write(".layoutlint.json", "{ \"rules\": {\n  \"syntax\": \"off\", \"syntax\": \"off\" } }\n")
        dir.write("a.layout.json", #"{ "sections": [ { "#)
        dir.write("b.layout.json", fcCleanDoc)
        let r = run(["lint", "."], cwd: dir.path)
        #expect(r.code == 1, "a broken file fails whatever the config says: \(r)")
        #expect(r.stdout.contains("[syntax]"), "\(r)")
        #expect(r.stderr.components(separatedBy: "warning: configuration").count == 2, "once per config: \(r)")
        #expect(r.stderr.contains(".layoutlint.json:2:13: warning: \"syntax\" is always an error"), "\(r)")
        #expect(r.stderr.contains("[duplicate-key]"), "\(r)")
        let clean = run(["lint", "b.layout.json"], cwd: dir.path)
        #expect(clean.code == 0, "warnings on the config change no exit code: \(clean)")
        #expect(clean.stderr.contains("warning: configuration"), "\(clean)")
    }

    /// Globs only filter folder expansion; linting named files (pre-commit passes file names) or standard input
    /// expands nothing, so "matches no file" would be noise on every run.
    @Test func noUnmatchedGlobWarningWhenNoFolderWasExpanded() {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write(".layoutlint.json", #"{ "exclude": ["gen/**"] }"#)
        dir.write("gen/x.layout.json", fcCleanDoc)
        dir.write("a.layout.json", fcCleanDoc)
        let named = run(["lint", "a.layout.json"], cwd: dir.path)
        #expect(named.code == 0)
        #expect(!named.stderr.contains("matches no file"), "\(named)")
        let stdin = run(
            ["lint", "--stdin-filename", "a.layout.json", "-"], stdin: Data(fcCleanDoc.utf8), cwd: dir.path)
        #expect(stdin.code == 0)
        #expect(!stdin.stderr.contains("matches no file"), "\(stdin)")
    }

    /// A folder one glob excludes is not read, so a glob that would match files inside it matched nothing seen:
    /// it was told "matches no file". One anchored inside the folder says nothing;
    /// one that matches a name at any depth is told which folders were not looked in; one that names another folder
    /// is told as before.
    @Test func globsThatCouldMatchInAnUnreadFolder() {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write(
            ".layoutlint.json",
            #"{ "exclude": ["build", "build/gen.layout.json", "**/*.generated.layout.json", "src/**", "*.draft.layout.json"] }"#
        )
        dir.write("build/gen.layout.json", fcCleanDoc)
        dir.write("build/x.generated.layout.json", fcCleanDoc)
        dir.write("a.layout.json", fcCleanDoc)
        let r = run(["lint", "."], cwd: dir.path)
        #expect(r.code == 0, "\(r)")
        let warned = r.stderr.split(separator: "\n").filter { $0.contains("matches no file") }
        #expect(
            !warned.contains {
                $0.contains("\"build/gen.layout.json\"") || $0.contains("\"**/*.generated.layout.json\"")
            }, "\(r)")
        #expect(warned.contains { $0.contains("\"src/**\"") && $0.hasSuffix("matches no file") }, "\(r)")
        #expect(
            warned.contains {
                $0.contains("\"*.draft.layout.json\"")
                    && $0.hasSuffix(
                        "matches no file outside the folders other patterns exclude, which were not read (\"build\")")
            }, "\(r)")
        #expect(warned.count == 2, "\(r)")
    }

    static let invalidConfigs: [(name: String, text: String, position: String, mentions: String)] = [
        ("syntax error", "{\n  \"rules\": { \"group-overflow\": \"error\" \n", ":3:1", ""),
        (
            "typo'd rule id", "{\n  \"rules\": { \"group-overflo\": \"error\" } }\n", ":2:14",
            "did you mean \"group-overflow\""
        ),
        ("bad severity", "{\n  \"rules\": {\n    \"group-overflow\": \"loud\" } }\n", ":3:23", "loud"),
        ("unknown key", "{\n  \"environments\": [\"iPad\"],\n  \"rule\": {} }\n", ":3:3", "rule"),
        ("not an object", "[]\n", ":1:1", ""),
    ]

    @Test(arguments: 0..<5)
    func invalidConfigIsExitTwoWithItsPositionAndNothingLinted(_ i: Int) {
        let c = Self.invalidConfigs[i]
        let dir = fcRepo(); defer { dir.cleanup() }
        let cfg = dir.write(".layoutlint.json", c.text)
        dir.write("a.layout.json", fcWarningDoc())
        dir.write("sub/b.layout.json", fcCleanDoc)
        for format in ["text", "json", "sarif", "github"] {
            let r = run(["lint", "--no-color", "--format", format, "."], cwd: dir.path)
            #expect(r.code == 2, "\(c.name) [\(format)]: \(r)")
            #expect(r.stdout.isEmpty, "\(c.name) [\(format)]: nothing is linted: \(r)")
            #expect(
                r.stderr.contains("\(cfg)\(c.position)"),
                "\(c.name) [\(format)]: the config's path:line:column \(c.position): \(r)")
            if !c.mentions.isEmpty { #expect(r.stderr.contains(c.mentions), "\(c.name): \(r)") }
        }
        // Through --config too, for a single file.
        let r = run(["lint", "--config", cfg, dir.path + "/sub/b.layout.json"])
        #expect(r.code == 2, "\(c.name) via --config: \(r)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("\(cfg)\(c.position)"), "\(c.name) via --config: \(r)")
    }

    @Test func deletedConfigIsAbsent() {
        let dir = fcRepo(); defer { dir.cleanup() }
        let cfg = dir.write(".layoutlint.json", #"{ "rules": { "group-overflow": "error" } }"#)
        dir.write("a.layout.json", fcWarningDoc())
        #expect(run(["lint", "a.layout.json"], cwd: dir.path).code == 1)
        unlink(cfg)
        let r = run(["lint", "--format", "json", "a.layout.json"], cwd: dir.path)
        #expect(r.code == 0, "\(r)")
        #expect(diagnostics(r.json).first?["severity"] as? String == "warning")
        // A dangling symlink in its place is absent too.
        symlink("gone.json", cfg)
        let d = run(["lint", "--format", "json", "a.layout.json"], cwd: dir.path)
        #expect(d.code == 0, "\(d)")
        #expect(diagnostics(d.json).first?["severity"] as? String == "warning")
    }

    /// A config that exists but cannot be read is an error, like an invalid one.
    @Test func unreadableConfigIsAnError() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        chmod(dir.path, 0o755)
        let cfg = dir.write(".layoutlint.json", #"{ "rules": { "group-overflow": "error" } }"#)
        let doc = dir.write("a.layout.json", fcWarningDoc())
        chmod(doc, 0o644)
        chmod(cfg, 0o000)
        guard let r = fcRunUnprivileged(["lint", "--format", "json", "a.layout.json"], cwd: dir.path) else { return }
        // A config that exists but cannot be read is never silently ignored (docs/interfaces.md#configuration-file):
        // exit 2, nothing linted.
        #expect(r.code == 2, "\(r)")
        #expect(r.stdout.isEmpty, "\(r)")
        #expect(r.stderr.contains(".layoutlint.json") && r.stderr.contains("Permission denied"), "\(r)")
    }
}

// MARK: options

@Suite struct LintOptionsIssue3 {
    @Test func maxWarnings() {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write("a.layout.json", fcWarningDoc())
        #expect(run(["lint", "--max-warnings", "0", "a.layout.json"], cwd: dir.path).code == 1)
        #expect(run(["lint", "--max-warnings", "1", "a.layout.json"], cwd: dir.path).code == 0)
        #expect(run(["lint", "a.layout.json"], cwd: dir.path).code == 0, "no limit by default")
        // Two files, one warning each: counted over the run.
        dir.write("b.layout.json", fcWarningDoc())
        #expect(run(["lint", "--max-warnings", "1", "."], cwd: dir.path).code == 1)
        #expect(run(["lint", "--max-warnings", "2", "."], cwd: dir.path).code == 0)
        // An error fails whatever the limit.
        dir.write(".layoutlint.json", #"{ "rules": { "group-overflow": "error" } }"#)
        #expect(run(["lint", "--max-warnings", "100", "a.layout.json"], cwd: dir.path).code == 1)
        // Not a number: usage error.
        #expect(run(["lint", "--max-warnings", "many", "a.layout.json"], cwd: dir.path).code == 2)
    }

    @Test func environmentIsRepeatable() throws {
        let r = run(
            [
                "lint", "--format", "json", "--environment", "iPhone SE", "--environment", "iPad", "--environment",
                "iPhone 12", "-",
            ],
            stdin: Data(fcWarningDoc(environments: #"["iPad Pro 12.9"]"#).utf8))
        let envs = Set(
            diagnostics(r.json).filter { rule($0) == "group-overflow" }.flatMap {
                $0["environments"] as? [String] ?? []
            })
        #expect(envs == ["iPhone SE", "iPad", "iPhone 12"], "\(r)")
    }

    @Test func noColorFlagAndEnvironmentOnATerminal() {
        let script = "/usr/bin/script"
        guard FileManager.default.isExecutableFile(atPath: script) else { return }
        let dir = fcRepo(); defer { dir.cleanup() }
        let path = dir.write("a.layout.json", fcHandWritten)
        func tty(_ cmd: String, _ env: [String: String] = [:]) -> String {
            run(["-qec", cmd, "/dev/null"], environment: env, executable: script).stdout
        }
        #expect(tty("\(layoutlintBinary) lint \(path)").contains("\u{1B}["), "colours on a terminal")
        #expect(!tty("\(layoutlintBinary) lint --no-color \(path)").contains("\u{1B}"))
        #expect(!tty("\(layoutlintBinary) lint \(path)", ["NO_COLOR": "1"]).contains("\u{1B}"))
        #expect(
            !tty("\(layoutlintBinary) lint --format github \(path)").contains("\u{1B}"), "machine formats never colour")
        #expect(!tty("\(layoutlintBinary) lint --format json \(path)").contains("\u{1B}"))
    }

    @Test(arguments: ["text", "json", "sarif", "github"])
    func stdinFilenameNamesTheFileInEveryFormat(_ format: String) throws {
        let name = "screens/home.layout.json"
        let r = run(
            ["lint", "--no-color", "--format", format, "--stdin-filename", name, "-"], stdin: Data(fcWarningDoc().utf8))
        #expect(r.code == 0, "\(r)")
        #expect(!r.stdout.contains("<stdin>"), "\(r)")
        switch format {
        case "text":
            #expect(r.stdout.hasPrefix("\(name):2:89: warning: "), "\(r)")
        case "json":
            #expect(files(r.json).first?["path"] as? String == name, "\(r)")
        case "sarif":
            let j = try #require(r.json, "\(r)")
            let res = try #require(((j["runs"] as? [JSONObject])?.first?["results"] as? [JSONObject])?.first, "\(r)")
            let loc =
                ((res["locations"] as? [JSONObject])?.first?["physicalLocation"] as? JSONObject)?["artifactLocation"]
                as? JSONObject
            #expect(loc?["uri"] as? String == name, "\(r)")
        default:
            #expect(r.stdout.hasPrefix("::warning file=\(name),line=2,col=89,"), "\(r)")
        }
    }

    @Test func sarifIsJSONVersion210() throws {
        let r = run([
            "lint", "--format", "sarif", example("mistakes-paging.layout.json"), example("app-store.layout.json"),
        ])
        #expect(r.code == 0 || r.code == 1, "\(r)")
        let j = try #require(r.json, "stdout is one JSON object: \(r)")
        #expect(j["version"] as? String == "2.1.0")
        #expect((j["runs"] as? [Any])?.count == 1)
    }
}

// MARK: scale and hostile folders

@Suite struct BigFolders {
    @Test func tenThousandFiles() throws {
        let t0 = Date()
        defer {
            print("10 000 files: whole test, with removal, \(String(format: "%.2f", Date().timeIntervalSince(t0))) s")
        }
        let dir = fcRepo()
        // Plain removal (TempDir.cleanup() re-chmods every entry first, which is slow for 10 000 files).
        defer { try? FileManager.default.removeItem(atPath: dir.path) }
        var expected: [String] = []
        var warnings = 0
        let clean = Array(fcCleanDoc.utf8), warn = Array(fcWarningDoc().utf8)
        for d in 0..<100 {
            let folder = String(format: "d%02d", d)
            #expect(mkdir(dir.path + "/" + folder, 0o755) == 0)
            for f in 0..<100 {
                let rel = folder + "/" + String(format: "f%03d.layout.json", f)
                let w = (d * 100 + f) % 10 == 7
                if w { warnings += 1 }
                let fd = open(dir.path + "/" + rel, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                #expect(fd >= 0)
                let body = w ? warn : clean
                #expect(body.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == body.count)
                close(fd)
                expected.append(rel)
            }
        }
        expected.sort()
        #expect(expected.count == 10_000)
        let generated = Date().timeIntervalSince(t0)
        let r = run(["lint", "--format", "json", "."], cwd: dir.path, timeout: 120)
        print(
            "10 000 files: generated in \(String(format: "%.2f", generated)) s; layoutlint lint --format json took \(String(format: "%.2f", r.seconds)) s"
        )
        #expect(r.exitedCleanly, "\(r)")
        #expect(r.code == 0)
        let j = try #require(r.json, "\(r.description.prefix(2000))")
        #expect(fcSummary(j, "files") == 10_000)
        #expect(fcSummary(j, "warnings") == warnings)
        #expect(fcSummary(j, "errors") == 0)
        let paths = files(j).compactMap { $0["path"] as? String }.map {
            $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0
        }
        #expect(paths == expected, "sorted order")
        #expect(fcRuleCounts(j) == ["group-overflow": warnings])
    }

    @Test func symlinkLoopNeitherCrashesNorHangs() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write("top/a.layout.json", fcWarningDoc())
        dir.write("top/inner/b.layout.json", fcCleanDoc)
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: dir.path + "/top/inner/up", withDestinationPath: "..") // a loop
        try fm.createSymbolicLink(atPath: dir.path + "/top/self", withDestinationPath: ".") // a loop on itself
        try fm.createSymbolicLink(atPath: dir.path + "/top/x", withDestinationPath: "y") // x → y → x
        try fm.createSymbolicLink(atPath: dir.path + "/top/y", withDestinationPath: "x")
        try fm.createSymbolicLink(atPath: dir.path + "/top/loop.layout.json", withDestinationPath: "loop.layout.json")
        let r = run(["lint", "--format", "json", "top"], cwd: dir.path, timeout: 30)
        #expect(!r.timedOut && !r.signaled, "\(r)")
        #expect(r.exitedCleanly, "\(r)")
        let paths = files(r.json).compactMap { $0["path"] as? String }
        #expect(paths.filter { $0.hasSuffix("/a.layout.json") }.count == 1, "each file once: \(paths)")
        #expect(paths.filter { $0.hasSuffix("/b.layout.json") }.count == 1, "each file once: \(paths)")
        #expect(fcSummary(r.json, "warnings") == 1, "\(r)")
        // With --fix too (nothing to fix; the loop must not hang the writer either).
        let f = run(["lint", "--fix", "top"], cwd: dir.path, timeout: 30)
        #expect(!f.timedOut && !f.signaled, "\(f)")
    }
}

/// `exclude` globs and paths as the CLI reads them: excluded folders are not walked, globs match only below the
/// config's folder, `!pattern` is a config error, `--force-exclude` governs files named, and GitHub paths are relative
/// to the checkout.
@Suite struct ExcludeAndPaths {
    /// Pre-commit names every staged file: without `--force-exclude` (which the hooks now pass) the hooks failed
    /// commits on, and `layoutlint-fix` rewrote, files the config excludes.
    @Test func forceExcludeAppliesTheGlobsToNamedFiles() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write(".layoutlint.json", #"{ "exclude": ["build/**", "*.generated.layout.json"] }"#)
        dir.write("src/ok.layout.json", fcWarningDoc())
        dir.write("src/x.generated.layout.json", fcWarningDoc())
        let plain = run(
            ["lint", "--format", "json", "--max-warnings=0", "src/ok.layout.json", "src/x.generated.layout.json"],
            cwd: dir.path)
        #expect(files(plain.json).count == 2 && plain.code == 1, "named files are linted without the flag: \(plain)")
        let forced = run(
            [
                "lint", "--format", "json", "--force-exclude", "--max-warnings=0", "src/ok.layout.json",
                "src/x.generated.layout.json",
            ], cwd: dir.path)
        #expect(files(forced.json).compactMap { $0["path"] as? String } == ["src/ok.layout.json"], "\(forced)")
        // Every file named is excluded: nothing to do, no failure, nothing written.
        let before = fcBytes(dir.path + "/src/x.generated.layout.json")
        let fix = run(["lint", "--no-color", "--force-exclude", "--fix", "src/x.generated.layout.json"], cwd: dir.path)
        #expect(fix.code == 0, "\(fix)")
        #expect(fix.stderr.contains("excluded"), "\(fix)")
        #expect(fcBytes(dir.path + "/src/x.generated.layout.json") == before)
        // The hooks pass it.
        let hooks = try String(contentsOf: repoRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        #expect(
            hooks.components(separatedBy: "entry: layoutlint lint --no-color --force-exclude").count == 4, "\(hooks)")
    }

    /// An excluded folder is not read: a name that is not UTF-8 (or an unreadable folder) in `build/` made every
    /// run exit 2, and the whole excluded tree was walked.
    @Test func anExcludedFolderIsNotRead() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write(".layoutlint.json", #"{ "exclude": ["build/"] }"#)
        dir.write("src/ok.layout.json", fcCleanDoc)
        dir.write("build/gen/keep.txt", "")
        let bad = Array((dir.path + "/build/gen/bad").utf8) + [0xFF] + Array(".layout.json".utf8) + [0]
        let fd = bad.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(fd >= 0)
        close(fd)
        let r = run(["lint", "--no-color", "."], cwd: dir.path)
        #expect(r.code == 0, "\(r)")
        #expect(!r.stderr.contains("not valid UTF-8") && !r.stderr.contains("matches no file"), "\(r)")
        // Not excluded, the same name is an error, as before.
        dir.write(".layoutlint.json", #"{ "exclude": ["other/"] }"#)
        #expect(run(["lint", "--no-color", "."], cwd: dir.path).code == 2)
    }

    /// A shared config outside the checkout: its unanchored `build` matched a folder above the config (the checkout
    /// lay under a `build` folder), so every file was excluded and the run said "no layout documents found".
    @Test func globsDoNotMatchAboveTheConfigsFolder() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write("shared/c.json", #"{ "exclude": ["build"] }"#)
        dir.write("build/proj/src/x.layout.json", fcWarningDoc())
        dir.write("build/proj/build/y.layout.json", fcWarningDoc())
        let r = run(
            ["lint", "--format", "json", "--config", "../../shared/c.json", "."], cwd: dir.path + "/build/proj")
        // (Relative to the working directory, `build` is the checkout's own build folder.)
        #expect(files(r.json).compactMap { $0["path"] as? String } == ["./src/x.layout.json"], "\(r)")
        // Everything excluded: the message says so.
        dir.write("build/proj/.layoutlint.json", #"{ "exclude": ["src/"] }"#)
        let own = run(["lint", "src"], cwd: dir.path + "/build/proj")
        #expect(own.code == 2 && own.stderr.contains("excluded by the configuration"), "\(own)")
    }

    /// "matches no file" was printed whenever a subfolder was linted: the glob matches files, outside it.
    @Test func noUnmatchedGlobWarningForASubfolder() {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write(".layoutlint.json", #"{ "exclude": ["build/**", "typo/**"] }"#)
        dir.write("build/gen/x.layout.json", fcCleanDoc)
        dir.write("src/a.layout.json", fcCleanDoc)
        let sub = run(["lint", "src"], cwd: dir.path)
        #expect(sub.code == 0 && !sub.stderr.contains("matches no file"), "\(sub)")
        let whole = run(["lint", "."], cwd: dir.path)
        #expect(whole.stderr.contains("\"typo/**\"") && !whole.stderr.contains("\"build/**\""), "\(whole)")
    }

    /// gitignore's `!` was taken as a literal name and excluded nothing (with a "matches no file" hinting at a typo).
    @Test func aNegatedPatternIsAConfigError() {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write(".layoutlint.json", #"{ "exclude": ["gen/*", "!gen/keep.layout.json"] }"#)
        dir.write("gen/keep.layout.json", fcCleanDoc)
        let r = run(["lint", "--no-color", "."], cwd: dir.path)
        #expect(r.code == 2 && r.stderr.contains("negated patterns"), "\(r)")
    }

    /// `--format github` named files `./src/x` (the default path is `.`); GitHub attaches annotations only to
    /// paths as the pull request names them (yamllint #764, typos #1496).
    @Test func githubAnnotationsNameFilesFromTheRepository() {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write("src/w.layout.json", fcWarningDoc())
        let r = run(["lint", "--format", "github"], cwd: dir.path)
        #expect(r.stdout.contains("file=src/w.layout.json,") && !r.stdout.contains("file=./"), "\(r)")
        let abs = run(
            ["lint", "--format", "github", dir.path + "/src"], cwd: dir.path,
            environment: ["GITHUB_WORKSPACE": dir.path])
        #expect(abs.stdout.contains("file=src/w.layout.json,"), "\(abs)")
    }

    /// Excluded folders with configs of their own, `--config` outside the tree, `--force-exclude` with standard input,
    /// `--max-warnings -1` and GitHub paths relative to the checkout.
    @Test func excludeAndPathsAfterTheReview() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        // A folder the root excludes but that has a config of its own is judged by it, as `lint legacy` judges it.
        dir.write(".layoutlint.json", #"{ "exclude": ["legacy"] }"#)
        dir.write("legacy/.layoutlint.json", "{ }")
        dir.write("legacy/bad.layout.json", fcWarningDoc())
        dir.write("ok.layout.json", fcCleanDoc)
        let all = run(["lint", "--format", "json", "."], cwd: dir.path)
        let sub = run(["lint", "--format", "json", "legacy"], cwd: dir.path)
        #expect(files(all.json).count == 2 && files(sub.json).count == 1, "\(all)\n\(sub)")
        // GitHub paths from a subfolder, relative to the checkout.
        let gh = run(
            ["lint", "--format", "github", "."], cwd: dir.path + "/legacy", environment: ["GITHUB_WORKSPACE": dir.path])
        #expect(gh.stdout.contains("file=legacy/bad.layout.json,"), "\(gh)")
        let dotdot = run(
            ["lint", "--format", "github", "../legacy"], cwd: dir.path + "/legacy",
            environment: ["GITHUB_WORKSPACE": dir.path])
        #expect(dotdot.stdout.contains("file=legacy/bad.layout.json,"), "\(dotdot)")
        // A shared --config outside the tree matches relative to the working directory.
        dir.write("ci/c.json", #"{ "exclude": ["*.generated.layout.json"] }"#)
        dir.write("src/x.generated.layout.json", fcWarningDoc())
        dir.write("src/y.layout.json", fcCleanDoc)
        let shared = run(["lint", "--format", "json", "--config", "ci/c.json", "src"], cwd: dir.path)
        #expect(files(shared.json).compactMap { $0["path"] as? String } == ["src/y.layout.json"], "\(shared)")
        // Inside the config's folder its globs are relative to it, from any working directory (the fallback to the
        // working directory is for files outside it only).
        dir.write("ci/app/gen/x.layout.json", fcWarningDoc())
        dir.write("ci/c2.json", #"{ "exclude": ["app/gen/x.layout.json"] }"#)
        let fromRoot = run(["lint", "--format", "json", "--config", "ci/c2.json", "ci/app"], cwd: dir.path)
        let fromApp = run(["lint", "--format", "json", "--config", "../c2.json", "."], cwd: dir.path + "/ci/app")
        #expect(files(fromRoot.json).isEmpty && files(fromApp.json).isEmpty, "\(fromRoot)\n\(fromApp)")
        // --force-exclude covers standard input by its --stdin-filename.
        let piped = run(
            [
                "lint", "--force-exclude", "--config", "ci/c.json", "--stdin-filename", "src/x.generated.layout.json",
                "-",
            ],
            stdin: Data(fcWarningDoc().utf8), cwd: dir.path)
        #expect(piped.code == 0 && !piped.stdout.contains("group-overflow"), "\(piped)")
        // --max-warnings -1, the documented "no limit", with a space.
        #expect(run(["lint", "--max-warnings", "-1", "legacy"], cwd: dir.path).code == 0)
    }

    @Test func usageErrors() {
        #expect(run(["lint", "--max-warnings=-5", "-"], stdin: Data(fcCleanDoc.utf8)).code == 2)
        #expect(run(["lint", "--max-warnings=-1", "-"], stdin: Data(fcCleanDoc.utf8)).code == 0)
        let both = run(["lint", "--config", "-", "-"], stdin: Data(fcCleanDoc.utf8))
        #expect(both.code == 2 && both.stderr.contains("standard input"), "\(both)")
        // A rule named with --markdown was ignored.
        #expect(run(["rules", "--markdown", "duplicate-key"]).code == 2)
        // A --config that names nothing: one line, no empty snippet.
        let missing = run(["lint", "--config", "nope.json", "-"], stdin: Data(fcCleanDoc.utf8))
        #expect(
            missing.code == 2
                && missing.stderr
                    == "layoutlint: invalid configuration nope.json: cannot read nope.json: no such file or folder\n",
            "\(missing)")
    }
}
