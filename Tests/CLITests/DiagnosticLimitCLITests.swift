// `layoutlint lint` on a document with more diagnostics than a document lists (10 000): the list ends with one
// `too-many-problems`, and the exit code, `--max-warnings` and the summaries count everything.
import Foundation
import Testing
import TestSupport

@Suite struct DiagnosticLimitCLI {
    /// A valid section whose "name" is written 10 050 times: 10 049 `duplicate-key` warnings, nothing else.
    static let manyWarnings: String = {
        let names = Array(repeating: #""name": "s""#, count: 10_050).joined(separator: ", ")
        return
            #"{ "sections": [ { \#(names), "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "absolute(44)" } ] } } ] }"#
            + "\n"
    }()

    @Test func textListsTheLimitAndCountsEverything() {
        let dir = TempDir(); defer { dir.cleanup() }
        dir.write("w.layout.json", Self.manyWarnings)
        let r = run(["lint", "--no-color", "w.layout.json"], cwd: dir.path)
        #expect(r.code == 0, "warnings only: \(r.stderr)")
        #expect(r.stdout.components(separatedBy: "[duplicate-key]").count - 1 == 10_000)
        let notice = r.stdout.components(separatedBy: "\n").filter { $0.hasSuffix("[too-many-problems]") }
        #expect(notice.count == 1)
        #expect(
            notice.first?.contains("warning: 49 more problems from here on (49 warnings) not listed") == true,
            "\(notice)")
        #expect(r.stdout.contains("10049 warnings in 1 file"), "\(r.stdout.suffix(300))")
        // The list has 10 001 entries; the 10 049 warnings there are are what --max-warnings counts.
        #expect(run(["lint", "--max-warnings", "10049", "w.layout.json"], cwd: dir.path).code == 0)
        #expect(run(["lint", "--max-warnings", "10048", "w.layout.json"], cwd: dir.path).code == 1)
        #expect(run(["lint", "--max-warnings", "10001", "w.layout.json"], cwd: dir.path).code == 1)
    }

    @Test func jsonAndSarifEndTheListWithTheNotice() throws {
        let dir = TempDir(); defer { dir.cleanup() }
        dir.write("w.layout.json", Self.manyWarnings)
        let j = try #require(run(["lint", "--format", "json", "w.layout.json"], cwd: dir.path).json)
        let files = try #require(j["files"] as? [[String: Any]])
        let ds = try #require(files.first?["diagnostics"] as? [[String: Any]])
        #expect(ds.count == 10_001)
        #expect(ds.last?["rule"] as? String == "too-many-problems")
        #expect(ds.last?["severity"] as? String == "warning")
        let summary = try #require(j["summary"] as? [String: Any])
        #expect(summary["warnings"] as? Int == 10_049)
        #expect(summary["errors"] as? Int == 0)

        let s = try #require(run(["lint", "--format", "sarif", "w.layout.json"], cwd: dir.path).json)
        let run0 = try #require((s["runs"] as? [[String: Any]])?.first)
        let results = try #require(run0["results"] as? [[String: Any]])
        #expect(results.count == 10_001)
        #expect(results.last?["ruleId"] as? String == "too-many-problems")
        let rules = ((run0["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]] ?? []
        #expect(rules.contains { $0["id"] as? String == "too-many-problems" })
    }
}
