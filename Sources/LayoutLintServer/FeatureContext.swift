// The context every feature handler of a layout document works in (the server, the document, its position
// converter and lint result), and what the features share: limits, positions, workspace edits. Each feature is in
// its own file (Hover, InlayHints, CodeActions, Completion, Symbols, Navigation, DocumentLinks; SwiftFeatures for
// Swift documents).
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

    /// At most this many document symbols (all kinds together).
    static var maxDocumentSymbols: Int { 5000 }
    /// At most this many inlay hints, references and document links.
    static var maxInlayHints: Int { 5000 }
    static var maxReferences: Int { 10_000 }

    /// A workspace edit of this document: with the version of the text the edits were computed from when the client
    /// takes `documentChanges` (it then refuses them for a newer text), else as `changes`.
    func workspaceEdit(_ edits: [JSONValue]) -> JSONValue {
        guard server.client.versionedEditSupport else {
            return .object([("changes", .object([(doc.uri, .array(edits))]))])
        }
        let id = JSONValue.object([("uri", .string(doc.uri)), ("version", .int(Int64(doc.version)))])
        return .object([("documentChanges", .array([.object([("textDocument", id), ("edits", .array(edits))])]))])
    }
}
