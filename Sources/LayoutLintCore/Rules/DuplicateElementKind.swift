// The `duplicate-element-kind` rule.

enum DuplicateElementKindRule: SizeRule {
    static let info = RuleInfo(
        rule: .duplicateElementKind, severity: .error,
        summary: "Two supplementaries of a section share an elementKind: UIKit throws.",
        explanation:
            "UIKit raises \"Every supplementary must have a unique elementKind: duplicates detected\" when boundary, group or item supplementaries of one section repeat a kind.",
        examples: [
            .spec(
                #"""
                {
                  "boundarySupplementaryItems": [
                    { "elementKind": "header", "width": "fractionalWidth(1)", "height": "absolute(44)" },
                    { "elementKind": ↓"header", "width": "fractionalWidth(1)", "height": "absolute(44)", "alignment": "bottom" }
                  ],
                  "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }
                }
                """#),
            .spec(
                #"""
                {
                  "boundarySupplementaryItems": [
                    { "elementKind": "header", "width": "fractionalWidth(1)", "height": "absolute(44)" },
                    { "elementKind": "footer", "width": "fractionalWidth(1)", "height": "absolute(44)", "alignment": "bottom" }
                  ],
                  "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }
                }
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44))
                let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size, elementKind: "header", alignment: .top)
                let footer = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size, elementKind: ↓"header", alignment: .bottom)
                let section = NSCollectionLayoutSection(group: group)
                section.boundarySupplementaryItems = [header, footer]
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44))
                let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size, elementKind: "header", alignment: .top)
                let footer = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size, elementKind: "footer", alignment: .bottom)
                let section = NSCollectionLayoutSection(group: group)
                section.boundarySupplementaryItems = [header, footer]
                """#),
        ],
        weakEvidence: false,
        basis: "the iOS 26.1 decompile of NSCollectionLayoutSection (docs/semantics.md#boundary-items)")

    static func check(_ ctx: inout RuleContext) {
        let judged: [(SectionSpec, [LayoutElement])] =
            ctx.sections.map { _, spec, root in
                // Each element once (a repeated item is placed many times), in layout order.
                var seenElements = Set<ObjectIdentifier>()
                var elements: [LayoutElement] = []
                root.walk {
                    if let e = $0.element, !e.supplementaryItems.isEmpty,
                        seenElements.insert(ObjectIdentifier(e)).inserted
                    {
                        elements.append(e)
                    }
                }
                return (spec, elements)
            }
            + ctx.partialSections.map { p in
                (p.spec, p.elements.map(\.element).filter { !$0.supplementaryItems.isEmpty })
            }
        for (spec, elements) in judged {
            // By code points, as NSString's isEqual compares (no normalisation): an "é" precomposed and one decomposed
            // are two kinds to UIKit, which Swift's `==` would take for one.
            var seen: [ExactKey: ByteRange] = [:]
            func visit(_ kind: String?, _ site: PropertySite?, _ range: ByteRange, _ ctx: inout RuleContext) {
                guard let kind else { return }
                let r = site?.valueRange ?? range
                if let first = seen[ExactKey(kind)], first != r {
                    ctx.emit(
                        .duplicateElementKind, r,
                        "elementKind \"\(kind)\" is used twice in this section: UIKit throws \"Every supplementary must have a unique elementKind\"",
                        related: [RelatedLocation(range: first, message: "first used here")])
                } else {
                    seen[ExactKey(kind)] = r
                }
            }
            for b in spec.boundarySupplementaryItems { visit(b.elementKind, b.props["elementKind"], b.range, &ctx) }
            for e in elements {
                for s in e.supplementaryItems { visit(s.elementKind, s.props["elementKind"], s.range, &ctx) }
            }
        }
    }
}
