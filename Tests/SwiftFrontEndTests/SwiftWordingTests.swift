// Findings on Swift speak Swift: where a rule's message names what a spec document writes as keys and string values,
// a Swift file's diagnostic spells it as Swift does (`subitem:count:`, `.groupPaging`, `.fractionalWidth(1)`).

import Foundation
import LayoutLintCore
import LayoutLintSwift
import Testing

@Suite("Swift front end: messages in Swift's words")
struct SwiftWordingTests {
    /// Every message of the corpus's Swift files and the examples' (with their related locations).
    static let messages: [String] = {
        let cases = corpusRoot.appendingPathComponent("Cases").path
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: cases)) ?? []).filter {
            $0.hasSuffix(".swift")
        }.sorted()
        var out: [String] = []
        for f in files {
            let r = SwiftFrontEnd.lint([(f, readBytes(cases + "/" + f))])[0]
            for d in r.diagnostics { out.append(d.message); out += d.related.map(\.message) }
        }
        return out
    }()

    @Test(
        "a finding's message names subitem:count:, .groupPaging, .fractionalWidth(1), not the spec's keys and values",
        arguments: [
            ("count-overrides-item-size", "with subitem:count:,", "with subitem + count,"),
            ("count-overrides-item-size", "or use repeatingSubitem:count: to", "or use repeatingSubitem to"),
            ("count-overrides-item-size", "write .fractionalHeight(1)", "write fractionalHeight(1)"),
            ("centered-paging-inter-group-spacing", "with .groupPagingCentered:", "with groupPagingCentered:"),
            (
                "main-axis-fractional-height", "use .absolute, .estimated, or .fractionalWidth",
                "use absolute, estimated, or fractionalWidth"
            ),
        ])
    func swiftWords(_ rule: String, _ swift: String, _ spec: String) {
        #expect(Self.messages.contains { $0.contains(swift) }, "no \(rule) finding in the corpus says \(swift)")
        #expect(!Self.messages.contains { $0.contains(spec) })
    }

    @Test("an estimated width in a sideways-scrolling section names .continuous")
    func estimatedOrthogonal() {
        let r = lintSwift(
            """
            import UIKit
            func makeLayout() -> UICollectionViewLayout {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .estimated(120), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .estimated(120), heightDimension: .absolute(200)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .continuous
                return UICollectionViewCompositionalLayout(section: section)
            }
            """)
        let found = r.diagnostics.filter { $0.ruleID == .estimatedOrthogonal }
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.message.contains("a section that scrolls .continuous:") })
    }

    @Test("paging spacing says .groupPaging")
    func pagingSpacing() {
        let r = lintSwift(
            """
            import UIKit
            func makeLayout() -> UICollectionViewLayout {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.8), heightDimension: .absolute(200)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .paging
                section.interGroupSpacing = 10
                return UICollectionViewCompositionalLayout(section: section)
            }
            """)
        let paging = r.diagnostics.filter { $0.ruleID == .pagingInterGroupSpacing }
        #expect(!paging.isEmpty)
        #expect(
            paging.allSatisfy {
                $0.message.hasSuffix("; use .groupPaging") || $0.message.contains("; use .groupPaging (")
            })
    }
}
