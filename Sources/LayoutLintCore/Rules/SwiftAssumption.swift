// The `swift-assumption` rule.

enum SwiftAssumptionRule: Rule {
    static let info = RuleInfo(
        rule: .swiftAssumption, severity: .information,
        summary:
            "A Swift layout that layoutlint read under an assumption: a condition on app state taken as true, a stored var read at its initial value, or an API the spec approximates.",
        explanation:
            "Where the layout branches on something only the running app knows, layoutlint reads the first branch (the `if`, the first `case`) and says so here, so that no number it shows is a silent guess. A `var` property is read at the value the source gives it.",
        examples: [
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                if ↓UserDefaults.standard.bool(forKey: "compact") {
                    section.interGroupSpacing = 4
                }
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                // layoutlint-disable-next-line swift-assumption -- the compact layout is the one to check
                if UserDefaults.standard.bool(forKey: "compact") {
                    section.interGroupSpacing = 4
                }
                """#),
        ],
        weakEvidence: false, basis: "docs/swift.md#assumptions")
}
