// Definition, references, rename and prepareRename: a `$ref`'s target and the `$ref`s naming a definition.
import Foundation
import PlainJSON
import JSONRPC
import LSPProtocol
import LayoutLintCore

extension FeatureContext {
    // MARK: definition, references, rename

    /// What the cursor names for navigation: a `$ref` value (its pointer) or a definition's key.
    func navigationTarget(_ offset: Int) -> (pointer: String, range: ByteRange, isDefinitionKey: Bool)? {
        let cursor = locateJSON(root, offset: offset)
        if let k = cursor.keyProperty {
            let comps = cursor.components
            if comps.count == 2 && comps[0] == "definitions" {
                return ("/definitions/" + escapePointer(k.key), k.keyRange, true)
            }
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
        guard let offset = offset(params), let t = navigationTarget(offset), let r = definitionLocation(t.pointer)
        else { return .result(.null) }
        return .result(LSP.location(uri: doc.uri, range: conv.range(r)))
    }

    func references(_ params: JSONValue) -> Reply {
        guard let offset = offset(params), let t = navigationTarget(offset) else { return .result(.null) }
        var locs: [JSONValue] = []
        if params["context"]?["includeDeclaration"]?.boolValue ?? true,
            let (_, prop) = jsonNode(atPointer: t.pointer, root: root)
        {
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
            let prop = defs.properties.last(where: { $0.key.sameKey(as: comps[1]) })
        else { return nil }
        return (comps[1], prop.keyRange, t.range)
    }

    func prepareRename(_ params: JSONValue) -> Reply {
        guard let offset = offset(params), let t = renameTarget(offset) else { return .result(.null) }
        return .result(.object([("range", conv.range(t.cursorRange)), ("placeholder", .string(t.name))]))
    }

    func rename(_ params: JSONValue) -> Reply {
        guard let offset = offset(params) else {
            return .error(RPCErrorCode.invalidParams, "Invalid params: position is missing")
        }
        guard let newName = params["newName"]?.stringValue, !newName.isEmpty else {
            return .error(RPCErrorCode.invalidParams, "Invalid params: newName must be a non-empty string")
        }
        guard let t = renameTarget(offset) else {
            return .error(
                RPCErrorCode.requestFailed,
                "Only definitions can be renamed: put the cursor on a definition's name or on a \"$ref\" to it")
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
}
