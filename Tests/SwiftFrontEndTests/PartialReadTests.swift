// One value only the app knows leaves the rest of the layout read (in the other environments, the other
// sections), named where it is.

import LayoutLintCore
import LayoutLintSwift
import Testing

@Suite("Swift front end: one value the app decides does not drop the layout")
struct PartialReadTests {
    static let row = """
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
        """

    @Test("a section provider goes on past a section it cannot read, and names it")
    func providerGoesOn() {
        let r = SwiftFrontEnd.lint([
            (
                "Settings.swift",
                Array(
                    """
                    import UIKit
                    final class SettingsViewController: UIViewController {
                        enum Section: Int, CaseIterable { case account, usage, about }
                        func makeLayout() -> UICollectionViewLayout {
                            UICollectionViewCompositionalLayout { index, _ in
                                switch Section(rawValue: index)! {
                                case .account, .about:
                                    \(Self.row)
                                    return NSCollectionLayoutSection(group: group)
                                case .usage:
                                    let height = UserDefaults.standard.double(forKey: "chartHeight")
                                    let chart = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)))
                                    let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)), subitems: [chart])
                                    return NSCollectionLayoutSection(group: group)
                                }
                            }
                        }
                    }
                    """.utf8)
            )
        ])[0]
        let sections = r.layouts.first?.result.layouts.first?.sections ?? []
        // Section 1's chart height is the app's: its frames are not computed, sections 0 and 2 are resolved.
        #expect(
            sections.map(\.path) == ["/sections/0", "/sections/1", "/sections/2"], "\(r.diagnostics.map(\.message))")
        #expect(sections.map { $0.unresolvedReason == nil } == [true, false, true])
        #expect(
            r.diagnostics.contains {
                $0.rule == RuleID.swiftUnresolved.rawValue
                    && $0.message.contains("does not compute the frames of the section it is in")
            })
        #expect(r.coverage.partly == 1 && r.coverage.notChecked == 0)
    }

    @Test("a layout read in the environments where its values are known, and named in the others")
    func someEnvironments() {
        var options = LintOptions()
        options.environmentNames = ["iPhone 12", "iPad"]
        let r = SwiftFrontEnd.lint(
            [
                (
                    "Grid.swift",
                    Array(
                        """
                        import UIKit
                        func makeLayout(columns: Int) -> UICollectionViewLayout {
                            UICollectionViewCompositionalLayout { _, environment in
                                let wide = environment.container.effectiveContentSize.width > 600
                                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
                                let group = wide
                                    ? NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: items(repeating: item, columns))
                                    : NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                                return NSCollectionLayoutSection(group: group)
                            }
                        }
                        """.utf8)
                )
            ], options: options)[0]
        #expect(
            r.layouts.first?.result.layouts.map(\.environment.name) == ["iPhone 12"], "\(r.diagnostics.map(\.message))")
        #expect(
            r.diagnostics.contains {
                $0.rule == RuleID.swiftUnresolved.rawValue
                    && $0.message.contains("in iPad (it checks the other environments)")
            })
    }

    @Test("a subitem only the app knows (a factory of a package not in the run): the others and the group are checked")
    func subitemOnlyTheAppKnows() throws {
        let r = lintSwift(
            """
            import UIKit
            func makeLayout() -> UICollectionViewLayout {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .estimated(0.5)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item, NSCollectionLayoutItem.badge()])
                let section = NSCollectionLayoutSection(group: group)
                section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: -4, bottom: 0, trailing: 0)
                return UICollectionViewCompositionalLayout(section: section)
            }
            """)
        #expect(r.coverage.partly == 1 && r.coverage.notChecked == 0, "\(r.diagnostics.map(\.message))")
        #expect(r.diagnostics.contains { $0.ruleID == .fractionalEstimate }, "\(r.diagnostics.map(\.message))")
        #expect(r.diagnostics.contains { $0.ruleID == .negativeContentInsets }, "\(r.diagnostics.map(\.message))")
        let section = try #require(r.layouts.first?.result.layouts.first?.sections.first)
        #expect(
            section.unresolvedReason?.contains("NSCollectionLayoutItem.badge(…)") == true,
            "\(section.unresolvedReason ?? "")")
    }
}
