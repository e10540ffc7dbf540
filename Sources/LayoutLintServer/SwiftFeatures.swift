// The editor features on Swift documents: hover on a dimension, an inset, a spacing or a constructor shows what
// the resolver computed for it in every environment; inlay hints after each dimension; a "Preview in <environment>"
// code lens on each layout; quick fixes; the layouts as document symbols. They read the Swift front end's result
// (`Document.swiftResult`): the same resolved layouts `explain` prints.
import Foundation
import PlainJSON
import JSONRPC
import LSPProtocol
import LayoutLintCore
import LayoutLintSwift

extension FeatureContext {
    /// Every resolved node of the document's layouts, with its environment and layout.
    func swiftNodes() -> [(layout: SwiftLayoutResult, env: String, node: ResolvedNode)] {
        var out: [(SwiftLayoutResult, String, ResolvedNode)] = []
        for l in doc.swiftResult?.layouts ?? [] {
            for rl in l.result.layouts {
                for s in rl.sections { s.group?.walk { out.append((l, rl.environment.name, $0)) } }
            }
        }
        return out
    }

    func swiftHover(_ params: JSONValue) -> Reply {
        guard let offset = offset(params), let result = doc.swiftResult else { return .result(.null) }
        // The layouts' ranges are the reader's region offsets: the cursor is compared in those.
        let at = result.regionOffset(offset)
        // The innermost dimension or element under the cursor (`range`: the value it shows, which the cursor may be
        // on, or on the property's target: `group.interItemSpacing`).
        var best: (touched: ByteRange, range: ByteRange, property: String?)?
        func consider(_ r: ByteRange?, _ property: String?, target: ByteRange? = nil) {
            guard let r else { return }
            for t in [r, target].compactMap({ $0 }) where t.touches(at) {
                if best == nil || t.length < best!.touched.length { best = (t, r, property) }
            }
        }
        let nodes = swiftNodes()
        for (_, _, n) in nodes {
            guard let e = n.element else { continue }
            consider(e.width?.range, "width")
            consider(e.height?.range, "height")
            consider(e.contentInsets?.range, "contentInsets", target: e.props["contentInsets"]?.keyRange)
            consider(
                e.group?.interItemSpacing?.range, "interItemSpacing", target: e.props["interItemSpacing"]?.keyRange)
        }
        // A section's own property under the cursor (its value, or its target: `section.contentInsets`).
        var sectionProperty: (touched: ByteRange, value: ByteRange, name: String)?
        for l in result.layouts {
            for rl in l.result.layouts {
                for s in rl.sections {
                    for name in ["contentInsets", "interGroupSpacing"] {
                        guard let site = s.spec?.props[name] else { continue }
                        for t in [site.valueRange, site.keyRange] where t.touches(at) {
                            if sectionProperty == nil || t.length < sectionProperty!.touched.length {
                                sectionProperty = (t, site.valueRange, name)
                            }
                        }
                    }
                }
            }
        }
        if let p = sectionProperty, let b = best, b.touched.length <= p.touched.length { sectionProperty = nil }
        if sectionProperty != nil { best = nil }
        var sectionRows: [String] = []
        var sectionRange: ByteRange?
        for l in result.layouts {
            for rl in l.result.layouts {
                for s in rl.sections
                where s.section.range.touches(at)
                    && (sectionRange == nil || s.section.range.length <= sectionRange!.length)
                {
                    sectionRange = s.section.range
                    var extra = "\(s.groupCount) group\(s.groupCount == 1 ? "" : "s")"
                    if let g = s.group { extra += " of \(g.frame.sizeDescription)" }
                    if s.contentInsets != .zero { extra += ", insets \(insetsText(s.contentInsets))" }
                    if let r = s.unresolvedReason { extra = "not resolved: \(r)" }
                    sectionRows.append(
                        "| \(LSP.markdownText(rl.environment.name)) | \(s.frame.sizeDescription) | \(escapeCell(extra)) |"
                    )
                }
            }
        }
        if best == nil && sectionProperty == nil {
            // On an item's or a group's constructor (or a statement that changes it): the element itself.
            for (_, _, n) in nodes { if let e = n.element { consider(e.range, nil) } }
        }
        var sections: [String] = []
        var range: ByteRange?
        if let best {
            let hits = nodes.filter { _, _, n in
                guard let e = n.element else { return false }
                switch best.property {
                case "width": return e.width?.range == best.range
                case "height": return e.height?.range == best.range
                case "contentInsets": return e.contentInsets?.range == best.range
                case "interItemSpacing": return e.group?.interItemSpacing?.range == best.range
                default: return e.range == best.range
                }
            }
            if let first = hits.first?.node.element {
                var head = "**\(first.kindName)** in \(LSP.markdownCode(hits[0].layout.name))"
                if let p = best.property {
                    head += propertyText(p, result.textRange(best.range))
                }
                var keys: [String] = []
                for (_, env, n) in hits {
                    var frame = n.frame.sizeDescription
                    if n.estimatedWidth || n.estimatedHeight { frame = "≈" + frame }
                    var extra = ""
                    if let s = n.solve {
                        extra =
                            "\(n.children.count) placement\(n.children.count == 1 ? "" : "s") along \(s.axis.sizeName), \(formatPoints(s.used)) of \(formatPoints(s.available)) pt used"
                    }
                    if n.insets != .zero { extra += (extra.isEmpty ? "" : "; ") + "insets \(insetsText(n.insets))" }
                    if best.property == "interItemSpacing", let s = n.solve { extra += "; " + itemsAndGaps(n, s.axis) }
                    keys.append(
                        "| \(LSP.markdownText(env)) | \(frame) | \(n.contentFrame.sizeDescription) | \(escapeCell(extra))"
                    )
                }
                sections.append(
                    head + "\n\n| environment | size | content | |\n|---|---|---|---|\n"
                        + countedRows(keys).joined(separator: "\n"))
                range = result.textRange(best.range)
            }
        } else if let p = sectionProperty, let hover = sectionPropertyHover(p.name, value: p.value, result) {
            sections.append(hover)
            range = result.textRange(p.value)
        } else if let sectionRange, !sectionRows.isEmpty {
            sections.append(
                "**section**\n\n| environment | frame | |\n|---|---|---|\n" + sectionRows.joined(separator: "\n"))
            range = result.textRange(sectionRange)
        }
        // Diagnostics under the cursor: their message and, once per rule, its documentation with the Swift examples.
        var rules = Set<String>()
        for d in doc.diagnostics where d.range.touches(offset) {
            var s = "**\(d.rule)** (\(d.severity)): \(LSP.markdownText(d.message))"
            if rules.insert(d.rule).inserted, let info = RuleCatalog.info(d.rule) {
                s += "\n\n" + info.markdown(examplesIn: [.swift])
            }
            sections.append(s)
            if range == nil { range = d.range }
        }
        guard !sections.isEmpty else { return .result(.null) }
        let text = sections.joined(separator: "\n\n---\n\n")
        let contents: JSONValue =
            server.client.hoverMarkdown
            ? LSP.markdown(text)
            : .object([("kind", .string("plaintext")), ("value", .string(LSP.plainText(fromMarkdown: text)))])
        var m: [(String, JSONValue)] = [("contents", contents)]
        if let range { m.append(("range", conv.range(range))) }
        return .result(.object(m))
    }

    /// What a section's `contentInsets` or `interGroupSpacing` (set by the expression at `value`) does in each
    /// environment: the content the insets leave, or the groups the spacing separates.
    func sectionPropertyHover(_ name: String, value: ByteRange, _ result: SwiftFileResult) -> String? {
        var head: String?
        var keys: [String] = []
        for l in result.layouts {
            for rl in l.result.layouts {
                for s in rl.sections where s.spec?.props[name]?.valueRange == value {
                    if head == nil {
                        head =
                            "**section** in \(LSP.markdownCode(l.name))" + propertyText(name, result.textRange(value))
                    }
                    let row: String
                    if let r = s.unresolvedReason {
                        row = "| \(LSP.markdownText(rl.environment.name)) | not resolved: \(escapeCell(r)) | | "
                    } else if name == "contentInsets" {
                        let i = s.contentInsets
                        let content = Rect(
                            x: 0, y: 0, width: max(0, s.frame.width - i.leading - i.trailing),
                            height: max(0, s.frame.height - i.top - i.bottom))
                        row =
                            "| \(LSP.markdownText(rl.environment.name)) | \(s.frame.sizeDescription) | \(content.sizeDescription) | insets \(insetsText(i))"
                    } else {
                        let spacing = s.spec?.interGroupSpacing ?? 0
                        var groups = "\(s.groupCount) group\(s.groupCount == 1 ? "" : "s")"
                        if let g = s.group { groups += " of \(g.frame.sizeDescription)" }
                        row =
                            "| \(LSP.markdownText(rl.environment.name)) | \(s.frame.sizeDescription) | \(escapeCell(groups)) | \(formatPoints(spacing)) pt between groups"
                    }
                    keys.append(row)
                }
            }
        }
        guard let head, !keys.isEmpty else { return nil }
        let columns =
            name == "contentInsets" ? "| environment | section | content | |" : "| environment | section | groups | |"
        return head + "\n\n" + columns + "\n|---|---|---|---|\n" + countedRows(keys).joined(separator: "\n")
    }

    /// " · `property`: `its text`" for a hover's head line (the text cut at 80 characters).
    func propertyText(_ property: String, _ range: ByteRange) -> String {
        let text = String(decoding: doc.text[clampedRange(range)], as: UTF8.self)
        return
            " · \(LSP.markdownCode(property)): \(LSP.markdownCode(text.count > 80 ? String(text.prefix(80)) + "…" : text))"
    }

    /// Table rows, each written once in first-seen order with how often it came (`(×3)`); a row is given without
    /// its closing `|`.
    func countedRows(_ rows: [String]) -> [String] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for r in rows {
            if counts[r] == nil { order.append(r) }
            counts[r, default: 0] += 1
        }
        return order.map { $0 + (counts[$0]! > 1 ? " (×\(counts[$0]!))" : "") + " |" }
    }

    /// A group's items along its axis and the gaps between them: "items 180 pt, 10 pt apart".
    func itemsAndGaps(_ n: ResolvedNode, _ axis: Axis) -> String {
        let sizes = n.children.map { formatPoints($0.frame.extent(axis)) }
        var gaps: [String] = []
        for (a, b) in zip(n.children, n.children.dropFirst()) {
            let gap = formatPoints(b.frame.origin(axis) - a.frame.origin(axis) - a.frame.extent(axis))
            if !gaps.contains(gap) { gaps.append(gap) }
        }
        var unique: [String] = []
        for s in sizes where !unique.contains(s) { unique.append(s) }
        return "items \(unique.joined(separator: " / ")) pt"
            + (gaps.isEmpty ? "" : ", \(gaps.joined(separator: " / ")) pt apart")
    }

    /// After each dimension expression: the size it gives (a range where placements or environments differ; ≈ where
    /// it is estimated).
    func swiftInlayHints(_ params: JSONValue) -> Reply {
        let wanted = conv.byteRange(params["range"]) ?? ByteRange(0, doc.text.count)
        guard let result = doc.swiftResult else { return .result(.array([])) }
        var sizes: [ByteRange: (values: [Double], estimated: Bool)] = [:]
        for (_, _, n) in swiftNodes() {
            guard let e = n.element else { continue }
            for (d, v, est) in [
                (e.width, n.frame.width, n.estimatedWidth), (e.height, n.frame.height, n.estimatedHeight),
            ] {
                guard let d else { continue }
                let r = result.textRange(d.range)
                guard wanted.meets(r) else { continue }
                sizes[r, default: ([], false)].values.append(v)
                if est { sizes[r]!.estimated = true }
            }
        }
        var hints: [JSONValue] = []
        for (range, s) in sizes.sorted(by: { $0.key.start < $1.key.start }) {
            let lo = s.values.min()!, hi = s.values.max()!
            let label =
                formatPoints(lo) == formatPoints(hi)
                ? (s.estimated ? "≈ " : "= ") + formatPoints(lo) + " pt"
                : (s.estimated ? "≈ " : "") + formatPoints(lo) + "–" + formatPoints(hi) + " pt"
            hints.append(
                .object([
                    ("position", conv.position(range.end)), ("label", .string(label)), ("kind", .int(1)),
                    ("paddingLeft", .bool(true)),
                ]))
            if hints.count >= Self.maxInlayHints { break }
        }
        return .result(.array(hints))
    }

    /// The layouts as symbols (name and range), for the outline.
    func swiftSymbols() -> Reply {
        .result(
            .array(
                (doc.swiftResult?.layouts ?? []).map { l in
                    let r = conv.range(l.range)
                    return .object([("name", .string(l.name)), ("kind", .int(12)), ("range", r), ("selectionRange", r)])
                }))
    }

    /// Quick fixes of the diagnostics in the range (the Swift front end's fixes are Swift edits).
    func swiftCodeActions(_ params: JSONValue) -> Reply {
        let wanted = conv.byteRange(params["range"]) ?? ByteRange(0, 0)
        var actions: [JSONValue] = []
        for d in doc.diagnostics where wanted.meets(d.range) || d.range.touches(wanted.start) {
            guard let f = d.fix else { continue }
            let edits: [JSONValue] = f.edits.map {
                .object([("range", conv.range($0.range)), ("newText", .string($0.newText))])
            }
            actions.append(
                .object([
                    ("title", .string(f.title)), ("kind", .string("quickfix")), ("isPreferred", .bool(f.isSafe)),
                    ("edit", .object([("changes", .object([(doc.uri, .array(edits))]))])),
                ]))
        }
        return .result(.array(actions))
    }
}

extension LanguageServer {
    /// One "Preview in <environment>" lens per layout and environment.
    func swiftCodeLenses(_ doc: Document) -> JSONValue {
        let conv = converter(doc)
        var lenses: [JSONValue] = []
        for l in doc.swiftResult?.layouts ?? [] {
            let range = conv.range(ByteRange(l.range.start, l.range.start + 1))
            for rl in l.result.layouts {
                lenses.append(
                    .object([
                        ("range", range),
                        (
                            "command",
                            .object([
                                ("title", .string("Preview in \(LSP.label(rl.environment.name))")),
                                ("command", .string(Self.previewCommand)),
                                (
                                    "arguments",
                                    .array([
                                        .string(doc.uri), .string(rl.environment.name), .string("layout:" + l.name),
                                    ])
                                ),
                            ])
                        ),
                    ]))
                if lenses.count >= 2_000 { return .array(lenses) }
            }
        }
        return .array(lenses)
    }
}
