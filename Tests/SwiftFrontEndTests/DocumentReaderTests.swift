// The editor's reader of a Swift document (`SwiftDocumentReader`): after every edit its result is the one a fresh
// read of the text gives, and it reads again only the layouts the edit can have changed.

import Foundation
import LayoutLintCore
import LayoutLintSwift
import TestSupport
import Testing

/// What a user sees of a Swift file's result, in text offsets: diagnostics (with fixes), and per layout its name,
/// range, and every resolved node's frame and the range of the Swift that set it.
func describe(_ r: SwiftFileResult) -> [String] {
    var out: [String] = []
    for d in r.diagnostics {
        var line = "\(d.rule) \(d.severity) \(d.range.start)-\(d.range.end) \(d.message)"
        for e in d.fix?.edits ?? [] { line += " | \(e.range.start)-\(e.range.end) \(e.newText)" }
        out.append(line)
    }
    for l in r.layouts {
        out.append(
            "layout \(l.name) \(l.range.start)-\(l.range.end) notes \(l.notes.map { "\($0.rule)@\($0.line):\($0.range.start)" })"
        )
        for rl in l.result.layouts {
            for s in rl.sections {
                let sr = r.textRange(s.section.range)
                out.append("  \(rl.environment.name) section \(sr.start)-\(sr.end) \(s.frame)")
                s.group?.walk { n in
                    let er = n.element.map { r.textRange($0.range) }
                    let wr = n.element?.width.map { r.textRange($0.range) }
                    out.append(
                        "    \(n.frame) \(er.map { "\($0.start)-\($0.end)" } ?? "-") w \(wr.map { "\($0.start)" } ?? "-")"
                    )
                }
            }
        }
    }
    for u in r.unread { out.append("unread \(u.name) \(u.range.start)-\(u.range.end) \(u.message)") }
    return out
}

private let threeLayouts = """
    import UIKit

    enum Metrics {
        static let spacing: CGFloat = 10
    }

    final class FeedViewController: UIViewController {
        func gridSection(columns: Int) -> NSCollectionLayoutSection {
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / CGFloat(columns)), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = Metrics.spacing
            return section
        }

        // 一覧 📱: the list.
        func makeList() -> UICollectionViewCompositionalLayout {
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)))
            item.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
            let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)), subitems: [item])
            return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
        }

        func makeGrid() -> UICollectionViewCompositionalLayout {
            UICollectionViewCompositionalLayout(section: gridSection(columns: 3))
        }

        func makeCarousel() -> UICollectionViewCompositionalLayout {
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.8), heightDimension: .absolute(200)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .groupPagingCentered
            section.interGroupSpacing = 12
            return UICollectionViewCompositionalLayout(section: section)
        }
    }
    """

/// Four layouts that call one helper (one through a section provider), and one that does not.
private let sharedHelper = replacing(
    threeLayouts, "    func makeCarousel()",
    """
            enum Columns {
                static let narrow = 2
            }

            func makeNarrowGrid() -> UICollectionViewCompositionalLayout {
                UICollectionViewCompositionalLayout(section: gridSection(columns: Columns.narrow))
            }

            func makeWideGrid() -> UICollectionViewCompositionalLayout {
                let section = gridSection(columns: 6)
                section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 8, bottom: 0, trailing: 8) // 横 🧱
                return UICollectionViewCompositionalLayout(section: section)
            }

            func makeSectioned() -> UICollectionViewCompositionalLayout {
                UICollectionViewCompositionalLayout { index, _ in
                    index == 0 ? self.gridSection(columns: 1) : nil
                }
            }

            func makeCarousel()
    """)

/// `text` with the first `old` replaced by `new`.
private func replacing(_ text: String, _ old: String, _ new: String) -> String {
    guard let r = text.range(of: old) else { Issue.record("no \(old)"); return text }
    return text.replacingCharacters(in: r, with: new)
}

@Suite("Swift front end: the editor's document reader")
struct DocumentReaderTests {
    func reader(_ text: String) -> SwiftDocumentReader {
        SwiftDocumentReader(path: "Feed.swift", text: Array(text.utf8), options: LintOptions())
    }

    func expectFresh(_ reader: SwiftDocumentReader, _ text: String, _ comment: Testing.Comment? = nil) {
        let fresh = SwiftFrontEnd.lint([("Feed.swift", Array(text.utf8))])[0]
        #expect(describe(reader.result) == describe(fresh), comment)
    }

    @Test(
        "estimated-content-insets in the editor, where the rules run without the text: the finding as lint gives it, a section resolved or waiting for an unknown size"
    )
    func fixOfARuleThatReadsTheText() {
        for width in ["100", "BannerView.width"] {
            let text = """
                import UIKit
                func cards() -> NSCollectionLayoutSection {
                    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(\(width)), heightDimension: .estimated(80)))
                    item.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0)
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(80)), subitems: [item])
                    return NSCollectionLayoutSection(group: group)
                }
                """
            let r = reader(text)
            #expect(r.result.diagnostics.contains { $0.ruleID == .estimatedContentInsets }, "\(width)")
            expectFresh(r, text, "\(width)")
        }
    }

    @Test(
        "every Swift case of the corpus and every Swift fuzz seed, opened in the editor's reader, reads as lint reads it"
    )
    func everyCaseOpensAsLintReadsIt() {
        let seeds = "Fuzz/corpus/swift"
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: repoRoot.appendingPathComponent(seeds).path)) ?? []
        let files =
            FileSetInvariantTests.caseFiles
            + names.filter { $0.hasSuffix(".swift") }.sorted().compactMap { name in
                (try? read(seeds + "/" + name)).map { (seeds + "/" + name, $0) }
            }
        #expect(files.count > 100)
        for f in files {
            let r = SwiftDocumentReader(path: f.path, text: f.bytes, options: LintOptions())
            let fresh = SwiftFrontEnd.lint([(f.path, f.bytes)])[0]
            #expect(describe(r.result) == describe(fresh), "\(f.path)")
        }
    }

    @Test("an edit inside one layout reads that layout again and keeps the others, positions after it moved")
    func editInsideOneLayout() {
        let r = reader(threeLayouts)
        #expect(r.stats.layoutsRead == 3)
        // Longer text before the carousel: every position after the edit moves by two bytes.
        let text = replacing(threeLayouts, ".estimated(44)), subitems", ".estimated(4400)), subitems")
        r.update(text: Array(text.utf8), options: nil)
        #expect(r.stats.mode == "swift")
        #expect(r.stats.layoutsRead == 1)
        #expect(r.stats.layoutsReused == 2)
        expectFresh(r, text)
    }

    @Test("an edit of a helper reads again the layouts that call it, and only those")
    func editOfHelper() {
        let r = reader(threeLayouts)
        let text = replacing(threeLayouts, ".absolute(100)", ".absolute(120)")
        r.update(text: Array(text.utf8), options: nil)
        #expect(r.stats.layoutsRead == 1) // makeGrid (gridSection is reached by it, not a layout of its own)
        #expect(r.stats.layoutsReused == 2)
        expectFresh(r, text)
        // A shared constant that every layout using it reads.
        let text2 = replacing(text, "static let spacing: CGFloat = 10", "static let spacing: CGFloat = 14")
        r.update(text: Array(text2.utf8), options: nil)
        #expect(r.stats.layoutsRead == 1)
        expectFresh(r, text2)
    }

    @Test("a layout read again indexes the declarations of the names it looks up, not the whole file's")
    func declarationsIndexedByName() {
        // Ten members that no layout looks up beside the three layouts.
        let others = (0..<10).map { "    func total\($0)(_ values: [Int]) -> Int { values.reduce(\($0), +) }\n" }
            .joined()
        let text = replacing(threeLayouts, "    func makeCarousel()", others + "\n    func makeCarousel()")
        let r = reader(text)
        // makeGrid looks up gridSection, which looks up Metrics and its spacing: their regions, and the types'.
        let text2 = replacing(text, "gridSection(columns: 3)", "gridSection(columns: 4)")
        r.update(text: Array(text2.utf8), options: nil)
        #expect(r.stats.layoutsRead == 1)
        #expect(
            r.stats.regionsIndexed >= 2 && r.stats.regionsIndexed <= 4,
            "\(r.stats.regionsIndexed) of \(r.stats.regions) regions")
        expectFresh(r, text2)
        // An edit no layout reads again indexes nothing.
        let text3 = replacing(text2, "values.reduce(3, +)", "values.reduce(30, +)")
        r.update(text: Array(text3.utf8), options: nil)
        #expect(r.stats.layoutsRead == 0)
        #expect(r.stats.regionsIndexed == 0)
        expectFresh(r, text3)
    }

    @Test("declarations of one name indexed for other names first read as a fresh read reads them")
    func declarationsIndexedOutOfOrder() {
        // `B.h` indexes B (its `spacing` too), then `A.w` indexes A. The bare `spacing` is neither's (Swift does not
        // look into nested types, as half-typed code often assumes): unknown, after lazy indexing as in a fresh read.
        let text = """
            import UIKit

            final class FeedViewController: UIViewController {
                enum A { static let spacing: CGFloat = 10; static let w: CGFloat = 1 }
                enum B { static let spacing: CGFloat = 20; static let h: CGFloat = 100 }

                func makeList() -> UICollectionViewCompositionalLayout {
                    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(B.h / 100), heightDimension: .absolute(A.w * spacing)))
                    let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
                }
            }
            """
        let r = reader(text)
        #expect(!describe(r.result).contains { $0.contains("×10)") || $0.contains("×20)") }, "\(describe(r.result))")
        #expect(r.result.diagnostics.contains { $0.message.contains("spacing") }, "\(describe(r.result))")
        expectFresh(r, text)
    }

    @Test("types cut short (no closing brace, no members) are found by name as a fresh read finds them")
    func typesCutShort() {
        let layout = """
            import UIKit

            final class FeedViewController: UIViewController {
                func makeList() -> UICollectionViewCompositionalLayout {
                    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(Metrics.h + Empty.zero)))
                    let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(Metrics.h)), subitems: [item])
                    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
                }
            }

            """
        for tail in [
            "struct Empty\nenum Metrics {\n    static let h: CGFloat = 30\n",
            "enum Metrics {\n    static let h: CGFloat = 30\n    // 高さ 📏\n\n",
            "enum Metrics { static let h: CGFloat = 30 }\nstruct Empty",
            "enum Metrics { static let h: CGFloat = 30 }\nstruct Empty {",
        ] {
            let r = reader(layout + tail)
            expectFresh(r, layout + tail, "\(tail)")
            // And after an edit elsewhere (the layout read again, its names looked up anew).
            let edited =
                replacing(
                    layout, ".fractionalWidth(1), heightDimension: .absolute(Metrics.h))",
                    ".fractionalWidth(0.5), heightDimension: .absolute(Metrics.h))") + tail
            r.update(text: Array(edited.utf8), options: nil)
            expectFresh(r, edited, "\(tail)")
        }
    }

    @Test("an edit of a helper that several layouts call reads them on several threads, with a fresh read's result")
    func helperOfSeveralLayouts() {
        let r = reader(sharedHelper)
        #expect(r.stats.layoutsRead == 6)
        let text = replacing(sharedHelper, ".absolute(100)", ".absolute(120)")
        r.update(text: Array(text.utf8), options: nil)
        // The four layouts that call the helper; the list and the carousel are kept.
        #expect(r.stats.layoutsRead == 4)
        #expect(r.stats.layoutsReused == 2)
        #expect(r.stats.readThreads == min(ProcessInfo.processInfo.activeProcessorCount, 4))
        // The names they looked up the last time are indexed once, before the threads start: the 8 regions that
        // declare them, whatever the number of threads (each thread indexing them again would count them again).
        #expect(r.stats.regionsIndexed == 8, "\(r.stats.regionsIndexed) of \(r.stats.regions) regions")
        expectFresh(r, text)
        // Each thread records what its layouts looked up: a later edit of a constant only one of them reads reads
        // that one again.
        let text2 = replacing(text, "static let narrow = 2", "static let narrow = 5")
        r.update(text: Array(text2.utf8), options: nil)
        #expect(r.stats.layoutsRead == 1)
        #expect(r.stats.readThreads == 1)
        expectFresh(r, text2)
    }

    @Test("a comment typed between layouts reads none again; a new declaration of a name a layout reads does")
    func commentsAndNewDeclarations() {
        let r = reader(threeLayouts)
        let text = replacing(threeLayouts, "    func makeGrid()", "    // ここ ✏️ a note\n    func makeGrid()")
        r.update(text: Array(text.utf8), options: nil)
        #expect(r.stats.layoutsRead == 0)
        #expect(r.stats.layoutsReused == 3)
        expectFresh(r, text)
        // A second `gridSection` overload in an extension: makeGrid looked the name up, so it is read again.
        let text2 = text + "\nextension FeedViewController {\n    func gridSection(rows: Int) -> Int { rows }\n}\n"
        r.update(text: Array(text2.utf8), options: nil)
        #expect(r.stats.layoutsRead == 1)
        expectFresh(r, text2)
    }

    @Test(
        "a member that starts to build a layout is read, and one that stops is dropped; the others are not looked into")
    func membersThatStartAndStopBuilding() {
        let helper = "\n    func badge() -> Int {\n        2\n    }\n}"
        let base = String(threeLayouts.dropLast()) + helper
        let r = reader(base)
        #expect(r.stats.layouts == 3)
        // A comment elsewhere: the import, `Metrics.spacing` and `badge` build no layout and are skipped.
        let commented = replacing(base, "    func makeGrid()", "    // ここ ✏️\n    func makeGrid()")
        r.update(text: Array(commented.utf8), options: nil)
        #expect(r.stats.layoutsRead == 0)
        #expect(r.stats.unitsSkipped == 3)
        expectFresh(r, commented)
        // `badge` now builds a layout: it is looked into (it changed) and its layout is read.
        let building = replacing(
            commented, "func badge() -> Int {\n        2\n    }",
            "func badge() -> UICollectionViewCompositionalLayout {\n        UICollectionViewCompositionalLayout(section: gridSection(columns: 2))\n    }"
        )
        r.update(text: Array(building.utf8), options: nil)
        #expect(r.stats.layoutsRead == 1)
        #expect(r.result.layouts.map(\.name).contains("badge"))
        expectFresh(r, building)
        // Typing in another comment: `badge` is no longer skipped, and its layout is found where it was.
        let again = replacing(building, "// ここ ✏️", "// ここ ✏️ 🙂")
        r.update(text: Array(again.utf8), options: nil)
        #expect(r.stats.layoutsRead == 0)
        #expect(r.stats.unitsSkipped == 2)
        #expect(r.result.layouts.map(\.name).contains("badge"))
        expectFresh(r, again)
        // And back: the layout is gone.
        let stopped = replacing(again, "UICollectionViewCompositionalLayout(section: gridSection(columns: 2))", "nil")
        r.update(text: Array(stopped.utf8), options: nil)
        #expect(!r.result.layouts.map(\.name).contains("badge"))
        expectFresh(r, stopped)
    }

    /// A class of 80 helpers (about 5 KB) before the three layouts, and a constant after them.
    private var largeType: String {
        let helpers = (0..<80).map {
            "    func helper\($0)(_ value: Int) -> Int {\n        value + \($0) // 合計 ✅\n    }\n"
        }.joined()
        return "let head = 1 // 🙂\n\nfinal class Helpers {\n" + helpers + "}\n\n" + threeLayouts
            + "\nlet tail = 1 // 🙂\n"
    }

    @Test("after an edit above or below a large type, an edit inside it parses only the member it is in")
    func largeTypeKeepsItsMembers() {
        let r = reader(largeType)
        var text = largeType
        for (around, inside) in [("let tail = 1", "value + 79"), ("let head = 1", "value + 40")] {
            text = replacing(text, around, around + "2")
            r.update(text: Array(text.utf8), options: nil)
            expectFresh(r, text)
            // The helpers before the edit are taken from the previous tree, each whole, and those after it too. (The
            // class had been taken whole by the edit around it, and swift-syntax would parse every helper before
            // the edit again.)
            text = replacing(text, inside, inside + "0")
            r.update(text: Array(text.utf8), options: nil)
            #expect(r.stats.parseReused >= 79, "\(inside): \(r.stats.parseReused) items reused")
            expectFresh(r, text)
        }
    }

    @Test("an item built by a helper and changed by the layout: its text is its constructor's, as a fresh read's")
    func elementChangedInAnotherDeclaration() {
        let text = """
            import UIKit

            final class Feed {
                func makeItem() -> NSCollectionLayoutItem {
                    NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(44)))
                }

                // 間隔 📏
                func makeLayout() -> UICollectionViewCompositionalLayout {
                    let item = makeItem()
                    item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44)), subitems: [item, item])
                    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
                }
            }

            """
        // (The helper and the layout are regions of their own: a range from one to the other is not a range in
        // either's offsets. The item's text is the constructor in the helper.)
        let r = reader(text)
        expectFresh(r, text)
        let constructor = Array(text.utf8).firstRange(of: Array("NSCollectionLayoutItem(layoutSize:".utf8))!
        let items = r.result.layouts.first?.result.layouts.first?.sections.first?.group?.children ?? []
        #expect(items.count == 2)
        #expect(items.allSatisfy { $0.element.map { r.result.textRange($0.range).start } == constructor.lowerBound })
        let commented = replacing(text, "// 間隔 📏", "// 間隔 📏 ✏️")
        r.update(text: Array(commented.utf8), options: nil)
        expectFresh(r, commented)
    }

    @Test("renaming the type reads its members again")
    func typeHeader() {
        let r = reader(threeLayouts)
        let text = replacing(threeLayouts, "final class FeedViewController", "final class FeedController")
        r.update(text: Array(text.utf8), options: nil)
        #expect(r.stats.layoutsRead == 3)
        expectFresh(r, text)
    }

    /// Random single-byte edits (typed, deleted, or a digit changed as a user tunes a value), each followed by an
    /// update compared with a fresh read. Returns the layouts kept over the run.
    func randomEdits(
        _ start: [UInt8], seed: UInt64, steps: Int, _ label: String,
        alphabet: [UInt8] = Array("abcxyz0123456789 .(){}\n\"/*,:=".utf8)
    ) -> Int {
        var rng = SplitMix(seed: seed)
        var text = start
        // (A parse from scratch every 7 updates, as every 400 in the editor: both paths are compared.)
        let r = SwiftDocumentReader(path: "Feed.swift", text: text, options: LintOptions(), reparseEvery: 7)
        var kept = 0
        for step in 0..<steps {
            let at = Int(rng.next() % UInt64(text.count + 1))
            switch rng.next() % 3 {
            case 0: text.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: at)
            case 1: if at < text.count { text.remove(at: at) }
            default:
                if let d = text.indices.dropFirst(at).first(where: { text[$0] >= 0x30 && text[$0] <= 0x39 }) {
                    text[d] = 0x30 + UInt8(rng.next() % 10)
                }
            }
            r.update(text: text, options: nil)
            kept += r.stats.layoutsReused
            let fresh = SwiftFrontEnd.lint([("Feed.swift", text)])[0]
            let same = describe(r.result) == describe(fresh)
            #expect(same, "\(label): after edit \(step)")
            if !same { break }
        }
        return kept
    }

    @Test("after random typing, deleting and tuning numbers, the result is a fresh read's (and layouts were kept)")
    func randomEditsThreeLayouts() {
        #expect(randomEdits(Array(threeLayouts.utf8), seed: 42, steps: 60, "three layouts") > 0)
    }

    @Test(
        "the same on the corpus's files: section providers, enums, app state, seeds with CJK text",
        arguments: [
            "apple-adaptive-sections.swift", "pattern-app-state-data.swift", "seed-001-zh-cn.swift",
            "mistake-centered-paging-spacing.swift", "pattern-computed-properties.swift",
        ])
    func randomEditsCorpus(_ name: String) {
        let bytes = readBytes(corpusRoot.appendingPathComponent("Cases/" + name).path)
        #expect(!bytes.isEmpty)
        _ = randomEdits(bytes, seed: UInt64(bytes.count), steps: 30, name)
    }

    @Test("the same where four layouts call one helper (read on several threads)")
    func randomEditsSharedHelper() {
        #expect(randomEdits(Array(sharedHelper.utf8), seed: 11, steps: 60, "shared helper") > 0)
    }

    @Test(
        "brackets nested past the limit are refused as an edit takes them out of a comment or a string, read as one puts them back"
    )
    func deepBracketsInCommentsAndStrings() {
        let deep = String(repeating: "[", count: SwiftFrontEnd.maxBracketNesting + 1)
        var text = replacing(
            threeLayouts, "    func makeGrid()",
            """
                // note \(deep) 注
                let sample = "a\\"\(deep)" /* \(deep) */
                func makeGrid()
            """)
        let r = reader(text)
        func refused() -> Bool {
            r.result.diagnostics.contains { $0.ruleID == .swiftLimit && $0.message.contains("brackets nest") }
        }
        #expect(!refused())
        /// Replaces the first `old` after `marker` with `new`, reads the text, and compares with a fresh read.
        func edit(after marker: String, _ old: String, _ new: String, refuses: Bool) {
            let from = text.range(of: marker)!.upperBound
            let r0 = text.range(of: old, range: from..<text.endIndex)!
            text.replaceSubrange(r0, with: new)
            r.update(text: Array(text.utf8), options: nil)
            #expect(refused() == refuses, "\(old) → \(new)")
            expectFresh(r, text, "\(old) → \(new)")
        }
        edit(after: "func makeList", "item", "items", refuses: false)
        edit(after: "// note", " ", "\n", refuses: true) // a line break ends the comment
        edit(after: "// note", "\n", " ", refuses: false)
        edit(after: "let sample = \"a", "\\", "", refuses: true) // the string ends before the brackets
        edit(after: "let sample = \"a", "\"", "\\\"", refuses: false)
        // Typed after the backslash: the quote ends the string.
        edit(after: "let sample = \"a\\", "\"", "x\"", refuses: true)
        edit(after: "let sample = \"a\\", "x", "", refuses: false)
        edit(after: "\" /", "*", "", refuses: true) // no comment opens
        edit(after: "\" /", " ", "* ", refuses: false)
    }

    @Test("a suppression comment typed a character at a time takes effect when complete, and ends when broken")
    func suppressionTypedAndBroken() {
        let r = reader(threeLayouts)
        let rule = "centered-paging-inter-group-spacing"
        #expect(r.result.diagnostics.contains { $0.rule == rule })
        let comment = "// layoutlint:disable-next-line \(rule) ✍️\n        "
        var text = threeLayouts
        let at = text.range(of: "section.interGroupSpacing = 12")!.lowerBound
        var typed = ""
        for c in comment {
            typed.append(c)
            text = threeLayouts.replacingCharacters(in: at..<at, with: typed)
            r.update(text: Array(text.utf8), options: nil)
            expectFresh(r, text, "typed \(typed.debugDescription)")
        }
        #expect(!r.result.diagnostics.contains { $0.rule == rule })
        // One letter of "layoutlint" deleted: the comment no longer names layoutlint.
        text = text.replacingOccurrences(of: "// layoutlint:", with: "// layoutlnt:")
        r.update(text: Array(text.utf8), options: nil)
        #expect(r.result.diagnostics.contains { $0.rule == rule })
        expectFresh(r, text)
    }

    @Test("the same beside a large type (parsed as its members, one by one)")
    func randomEditsLargeType() {
        _ = randomEdits(Array(largeType.utf8), seed: 7, steps: 40, "large type")
    }

    @Test("options that change read every layout again")
    func newOptions() {
        let r = reader(threeLayouts)
        var options = LintOptions()
        options.environmentNames = ["iPhone SE"]
        r.update(text: Array(threeLayouts.utf8), options: options)
        #expect(r.stats.layoutsRead == 3)
        #expect(r.result.layouts.allSatisfy { $0.result.layouts.map(\.environment.name) == ["iPhone SE"] })
    }
}
