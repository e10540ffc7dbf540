// The language features: hover, inlay hints, code actions, completion, symbols, definition/references/rename,
// document links. Each works on one document's text and lint result.
import Foundation
import PlainJSON
import JSONRPC
import LSPProtocol
import LayoutLintCore

struct FeatureContext {
    let server: LanguageServer
    let doc: Document
    var conv: PositionConverter { server.converter(doc) }
    var result: LintResult? { doc.result }
    var root: JSONNode? { doc.result?.parse.root }

    func offset(_ params: JSONValue) -> Int? {
        var clamped = false
        let o = conv.offset(params["position"], clamped: &clamped)
        if clamped { log("a position outside \(doc.uri) (\(params["position"]?.serialized() ?? "?")); clamped") }
        return o
    }

    // MARK: hover

    func hover(_ params: JSONValue) -> Reply {
        guard let offset = offset(params) else { return .error(RPCErrorCode.invalidParams, "Invalid params: position is missing") }
        var sections: [String] = []
        var range: ByteRange?
        // On an environment the document names: what it is (the size, scale, safe area and size classes the layout is
        // resolved against).
        if let result, let e = result.document.environments.first(where: { $0.range?.touches(offset) == true }), let r = e.range {
            sections.append("**environment** \(LSP.markdownCode(e.environment.name))\n\n\(LSP.markdownText(e.environment.summary))")
            range = r
        // On a `configuration` key or its value (not inside its boundary items, which are elements of their own):
        // what the configuration gives in each environment.
        } else if let result, let site = result.document.configuration.props.values.first(where: {
                      ($0.key == "boundarySupplementaryItems" ? $0.keyRange : $0.range).touches(offset) }),
                  let table = configurationTable(result.document.configuration, site: site, layouts: result.layouts) {
            sections.append(table)
            range = site.range
        // On a definition's name: the elements made from it, in every use (as on a key inside its body).
        } else if let result, let d = result.document.definitions.first(where: { $0.keyRange.touches(offset) }), case let idx = doc.indexes(result) {
            let uses = idx.model.objects.filter { o in o.props.values.contains { d.range.start <= $0.range.start && $0.range.end <= d.range.end } }
            if let table = sizeTable(uses, property: nil, layouts: result.layouts, indexes: idx.resolved) {
                sections.append(table)
                range = d.keyRange
            }
        } else if let result, case let idx = doc.indexes(result), let hit = idx.model.hits(at: offset) {
            if let table = sizeTable(hit.objects, property: hit.property, layouts: result.layouts, indexes: idx.resolved) {
                sections.append(table)
                range = hit.property.flatMap { hit.objects.first?.props[$0]?.range } ?? hit.range
            }
        }
        // Diagnostics under the cursor: their message and their rule's documentation.
        var rules = Set<String>()
        for d in doc.diagnostics where d.range.touches(offset) || (d.range.length == 0 && d.range.start == offset) {
            // (A finding's message already ends with its environments: `mergeFindings` writes them into it.)
            var s = "**\(d.rule)** (\(d.severity)): \(LSP.markdownText(d.message))"
            if rules.insert(d.rule).inserted, let info = RuleCatalog.info(d.rule) { s += "\n\n" + info.markdown }
            sections.append(s)
            if range == nil { range = d.range }
        }
        guard !sections.isEmpty else { return .result(.null) }
        var text = sections.joined(separator: "\n\n---\n\n")
        if text.utf8.count > server.options.maxHoverBytes {
            text = String(decoding: Array(text.utf8.prefix(server.options.maxHoverBytes)), as: UTF8.self) + "\n\n… (cut)"
        }
        let contents: JSONValue = server.hoverMarkdown ? LSP.markdown(text)
            : .object([("kind", .string("plaintext")), ("value", .string(LSP.plainText(fromMarkdown: text)))])
        var m: [(String, JSONValue)] = [("contents", contents)]
        if let range { m.append(("range", conv.range(range))) }
        return .result(.object(m))
    }

    /// The Markdown table of what the resolver computed for these objects in every environment.
    func sizeTable(_ objects: [ModelObject], property: String?, layouts: [ResolvedLayout], indexes: [ResolvedIndex]) -> String? {
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
                if isBlank { if !blank { valueText.unicodeScalars.append(" ") } } else { valueText.unicodeScalars.append(u) }
                blank = isBlank
            }
            let shown = valueText.unicodeScalars.count > 80 ? String(String.UnicodeScalarView(valueText.unicodeScalars.prefix(80))) + "…" : valueText
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
                        rows.append("| \(env) | \(s.frame.sizeDescription) | \(Rect(x: 0, y: 0, width: s.containerWidth, height: s.containerHeight).sizeDescription) | \(escapeCell(extra)) |")
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
                            extra = "\(n.children.count) placement\(n.children.count == 1 ? "" : "s") along \(s.axis.sizeName), \(formatPoints(s.used)) of \(formatPoints(s.available)) pt used"
                            if s.spacing != 0 { extra += ", spacing \(formatPoints(s.spacing))" }
                        }
                        if n.insets != .zero { extra += (extra.isEmpty ? "" : "; ") + "insets \(insetsText(n.insets))" }
                        let content = item ? n.contentFrame.pixelSizeDescription(scale: scale) : n.contentFrame.sizeDescription
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
                        let row = "| \(env) | \(approx)\(f.pixelSizeDescription(scale: scale)) | at \(f.pixelOriginDescription(scale: scale)) | |"
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
        let lastColumn = isGroupTable ? "group" : (objects.contains { if case .section = $0 { return true }; return false } ? "groups" : "details")
        let secondHeader: String
        if case .section = first { secondHeader = "container" } else if case .element = first { secondHeader = "content" } else { secondHeader = "position" }
        return head + "\n\n| environment | frame | \(secondHeader) | \(lastColumn) |\n|---|---|---|---|\n" + rows.joined(separator: "\n")
    }

    func objectsElement(_ o: ModelObject) -> LayoutElement? {
        if case .element(let e) = o { return e }
        return nil
    }

    /// The hover on a `configuration` property: the property as written, then per environment the insets its
    /// `contentInsetsReference` takes across the scroll axis, what that leaves the sections, and the content size.
    /// Nothing for a key the configuration does not read (its diagnostic says so).
    func configurationTable(_ configuration: LayoutConfiguration, site: PropertySite, layouts: [ResolvedLayout]) -> String? {
        guard Keys.configuration.contains(site.key) else { return nil }
        let effects = configurationEffects(configuration, layouts: layouts)
        guard !effects.isEmpty else { return nil }
        let vertical = configuration.scrollDirection == .vertical
        var valueText = String(decoding: doc.text[clampedRange(site.valueRange)], as: UTF8.self)
        if site.key == "boundarySupplementaryItems" || valueText.unicodeScalars.count > 80 || valueText.contains("\n") { valueText = "…" }
        var out = "**configuration** · \(LSP.markdownCode(site.key)): \(LSP.markdownCode(valueText))"
        // A value that does not read (its error is on it): the sentences below describe the default that applies.
        if doc.diagnostics.contains(where: { $0.severity == .error && site.valueRange.start <= $0.range.start && $0.range.end <= site.valueRange.end }) {
            out += " (not valid: the default applies)"
        }
        let reference = configuration.contentInsetsReference.rawValue
        out += "\n\nThe layout scrolls \(vertical ? "vertically" : "horizontally"); sections without a `contentInsetsReference` "
            + "of their own take the `\(reference)` insets \(vertical ? "left and right" : "above and below") (a section's "
            + "contentInsets come inside them)"
        if configuration.interSectionSpacing != 0 { out += "; \(formatPoints(configuration.interSectionSpacing)) pt between sections" }
        out += ".\n\n| environment | `\(reference)` insets (\(vertical ? "left / right" : "top / bottom")) | sections' \(vertical ? "width" : "height") | content size |\n|---|---|---|---|\n"
        for e in effects {
            var size = "\(formatPoints(e.contentWidth))×\(formatPoints(e.contentHeight))"
            if e.truncated { size = "≥ " + size + " (resolution stopped)" }
            else if e.unresolvedSections > 0 { size += " (without \(e.unresolvedSections) unresolved section\(e.unresolvedSections == 1 ? "" : "s"))" }
            out += "| \(escapeCell(e.environment)) | \(formatPoints(e.leadingInset)) / \(formatPoints(e.trailingInset)) pt | "
                + "\(formatPoints(e.sectionsAcross)) pt | \(size) |\n"
        }
        return out
    }

    func insetsText(_ i: ResolvedInsets) -> String {
        if i.top == i.leading && i.leading == i.bottom && i.bottom == i.trailing { return formatPoints(i.top) }
        return "\(formatPoints(i.top)), \(formatPoints(i.leading)), \(formatPoints(i.bottom)), \(formatPoints(i.trailing))"
    }

    /// A table cell's text (it can quote the document: an unresolved section's reason).
    func escapeCell(_ s: String) -> String { LSP.markdownText(s) }

    func clampedRange(_ r: ByteRange) -> Range<Int> {
        let c = r.clamped(to: doc.text.count)
        return c.start..<c.end
    }

    // MARK: inlay hints

    func inlayHints(_ params: JSONValue) -> Reply {
        guard let engine = doc.engine else { return .result(.array([])) }
        let wanted = conv.byteRange(params["range"]) ?? ByteRange(0, doc.text.count)
        // Value range of each dimension's text → every size computed for it, and whether any is estimated: from the
        // sections' kept results (no full result needed).
        let sizes = engine.dimensionSizes(in: wanted)
        var current: [HeldHints.Hint] = []
        for (range, s) in sizes where !s.values.isEmpty {
            // Shown: the pixel-rounded size of a cell, supplementary or decoration, with the exact layout size where
            // it differs (docs/semantics.md#pixel-rounding).
            func span(_ vs: [Double]) -> String {
                let lo = vs.min()!, hi = vs.max()!
                return formatPoints(lo) == formatPoints(hi) ? formatPoints(lo) : formatPoints(lo) + "–" + formatPoints(hi)
            }
            let shown = span(s.values)
            let exact = s.exactValues.isEmpty ? shown : span(s.exactValues)
            let single = !shown.contains("–")
            var label = (s.estimated ? "≈ " : (single ? "= " : "")) + shown + " pt"
            if exact != shown { label += " (exact \(exact))" }
            current.append(HeldHints.Hint(range: range, label: label, held: false))
        }
        // A section that does not resolve because of an error in it (a value half typed) keeps the hints it last had.
        let answer = doc.heldHints.answer(current: current, wanted: wanted, unresolved: engine.sectionsUnresolvedForErrors())
        var hints: [JSONValue] = []
        for h in answer {
            var members: [(String, JSONValue)] = [
                ("position", conv.position(h.range.end)),
                ("label", .string(h.label)),
                ("kind", .int(1)),
                ("paddingLeft", .bool(true)),
            ]
            if h.held { members.append(("tooltip", .string(Self.heldHintTooltip))) }
            hints.append(.object(members))
            if hints.count >= Self.maxInlayHints { break }
        }
        return .result(.array(hints))
    }

    static let heldHintTooltip = "The size this value had when its section last resolved: the section has an error now."

    // MARK: code actions

    /// The quick fixes and the fix-all action for a range, as `CodeAction` literals; for a client that does not
    /// take them (`LanguageServer.codeActionLiteralSupport`), as `Command`s that name the action, which
    /// `LanguageServer.applyCodeAction` finds again (for the same document version) and applies.
    func codeActions(_ params: JSONValue) -> Reply {
        guard !server.codeActionLiteralSupport else { return .result(.array(codeActionLiterals(params))) }
        // (Without `workspace/applyEdit` no command could change the text: nothing is offered, nor computed.)
        guard server.applyEditSupport else { return .result(.array([])) }
        let actions = codeActionLiterals(params)
        let only = params["context"]?["only"] ?? .null
        return .result(.array(actions.enumerated().compactMap { i, a in
            guard let title = a["title"] else { return nil }
            return .object([("title", title), ("command", .string(LanguageServer.applyCodeActionCommand)),
                            ("arguments", .array([.string(doc.uri), .int(Int64(doc.version)), params["range"] ?? .null, only,
                                                  .int(Int64(i)), title,
                                                  .array([.int(Int64(doc.opening)), .int(Int64(doc.editCount))])]))])
        }))
    }

    func codeActionLiterals(_ params: JSONValue) -> [JSONValue] {
        let wanted = conv.byteRange(params["range"]) ?? ByteRange(0, 0)
        let only = params["context"]?["only"]?.arrayValue?.compactMap(\.stringValue)
        func allowed(_ kind: String) -> Bool {
            guard let only, !only.isEmpty else { return true }
            return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
        }
        var actions: [JSONValue] = []
        let c = conv
        func edit(_ edits: [TextEdit]) -> JSONValue { workspaceEdit(edits.map { LSP.textEdit($0, c) }) }
        if allowed("quickfix") {
            for d in doc.diagnostics where d.range.touches(wanted.start) || wanted.touches(d.range.start) || (d.range.start <= wanted.start && d.range.end >= wanted.end) {
                let lspDiag = LSP.diagnostic(d, uri: doc.uri, c, features: server.diagnosticFeatures)
                if let fix = d.fix {
                    actions.append(.object([
                        ("title", .string(fix.title)), ("kind", .string("quickfix")),
                        ("diagnostics", .array([lspDiag])), ("isPreferred", .bool(fix.isSafe)),
                        ("edit", edit(fix.edits)),
                    ]))
                }
                if !doc.isConfig && d.rule != "syntax" && d.rule != "unused-suppression" && d.rule != tooManyProblemsRule {
                    let fix = disableLineFix(for: d, in: doc.text, lineIndex: doc.lineIndex)
                    actions.append(.object([
                        ("title", .string(fix.title)), ("kind", .string("quickfix")),
                        ("diagnostics", .array([lspDiag])), ("edit", edit(fix.edits)),
                    ]))
                }
                if actions.count > 500 { break }
            }
        }
        if allowed("source.fixAll.layoutlint") {
            // As `lint --fix`'s rounds pick them: never a set of fixes that together break the document (the
            // editor applies this on save), and no action when none is left. Once per lint (`Document.fixAllPick`).
            let fixes = doc.fixAllPick ?? {
                let safe = doc.diagnostics.compactMap(\.fix).filter(\.isSafe)
                // (Past the diagnostics' cap the list does not hold them all: then they are counted.)
                let syntaxErrors = doc.diagnostics.contains { $0.rule == tooManyProblemsRule }
                    ? countSyntaxErrors(doc.text) : doc.diagnostics.count { $0.rule == "syntax" }
                let picked = safe.isEmpty ? [] : fixesKeepingSyntax(safe, source: doc.text, syntaxErrors: syntaxErrors).map { safe[$0] }
                doc.fixAllPick = picked
                return picked
            }()
            if !fixes.isEmpty {
                actions.append(.object([
                    ("title", .string("Fix all safe layoutlint problems (\(fixes.count))")),
                    ("kind", .string("source.fixAll.layoutlint")),
                    ("edit", edit(fixes.flatMap(\.edits).sorted { $0.range < $1.range })),
                ]))
            }
        }
        return actions
    }

    // MARK: completion

    func completion(_ params: JSONValue) -> Reply {
        guard let offset = offset(params) else { return .error(RPCErrorCode.invalidParams, "Invalid params: position is missing") }
        // Nothing in a comment (a `/` or `"` typed there triggers completion too: Enter after `//` took a key), nor
        // in a `.layoutlint.json` (its keys are not a layout's).
        if doc.isConfig || inComment(offset) { return .result(.object([("isIncomplete", .bool(false)), ("items", .array([]))])) }
        var items = CompletionBuilder(ctx: self, offset: offset).items()
        // A list too long to send is cut, and incomplete: the client asks again as the user types. So what is typed
        // (from the start of the item's range to the cursor) filters it first, as the client would: else every
        // answer was the same first items, and a `$ref` to the 501st definition could never be completed.
        if items.count > server.options.maxCompletionItems { items = items.filter { matchesTyped($0, offset) } }
        let cut = items.count > server.options.maxCompletionItems
        return .result(.object([("isIncomplete", .bool(cut)), ("items", .array(Array(items.prefix(server.options.maxCompletionItems))))]))
    }

    /// Whether a completion item's filter text (its label when it has none) holds what was typed before the cursor
    /// in its range, as a case-insensitive subsequence (the clients' fuzzy match), quotes aside.
    func matchesTyped(_ item: JSONValue, _ offset: Int) -> Bool {
        guard let r = conv.byteRange(item["textEdit"]?["range"]), r.start <= offset, offset <= doc.text.count else { return true }
        let typed = String(decoding: doc.text[r.start..<offset], as: UTF8.self).lowercased().filter { $0 != "\"" }
        guard !typed.isEmpty else { return true }
        let target = (item["filterText"]?.stringValue ?? item["label"]?.stringValue ?? "").lowercased()
        var it = target.makeIterator()
        return typed.allSatisfy { c in while let t = it.next() { if t == c { return true } }; return false }
    }

    /// Whether the cursor is inside a comment: after its `//` up to the end of its line, or between `/*` and `*/`.
    func inComment(_ offset: Int) -> Bool {
        (result?.parse.comments ?? []).contains { c in
            offset > c.range.start && (offset < c.range.end || (offset == c.range.end && (c.isLineComment || !closesBlock(c))))
        }
    }

    /// Whether a block comment ends with its `*/` (an unclosed one runs to the end of the text).
    private func closesBlock(_ c: Comment) -> Bool {
        let t = doc.text
        return c.range.end >= 2 && c.range.end <= t.count && t[c.range.end - 2] == 0x2A && t[c.range.end - 1] == 0x2F && c.range.length >= 4
    }

    // MARK: symbols

    /// The outline from the incremental linter (each section's entry is kept with its other results), as LSP
    /// `DocumentSymbol`s: at most `maxDocumentSymbols` symbols of any kind, the top-level ones (the definitions'
    /// namespace and the sections) first, then their children in document order.
    func documentSymbols() -> Reply {
        guard let all = doc.outline() else { return .result(.array([])) }
        let cap = Self.maxDocumentSymbols
        let outline = all.prefix(cap)
        // The top-level symbols are kept first; their children share what is left.
        var count = outline.count
        let taken = server.symbolKinds
        func kind(_ k: OutlineSymbol.Kind) -> Int {
            switch k {
            case .definitions, .variant: return SymbolKind.namespace
            case .definition: return SymbolKind.class
            case .section: return SymbolKind.module
            case .group: return takenKind(SymbolKind.struct, valueSet: taken, fallback: SymbolKind.class)
            case .item: return takenKind(SymbolKind.object, valueSet: taken, fallback: SymbolKind.field)
            case .supplementary: return takenKind(SymbolKind.event, valueSet: taken, fallback: SymbolKind.property)
            }
        }
        func child(_ o: OutlineSymbol) -> JSONValue? {
            guard count < cap else { return nil }
            count += 1
            return symbol(o)
        }
        if !server.hierarchicalSymbols {
            // SymbolInformation[], depth first, each with the name of the symbol that holds it.
            var flat: [JSONValue] = []
            func add(_ o: OutlineSymbol, container: String?) {
                guard flat.count < cap else { return }
                let name = LSP.label(o.name)
                var m: [(String, JSONValue)] = [("name", .string(name)), ("kind", .int(Int64(kind(o.kind)))),
                                                ("location", LSP.location(uri: doc.uri, range: conv.range(o.range)))]
                if let container { m.append(("containerName", .string(container))) }
                flat.append(.object(m))
                for c in o.children { add(c, container: name) }
            }
            for o in all { add(o, container: nil) }
            return .result(.array(flat))
        }
        func symbol(_ o: OutlineSymbol) -> JSONValue {
            let children = o.children.compactMap(child)
            var sel = o.selection
            if !(sel.start >= o.range.start && sel.end <= o.range.end) { sel = ByteRange(o.range.start, o.range.start) }
            var m: [(String, JSONValue)] = [("name", .string(LSP.label(o.name)))]
            if let detail = o.detail { m.append(("detail", .string(LSP.label(detail, unnamed: nil)))) }
            m += [("kind", .int(Int64(kind(o.kind)))), ("range", conv.range(o.range)), ("selectionRange", conv.range(sel))]
            if !children.isEmpty { m.append(("children", .array(children))) }
            return .object(m)
        }
        return .result(.array(outline.map(symbol)))
    }

    /// At most this many document symbols (all kinds together).
    static var maxDocumentSymbols: Int { 5000 }
    /// At most this many inlay hints, references and document links.
    static var maxInlayHints: Int { 5000 }
    static var maxReferences: Int { 10_000 }

    // MARK: definition, references, rename

    /// What the cursor names for navigation: a `$ref` value (its pointer) or a definition's key.
    func navigationTarget(_ offset: Int) -> (pointer: String, range: ByteRange, isDefinitionKey: Bool)? {
        let cursor = locateJSON(root, offset: offset)
        if let k = cursor.keyProperty {
            let comps = cursor.components
            if comps.count == 2 && comps[0] == "definitions" { return ("/definitions/" + escapePointer(k.key), k.keyRange, true) }
            return nil
        }
        guard let node = cursor.node, node.kind == .string, cursor.steps.last == .key("$ref") else { return nil }
        // Only a JSON pointer ("#", "#/…"): go-to-definition and rename left "#x/…" and "##/…", which `lint` reports
        // as no pointer, to `jsonNode`, which read them after dropping a token or a second "#".
        guard let p = node.stringValue.afterBytePrefix("#"), p.isEmpty || p.hasBytePrefix("/") else { return nil }
        return (String(p), node.range, false)
    }

    func definitionLocation(_ pointer: String) -> ByteRange? {
        guard let (node, prop) = jsonNode(atPointer: pointer, root: root) else { return nil }
        if let prop { return ByteRange(prop.keyRange.start, node.range.end) }
        return node.range
    }

    func definition(_ params: JSONValue) -> Reply {
        guard let offset = offset(params), let t = navigationTarget(offset), let r = definitionLocation(t.pointer) else { return .result(.null) }
        return .result(LSP.location(uri: doc.uri, range: conv.range(r)))
    }

    func references(_ params: JSONValue) -> Reply {
        guard let offset = offset(params), let t = navigationTarget(offset) else { return .result(.null) }
        var locs: [JSONValue] = []
        if params["context"]?["includeDeclaration"]?.boolValue ?? true, let (_, prop) = jsonNode(atPointer: t.pointer, root: root) {
            if let prop { locs.append(LSP.location(uri: doc.uri, range: conv.range(prop.keyRange))) }
        }
        for site in collectRefSites(root) {
            guard let p = site.fragment else { continue }
            if p.isPointer(inside: t.pointer) {
                // At most maxReferences locations, the declaration included.
                if locs.count >= Self.maxReferences { break }
                locs.append(LSP.location(uri: doc.uri, range: conv.range(site.value.range)))
            }
        }
        return .result(.array(locs))
    }

    /// The definition being renamed: `/definitions/NAME` from a definition key or a `$ref` to one.
    func renameTarget(_ offset: Int) -> (name: String, keyRange: ByteRange, cursorRange: ByteRange)? {
        guard let t = navigationTarget(offset) else { return nil }
        let comps = splitOnSlash(Substring(t.pointer)).dropFirst().map { unescapePointer(String($0)) }
        guard comps.count >= 2, comps[0] == "definitions", let defs = root?["definitions"], defs.kind == .object,
              let prop = defs.properties.last(where: { $0.key.sameKey(as: comps[1]) }) else { return nil }
        return (comps[1], prop.keyRange, t.range)
    }

    func prepareRename(_ params: JSONValue) -> Reply {
        guard let offset = offset(params), let t = renameTarget(offset) else { return .result(.null) }
        return .result(.object([("range", conv.range(t.cursorRange)), ("placeholder", .string(t.name))]))
    }

    func rename(_ params: JSONValue) -> Reply {
        guard let offset = offset(params) else { return .error(RPCErrorCode.invalidParams, "Invalid params: position is missing") }
        guard let newName = params["newName"]?.stringValue, !newName.isEmpty else {
            return .error(RPCErrorCode.invalidParams, "Invalid params: newName must be a non-empty string")
        }
        guard let t = renameTarget(offset) else {
            return .error(RPCErrorCode.requestFailed, "Only definitions can be renamed: put the cursor on a definition's name or on a \"$ref\" to it")
        }
        if !newName.sameKey(as: t.name), root?["definitions"]?.property(newName) != nil {
            return .error(RPCErrorCode.requestFailed, "A definition named \"\(newName)\" already exists")
        }
        let oldPointer = "/definitions/" + escapePointer(t.name)
        let newPointer = "/definitions/" + escapePointer(newName)
        var edits = [TextEdit(range: t.keyRange, newText: jsonQuoted(newName))]
        for site in collectRefSites(root) {
            guard let p = site.fragment else { continue }
            // (By bytes: a `$ref` to a definition whose name is canonically equivalent names another definition.)
            if p.isPointer(inside: oldPointer) {
                let rest = String(decoding: p.utf8.dropFirst(oldPointer.utf8.count), as: UTF8.self)
                edits.append(TextEdit(range: site.value.range, newText: jsonQuoted("#" + newPointer + rest)))
            }
        }
        let c = conv
        return .result(workspaceEdit(edits.sorted { $0.range < $1.range }.map { LSP.textEdit($0, c) }))
    }

    /// A workspace edit of this document: with the version of the text the edits were computed from when the client
    /// takes `documentChanges` (it then refuses them for a newer text), else as `changes`.
    func workspaceEdit(_ edits: [JSONValue]) -> JSONValue {
        guard server.versionedEditSupport else { return .object([("changes", .object([(doc.uri, .array(edits))]))]) }
        let id = JSONValue.object([("uri", .string(doc.uri)), ("version", .int(Int64(doc.version)))])
        return .object([("documentChanges", .array([.object([("textDocument", id), ("edits", .array(edits))])]))])
    }

    // MARK: document links

    /// Links from each `$ref` to the line it points to, from the incremental linter's tree (no full result).
    func documentLinks() -> Reply {
        var links: [JSONValue] = []
        for site in doc.engine?.refTargets() ?? [] {
            guard let p = site.fragment, let target = site.target else { continue }
            let line = doc.lineIndex.position(of: target.start, in: .utf8).line
            let r = site.value
            // The link covers the pointer inside the quotes.
            let inner = r.length >= 2 ? ByteRange(r.start + 1, r.end - 1) : r
            var m: [(String, JSONValue)] = [("range", conv.range(inner)), ("target", .string(baseURI + "#L\(line + 1)"))]
            if server.linkTooltipSupport { m.append(("tooltip", .string("Go to #\(p)"))) }
            links.append(.object(m))
            if links.count >= 10_000 { break }
        }
        return .result(.array(links))
    }

    var baseURI: String {
        String(doc.uri.beforeFirstByte(UInt8(ascii: "#")))
    }
}
