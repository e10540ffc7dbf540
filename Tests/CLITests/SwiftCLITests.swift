// The command line on Swift files: lint (a folder finds Swift and spec files; a Swift file that builds no layout
// is skipped), --fix (atomic, only the safe Swift fixes, the report is what is left), explain --format json (every
// layout with its name and range), render (one layout by name).
import Foundation
import Testing
import TestSupport

@Suite("CLI: Swift files")
struct SwiftCLITests {
    func folder(_ files: [String: String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("layoutlint-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return dir.path
    }

    var feed: String {
        (try? String(
            contentsOf: repositoryRoot.appendingPathComponent("examples/FeedViewController.swift"), encoding: .utf8))
            ?? ""
    }

    @Test("explain of a folder reads it as one module, as lint does, and says what each layout assumed")
    func explainFolder() throws {
        let dir = try folder([
            "Grid.swift": """
            import UIKit
            final class GridViewController: UIViewController {
                var showsBanner = true
                func makeLayout() -> UICollectionViewLayout {
                    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(Metrics.rowHeight)))
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(Metrics.rowHeight)), subitems: [item])
                    let section = NSCollectionLayoutSection(group: group)
                    section.interGroupSpacing = showsBanner ? 8 : 0
                    return UICollectionViewCompositionalLayout(section: section)
                }
            }
            """,
            "Metrics.swift": "import CoreGraphics\nenum Metrics { static let rowHeight: CGFloat = 72 }\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = run(["explain", "--no-color", "--environment", "iPhone 12", dir])
        #expect(text.code == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Grid.swift:9 makeLayout") && text.stdout.contains("390×72"), "\(text.stdout)")
        #expect(text.stdout.contains("assumed at ") && text.stdout.contains("showsBanner"), "\(text.stdout)")
        #expect(
            !text.stdout.contains("Metrics.swift:"), "a file that builds no layout is not explained: \(text.stdout)")
        let json = run(["explain", "--format", "json", dir])
        let files = (json.json?["files"] as? [[String: Any]]) ?? []
        #expect(
            files.count == 1 && (files.first?["path"] as? String)?.hasSuffix("Grid.swift") == true, "\(json.stdout)")
    }

    @Test("--format github annotates warnings and errors; the notes below are counted on stderr, shown when asked")
    func githubAnnotatesWhatAGateNeeds() throws {
        let dir = try folder(["Feed.swift": feed])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = run(["lint", "--format", "github", dir + "/Feed.swift"])
        #expect(r.stdout.contains("::warning ") && r.stdout.contains("title=estimated-content-insets"), "\(r.stdout)")
        #expect(!r.stdout.contains("::notice "), "\(r.stdout)")
        #expect(r.stderr.contains("1 finding below warning not annotated"), "\(r.stderr)")
        let all = run(["lint", "--format", "github", "--github-severity", "information", dir + "/Feed.swift"])
        #expect(
            all.stdout.contains("::notice ") && all.stdout.contains("title=centered-paging-inter-group-spacing"),
            "\(all.stdout)")
        #expect(!all.stderr.contains("not annotated"), "\(all.stderr)")
    }

    @Test("lint of a folder reads its Swift and its spec documents; a Swift file without layouts adds nothing")
    func lintFolder() throws {
        let dir = try folder([
            "Feed.swift": feed, "Model.swift": "struct Item { let id: Int }\n",
            "grid.layout.json":
                #"{ "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } } ] }"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = run(["lint", "--no-color", dir])
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)") // warnings only
        #expect(
            r.stdout.contains("Feed.swift:30:37: information:")
                && r.stdout.contains("[centered-paging-inter-group-spacing]"), "\(r.stdout)")
        #expect(
            r.stdout.contains("Feed.swift:37:30: warning:") && r.stdout.contains("[estimated-content-insets]"),
            "\(r.stdout)")
        #expect(!r.stdout.contains("Model.swift"))
        #expect(r.stdout.contains("in 3 files"), "\(r.stdout)")
    }

    @Test("lint --fix applies the safe Swift fix atomically and reports what is left")
    func fix() throws {
        let dir = try folder(["Feed.swift": feed])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/Feed.swift"
        let r = run(["lint", "--no-color", "--fix", path])
        #expect(r.stdout.contains("1 fix applied"), "\(r.stdout)")
        #expect(!r.stdout.contains("[estimated-content-insets]"), "\(r.stdout)")
        #expect(r.stdout.contains("[centered-paging-inter-group-spacing]"), "\(r.stdout)") // a suggestion: not applied
        let fixed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            fixed.contains(
                "card.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: nil, top: .fixed(6), trailing: nil, bottom: .fixed(6))"
            ))
        #expect(
            fixed.replacingOccurrences(
                of: "top: 0, leading: 6, bottom: 0, trailing: 6", with: "top: 6, leading: 6, bottom: 6, trailing: 6"
            )
            .replacingOccurrences(
                of:
                    "\n        card.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: nil, top: .fixed(6), trailing: nil, bottom: .fixed(6))",
                with: "") == feed)
    }

    @Test("explain --format json lists every layout with its name, range and environments")
    func explainJSON() throws {
        let dir = try folder(["Feed.swift": feed])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = run([
            "explain", "--format", "json", "--environment", "iPhone 12", "--environment", "iPad", dir + "/Feed.swift",
        ])
        #expect(r.code == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let layouts = try #require(json["layouts"] as? [[String: Any]])
        #expect(layouts.map { $0["name"] as? String } == ["makeLayout"])
        let range = try #require(layouts[0]["range"] as? [String: Any])
        #expect((range["start"] as? [String: Any])?["line"] as? Int == 10)
        let envs = try #require(layouts[0]["environments"] as? [[String: Any]])
        #expect(envs.map { $0["name"] as? String } == ["iPhone 12", "iPad"])
        // The cards section has 2 columns on an iPhone 12 (390 pt), 3 on an iPad (820 pt: effectiveContentSize > 600).
        func items(_ env: [String: Any]) -> Int {
            let sections = env["sections"] as? [[String: Any]] ?? []
            let group = sections.count > 1 ? sections[1]["group"] as? [String: Any] : nil
            return (group?["children"] as? [Any])?.count ?? -1
        }
        #expect(items(envs[0]) == 2 && items(envs[1]) == 3, "\(envs.map(items))")
    }

    @Test("render draws a Swift layout by name; an unknown name lists the layouts")
    func render() throws {
        let dir = try folder(["Feed.swift": feed])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let ok = run(["render", dir + "/Feed.swift", "--layout", "makeLayout", "--environment", "iPhone 12"])
        #expect(ok.code == 0 && ok.stdout.hasPrefix("<?xml") && ok.stdout.contains("viewBox"), "\(ok.stderr)")
        let bad = run(["render", dir + "/Feed.swift", "--layout", "nope"])
        #expect(bad.code != 0 && bad.stderr.contains("makeLayout"), "\(bad.stderr)")
    }
}
