// Sequences only the running app knows (`UnknownSequences.swift`): a closure mapped over one is read once for an
// unknown element, a repetition keeps what is inserted beside it, a `while` loop on app data is stepped over, and
// headers only the app knows leave the section's other values checked.

import Foundation
import LayoutLintCore
import LayoutLintSwift
import Testing

@Suite("Swift front end: sequences only the app knows")
struct UnknownSequenceTests {
    func group(_ r: SwiftFileResult, _ name: String) throws -> GroupSpec {
        let layout = try #require(r.layouts.first { $0.name == name }, "\(r.unread.map(\.message))")
        let g = try #require(layout.documents.first?.sections.first?.base.group?.group)
        return g
    }

    /// The group of layout `name` as a repetition: the group and the element it repeats.
    func repetition(_ r: SwiftFileResult, _ name: String) throws -> (GroupSpec, LayoutElement) {
        let g = try group(r, name)
        guard case .repeating(let child, _) = g.layout else { throw RepetitionMissing(layout: "\(g.layout)") }
        return (g, child)
    }

    struct RepetitionMissing: Error { let layout: String }

    @Test("subitems mapped from data only the app has: the mapped item is checked, the group's count is unknown")
    func subitemsMappedFromAppData() throws {
        let source = """
            import UIKit
            func row(count: Int) -> NSCollectionLayoutSection {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.25), heightDimension: .estimated(0.5)))
                let items = (0..<count).map { _ in item }
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: items)
                return NSCollectionLayoutSection(group: group)
            }
            func cells(widths: [CGFloat]) -> NSCollectionLayoutSection {
                let items = widths.map { w in
                    NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(w), heightDimension: .absolute(44)))
                }
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: items)
                return NSCollectionLayoutSection(group: group)
            }
            """
        let r = lintSwift(source)
        #expect(r.coverage.partly == 2 && r.coverage.notChecked == 0, "\(r.diagnostics.map(\.message))")
        // The item the closure returns is the group's subitem: its own mistake is found.
        #expect(r.diagnostics.contains { $0.ruleID == .fractionalEstimate }, "\(r.diagnostics.map(\.message))")
        let (row, child) = try repetition(r, "row")
        #expect(child.width?.value == 0.25 && row.unknownSubitems != nil)
        // A width from each element is unknown, not 0 or nil: no zero-size error, a note where it is used.
        let (_, cell) = try repetition(r, "cells")
        #expect(cell.width?.isKnown == false && cell.height?.value == 44)
        #expect(!r.diagnostics.contains { $0.ruleID == .nonPositiveDimension })
        #expect(
            r.diagnostics.contains {
                $0.ruleID == .swiftUnresolved && $0.message.contains("cannot compute an element of widths")
            }, "\(r.diagnostics.map(\.message))")
    }

    @Test("what a mapping closure adds up is unknown after it; a closure that writes self makes the elements unknown")
    func closureWritesAfterTheMapping() throws {
        let source = """
            import UIKit
            func stacked(rows: [Int]) -> NSCollectionLayoutSection {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(10)))
                var total: CGFloat = 0
                let groups = rows.map { _ -> NSCollectionLayoutGroup in
                    total += 10
                    return NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(10)), subitems: [item])
                }
                let outer = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(total)), subitems: groups)
                return NSCollectionLayoutSection(group: outer)
            }
            final class Counter {
                var made = 0
                func counted(rows: [Int]) -> NSCollectionLayoutSection {
                    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(10)))
                    let items = rows.map { _ -> NSCollectionLayoutItem in
                        self.made += 1
                        return item
                    }
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(10)), subitems: items)
                    return NSCollectionLayoutSection(group: group)
                }
            }
            """
        let r = lintSwift(source)
        let stacked = try group(r, "stacked")
        // Not 10 (one run of the closure), not 0 (the value before it).
        let outer = try #require(r.layouts.first { $0.name == "stacked" }?.documents.first?.sections.first?.base.group)
        #expect(outer.height?.isKnown == false, "\(String(describing: outer.height))")
        #expect(stacked.unknownSubitems != nil)
        #expect(
            r.diagnostics.contains {
                $0.ruleID == .swiftUnresolved && $0.message.contains("cannot compute total")
                    && $0.message.contains("a closure passed to rows.map(…)")
            }, "\(r.diagnostics.map(\.message))")
        // `self.made += 1` runs once per row: what else it changes is not known, so its elements are not read.
        #expect(r.layouts.contains { $0.name == "counted" } == false)
        #expect(
            r.unread.contains { $0.message.contains("rows.map(…)") && $0.message.contains("subitems needs its value") },
            "\(r.unread.map(\.message))")
    }

    @Test("an item inserted before a repetition of unknown count is checked with it")
    func insertedBeforeARepetition() throws {
        let source = """
            import UIKit
            func jumpBack(count: Int) -> NSCollectionLayoutSection {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(80)))
                let nested = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(300), heightDimension: .absolute(160)), subitems: [item, item])
                let synced = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .estimated(0.5), heightDimension: .absolute(160)))
                var subitems: [NSCollectionLayoutItem] = Array(repeating: nested, count: count)
                subitems.insert(synced, at: 0)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(160)), subitems: subitems)
                return NSCollectionLayoutSection(group: group)
            }
            """
        let r = lintSwift(source)
        #expect(r.coverage.partly == 1 && r.coverage.notChecked == 0, "\(r.diagnostics.map(\.message))")
        let g = try group(r, "jumpBack")
        guard case .subitems(let items) = g.layout else {
            Issue.record("\(g.layout)")
            return
        }
        #expect(items.count == 2 && items[0].width?.value == 0.5 && items[1].isGroup && g.unknownSubitems != nil)
        #expect(r.diagnostics.contains { $0.ruleID == .fractionalEstimate }, "\(r.diagnostics.map(\.message))")
    }

    @Test("an array a loop or forEach over app data appends one item to is that item repeated, and the item checked")
    func appendedInALoopOverAppData() throws {
        let source = """
            import UIKit
            func row(columns: Int) -> NSCollectionLayoutSection {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.25), heightDimension: .estimated(0.5)))
                var items: [NSCollectionLayoutItem] = []
                for _ in 0..<columns { items.append(item) }
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: items)
                return NSCollectionLayoutSection(group: group)
            }
            func cells(data: [Int]) -> NSCollectionLayoutSection {
                let header = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(40), heightDimension: .absolute(44)))
                var items = [header]
                data.forEach { _ in
                    items.append(NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(30), heightDimension: .estimated(0.25))))
                }
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: items)
                return NSCollectionLayoutSection(group: group)
            }
            """
        let r = lintSwift(source)
        #expect(r.coverage.partly == 2 && r.coverage.notChecked == 0, "\(r.diagnostics.map(\.message))")
        // Both appended items' own mistakes are found.
        #expect(
            r.diagnostics.filter { $0.ruleID == .fractionalEstimate }.count == 2, "\(r.diagnostics.map(\.message))")
        let (row, child) = try repetition(r, "row")
        #expect(child.width?.value == 0.25 && row.unknownSubitems != nil)
        // The header before the appended cells is kept.
        let cells = try group(r, "cells")
        guard case .subitems(let kinds) = cells.layout else {
            Issue.record("\(cells.layout)")
            return
        }
        #expect(kinds.count == 2 && kinds[0].width?.value == 40 && cells.unknownSubitems != nil)
    }

    @Test("a while loop on app data is stepped over: the layout is read past it, what it changes unknown")
    func whileLoopOnAppData() throws {
        let source = """
            import UIKit
            func column(heights: [CGFloat]) -> NSCollectionLayoutSection {
                var y: CGFloat = 0
                var i = 0
                while i < heights.count {
                    y += heights[i]
                    i += 1
                }
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
                let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(y)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: -4, bottom: 0, trailing: 0)
                return section
            }
            """
        let r = lintSwift(source)
        #expect(r.coverage.partly == 1 && r.coverage.notChecked == 0, "\(r.diagnostics.map(\.message))")
        #expect(r.diagnostics.contains { $0.ruleID == .negativeContentInsets })
        // y is not 0, its value before the loop: no zero-height error.
        #expect(!r.diagnostics.contains { $0.ruleID == .nonPositiveDimension })
        #expect(
            r.diagnostics.contains {
                $0.ruleID == .swiftUnresolved && $0.message.contains("cannot compute y")
                    && $0.message.contains("a loop over heights.count")
            }, "\(r.diagnostics.map(\.message))")
    }

    @Test("a header only the app knows leaves the section's frames uncomputed and its other values checked")
    func headerOnlyTheAppKnows() throws {
        let source = """
            import UIKit
            func feed() -> NSCollectionLayoutSection {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(0.5)))
                let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.boundarySupplementaryItems = [makeHeader()].compactMap { $0 }
                return section
            }
            """
        let r = lintSwift(source)
        #expect(r.coverage.partly == 1 && r.coverage.notChecked == 0, "\(r.diagnostics.map(\.message))")
        #expect(r.diagnostics.contains { $0.ruleID == .fractionalEstimate })
        let resolved = try #require(r.layouts.first?.result.layouts.first?.sections.first)
        #expect(resolved.unresolvedReason?.contains("its headers and footers depend on makeHeader(…)") == true)
    }
}
