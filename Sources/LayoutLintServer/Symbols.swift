// Document symbols: the outline (definitions and sections), as a tree or flat.
import Foundation
import PlainJSON
import JSONRPC
import LSPProtocol
import LayoutLintCore

extension FeatureContext {
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
        let taken = server.client.symbolKinds
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
        if !server.client.hierarchicalSymbols {
            // SymbolInformation[], depth first, each with the name of the symbol that holds it.
            var flat: [JSONValue] = []
            func add(_ o: OutlineSymbol, container: String?) {
                guard flat.count < cap else { return }
                let name = LSP.label(o.name)
                var m: [(String, JSONValue)] = [
                    ("name", .string(name)), ("kind", .int(Int64(kind(o.kind)))),
                    ("location", LSP.location(uri: doc.uri, range: conv.range(o.range))),
                ]
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
            m += [
                ("kind", .int(Int64(kind(o.kind)))), ("range", conv.range(o.range)),
                ("selectionRange", conv.range(sel)),
            ]
            if !children.isEmpty { m.append(("children", .array(children))) }
            return .object(m)
        }
        return .result(.array(outline.map(symbol)))
    }
}
