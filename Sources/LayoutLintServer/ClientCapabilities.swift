// What the client declared in `initialize` (`capabilities`), read once into one value: every feature asks it here,
// never the raw JSON.
import PlainJSON
import LSPProtocol
import LayoutLintCore

struct ClientCapabilities {
    /// The position encoding negotiated: the client's first choice among UTF-8 and UTF-32 (`general.positionEncodings`),
    /// else UTF-16, which every client takes.
    var positionEncoding = PositionEncoding.utf16
    /// Completion items may be snippets (`completionItem.snippetSupport`).
    var snippetSupport = false
    /// Hover as Markdown, unless the client declares formats without it (eglot without markdown-mode: plaintext).
    var hoverMarkdown = true
    /// Document symbols as a tree (`DocumentSymbol[]`), or flat (`SymbolInformation[]`) for a client that does not
    /// declare `hierarchicalDocumentSymbolSupport`.
    var hierarchicalSymbols = true
    /// The symbol and completion kinds the client declares (nil: it declares none).
    var symbolKinds: Set<Int>?
    var completionKinds: Set<Int>?
    /// The client takes `documentChanges` in a workspace edit: edits then name the document version they were
    /// computed from, and the client refuses them for a newer text.
    var versionedEditSupport = false
    /// The client takes `CodeAction` literals in a codeAction answer (`codeActionLiteralSupport`, LSP 3.8); one that
    /// does not is answered with `Command`s (`layoutlint.applyCodeAction`), applied through `workspace/applyEdit` when
    /// it declares `workspace.applyEdit`.
    var codeActionLiteralSupport = true
    var applyEditSupport = false
    var linkTooltipSupport = false
    var prepareRenameSupport = false
    /// The client can be asked to pull diagnostics again (`workspace.diagnostics.refreshSupport`).
    var refreshSupport = false
    /// The client declares pulling diagnostics (`textDocument.diagnostic`).
    var declaresPull = false
    /// The client pulls diagnostics (`textDocument.diagnostic`): the open documents' are not pushed as well, which a
    /// pulling client keeps in a second collection and shows twice (Neovim 0.10+, and VS Code by luck of names).
    /// A client that pulls but cannot be told to pull again (no `workspace.diagnostics.refreshSupport`) would keep
    /// a document's findings from before a configuration change until it happened to pull: such a client is
    /// offered no `diagnosticProvider` and gets them pushed, as every client takes them.
    var pullsDiagnostics = false
    /// The optional parts of a diagnostic the client takes (all until `initialize` says).
    var diagnosticFeatures = DiagnosticFeatures.all
    var inlayHintRefreshSupport = false
    var codeLensRefreshSupport = false
    /// The client opens a preview outside the editor when asked (`window.showDocument.support`).
    var showDocumentSupport = false
    /// The client lets the server register a watcher of configuration files (`didChangeWatchedFiles.dynamicRegistration`).
    var watchedFilesRegistration = false

    /// What is assumed before `initialize`.
    init() {}

    /// What `capabilities` declares. (A capability the client does not name is one it does not have.)
    init(_ caps: JSONValue) {
        let offered = caps["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if offered.contains("utf-8") {
            positionEncoding = .utf8
        } else if offered.contains("utf-32") {
            positionEncoding = .utf32
        } else {
            positionEncoding = .utf16
        }
        let td = caps["textDocument"], ws = caps["workspace"]
        snippetSupport = td?["completion"]?["completionItem"]?["snippetSupport"]?.boolValue ?? false
        if let formats = td?["hover"]?["contentFormat"]?.arrayValue {
            hoverMarkdown = formats.contains(.string("markdown"))
        }
        hierarchicalSymbols = td?["documentSymbol"]?["hierarchicalDocumentSymbolSupport"]?.boolValue ?? false
        symbolKinds = declaredKinds(td?["documentSymbol"]?["symbolKind"])
        completionKinds = declaredKinds(td?["completion"]?["completionItemKind"])
        linkTooltipSupport = td?["documentLink"]?["tooltipSupport"]?.boolValue ?? false
        prepareRenameSupport = td?["rename"]?["prepareSupport"]?.boolValue ?? false
        refreshSupport = ws?["diagnostics"]?["refreshSupport"]?.boolValue ?? false
        declaresPull = td?["diagnostic"]?.objectValue != nil
        pullsDiagnostics = declaresPull && refreshSupport
        diagnosticFeatures = DiagnosticFeatures(textDocument: td, pulled: pullsDiagnostics)
        inlayHintRefreshSupport = ws?["inlayHint"]?["refreshSupport"]?.boolValue ?? false
        codeLensRefreshSupport = ws?["codeLens"]?["refreshSupport"]?.boolValue ?? false
        versionedEditSupport = ws?["workspaceEdit"]?["documentChanges"]?.boolValue ?? false
        codeActionLiteralSupport = td?["codeAction"]?["codeActionLiteralSupport"]?.objectValue != nil
        applyEditSupport = ws?["applyEdit"]?.boolValue ?? false
        showDocumentSupport = caps["window"]?["showDocument"]?["support"]?.boolValue == true
        watchedFilesRegistration = ws?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue == true
    }
}
