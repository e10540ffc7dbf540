// The `no-item-fits` rule.

enum NoItemFitsRule: SizeRule {
    static let info = RuleInfo(
        rule: .noItemFits, severity: .error,
        summary: "Not even one subitem fits its group, or insets leave a group or section no room: UIKit throws.",
        explanation:
            "UIKit raises \"This group cannot fit even a single item\" when the first subitem is larger than the group along its axis, and \"There is no room for this NSCollectionLayoutGroup…\" when contentInsets leave a negative effective content size. When an estimated size is involved the finding is a warning: the real size is only known at run time.",
        examples: [
            .spec(
                #"{ "direction": "horizontal", "width": "absolute(300)", "height": "absolute(50)", "subitems": [ { "width": ↓"absolute(320)", "height": "absolute(50)" } ] }"#,
                .group),
            .spec(
                #"{ "direction": "horizontal", "width": "absolute(300)", "height": "absolute(50)", "subitems": [ { "width": "fractionalWidth(1)", "height": "absolute(50)" } ] }"#,
                .group),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: ↓.absolute(320), heightDimension: .absolute(50)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .absolute(300), heightDimension: .absolute(50)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .absolute(300), heightDimension: .absolute(50)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
        ],
        weakEvidence: false,
        basis:
            "UIKit exception texts quoted in LiveContainer#1414 and SideStore#1340 (docs/semantics.md#subitems-repeat)")

    static func check(_ ctx: inout RuleContext) {
        for (section, spec, root) in ctx.sections {
            if section.noRoom {
                let range = spec.contentInsets?.range ?? spec.group?.range ?? section.section.range
                let i = section.contentInsets
                ctx.emit(
                    .noItemFits, range,
                    "the section's contentInsets (top \(formatPoints(i.top)), leading \(formatPoints(i.leading)), bottom \(formatPoints(i.bottom)), trailing \(formatPoints(i.trailing))) leave no room in its \(section.containerWidth.pointsString)×\(section.containerHeight.pointsString) container: UIKit throws \"There is no room for this NSCollectionLayoutGroup…\""
                )
                continue
            }
            root.walk { node in
                guard let el = node.element, el.isGroup, let solve = node.solve else { return }
                if solve.noRoom {
                    let i = node.insets
                    // A warning only when every axis without room is estimated (a definite one throws for certain).
                    let noRoom = [Axis.horizontal, .vertical].filter { node.frame.extent($0) - i.along($0) <= 0 }
                    let estimated = !noRoom.isEmpty && noRoom.allSatisfy { node.isEstimated($0) }
                    ctx.emit(
                        .noItemFits, el.contentInsets?.range ?? el.range,
                        "the group's contentInsets (leading \(formatPoints(i.leading)), trailing \(formatPoints(i.trailing)), top \(formatPoints(i.top)), bottom \(formatPoints(i.bottom))) leave no room in its \(node.frame.sizeDescription) frame: UIKit throws \"There is no room for this NSCollectionLayoutGroup to fit into its parent group or section, or it has no room for any subitems itself\"",
                        severity: estimated ? .warning : nil)
                    return
                }
                if node.children.isEmpty, let d = solve.dropped {
                    let axis = solve.axis
                    // The fit is decided along the group's axis: an estimate is involved when the group's size there is
                    // one, or the subitem's (as the resolver would read it in this group): not for an estimated height
                    // beside a definite width, where UIKit throws for certain.
                    let involved =
                        node.isEstimated(axis)
                        || d.element.dimension(axis)?.isEstimated(
                            estimatedWidth: node.estimatedWidth, estimatedHeight: node.estimatedHeight) == true
                    ctx.emit(
                        .noItemFits, d.element.dimension(axis)?.range ?? d.element.range,
                        "not even one subitem fits: the first needs \(pt(d.needed)) but the group is \(pt(solve.available)) \(axis == .horizontal ? "wide" : "tall"): UIKit throws \"This group cannot fit even a single item\"",
                        related: el.dimension(axis).map {
                            [RelatedLocation(range: $0.range, message: "the group's \(axis.sizeName)")]
                        } ?? [],
                        severity: involved ? .warning : nil)
                }
            }
        }
    }
}
