// The `swift-unresolved` rule.

enum SwiftUnresolvedRule: Rule {
    static let info = RuleInfo(
        rule: .swiftUnresolved, severity: .information,
        summary:
            "A Swift layout layoutlint cannot read to the end: a value it needs depends on app state, or on Swift or API it does not evaluate.",
        explanation:
            "The Swift front end evaluates the code that builds a layout (locals, helpers, constants, branches, loops, the layout environment). A value that only the running app knows (data, flags, user defaults, a parameter no caller in the files read passes) is never guessed: the layout, or the section, is left unchecked and this note names the expression. Declare the value in the files read (a constant, a default argument), or lint a spec document of the layout.",
        examples: [
            .swift(
                #"""
                let columns = ↓UserDefaults.standard.integer(forKey: "columns")
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1 / CGFloat(columns)), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .swift(
                #"""
                let columns = 3
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1 / CGFloat(columns)), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
        ],
        weakEvidence: false, basis: "docs/swift.md#what-is-read")
}
