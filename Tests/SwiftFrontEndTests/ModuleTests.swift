// The module as the compiler sees it: a layout reads constants, a type's members and enums declared in files that
// never name the API (found by a byte scan, parsed only then), and not a same-named declaration Swift's lookup would
// not find there. Local code around a construction no caller reaches is read as far as it goes.

import LayoutLintCore
import LayoutLintSwift
import Testing

@Suite("Swift front end: the files of the module that never name the API")
struct ModuleInclusionTests {
    static let layout: (path: String, bytes: [UInt8]) = (
        "FeedViewController.swift",
        Array(
            """
            import UIKit
            final class FeedViewController: UIViewController {
                func makeLayout() -> UICollectionViewLayout {
                    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(.rowHeight)))
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .estimated(Metrics.cardFraction), heightDimension: .absolute(.rowHeight)), subitems: [item])
                    let section = NSCollectionLayoutSection(group: group)
                    section.interGroupSpacing = spacing
                    return UICollectionViewCompositionalLayout(section: section)
                }
            }
            """.utf8)
    )
    /// What the layout needs, in three files that do not name the API: an enum of constants, an extension of
    /// CGFloat, an extension of the view controller.
    static let metrics: (path: String, bytes: [UInt8]) = (
        "Metrics.swift",
        Array(
            """
            import CoreGraphics
            // let cardFraction = 99 (a comment)
            enum Metrics {
                static let cardFraction: CGFloat = 0.5
            }
            """.utf8)
    )
    static let cgFloat: (path: String, bytes: [UInt8]) = (
        "CGFloat+Sizes.swift",
        Array(
            """
            import CoreGraphics
            extension CGFloat {
                static let rowHeight: CGFloat = 44
            }
            """.utf8)
    )
    static let controllerExtension: (path: String, bytes: [UInt8]) = (
        "FeedViewController+Spacing.swift",
        Array(
            """
            import UIKit
            extension FeedViewController {
                var spacing: CGFloat { 12 }
            }
            """.utf8)
    )

    func rules(_ r: SwiftFileResult) -> [RuleID] { r.diagnostics.compactMap { RuleID(rawValue: $0.rule) } }

    @Test(
        "linted alone, the layout names what it could not read; with the module's other files, it is checked with their values"
    )
    func constantsFromOtherFiles() {
        let alone = SwiftFrontEnd.lint([Self.layout])[0]
        #expect(rules(alone).contains(.swiftUnresolved))
        #expect(alone.coverage.partly == 1 && alone.coverage.notChecked == 0)

        let all = SwiftFrontEnd.lint([Self.layout, Self.metrics, Self.cgFloat, Self.controllerExtension])
        let r = all[0]
        #expect(!rules(r).contains(.swiftUnresolved), "\(r.diagnostics.map(\.message))")
        #expect(r.coverage.checked == 1)
        // Metrics.cardFraction is 0.5: an estimate of half a point, the value of the other file.
        #expect(rules(r).contains(.fractionalEstimate))
        let section = r.layouts.first?.result.layouts.first?.sections.first
        #expect(section?.frame.height == 44)
        // The files read for their declarations have no findings of their own.
        #expect(all[1...].allSatisfy { $0.diagnostics.isEmpty && $0.layouts.isEmpty })
    }

    @Test("the order of the files does not change the findings")
    func orderOfFiles() {
        let forward = SwiftFrontEnd.lint([Self.layout, Self.metrics, Self.cgFloat, Self.controllerExtension])[0]
        let backward = SwiftFrontEnd.lint([Self.controllerExtension, Self.cgFloat, Self.metrics, Self.layout])[3]
        #expect(
            forward.diagnostics.map { "\($0.rule) \($0.range.start)" }
                == backward.diagnostics.map { "\($0.rule) \($0.range.start)" })
    }

    @Test(
        "a same-named declaration where Swift's lookup would not find it is not used: another type's member, a local, a comment, a string"
    )
    func declarationsLookupWouldNotFind() {
        let decoy: (path: String, bytes: [UInt8]) = (
            "Decoy.swift",
            Array(
                """
                struct OtherScreen {
                    static let cardFraction: CGFloat = 99
                    var spacing: CGFloat { 300 }
                    func build() { let rowHeight: CGFloat = 7 }
                }
                let text = "static let rowHeight = 1"
                /* enum Metrics { static let cardFraction = 2 } */
                """.utf8)
        )
        let r = SwiftFrontEnd.lint([Self.layout, decoy])[0]
        #expect(rules(r).contains(.swiftUnresolved))
        #expect(!rules(r).contains(.fractionalEstimate))
        #expect(r.coverage.checked == 0)
    }
}

@Suite("Swift front end: code around a construction")
struct ConstructionScopeTests {
    @Test("a local function declared after its use is called")
    func localFunctionAfterUse() {
        let r = SwiftFrontEnd.lint([
            (
                "Detail.swift",
                Array(
                    """
                    import UIKit
                    final class DetailViewController: UIViewController {
                        func makeLayout() -> UICollectionViewLayout {
                            return UICollectionViewCompositionalLayout { index, environment in
                                let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(60)), subitems: [makeItem()])
                                return NSCollectionLayoutSection(group: group)
                            }
                            func makeItem() -> NSCollectionLayoutItem {
                                NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(500), heightDimension: .absolute(60)))
                            }
                        }
                    }
                    """.utf8)
            )
        ])[0]
        #expect(
            !r.diagnostics.contains { $0.rule == RuleID.swiftUnresolved.rawValue }, "\(r.diagnostics.map(\.message))")
        #expect(r.coverage.total == 1 && r.coverage.notChecked == 0)
    }

    @Test("a construction in a closure nobody calls sees the declarations before it; an `if let` of app state is named")
    func constructionInUncalledClosure() {
        let view = { (condition: String) in
            SwiftFrontEnd.lint([
                (
                    "Shelf.swift",
                    Array(
                        """
                        import UIKit
                        import SwiftUI
                        struct Shelf: View {
                            var pageSize: Int?
                            var body: some View {
                                Group {
                                    \(condition) {
                                        let height: CGFloat = 120
                                        CollectionView(layout: UICollectionViewCompositionalLayout { _, _ in
                                            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)))
                                            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)), subitems: [item])
                                            return NSCollectionLayoutSection(group: group)
                                        })
                                    }
                                }
                            }
                        }
                        """.utf8)
                )
            ])[0]
        }
        let known = view("if true")
        #expect(
            known.layouts.first?.result.layouts.first?.sections.first?.frame.height == 120,
            "\(known.diagnostics.map(\.message))")
        let optional = view("if let pageSize")
        #expect(
            optional.layouts.first?.result.layouts.first?.sections.first?.frame.height == 120,
            "\(optional.diagnostics.map(\.message))")
    }
}

@Suite("Swift front end: a call names its type as Swift looks it up")
struct QualifiedCallTests {
    @Test("T.f() of a type no file declares is not the same-named f of the type whose code runs (no false recursion)")
    func otherTypesFunction() {
        let r = SwiftFrontEnd.lint([
            (
                "Home.swift",
                Array(
                    """
                    import UIKit
                    final class HomeLayoutProvider {
                        private func createTopSitesSectionLayout() -> NSCollectionLayoutSection {
                            let section = TopSitesSectionLayoutProvider.createTopSitesSectionLayout(columns: 4)
                            return section
                        }
                        func makeLayout() -> UICollectionViewLayout {
                            UICollectionViewCompositionalLayout(section: createTopSitesSectionLayout())
                        }
                    }
                    """.utf8)
            )
        ])[0]
        #expect(!r.diagnostics.contains { $0.rule == RuleID.swiftLimit.rawValue }, "\(r.diagnostics.map(\.message))")
        #expect(
            r.diagnostics.contains {
                $0.rule == RuleID.swiftUnresolved.rawValue
                    && $0.message.contains("TopSitesSectionLayoutProvider.createTopSitesSectionLayout(…)")
            }, "\(r.diagnostics.map(\.message))")
    }
}

/// A name is looked up as Swift looks it up: a member of the type whose code runs, of what it inherits from or
/// conforms to, else a global; never a same-named member of an unrelated type that happens to come first.
@Suite("Swift front end: name lookup through the type's own chain")
struct OwnerLookupTests {
    /// The lint of a class whose `makeLayout` sets interGroupSpacing to `spacing`, with `decls` before the class.
    static func lint(_ decls: String, classHeader: String, spacing: String) -> SwiftFileResult {
        SwiftFrontEnd.lint([
            (
                "Layout.swift",
                Array(
                    """
                    import UIKit
                    \(decls)
                    \(classHeader) {
                        func makeLayout() -> UICollectionViewLayout {
                            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
                            let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                            let section = NSCollectionLayoutSection(group: group)
                            section.interGroupSpacing = \(spacing)
                            return UICollectionViewCompositionalLayout(section: section)
                        }
                    }
                    """.utf8)
            )
        ])[0]
    }

    /// The first section's interGroupSpacing of that layout.
    static func spacing(_ decls: String, classHeader: String, spacing: String) throws -> Double? {
        lint(decls, classHeader: classHeader, spacing: spacing).layouts.first { $0.name == "makeLayout" }?
            .documents.first?.sections.first?.base.interGroupSpacing
    }

    static let unrelated = "final class Unrelated { let gap: CGFloat = 99 }"

    @Test("a property inherited from a superclass of the module, not an unrelated class's")
    func superclass() throws {
        let v = try Self.spacing(
            Self.unrelated + "\nclass BaseViewController: UIViewController { let gap: CGFloat = 12 }",
            classHeader: "final class FeedViewController: BaseViewController", spacing: "gap")
        #expect(v == 12)
    }

    @Test("a property of a protocol extension the type conforms to")
    func protocolExtension() throws {
        let v = try Self.spacing(
            Self.unrelated + "\nprotocol Spaced {}\nextension Spaced { var gap: CGFloat { 6 } }",
            classHeader: "final class FeedViewController: UIViewController, Spaced", spacing: "gap")
        #expect(v == 6)
    }

    @Test("a conformance added by an extension counts")
    func conformanceInExtension() throws {
        let v = try Self.spacing(
            Self.unrelated
                + "\nprotocol Spaced {}\nextension Spaced { var gap: CGFloat { 6 } }\nextension FeedViewController: Spaced {}",
            classHeader: "final class FeedViewController: UIViewController", spacing: "gap")
        #expect(v == 6)
    }

    @Test("an unrelated class's property is not read: the value is unknown, assumed as UIKit's default, and said so")
    func unrelatedIsNotRead() throws {
        // `gap` is in an extension of Theme in a file not in the run.
        let r = Self.lint(
            Self.unrelated + "\nenum Theme { static let inset: CGFloat = 1 }",
            classHeader: "final class FeedViewController: UIViewController", spacing: "Theme.gap")
        let read = r.layouts.first?.documents.first?.sections.first?.base.interGroupSpacing
        #expect(read != 99, "Theme.gap was read as Unrelated.gap")
        #expect(
            r.diagnostics.contains {
                $0.ruleID == .swiftAssumption && $0.message.contains("Theme.gap depends on a value not declared")
            },
            "\(r.diagnostics.map(\.message))")
    }

    @Test("a layout built in a local function of an initializer reads the initializer's type's members")
    func localFunctionInInit() throws {
        let r = SwiftFrontEnd.lint([
            (
                "Handler.swift",
                Array(
                    """
                    import UIKit
                    \(Self.unrelated)
                    final class ItemHandler: NSObject {
                        private let gap: CGFloat = 60
                        private unowned let collectionView: UICollectionView
                        init(collectionView: UICollectionView) {
                            self.collectionView = collectionView
                            super.init()
                            setup()
                            func setup() {
                                collectionView.collectionViewLayout = makeLayout()
                            }
                            func makeLayout() -> UICollectionViewLayout {
                                UICollectionViewCompositionalLayout { [weak self] index, environment in
                                    guard let self else { return nil }
                                    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
                                    let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                                    let section = NSCollectionLayoutSection(group: group)
                                    section.interGroupSpacing = gap
                                    return section
                                }
                            }
                        }
                    }
                    """.utf8)
            )
        ])[0]
        let v = r.layouts.first?.documents.first?.sections.first?.base.interGroupSpacing
        #expect(v == 60, "\(String(describing: v)); \(r.diagnostics.map(\.message))")
    }
}
