// Completion: property names valid where the cursor is (and not yet present), enum values, dimension and
// spacing forms (snippets when the client takes them), environment names and `$ref` targets.
import Foundation
import PlainJSON
import JSONRPC
import LSPProtocol
import LayoutLintCore

struct CompletionBuilder {
    let ctx: FeatureContext
    let offset: Int
    var text: [UInt8] { ctx.doc.text }

    func components(_ steps: ArraySlice<PathStep>) -> [String] {
        steps.map { s in
            switch s {
            case .key(let k): return k;
            case .index(let i): return String(i)
            }
        }
    }

    func items() -> [JSONValue] {
        let cursor = locateJSON(ctx.root, offset: offset, text: text)
        // On a key: the keys this object takes.
        if let k = cursor.keyProperty, let obj = cursor.keyObject {
            let comps = components(cursor.steps[...])
            return keyItems(objectPath: comps, object: obj, replacing: k.keyRange, current: k.key, addColon: false)
        }
        guard let node = cursor.node else {
            if ctx.root == nil {
                return keyItems(
                    objectPath: [], object: nil, replacing: wordRange(), current: nil, addColon: true,
                    wrapInBraces: true)
            }
            return []
        }
        switch node.kind {
        case .object:
            let comps = components(cursor.steps[...])
            // After `"key":` with no value yet: that key's values.
            if let (prop, _) = propertyAwaitingValue(in: node) {
                guard let schema = objectSchema(components: comps, object: node) else { return [] }
                return valueItems(
                    valueCompletion(forKey: prop.key, in: schema), replacing: ByteRange(offset, offset),
                    path: comps + [prop.key])
            }
            return keyItems(objectPath: comps, object: node, replacing: wordRange(), current: nil, addColon: true)
        case .array:
            let comps = components(cursor.steps[...])
            if comps == ["environments"] {
                return valueItems(.environmentName, replacing: wordRange(), path: comps, presetsOnly: true)
            }
            return []
        default:
            // A value: what its key takes.
            guard cursor.nodes.count >= 2, let step = cursor.steps.last else { return [] }
            let parentComps = components(cursor.steps.dropLast())
            switch step {
            case .key(let key):
                guard let schema = objectSchema(components: parentComps, object: cursor.nodes[cursor.nodes.count - 2])
                else { return [] }
                return valueItems(
                    valueCompletion(forKey: key, in: schema), replacing: node.range, path: parentComps + [key])
            case .index:
                if parentComps == ["environments"] {
                    return valueItems(.environmentName, replacing: node.range, path: parentComps, presetsOnly: true)
                }
                return []
            }
        }
    }

    /// The property of `object` whose `:` comes right before the cursor (only blanks between), with no value yet
    /// or with a value that does not reach the cursor.
    func propertyAwaitingValue(in object: JSONNode) -> (JSONProperty, Int)? {
        var i = min(offset, text.count) - 1
        while i >= object.range.start, text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0A || text[i] == 0x0D {
            i -= 1
        }
        guard i > object.range.start, text[i] == UInt8(ascii: ":") else { return nil }
        var best: JSONProperty?
        for p in object.properties where p.keyRange.end <= i {
            if best == nil || p.keyRange.end > best!.keyRange.end { best = p }
        }
        guard let p = best else { return nil }
        if let v = p.value, v.range.start <= offset && v.range.end > offset { return nil }
        return (p, i)
    }

    /// The partly typed word before the cursor (letters, digits, `$`, `"`), to replace.
    func wordRange() -> ByteRange {
        var s = min(offset, text.count)
        while s > 0 {
            let c = text[s - 1]
            let isWord =
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x24
                || c == 0x22 || c == 0x5F
            if !isWord { break }
            s -= 1
        }
        return ByteRange(s, min(offset, text.count))
    }

    func item(
        label: String, kind: Int, newText: String, range: ByteRange, detail: String? = nil, snippet: Bool = false,
        filter: String? = nil, sort: String? = nil
    ) -> JSONValue {
        let shown = takenKind(kind, valueSet: ctx.server.client.completionKinds, fallback: CompletionItemKind.value)
        var m: [(String, JSONValue)] = [("label", .string(label)), ("kind", .int(Int64(shown)))]
        if let detail { m.append(("detail", .string(detail))) }
        if let sort { m.append(("sortText", .string(sort))) }
        m.append(("filterText", .string(filter ?? newText)))
        if snippet { m.append(("insertTextFormat", .int(2))) }
        m.append(("textEdit", .object([("range", ctx.conv.range(range)), ("newText", .string(newText))])))
        return .object(m)
    }

    func keyItems(
        objectPath: [String], object: JSONNode?, replacing: ByteRange, current: String?, addColon: Bool,
        wrapInBraces: Bool = false
    ) -> [JSONValue] {
        guard let schema = objectSchema(components: objectPath, object: object) else { return [] }
        // (By code points, as keys compare: a key spelt with the Kelvin sign is not "elementKind".)
        let present = Set((object?.properties ?? []).map { ExactKey($0.key) }).subtracting(
            current.map { [ExactKey($0)] } ?? [])
        // A colon already after the key being edited: do not add another.
        var colon = addColon
        if !addColon {
            var j = replacing.end
            while j < text.count, text[j] == 0x20 || text[j] == 0x09 { j += 1 }
            colon = !(j < text.count && text[j] == UInt8(ascii: ":"))
        }
        // A group takes one way of giving its subitems: the others' keys are not offered.
        var excluded: Set<String> = []
        if case .element = schema {
            let has = { (k: String) in present.contains(ExactKey(k)) }
            if has("subitems") { excluded.formUnion(["subitem", "repeatingSubitem", "count", "frames"]) }
            if has("subitem") { excluded.formUnion(["subitems", "repeatingSubitem", "frames"]) }
            if has("repeatingSubitem") { excluded.formUnion(["subitems", "subitem", "frames"]) }
            if has("frames") { excluded.formUnion(["subitems", "subitem", "repeatingSubitem", "count"]) }
            if has("count") { excluded.formUnion(["subitems", "frames"]) }
        }
        var out: [JSONValue] = []
        for (i, key) in schema.keys.enumerated() where !present.contains(ExactKey(key)) && !excluded.contains(key) {
            let quoted = jsonQuoted(key)
            var newText = quoted + (colon ? ": " : "")
            if wrapInBraces { newText = "{ " + newText }
            out.append(
                item(
                    label: key, kind: CompletionItemKind.property, newText: newText, range: replacing,
                    detail: "\(schemaName(schema)) property", filter: quoted, sort: String(format3(i))))
        }
        return out
    }

    func format3(_ i: Int) -> String {
        let s = String(i)
        return String(repeating: "0", count: max(0, 3 - s.count)) + s
    }

    func schemaName(_ s: ObjectSchema) -> String {
        switch s {
        case .root: return "layout"
        case .configuration: return "configuration"
        case .definitions: return "definitions"
        case .section: return "section"
        case .variant: return "variant"
        case .when: return "when"
        case .element(let g): return g ? "group" : "item"
        case .boundary: return "boundary supplementary item"
        case .supplementary: return "supplementary item"
        case .decoration: return "decoration item"
        case .anchor: return "anchor"
        case .insets: return "insets"
        case .edgeSpacing: return "edge spacing"
        case .environment: return "environment"
        }
    }

    func valueItems(_ kind: ValueCompletion, replacing: ByteRange, path: [String], presetsOnly: Bool = false)
        -> [JSONValue]
    {
        let snippets = ctx.server.client.snippetSupport
        var out: [JSONValue] = []
        switch kind {
        case .none:
            return []
        case .boolean:
            for b in ["true", "false"] {
                out.append(item(label: b, kind: CompletionItemKind.keyword, newText: b, range: replacing))
            }
        case .enumeration(let values):
            for v in values {
                out.append(
                    item(label: v, kind: CompletionItemKind.enumMember, newText: jsonQuoted(v), range: replacing))
            }
        case .dimension, .spacing:
            let forms = kind == .dimension ? ValueForms.dimensions : ValueForms.spacings
            for (i, f) in forms.enumerated() {
                let plain = "\(f.name)(\(f.placeholder))"
                if snippets {
                    let ph =
                        f.placeholder.hasPrefix("estimate: ")
                        ? "estimate: ${1:\(f.placeholder.dropFirst("estimate: ".count))}" : "${1:\(f.placeholder)}"
                    out.append(
                        item(
                            label: plain, kind: CompletionItemKind.snippet, newText: "\"\(f.name)(\(ph))\"",
                            range: replacing,
                            detail: kind == .dimension ? "NSCollectionLayoutDimension" : "NSCollectionLayoutSpacing",
                            snippet: true, filter: jsonQuoted(plain), sort: format3(i)))
                } else {
                    out.append(
                        item(
                            label: plain, kind: CompletionItemKind.value, newText: jsonQuoted(plain), range: replacing,
                            detail: kind == .dimension ? "NSCollectionLayoutDimension" : "NSCollectionLayoutSpacing",
                            sort: format3(i)))
                }
            }
        case .reference:
            // The definitions that fit where the `$ref` is: insets or edge spacing (every key an edge) in a
            // `contentInsets` or `edgeSpacing` object, elements elsewhere (an item's definition in insets was two
            // "unknown property" errors on the definition).
            let wantsEdges = path.count >= 2 && ["contentInsets", "edgeSpacing"].contains(path[path.count - 2])
            let defs = ctx.root?.property("definitions")?.value
            for d in ctx.result?.document.definitions ?? [] {
                let isEdges = defs?.property(d.name)?.value?.holdsOnlyEdges ?? false
                guard isEdges == wantsEdges else { continue }
                let p = "#/definitions/" + escapePointer(d.name)
                out.append(
                    item(
                        label: p, kind: CompletionItemKind.reference, newText: jsonQuoted(p), range: replacing,
                        detail: isEdges ? "insets or edge spacing" : "definition"))
            }
        case .environmentName:
            var names = LayoutEnvironment.presetNames
            if !presetsOnly, let doc = ctx.result?.document {
                names =
                    doc.environments.map(\.environment.name)
                    + names.filter { n in !doc.environments.contains { $0.environment.name == n } }
            }
            for n in names {
                out.append(
                    item(
                        label: n, kind: CompletionItemKind.constant, newText: jsonQuoted(n), range: replacing,
                        detail: "environment"))
            }
        }
        return out
    }
}

extension FeatureContext {
    // MARK: completion

    func completion(_ params: JSONValue) -> Reply {
        guard let offset = offset(params) else {
            return .error(RPCErrorCode.invalidParams, "Invalid params: position is missing")
        }
        // Nothing in a comment (a `/` or `"` typed there triggers completion too: Enter after `//` took a key), nor
        // in a `.layoutlint.json` (its keys are not a layout's).
        if doc.isConfig || inComment(offset) {
            return .result(.object([("isIncomplete", .bool(false)), ("items", .array([]))]))
        }
        var items = CompletionBuilder(ctx: self, offset: offset).items()
        // A list too long to send is cut, and incomplete: the client asks again as the user types. So what is typed
        // (from the start of the item's range to the cursor) filters it first, as the client would: else every
        // answer was the same first items, and a `$ref` to the 501st definition could never be completed.
        if items.count > server.options.maxCompletionItems { items = items.filter { matchesTyped($0, offset) } }
        let cut = items.count > server.options.maxCompletionItems
        return .result(
            .object([
                ("isIncomplete", .bool(cut)), ("items", .array(Array(items.prefix(server.options.maxCompletionItems)))),
            ]))
    }

    /// Whether a completion item's filter text (its label when it has none) holds what was typed before the cursor
    /// in its range, as a case-insensitive subsequence (the clients' fuzzy match), quotes aside.
    func matchesTyped(_ item: JSONValue, _ offset: Int) -> Bool {
        guard let r = conv.byteRange(item["textEdit"]?["range"]), r.start <= offset, offset <= doc.text.count else {
            return true
        }
        let typed = String(decoding: doc.text[r.start..<offset], as: UTF8.self).lowercased().filter { $0 != "\"" }
        guard !typed.isEmpty else { return true }
        let target = (item["filterText"]?.stringValue ?? item["label"]?.stringValue ?? "").lowercased()
        var it = target.makeIterator()
        return typed.allSatisfy { c in
            while let t = it.next() { if t == c { return true } }; return false
        }
    }

    /// Whether the cursor is inside a comment: after its `//` up to the end of its line, or between `/*` and `*/`.
    func inComment(_ offset: Int) -> Bool {
        (result?.parse.comments ?? []).contains { c in
            offset > c.range.start
                && (offset < c.range.end || (offset == c.range.end && (c.isLineComment || !closesBlock(c))))
        }
    }

    /// Whether a block comment ends with its `*/` (an unclosed one runs to the end of the text).
    private func closesBlock(_ c: Comment) -> Bool {
        let t = doc.text
        return c.range.end >= 2 && c.range.end <= t.count && t[c.range.end - 2] == 0x2A && t[c.range.end - 1] == 0x2F
            && c.range.length >= 4
    }
}
