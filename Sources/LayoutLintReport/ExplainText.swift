// `explain --format text`: every environment's resolved layout as an indented tree.
import LayoutLintCore

public enum ExplainText {
    /// Text from the document (names, kinds, pointers that hold definition names) or the file system, shown with
    /// its control characters made visible, as `lint` shows it: a document must not drive the reader's terminal.
    static func t(_ s: String) -> String { TextReport.sanitize(s) }

    public static func render(path: String, layouts: [ResolvedLayout], style: TextStyle) -> String {
        var out = style.bold(t(path)) + "\n"
        for l in layouts {
            let e = l.environment
            let scale = e.scale
            out += "\n" + style.bold(t(e.name)) + style.dim(" — " + e.summary) + "\n"
            for b in l.boundaryItems {
                out +=
                    "  layout \(t(b.item.elementKind ?? "supplementary")) \(style.dim(t(b.item.path)))  \(b.frame.pixelSizeDescription(scale: scale)) at \(b.frame.pixelOriginDescription(scale: scale))\n"
            }
            for s in l.sections {
                var line = "  section \"\(t(s.name))\" \(style.dim(t(s.path)))  frame \(s.frame)"
                if let v = s.variantIndex { line += "  variant \(v)" }
                if let r = s.unresolvedReason {
                    out += line + "  — not resolved: \(t(r))\n"
                    continue
                }
                line += "  \(s.groupCount) group\(s.groupCount == 1 ? "" : "s")"
                if let o = s.spec?.orthogonalScrollingBehavior, o != .none { line += ", scrolls \(o.rawValue)" }
                line += style.dim(
                    "  (container \(formatPoints(s.containerWidth))×\(formatPoints(s.containerHeight)), effectiveContentSize.width \(formatPoints(s.effectiveContentWidth)))"
                )
                out += line + "\n"
                for b in s.boundaryItems {
                    out +=
                        "    \(t(b.item.elementKind ?? "supplementary")) \(style.dim(t(b.item.path)))  \(b.frame.pixelSizeDescription(scale: scale)) at \(b.frame.pixelOriginDescription(scale: scale))\n"
                }
                if let g = s.group { out += node(g, depth: 2, style: style, scale: scale) }
                for d in s.decorations {
                    out +=
                        "    decoration \(t(d.item.elementKind ?? "")) \(style.dim(t(d.item.path)))  \(d.frame.pixelSizeDescription(scale: scale)) at \(d.frame.pixelOriginDescription(scale: scale))\n"
                }
            }
        }
        return out
    }

    /// A group's size is its layout size (Stage A), an item's the pixel-rounded frame (Stage B) with the exact value
    /// where it differs: docs/semantics.md#pixel-rounding.
    static func describe(_ n: ResolvedNode, scale: Double) -> String {
        let item = n.kind == .item
        var s = item ? n.frame.pixelSizeDescription(scale: scale) : n.frame.sizeDescription
        if n.estimatedWidth || n.estimatedHeight {
            let axes = [n.estimatedWidth ? "width" : nil, n.estimatedHeight ? "height" : nil].compactMap { $0 }
            s = "≈" + s + " (estimated \(axes.joined(separator: ", ")))"
        }
        if n.contentFrame != n.frame {
            s +=
                ", content \(item ? n.contentFrame.pixelSizeDescription(scale: scale) : n.contentFrame.sizeDescription)"
        }
        return s
    }

    /// Where a node is: an item's pixel-rounded origin, a group's exact one (a group has no view).
    static func origin(_ n: ResolvedNode, scale: Double) -> String {
        n.kind == .item
            ? n.frame.pixelOriginDescription(scale: scale) : "(\(formatPoints(n.frame.x)), \(formatPoints(n.frame.y)))"
    }

    static func node(_ n: ResolvedNode, depth: Int, style: TextStyle, scale: Double) -> String {
        let pad = String(repeating: "  ", count: depth)
        var out =
            "\(pad)\(n.kind.rawValue) \(style.dim(t(n.path)))  \(describe(n, scale: scale)) at \(origin(n, scale: scale))"
        if let solve = n.solve {
            let placed = n.children.count
            out += style.dim(
                "  — \(placed) placement\(placed == 1 ? "" : "s") along \(solve.axis.sizeName), \(formatPoints(solve.used)) of \(formatPoints(solve.available)) pt used"
            )
        }
        out += "\n"
        // Consecutive placements of the same element with the same size collapse into one line.
        var i = 0
        while i < n.children.count {
            let c = n.children[i]
            if c.kind == .item {
                var j = i + 1
                while j < n.children.count, n.children[j].kind == .item, n.children[j].path == c.path,
                    n.children[j].frame.width == c.frame.width, n.children[j].frame.height == c.frame.height
                { j += 1 }
                let xs = n.children[i..<j].map { origin($0, scale: scale) }
                let times = j - i > 1 ? " ×\(j - i)" : ""
                out +=
                    "\(pad)  item \(style.dim(t(c.path)))  \(describe(c, scale: scale))\(times) at \(xs.joined(separator: ", "))\n"
                // A badge where it is, for every placement of the run (as its item's positions; hover and explain's
                // JSON gave them, the text only the size).
                for (k, s) in c.supplementaries.enumerated() {
                    let at = n.children[i..<j].compactMap { p in
                        p.supplementaries.indices.contains(k)
                            ? p.supplementaries[k].frame.pixelOriginDescription(scale: scale) : nil
                    }
                    out +=
                        "\(pad)    \(t(s.item.elementKind ?? "supplementary")) \(style.dim(t(s.item.path)))  \(s.frame.pixelSizeDescription(scale: scale))\(times) at \(at.joined(separator: ", "))\n"
                }
                i = j
            } else {
                out += node(c, depth: depth + 1, style: style, scale: scale)
                i += 1
            }
        }
        return out
    }
}
