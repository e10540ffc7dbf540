// Paths with a segment that starts with a combining mark, or a name with a prepended mark (U+0600) before its
// ".layout.json": Swift's `hasPrefix`, `hasSuffix`, `dropFirst`, `split(separator:)` and `lastIndex(of:)` work on
// `Character`s, and a "/" or "." joins such a mark into one, so the walk, the reports and the configs misread them.
import Foundation
import Testing

@Suite struct CombiningMarkPaths {
    static let mark = "\u{301}w.layout.json"

    @Test func reportsNameTheFileAsItIsNamed() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write(Self.mark, fcWarningDoc())
        // `./` less two `Character`s dropped the mark with the "/": "w.layout.json", another file.
        let gh = run(["lint", "--format", "github", "."], cwd: dir.path)
        #expect(gh.stdout.contains("file=\(Self.mark),"), "\(gh)")
        let sarif = run(["lint", "--format", "sarif", "."], cwd: dir.path)
        let j = try #require(sarif.json, "\(sarif)")
        let res = try #require(((j["runs"] as? [JSONObject])?.first?["results"] as? [JSONObject])?.first, "\(sarif)")
        let loc =
            ((res["locations"] as? [JSONObject])?.first?["physicalLocation"] as? JSONObject)?["artifactLocation"]
            as? JSONObject
        #expect(loc?["uri"] as? String == "%CC%81w.layout.json", "the ./ goes: \(sarif)")
        // An absolute path inside GITHUB_WORKSPACE is made relative to it (its last "/" was not seen).
        let abs = run(
            ["lint", "--format", "github", dir.path + "/" + Self.mark], cwd: dir.path,
            environment: ["GITHUB_WORKSPACE": dir.path])
        #expect(abs.stdout.contains("file=\(Self.mark),"), "\(abs)")
    }

    /// Each file takes its own folder's config: the folder was cut at the last "/" `Character` (by `lastIndex(of:)`
    /// and `NSString`), which "/\u{301}" is not, so the folder above's config applied, and the run's per-folder cache
    /// then gave that config to the folder above's own files too.
    @Test func eachFileTakesItsOwnFoldersConfig() {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write("ws/.layoutlint.json", #"{ "rules": { "group-overflow": "off" } }"#)
        dir.write("ws/" + Self.mark, fcWarningDoc())
        dir.write("z.layout.json", fcWarningDoc())
        for args in [["."], ["ws/" + Self.mark, "z.layout.json"]] {
            let r = run(["lint", "--format", "json"] + args, cwd: dir.path)
            let found = files(r.json).filter { !($0["diagnostics"] as? [JSONObject] ?? []).isEmpty }.compactMap {
                $0["path"] as? String
            }
            #expect(found.count == 1 && found.first?.hasSuffix("z.layout.json") == true, "\(args): \(r)")
        }
    }

    @Test func theWalkSkipsHiddenFoldersByTheirFirstByteAndFindsEveryLayoutName() {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write(".\u{301}hidden/a.layout.json", fcWarningDoc()) // hidden: its name starts with "."
        dir.write("\u{600}.layout.json", fcWarningDoc()) // a layout document, whatever its first mark joins
        let r = run(["lint", "--format", "json", "."], cwd: dir.path)
        #expect(files(r.json).compactMap { $0["path"] as? String } == ["./\u{600}.layout.json"], "\(r)")
    }

    @Test func aNegatedExcludePatternIsAnErrorWhateverFollowsItsBang() {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write(".layoutlint.json", #"{ "exclude": ["!\#u{301}gen"] }"#)
        dir.write("a.layout.json", fcCleanDoc)
        let r = run(["lint", "--no-color", "."], cwd: dir.path)
        #expect(r.code == 2 && r.stderr.contains("negated patterns"), "\(r)")
    }
}
