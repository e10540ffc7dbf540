// Hover: what the resolver computed for the value under the cursor (sizes per environment, configurations,
// insets), as a Markdown table (plain text for a client that does not take Markdown).
import Foundation
import PlainJSON
import JSONRPC
import LSPProtocol
import LayoutLintCore

extension FeatureContext {
    // MARK: hover

    func hover(_ params: JSONValue) -> Reply {
        guard let offset = offset(params) else {
            return .error(RPCErrorCode.invalidParams, "Invalid params: position is missing")
        }
        var sections: [String] = []
        var range: ByteRange?
        // On an environment the document names: what it is (the size, scale, safe area and size classes the layout is
        // resolved against).
        if let result, let e = result.document.environments.first(where: { $0.range?.touches(offset) == true }),
            let r = e.range
        {
            sections.append(
                "**environment** \(LSP.markdownCode(e.environment.name))\n\n\(LSP.markdownText(e.environment.summary))")
            range = r
            // On a `configuration` key or its value (not inside its boundary items, which are elements of their own):
            // what the configuration gives in each environment.
        } else if let result,
            let site = result.document.configuration.props.values.first(where: {
                ($0.key == "boundarySupplementaryItems" ? $0.keyRange : $0.range).touches(offset)
            }),
            let table = configurationTable(result.document.configuration, site: site, layouts: result.layouts)
        {
            sections.append(table)
            range = site.range
            // On a definition's name: the elements made from it, in every use (as on a key inside its body).
        } else if let result, let d = result.document.definitions.first(where: { $0.keyRange.touches(offset) }),
            case let idx = doc.indexes(result)
        {
            let uses = idx.model.objects.filter { o in
                o.props.values.contains { d.range.start <= $0.range.start && $0.range.end <= d.range.end }
            }
            if let table = sizeTable(uses, property: nil, layouts: result.layouts, indexes: idx.resolved) {
                sections.append(table)
                range = d.keyRange
            }
        } else if let result, case let idx = doc.indexes(result), let hit = idx.model.hits(at: offset) {
            if let table = sizeTable(
                hit.objects, property: hit.property, layouts: result.layouts, indexes: idx.resolved)
            {
                sections.append(table)
                range = hit.property.flatMap { hit.objects.first?.props[$0]?.range } ?? hit.range
            }
        }
        // Diagnostics under the cursor: their message and their rule's documentation.
        var rules = Set<String>()
        for d in doc.diagnostics where d.range.touches(offset) || (d.range.length == 0 && d.range.start == offset) {
            // (A finding's message already ends with its environments: `mergeFindings` writes them into it.)
            var s = "**\(d.rule)** (\(d.severity)): \(LSP.markdownText(d.message))"
            if rules.insert(d.rule).inserted, let info = RuleCatalog.info(d.rule) {
                s += "\n\n" + info.markdown(examplesIn: [.spec])
            }
            sections.append(s)
            if range == nil { range = d.range }
        }
        guard !sections.isEmpty else { return .result(.null) }
        var text = sections.joined(separator: "\n\n---\n\n")
        if text.utf8.count > server.options.maxHoverBytes {
            text =
                String(decoding: Array(text.utf8.prefix(server.options.maxHoverBytes)), as: UTF8.self) + "\n\n… (cut)"
        }
        let contents: JSONValue =
            server.client.hoverMarkdown
            ? LSP.markdown(text)
            : .object([("kind", .string("plaintext")), ("value", .string(LSP.plainText(fromMarkdown: text)))])
        var m: [(String, JSONValue)] = [("contents", contents)]
        if let range { m.append(("range", conv.range(range))) }
        return .result(.object(m))
    }

    /// The Markdown table of what the resolver computed for these objects in every environment.
    func sizeTable(_ objects: [ModelObject], property: String?, layouts: [ResolvedLayout], indexes: [ResolvedIndex])
        -> String?
    {
        guard let first = objects.first else { return nil }
        // Document text (paths hold definition names, keys, values) in code spans that nothing inside can end.
        var head = "**\(LSP.markdownText(first.kindName))** \(LSP.markdownCode(first.path))"
        if let e = objectsElement(first), let t = e.refTarget { head += " → \(LSP.markdownCode("#" + t))" }
        if let p = property, let site = first.props[p] {
            // One line: a multi-line value's line breaks and indentation become single spaces.
            var valueText = ""
            var blank = false
            for u in String(decoding: doc.text[clampedRange(site.valueRange)], as: UTF8.self).unicodeScalars {
                let isBlank = u == " " || u == "\t" || u == "\n" || u == "\r"
                if isBlank {
                    if !blank { valueText.unicodeScalars.append(" ") }
                } else {
                    valueText.unicodeScalars.append(u)
                }
                blank = isBlank
            }
            let shown =
                valueText.unicodeScalars.count > 80
                ? String(String.UnicodeScalarView(valueText.unicodeScalars.prefix(80))) + "…" : valueText
            head += " · \(LSP.markdownCode(p)): \(LSP.markdownCode(shown))"
            if case .element(let e) = first {
                if p == "width", let d = e.width { head += " (\(d.swiftDescription))" }
                if p == "height", let d = e.height { head += " (\(d.swiftDescription))" }
            }
        }
        var rows: [String] = []
        var isGroupTable = false
        for (layout, idx) in zip(layouts, indexes) {
            let env = LSP.markdownText(layout.environment.name)
            // Cells, supplementaries and decorations show their pixel-rounded frame (exact values where they differ),
            // groups their layout geometry: docs/semantics.md#pixel-rounding.
            let scale = layout.environment.scale
            for o in objects {
                switch o {
                case .section(let sec, let spec, let variant):
                    // A section is its variants too (an environment a variant is for resolves the variant's spec);
                    // a variant is only itself.
                    let specs = variant == nil ? [spec] + sec.variants.map(\.spec) : [spec]
                    for s in specs.flatMap({ idx.sections[ObjectIdentifier($0)] ?? [] }) {
                        var extra = "\(s.groupCount) group\(s.groupCount == 1 ? "" : "s")"
                        if let g = s.group { extra += " of \(g.frame.sizeDescription)" }
                        if s.contentInsets != .zero { extra += ", insets \(insetsText(s.contentInsets))" }
                        if let v = s.variantIndex { extra += ", variant \(v)" }
                        if let r = s.unresolvedReason { extra = "not resolved: \(r)" }
                        rows.append(
                            "| \(env) | \(s.frame.sizeDescription) | \(Rect(x: 0, y: 0, width: s.containerWidth, height: s.containerHeight).sizeDescription) | \(escapeCell(extra)) |"
                        )
                    }
                case .element(let e):
                    let nodes = idx.nodes[ObjectIdentifier(e)] ?? []
                    // Distinct rows in order, with how many placements share each.
                    var order: [String] = []
                    var counts: [String: Int] = [:]
                    for n in nodes {
                        let item = n.kind == .item
                        var frame = item ? n.frame.pixelSizeDescription(scale: scale) : n.frame.sizeDescription
                        if n.estimatedWidth || n.estimatedHeight { frame = "≈" + frame }
                        var extra = ""
                        if let s = n.solve {
                            isGroupTable = true
                            extra =
                                "\(n.children.count) placement\(n.children.count == 1 ? "" : "s") along \(s.axis.sizeName), \(formatPoints(s.used)) of \(formatPoints(s.available)) pt used"
                            if s.spacing != 0 { extra += ", spacing \(formatPoints(s.spacing))" }
                        }
                        if n.insets != .zero { extra += (extra.isEmpty ? "" : "; ") + "insets \(insetsText(n.insets))" }
                        let content =
                            item ? n.contentFrame.pixelSizeDescription(scale: scale) : n.contentFrame.sizeDescription
                        let key = "| \(env) | \(frame) | \(content) | \(escapeCell(extra))"
                        if counts[key] == nil { order.append(key) }
                        counts[key, default: 0] += 1
                    }
                    for key in order.prefix(8) {
                        let k = counts[key] ?? 1
                        rows.append(key + (k > 1 ? (key.hasSuffix("| ") ? "" : "; ") + "×\(k) placements" : "") + " |")
                    }
                default:
                    // A header or badge sized by an estimate is an estimate too (≈, as elements show it).
                    let approx = ["width", "height"].contains { o.dimension($0)?.isEstimated == true } ? "≈" : ""
                    var seen = Set<String>()
                    for f in idx.frames[o.identity] ?? [] {
                        let row =
                            "| \(env) | \(approx)\(f.pixelSizeDescription(scale: scale)) | at \(f.pixelOriginDescription(scale: scale)) | |"
                        if seen.insert(row).inserted { rows.append(row) }
                        if seen.count >= 8 { break }
                    }
                }
                if rows.count > 200 { break }
            }
        }
        guard !rows.isEmpty else {
            return head + "\n\nNot resolved in any environment (an unused definition, or errors in the document)."
        }
        let lastColumn =
            isGroupTable
            ? "group"
            : (objects.contains {
                if case .section = $0 { return true }; return false
            } ? "groups" : "details")
        let secondHeader: String
        if case .section = first {
            secondHeader = "container"
        } else if case .element = first {
            secondHeader = "content"
        } else {
            secondHeader = "position"
        }
        return head + "\n\n| environment | frame | \(secondHeader) | \(lastColumn) |\n|---|---|---|---|\n"
            + rows.joined(separator: "\n")
    }

    func objectsElement(_ o: ModelObject) -> LayoutElement? {
        if case .element(let e) = o { return e }
        return nil
    }

    /// The hover on a `configuration` property: the property as written, then per environment the insets its
    /// `contentInsetsReference` takes across the scroll axis, what that leaves the sections, and the content size.
    /// Nothing for a key the configuration does not read (its diagnostic says so).
    func configurationTable(_ configuration: LayoutConfiguration, site: PropertySite, layouts: [ResolvedLayout])
        -> String?
    {
        guard Keys.configuration.contains(site.key) else { return nil }
        let effects = configurationEffects(configuration, layouts: layouts)
        guard !effects.isEmpty else { return nil }
        let vertical = configuration.scrollDirection == .vertical
        var valueText = String(decoding: doc.text[clampedRange(site.valueRange)], as: UTF8.self)
        if site.key == "boundarySupplementaryItems" || valueText.unicodeScalars.count > 80 || valueText.contains("\n") {
            valueText = "…"
        }
        var out = "**configuration** · \(LSP.markdownCode(site.key)): \(LSP.markdownCode(valueText))"
        // A value that does not read (its error is on it): the sentences below describe the default that applies.
        if doc.diagnostics.contains(where: {
            $0.severity == .error && site.valueRange.start <= $0.range.start && $0.range.end <= site.valueRange.end
        }) {
            out += " (not valid: the default applies)"
        }
        let reference = configuration.contentInsetsReference.rawValue
        out +=
            "\n\nThe layout scrolls \(vertical ? "vertically" : "horizontally"); sections without a `contentInsetsReference` "
            + "of their own take the `\(reference)` insets \(vertical ? "left and right" : "above and below") (a section's "
            + "contentInsets come inside them)"
        if configuration.interSectionSpacing != 0 {
            out += "; \(formatPoints(configuration.interSectionSpacing)) pt between sections"
        }
        out +=
            ".\n\n| environment | `\(reference)` insets (\(vertical ? "left / right" : "top / bottom")) | sections' \(vertical ? "width" : "height") | content size |\n|---|---|---|---|\n"
        for e in effects {
            var size = "\(formatPoints(e.contentWidth))×\(formatPoints(e.contentHeight))"
            if e.truncated {
                size = "≥ " + size + " (resolution stopped)"
            } else if e.unresolvedSections > 0 {
                size += " (without \(e.unresolvedSections) unresolved section\(e.unresolvedSections == 1 ? "" : "s"))"
            }
            out +=
                "| \(escapeCell(e.environment)) | \(formatPoints(e.leadingInset)) / \(formatPoints(e.trailingInset)) pt | "
                + "\(formatPoints(e.sectionsAcross)) pt | \(size) |\n"
        }
        return out
    }

    func insetsText(_ i: ResolvedInsets) -> String {
        if i.top == i.leading && i.leading == i.bottom && i.bottom == i.trailing { return formatPoints(i.top) }
        return
            "\(formatPoints(i.top)), \(formatPoints(i.leading)), \(formatPoints(i.bottom)), \(formatPoints(i.trailing))"
    }

    /// A table cell's text (it can quote the document: an unresolved section's reason).
    func escapeCell(_ s: String) -> String { LSP.markdownText(s) }

    func clampedRange(_ r: ByteRange) -> Range<Int> {
        let c = r.clamped(to: doc.text.count)
        return c.start..<c.end
    }
}
