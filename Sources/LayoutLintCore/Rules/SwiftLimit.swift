// The `swift-limit` rule.

enum SwiftLimitRule: Rule {
    static let info = RuleInfo(
        rule: .swiftLimit, severity: .warning,
        summary:
            "Reading a Swift layout stopped at a bound: steps, call depth, loop iterations, expression depth, the file's size or bracket nesting.",
        explanation:
            "The evaluator is bounded so that no input can make it hang: a loop that does not end, helpers that call each other forever, a generated file of megabytes. What lies past the bound is not checked.",
        examples: [
            .swift(
                #"""
                import UIKit

                func width() -> CGFloat { ↓width() }

                func makeLayout() -> UICollectionViewCompositionalLayout {
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .absolute(width()), heightDimension: .fractionalHeight(1)))
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
                }
                """#, .document),
            .swift(
                #"""
                import UIKit

                func width() -> CGFloat { 120 }

                func makeLayout() -> UICollectionViewCompositionalLayout {
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .absolute(width()), heightDimension: .fractionalHeight(1)))
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
                }
                """#, .document),
        ],
        weakEvidence: false, basis: "ROBUSTNESS.md#limits")
}
