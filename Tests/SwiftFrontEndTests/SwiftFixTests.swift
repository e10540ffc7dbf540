// Fixes written in Swift: the estimated-content-insets fix moves the insets along the estimated axis to
// edgeSpacing, keeping the statement's receiver and indentation, and after it the finding is gone and every other
// element resolves as before.

import Foundation
import LayoutLintCore
import LayoutLintSwift
import Testing

@Suite("Swift front end: fixes")
struct SwiftFixTests {
    static let source = """
        import UIKit

        // カード 🃏: the insets' top and bottom are dropped by UIKit on an estimated height.
        func cardsLayout() -> UICollectionViewLayout {
            let card = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(0.5), heightDimension: .estimated(120)))
            card.contentInsets = NSDirectionalEdgeInsets(top: 6, leading: 4, bottom: 6, trailing: 4)
            let row = NSCollectionLayoutGroup.horizontal(
                layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(120)), subitems: [card])
            return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: row))
        }
        """

    @Test("estimated-content-insets gets a safe Swift fix; applied, the finding is gone and the widths stay")
    func insetsMoveToEdgeSpacing() throws {
        let before = SwiftFrontEnd.lint([("Cards.swift", Array(Self.source.utf8))])[0]
        let d = try #require(before.diagnostics.first { $0.rule == "estimated-content-insets" })
        let fix = try #require(d.fix)
        #expect(fix.isSafe)
        let (text, applied) = SwiftFrontEnd.applySafeFixes(before)
        #expect(applied == 1)
        let fixed = String(decoding: text, as: UTF8.self)
        #expect(fixed.contains("    card.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 4, bottom: 0, trailing: 4)\n    card.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: nil, top: .fixed(6), trailing: nil, bottom: .fixed(6))\n"), "\(fixed)")
        // The comment with CJK and emoji above is untouched.
        #expect(fixed.contains("// カード 🃏: the insets"))
        let after = SwiftFrontEnd.lint([("Cards.swift", text)])[0]
        #expect(!after.diagnostics.contains { $0.rule == "estimated-content-insets" }, "\(after.diagnostics.map(\.message))")
        // The item keeps its width and its content width (the leading and trailing insets stay).
        func items(_ r: SwiftFileResult) -> [String] {
            var out: [String] = []
            r.layouts[0].result.layouts[0].sections[0].group?.walk { n in
                if n.kind == .item { out.append("\(n.frame.width) \(n.contentFrame.width)") }
            }
            return out
        }
        #expect(items(before) == items(after))
    }

    @Test("no fix where the insets are not a plain assignment of numbers, or the item has edgeSpacing already")
    func noFixWhereUnsure() throws {
        let viaHelper = Self.source.replacingOccurrences(of: "NSDirectionalEdgeInsets(top: 6, leading: 4, bottom: 6, trailing: 4)", with: "insets()")
            + "\nfunc insets() -> NSDirectionalEdgeInsets { NSDirectionalEdgeInsets(top: 6, leading: 4, bottom: 6, trailing: 4) }\n"
        let r1 = SwiftFrontEnd.lint([("A.swift", Array(viaHelper.utf8))])[0]
        #expect(r1.diagnostics.contains { $0.rule == "estimated-content-insets" && $0.fix == nil })
        let withEdge = Self.source.replacingOccurrences(of: "    let row =", with: "    card.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: .fixed(1), top: nil, trailing: nil, bottom: nil)\n    let row =")
        let r2 = SwiftFrontEnd.lint([("B.swift", Array(withEdge.utf8))])[0]
        #expect(r2.diagnostics.contains { $0.rule == "estimated-content-insets" && $0.fix == nil })
    }

    @Test("suppression comments in Swift, in both spellings, silence the rule on the next line")
    func suppressions() {
        for directive in ["// layoutlint-disable-next-line estimated-content-insets", "// layoutlint:disable-next-line estimated-content-insets"] {
            let text = Self.source.replacingOccurrences(of: "    card.contentInsets =", with: "    \(directive)\n    card.contentInsets =")
            let r = SwiftFrontEnd.lint([("C.swift", Array(text.utf8))])[0]
            #expect(!r.diagnostics.contains { $0.rule == "estimated-content-insets" }, "\(directive): \(r.diagnostics.map(\.rule))")
            #expect(!r.diagnostics.contains { $0.rule == "unused-suppression" })
        }
        let unused = Self.source.replacingOccurrences(of: "    let row =", with: "    // layoutlint-disable-next-line group-overflow\n    let row =")
        let r = SwiftFrontEnd.lint([("D.swift", Array(unused.utf8))])[0]
        #expect(r.diagnostics.contains { $0.rule == "unused-suppression" })
    }
}
