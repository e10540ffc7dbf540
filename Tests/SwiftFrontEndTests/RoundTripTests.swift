import Foundation
import PlainJSON
import LayoutLintCore
import LayoutLintReport
import LayoutLintSwift
import Testing

// The Swift front end checked against the spec documents. `export --swift` writes the Swift that builds a
// document's layout; `import` reads it back with the evaluator into a document. What both resolve to must be the
// same, frame for frame, in every environment the document lists: that round trip is the oracle for the evaluator
// (and for both writers). The exported Swift must also compile against the UIKit stub.

let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Every example without syntax errors and every twin spec document of the Swift corpus, relative to the root.
func roundTripDocuments() -> [String] {
    func list(_ folder: String) -> [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: repoRoot.appendingPathComponent(folder).path)) ?? []
        return names.filter { $0.hasSuffix(".layout.json") }.sorted().map { folder + "/" + $0 }
    }
    let examples = list("examples").filter { path in
        let bytes = (try? [UInt8](Data(contentsOf: repoRoot.appendingPathComponent(path)))) ?? []
        return !lint(bytes: bytes).diagnostics.contains { $0.ruleID == .syntax }
    }
    return examples + list("Tests/SwiftLayouts/Cases")
}

func read(_ path: String) throws -> [UInt8] { try [UInt8](Data(contentsOf: repoRoot.appendingPathComponent(path))) }

/// The rules that say a document is not well formed (as opposed to a layout that renders badly).
let formatRules: Set<String> = [
    "syntax", "duplicate-key", "unknown-property", "wrong-type", "invalid-value", "missing-property",
    "unresolved-ref", "ref-cycle",
]

/// `explain --format json` without what the Swift cannot carry: section names, which variant applied, the
/// `/variants/N` part of paths (the imported document may group its environments into other variants), and, with
/// `foreignPaths`, the path of an element written outside its section (in a definition, or in another section that
/// a `$ref` reads), which Swift has no name for: it becomes "*", which matches any path.
func comparable(_ layouts: [ResolvedLayout], foreignPaths: Bool = false, sectionRelative: Bool = false) -> JSONValue {
    func plain(_ p: String) -> String {
        let q = p.replacingOccurrences(of: #"/variants/[0-9]+"#, with: "", options: .regularExpression)
        // (With `sectionRelative`, a section is known by its place in the list, not by the index in its paths.)
        return sectionRelative
            ? q.replacingOccurrences(of: #"^/sections/[0-9]+"#, with: "/sections/_", options: .regularExpression) : q
    }
    func strip(_ v: JSONValue, section: String?) -> JSONValue {
        switch v {
        case .object(let members):
            var section = section
            if section == nil, members.contains(where: { $0.0 == "groupCount" }),
                case .string(let p)? = members.first(where: { $0.0 == "path" })?.1
            {
                section = plain(p)
            }
            return .object(
                members.compactMap { key, value in
                    if members.contains(where: { $0.0 == "groupCount" }) && (key == "name" || key == "variant") {
                        return nil
                    }
                    if key == "path", case .string(let p) = value {
                        let own = plain(p)
                        if foreignPaths, let section, own != section, !own.hasPrefix(section + "/") {
                            return (key, .string("*"))
                        }
                        return (key, .string(own))
                    }
                    return (key, strip(value, section: section))
                })
        case .array(let items): return .array(items.map { strip($0, section: section) })
        default: return v
        }
    }
    return strip(JSONReport.explainOutput(path: "", layouts: layouts), section: nil)
}

/// Where two JSON values first differ, as a pointer with both values (for a failure message that can be read).
/// The string "*" matches any value.
func firstDifference(_ a: JSONValue, _ b: JSONValue, at path: String = "") -> String? {
    if a == .string("*") || b == .string("*") { return nil }
    switch (a, b) {
    case (.object(let x), .object(let y)):
        let keys = x.map(\.0) + y.map(\.0).filter { k in !x.contains { $0.0 == k } }
        for k in keys {
            let u = x.first { $0.0 == k }?.1, v = y.first { $0.0 == k }?.1
            guard let u, let v else {
                return "\(path)/\(k): \(u.map(describe) ?? "absent") ≠ \(v.map(describe) ?? "absent")"
            }
            if let d = firstDifference(u, v, at: path + "/" + k) { return d }
        }
        return nil
    case (.array(let x), .array(let y)):
        for (i, (u, v)) in zip(x, y).enumerated() { if let d = firstDifference(u, v, at: path + "/\(i)") { return d } }
        return x.count == y.count ? nil : "\(path): \(x.count) elements ≠ \(y.count)"
    default:
        return a == b ? nil : "\(path): \(describe(a)) ≠ \(describe(b))"
    }
}

func describe(_ v: JSONValue) -> String {
    let s = v.serialized(pretty: false)
    return s.count > 300 ? String(s.prefix(300)) + "…" : s
}

/// Export → import of one spec document: the Swift, the imported document's text, and both resolved.
struct RoundTrip {
    var swift: String
    var imported: String?
    var original: LintResult
    var result: LintResult?
    var swiftResult: SwiftFileResult

    init(_ path: String) throws {
        original = lint(bytes: try read(path))
        let environments = original.layouts.map(\.environment)
        swift = swiftLayoutText(original.document)
        var options = LintOptions()
        options.environments = environments
        swiftResult = SwiftFrontEnd.lint([("Exported.swift", Array(swift.utf8))], options: options)[0]
        guard swiftResult.layouts.count == 1, let layout = swiftResult.layouts.first else { return }
        let text = SwiftFrontEnd.importedDocumentText(layout, file: swiftResult)
        imported = text
        // The imported document, resolved where the original is, with the original's item counts (the data
        // source's: Swift layout code has none).
        let parsed = lint(bytes: Array(text.utf8), options: options)
        let doc = parsed.document
        for (k, s) in doc.sections.enumerated() where k < original.document.sections.count {
            let count = original.document.sections[k].base.itemCount
            s.base.itemCount = count
            for v in s.variants { v.spec.itemCount = count }
        }
        var r = lintModels(
            [doc], environments: environments, source: Array(text.utf8), lineIndex: parsed.lineIndex, options: options)
        r.diagnostics = parsed.diagnostics
        result = r
    }
}

/// Documents whose round trip cannot be exact, and why. They are exported and imported like the others, and must
/// still differ: one that starts to round-trip has to come off the list.
let knownDifferences: [String: String] = [
    "examples/mistakes-document.layout.json":
        "a section whose variants hold in no environment: the spec resolves the sections after it, while the Swift's section provider returns nil there, which ends the sections",
    "examples/mistakes-format.layout.json":
        "format errors leave values out of the model (an invalid dimension, a height not given); Swift cannot leave a dimension out, so the export writes fractionalWidth(1) / fractionalHeight(1) in their place",
    "examples/mistakes-insets.layout.json":
        "the spec builder drops absolute(0) (non-positive-dimension) and the element is not laid out; the export writes fractionalHeight(1) in its place",
    "Tests/SwiftLayouts/Cases/mistake-integer-division.createLayout.layout.json":
        "the spec builder drops fractionalWidth(0) and the item is not laid out; the export writes fractionalWidth(1) in its place",
]

@Suite struct RoundTripTests {
    @Test(
        "explain(import(export(spec))) resolves as explain(spec) does, in every environment",
        arguments: roundTripDocuments())
    func roundTrip(_ path: String) throws {
        let trip = try RoundTrip(path)
        let names = trip.swiftResult.layouts.map(\.name)
        try #require(
            names == ["makeLayout"],
            "the exported Swift of \(path) reads as \(names.count) layouts \(names); notes: \(trip.swiftResult.diagnostics.map(\.message))\n\(trip.swift)"
        )
        let imported = try #require(trip.imported)
        let result = try #require(trip.result)
        // A well-formed document comes back well formed (one with format errors, or an empty subitems array or a
        // count of 0, comes back with the holes its model had: a group without subitems, say).
        if !trip.original.diagnostics.contains(where: {
            formatRules.contains($0.rule) || $0.ruleID == .nonPositiveDimension
        }) {
            let malformed = result.diagnostics.filter { formatRules.contains($0.rule) }
            #expect(
                malformed.isEmpty,
                "the imported document of \(path) is not well formed: \(malformed.map { "\($0.rule): \($0.message)" })\n\(imported)"
            )
        }
        let difference = firstDifference(
            comparable(trip.original.layouts, foreignPaths: true), comparable(result.layouts))
        if let why = knownDifferences[path] {
            #expect(difference != nil, "\(path) round-trips now: take it off knownDifferences (\(why))")
            return
        }
        #expect(
            difference == nil,
            "\(path) does not round-trip: \(difference ?? "")\n--- Swift\n\(trip.swift)\n--- imported\n\(imported)")
    }

    /// Variants come back as variants: `pattern-environment-width`'s twin has two sections that change with the
    /// width; its import, read in the document's four environments, says the same with `when` conditions.
    @Test func variantsComeBackAsVariants() throws {
        let trip = try RoundTrip("Tests/SwiftLayouts/Cases/pattern-environment-width.makeLayout.layout.json")
        let imported = try #require(trip.imported)
        let doc = lint(bytes: Array(imported.utf8)).document
        #expect(doc.sections.count == 2)
        #expect(doc.sections.allSatisfy { $0.variants.count == 1 }, "\(imported)")
        #expect(imported.contains("\"when\": { \"minWidth\": "), "\(imported)")
        // No environments unless the import was given some.
        #expect(!imported.contains("\"environments\""))
    }

    /// The writer's forms: insets as one number when the edges agree, else the edges that are not 0; fractions
    /// as `a/b` when the decimal would be long; comments that point back at the Swift.
    @Test func writerForms() throws {
        let swift = """
            import UIKit
            func makeGrid() -> UICollectionViewCompositionalLayout {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3.0),
                                                                                     heightDimension: .fractionalHeight(1)))
                item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
                let group = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120)),
                    subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 8, trailing: 16)
                return UICollectionViewCompositionalLayout(section: section)
            }
            """
        let file = SwiftFrontEnd.lint([("Grid.swift", Array(swift.utf8))])[0]
        let layout = try #require(file.layouts.first)
        let text = SwiftFrontEnd.importedDocumentText(layout, file: file)
        #expect(
            text.contains(#"{ "width": "fractionalWidth(1/3)", "height": "fractionalHeight(1)", "contentInsets": 2 }"#),
            "\(text)")
        #expect(text.contains(#""contentInsets": { "leading": 16, "bottom": 8, "trailing": 16 }"#), "\(text)")
        #expect(text.contains("// from Grid.swift:9 (makeGrid)"), "\(text)")
        #expect(text.hasPrefix("// Imported by `layoutlint import` from Grid.swift:11 (makeGrid)."), "\(text)")
        #expect(lint(bytes: Array(text.utf8)).diagnostics.filter { formatRules.contains($0.rule) }.isEmpty, "\(text)")
    }

    /// What the evaluator assumed is written into the document, with the Swift line it is about.
    @Test func assumptionsAreStated() throws {
        let swift = """
            import UIKit
            final class Feed {
                var showsLargeTiles = false
                func makeLayout() -> UICollectionViewCompositionalLayout {
                    let height: NSCollectionLayoutDimension = isCompact ? .absolute(44) : .absolute(88)
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: height))
                    let group = NSCollectionLayoutGroup.vertical(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: height),
                                                                 subitems: [item])
                    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
                }
            }
            """
        let file = SwiftFrontEnd.lint([("Feed.swift", Array(swift.utf8))])[0]
        let layout = try #require(file.layouts.first)
        let text = SwiftFrontEnd.importedDocumentText(layout, file: file)
        #expect(text.contains("// What layoutlint assumed reading the Swift:"), "\(text)")
        #expect(text.contains("// - Feed.swift:5: isCompact"), "\(text)")
    }

    /// A dimension only the app knows is written as the Swift reads, not as a number: linting the imported file
    /// points at the value to fill in.
    @Test func unknownDimensionKeepsItsName() throws {
        let swift = """
            import UIKit
            func cards() -> NSCollectionLayoutSection {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(BannerView.width), heightDimension: .estimated(80)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(80)), subitems: [item])
                return NSCollectionLayoutSection(group: group)
            }
            """
        let file = SwiftFrontEnd.lint([("Cards.swift", Array(swift.utf8))])[0]
        let layout = try #require(file.layouts.first)
        let text = SwiftFrontEnd.importedDocumentText(layout, file: file)
        #expect(text.contains(#""width": "absolute(BannerView.width)""#), "\(text)")
        #expect(!text.contains("absolute(0)"), "\(text)")
        #expect(
            lint(bytes: Array(text.utf8)).diagnostics.contains { $0.message.contains("absolute(BannerView.width)") })
    }

    /// A size the Swift computes from the container's size comes back as that formula, not a number per device:
    /// import writes it in the spec format, the document resolves it in each environment, and export writes the
    /// Swift back. A size that follows the environment in another way stays a variant per environment, and its
    /// exported condition names the one width it was read at.
    @Test func environmentFormulasRoundTrip() throws {
        let swift = """
            import UIKit
            func makeLayout() -> UICollectionViewCompositionalLayout {
                UICollectionViewCompositionalLayout { sectionIndex, environment in
                    let width = environment.container.effectiveContentSize.width
                    let card = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(width - 40), heightDimension: .estimated((width - 32) / 2)))
                    let banner = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(min(width, 600)), heightDimension: .absolute(44)))
                    let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(300)), subitems: sectionIndex == 0 ? [card] : [banner])
                    return NSCollectionLayoutSection(group: group)
                }
            }
            """
        var options = LintOptions()
        options.environmentNames = ["iPhone SE", "iPhone 12", "iPad", "iPad landscape"]
        let file = SwiftFrontEnd.lint([("Cards.swift", Array(swift.utf8))], options: options)[0]
        let layout = try #require(file.layouts.first)
        let text = SwiftFrontEnd.importedDocumentText(layout, file: file)
        #expect(text.contains(#""width": "absolute(container.effectiveContentSize.width - 40)""#), "\(text)")
        #expect(text.contains(#""height": "estimated((container.effectiveContentSize.width - 32) / 2)""#), "\(text)")
        #expect(text.contains("written as formulas"), "\(text)")
        let imported = lint(bytes: Array(text.utf8))
        #expect(imported.diagnostics.filter { formatRules.contains($0.rule) }.isEmpty, "\(text)")
        // The card's section needs no variant; the banner's (`min`) keeps one per width.
        #expect(imported.document.sections.first?.variants.isEmpty == true, "\(text)")
        #expect(imported.document.sections.last?.variants.isEmpty == false, "\(text)")
        // Resolved in each environment as the Swift is.
        for l in imported.layouts {
            let w = containerSizes(in: l.environment, configuration: imported.document.configuration).effectiveWidth
            let item = l.sections.first?.group?.children.first
            #expect(item?.frame.width == w - 40, "\(l.environment.name)")
        }
        let exported = swiftLayoutText(imported.document)
        #expect(exported.contains(".absolute(environment.container.effectiveContentSize.width - 40)"), "\(exported)")
        #expect(
            exported.contains(".estimated((environment.container.effectiveContentSize.width - 32) / 2)"), "\(exported)")
        #expect(!exported.contains("&& width <="), "\(exported)")
        // A variant of one width (an import that read no width in between) is exported as that width.
        let one = lint(
            bytes: Array(
                #"{ "sections": [{ "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [{ "width": "fractionalWidth(1)", "height": "absolute(44)" }] }, "variants": [{ "when": { "minWidth": 390, "maxWidth": 390 }, "interGroupSpacing": 8 }] }] }"#
                    .utf8)
        ).document
        let oneExported = swiftLayoutText(one)
        #expect(oneExported.contains("if width == 390 {"), "\(oneExported)")
        // And the exported Swift imports as the same formulas.
        let again = SwiftFrontEnd.lint([("Exported.swift", Array(exported.utf8))], options: options)[0]
        let back = SwiftFrontEnd.importedDocumentText(try #require(again.layouts.first), file: again)
        #expect(back.contains(#""width": "absolute(container.effectiveContentSize.width - 40)""#), "\(back)")
    }

    /// Every exported Swift file type-checks against the UIKit stub (skipped, with a notice, without swiftc).
    @Test func exportedSwiftTypeChecks() throws {
        guard let swiftc = findExecutable("swiftc") else {
            print("notice: swiftc not found; the exported Swift was not type-checked")
            return
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "layoutlint-export-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let stub = repoRoot.appendingPathComponent("Tests/SwiftLayouts/Stub/UIKit.swift").path
        let built = run(
            swiftc,
            [
                "-swift-version", "5", "-parse-as-library", "-emit-module", "-module-name", "UIKit", stub,
                "-emit-module-path", dir.appendingPathComponent("UIKit.swiftmodule").path,
            ])
        try #require(built.status == 0, "the UIKit stub does not build: \(built.output)")
        var files: [String] = []
        for (i, path) in roundTripDocuments().enumerated() {
            let result = lint(bytes: try read(path))
            var options = SwiftExportOptions()
            // One module: every function has a name of its own.
            options.name = "layout\(i)"
            options.header = ["from \(path)"]
            let file = dir.appendingPathComponent("Layout\(i).swift")
            try Data(swiftLayoutText(result.document, options: options).utf8).write(to: file)
            files.append(file.path)
        }
        let checked = run(swiftc, ["-swift-version", "5", "-typecheck", "-I", dir.path] + files)
        #expect(checked.status == 0, "the exported Swift does not type-check:\n\(checked.output)")
    }
}

func findExecutable(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let p = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: p) { return p }
    }
    return nil
}

func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = arguments
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = pipe
    do { try p.run() } catch { return (-1, "\(error)") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: data, as: UTF8.self))
}
