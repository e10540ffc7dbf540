// The `negative-content-insets` rule.

enum NegativeContentInsetsRule: SizeRule {
    static let info = RuleInfo(
        rule: .negativeContentInsets, severity: .warning,
        summary:
            "A negative contentInsets edge that moves content past its frame: over the neighbouring item, past the group, or off the collection view.",
        explanation:
            "UIKit applies a negative inset as written: it grows the content instead of insetting it, and nothing clips it. An item's or a group's content then overlaps its neighbour or runs out of its group; a section's content runs into the section before or after it along the scrolling axis, and across it past the collection view's edge, where it is cut off. A section's negative inset that only takes back the margin of its contentInsetsReference (a leading inset of -16 under .layoutMargins) stays inside the view and is not flagged. Write 0 or the positive inset you mean; to reach the view's edge, set contentInsetsReference to .none.",
        examples: [
            .spec(
                #"{ "contentInsets": { "top": 10, "leading": 15, "bottom": 60, "trailing": ↓-10 }, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(200)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
            ),
            .spec(
                #"{ "contentInsets": { "top": 10, "leading": 15, "bottom": 60, "trailing": 10 }, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(200)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
            ),
            .spec(
                #"{ "width": "fractionalWidth(0.5)", "height": "fractionalHeight(1)", "contentInsets": { "leading": ↓-4 } }"#,
                .item),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 15, bottom: 60, trailing: ↓-10)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 15, bottom: 60, trailing: 10)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.contentInsetsReference = .layoutMargins
                section.contentInsets.leading = -16
                """#),
        ],
        weakEvidence: false,
        basis:
            "UIKit applies insets as written (docs/semantics.md#fractional-insets: negative values are points); Sway's AppLayouts.swift (a trailing inset of -10)"
    )

    static func check(_ ctx: inout RuleContext) {
        let main = ctx.layout.scrollDirection
        // A partial section (its group's size unknown, `root` nil) is judged from its declared values: the same words.
        let judged: [(SectionSpec, ResolvedNode?, [ModelElement])] =
            ctx.sections.map { ($0.1, $0.2, []) } + ctx.partialSections.map { ($0.spec, nil, $0.elements) }
        for (spec, root, declared) in judged {
            if let ins = spec.contentInsets {
                let reference = referenceInsets(
                    sectionReference(spec, configuration: ctx.document.configuration), env: ctx.env)
                for edge in Insets.Edge.allCases where ins[edge] < 0 {
                    let amount = -ins[edge]
                    let (lead, trail) = Insets.edges(along: main)
                    let alongMain = edge == lead || edge == trail
                    if alongMain {
                        ctx.emit(
                            .negativeContentInsets, ins.rangeOf(edge),
                            "a \(edge.rawValue) inset of \(formatPoints(ins[edge])) pt moves the section's content \(pt(amount)) into what comes \(edge == lead ? "before" : "after") it (the section there, or past the content's \(edge == lead ? "start" : "end")), which it overlaps: write 0 or a positive inset"
                        )
                        continue
                    }
                    // Across the scrolling axis: past the view's edge only beyond the reference's own margin.
                    let margin: Double
                    switch edge {
                    case .leading: margin = reference.left
                    case .trailing: margin = reference.right
                    case .top: margin = reference.top
                    case .bottom: margin = reference.bottom
                    }
                    guard amount > margin + 0.25 else { continue }
                    ctx.emit(
                        .negativeContentInsets, ins.rangeOf(edge),
                        "a \(edge.rawValue) inset of \(formatPoints(ins[edge])) pt moves the section's content \(pt(amount - margin)) past the collection view's \(edge.rawValue) edge, where it is cut off: write 0 or a positive inset (to reach the edge, contentInsetsReference = .none)"
                    )
                }
            }
            func judge(_ el: LayoutElement?, ignored: Set<Insets.Edge>, _ ctx: inout RuleContext) {
                guard let el, let ins = el.contentInsets, ctx.firstVisit(.negativeContentInsets, el) else { return }
                for edge in Insets.Edge.allCases where ins[edge] < 0 && !ignored.contains(edge) {
                    ctx.emit(
                        .negativeContentInsets, ins.rangeOf(edge),
                        "a \(edge.rawValue) inset of \(formatPoints(ins[edge])) pt makes this \(el.kindName)'s content \(pt(-ins[edge])) larger than its frame on that edge: UIKit does not clip it, so it draws over what is beside it; write 0 or a positive inset"
                    )
                }
            }
            root?.walk { judge($0.element, ignored: ignoredInsetEdges($0), &ctx) }
            for m in declared {
                judge(m.element, ignored: ignoredInsetEdges(m.element, replacedAxis: m.replacedAxis), &ctx)
            }
        }
    }
}
