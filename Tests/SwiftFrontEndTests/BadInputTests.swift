// Swift that does not parse, that never ends, that nests without bound, or that is not text: a diagnostic or a
// clear note, never a crash, a hang or a stack overflow (each case runs in well under a second; the bounds are in
// steps, depth and loop iterations, not time).

import Foundation
import LayoutLintCore
import LayoutLintSwift
import Testing

func lintSwift(_ text: String, path: String = "Layout.swift") -> SwiftFileResult {
    SwiftFrontEnd.lint([(path, Array(text.utf8))])[0]
}

func lintSwiftBytes(_ bytes: [UInt8]) -> SwiftFileResult {
    SwiftFrontEnd.lint([("Layout.swift", bytes)])[0]
}

let itemAndGroup = """
    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(44)))
    let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
    """

@Suite("Swift front end: bad input")
struct BadInputTests {
    @Test("half-typed code still yields the layouts that can be read")
    func halfTyped() {
        let r = lintSwift(
            """
            import UIKit
            func makeLayout() -> UICollectionViewLayout {
            \(itemAndGroup)
                let section = NSCollectionLayoutSection(group: group)
                section.interGroupSpacing =
                return UICollectionViewCompositionalLayout(section: section)
            }
            func other() { let x = (1 + }
            """)
        #expect(r.layouts.count == 1)
        #expect(r.layouts.first?.result.layouts.first?.sections.count == 1)
    }

    @Test(
        "a value half typed mid-edit keeps the layout and its other findings",
        arguments: [
            "section.orthogonalScrollingBehavior = .", "item.contentInsets = .", "group.interItemSpacing = .fixed(",
            "item.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: ",
            "section.contentInsets = .init(top: 1, leading: ",
        ])
    func halfTypedValueKeepsFindings(_ typing: String) {
        let source = """
            import UIKit
            func makeLayout() -> UICollectionViewLayout {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(120)))
                item.contentInsets = NSDirectionalEdgeInsets(top: 6, leading: 12, bottom: 6, trailing: 12) // 余白 📏
                let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(120)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                \(typing)
                section.interGroupSpacing = 8
                return UICollectionViewCompositionalLayout(section: section)
            }
            """
        let r = lintSwift(source)
        #expect(r.layouts.count == 1 && r.unread.isEmpty, "\(r.diagnostics.map(\.message))")
        #expect(r.diagnostics.contains { $0.ruleID == .estimatedContentInsets }, "\(r.diagnostics.map(\.message))")
    }

    @Test("a statement typed where the first case belongs (`xcase 0:`) is no case: it matches no section index")
    func strayStatementBeforeCase() {
        let provider = """
            import UIKit
            func makeLayout() -> UICollectionViewLayout {
                UICollectionViewCompositionalLayout { index, _ in
                    switch index {
                    case 0:
            \(itemAndGroup.split(separator: "\n").map { "            " + $0 }.joined(separator: "\n"))
                        return NSCollectionLayoutSection(group: group)
                    case 1:
            \(itemAndGroup.split(separator: "\n").map { "            " + $0 }.joined(separator: "\n"))
                        let section = NSCollectionLayoutSection(group: group)
                        section.interGroupSpacing = 8 // 二番目 🧩
                        return section
                    default:
                        return nil
                    }
                }
            }
            """
        #expect(lintSwift(provider).layouts.first?.result.layouts.first?.sections.count == 2)
        // The parser makes a case up around `xcase 0:` and the statements after it (there is no case they could
        // belong to): were it to match, every index would have a section, up to the 200 layoutlint reads. Index 0
        // falls to `default`, which gives nil: the layout is not checked, and a note says so at the layout.
        let r = lintSwift(provider.replacingOccurrences(of: "case 0:", with: "xcase 0:"))
        #expect(r.diagnostics.allSatisfy { $0.ruleID != .swiftLimit }, "\(r.diagnostics.map(\.message))")
        #expect(r.layouts.isEmpty)
        #expect(r.unread.count == 1)
        #expect(
            r.diagnostics.contains { $0.ruleID == .swiftUnresolved && $0.message.contains("gives nil for section 0") })
    }

    @Test("a helper that calls itself forever is a bounded diagnostic, not a stack overflow")
    func endlessRecursion() {
        let r = lintSwift(
            """
            func width(_ n: CGFloat) -> CGFloat { width(n + 1) }
            func makeLayout() -> UICollectionViewLayout {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(width(1)), heightDimension: .absolute(44)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
            }
            """)
        let limit = r.diagnostics.filter { $0.ruleID == .swiftLimit }
        #expect(limit.count == 1, "\(r.diagnostics.map(\.message))")
        #expect(limit.first?.message.contains("deep") == true)
    }

    @Test("helpers that call each other forever end in a diagnostic")
    func mutualRecursion() {
        let r = lintSwift(
            """
            func a() -> CGFloat { b() }
            func b() -> CGFloat { a() }
            func makeLayout() -> UICollectionViewLayout {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(a()), heightDimension: .absolute(44)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
            }
            """)
        #expect(r.diagnostics.contains { $0.ruleID == .swiftLimit })
    }

    @Test(
        "a loop without end stops at the iteration bound",
        arguments: [
            "while true { n += 1 }",
            "repeat { n += 1 } while n > 0",
            "for i in 0..<1_000_000_000 { n += i }",
            "while n >= 0 { n = n + 1 }",
        ])
    func endlessLoops(_ loop: String) {
        let r = lintSwift(
            """
            func makeLayout() -> UICollectionViewLayout {
                var n = 0
                \(loop)
            \(itemAndGroup)
                return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
            }
            """)
        #expect(r.diagnostics.contains { $0.ruleID == .swiftLimit }, "\(r.diagnostics.map(\.message))")
    }

    @Test(
        "nested loops, each under the iteration bound, end at the step bound of 100 000 (a real layout takes about 1 000)"
    )
    func nestedLoopsStopAtTheStepBound() {
        let r = lintSwift(
            """
            func makeLayout() -> UICollectionViewLayout {
                var n = 0
                for i in 0..<9999 { for j in 0..<9999 { n += i * j } }
            \(itemAndGroup)
                return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
            }
            """)
        #expect(
            r.diagnostics.contains {
                $0.ruleID == .swiftLimit && $0.message.contains("evaluation stopped after 100000 steps")
            },
            "\(r.diagnostics.map(\.message))")
    }

    @Test(
        "a loop whose condition only the running app knows (`is`) is stepped over, or ends in a note on it, never in the iteration bound"
    )
    func loopOnARunTimeTypeCheck() {
        let r = lintSwift(
            """
            func makeLayout(from view: UIView) -> UICollectionViewLayout {
                var current: UIView? = view
                while let v = current, !(v is UICollectionView) { current = v.superview }
            \(itemAndGroup)
                return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
            }
            """)
        #expect(!r.diagnostics.contains { $0.ruleID == .swiftLimit }, "\(r.diagnostics.map(\.message))")
        // The loop changes only `current`, which the layout does not read: the layout is read whole.
        #expect(r.coverage.checked == 1, "\(r.diagnostics.map(\.message))")
        // A body that writes to self may change what the layout reads: the read stops there, said.
        let opaque = lintSwift(
            """
            final class Finder {
                var depth = 0
                func makeLayout() -> UICollectionViewLayout {
                    var current: UIView? = UIView()
                    while let v = current, !(v is UICollectionView) { current = v.superview; self.depth += 1 }
                \(itemAndGroup)
                    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
                }
            }
            """)
        #expect(!opaque.diagnostics.contains { $0.ruleID == .swiftLimit }, "\(opaque.diagnostics.map(\.message))")
        #expect(
            opaque.diagnostics.contains {
                $0.ruleID == .swiftUnresolved && $0.message.contains("cannot tell when this loop ends")
                    && $0.message.contains("a type check at run time")
            },
            "\(opaque.diagnostics.map(\.message))")
    }

    @Test(
        "10 000 nested parentheses, closures or arrays end in a diagnostic or a parse error, not a stack overflow",
        arguments: ["(", "{", "["])
    func deepNesting(_ open: String) {
        let close = open == "(" ? ")" : open == "{" ? "}" : "]"
        let deep = String(repeating: open, count: 10_000) + "1" + String(repeating: close, count: 10_000)
        let r = lintSwift(
            """
            func makeLayout() -> UICollectionViewLayout {
                let w: CGFloat = \(deep)
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(w), heightDimension: .absolute(44)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
            }
            """)
        // Read or not, the run ends with every diagnostic in the file; nested brackets are refused up front
        // (swift-syntax's lookahead takes exponential time on them).
        for d in r.diagnostics { #expect(d.range.end <= r.source.count) }
        if open == "[" {
            #expect(r.diagnostics.contains { $0.ruleID == .swiftLimit && $0.message.contains("brackets nest") })
        }
    }

    @Test("brackets nested past the limit are refused at once; real nesting is read")
    func bracketNesting() {
        let deep = String(repeating: "[", count: 20) + "1" + String(repeating: "]", count: 20)
        let r = lintSwift("let x = \(deep)\nlet s = NSCollectionLayoutSection(group: g)\n")
        #expect(r.diagnostics.map(\.ruleID) == [.swiftLimit])
        // In a string or a comment they do not count.
        let quoted = lintSwift("let x = \"\(deep)\" // \(deep)\nlet s = NSCollectionLayoutSection(group: g)\n")
        #expect(!quoted.diagnostics.contains { $0.ruleID == .swiftLimit })
        // After long plain code (skipped sixteen bytes at a time) and a comment full of brackets, the finding is at
        // the thirteenth bracket.
        let pad =
            "let padding = 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 // " + String(repeating: "a [ comment ", count: 20) + "\n"
        let far = lintSwift(pad + "let x = \(deep)\nlet s = NSCollectionLayoutSection(group: g)\n")
        #expect(
            far.diagnostics.first?.range.start == pad.utf8.count + "let x = ".utf8.count
                + SwiftFrontEnd.maxBracketNesting)
    }

    @Test(
        "an invalid UTF-8 byte in the trivia before a comment keeps every comment inside the file (FuzzSwift found it)")
    func invalidByteBeforeComment() {
        var text = Array("import UIKit\nfunc makeLayout() -> UICollectionViewLayout {\n".utf8)
        text += Array(
            "    UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: .horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))])))\n}"
                .utf8)
        text += [0xFB] + Array("// layoutlint:disable-next-line group-overflow\n// a comment after it\n".utf8)
        let r = lintSwiftBytes(text)
        #expect(r.layouts.count == 1)
        for d in r.diagnostics { #expect(d.range.end <= text.count) }
        // The fuzzer's input itself (a corpus case with one byte changed).
        let crash =
            (try? Data(
                contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                    .appendingPathComponent("Inputs/invalid-byte-before-comment.swift.txt"))).map { [UInt8]($0) } ?? []
        #expect(!crash.isEmpty)
        let c = lintSwiftBytes(crash)
        for d in c.diagnostics { #expect(d.range.end <= crash.count) }
    }

    @Test("a binary file is one clear error; invalid UTF-8 in a comment or a string keeps every position exact")
    func binaryAndInvalidUTF8() {
        var bin: [UInt8] = Array("import UIKit\n".utf8)
        bin += [0, 1, 2, 0xFF, 0xFE]
        let r = lintSwiftBytes(bin)
        #expect(r.diagnostics.count == 1 && r.diagnostics[0].message.contains("binary"))

        var text =
            Array("import UIKit\n// caf\u{E9} ".utf8) + [0xC3, 0x28, 0xFF]
            + Array("\nfunc makeLayout() -> UICollectionViewLayout {\n".utf8)
        text += Array(
            """
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)))
                item.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0)
                let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)), subitems: [item])
                return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
            }
            """.utf8)
        let r2 = lintSwiftBytes(text)
        let d = r2.diagnostics.first { $0.ruleID == .estimatedContentInsets }
        #expect(d != nil, "\(r2.diagnostics.map(\.rule))")
        if let d {
            let shown = String(decoding: text[d.range.start..<d.range.end], as: UTF8.self)
            #expect(shown.hasPrefix("8") || shown.hasPrefix("NSDirectionalEdgeInsets"), "\(shown)")
        }
    }

    @Test("a 10 MB Swift file is refused with one clear warning, before any parse")
    func largeFile() {
        var text = "import UIKit\nlet s = NSCollectionLayoutSection(group: g)\n"
        let line = "func f() -> Int { let a = [1, 2, 3]; return a.count }\n"
        text += String(repeating: line, count: (10 << 20) / line.utf8.count)
        let r = lintSwift(text)
        #expect(r.diagnostics.count == 1)
        #expect(r.diagnostics.first?.ruleID == .swiftLimit && r.diagnostics.first?.message.contains("4 MB") == true)
        // Past the limit but never naming the API: skipped like any other such file.
        let quiet = lintSwift(String(repeating: line, count: (5 << 20) / line.utf8.count))
        #expect(quiet.diagnostics.isEmpty)
    }

    @Test(
        "the API called with wrong labels or types is a note naming the call, not a crash",
        arguments: [
            "NSCollectionLayoutItem(size: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))",
            "NSCollectionLayoutItem(layoutSize: 44)",
            "NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: 44, heightDimension: .absolute(44)))",
            "NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(\"half\"), heightDimension: .absolute(44)))",
        ])
    func wrongAPI(_ itemExpr: String) {
        let r = lintSwift(
            """
            func makeLayout() -> UICollectionViewLayout {
                let item = \(itemExpr)
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
            }
            """)
        let notes = r.diagnostics.filter { $0.ruleID == .swiftUnresolved }
        #expect(notes.count == 1, "\(r.diagnostics.map(\.message))")
        #expect(notes.first?.message.contains("makeLayout") == true)
    }

    @Test("a file that never names the API is skipped before any parse")
    func unrelatedFileIsSkipped() {
        #expect(!mentionsCompositionalLayout(Array("import UIKit\nfinal class A: UIViewController {}\n".utf8)))
        #expect(mentionsCompositionalLayout(Array("let s = NSCollectionLayoutSection(group: g)".utf8)))
        #expect(mentionsCompositionalLayout(Array("IBPUICollectionViewCompositionalLayout".utf8)))
        let r = lintSwift("import UIKit\nfunc f( {{{ ")
        #expect(r.diagnostics.isEmpty && r.layouts.isEmpty)
    }
}
