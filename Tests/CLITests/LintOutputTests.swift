// `layoutlint lint`: the text, json and github formats, exit codes, standard input, folders, environments, colour.
import Foundation
import Testing
import TestSupport

/// One unknown property (with a fix) on line 5 and one `group-overflow` (with a fix --fix does not apply) on line 12 (1-based).
let twoFindings = """
    {
      "sections": [
        {
          "name": "two",
          "contentInset": 10,
          "group": {
            "direction": "horizontal",
            "width": "absolute(390)",
            "height": "absolute(100)",
            "subitems": [
              { "width": "absolute(200)", "height": "absolute(100)" },
              { "width": "absolute(250)", "height": "absolute(100)" }
            ]
          }
        }
      ]
    }

    """

@Suite struct LintTextFormat {
    @Test func headerSnippetCaretEnvironmentsAndFix() throws {
        let dir = TempDir(); defer { dir.cleanup() }
        dir.write("t.layout.json", twoFindings)
        let r = run(["lint", "--no-color", "t.layout.json"], cwd: dir.path)
        #expect(r.code == 1, "\(r)")
        let lines = r.stdout.components(separatedBy: "\n")

        // The unknown property: `path:line:column: severity: message [rule]`, the line, the caret, the fix.
        let i = try #require(lines.firstIndex { $0.hasPrefix("t.layout.json:5:7: error: ") }, "\(r)")
        #expect(lines[i].hasSuffix(" [unknown-property]"))
        #expect(lines[i].contains("did you mean \"contentInsets\""))
        #expect(lines[i + 1] == #" 5 |       "contentInset": 10,"#)
        #expect(lines[i + 2] == "   |       ^~~~~~~~~~~~~~") // under the 14 characters of "contentInset"
        // A "did you mean" rename is a suggestion: offered, but not applied by --fix.
        #expect(lines[i + 3] == "  fix: Rename to \"contentInsets\" (suggestion)")

        // The overflow: caret under `"absolute(250)"` (15 characters), then the environment, and its fix, which
        // --fix does not apply (a suggestion).
        let j = try #require(lines.firstIndex { $0.hasPrefix("t.layout.json:12:22: warning: ") }, "\(r)")
        #expect(lines[j].hasSuffix(" [group-overflow]"))
        #expect(lines[j + 1] == #" 12 |           { "width": "absolute(250)", "height": "absolute(100)" }"#)
        #expect(lines[j + 2] == "    |                      ^~~~~~~~~~~~~~~")
        let block = lines[j...].prefix { !$0.isEmpty }
        // The environment(s): in the message or on an `in:` line of their own.
        #expect(block.joined(separator: "\n").contains("iPhone 12"))
        #expect(block.contains("  fix: Make the subitems fractionalWidth 0.444 + 0.556 = 1 (suggestion)"), "\(block)")

        #expect(r.stdout.contains("1 error, 1 warning in 1 file"))
    }

    @Test func cleanFileSaysNoProblems() {
        let r = run(["lint", example("app-store.layout.json")])
        #expect(r.code == 0, "\(r)")
        #expect(r.stdout.contains("1 file checked, no problems"))
        #expect(r.stderr.isEmpty)
    }
}

@Suite struct LintJSONFormat {
    @Test func matchesInterfaces() throws {
        let dir = TempDir(); defer { dir.cleanup() }
        let path = dir.write("t.layout.json", twoFindings)
        let r = run(["lint", "--format", "json", path])
        #expect(r.code == 1, "\(r)")
        let j = try #require(r.json, "\(r)")
        #expect(Set(j.keys) == ["version", "files", "summary"])
        #expect(j["version"] as? Int == 1)
        let fs = files(j)
        #expect(fs.count == 1)
        #expect(fs.first?["path"] as? String == path)
        #expect(Set(fs.first?.keys.map { $0 } ?? []) == ["path", "diagnostics"])

        let ds = diagnostics(j)
        #expect(ds.count == 2, "\(r)")
        for d in ds {
            // The members docs/interfaces.md#lint-json lists; `related` (the related locations of docs/rules.md) is
            // the one addition tolerated.
            #expect(Set(d.keys).isSuperset(of: ["rule", "severity", "message", "range", "environments"]))
            #expect(
                Set(d.keys).isSubset(of: ["rule", "severity", "message", "range", "environments", "fix", "related"]),
                "unexpected members \(d.keys.sorted())")
            let range = try #require(d["range"] as? JSONObject)
            #expect(Set(range.keys) == ["start", "end"])
            for end in ["start", "end"] {
                let pos = try #require(range[end] as? JSONObject)
                #expect(Set(pos.keys) == ["line", "character"])
            }
            #expect(["error", "warning", "information", "hint"].contains(d["severity"] as? String ?? ""))
            #expect(d["environments"] is [Any])
        }

        let unknown = try #require(ds.first { rule($0) == "unknown-property" })
        #expect(unknown["severity"] as? String == "error")
        #expect(startLine(unknown) == 4 && startCharacter(unknown) == 6 && endCharacter(unknown) == 20)
        let fix = try #require(unknown["fix"] as? JSONObject, "the unknown property comes with a fix")
        #expect(fix["title"] is String)
        #expect(fix["safe"] as? Bool == false, "a rename is a suggestion")
        let edits = try #require(fix["edits"] as? [JSONObject])
        #expect(edits.count == 1)
        #expect(edits.first?["newText"] as? String == "\"contentInsets\"")
        #expect((edits.first?["range"] as? JSONObject)?["start"] != nil)

        let overflow = try #require(ds.first { rule($0) == "group-overflow" })
        #expect(overflow["severity"] as? String == "warning")
        #expect(startLine(overflow) == 11 && startCharacter(overflow) == 21 && endCharacter(overflow) == 36)
        #expect(overflow["environments"] as? [String] == ["iPhone 12"])
        let overflowFix = try #require(overflow["fix"] as? JSONObject)
        #expect(overflowFix["safe"] as? Bool == false, "new fractions change the layout's intent")
        #expect(
            (overflowFix["edits"] as? [JSONObject])?.compactMap { $0["newText"] as? String } == [
                #""fractionalWidth(0.444)""#, #""fractionalWidth(0.556)""#,
            ])

        // A finding without a fix has no "fix" member (not null).
        let hintPath = dir.write(
            "h.layout.json",
            #"{ "environments": ["iPhone 12"], "sections": [ { "orthogonalScrollingBehavior": "continuous", "group": { "direction": "horizontal", "width": "estimated(100)", "height": "absolute(100)", "subitems": [ { "width": "estimated(100)", "height": "fractionalHeight(1)" } ] } } ] }"#
        )
        let hints = diagnostics(try #require(run(["lint", "--format", "json", hintPath]).json))
        #expect(
            !hints.isEmpty && hints.allSatisfy { rule($0) == "estimated-orthogonal" && $0["fix"] == nil }, "\(hints)")

        // "safe" says what `lint --fix` applies: moving insets off an estimated axis, unless a `$ref` reads them.
        let row =
            #"{ "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": { "top": 8, "bottom": 8 } } ] }"#
        for (name, others, safe) in [
            ("own", "", true), ("read", ##", { "group": { "$ref": "#/sections/0/group" } }"##, false),
        ] {
            let p = dir.write(
                "\(name).layout.json",
                #"{ "environments": ["iPhone 12"], "sections": [ { "group": \#(row) }\#(others) ] }"#)
            let insets = try #require(
                diagnostics(try #require(run(["lint", "--format", "json", p]).json)).first {
                    rule($0) == "estimated-content-insets"
                })
            #expect((insets["fix"] as? JSONObject)?["safe"] as? Bool == safe, "\(name): \(insets)")
            // The text summary says how many findings `--fix` would fix.
            #expect(
                run(["lint", p]).stdout.hasSuffix(
                    safe ? "1 warning in 1 file\n1 of them fixable with --fix\n" : "1 warning in 1 file\n"), "\(name)")
            // Not for standard input, which `--fix` cannot write.
            let piped = run(["lint", "-"], stdin: try Data(contentsOf: URL(fileURLWithPath: p)))
            #expect(piped.stdout.hasSuffix("1 warning in 1 file\n"), "\(name): \(piped)")
            #expect(run(["lint", "--fix", p]).stdout.contains(safe ? "1 fix applied" : "0 fixes applied"), "\(name)")
        }

        let summary = try #require(j["summary"] as? JSONObject)
        #expect(Set(summary.keys) == ["files", "errors", "warnings", "information", "hints"])
        #expect(summary["files"] as? Int == 1)
        #expect(summary["errors"] as? Int == 1)
        #expect(summary["warnings"] as? Int == 1)
        #expect(summary["information"] as? Int == 0)
        #expect(summary["hints"] as? Int == 0)
    }

    @Test func cleanExampleHasNoDiagnosticsAndExitsZero() throws {
        let r = run(["lint", "--format", "json", example("app-store.layout.json")])
        #expect(r.code == 0, "\(r)")
        let j = try #require(r.json)
        #expect(diagnostics(j).isEmpty)
        #expect((j["summary"] as? JSONObject)?["files"] as? Int == 1)
    }

    @Test func filesInTheOrderGivenAndFoldersSorted() throws {
        let dir = TempDir(); defer { dir.cleanup() }
        for name in ["d/b.layout.json", "d/a.layout.jsonc", "d/Z.layout.json", "d/sub/c.layout.json", "x.layout.json"] {
            dir.write(name, "{ \"sections\": [ \(plainSection("s")) ] }")
        }
        dir.write("d/notes.json", "{}") // not a layout document
        dir.write("d/readme.md", "hello")
        let r = run(["lint", "--format", "json", "x.layout.json", "d"], cwd: dir.path)
        #expect(r.code == 0, "\(r)")
        let paths = files(r.json).compactMap { $0["path"] as? String }
        #expect(
            paths == ["x.layout.json", "d/Z.layout.json", "d/a.layout.jsonc", "d/b.layout.json", "d/sub/c.layout.json"])
        #expect((r.json?["summary"] as? JSONObject)?["files"] as? Int == 5)

        let reversed = run(["lint", "--format", "json", "d/b.layout.json", "d/a.layout.jsonc"], cwd: dir.path)
        #expect(files(reversed.json).compactMap { $0["path"] as? String } == ["d/b.layout.json", "d/a.layout.jsonc"])
    }
}

@Suite struct LintGitHubFormat {
    @Test func workflowCommands() throws {
        let dir = TempDir(); defer { dir.cleanup() }
        dir.write("t.layout.json", twoFindings)
        let r = run(["lint", "--format", "github", "t.layout.json"], cwd: dir.path)
        #expect(r.code == 1, "\(r)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(r)")
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "::error file=t.layout.json,line=5,col=7,endLine=5,endColumn=21,title=unknown-property::unknown property \"contentInset\""
                )
            })
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "::warning file=t.layout.json,line=12,col=22,endLine=12,endColumn=37,title=group-overflow::")
            })
        #expect(lines.allSatisfy { $0.hasPrefix("::") })
    }

    /// A document under review must not write workflow commands of its own into the job's log: text quoted in a
    /// message (here a key with an escaped CR LF, which Swift sees as one `Character`) stays on its command's line.
    @Test func documentTextCannotInjectWorkflowCommands() throws {
        let dir = TempDir(); defer { dir.cleanup() }
        dir.write("t.layout.json", #"{ "sections": [], "x\r\n::error file=evil.swift::injected\n::add-mask::y\r": 1 }"#)
        let r = run(["lint", "--format", "github", "t.layout.json"], cwd: dir.path)
        let lines = r.stdout.split(
            omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        #expect(lines.count == 2, "one line per diagnostic: \(r)")
        #expect(lines.allSatisfy { $0.hasPrefix("::error file=t.layout.json,") }, "\(r)")
        #expect(r.stdout.contains("x␍␊::error file=evil.swift::injected␊::add-mask::y␍"), "shown as pictures: \(r)")
        // A file name is a property: its CR LF is percent-escaped (the annotation must still name the file).
        let name = "t\r\n::warning::x.layout.json"
        dir.write(name, #"{ "sections": [] }"#)
        let named = run(["lint", "--format", "github", name], cwd: dir.path)
        #expect(named.stdout.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).count == 1, "\(named)")
        #expect(named.stdout.hasPrefix("::error file=t%0D%0A%3A%3Awarning%3A%3Ax.layout.json,"), "\(named)")
    }
}

@Suite struct LintExitCodes {
    @Test func cleanIsZero() { #expect(run(["lint", example("photo-grid.layout.json")]).code == 0) }

    @Test func errorsAreOne() {
        let r = run(["lint", example("mistakes-format.layout.json")])
        #expect(r.code == 1, "\(r)")
    }

    @Test func warningsWithinMaxWarnings() throws {
        // mistakes-paging holds exactly the warnings counted here, no error.
        let j = try #require(run(["lint", "--format", "json", example("mistakes-paging.layout.json")]).json)
        let summary = try #require(j["summary"] as? JSONObject)
        #expect(summary["errors"] as? Int == 0)
        let warnings = try #require(summary["warnings"] as? Int)
        try #require(warnings > 0)
        #expect(run(["lint", example("mistakes-paging.layout.json")]).code == 0, "warnings alone do not fail")
        #expect(run(["lint", "--max-warnings", "\(warnings)", example("mistakes-paging.layout.json")]).code == 0)
        #expect(run(["lint", "--max-warnings", "\(warnings - 1)", example("mistakes-paging.layout.json")]).code == 1)
        #expect(run(["lint", "--max-warnings", "0", example("mistakes-paging.layout.json")]).code == 1)
    }

    @Test func missingPathIsTwoAndNamesIt() {
        let dir = TempDir(); defer { dir.cleanup() }
        let missing = dir.url.appendingPathComponent("nowhere/missing.layout.json").path
        let r = run(["lint", missing])
        #expect(r.code == 2, "\(r)")
        #expect(r.stderr.contains(missing), "stderr names the path: \(r.stderr)")
    }

    @Test func missingPathBesideAGoodOneIsStillTwo() {
        let r = run(["lint", example("app-store.layout.json"), "/nonexistent/x.layout.json"])
        #expect(r.code == 2, "\(r)")
        #expect(r.stderr.contains("/nonexistent/x.layout.json"))
    }

    @Test func folderWithoutLayoutFilesIsTwo() {
        let dir = TempDir(); defer { dir.cleanup() }
        dir.write("other.json", "{}")
        let r = run(["lint", dir.path])
        #expect(r.code == 2, "\(r)")
        #expect(!r.stderr.isEmpty)
    }

    @Test(arguments: [
        ["lint", "--format", "xml", "x.layout.json"],
        ["lint", "--bogus-option", "x.layout.json"],
        ["lint", "--max-warnings", "many", "x.layout.json"],
        ["frobnicate"],
        ["explain"],
    ])
    func usageErrorsAreTwo(_ args: [String]) {
        // docs/interfaces.md#exit-codes: 2 for a usage, I/O or configuration error.
        let r = run(args)
        #expect(r.code == 2, "\(args): \(r)")
        #expect(!r.stderr.isEmpty)
    }
}

@Suite struct LintStdin {
    @Test func dashReadsStdinNamedByStdinFilename() throws {
        let doc = "{ \"sections\": [ \(plainSection("a")), \(overflowSection("b")) ] }"
        let r = run(
            ["lint", "--format", "json", "--stdin-filename", "screens/home.layout.json", "-"], stdin: Data(doc.utf8))
        #expect(r.code == 0, "\(r)")
        let j = try #require(r.json, "\(r)")
        #expect(files(j).first?["path"] as? String == "screens/home.layout.json")
        #expect(diagnostics(j).map(rule) == ["group-overflow"])

        let text = run(
            ["lint", "--no-color", "--stdin-filename", "screens/home.layout.json", "-"], stdin: Data(doc.utf8))
        #expect(text.stdout.hasPrefix("screens/home.layout.json:"), "\(text)")
    }
}

@Suite struct LintEnvironments {
    @Test func repeatableEnvironmentReplacesTheDocumentsList() throws {
        let doc = "{ \"environments\": [\"iPhone 12\"], \"sections\": [ \(overflowSection("b")) ] }"
        let r = run(
            ["lint", "--format", "json", "--environment", "iPhone SE", "--environment", "iPad", "-"],
            stdin: Data(doc.utf8))
        let d = try #require(diagnostics(r.json).first { rule($0) == "group-overflow" }, "\(r)")
        #expect(d["environments"] as? [String] == ["iPhone SE", "iPad"])
    }

    @Test func unknownEnvironmentIsTwoWithDidYouMean() {
        let r = run(["lint", "--environment", "iPhone 1", example("app-store.layout.json")])
        #expect(r.code == 2, "\(r)")
        #expect(r.stderr.contains("did you mean \"iPhone 12\""), "\(r)")
    }

    @Test("an unknown --environment far from every name still gets the nearest one, and the list of known ones")
    func unknownEnvironmentNamesTheNearestAndListsThem() {
        let r = run(["lint", "--environment", "iPhone 99", example("app-store.layout.json")])
        #expect(r.code == 2, "\(r)")
        #expect(r.stderr.contains("did you mean \"iPhone 17\""), "\(r)")
        #expect(r.stderr.contains("known environments:") && r.stderr.contains("\"iPad mini (A17 Pro)\""), "\(r)")
    }

    @Test("`layoutlint environments` prints every preset, in text and in JSON")
    func environmentsCommand() throws {
        let t = run(["environments"])
        #expect(t.code == 0, "\(t)")
        #expect(t.stdout.contains("iPhone 16 Pro Max") && t.stdout.contains("440×956 pt @3x, safe area top 62"), "\(t)")
        let j = run(["environments", "--format", "json"])
        #expect(j.code == 0, "\(j)")
        let envs = try #require(j.json?["environments"] as? [JSONObject], "\(j)")
        #expect(envs.compactMap { $0["name"] as? String }.contains("iPad Pro 13-inch (M4)"))
        let air = try #require(envs.first { $0["name"] as? String == "iPhone Air" })
        let portrait = try #require(air["portrait"] as? JSONObject)
        #expect(
            (portrait["width"] as? NSNumber)?.doubleValue == 420 && (portrait["scale"] as? NSNumber)?.doubleValue == 3)
        #expect((air["landscape"] as? JSONObject)?["horizontalSizeClass"] as? String == "regular")
    }

    @Test func unknownEnvironmentInExplainIsTwo() {
        let r = run(["explain", "--environment", "iPhone 1", example("app-store.layout.json")])
        #expect(r.code == 2, "\(r)")
        #expect(r.stderr.contains("iPhone 1"))
    }
}

@Suite struct LintColor {
    static let variants: [([String], [String: String])] = [
        ([], [:]),
        (["--no-color"], [:]),
        ([], ["NO_COLOR": "1"]),
    ]

    @Test(arguments: 0..<3)
    func noEscapeCodesWhenNotATerminal(_ i: Int) {
        let (flags, env) = Self.variants[i]
        let r = run(["lint"] + flags + [example("mistakes-format.layout.json")], environment: env)
        #expect(r.code == 1)
        #expect(!r.stdout.contains("\u{1B}"), "escape codes in \(flags) \(env)")
        #expect(!r.stderr.contains("\u{1B}"))
        let e = run(["explain"] + flags + [example("app-store.layout.json")], environment: env)
        #expect(!e.stdout.contains("\u{1B}"))
    }

    /// On a real terminal (a pty from `script`), colours are on unless `--no-color` or `NO_COLOR` says otherwise.
    @Test func onATerminalOnlyWithoutNoColor() throws {
        let script = "/usr/bin/script"
        guard FileManager.default.isExecutableFile(atPath: script) else { return } // no pty helper: nothing to show
        let file = example("mistakes-format.layout.json")
        func tty(_ cmd: String, _ env: [String: String] = [:]) -> String {
            run(["-qec", cmd, "/dev/null"], environment: env, executable: script).stdout
        }
        let colored = tty("\(layoutlintBinary) lint \(file)")
        #expect(colored.contains("\u{1B}["), "colours on a terminal")
        #expect(!tty("\(layoutlintBinary) lint --no-color \(file)").contains("\u{1B}"))
        #expect(!tty("\(layoutlintBinary) lint \(file)", ["NO_COLOR": "1"]).contains("\u{1B}"))
    }
}

/// Text a repository controls (names in a document, config globs, file names) reaches the terminal only with its
/// control characters shown as pictures: `explain` is how a reviewer looks at a spec from someone else's branch.
@Suite struct TerminalSafety {
    static let escapes = #"""
        { "environments": [{ "name": "Evil\u001b]0;pwned\u0007\u001b[2J", "width": 390, "height": 844 }],
          "definitions": { "x\u001b[41mRED": { "width": 100, "height": 10 } },
          "sections": [ { "name": "S\u001b[31mRED\u202eevil\u200f",
            "boundarySupplementaryItems": [ { "elementKind": "B\u001b[7m", "width": "fractionalWidth(1)", "height": 10, "alignment": "top" } ],
            "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": 50,
                       "subitems": [ { "$ref": "#/definitions/x\u001b[41mRED" } ] } } ] }
        """#

    @Test func explainShowsControlCharactersAsPictures() {
        let dir = TempDir(); defer { dir.cleanup() }
        dir.write("e.layout.json", Self.escapes)
        let r = run(["explain", "--no-color", "e.layout.json"], cwd: dir.path)
        #expect(r.code == 0, "\(r)")
        #expect(
            !r.stdout.unicodeScalars.contains {
                $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" || $0 == "\u{200F}"
            }, "\(r.stdout.debugDescription)")
        #expect(r.stdout.contains("Evil␛]0;pwned␇␛[2J"), "\(r)")
        #expect(r.stdout.contains("section \"S␛[31mRED\u{FFFD}evil\u{FFFD}\""), "\(r)")
    }

    @Test func stderrShowsControlCharactersAsPictures() {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write("d/e.layout.json", Self.escapes)
        dir.write(".layoutlint.json", #"{ "exclude": ["zz\u001b]0;pwned\u0007"] }"#)
        let unknown = run(["lint", "--environment", "Evil", "d/e.layout.json"], cwd: dir.path)
        #expect(unknown.code == 2, "\(unknown)")
        #expect(unknown.stderr.contains("did you mean \"Evil␛]0;pwned␇␛[2J\""), "\(unknown)")
        let globs = run(["lint", "--format", "json", "."], cwd: dir.path)
        #expect(globs.stderr.contains("zz␛]0;pwned␇"), "\(globs)")
        for r in [unknown, globs] {
            #expect(
                !r.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, "\(r.stderr.debugDescription)")
        }
    }
}

/// A file that cannot be read was simply absent from the SARIF log: an upload showed a clean run although the run
/// exited 2. Now `executionSuccessful` is false, with a notification for each such file.
@Suite struct SARIFInvocation {
    @Test func aFileThatCannotBeReadFailsTheInvocation() throws {
        let dir = fcRepo(); defer { dir.cleanup() }
        dir.write("a.layout.json", fcCleanDoc)
        let bad = run(["lint", "--format", "sarif", "a.layout.json", "missing.layout.json"], cwd: dir.path)
        #expect(bad.code == 2)
        let inv = ((bad.json?["runs"] as? [JSONObject])?.first?["invocations"] as? [JSONObject])?.first
        #expect(inv?["executionSuccessful"] as? Bool == false, "\(bad.stdout)")
        let notes = inv?["toolExecutionNotifications"] as? [JSONObject] ?? []
        #expect(
            notes.count == 1
                && ((notes.first?["message"] as? JSONObject)?["text"] as? String)?.contains("missing.layout.json")
                    == true,
            "\(notes)")
        let good = run(["lint", "--format", "sarif", "a.layout.json"], cwd: dir.path)
        let ok = ((good.json?["runs"] as? [JSONObject])?.first?["invocations"] as? [JSONObject])?.first
        #expect(
            ok?["executionSuccessful"] as? Bool == true
                && (ok?["toolExecutionNotifications"] as? [Any])?.isEmpty == true, "\(good.stdout.prefix(500))")
    }
}
