// An open document: its text (edited incrementally), its lint results, the configuration that governs it, and
// the diagnostics published for it.
import Foundation
import PlainJSON
import JSONRPC
import LSPProtocol
import LayoutLintCore
import LayoutLintSwift
import LayoutLintWorkspace

/// What an open document is, which decides what lints it.
enum DocumentKind {
    /// A layout document: the incremental linter.
    case layout
    /// A Swift source (`languageId` `swift`, or a `.swift` path): the Swift front end, as a module of one file.
    case swift
    /// A `.layoutlint.json` opened in the editor: linted as a configuration, not as a layout.
    case config
}

/// What lints an open document and is kept between its edits: each engine brings itself up to date with the text
/// (`Document.lint`), re-reading only what the edits touched, and says what it recomputed.
protocol DocumentEngine: AnyObject {
    var diagnostics: [Diagnostic] { get }
    /// What the last update recomputed (`layoutlint/stats`' `lastChange`): a struct of counts and a mode.
    var updateStats: Any { get }
}

extension IncrementalLinter: DocumentEngine {
    var updateStats: Any { stats }
}

extension SwiftDocumentReader: DocumentEngine {
    var diagnostics: [Diagnostic] { result.diagnostics }
    var updateStats: Any { stats }
}

final class Document {
    let uri: String
    let path: String?
    let kind: DocumentKind
    var isConfig: Bool { kind == .config }
    var isSwift: Bool { kind == .swift }
    /// The Swift front end's result for the current text (its layouts, resolved per environment; the layouts'
    /// own ranges are the reader's region offsets: `SwiftFileResult.textRange`).
    var swiftResult: SwiftFileResult? { swiftReader?.result }
    var version: Int
    /// The document's engine, once linted (none for a configuration file): the incremental linter of a layout
    /// document owns the text (edits go to it, it re-lints only what they touched); the Swift reader reads the text
    /// kept here again after each edit, re-reading only the layouts the edit touched. Before the first lint the text
    /// is kept here.
    private(set) var engine: DocumentEngine?
    /// The engine of a layout document.
    var linter: IncrementalLinter? { engine as? IncrementalLinter }
    /// The engine of a Swift source.
    var swiftReader: SwiftDocumentReader? { engine as? SwiftDocumentReader }
    private var rawText: [UInt8]
    private var rawIndex: LineIndex
    var text: [UInt8] { linter?.text ?? rawText }
    var lineIndex: LineIndex { linter?.lineIndex ?? rawIndex }
    /// Bumped on every change of the text.
    var editCount = 0
    /// The `editCount` for which a code action command's edit was sent: a command names it and `opening` (a document
    /// closed and opened again starts at version 1 again), and one text gets at most one such edit (a client that
    /// takes no versioned edits would apply a second to the text the first changed).
    var commandEditSent: Int?
    /// The whole lint result (tree, model, layouts) for hover and the other queries: computed when first asked for
    /// after a change.
    var result: LintResult? {
        guard let r = linter?.fullResult() else { return nil }
        if lastResult?.document !== r.document {
            queryIndexes = nil
            lastResult = r
        }
        return r
    }
    /// The full result last handed to a query. Kept until the next query asks for a newer one, so that freeing it
    /// (the tree, model and layouts of a 1 MB document: 20 ms) is part of that query, not of the next edit's
    /// diagnostics. (Freeing it on another thread made both slower: the two threads fought over malloc's arena.)
    private var lastResult: LintResult?
    /// Indexes of the full result (model objects by position, resolved frames by element), built once per result:
    /// hover, inlay hints and symbols all ask for them.
    private var queryIndexes: (document: LayoutDocument, model: ModelIndex, resolved: [ResolvedIndex])?

    /// Whether a whole lint result (or its indexes) is held for this document, here or by its engine.
    var holdsFullResult: Bool { lastResult != nil || queryIndexes != nil || linter?.holdsFullResult == true }

    /// Lets go of the whole lint result and its indexes (a document the user moved away from keeps only its
    /// incremental state: the full result of a 1 MB document is ~60 MB).
    func dropFullResult() {
        lastResult = nil
        queryIndexes = nil
        linter?.dropFullResult()
    }

    /// The document outline (nil for a configuration file).
    func outline() -> [OutlineSymbol]? { linter?.outline() }

    func indexes(_ r: LintResult) -> (model: ModelIndex, resolved: [ResolvedIndex]) {
        if let c = queryIndexes, c.document === r.document { return (c.model, c.resolved) }
        let c = (document: r.document, model: ModelIndex(r.document), resolved: r.layouts.map { ResolvedIndex($0) })
        queryIndexes = c
        return (c.model, c.resolved)
    }

    var diagnostics: [Diagnostic] = [] { didSet { fixAllPick = nil } }
    /// The fixes `source.fixAll` applies to `diagnostics` (`fixesKeepingSyntax`), worked out once per lint: a light
    /// bulb asks for code actions at every cursor move, and the pick counts the document's syntax errors.
    var fixAllPick: [Fix]?
    /// The LSP JSON of the diagnostics last sent, reused where a diagnostic shows the same after an edit.
    var lspDiagnostics = LSPDiagnosticCache()
    var lintedEdit = -1
    /// The configuration may have changed (a watched config file in this document's folder or above changed): the
    /// next lint works its options out again (and keeps the incremental state when they are the same).
    var needsConfig = true
    /// What the configuration applied at the last lint contributed to the options, and the config file it came from.
    var appliedConfig: ConfigEffect?
    var configPath: String?
    /// Bumped whenever the options change (a new engine): part of the pull diagnostics' resultId.
    var optionsVersion = 0
    /// Incremental linters made for this document (`layoutlint/stats`).
    var enginesMade = 0

    init(uri: String, version: Int, text: [UInt8], languageId: String? = nil) {
        self.uri = uri
        self.path = URIPath.path(of: uri)
        self.kind =
            fileNamePart(of: path ?? uri).sameKey(as: LayoutLintConfig.fileName)
            ? .config : languageId == "swift" || (path ?? uri).hasSuffix(".swift") ? .swift : .layout
        self.version = version
        self.rawText = text
        self.rawIndex = LineIndex(text, countsByteOrderMark: true)
    }

    /// The inlay hints last answered, followed through the edits since (`HeldHints`).
    var heldHints = HeldHints()

    /// Replaces a range of the text (byte offsets into the current text).
    func replace(_ r: ByteRange, with bytes: [UInt8]) {
        heldHints.edit(r.clamped(to: text.count), inserted: bytes.count)
        replaceText(r, with: bytes)
    }

    private func replaceText(_ r: ByteRange, with bytes: [UInt8]) {
        if let linter {
            linter.edit(r, with: bytes)
        } else {
            // (The index lets go of the text first, so that the text is edited in place, then follows the edit.)
            rawIndex.detach()
            rawText.replaceSubrange(r.start..<r.end, with: bytes)
            rawIndex.update(replacing: r, inserted: bytes.count, text: rawText)
        }
        editCount += 1
    }

    /// The edits until the next lint only change the text; that lint parses the document whole.
    func markWholeReparse() { linter?.markWholeReparse() }

    /// Replaces the whole text (the kept inlay hints follow what changed in it).
    func setText(_ bytes: [UInt8]) {
        heldHints.replaceAll(text, with: bytes)
        replaceText(ByteRange(0, text.count), with: bytes)
    }

    /// Lints the text of a layout document or Swift source under `options` (nil: the engine's own, which there
    /// is): a new engine the first time, or an incremental linter when the options changed, else the current one
    /// brought up to date.
    func lint(options: LintOptions?) -> DocumentEngine {
        switch kind {
        case .layout:
            if let options {
                enginesMade += 1
                engine = IncrementalLinter(text: text, options: options)
                rawText = []
                rawIndex = LineIndex([])
            }
            linter!.update()
        case .swift:
            if let reader = swiftReader {
                reader.update(text: text, options: options, lineIndex: lineIndex)
            } else {
                engine = SwiftDocumentReader(path: path ?? uri, text: text, options: options ?? LintOptions())
            }
        case .config:
            preconditionFailure("a configuration file is parsed, not linted by an engine")
        }
        return engine!
    }

    var isStale: Bool { lintedEdit != editCount }
    /// Identifies the diagnostics of this text under this configuration (pull diagnostics' resultId).
    /// Which opening of its URI this is (the server counts them): a document opened again starts its edits from zero,
    /// and its results' ids must not be the old text's.
    var opening = 0
    func resultID() -> String { "\(opening).\(editCount).\(optionsVersion)" }
}
