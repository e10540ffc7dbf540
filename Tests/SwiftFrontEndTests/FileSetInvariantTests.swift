// A file's findings are the same linted alone, with the rest of its folder, and with the files in any order.

import Foundation
import LayoutLintCore
import LayoutLintSwift
import Testing

@Suite("Swift front end: a file's findings do not depend on the other files of the run")
struct FileSetInvariantTests {
    /// A view controller with its own `private enum Section` (its cases named as in the other file, in another order).
    static func controller(_ name: String, cases: [String], insetsOn: String) -> (path: String, bytes: [UInt8]) {
        let text = """
            import UIKit
            final class \(name): UIViewController {
                private enum Section: Int, CaseIterable { case \(cases.joined(separator: ", ")) }
                func makeLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout { index, _ in
                        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(60)))
                        switch Section(rawValue: index)! {
                        case .\(insetsOn):
                            item.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
                        default:
                            break
                        }
                        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(60)), subitems: [item])
                        return NSCollectionLayoutSection(group: group)
                    }
                }
            }
            """
        return ("\(name).swift", Array(text.utf8))
    }

    func findings(_ r: SwiftFileResult) -> [String] {
        r.diagnostics.map { "\($0.rule) \($0.range.start) \($0.message)" }.sorted()
    }

    @Test("two files each nesting a private enum Section: each file's findings alone, together, in either order")
    func privateEnumsOfOneName() {
        let a = Self.controller("FeedViewController", cases: ["header", "cards"], insetsOn: "cards")
        let b = Self.controller("SettingsViewController", cases: ["cards", "toggles", "footer"], insetsOn: "footer")
        let aAlone = findings(SwiftFrontEnd.lint([a])[0])
        let bAlone = findings(SwiftFrontEnd.lint([b])[0])
        #expect(aAlone.contains { $0.hasPrefix("estimated-content-insets") })
        #expect(bAlone.contains { $0.hasPrefix("estimated-content-insets") })
        let ab = SwiftFrontEnd.lint([a, b]), ba = SwiftFrontEnd.lint([b, a])
        #expect(findings(ab[0]) == aAlone)
        #expect(findings(ab[1]) == bAlone)
        #expect(findings(ba[1]) == aAlone)
        #expect(findings(ba[0]) == bAlone)
        // The sections each file's own enum gives: 2 and 3.
        #expect(ab[0].layouts.first?.result.layouts.first?.sections.count == 2)
        #expect(ab[1].layouts.first?.result.layouts.first?.sections.count == 3)
        #expect(ba[1].layouts.first?.result.layouts.first?.sections.count == 2)
    }
}

extension FileSetInvariantTests {
    /// The single-file cases of Tests/SwiftLayouts/Cases (each a file of its own app; four declare a
    /// `ViewController`, several a `Section` enum and a `createLayout()`), relative to the root.
    static let caseFiles: [(path: String, bytes: [UInt8])] = {
        let folder = "Tests/SwiftLayouts/Cases"
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: repoRoot.appendingPathComponent(folder).path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().compactMap { name in
            (try? read(folder + "/" + name)).map { (folder + "/" + name, $0) }
        }
    }()

    @Test("every case of the Swift corpus: its findings and layouts alone, with all the others, and in reverse order")
    func corpusCasesInAnyFileSet() {
        let files = Self.caseFiles
        #expect(files.count > 40)
        func summary(_ r: SwiftFileResult) -> [String] {
            findings(r) + r.layouts.map { "\($0.name): \($0.result.layouts.first?.sections.count ?? -1) sections" }
        }
        let alone = files.map { summary(SwiftFrontEnd.lint([$0])[0]) }
        let together = SwiftFrontEnd.lint(files).map(summary)
        let reversed = Array(SwiftFrontEnd.lint(files.reversed()).map(summary).reversed())
        for (i, f) in files.enumerated() {
            #expect(together[i] == alone[i], "\(f.path) linted with the other cases")
            #expect(reversed[i] == alone[i], "\(f.path) linted with the other cases in reverse order")
        }
    }
}

extension FileSetInvariantTests {
    /// A `ViewController` of one target of a repository, whose layout reads its own `rowHeight`.
    static func target(_ folder: String, rowHeight: Int) -> (path: String, bytes: [UInt8]) {
        let text = """
            import UIKit
            final class ViewController: UIViewController {
                let rowHeight: CGFloat = \(rowHeight)
                func makeLayout() -> UICollectionViewLayout {
                    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(rowHeight)))
                    let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(rowHeight)), subitems: [item])
                    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
                }
            }
            """
        return ("\(folder)/ViewController.swift", Array(text.utf8))
    }

    @Test("two targets each declaring a ViewController: each layout reads the members of its own file's type")
    func oneTypeNameInTwoTargets() {
        let broken = Self.target("App/Sources", rowHeight: 0), fine = Self.target("Widget/Sources", rowHeight: 44)
        let brokenAlone = findings(SwiftFrontEnd.lint([broken])[0])
        #expect(brokenAlone.contains { $0.hasPrefix(RuleID.nonPositiveDimension.rawValue) })
        #expect(findings(SwiftFrontEnd.lint([fine])[0]).isEmpty)
        for run in [SwiftFrontEnd.lint([broken, fine]), Array(SwiftFrontEnd.lint([fine, broken]).reversed())] {
            #expect(findings(run[0]) == brokenAlone)
            #expect(findings(run[1]).isEmpty)
        }
    }
}
