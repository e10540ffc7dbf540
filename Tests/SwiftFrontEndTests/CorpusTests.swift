// The Swift corpus (Tests/SwiftLayouts, listed by its manifest.json): every Swift layout against its twin spec
// document, resolved in the same environments. The twin is resolved by the spec front end, the Swift by the Swift
// front end; the engine is the same, so any difference in a frame is the evaluator reading the Swift other than
// UIKit would build it. Also: what app state each layout depends on is named, and the known mistakes are flagged.

import Foundation
import LayoutLintCore
import LayoutLintSwift
import Testing

let corpusRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("SwiftLayouts")

struct CorpusLayout: Sendable, CustomStringConvertible {
    var swift: [String] // one file, or the files of a folder case
    var name: String
    var twin: String?
    var appState: [String]
    var expectRules: [String]
    var description: String { "\(swift.first.map { ($0 as NSString).lastPathComponent } ?? "?") › \(name)" }
}

func corpusLayouts() -> [CorpusLayout] {
    guard let data = try? Data(contentsOf: corpusRoot.appendingPathComponent("manifest.json")),
        let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let cases = json["cases"] as? [[String: Any]]
    else { return [] }
    var out: [CorpusLayout] = []
    for c in cases {
        guard let file = c["file"] as? String else { continue }
        let url = corpusRoot.appendingPathComponent(file)
        var swift: [String] = []
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), isDir.boolValue {
            swift = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter {
                $0.hasSuffix(".swift")
            }.sorted()
                .map { url.appendingPathComponent($0).path }
        } else {
            swift = [url.path]
        }
        for l in c["layouts"] as? [[String: Any]] ?? [] {
            out.append(
                CorpusLayout(
                    swift: swift, name: l["name"] as? String ?? "?",
                    twin: (l["twin"] as? String).map { corpusRoot.appendingPathComponent($0).path },
                    appState: l["appState"] as? [String] ?? [], expectRules: l["expectRules"] as? [String] ?? []))
        }
    }
    return out
}

func readBytes(_ path: String) -> [UInt8] {
    (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) } ?? []
}

/// Swift layouts whose reading differs from their twin, and why (the evaluator's gaps). Each must still differ.
let twinDifferences: [String: String] = [
    "Cases/pattern-environment-idiom.makeLayout.layout.json":
        "the configuration's interSectionSpacing is 24 on iPad and 12 elsewhere, which one spec configuration cannot say (the twin has 12)"
]

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

    /// The evaluator against the hand-written twins: each Swift layout, read in its twin's environments, resolves
    /// as its twin does — every section, group, item, badge and boundary item, frames and content frames (the
    /// comparable part of `explain --format json`). The data source's part comes from the twin: its item counts and
    /// its number of sections (a layout built with `section:` stands for each of them; a provider's sections past
    /// the data source's count are not shown).
    @Test(
        "each Swift layout resolves as its twin spec document, in every environment",
        arguments: corpusLayouts().filter { $0.twin != nil })
    func matchesTwin(_ layout: CorpusLayout) throws {
        let twinPath = try #require(layout.twin)
        let twin = lint(bytes: readBytes(twinPath))
        #expect(
            !twin.diagnostics.contains { [.syntax, .invalidValue, .unknownProperty].contains($0.ruleID) },
            "the twin itself is broken")
        let environments = twin.layouts.map(\.environment)
        var options = LintOptions()
        options.environments = environments
        let results = SwiftFrontEnd.lint(layout.swift.map { ($0, readBytes($0)) }, options: options)
        var difference: String?
        if let found = results.flatMap(\.layouts).first(where: { $0.name == layout.name }) {
            // A copy of a section's keys at another index, with the data source's item count.
            func copy(_ s: SectionSpec, _ k: Int) -> SectionSpec {
                let c = SectionSpec(path: "/sections/\(k)", range: s.range)
                c.name = s.name; c.group = s.group; c.contentInsets = s.contentInsets;
                c.interGroupSpacing = s.interGroupSpacing
                c.orthogonalScrollingBehavior = s.orthogonalScrollingBehavior;
                c.contentInsetsReference = s.contentInsetsReference
                c.supplementaryContentInsetsReference = s.supplementaryContentInsetsReference
                c.boundarySupplementaryItems = s.boundarySupplementaryItems; c.decorationItems = s.decorationItems
                c.itemCount = twin.document.sections[k].base.itemCount
                return c
            }
            let count = twin.document.sections.count
            let documents = found.documents.map { doc -> LayoutDocument in
                let out = LayoutDocument()
                out.configuration = doc.configuration
                out.sections = (0..<count).compactMap { k in
                    guard
                        let s = doc.sections.count == 1
                            ? doc.sections[0] : (k < doc.sections.count ? doc.sections[k] : nil)
                    else { return nil }
                    let section = Section(index: k, base: copy(s.base, k), hasOwnKeys: s.hasOwnKeys)
                    section.variants = s.variants.map { v in
                        var v = v; v.spec = copy(v.spec, k); return v
                    }
                    return section
                }
                return out
            }
            let r = lintModels(
                documents, environments: environments, source: [], lineIndex: LineIndex([]), options: options)
            difference = firstDifference(
                comparable(twin.layouts, foreignPaths: true, sectionRelative: true),
                comparable(r.layouts, sectionRelative: true))
        } else {
            difference =
                "no layout \(layout.name) is read: \(results.flatMap(\.layouts).map(\.name)); \(results.flatMap(\.diagnostics).filter { $0.rule.hasPrefix("swift-") }.map(\.message))"
        }
        let key = String(twinPath.dropFirst(corpusRoot.path.count + 1))
        if let why = twinDifferences[key] {
            #expect(difference != nil, "\(key) matches its Swift now: take it off twinDifferences (\(why))")
            return
        }
        #expect(difference == nil, "\(layout) does not resolve as \(key): \(difference ?? "")")
    }

    @Test(
        "a layout that depends on app state says so, naming what it assumed",
        arguments: corpusLayouts().filter { !$0.appState.isEmpty })
    func appStateIsNamed(_ layout: CorpusLayout) {
        let (_, results) = swiftResult(layout, environments: [LayoutEnvironment.default])
        let notes = results.flatMap(\.diagnostics).filter {
            $0.ruleID == .swiftAssumption || $0.ruleID == .swiftUnresolved
        }
        #expect(!notes.isEmpty, "no diagnostic names the app state \(layout.appState)")
        for n in notes { #expect(n.severity == .information) }
    }

    @Test(
        "the rules flag the corpus's known mistakes in the Swift as in the twin",
        arguments: corpusLayouts().filter { !$0.expectRules.isEmpty })
    func mistakesAreFlagged(_ layout: CorpusLayout) {
        let environments =
            layout.twin.map { lint(bytes: readBytes($0)).layouts.map(\.environment) } ?? [LayoutEnvironment.default]
        let (_, results) = swiftResult(layout, environments: environments)
        let rules = Set(results.flatMap(\.diagnostics).map(\.rule))
        for r in layout.expectRules {
            // (A name that is no rule could never be reported: the manifest must name rules.)
            #expect(RuleID(rawValue: r) != nil, "the manifest's \(r) is no rule")
            #expect(rules.contains(r), "\(r) not reported; got \(rules.sorted())")
        }
    }
}
