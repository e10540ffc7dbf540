// Dispatch: the methods the server takes and the handler of each.
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import JSONC
import JSONRPC
import LSPProtocol
import LayoutLintCore
import LayoutLintWorkspace

enum Reply {
    case result(JSONValue)
    case error(Int, String)
}

extension LanguageServer {
    // MARK: dispatch

    /// Requests whose answers are text edits of the document.
    static let answersWithEdits: Set<String> = ["textDocument/codeAction", "textDocument/rename"]

    /// The document a request's answer edits (or whose edit the server sends the client to apply), if any.
    static func editedDocument(_ method: String, _ params: JSONValue?) -> String? {
        if answersWithEdits.contains(method) { return params?["textDocument"]?["uri"]?.stringValue }
        if method == "workspace/executeCommand", params?["command"]?.stringValue == applyCodeActionCommand {
            return params?["arguments"]?[0]?.stringValue
        }
        return nil
    }


    func handleRequest(_ method: String, _ params: JSONValue?) -> Reply {
        switch phase {
        case .uninitialized:
            guard method == "initialize" else {
                return .error(RPCErrorCode.serverNotInitialized, "Server not initialized: send initialize first")
            }
            return .result(initialize(params))
        case .shutDown:
            return .error(RPCErrorCode.invalidRequest, "Invalid Request: the server has shut down; only exit is accepted")
        case .running:
            break
        }
        switch method {
        case "initialize":
            return .error(RPCErrorCode.invalidRequest, "Invalid Request: initialize was already received")
        case "shutdown":
            phase = .shutDown
            return .result(.null)
        case "layoutlint/stats":
            return .result(stats())
        case "textDocument/hover", "textDocument/inlayHint", "textDocument/codeAction", "textDocument/completion",
             "textDocument/documentSymbol", "textDocument/definition", "textDocument/references", "textDocument/rename",
             "textDocument/prepareRename", "textDocument/documentLink", "textDocument/diagnostic", "textDocument/codeLens":
            guard let params, case .object = params else { return .error(RPCErrorCode.invalidParams, "Invalid params: expected an object") }
            guard let uri = params["textDocument"]?["uri"]?.stringValue else {
                return .error(RPCErrorCode.invalidParams, "Invalid params: textDocument.uri is missing")
            }
            guard let doc = documents[uri] else {
                if method == "textDocument/diagnostic" {
                    return .result(.object([("kind", .string("full")), ("items", .array([]))]))
                }
                logToClient("\(method) for \(uri), which is not open; answering with nothing", type: 4, kind: "request for a closed document")
                return .result(method == "textDocument/documentSymbol" || method == "textDocument/inlayHint"
                               || method == "textDocument/codeAction" || method == "textDocument/documentLink"
                               || method == "textDocument/codeLens" ? .array([]) : .null)
            }
            ensureLinted(doc)
            if method != "textDocument/diagnostic" { focus(doc) }
            let ctx = FeatureContext(server: self, doc: doc)
            if doc.isSwift {
                switch method {
                case "textDocument/hover": return ctx.swiftHover(params)
                case "textDocument/inlayHint": return ctx.swiftInlayHints(params)
                case "textDocument/codeAction": return ctx.swiftCodeActions(params)
                case "textDocument/documentSymbol": return ctx.swiftSymbols()
                case "textDocument/codeLens": return .result(swiftCodeLenses(doc))
                case "textDocument/diagnostic": return pullDiagnostics(doc, params)
                case "textDocument/completion", "textDocument/definition", "textDocument/prepareRename", "textDocument/rename": return .result(.null)
                default: return .result(.array([]))
                }
            }
            switch method {
            case "textDocument/hover": return ctx.hover(params)
            case "textDocument/inlayHint": return ctx.inlayHints(params)
            case "textDocument/codeAction": return ctx.codeActions(params)
            case "textDocument/completion": return ctx.completion(params)
            case "textDocument/documentSymbol": return ctx.documentSymbols()
            case "textDocument/definition": return ctx.definition(params)
            case "textDocument/references": return ctx.references(params)
            case "textDocument/rename": return ctx.rename(params)
            case "textDocument/prepareRename": return ctx.prepareRename(params)
            case "textDocument/documentLink": return ctx.documentLinks()
            case "textDocument/codeLens": return .result(codeLenses(doc))
            default: return pullDiagnostics(doc, params)
            }
        case "workspace/executeCommand":
            return executeCommand(params)
        default:
            return .error(RPCErrorCode.methodNotFound, "Method not found: \(method)")
        }
    }

    func handleNotification(_ method: String, _ params: JSONValue?) {
        if method == "exit" {
            exitCode = phase == .shutDown ? 0 : 1
            return
        }
        guard phase == .running else {
            if phase == .uninitialized { log("dropped \(method) (before initialize)") }
            return
        }
        switch method {
        case "initialized":
            registerWatchers()
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didSave": didSave(params)
        case "textDocument/didClose": didClose(params)
        case "workspace/didChangeWatchedFiles":
            watchedFilesChanged(params)
        case "workspace/didChangeConfiguration":
            configChanged(reason: "the configuration changed")
        case "workspace/didChangeWorkspaceFolders":
            workspaceFoldersChanged(params)
        default:
            if !method.hasBytePrefix("$/") { log("ignored notification \(method)", kind: "ignored notification") }
        }
    }

}
