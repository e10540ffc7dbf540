// The methods the server takes, each declared once: its name, its handler, what it answers for a document that is
// not open, the capability it advertises in `initialize`, the document its answer edits. Dispatch, `initialize`'s
// capabilities and the hostile tests' list of methods all read this table.
import PlainJSON
import JSONRPC
import LSPProtocol

enum Reply {
    case result(JSONValue)
    case error(Int, String)
}

/// One method of the protocol the server takes.
struct MethodDeclaration: Sendable {
    typealias DocumentHandler = @Sendable (FeatureContext, JSONValue) -> Reply

    enum Kind: Sendable { case request, notification }

    enum Handler: Sendable {
        /// A request about one open document (`textDocument.uri`): `layout` answers for a layout or configuration
        /// document, `swift` for a Swift one, each with the document linted first.
        case document(layout: DocumentHandler, swift: DocumentHandler)
        /// A request about the server or the workspace.
        case request(@Sendable (LanguageServer, JSONValue?) -> Reply)
        case notification(@Sendable (LanguageServer, JSONValue?) -> Void)
    }

    /// What a document request answers for a document that is not open.
    enum ClosedAnswer: Sendable {
        /// Nothing (`null` or `[]`), and the client is told so in a log message.
        case nothing(JSONValue)
        /// An answer that is complete as it is (an empty report), not logged.
        case quietly(JSONValue)
    }

    let method: String
    let handler: Handler
    /// The phases in which it is handled; in the others a request is refused (`LanguageServer.phaseError`) and a
    /// notification dropped.
    var phases: Set<LanguageServer.Phase> = [.running]
    /// For a document request: the answer for a document that is not open.
    var closed: ClosedAnswer = .nothing(.null)
    /// For a document request: the document becomes the one last queried (`LanguageServer.focus`), the only one that
    /// may hold a full lint result.
    var focuses = true
    /// The capability advertised in `initialize`: its key, and its value for this client (nil: not advertised).
    var capability: (key: String, value: @Sendable (ClientCapabilities) -> JSONValue?)?
    /// The document the answer edits (or whose edit the server sends the client to apply), if any: such a request is
    /// refused with ContentModified when a change of that document follows it in the queue and the client's edits
    /// carry no version.
    var editedDocument: (@Sendable (JSONValue?) -> String?)?

    var kind: Kind {
        if case .notification = handler { return .notification }
        return .request
    }

    static func document(
        _ method: String, layout: @escaping DocumentHandler, swift: @escaping DocumentHandler,
        closed: ClosedAnswer = .nothing(.null), focuses: Bool = true,
        capability: (key: String, value: @Sendable (ClientCapabilities) -> JSONValue?)? = nil,
        editedDocument: (@Sendable (JSONValue?) -> String?)? = nil
    ) -> MethodDeclaration {
        MethodDeclaration(
            method: method, handler: .document(layout: layout, swift: swift), closed: closed, focuses: focuses,
            capability: capability, editedDocument: editedDocument)
    }

    static func request(
        _ method: String, phases: Set<LanguageServer.Phase> = [.running],
        capability: (key: String, value: @Sendable (ClientCapabilities) -> JSONValue?)? = nil,
        editedDocument: (@Sendable (JSONValue?) -> String?)? = nil,
        _ handler: @escaping @Sendable (LanguageServer, JSONValue?) -> Reply
    ) -> MethodDeclaration {
        MethodDeclaration(
            method: method, handler: .request(handler), phases: phases, capability: capability,
            editedDocument: editedDocument)
    }

    static func notification(
        _ method: String, phases: Set<LanguageServer.Phase> = [.running],
        capability: (key: String, value: @Sendable (ClientCapabilities) -> JSONValue?)? = nil,
        _ handler: @escaping @Sendable (LanguageServer, JSONValue?) -> Void
    ) -> MethodDeclaration {
        MethodDeclaration(method: method, handler: .notification(handler), phases: phases, capability: capability)
    }
}

/// The document of a request's `textDocument.uri`.
@Sendable private func requestDocument(_ params: JSONValue?) -> String? { params?["textDocument"]?["uri"]?.stringValue }

/// An answer that does not depend on the document.
private func answer(_ value: JSONValue) -> MethodDeclaration.DocumentHandler { { _, _ in .result(value) } }

extension LanguageServer {
    /// Every method the server takes. Their order is the order of the capabilities in `initialize`'s answer.
    static let methods: [MethodDeclaration] = [
        // Lifecycle (Lifecycle.swift).
        .request("initialize", phases: [.uninitialized]) { s, p in .result(s.initialize(p)) },
        .notification("initialized") { s, _ in s.registerWatchers() },
        .request("shutdown") { s, _ in s.shutdown() },
        .notification("exit", phases: [.uninitialized, .running, .shutDown]) { s, _ in s.exit() },
        // Document sync (DocumentSync.swift).
        .notification(
            "textDocument/didOpen",
            capability: (
                "textDocumentSync",
                { _ in
                    .object([
                        ("openClose", .bool(true)),
                        ("change", .int(2)),
                        ("save", .object([("includeText", .bool(false))])),
                    ])
                }
            )
        ) { s, p in s.didOpen(p) },
        .notification("textDocument/didChange") { s, p in s.didChange(p) },
        .notification("textDocument/didSave") { s, p in s.didSave(p) },
        .notification("textDocument/didClose") { s, p in s.didClose(p) },
        // Features of one document (a file each: Hover.swift, InlayHints.swift, …; SwiftFeatures.swift).
        .document(
            "textDocument/hover", layout: { $0.hover($1) }, swift: { $0.swiftHover($1) },
            capability: ("hoverProvider", { _ in .bool(true) })),
        .document(
            "textDocument/inlayHint", layout: { $0.inlayHints($1) }, swift: { $0.swiftInlayHints($1) },
            closed: .nothing(.array([])), capability: ("inlayHintProvider", { _ in .bool(true) })),
        .document(
            "textDocument/codeAction", layout: { $0.codeActions($1) }, swift: { $0.swiftCodeActions($1) },
            closed: .nothing(.array([])),
            // `CodeActionOptions` only to a client that takes literals, LSP says; one that takes commands gets
            // `true`; one that could apply neither gets nothing.
            capability: (
                "codeActionProvider",
                { c in
                    c.codeActionLiteralSupport
                        ? .object([
                            ("codeActionKinds", .array([.string("quickfix"), .string("source.fixAll.layoutlint")]))
                        ])
                        : c.applyEditSupport ? .bool(true) : nil
                }
            ),
            editedDocument: requestDocument),
        .document(
            "textDocument/completion", layout: { $0.completion($1) }, swift: answer(.null),
            capability: (
                "completionProvider",
                { _ in .object([("triggerCharacters", .array([.string("\""), .string("#"), .string("/")]))]) }
            )),
        .document(
            "textDocument/documentSymbol", layout: { c, _ in c.documentSymbols() }, swift: { c, _ in c.swiftSymbols() },
            closed: .nothing(.array([])), capability: ("documentSymbolProvider", { _ in .bool(true) })),
        .document(
            "textDocument/definition", layout: { $0.definition($1) }, swift: answer(.null),
            capability: ("definitionProvider", { _ in .bool(true) })),
        .document(
            "textDocument/references", layout: { $0.references($1) }, swift: answer(.array([])),
            capability: ("referencesProvider", { _ in .bool(true) })),
        .document(
            "textDocument/rename", layout: { $0.rename($1) }, swift: answer(.null),
            capability: (
                "renameProvider",
                { c in c.prepareRenameSupport ? .object([("prepareProvider", .bool(true))]) : .bool(true) }
            ),
            editedDocument: requestDocument),
        .document("textDocument/prepareRename", layout: { $0.prepareRename($1) }, swift: answer(.null)),
        .document(
            "textDocument/documentLink", layout: { c, _ in c.documentLinks() }, swift: answer(.array([])),
            closed: .nothing(.array([])),
            capability: ("documentLinkProvider", { _ in .object([("resolveProvider", .bool(false))]) })),
        .document(
            "textDocument/codeLens", layout: { c, _ in .result(c.server.codeLenses(c.doc)) },
            swift: { c, _ in .result(c.server.swiftCodeLenses(c.doc)) },
            closed: .nothing(.array([])),
            capability: ("codeLensProvider", { _ in .object([("resolveProvider", .bool(false))]) })),
        // Commands (Preview.swift).
        .request(
            "workspace/executeCommand",
            capability: (
                "executeCommandProvider",
                { _ in
                    .object([
                        (
                            "commands",
                            .array([
                                .string(LanguageServer.previewCommand), .string(LanguageServer.applyCodeActionCommand),
                            ])
                        )
                    ])
                }
            ),
            editedDocument: { p in
                p?["command"]?.stringValue == LanguageServer.applyCodeActionCommand
                    ? p?["arguments"]?[0]?.stringValue : nil
            }
        ) { s, p in
            s.executeCommand(p)
        },
        // Workspace and configuration (DocumentSync.swift).
        // Folders added to the workspace later get their own `.layoutlint.json` (as `lint` would read it).
        .notification(
            "workspace/didChangeWorkspaceFolders",
            capability: (
                "workspace",
                { _ in
                    .object([
                        (
                            "workspaceFolders",
                            .object([("supported", .bool(true)), ("changeNotifications", .bool(true))])
                        )
                    ])
                }
            )
        ) { s, p in
            s.workspaceFoldersChanged(p)
        },
        .notification("workspace/didChangeWatchedFiles") { s, p in s.watchedFilesChanged(p) },
        .notification("workspace/didChangeConfiguration") { s, _ in s.configChanged(reason: "the configuration changed")
        },
        // Pull diagnostics (DocumentSync.swift): a client that declares pulling but cannot be asked to pull again is
        // offered none (`ClientCapabilities.pullsDiagnostics`).
        .document(
            "textDocument/diagnostic", layout: { c, p in c.server.pullDiagnostics(c.doc, p) },
            swift: { c, p in c.server.pullDiagnostics(c.doc, p) },
            closed: .quietly(.object([("kind", .string("full")), ("items", .array([]))])), focuses: false,
            capability: (
                "diagnosticProvider",
                { c in
                    c.declaresPull && !c.pullsDiagnostics
                        ? nil
                        : .object([
                            ("identifier", .string("layoutlint")),
                            ("interFileDependencies", .bool(false)),
                            ("workspaceDiagnostics", .bool(false)),
                        ])
                }
            )),
        // The server's own.
        .request("layoutlint/stats") { s, _ in .result(s.stats()) },
    ]

    static let requestDeclarations: [String: MethodDeclaration] =
        Dictionary(uniqueKeysWithValues: methods.filter { $0.kind == .request }.map { ($0.method, $0) })
    static let notificationDeclarations: [String: MethodDeclaration] =
        Dictionary(uniqueKeysWithValues: methods.filter { $0.kind == .notification }.map { ($0.method, $0) })

    /// The capabilities advertised to this client, in the order of `methods`.
    func advertisedCapabilities() -> [(String, JSONValue)] {
        Self.methods.compactMap { d in d.capability.flatMap { c in c.value(client).map { (c.key, $0) } } }
    }

    // MARK: dispatch

    /// The error answering a request in a phase that does not take it.
    func phaseError() -> Reply {
        switch phase {
        case .uninitialized:
            return .error(RPCErrorCode.serverNotInitialized, "Server not initialized: send initialize first")
        case .shutDown:
            return .error(
                RPCErrorCode.invalidRequest, "Invalid Request: the server has shut down; only exit is accepted")
        case .running: return .error(RPCErrorCode.invalidRequest, "Invalid Request: initialize was already received")
        }
    }

    /// The document a request's answer edits (or whose edit the server sends the client to apply), if any.
    static func editedDocument(_ method: String, _ params: JSONValue?) -> String? {
        requestDeclarations[method]?.editedDocument?(params)
    }

    func handleRequest(_ method: String, _ params: JSONValue?) -> Reply {
        let declaration = Self.requestDeclarations[method]
        guard (declaration?.phases ?? [.running]).contains(phase) else { return phaseError() }
        guard let declaration else { return .error(RPCErrorCode.methodNotFound, "Method not found: \(method)") }
        switch declaration.handler {
        case .request(let handle):
            return handle(self, params)
        case .notification:
            return .error(RPCErrorCode.methodNotFound, "Method not found: \(method)")
        case .document(let layout, let swift):
            guard let params, case .object = params else {
                return .error(RPCErrorCode.invalidParams, "Invalid params: expected an object")
            }
            guard let uri = params["textDocument"]?["uri"]?.stringValue else {
                return .error(RPCErrorCode.invalidParams, "Invalid params: textDocument.uri is missing")
            }
            guard let doc = documents[uri] else {
                switch declaration.closed {
                case .quietly(let answer):
                    return .result(answer)
                case .nothing(let answer):
                    logToClient(
                        "\(method) for \(uri), which is not open; answering with nothing", type: 4,
                        kind: "request for a closed document")
                    return .result(answer)
                }
            }
            ensureLinted(doc)
            if declaration.focuses { focus(doc) }
            let ctx = FeatureContext(server: self, doc: doc)
            return doc.isSwift ? swift(ctx, params) : layout(ctx, params)
        }
    }

    func handleNotification(_ method: String, _ params: JSONValue?) {
        let declaration = Self.notificationDeclarations[method]
        guard (declaration?.phases ?? [.running]).contains(phase) else {
            if phase == .uninitialized { log("dropped \(method) (before initialize)") }
            return
        }
        guard let declaration, case .notification(let handle) = declaration.handler else {
            if !method.hasBytePrefix("$/") { log("ignored notification \(method)", kind: "ignored notification") }
            return
        }
        handle(self, params)
    }
}

/// The methods of the language server, from its table of declarations (for tests and documentation).
public enum LanguageServerMethods {
    /// Every request the server answers, in the order of its table.
    public static var requests: [String] { LanguageServer.methods.filter { $0.kind == .request }.map(\.method) }
    /// Every notification it handles.
    public static var notifications: [String] {
        LanguageServer.methods.filter { $0.kind == .notification }.map(\.method)
    }
    /// The requests that run in the lifecycle's phases rather than on a running server's state (`initialize`,
    /// `shutdown`): tests that send a request many times leave them out.
    public static let lifecycle: [String] = ["initialize", "shutdown"]
}
