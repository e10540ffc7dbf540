// The lifecycle: initialize (what the client declares, what the server advertises), initialized (the config file
// watcher), and the server's own stats.
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import JSONC
import JSONRPC
import LSPProtocol
import LayoutLintCore
import LayoutLintWorkspace

extension LanguageServer {
    // MARK: lifecycle

    func initialize(_ params: JSONValue?) -> JSONValue {
        phase = .running
        if let p = params?["processId"]?.intValue, p > 0, p <= Int64(Int32.max) {
            parentPID = pid_t(p)
            lastParentCheck = monotonicMillis()
        }
        let caps = params?["capabilities"] ?? .object([])
        clientCapabilities = caps
        let offered = caps["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if offered.contains("utf-8") { encoding = .utf8 }
        else if offered.contains("utf-32") { encoding = .utf32 }
        else { encoding = .utf16 }
        let td = caps["textDocument"]
        snippetSupport = td?["completion"]?["completionItem"]?["snippetSupport"]?.boolValue ?? false
        if let formats = td?["hover"]?["contentFormat"]?.arrayValue {
            hoverMarkdown = formats.contains(.string("markdown"))
        }
        hierarchicalSymbols = td?["documentSymbol"]?["hierarchicalDocumentSymbolSupport"]?.boolValue ?? false
        symbolKinds = declaredKinds(td?["documentSymbol"]?["symbolKind"])
        completionKinds = declaredKinds(td?["completion"]?["completionItemKind"])
        linkTooltipSupport = td?["documentLink"]?["tooltipSupport"]?.boolValue ?? false
        prepareRenameSupport = td?["rename"]?["prepareSupport"]?.boolValue ?? false
        refreshSupport = caps["workspace"]?["diagnostics"]?["refreshSupport"]?.boolValue ?? false
        // A client that pulls but cannot be told to pull again (no `workspace.diagnostics.refreshSupport`) would keep
        // a document's findings from before a configuration change until it happened to pull: such a client is
        // offered no `diagnosticProvider` and gets them pushed, as every client takes them.
        let declaresPull = td?["diagnostic"]?.objectValue != nil
        clientPullsDiagnostics = declaresPull && refreshSupport
        // (A capability the client does not name is one it does not have.)
        diagnosticFeatures = DiagnosticFeatures(textDocument: td, pulled: clientPullsDiagnostics)
        inlayHintRefreshSupport = caps["workspace"]?["inlayHint"]?["refreshSupport"]?.boolValue ?? false
        codeLensRefreshSupport = caps["workspace"]?["codeLens"]?["refreshSupport"]?.boolValue ?? false
        versionedEditSupport = caps["workspace"]?["workspaceEdit"]?["documentChanges"]?.boolValue ?? false
        codeActionLiteralSupport = td?["codeAction"]?["codeActionLiteralSupport"]?.objectValue != nil
        applyEditSupport = caps["workspace"]?["applyEdit"]?.boolValue ?? false
        if let root = params?["rootUri"]?.stringValue { rootPath = URIPath.path(of: root) }
        else if let root = params?["rootPath"]?.stringValue { rootPath = root }
        var roots = params?["workspaceFolders"]?.arrayValue?.compactMap { $0["uri"]?.stringValue.flatMap(URIPath.path(of:)) } ?? []
        if roots.isEmpty, let rootPath { roots = [rootPath] }
        workspaceRoots = roots.isEmpty ? nil : roots
        log("initialized: position encoding \(encoding.rawValue)")
        let rename: JSONValue = prepareRenameSupport ? .object([("prepareProvider", .bool(true))]) : .bool(true)
        // `CodeActionOptions` only to a client that takes literals, LSP says; one that takes commands gets `true`; one
        // that could apply neither gets nothing.
        let codeActionProvider: [(String, JSONValue)] =
            codeActionLiteralSupport ? [("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix"), .string("source.fixAll.layoutlint")]))]))]
            : applyEditSupport ? [("codeActionProvider", .bool(true))] : []
        let capabilities: JSONValue = .object([
            ("positionEncoding", .string(encoding.rawValue)),
            ("textDocumentSync", .object([
                ("openClose", .bool(true)),
                ("change", .int(2)),
                ("save", .object([("includeText", .bool(false))])),
            ])),
            ("hoverProvider", .bool(true)),
            ("inlayHintProvider", .bool(true)),
        ] + codeActionProvider + [
            ("completionProvider", .object([("triggerCharacters", .array([.string("\""), .string("#"), .string("/")]))])),
            ("documentSymbolProvider", .bool(true)),
            ("definitionProvider", .bool(true)),
            ("referencesProvider", .bool(true)),
            ("renameProvider", rename),
            ("documentLinkProvider", .object([("resolveProvider", .bool(false))])),
            ("codeLensProvider", .object([("resolveProvider", .bool(false))])),
            ("executeCommandProvider", .object([("commands", .array([.string(Self.previewCommand), .string(Self.applyCodeActionCommand)]))])),
            // Folders added to the workspace later get their own `.layoutlint.json` (as `lint` would read it).
            ("workspace", .object([("workspaceFolders", .object([("supported", .bool(true)), ("changeNotifications", .bool(true))]))])),
        ] + (declaresPull && !clientPullsDiagnostics ? [] : [
            ("diagnosticProvider", .object([
                ("identifier", .string("layoutlint")),
                ("interFileDependencies", .bool(false)),
                ("workspaceDiagnostics", .bool(false)),
            ])),
        ]))
        return .object([
            ("capabilities", capabilities),
            ("serverInfo", .object([("name", .string("layoutlint")), ("version", .string(layoutlintServerVersion))])),
        ])
    }


    func registerWatchers() {
        guard clientCapabilities["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue == true else { return }
        let watcher: JSONValue = .object([("globPattern", .string("**/\(LayoutLintConfig.fileName)"))])
        request("client/registerCapability", .object([("registrations", .array([.object([
            ("id", .string("layoutlint-config-watcher")),
            ("method", .string("workspace/didChangeWatchedFiles")),
            ("registerOptions", .object([("watchers", .array([watcher]))])),
        ])]))]))
    }
}

extension LanguageServer {
    /// `layoutlint/stats`: the number of open documents, what the last lint did, and what is retained per document
    /// (the first 1 000 documents by URI).
    func stats() -> JSONValue {
        let perDocument: [JSONValue] = documents.keys.sorted().prefix(1000).map { uri in
            let doc = documents[uri]!
            return .object([
                ("uri", .string(uri)),
                ("bytes", .int(Int64(doc.text.count))),
                ("incremental", .bool(doc.engine != nil)),
                ("fullResult", .bool(doc.holdsFullResult)),
                ("enginesMade", .int(Int64(doc.enginesMade))),
            ])
        }
        return .object([
            ("documents", .int(Int64(documents.count))),
            ("fullResults", .int(Int64(documents.values.filter(\.holdsFullResult).count))),
            ("publishPending", .int(Int64(publishAt.count))),
            ("inputBytesRead", .int(Int64(inputBytesRead))),
            ("memoryTrims", .int(Int64(memoryTrims))),
            ("configStates", .int(Int64(Set(configUsers.storage.keys).union(lastGoodConfig.storage.keys).union(publishedConfigDiagnostics.storage.keys).count))),
            ("lastChange", lastChange),
            ("perDocument", .array(perDocument)),
        ])
    }
}
