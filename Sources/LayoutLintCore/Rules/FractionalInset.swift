// The `fractional-inset` rule.

enum FractionalInsetRule: SizeRule {
    static let info = RuleInfo(
        rule: .fractionalInset, severity: .warning,
        summary: "An inset between 0 and 1: UIKit reads it as a fraction of the container, not points.",
        explanation:
            "Apple's documentation: \"If the value of a content inset is less than 1.0, the content inset is fractional\". An inset of 0.5 is half the container, not half a point. The decompiled solver uses a 0.5 threshold in places and the backport 1.0; any value in (0, 1) is suspicious. The message gives the points the fraction comes to on each edge UIKit applies it to (the edges along an estimated axis are ignored: estimated-content-insets tells of them), the same points layoutlint resolves and `explain` shows, and says that the sources disagree.",
        examples: [
            .spec(
                #"{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)", "contentInsets": { "bottom": ↓0.5 } }"#,
                .item),
            .spec(
                #"{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)", "contentInsets": { "bottom": 1 } }"#,
                .item),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                item.contentInsets.bottom = ↓0.5
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                item.contentInsets.bottom = 1
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
        ],
        weakEvidence: false,
        basis:
            "Apple's documentation of NSCollectionLayoutContainer.contentInsets (docs/semantics.md#fractional-insets)")

    static func check(_ ctx: inout RuleContext) {
        func check(
            _ ins: Insets?, width: Double, height: Double, what: String, ignored: Set<Insets.Edge> = [],
            _ ctx: inout RuleContext
        ) {
            guard let ins else { return }
            // One finding per value written: `"contentInsets": 0.5` is one value for four edges.
            var byRange: [(range: ByteRange, edges: [Insets.Edge])] = []
            for edge in Insets.Edge.allCases where ins[edge] > 0 && ins[edge] < 1 {
                let r = ins.rangeOf(edge)
                if let i = byRange.firstIndex(where: { $0.range == r }) {
                    byRange[i].edges.append(edge)
                } else {
                    byRange.append((r, [edge]))
                }
            }
            for (range, edges) in byRange {
                let applied = edges.filter { !ignored.contains($0) }
                // Only edges UIKit drops: estimated-content-insets says so, and nothing is read as a fraction.
                guard !applied.isEmpty else { continue }
                var parts: [String] = []
                for axis in [Axis.horizontal, .vertical] {
                    let (a, b) = Insets.edges(along: axis)
                    let es = applied.filter { $0 == a || $0 == b }
                    guard !es.isEmpty else { continue }
                    let extent = axis == .horizontal ? width : height
                    if es.count == 2 && ins[a] == ins[b] {
                        parts.append(
                            "\(a.rawValue) and \(b.rawValue) each \(formatPoints(ins[a] * 100))% of the \(pt(extent)) \(axis.sizeName) of \(what) = \(pt(ins[a] * extent))"
                        )
                    } else {
                        for e in es {
                            parts.append(
                                "\(e.rawValue) \(formatPoints(ins[e] * 100))% of the \(pt(extent)) \(axis.sizeName) of \(what) = \(pt(ins[e] * extent))"
                            )
                        }
                    }
                }
                let dropped = edges.filter { ignored.contains($0) }
                let droppedNote =
                    dropped.isEmpty
                    ? ""
                    : "; \(dropped.map(\.rawValue).joined(separator: " and ")) lie along an estimated axis, where UIKit ignores insets"
                let value =
                    Set(applied.map { ins[$0] }).count == 1
                    ? "an inset of \(formatPoints(ins[applied[0]]))" : "insets below 1"
                ctx.emit(
                    .fractionalInset, range,
                    "\(value) is read as a fraction, not points: \(parts.joined(separator: ", "))\(droppedNote) (\(fractionalInsetUncertainty))"
                )
            }
        }
        for (section, spec, root) in ctx.sections {
            check(
                spec.contentInsets, width: section.containerWidth, height: section.containerHeight,
                what: "the section's container", &ctx)
            root.walk { node in
                check(
                    node.element?.contentInsets, width: node.frame.width, height: node.frame.height,
                    what: "this \(node.kind.rawValue)",
                    ignored: ignoredInsetEdges(node), &ctx)
            }
            // (A background's insets are fractions of the section's frame, which they inset: not of what is left.)
            for (d, _) in section.decorations {
                check(
                    d.contentInsets, width: section.frame.width, height: section.frame.height, what: "the section", &ctx
                )
            }
        }
    }
}

/// What every finding about an inset below 1 says of the sources (one story for fractional-inset, insets-exceed-size
/// and estimated-content-insets): Apple's documentation reads it as a fraction and layoutlint resolves it so, but
/// UIKit's own code is not consistent about it.
let fractionalInsetUncertainty =
    "Apple's documentation reads an inset below 1 as a fraction, and layoutlint resolves it so, but UIKit's own code uses 0.5 as the threshold in places and subtracts item insets as points in another: write the points you mean"

/// The edges of an element's insets that UIKit drops: those along its own estimated axes (not an axis whose
/// dimension `subitem` + `count` replaced). estimated-content-insets tells of them; no other rule counts them.
func ignoredInsetEdges(_ node: ResolvedNode) -> Set<Insets.Edge> {
    guard let el = node.element else { return [] }
    return ignoredInsetEdges(el, replacedAxis: node.replacedAxis)
}

/// The same of an element as the model declares it; along a dimension whose kind is unknown (only in a section left
/// unresolved: docs/semantics.md#unknown-values), the edges UIKit may drop too.
func ignoredInsetEdges(_ el: LayoutElement, replacedAxis: Axis?) -> Set<Insets.Edge> {
    var out: Set<Insets.Edge> = []
    for axis in [Axis.horizontal, .vertical] where replacedAxis != axis {
        guard let d = el.dimension(axis), d.isEstimated || !d.kindIsKnown else { continue }
        let (a, b) = Insets.edges(along: axis)
        out.insert(a); out.insert(b)
    }
    return out
}
