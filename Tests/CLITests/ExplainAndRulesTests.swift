// `layoutlint explain` and `layoutlint rules`.
import Foundation
import Testing

@Suite struct ExplainJSON {
    @Test func appStoreFeaturedSectionInIPhone12() throws {
        let r = run(["explain", example("app-store.layout.json"), "--format", "json"])
        #expect(r.code == 0, "\(r)")
        let j = try #require(r.json, "\(r)")
        #expect(j["version"] as? Int == 1)
        #expect(j["path"] as? String == example("app-store.layout.json"))
        let envs = try #require(j["environments"] as? [JSONObject])
        #expect(envs.compactMap { $0["name"] as? String } == ["iPhone 12", "iPhone 12 landscape", "iPad"])
        let phone = try #require(envs.first)
        #expect(phone["width"] as? Double == 390)
        #expect(phone["height"] as? Double == 844)

        let sections = try #require(phone["sections"] as? [JSONObject])
        #expect(sections.count == 2)
        let featured = try #require(sections.first)
        #expect(featured["name"] as? String == "featured")
        #expect(featured["path"] as? String == "/sections/0")
        #expect(numbers(featured["frame"]) == [0, 0, 390, 200])
        #expect(featured["groupCount"] as? Int == 15)
        #expect(featured["orthogonalScrollingBehavior"] as? String == "groupPaging")

        let group = try #require(featured["group"] as? JSONObject)
        #expect(group["kind"] as? String == "group")
        #expect(group["path"] as? String == "/sections/0/group")
        #expect(numbers(group["frame"]) == [10, 0, 333, 200])
        #expect(numbers(group["contentFrame"]) == [10, 0, 333, 200])
        #expect((group["estimated"] as? [Any])?.isEmpty == true)
        let children = try #require(group["children"] as? [JSONObject])
        #expect(children.count == 1)
        let item = try #require(children.first)
        #expect(item["kind"] as? String == "item")
        // The item is written as a `$ref` to `#/definitions/cover`: its path is where the `$ref` stands.
        #expect(item["path"] as? String == "/sections/0/group/subitems/0")
        #expect(numbers(item["frame"]) == [10, 0, 333, 200])
        #expect(numbers(item["contentFrame"]) == [10, 0, 333, 200])
        #expect((item["estimated"] as? [Any])?.isEmpty == true)
        #expect(item["children"] == nil, "items have no children")

        // The grid: 8 items, 3 per group → 3 groups; its repeated item appears once per placement with one path.
        let grid = try #require(sections.last)
        #expect(grid["name"] as? String == "grid")
        #expect(grid["groupCount"] as? Int == 3)
        #expect(grid["orthogonalScrollingBehavior"] as? String == "none")
        let gridChildren = try #require((grid["group"] as? JSONObject)?["children"] as? [JSONObject])
        #expect(gridChildren.count == 3)
        #expect(Set(gridChildren.compactMap { $0["path"] as? String }) == ["/sections/1/group/subitem"])
        #expect(
            gridChildren.compactMap { numbers($0["frame"]) } == [
                [0, 250, 130, 130], [130, 250, 130, 130], [260, 250, 130, 130],
            ])
        #expect(numbers(gridChildren.first?["contentFrame"]) == [5, 255, 120, 120], "contentInsets 5")
    }

    @Test func numbersAreRoundedToThousandths() throws {
        // 390 − 2 × 20 insets = 350 pt, a third of it is 116.666…: printed 116.667, never 116.66666666666667.
        let doc = """
            { "sections": [ { "name": "thirds", "contentInsets": { "leading": 20, "trailing": 20 },
                "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
                  "subitems": [ { "width": "fractionalWidth(1/3)", "height": "fractionalHeight(1)" } ] } } ] }
            """
        let r = run(["explain", "--format", "json", "-"], stdin: Data(doc.utf8))
        #expect(r.code == 0, "\(r)")
        #expect(r.stdout.contains("116.667"))
        #expect(!r.stdout.contains("116.6666"))
        #expect(!r.stdout.contains("136.6666") && !r.stdout.contains("253.333333"))
        let env = try #require((r.json?["environments"] as? [JSONObject])?.first, "\(r)")
        let group = try #require(((env["sections"] as? [JSONObject])?.first)?["group"] as? JSONObject)
        #expect(numbers(group["frame"]) == [20, 0, 350, 100])
        let children = try #require(group["children"] as? [JSONObject])
        #expect(children.count == 3, "the one subitem repeats while it fits")
        #expect(
            children.compactMap { numbers($0["frame"]) } == [
                [20, 0, 116.667, 100], [136.667, 0, 116.667, 100], [253.333, 0, 116.667, 100],
            ])
    }

    @Test func estimatedAxesAreNamed() throws {
        let doc = """
            { "sections": [ { "name": "list",
                "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)",
                  "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(44)" } ] } } ] }
            """
        let r = run(["explain", "--format", "json", "-"], stdin: Data(doc.utf8))
        let env = try #require((r.json?["environments"] as? [JSONObject])?.first, "\(r)")
        let group = try #require(((env["sections"] as? [JSONObject])?.first)?["group"] as? JSONObject)
        #expect(group["estimated"] as? [String] == ["height"])
        #expect((group["children"] as? [JSONObject])?.first?["estimated"] as? [String] == ["height"])
    }

    @Test func environmentOptionSelects() throws {
        let r = run([
            "explain", "--format", "json", "--environment", "iPhone SE", "--environment", "iPad Pro 12.9",
            example("app-store.layout.json"),
        ])
        #expect(r.code == 0, "\(r)")
        let envs = try #require(r.json?["environments"] as? [JSONObject])
        #expect(envs.compactMap { $0["name"] as? String } == ["iPhone SE", "iPad Pro 12.9"])
        #expect(envs.first?["width"] as? Double == 375)
    }

    @Test func missingFileIsTwo() {
        let r = run(["explain", "/nonexistent/missing.layout.json"])
        #expect(r.code == 2, "\(r)")
        #expect(r.stderr.contains("/nonexistent/missing.layout.json"))
    }
}

@Suite struct ExplainText {
    @Test func printsEveryEnvironmentAndSection() {
        let r = run(["explain", "--no-color", example("app-store.layout.json")])
        #expect(r.code == 0, "\(r)")
        for name in ["iPhone 12", "iPhone 12 landscape", "iPad"] {
            #expect(r.stdout.components(separatedBy: "\n").contains { $0.hasPrefix(name + " ") }, "environment \(name)")
        }
        #expect(r.stdout.contains("section \"featured\""))
        #expect(r.stdout.contains("section \"grid\""))
        #expect(r.stdout.contains("/sections/0/group/subitems/0"))
        #expect(r.stdout.contains("333×200"))
    }
}

@Suite struct RulesCommand {
    @Test func listsRulesWithSeverity() {
        let r = run(["rules"])
        #expect(r.code == 0, "\(r)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count >= 10)
        func line(_ id: String) -> String? { lines.first { $0.hasPrefix(id + " ") } }
        #expect(line("group-overflow")?.contains("warning") == true)
        #expect(line("estimated-content-insets")?.contains("warning") == true)
        #expect(line("no-item-fits")?.contains("error") == true)
        #expect(line("syntax")?.contains("error") == true)
        for l in lines {
            let words = l.split(separator: " ").map(String.init)
            #expect(words.count >= 3, "id, severity, summary: \(l)")
            #expect(["error", "warning", "information", "hint"].contains(words.dropFirst().first ?? ""), "\(l)")
        }
    }

    @Test func ruleDocumentationHasWrongAndRight() {
        let r = run(["rules", "group-overflow"])
        #expect(r.code == 0, "\(r)")
        #expect(r.stdout.contains("group-overflow"))
        #expect(r.stdout.contains("Wrong"))
        #expect(r.stdout.contains("Right"))
        #expect(r.stdout.contains("```"))
    }

    @Test func everyListedRuleIsDocumented() {
        let ids = run(["rules"]).stdout.split(separator: "\n").compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
        for id in ids {
            let r = run(["rules", id])
            // (`too-many-problems` fires on 10 001 problems, no example to show.)
            let wrong = id == "too-many-problems" || r.stdout.contains("Wrong")
            #expect(r.code == 0 && wrong && r.stdout.contains("Right"), "rule \(id): \(r)")
        }
    }

    @Test("--write-examples writes a rule's examples as files that lint as the documentation says")
    func writeExamples() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let w = run(["rules", "group-overflow", "--write-examples", dir.path + "/ex"])
        #expect(w.code == 0, "\(w)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/ex").sorted()
        #expect(
            names == [
                "group-overflow-1.layout.json", "group-overflow-2.layout.json", "group-overflow-3.swift",
                "group-overflow-4.swift", "group-overflow-5.layout.json", "group-overflow-6.swift",
            ])
        // In the catalogue's order: the rule fires on the first and the last two (an item pushed out of its group by
        // its edge spacing) and not on the correct forms.
        let expected = [
            ("1.layout.json", true), ("2.layout.json", false), ("3.swift", true), ("4.swift", false),
            ("5.layout.json", true), ("6.swift", true),
        ]
        for (name, fires) in expected {
            let r = run(["lint", "--format", "json", dir.path + "/ex/group-overflow-" + name])
            let found = diagnostics(r.json).contains { $0["rule"] as? String == "group-overflow" }
            #expect(found == fires, "\(name): \(r.stdout)")
        }
        let unknown = run(["rules", "group-overflw", "--write-examples", dir.path + "/ex"])
        #expect(unknown.code != 0 && unknown.stderr.contains("did you mean \"group-overflow\""), "\(unknown)")
        let both = run(["rules", "--markdown", "--write-examples", dir.path + "/ex"])
        #expect(both.code == 2 && both.stderr.contains("give one"), "\(both)")
    }

    @Test func unknownRuleIsTwoWithDidYouMean() {
        let r = run(["rules", "group-overflw"])
        #expect(r.code == 2, "\(r)")
        #expect(r.stderr.contains("did you mean \"group-overflow\""), "\(r)")
    }
}

/// `explain`'s text gave a badge its size only; hover and `explain --format json` gave its position.
/// Now the text places badges too.
@Suite struct ExplainBadgePositions {
    @Test func badgesArePlacedInTheText() {
        let path = repoRoot.appendingPathComponent("examples/badges.layout.json").path
        let text = run(["explain", "--no-color", path])
        let json = run(["explain", "--format", "json", path])
        let line = text.stdout.split(separator: "\n").first {
            $0.contains("badge /sections/0/group/subitem/supplementaryItems/0")
        }
        #expect(line?.contains("×4 at (93.333, 14), (180.667, 14), (268, 14), (355.333, 14)") == true, "\(text.stdout)")
        #expect(json.stdout.contains("93.333"), "\(json.stdout.prefix(2000))")
    }
}

/// `explain` and `render` said "sections with errors are not resolved" (and "not drawn") and then showed them: a
/// section whose insets leave no room is resolved, to sizes such as 358×-4. The note now names the sections left out
/// and those shown despite errors.
@Suite struct ErrorNoteOfExplainAndRender {
    @Test func theNoteNamesWhatWasAndWasNotResolved() {
        let dir = TempDir(); defer { dir.cleanup() }
        let ok =
            #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": 44, "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }"#
        dir.write(
            "e.layout.json",
            #"{ "environments": ["iPhone 12"], "sections": [ { "group": { "width": 1 } }, { "group": \#(ok) }, { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": 44, "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)", "contentInsets": { "leading": 200, "trailing": 200 } } ] } } ] }"#
        )
        for (command, done) in [
            (["explain", "e.layout.json"], "resolved"), (["render", "e.layout.json", "-o", "e.svg"], "drawn"),
        ] {
            let r = run(command, cwd: dir.path)
            #expect(r.code == 0, "\(r)")
            #expect(
                r.stderr.contains("not \(done): /sections/0;") && r.stderr.contains("\(done) despite errors in them")
                    && r.stderr.hasSuffix(": /sections/2\n"), "\(r.stderr)")
            #expect(!r.stderr.contains("sections with errors are not"), "\(r.stderr)")
        }
        // No error: no note.
        dir.write("fine.layout.json", #"{ "environments": ["iPhone 12"], "sections": [ { "group": \#(ok) } ] }"#)
        #expect(run(["explain", "fine.layout.json"], cwd: dir.path).stderr.isEmpty)
    }
}
