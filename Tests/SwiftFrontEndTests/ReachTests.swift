// Shapes of real app code the reader reads (layout subclasses, struct pseudo-enums, builders no caller passes
// arguments to), and the ones it cannot read ending in a note at the layout, never in silence or in a layout of no
// sections.

import Foundation
import LayoutLintCore
import LayoutLintSwift
import Testing

@Suite("Swift front end: reach on app code")
struct ReachTests {
    static let cardSection = """
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(80)))
        item.contentInsets = NSDirectionalEdgeInsets(top: 6, leading: 6, bottom: 6, trailing: 6)
        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(80)), subitems: [item])
        """

    func sectionCounts(_ r: SwiftFileResult) -> [String: Int] {
        Dictionary(
            r.layouts.map { ($0.name, $0.result.layouts.first?.sections.count ?? 0) }, uniquingKeysWith: { a, _ in a })
    }

    @Test("a subclass of the layout that builds it in super.init { … } is a layout, and its findings are reported")
    func layoutSubclass() {
        let r = lintSwift(
            """
            import UIKit
            final class CardsLayout: UICollectionViewCompositionalLayout {
                init() {
                    super.init { _, _ -> NSCollectionLayoutSection? in
                        \(Self.cardSection)
                        return NSCollectionLayoutSection(group: group)
                    }
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            """)
        #expect(r.layouts.count == 1)
        #expect(r.layouts.first?.result.layouts.first?.sections.count == 1)
        #expect(r.diagnostics.contains { $0.rule == RuleID.estimatedContentInsets.rawValue })
    }

    @Test("a convenience init that calls self.init(section:) in a layout subclass is a layout")
    func layoutSubclassSelfInit() {
        let r = lintSwift(
            """
            import UIKit
            final class CardsLayout: UICollectionViewCompositionalLayout {
                convenience init(spacing: CGFloat = 8) {
                    \(Self.cardSection)
                    let section = NSCollectionLayoutSection(group: group)
                    section.interGroupSpacing = spacing
                    self.init(section: section)
                }
            }
            """)
        #expect(r.layouts.count == 1)
        #expect(r.diagnostics.contains { $0.rule == RuleID.estimatedContentInsets.rawValue })
    }

    @Test("a RawRepresentable struct's static constants are the provider's cases, one section each")
    func structPseudoEnum() {
        let r = lintSwift(
            """
            import UIKit
            private struct Section: RawRepresentable, Equatable {
                let rawValue: Int
                static let banner = Section(rawValue: 0)
                static let rows = Section(rawValue: 1)
            }
            func makeLayout() -> UICollectionViewLayout {
                UICollectionViewCompositionalLayout { index, _ in
                    let section = Section(rawValue: index)
                    switch section {
                    case .banner:
                        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)))
                        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)), subitems: [item])
                        return NSCollectionLayoutSection(group: group)
                    case .rows:
                        \(Self.cardSection)
                        return NSCollectionLayoutSection(group: group)
                    default: return nil
                    }
                }
            }
            """)
        #expect(sectionCounts(r) == ["makeLayout": 2])
        #expect(r.layouts.first?.result.layouts.first?.sections.first?.frame.height == 200)
    }

    @Test("a builder whose parameter no caller passes is read with it unknown: checked where it does not matter")
    func builderParameterUnused() {
        let r = lintSwift(
            """
            import UIKit
            enum Layouts {
                static func cards(title: String) -> NSCollectionLayoutSection {
                    \(Self.cardSection)
                    return NSCollectionLayoutSection(group: group)
                }
            }
            """)
        #expect(sectionCounts(r) == ["cards": 1])
        #expect(r.diagnostics.contains { $0.rule == RuleID.estimatedContentInsets.rawValue })
    }

    @Test(
        "a size or count only the app knows leaves its section's frames uncomputed; rules on declared values still judge it"
    )
    func unknownSizeKeepsDeclaredValueRules() {
        let source = """
            import UIKit
            func cards(columns: Int) -> NSCollectionLayoutSection {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(BannerView.width), heightDimension: .estimated(80)))
                item.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(80)), subitem: item, count: columns)
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .groupPagingCentered
                section.interGroupSpacing = 10
                return section
            }
            """
        let r = lintSwift(source)
        #expect(r.coverage.partly == 1 && r.coverage.notChecked == 0)
        let rules = Set(r.diagnostics.compactMap(\.ruleID))
        // Declared values only: the insets along the estimated height, the spacing with centred paging.
        #expect(rules.contains(.estimatedContentInsets), "\(r.diagnostics.map(\.message))")
        #expect(rules.contains(.centeredPagingInterGroupSpacing))
        #expect(
            r.diagnostics.contains {
                $0.ruleID == .centeredPagingInterGroupSpacing && !$0.message.contains("0 pt (the group)")
            })
        // Both unknowns named where they are written; no frame computed from a placeholder.
        let notes = r.diagnostics.filter { $0.ruleID == .swiftUnresolved }.map(\.message)
        #expect(
            notes.contains { $0.contains("BannerView.width") } && notes.contains { $0.contains("columns") }, "\(notes)")
        let sections = r.layouts.first?.result.layouts.first?.sections ?? []
        #expect(sections.count == 1 && sections[0].group == nil && sections[0].unresolvedReason != nil)
        #expect(!rules.contains(.groupExceedsContainer) && !rules.contains(.countOverridesItemSize))
        // The count line tells the unknowns from the values assumed.
        #expect(r.coverage.unknown == 2 && r.coverage.assumed == 0)
        #expect(r.coverage.summary(files: 1) == "1 layout in 1 file: 1 partly (2 values unknown)")
        let both = LayoutCoverage(checked: 11, partly: 2, notChecked: 1, assumed: 3, unknown: 1)
        #expect(
            both.summary(files: 9)
                == "14 layouts in 9 files: 11 checked, 2 partly (3 values assumed, 1 unknown), 1 not checked")
    }

    @Test(
        "an orthogonal scrolling behaviour only the app knows: that section unresolved, the others resolved, no finding that takes it for none"
    )
    func unknownOrthogonalBehaviour() {
        let source = """
            import UIKit
            struct SectionConfiguration {
                let orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior
            }
            final class Home {
                let current: SectionConfiguration
                init(current: SectionConfiguration) { self.current = current }
                private func section(_ configuration: SectionConfiguration) -> NSCollectionLayoutSection {
                    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(80)))
                    item.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0)
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(900), heightDimension: .estimated(80)), subitems: [item])
                    let section = NSCollectionLayoutSection(group: group)
                    section.orthogonalScrollingBehavior = configuration.orthogonalScrollingBehavior
                    return section
                }
                func makeLayout() -> UICollectionViewCompositionalLayout {
                    UICollectionViewCompositionalLayout { index, _ in
                        if index == 0 {
                            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
                            let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                            return NSCollectionLayoutSection(group: group)
                        }
                        return self.section(self.current)
                    }
                }
            }
            """
        let r = lintSwift(source)
        #expect(r.coverage.partly == 1 && r.coverage.notChecked == 0, "\(r.diagnostics.map(\.message))")
        let notes = r.diagnostics.filter { $0.ruleID == .swiftUnresolved }.map(\.message)
        #expect(
            notes.contains { $0.contains("orthogonalScrollingBehavior") && $0.contains("frames of this section") },
            "\(notes)")
        #expect(!notes.contains { $0.contains("does not check") }, "\(notes)")
        let sections = r.layouts.first?.result.layouts.first?.sections ?? []
        #expect(sections.count >= 2 && sections[0].group != nil, "\(sections.map(\.unresolvedReason))")
        #expect(
            sections.dropFirst().allSatisfy { $0.group == nil && $0.unresolvedReason?.contains("scrolling") == true })
        let rules = Set(r.diagnostics.compactMap(\.ruleID))
        // A 900-pt group exceeds an iPhone only if the section does not scroll sideways, which is unknown.
        #expect(!rules.contains(.groupExceedsContainer))
        // Declared values are still judged: the insets along the estimated height.
        #expect(rules.contains(.estimatedContentInsets))
    }

    @Test(
        "an insets reference or scroll direction only the app knows: the section waits for it, the configuration says what it assumed"
    )
    func unknownInsetsReferenceAndDirection() {
        let source = """
            import UIKit
            func feed(reference: UIContentInsetsReference, direction: UICollectionView.ScrollDirection) -> UICollectionViewCompositionalLayout {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
                let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(500), heightDimension: .absolute(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.contentInsetsReference = reference
                let configuration = UICollectionViewCompositionalLayoutConfiguration()
                configuration.scrollDirection = direction
                return UICollectionViewCompositionalLayout(section: section, configuration: configuration)
            }
            """
        let r = lintSwift(source)
        #expect(
            r.coverage.partly == 1 && r.coverage.unknown == 1 && r.coverage.assumed == 1,
            "\(r.diagnostics.map(\.message))")
        let sections = r.layouts.first?.result.layouts.first?.sections ?? []
        #expect(
            sections.count == 1
                && sections[0].unresolvedReason?.contains("container's width depends on reference") == true)
        #expect(
            r.diagnostics.contains { $0.ruleID == .swiftAssumption && $0.message.contains("as if it were .vertical") })
        // A 500-pt group is wider than an iPhone only against a container that is known.
        #expect(!r.diagnostics.contains { $0.ruleID == .groupExceedsContainer })
    }

    @Test(
        "subitems: Array(repeating: item, count: n) with n unknown: the item judged, the count unknown, import writes it by name"
    )
    func repeatedSubitemsOfUnknownCount() throws {
        let source = """
            import UIKit
            func row(columns: Int) -> NSCollectionLayoutSection {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(120), heightDimension: .estimated(80)))
                item.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(2000), heightDimension: .estimated(80)), subitems: Array(repeating: item, count: columns))
                return NSCollectionLayoutSection(group: group)
            }
            func shelf(columns: Int) -> NSCollectionLayoutSection {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(120), heightDimension: .absolute(80)))
                let badge = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(40), heightDimension: .absolute(80)))
                var subitems = Array(repeating: item, count: columns)
                subitems.removeLast()
                subitems.insert(badge, at: 0)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(80)), subitems: subitems)
                return NSCollectionLayoutSection(group: group)
            }
            """
        let file = SwiftFrontEnd.lint([("Row.swift", Array(source.utf8))])[0]
        let row = try #require(file.layouts.first { $0.name == "row" })
        let notes = row.notes.filter { $0.rule == .swiftUnresolved }.map(\.message)
        #expect(
            notes.count == 1 && notes[0].contains("cannot compute columns")
                && notes[0].contains("frames of the section"), "\(notes)")
        #expect(row.result.diagnostics.contains { $0.ruleID == .estimatedContentInsets })
        #expect(!row.result.diagnostics.contains { $0.ruleID == .groupExceedsContainer })
        let text = SwiftFrontEnd.importedDocumentText(row, file: file)
        #expect(text.contains(#""repeatingSubitem""#) && text.contains(#""count": "columns""#), "\(text)")
        // Changed in place (but by an insert before it or an append after it), the repetition is no longer n of one
        // item: its subitems are not read at all.
        #expect(file.unread.contains { $0.name == "shelf" && $0.message.contains("subitems needs its value") })
    }

    @Test(
        "a spacing or edge spacing only the app knows, as a whole: checked as none, with a note, not the end of the layout"
    )
    func unknownWholeSpacing() {
        let source = """
            import UIKit
            func grid(spacing: NSCollectionLayoutSpacing, edges: NSCollectionLayoutEdgeSpacing, gap: NSCollectionLayoutSpacing) -> NSCollectionLayoutSection {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(300), heightDimension: .absolute(80)))
                item.edgeSpacing = edges
                let badge = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(300), heightDimension: .absolute(80)))
                badge.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: gap, top: nil, trailing: nil, bottom: nil)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(80)), subitems: [item, badge])
                group.interItemSpacing = spacing
                return NSCollectionLayoutSection(group: group)
            }
            """
        let r = lintSwift(source)
        #expect(
            r.coverage.partly == 1 && r.coverage.notChecked == 0 && r.coverage.assumed == 3,
            "\(r.diagnostics.map(\.message))")
        for name in ["spacing", "edges", "gap"] {
            #expect(
                r.diagnostics.contains {
                    $0.ruleID == .swiftAssumption && $0.message.hasPrefix("\(name) depends on")
                        && $0.message.contains("as 0")
                }, "\(name)")
        }
        // Two 300-pt items overflow an iPhone's width with no spacing at all: found with the spacing at 0.
        #expect(r.diagnostics.contains { $0.ruleID == .groupOverflow }, "\(r.diagnostics.map(\.message))")
    }

    @Test(
        "a CGSize with one field only the app knows: the other field is known, the unknown one named where it is used")
    func sizeWithOneUnknownField() {
        let source = """
            import UIKit
            func tiles(measured: CGFloat) -> NSCollectionLayoutSection {
                let size = CGSize(width: 120, height: measured)
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(size.width), heightDimension: .absolute(80)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(size.height)), subitems: [item])
                return NSCollectionLayoutSection(group: group)
            }
            """
        let r = lintSwift(source)
        #expect(r.coverage.partly == 1 && r.coverage.notChecked == 0, "\(r.diagnostics.map(\.message))")
        let notes = r.diagnostics.filter { $0.ruleID == .swiftUnresolved }.map(\.message)
        #expect(notes.count == 1 && notes[0].contains("cannot compute measured"), "\(notes)")
        let item = r.layouts.first?.documents.first?.sections.first?.base.group?.group?.layout.children.first
        #expect(item?.width?.isKnown == true && item?.width?.value == 120)
    }

    @Test(
        "a loop over app data is stepped over: what its body changes is unknown after it, never its value before the loop"
    )
    func loopOverAppDataSteppedOver() throws {
        let source = """
            import UIKit
            final class Builder {
                var maxHeight: CGFloat = 0
                func prepareItem(for i: Int) -> NSCollectionLayoutGroupCustomItem {
                    maxHeight += 10
                    return NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: CGFloat(i) * 10, width: 100, height: 10))
                }
            }
            func waterfall(count: Int) -> NSCollectionLayoutSection {
                var items = [NSCollectionLayoutGroupCustomItem]()
                let builder = Builder()
                var total: CGFloat = 0
                for i in 0..<count {
                    items.append(builder.prepareItem(for: i))
                    total += 1
                }
                let group = NSCollectionLayoutGroup.custom(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(builder.maxHeight + total))) { _ in items }
                let section = NSCollectionLayoutSection(group: group)
                section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: -4, bottom: 8, trailing: 0)
                return section
            }
            final class Feed {
                var total: CGFloat = 0
                func counted(count: Int) -> NSCollectionLayoutSection {
                    var items = [NSCollectionLayoutGroupCustomItem]()
                    for i in 0..<count {
                        self.total += 1
                        items.append(NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: CGFloat(i), width: 10, height: 10)))
                    }
                    let group = NSCollectionLayoutGroup.custom(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(total))) { _ in items }
                    return NSCollectionLayoutSection(group: group)
                }
            }
            """
        let file = SwiftFrontEnd.lint([("Waterfall.swift", Array(source.utf8))])[0]
        let waterfall = try #require(file.layouts.first { $0.name == "waterfall" }, "\(file.unread.map(\.message))")
        let notes = waterfall.notes.filter { $0.rule == .swiftUnresolved }.map(\.message)
        #expect(notes.contains { $0.contains("a loop over count") && $0.contains("frames of the section") }, "\(notes)")
        // The height is not read as 0 + 0 (its value before the loop): no non-positive-dimension error.
        #expect(!waterfall.result.diagnostics.contains { $0.ruleID == .nonPositiveDimension })
        let section = try #require(waterfall.result.layouts.first?.sections.first)
        #expect(section.group == nil && section.unresolvedReason != nil)
        // The section's declared values are still judged.
        #expect(waterfall.result.diagnostics.contains { $0.ruleID == .negativeContentInsets })
        // A body that writes to self may change what no variable shows: the read stops at the loop, said there.
        #expect(
            file.unread.contains { $0.name == "counted" && $0.message.contains("a loop over it") },
            "\(file.unread.map(\.message))")
    }

    @Test("a builder whose geometry needs the parameter no caller passes: checked in part, a note at the parameter")
    func builderParameterNeeded() {
        let source = """
            import UIKit
            func grid(columns: Int) -> NSCollectionLayoutSection {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1 / CGFloat(columns)), heightDimension: .absolute(80)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(80)), subitems: [item])
                return NSCollectionLayoutSection(group: group)
            }
            """
        let r = lintSwift(source)
        #expect(r.layouts.map(\.name) == ["grid"])
        #expect(r.coverage.partly == 1 && r.coverage.notChecked == 0)
        let notes = r.diagnostics.filter { $0.rule == RuleID.swiftUnresolved.rawValue }
        #expect(notes.count == 1)
        #expect(notes.first?.message.contains("columns") == true)
        #expect(notes.first?.message.contains("does not compute the frames of the section") == true)
        #expect(r.unread.isEmpty)
    }

    @Test("a provider that gives nil for section 0 is named, not a layout of no sections")
    func providerGivesNoSection() {
        let r = lintSwift(
            """
            import UIKit
            func makeLayout() -> UICollectionViewLayout {
                UICollectionViewCompositionalLayout { index, _ in
                    if index > 5 {
                        \(Self.cardSection)
                        return NSCollectionLayoutSection(group: group)
                    }
                    return nil
                }
            }
            """)
        #expect(!r.layouts.contains { ($0.result.layouts.first?.sections.count ?? 0) == 0 })
        #expect(
            r.diagnostics.contains {
                $0.rule == RuleID.swiftUnresolved.rawValue && $0.message.contains("nil for section 0")
            })
    }

    @Test(
        "a base class's placeholder provider that subclasses override: its note names them, and each override is checked"
    )
    func overriddenPlaceholderProvider() {
        let r = lintSwift(
            """
            import UIKit
            class BaseListController: UIViewController {
                func makeLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout { _, _ in nil }
                }
            }
            class CardsController: BaseListController {
                override func makeLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout { _, _ in
                        \(Self.cardSection)
                        return NSCollectionLayoutSection(group: group)
                    }
                }
            }
            class OtherController: UIViewController {
                func makeLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout { _, _ in nil }
                }
            }
            """)
        let notes = r.diagnostics.filter { $0.ruleID == .swiftUnresolved && $0.message.contains("nil for section 0") }
        #expect(notes.count == 2, "\(r.diagnostics.map(\.message))")
        #expect(
            notes.filter {
                $0.message.contains("(CardsController overrides makeLayout: each override is a layout of its own)")
            }.count == 1,
            "\(notes.map(\.message))")
        #expect(r.diagnostics.contains { $0.ruleID == .estimatedContentInsets })
    }

    @Test(
        "Section(rawValue: index)! ends the sections after the enum's last case: no crash is claimed, unless numberOfSections asks for more"
    )
    func forceUnwrappedSectionEnum() {
        func source(sections: Int?) -> String {
            """
            import UIKit
            final class FeedViewController: UIViewController, UICollectionViewDataSource {
                private enum Section: Int { case header, cards }
                func makeLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout { index, _ in
                        switch Section(rawValue: index)! {
                        case .header, .cards:
                            \(Self.cardSection)
                            return NSCollectionLayoutSection(group: group)
                        }
                    }
                }
                \(sections.map { "func numberOfSections(in collectionView: UICollectionView) -> Int { \($0) }" } ?? "")
            }
            """
        }
        let r = lintSwift(source(sections: nil))
        #expect(sectionCounts(r) == ["makeLayout": 2])
        #expect(!r.diagnostics.contains { $0.message.contains("crash") })
        let three = lintSwift(source(sections: 3))
        #expect(three.diagnostics.contains { $0.message.contains("the app would crash at this force unwrap") })
    }

    @Test("a stored property with a didSet observer is stored: the layout reads its initial value")
    func storedPropertyWithObserver() {
        let r = lintSwift(
            """
            import UIKit
            final class CardCell: UICollectionViewCell {
                private var rowHeight: CGFloat = 0 {
                    didSet { setNeedsLayout() }
                }
                func makeLayout() -> UICollectionViewLayout {
                    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(rowHeight)))
                    let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
                }
            }
            """)
        #expect(r.layouts.first?.result.layouts.first?.sections.count == 1)
        #expect(r.diagnostics.contains { $0.ruleID == .nonPositiveDimension }, "\(r.diagnostics.map(\.message))")
        #expect(!r.diagnostics.contains { $0.message.contains("without a getter") }, "\(r.diagnostics.map(\.message))")
    }

    @Test("spacing or insets only the running app knows: checked as 0 with a note there, the other findings kept")
    func unknownSpacingAndInsets() {
        let r = lintSwift(
            """
            import UIKit
            final class StripCell: UICollectionViewCell {
                private let strip: UICollectionView
                func makeLayout() -> UICollectionViewLayout {
                    \(Self.cardSection)
                    let section = NSCollectionLayoutSection(group: group)
                    section.interGroupSpacing = strip.directionalLayoutMargins.leading
                    section.contentInsets = strip.directionalLayoutMargins
                    return UICollectionViewCompositionalLayout(section: section)
                }
            }
            """)
        #expect(r.layouts.first?.result.layouts.first?.sections.count == 1)
        let assumed = r.diagnostics.filter {
            $0.ruleID == .swiftAssumption && $0.message.contains("as 0, UIKit's default")
        }
        #expect(assumed.count == 2, "\(r.diagnostics.map(\.message))")
        #expect(assumed.contains { $0.message.contains("checked interGroupSpacing as 0") })
        #expect(assumed.contains { $0.message.contains("checked the section's contentInsets as 0") })
        #expect(r.diagnostics.contains { $0.ruleID == .estimatedContentInsets })
        #expect(r.coverage.partly == 1)
    }

    @Test(".fixed or .flexible of a value only the app knows: checked as 0, flexible as written, with a note there")
    func unknownSpacingInsideFixed() {
        let r = lintSwift(
            """
            import UIKit
            func chips() -> UICollectionViewLayout {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .estimated(50), heightDimension: .estimated(20)))
                item.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: .flexible(UIMetrics.chipGap), top: nil, trailing: nil, bottom: nil)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(20)), subitems: [item])
                group.interItemSpacing = .fixed(UIMetrics.chipGap)
                return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
            }
            """)
        #expect(r.layouts.first?.result.layouts.first?.sections.count == 1, "\(r.diagnostics.map(\.message))")
        let assumed = r.diagnostics.filter {
            $0.ruleID == .swiftAssumption && $0.message.contains("UIMetrics.chipGap depends on a type not declared")
        }
        #expect(assumed.count == 2, "\(r.diagnostics.map(\.message))")
        #expect(
            assumed.contains { $0.message.contains("checked .fixed(…) as 0") }
                && assumed.contains { $0.message.contains("checked .flexible(…) as 0") })
        #expect(r.coverage.partly == 1 && r.coverage.notChecked == 0)
    }

    @Test(
        "a function returning a library's provider closure ({ context -> NSCollectionLayoutSection? in … }) is a layout"
    )
    func returnedProviderClosure() {
        let r = lintSwift(
            """
            import UIKit
            public typealias SectionLayout = (_ context: LayoutContext) -> NSCollectionLayoutSection?
            public struct CardsLayout: SectionFactory {
                public func makeSectionLayout() -> SectionLayout? {
                    { context -> NSCollectionLayoutSection? in
                        \(Self.cardSection)
                        return NSCollectionLayoutSection(group: group)
                    }
                }
            }
            public struct RowsLayout: SectionFactory {
                public func makeSectionLayout() -> SectionLayout? {
                    return { context -> NSCollectionLayoutSection? in
                        let rows = context.section.cells.count
                        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
                        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44 * CGFloat(rows))), subitems: [item])
                        return NSCollectionLayoutSection(group: group)
                    }
                }
            }
            """)
        #expect(r.layouts.count == 2, "\(r.layouts.map(\.name)) \(r.diagnostics.map(\.message))")
        #expect(r.diagnostics.contains { $0.ruleID == .estimatedContentInsets }, "\(r.diagnostics.map(\.message))")
        // The one that needs the library's context says so, at the value, naming the layout.
        #expect(
            r.diagnostics.contains {
                $0.ruleID == .swiftUnresolved && $0.message.contains("context")
                    && $0.message.contains("does not compute the frames of the section")
            },
            "\(r.diagnostics.map(\.message))")
        #expect(r.coverage.checked == 1 && r.coverage.partly == 1)
    }

    @Test(
        "`#if` among a body's statements runs its iOS clause there, with its return: a getter, a body, a manager's shared instance"
    )
    func ifConfigAmongStatements() {
        let r = SwiftFrontEnd.lint([
            (
                "Purchases.swift",
                Array(
                    """
                    class PurchaseManager {
                        static let shared = PurchaseManager()
                        private init() {}
                        var supportsExperimentalFeatures: Bool {
                            #if APP_STORE
                            return false
                            #else
                            return true
                            #endif
                        }
                    }
                    """.utf8)
            ),
            (
                "Cards.swift",
                Array(
                    """
                    import UIKit
                    func makeLayout() -> UICollectionViewLayout {
                        #if os(tvOS)
                        let leading: CGFloat = 40
                        #else
                        let leading: CGFloat = -4
                        #endif
                        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
                        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                        let section = NSCollectionLayoutSection(group: group)
                        if PurchaseManager.shared.supportsExperimentalFeatures {
                            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: leading, bottom: 0, trailing: 0)
                        }
                        return UICollectionViewCompositionalLayout(section: section)
                    }
                    """.utf8)
            ),
        ])[1]
        // Read whole: nothing assumed (the getter returns true in an iOS build), the iOS inset judged.
        #expect(r.coverage.checked == 1, "\(r.diagnostics.map(\.message))")
        #expect(r.diagnostics.contains { $0.ruleID == .negativeContentInsets }, "\(r.diagnostics.map(\.message))")
    }

    @Test("a variable that a closure passed to an unread call changes is unknown after it, not its old value")
    func closureWritesThroughUnreadCall() {
        let r = lintSwift(
            """
            import UIKit
            func rows(heights: [CGFloat]) -> UICollectionViewLayout {
                var total: CGFloat = 0
                var groups: [NSCollectionLayoutGroup] = []
                heights.forEach { h in
                    total += h
                    groups.append(NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(h)), subitems: []))
                }
                let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(total)), subitems: groups)
                return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
            }
            """)
        // Not ".estimated(0) is zero" (total is the app's), nor "at least 1 subitem is required" of the outer group
        // (groups is its value before the loop, then an unknown number of the group appended). Each appended group
        // has no subitems, which UIKit throws for: that is found.
        let zero = r.diagnostics.filter { $0.ruleID == .nonPositiveDimension }.map(\.message)
        #expect(zero.count == 1 && zero[0].contains("subitems is empty"), "\(r.diagnostics.map(\.message))")
        #expect(
            r.diagnostics.contains {
                $0.ruleID == .swiftUnresolved && $0.message.contains("cannot compute total")
                    && $0.message.contains(
                        "a closure passed to heights.forEach(…), run as often as only the running app knows")
            }, "\(r.diagnostics.map(\.message))")
        #expect(r.coverage.partly == 1)
    }

    @Test(
        "a static extension whose labels are not the API's factory's is the module's: .list(rowHeight:) is no list(using:)"
    )
    func extensionFactoryByLabels() {
        let r = lintSwift(
            """
            import UIKit
            extension NSCollectionLayoutSection {
                static func list(rowHeight: CGFloat) -> NSCollectionLayoutSection {
                    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                    let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(rowHeight)), subitems: [item])
                    return NSCollectionLayoutSection(group: group)
                }
            }
            final class SettingsViewController: UIViewController {
                func makeLayout() -> UICollectionViewLayout {
                    UICollectionViewCompositionalLayout { index, environment in
                        index == 0 ? .list(rowHeight: 60) : NSCollectionLayoutSection.list(rowHeight: 30)
                    }
                }
            }
            """)
        // Read as the extension's rows of 60 and 30 pt, not as UIKit's list of .estimated(44) rows; the extension is
        // part of that layout, not a layout of its own with its parameter unknown.
        #expect(!r.diagnostics.contains { $0.message.contains(".estimated(44)") }, "\(r.diagnostics.map(\.message))")
        #expect(r.coverage.checked == 1 && r.coverage.notChecked == 0, "\(r.diagnostics.map(\.message))")
        let heights = r.layouts.first?.result.layouts.first?.sections.compactMap { $0.group?.frame.height }
        #expect(heights?.prefix(2) == [60, 30], "\(String(describing: heights))")
    }

    @Test("a function or provider whose one statement is an if or switch returns what its branches give")
    func implicitReturnOfIfAndSwitch() {
        let r = lintSwift(
            """
            import UIKit
            enum Metrics {
                static func fraction(_ n: Int) -> Double {
                    switch n {
                    case 3...: 0.5
                    default: 1.0
                    }
                }
                static func height(_ n: Int) -> CGFloat {
                    if n > 2 { 80 } else { 44 }
                }
            }
            func tiles() -> NSCollectionLayoutSection {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(Metrics.fraction(4)), heightDimension: .absolute(Metrics.height(3))))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                return NSCollectionLayoutSection(group: group)
            }
            func makeLayout() -> UICollectionViewLayout {
                UICollectionViewCompositionalLayout { index, _ in
                    switch index {
                    case 0: tiles()
                    default: nil
                    }
                }
            }
            """)
        #expect(r.layouts.first?.result.layouts.first?.sections.count == 1, "\(r.diagnostics.map(\.message))")
        // The item is 80 pt tall in a 44-pt group: the height came from the `if`, the width (half) from the `switch`.
        #expect(
            r.diagnostics.contains { $0.ruleID == .groupOverflow && $0.message.contains("80 pt") },
            "\(r.diagnostics.map(\.message))")
        let group = r.layouts.first?.result.layouts.first?.sections.first?.group
        #expect(group.map { abs(($0.children.first?.frame.width ?? 0) - $0.frame.width / 2) < 0.01 } == true)
    }

    @Test("`.none` for an edge's spacing is Optional.none: no spacing on that edge")
    func noneEdgeSpacing() {
        let r = lintSwift(
            """
            import UIKit
            func makeLayout() -> UICollectionViewLayout {
                \(Self.cardSection)
                item.edgeSpacing = .init(leading: .none, top: .fixed(4), trailing: .none, bottom: .none)
                return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
            }
            """)
        #expect(r.layouts.first?.result.layouts.first?.sections.count == 1, "\(r.diagnostics.map(\.message))")
        #expect(r.diagnostics.contains { $0.ruleID == .estimatedContentInsets })
    }

    @Test("`.name` where a size or number goes and no file declares it: unknown, named as a member not declared")
    func undeclaredImplicitMember() {
        let r = lintSwift(
            """
            import UIKit
            func makeLayout() -> UICollectionViewLayout {
                let item = NSCollectionLayoutItem(layoutSize: .fullSize)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(.rowHeight)), subitems: [item])
                return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
            }
            """)
        #expect(
            r.diagnostics.contains {
                $0.ruleID == .swiftUnresolved
                    && $0.message.contains(
                        "cannot compute .fullSize: it depends on a static member not declared in the files read")
            },
            "\(r.diagnostics.map(\.message))")
    }

    @Test("an optional only the running app knows, with a fallback after ??: read with the fallback, and said so")
    func unknownOptionalWithFallback() {
        let r = lintSwift(
            """
            import UIKit
            final class StripController: UIViewController {
                var widths: [CGFloat] = []
                func makeLayout(measured: [CGFloat]) -> UICollectionViewLayout {
                    let width = measured.sorted().first ?? 120
                    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(width), heightDimension: .absolute(44)))
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(100), heightDimension: .absolute(44)), subitems: [item])
                    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
                }
            }
            """)
        #expect(r.layouts.first?.result.layouts.first?.sections.count == 1, "\(r.diagnostics.map(\.message))")
        #expect(
            r.diagnostics.contains {
                $0.ruleID == .swiftAssumption
                    && $0.message.contains("layoutlint read the fallback 120 (as if it were nil)")
            },
            "\(r.diagnostics.map(\.message))")
        // A 120-pt item in a 100-pt group: found with the fallback (what the app uses when the optional is nil).
        #expect(r.diagnostics.contains { $0.ruleID == .noItemFits }, "\(r.diagnostics.map(\.message))")
        // A fallback of 0 is the app with no data: not read, so no zero size is claimed.
        let zero = lintSwift(
            """
            import UIKit
            func makeLayout(heights: [CGFloat]) -> UICollectionViewLayout {
                let tallest = heights.max() ?? 0
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(tallest)))
                let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
            }
            """)
        #expect(!zero.diagnostics.contains { $0.ruleID == .nonPositiveDimension }, "\(zero.diagnostics.map(\.message))")
        #expect(
            zero.diagnostics.contains { $0.ruleID == .swiftUnresolved && $0.message.contains("heights.max") },
            "\(zero.diagnostics.map(\.message))")
    }

    @Test("a member of a type the files read do not declare is unknown, named as written")
    func undeclaredType() {
        let r = lintSwift(
            """
            import UIKit
            func makeLayout() -> UICollectionViewLayout {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(UIMetrics.Cards.height)))
                let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(80)), subitems: [item])
                return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
            }
            """)
        let notes = r.diagnostics.filter { $0.rule == RuleID.swiftUnresolved.rawValue }
        #expect(notes.count == 1)
        #expect(notes.first?.message.contains("UIMetrics.Cards.height") == true)
        #expect(notes.first?.message.contains("a type not declared in the files read") == true)
    }
}
