// The UIKit table (`UIKitAPI`) against the UIKit stub the tests type-check exported Swift with: every property the
// table declares is the stub's, with its type, its settability and its default; every property of the API's
// classes in the stub is in the table. And what the table gives a user: a write it lacks is a note at the write,
// a property it declares is read with UIKit's default.

import Foundation
import LayoutLintCore
@testable import LayoutLintSwift
import Testing

@Suite("The UIKit table")
struct UIKitTableTests {
    /// One `var` of a class or struct of the stub.
    struct StubVar { let type: String; let initializer: String?; let computed: Bool }

    /// The stub's `var`s, by the type that declares them, and each class's superclass.
    static func readStub() throws -> (vars: [String: [String: StubVar]], superclass: [String: String]) {
        let text = try String(
            contentsOf: repoRoot.appendingPathComponent("Tests/SwiftLayouts/Stub/UIKit.swift"), encoding: .utf8)
        var vars: [String: [String: StubVar]] = [:]
        var superclass: [String: String] = [:]
        var owner: String?
        let typeDecl = try Regex(#"^open class (\w+)(?:\s*:\s*(\w+))?"#)
        let varDecl = try Regex(
            #"^    (?:@NSCopying )?(?:open|public) (?:override )?var (\w+): ([^={]+?)\s*(=\s*(.+?)|\{.*)?$"#)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let m = line.wholeMatch(of: typeDecl) ?? line.prefixMatch(of: typeDecl) {
                owner = String(m.output[1].substring!)
                if let s = m.output[2].substring { superclass[owner!] = String(s) }
                continue
            }
            if line == "}" { owner = nil; continue }
            guard let o = owner, let m = line.wholeMatch(of: varDecl) else { continue }
            let rest = m.output[3].substring.map(String.init)
            vars[o, default: [:]][String(m.output[1].substring!)] = StubVar(
                type: String(m.output[2].substring!), initializer: m.output[4].substring.map(String.init),
                computed: rest?.hasPrefix("{") ?? false)
        }
        return (vars, superclass)
    }

    /// How the stub writes the table's default.
    static func spelling(_ d: UIKitProperty.Default) -> String? {
        switch d {
        case .zeroInsets: return ".zero"
        case .number(let x): return x == x.rounded() ? String(Int(x)) : String(x)
        case .integer(let n): return String(n)
        case .member(let m): return "." + m
        case .bool(let b): return String(b)
        case .emptyArray: return "[]"
        case .none, .fromInitializer: return nil
        case .object(let kind): return UIKitAPI.classes(kind).first.map { $0 + "()" }
        }
    }

    @Test("every property of the table is the stub's, with its type, settability and default")
    func tableMatchesStub() throws {
        let (vars, superclass) = try Self.readStub()
        for p in UIKitAPI.properties {
            var owner: String? = p.owner
            var found: (String, StubVar)?
            while let o = owner, found == nil {
                if let v = vars[o]?[p.name] { found = (o, v) }
                owner = superclass[o]
            }
            let (declaredIn, v) = try #require(found, "\(p.owner).\(p.name) is in the table but not in the UIKit stub")
            #expect(v.type == p.type, "\(p.owner).\(p.name): the table says \(p.type), the stub \(v.type)")
            #expect(
                p.settable == !v.computed,
                "\(p.owner).\(p.name): settable \(p.settable) in the table, the stub's is \(v.computed ? "computed" : "stored")"
            )
            guard declaredIn == p.owner else { continue } // a subclass's own default (a boundary item's zIndex 1)
            switch p.defaultValue {
            case _ where !p.settable: #expect(v.computed, "\(p.owner).\(p.name) is read-only in the table")
            case .none:
                #expect(
                    v.initializer == nil && v.type.hasSuffix("?"), "\(p.owner).\(p.name) defaults to nil in the table")
            case .fromInitializer: Issue.record("\(p.owner).\(p.name) is settable but has no default in the table")
            default:
                #expect(
                    v.initializer == Self.spelling(p.defaultValue),
                    "\(p.owner).\(p.name): the stub's default is \(v.initializer ?? "none")")
            }
        }
    }

    @Test("every property of the API's classes in the stub is in the table")
    func stubIsInTable() throws {
        let (vars, _) = try Self.readStub()
        let kinds: [APIObject.Kind] = [
            .item, .group, .section, .layout, .configuration, .boundary, .supplementary, .decoration,
            .scrollingProperties,
        ]
        for kind in kinds {
            guard let cls = UIKitAPI.classes(kind).first else { Issue.record("no class for \(kind)"); continue }
            for name in (vars[cls] ?? [:]).keys.sorted() {
                #expect(
                    UIKitAPI.property(name, of: kind) != nil, "\(cls).\(name) is in the UIKit stub but not in the table"
                )
            }
        }
    }

    static func layout(_ sectionLines: String) -> String {
        """
        import UIKit
        func makeLayout() -> UICollectionViewLayout {
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.8), heightDimension: .absolute(44)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .continuous
        \(sectionLines)
            return UICollectionViewCompositionalLayout(section: section)
        }
        """
    }

    @Test("a write to a property the table lacks is a note at the write; the layout is still checked")
    func unmodelledWriteIsNoted() throws {
        let result = lintSwift(
            Self.layout("    section.futureSpacing = 12 // 間隔 📏\n    section.futureOptions.flag = true"))
        func text(_ d: Diagnostic) -> String {
            String(decoding: result.source[d.range.start..<d.range.end], as: UTF8.self)
        }
        let notes = result.diagnostics.filter { $0.ruleID == .swiftAssumption }
        let direct = try #require(
            notes.first { $0.message.contains("NSCollectionLayoutSection.futureSpacing") },
            "no note for section.futureSpacing: \(notes.map(\.message))")
        #expect(direct.severity == .information)
        #expect(text(direct) == "section.futureSpacing", "the note is at the write, not at \(text(direct))")
        #expect(
            notes.contains { $0.message.contains("section.futureOptions") && text($0) == "section.futureOptions.flag" },
            "no note at the write through section.futureOptions: \(notes.map(\.message))")
        #expect(
            result.layouts.first?.documents.first?.sections.count == 1,
            "the layout is checked without the unmodelled writes")
    }

    @Test("orthogonalScrollingProperties is read from the table: no note, nothing assumed")
    func scrollingPropertiesAreModelled() throws {
        let result = lintSwift(
            Self.layout(
                "    section.orthogonalScrollingProperties.bounce = .never\n    section.orthogonalScrollingProperties.decelerationRate = .fast"
            ))
        #expect(
            !result.diagnostics.contains { $0.ruleID == .swiftAssumption || $0.ruleID == .swiftUnresolved },
            "\(result.diagnostics.map(\.message))")
        #expect(result.layouts.first?.assumptions.isEmpty == true)
    }

    @Test("a property the table declares and the code never set reads as UIKit's default")
    func defaultsComeFromTheTable() throws {
        // A boundary item's zIndex is 1 until set: a spacing of zIndex points is 1 pt.
        let result = lintSwift(
            Self.layout(
                """
                    let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)), elementKind: "h", alignment: .top)
                    section.interGroupSpacing = CGFloat(header.zIndex) * 7
                """))
        let section = try #require(result.layouts.first?.documents.first?.sections.first)
        #expect(
            section.base.interGroupSpacing == 7,
            "interGroupSpacing \(String(describing: section.base.interGroupSpacing))")
    }
}
