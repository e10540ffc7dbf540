// The `fractional-estimate` rule.

enum FractionalEstimateRule: Rule {
    static let info = RuleInfo(
        rule: .fractionalEstimate, severity: .warning,
        summary:
            "An estimate below 1 pt (estimated(0.5)): estimates are points, so this reads as a fraction of the container written in the wrong dimension.",
        explanation:
            "estimated(N) and uniformAcrossSiblings(estimate: N) take points: UIKit lays the element out at N points and then asks its content for its size. An estimate below one point is no size a view starts from; a fraction of the container is fractionalWidth(F) or fractionalHeight(F). An estimate of 1 pt or more is taken as meant.",
        examples: [
            .spec(
                #"{ "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": ↓"estimated(0.5)" } ] }"#,
                .group),
            .spec(
                #"{ "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(44)" } ] }"#,
                .group),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: ↓.estimated(1.0 / 3.0)))
                let group = NSCollectionLayoutGroup.vertical(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)))
                let group = NSCollectionLayoutGroup.vertical(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
        ],
        weakEvidence: false,
        basis: "docs/semantics.md#estimated-sizes, UIKit's NSCollectionLayoutDimension.estimated(_:)")
}
