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
        let d = try #require(before.diagnostics.first { $0.ruleID == .estimatedContentInsets })
        let fix = try #require(d.fix)
        #expect(fix.isSafe)
        let (text, applied) = SwiftFrontEnd.applySafeFixes(before)
        #expect(applied == 1)
        let fixed = String(decoding: text, as: UTF8.self)
        #expect(
            fixed.contains(
                "    card.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 4, bottom: 0, trailing: 4)\n    card.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: nil, top: .fixed(6), trailing: nil, bottom: .fixed(6))\n"
            ), "\(fixed)")
        // The comment with CJK and emoji above is untouched.
        #expect(fixed.contains("// カード 🃏: the insets"))
        let after = SwiftFrontEnd.lint([("Cards.swift", text)])[0]
        #expect(
            !after.diagnostics.contains { $0.ruleID == .estimatedContentInsets }, "\(after.diagnostics.map(\.message))")
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
        let viaHelper =
            Self.source.replacingOccurrences(
                of: "NSDirectionalEdgeInsets(top: 6, leading: 4, bottom: 6, trailing: 4)", with: "insets()")
            + "\nfunc insets() -> NSDirectionalEdgeInsets { NSDirectionalEdgeInsets(top: 6, leading: 4, bottom: 6, trailing: 4) }\n"
        let r1 = SwiftFrontEnd.lint([("A.swift", Array(viaHelper.utf8))])[0]
        #expect(r1.diagnostics.contains { $0.ruleID == .estimatedContentInsets && $0.fix == nil })
        let withEdge = Self.source.replacingOccurrences(
            of: "    let row =",
            with:
                "    card.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: .fixed(1), top: nil, trailing: nil, bottom: nil)\n    let row ="
        )
        let r2 = SwiftFrontEnd.lint([("B.swift", Array(withEdge.utf8))])[0]
        #expect(r2.diagnostics.contains { $0.ruleID == .estimatedContentInsets && $0.fix == nil })
    }

    @Test("suppression comments in Swift, in both spellings, silence the rule on the next line")
    func suppressions() {
        for directive in [
            "// layoutlint-disable-next-line estimated-content-insets",
            "// layoutlint:disable-next-line estimated-content-insets",
        ] {
            let text = Self.source.replacingOccurrences(
                of: "    card.contentInsets =", with: "    \(directive)\n    card.contentInsets =")
            let r = SwiftFrontEnd.lint([("C.swift", Array(text.utf8))])[0]
            #expect(
                !r.diagnostics.contains { $0.ruleID == .estimatedContentInsets },
                "\(directive): \(r.diagnostics.map(\.rule))")
            #expect(!r.diagnostics.contains { $0.ruleID == .unusedSuppression })
        }
        let unused = Self.source.replacingOccurrences(
            of: "    let row =", with: "    // layoutlint-disable-next-line group-overflow\n    let row =")
        let r = SwiftFrontEnd.lint([("D.swift", Array(unused.utf8))])[0]
        #expect(r.diagnostics.contains { $0.ruleID == .unusedSuppression })
    }

    /// `text` with a fix's edits applied.
    static func applying(_ fix: Fix, to text: [UInt8]) -> String {
        var out = text
        for e in fix.edits.sorted(by: { $0.range.start > $1.range.start }) {
            out.replaceSubrange(e.range.start..<e.range.end, with: Array(e.newText.utf8))
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test("paging with spacing: a suggested fix to .groupPaging; applied, the finding is gone; lint --fix leaves it")
    func pagingToGroupPaging() throws {
        let source = """
            import UIKit
            func carousel() -> UICollectionViewLayout {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.8), heightDimension: .absolute(200)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .paging // ページ 📄
                section.interGroupSpacing = 10
                return UICollectionViewCompositionalLayout(section: section)
            }
            """
        let before = SwiftFrontEnd.lint([("Carousel.swift", Array(source.utf8))])[0]
        let d = try #require(before.diagnostics.first { $0.ruleID == .pagingInterGroupSpacing })
        let fix = try #require(d.fix)
        #expect(!fix.isSafe)
        #expect(SwiftFrontEnd.applySafeFixes(before).applied == 0)
        let fixed = Self.applying(fix, to: before.source)
        #expect(fixed.contains("section.orthogonalScrollingBehavior = .groupPaging // ページ 📄\n"), "\(fixed)")
        let after = SwiftFrontEnd.lint([("Carousel.swift", Array(fixed.utf8))])[0]
        #expect(
            !after.diagnostics.contains { $0.ruleID == .pagingInterGroupSpacing }, "\(after.diagnostics.map(\.message))"
        )
    }

    /// A carousel paging centred by the group, with 10 pt between its groups.
    static let featured = """
        import UIKit
        func featured() -> UICollectionViewLayout {
            let card = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.85), heightDimension: .absolute(220)), subitems: [card])
            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .groupPagingCentered
            section.interGroupSpacing = 10
            return UICollectionViewCompositionalLayout(section: section)
        }
        """

    @Test("centered paging with spacing: the spacing becomes half on each item's sides; applied, the finding is gone")
    func centeredPagingSpacingToInsets() throws {
        let source = Self.featured
        let before = SwiftFrontEnd.lint([("Featured.swift", Array(source.utf8))])[0]
        let d = try #require(before.diagnostics.first { $0.ruleID == .centeredPagingInterGroupSpacing })
        let fix = try #require(d.fix)
        #expect(!fix.isSafe)
        let fixed = Self.applying(fix, to: before.source)
        #expect(!fixed.contains("interGroupSpacing"), "\(fixed)")
        #expect(
            fixed.contains(
                "heightDimension: .fractionalHeight(1)))\n    card.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 5, bottom: 0, trailing: 5)\n"
            ), "\(fixed)")
        let after = SwiftFrontEnd.lint([("Featured.swift", Array(fixed.utf8))])[0]
        #expect(
            !after.diagnostics.contains { $0.ruleID == .centeredPagingInterGroupSpacing },
            "\(after.diagnostics.map(\.message))")
        // With insets already there, they grow by 5 on each side.
        let withInsets = source.replacingOccurrences(
            of: "    let group =",
            with:
                "    card.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 4, bottom: 2, trailing: 4)\n    let group ="
        )
        let r = SwiftFrontEnd.lint([("Featured.swift", Array(withInsets.utf8))])[0]
        let fix2 = try #require(r.diagnostics.first { $0.ruleID == .centeredPagingInterGroupSpacing }?.fix)
        #expect(
            Self.applying(fix2, to: r.source).contains(
                "card.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 9, bottom: 2, trailing: 9)"))
    }

    /// The card's insets written one argument a line, with a comment among them.
    static let multiline = Self.source.replacingOccurrences(
        of: "NSDirectionalEdgeInsets(top: 6, leading: 4, bottom: 6, trailing: 4)",
        with: """
            NSDirectionalEdgeInsets(
                    top: 6,
                    leading: 4, // the gutter 🧱
                    bottom: 6,
                    trailing: 4
                )
            """)

    @Test("the fix changes only the two numbers: arguments on their own lines and comments among them are kept")
    func fixKeepsTheCallAsWritten() throws {
        let before = SwiftFrontEnd.lint([("Cards.swift", Array(Self.multiline.utf8))])[0]
        let (text, applied) = SwiftFrontEnd.applySafeFixes(before)
        #expect(applied == 1, "\(before.diagnostics.map(\.message))")
        let fixed = String(decoding: text, as: UTF8.self)
        let expected = Self.multiline.replacingOccurrences(of: "top: 6,", with: "top: 0,").replacingOccurrences(
            of: "bottom: 6,", with: "bottom: 0,"
        )
        .replacingOccurrences(
            of: "        trailing: 4\n    )\n",
            with:
                "        trailing: 4\n    )\n    card.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: nil, top: .fixed(6), trailing: nil, bottom: .fixed(6))\n"
        )
        #expect(fixed == expected, "\(fixed)")
        #expect(
            !SwiftFrontEnd.lint([("Cards.swift", text)])[0].diagnostics.contains {
                $0.ruleID == .estimatedContentInsets
            })
    }

    @Test("in a file of CRLF lines, the line the fix adds ends in CRLF too")
    func fixKeepsLineEndings() throws {
        let crlf = Self.multiline.replacingOccurrences(of: "\n", with: "\r\n")
        let before = SwiftFrontEnd.lint([("Cards.swift", Array(crlf.utf8))])[0]
        let (text, applied) = SwiftFrontEnd.applySafeFixes(before)
        #expect(applied == 1)
        let lf = text.enumerated().filter { $0.element == 0x0A }.map(\.offset)
        #expect(lf.allSatisfy { $0 > 0 && text[$0 - 1] == 0x0D }, "a line ends in a bare LF")
        #expect(
            String(decoding: text, as: UTF8.self).contains(
                "    )\r\n    card.edgeSpacing = NSCollectionLayoutEdgeSpacing("))
    }

    @Test("a fix withheld says why in the finding")
    func withheldFixSaysWhy() throws {
        let named = Self.source.replacingOccurrences(
            of: "top: 6, leading: 4, bottom: 6, trailing: 4", with: "top: pad, leading: 4, bottom: pad, trailing: 4"
        )
        .replacingOccurrences(of: "func cardsLayout()", with: "let pad: CGFloat = 6\nfunc cardsLayout()")
        let r1 = SwiftFrontEnd.lint([("A.swift", Array(named.utf8))])[0]
        let d1 = try #require(r1.diagnostics.first { $0.ruleID == .estimatedContentInsets })
        #expect(
            d1.fix == nil
                && d1.message.hasSuffix(
                    "; no automatic fix: the insets are not NSDirectionalEdgeInsets(top:leading:bottom:trailing:) of four numbers"
                ), "\(d1.message)")
        let withEdge = Self.source.replacingOccurrences(
            of: "    let row =",
            with:
                "    card.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: .fixed(1), top: nil, trailing: nil, bottom: nil)\n    let row ="
        )
        let d2 = try #require(
            SwiftFrontEnd.lint([("B.swift", Array(withEdge.utf8))])[0].diagnostics.first {
                $0.ruleID == .estimatedContentInsets
            })
        #expect(
            d2.fix == nil && d2.message.hasSuffix("; no automatic fix: card already sets its edgeSpacing"),
            "\(d2.message)")
    }

    @Test("the centered-paging fix changes the item's two numbers where they are written")
    func centeredPagingKeepsTheCall() throws {
        let source = Self.featured.replacingOccurrences(
            of: "    let group =",
            with: """
                    card.contentInsets = .init(top: 2, // 上
                                               leading: 4, bottom: 2, trailing: 4)
                    let group =
                """)
        let r = SwiftFrontEnd.lint([("Featured.swift", Array(source.utf8))])[0]
        let fix = try #require(r.diagnostics.first { $0.ruleID == .centeredPagingInterGroupSpacing }?.fix)
        let fixed = Self.applying(fix, to: r.source)
        #expect(
            fixed.contains(
                "card.contentInsets = .init(top: 2, // 上\n                               leading: 9, bottom: 2, trailing: 9)\n"
            ), "\(fixed)")
    }
}
