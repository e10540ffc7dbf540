// The `unused-suppression` rule.

enum UnusedSuppressionRule: Rule {
    static let info = RuleInfo(
        rule: .unusedSuppression, severity: .warning,
        summary: "A layoutlint-disable comment (or a rule named in one) that silences nothing.",
        explanation:
            "A suppression that no longer silences a finding hides nothing today but would hide a real finding tomorrow. A rule id that is not a rule is reported here too, with the closest id. A run narrowed to some environments (`--environment`) reports only the latter: a rule that does not fire there may fire in another environment.",
        examples: [
            .spec(
                #"""
                {
                  // layoutlint-disable-next-line ↓group-overflow
                  "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }
                }
                """#),
            .spec(
                #"""
                {
                  "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }
                }
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                // layoutlint-disable-next-line ↓group-overflow
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
        ],
        weakEvidence: false, basis: "docs/format.md")
}
