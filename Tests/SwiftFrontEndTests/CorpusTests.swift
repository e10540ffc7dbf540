// The Swift corpus (Tests/SwiftLayouts): every Swift layout against its twin spec document, resolved in the same
// environments. The twin is resolved by the spec front end, the Swift by the Swift front end; the engine is the same,
// so any difference in a frame is the evaluator reading the Swift other than UIKit would build it.

import Foundation
import LayoutLintCore
import LayoutLintSwift
import Testing

let corpusRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("SwiftLayouts")

struct CorpusLayout: Sendable, CustomStringConvertible {
    var swift: [String]   // one file, or the files of a folder case
    var name: String
    var twin: String?
    var appState: [String]
    var expectRules: [String]
    var description: String { "\(swift.first.map { ($0 as NSString).lastPathComponent } ?? "?") › \(name)" }
}

func corpusLayouts() -> [CorpusLayout] {
    guard let data = try? Data(contentsOf: corpusRoot.appendingPathComponent("manifest.json")),
          let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
          let cases = json["cases"] as? [[String: Any]] else { return [] }
    var out: [CorpusLayout] = []
    for c in cases {
        guard let file = c["file"] as? String else { continue }
        let url = corpusRoot.appendingPathComponent(file)
        var swift: [String] = []
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), isDir.boolValue {
            swift = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
                .map { url.appendingPathComponent($0).path }
        } else { swift = [url.path] }
        for l in c["layouts"] as? [[String: Any]] ?? [] {
            out.append(CorpusLayout(swift: swift, name: l["name"] as? String ?? "?",
                                    twin: (l["twin"] as? String).map { corpusRoot.appendingPathComponent($0).path },
                                    appState: l["appState"] as? [String] ?? [], expectRules: l["expectRules"] as? [String] ?? []))
        }
    }
    return out
}

func readBytes(_ path: String) -> [UInt8] { (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) } ?? [] }

/// Every frame of a resolved layout, one line each, per section: groups, items, badges and top boundary items
/// (sections' own extents and group counts are left out: they depend on the number of items, which the data source
/// decides and Swift does not say; the twins' itemCount is dropped for the same reason), and the layout's own
/// boundary items' sizes.
func frames(_ l: ResolvedLayout) -> [[String]] {
    var out: [[String]] = [l.boundaryItems.map { "layout boundary item \($0.frame.sizeDescription)" }]
    func node(_ n: ResolvedNode, _ into: inout [String]) {
        into.append("\(n.kind) \(n.frame) content \(n.contentFrame)")
        for s in n.supplementaries { into.append("badge \(s.frame)") }
        for c in n.children { node(c, &into) }
    }
    for s in l.sections {
        var lines: [String] = []
        if let r = s.unresolvedReason { out.append(["unresolved: \(r)"]); continue }
        lines.append("insets \(s.contentInsets.top) \(s.contentInsets.leading) \(s.contentInsets.bottom) \(s.contentInsets.trailing)")
        for b in s.boundaryItems where [.top, .topLeading, .topTrailing].contains(b.item.alignment) {
            lines.append("boundary item \(b.frame)")
        }
        if let g = s.group { node(g, &lines) }
        out.append(lines)
    }
    return out
}

/// The twin, without `itemCount` (see `frames`).
func twinResult(_ path: String) -> LintResult {
    var text = String(decoding: readBytes(path), as: UTF8.self)
    text = text.replacingOccurrences(of: #""itemCount"\s*:\s*[0-9]+\s*,?"#, with: "", options: .regularExpression)
    return lint(bytes: Array(text.utf8))
}

func swiftResult(_ layout: CorpusLayout, environments: [LayoutEnvironment]) -> (SwiftLayoutResult?, [SwiftFileResult]) {
    var options = LintOptions()
    options.environments = environments
    let results = SwiftFrontEnd.lint(layout.swift.map { ($0, readBytes($0)) }, options: options)
    let found = results.flatMap(\.layouts).first { $0.name == layout.name }
    return (found, results)
}

@Suite("The Swift corpus")
struct CorpusTests {
    @Test("the corpus is there", )
    func corpusIsThere() {
        #expect(corpusLayouts().count >= 40)
    }

    @Test("each Swift layout resolves to its twin spec document's frames in every environment", arguments: corpusLayouts().filter { $0.twin != nil })
    func matchesTwin(_ layout: CorpusLayout) throws {
        let twin = twinResult(try #require(layout.twin))
        #expect(!twin.diagnostics.contains { $0.rule == "syntax" || $0.rule == "invalid-value" || $0.rule == "unknown-key" }, "the twin itself is broken")
        let (found, results) = swiftResult(layout, environments: twin.layouts.map(\.environment))
        let swift = try #require(found, "no layout named \(layout.name): \(results.flatMap(\.layouts).map(\.name)); \(results.flatMap(\.diagnostics).filter { $0.rule.hasPrefix("swift-") }.map(\.message))")
        #expect(swift.result.layouts.count == twin.layouts.count)
        for (s, t) in zip(swift.result.layouts, twin.layouts) {
            let a = frames(s), b = frames(t)
            // A layout made with `section:` repeats its one section for every section of the data source (the twin
            // lists them); a section provider gives its sections in order.
            #expect(a.count == b.count || a.count == 2, "\(t.environment.name): \(a.count - 1) sections from Swift, \(b.count - 1) in the twin")
            for (k, (x, y)) in zip(a, b).enumerated() where x != y {
                let first = zip(x, y).first { $0 != $1 }.map { "Swift \($0.0) ≠ twin \($0.1)" } ?? "\(x.count) frames from Swift, \(y.count) in the twin"
                Issue.record("\(t.environment.name), \(k == 0 ? "layout" : "section \(k - 1)"): \(first)")
                break
            }
        }
    }

    @Test("a layout that depends on app state says so, naming what it assumed", arguments: corpusLayouts().filter { !$0.appState.isEmpty })
    func appStateIsNamed(_ layout: CorpusLayout) {
        let (_, results) = swiftResult(layout, environments: [LayoutEnvironment.default])
        let notes = results.flatMap(\.diagnostics).filter { $0.rule == "swift-assumption" || $0.rule == "swift-unresolved" }
        #expect(!notes.isEmpty, "no diagnostic names the app state \(layout.appState)")
        for n in notes { #expect(n.severity == .information) }
    }

    @Test("the rules flag the corpus's known mistakes in the Swift as in the twin", arguments: corpusLayouts().filter { !$0.expectRules.isEmpty })
    func mistakesAreFlagged(_ layout: CorpusLayout) {
        let environments = layout.twin.map { twinResult($0).layouts.map(\.environment) } ?? [LayoutEnvironment.default]
        let (_, results) = swiftResult(layout, environments: environments)
        let rules = Set(results.flatMap(\.diagnostics).map(\.rule))
        for r in layout.expectRules { #expect(rules.contains(r), "\(r) not reported; got \(rules.sorted())") }
    }
}
