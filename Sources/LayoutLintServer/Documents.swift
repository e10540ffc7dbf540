// Open documents: their text (edited incrementally), their lint results, the configuration that governs them,
// and the diagnostics published for them (pushed after a debounce, or pulled).
import Foundation
import PlainJSON
import JSONRPC
import LSPProtocol
import LayoutLintCore
import LayoutLintSwift
import LayoutLintWorkspace

final class Document {
    let uri: String
    let path: String?
    /// A `.layoutlint.json` opened in the editor: linted as a configuration, not as a layout.
    let isConfig: Bool
    /// A Swift source (`languageId` `swift`, or a `.swift` path): read by the Swift front end, as a module of one
    /// file, each time its text changed (`swiftResult`).
    let isSwift: Bool
    /// The Swift front end's result for the current text (its layouts, resolved per environment; the layouts'
    /// own ranges are the reader's region offsets: `SwiftFileResult.real`).
    var swiftResult: SwiftFileResult? { swiftReader?.result }
    /// Reads the Swift document again after each edit, re-reading only the layouts the edit touched.
    var swiftReader: SwiftDocumentReader?
    var version: Int
    /// Layout documents, once linted: the incremental linter owns the text (edits go to it, it re-lints only what
    /// they touched). Before that, and for configuration files, the text is kept here.
    private(set) var engine: IncrementalLinter?
    private var rawText: [UInt8]
    private var rawIndex: LineIndex
    var text: [UInt8] { engine?.text ?? rawText }
    var lineIndex: LineIndex { engine?.lineIndex ?? rawIndex }
    /// Bumped on every change of the text.
    var editCount = 0
    /// The `editCount` for which a code action command's edit was sent: a command names it and `opening` (a document
    /// closed and opened again starts at version 1 again), and one text gets at most one such edit (a client that
    /// takes no versioned edits would apply a second to the text the first changed).
    var commandEditSent: Int?
    /// The whole lint result (tree, model, layouts) for hover and the other queries: computed when first asked for
    /// after a change.
    var result: LintResult? {
        guard let r = engine?.fullResult() else { return nil }
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
    var holdsFullResult: Bool { lastResult != nil || queryIndexes != nil || engine?.holdsFullResult == true }

    /// Lets go of the whole lint result and its indexes (a document the user moved away from keeps only its
    /// incremental state: the full result of a 1 MB document is ~60 MB).
    func dropFullResult() {
        lastResult = nil
        queryIndexes = nil
        engine?.dropFullResult()
    }

    /// The document outline (nil for a configuration file).
    func outline() -> [OutlineSymbol]? { engine?.outline() }

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
        self.isConfig = fileNamePart(of: path ?? uri).sameKey(as: LayoutLintConfig.fileName)
        self.isSwift = !isConfig && (languageId == "swift" || (path ?? uri).hasSuffix(".swift"))
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
        if let engine {
            engine.edit(r, with: bytes)
        } else {
            // (The index lets go of the text first, so that the text is edited in place, then follows the edit.)
            rawIndex.detach()
            rawText.replaceSubrange(r.start..<r.end, with: bytes)
            rawIndex.update(replacing: r, inserted: bytes.count, text: rawText)
        }
        editCount += 1
    }

    /// The edits until the next lint only change the text; that lint parses the document whole.
    func markWholeReparse() { engine?.markWholeReparse() }

    /// Replaces the whole text (the kept inlay hints follow what changed in it).
    func setText(_ bytes: [UInt8]) {
        heldHints.replaceAll(text, with: bytes)
        replaceText(ByteRange(0, text.count), with: bytes)
    }

    /// Lints the text under `options`: a new incremental linter (the first time, or when the options changed), or
    /// the current one brought up to date.
    func lint(options: LintOptions?) -> IncrementalLinter {
        if let options {
            enginesMade += 1
            engine = IncrementalLinter(text: text, options: options)
            rawText = []
            rawIndex = LineIndex([])
        }
        engine!.update()
        return engine!
    }

    var isStale: Bool { lintedEdit != editCount }
    /// Identifies the diagnostics of this text under this configuration (pull diagnostics' resultId).
    /// Which opening of its URI this is (the server counts them): a document opened again starts its edits from zero,
    /// and its results' ids must not be the old text's.
    var opening = 0
    func resultID() -> String { "\(opening).\(editCount).\(optionsVersion)" }
}

extension LanguageServer {
    func converter(_ doc: Document) -> PositionConverter { PositionConverter(index: doc.lineIndex, encoding: encoding) }

    // MARK: notifications

    func didOpen(_ params: JSONValue?) {
        guard let td = params?["textDocument"], let uri = td["uri"]?.stringValue, let text = td["text"]?.stringValue else {
            log("didOpen without textDocument.uri and text; ignored")
            return
        }
        let version = Int(clamping: td["version"]?.intValue ?? 0)
        if let old = documents[uri] {
            log("didOpen of \(uri), which is already open; replacing its text")
            forget(old)
        }
        let doc = Document(uri: uri, version: version, text: Array(text.utf8), languageId: td["languageId"]?.stringValue)
        documentsOpened += 1
        doc.opening = documentsOpened
        documents[uri] = doc
        if doc.isConfig, let p = doc.path { openConfigPaths[p, default: 0] += 1 }
        schedulePublish(uri)
    }

    /// Past this many content changes in one notification, `didChange` follows them in bulk.
    static var bulkChangeThreshold: Int { 8 }

    func didChange(_ params: JSONValue?) {
        guard let td = params?["textDocument"], let uri = td["uri"]?.stringValue else {
            log("didChange without textDocument.uri; ignored")
            return
        }
        guard let doc = documents[uri] else {
            logToClient("didChange for \(uri), which is not open; ignored", type: 2, kind: "change of a closed document")
            return
        }
        if let v = td["version"]?.intValue {
            let version = Int(clamping: v)
            if version < doc.version { log("didChange of \(uri) goes back from version \(doc.version) to \(version); accepting the text") }
            doc.version = version
        }
        guard let changes = params?["contentChanges"]?.arrayValue else {
            log("didChange without contentChanges; ignored")
            return
        }
        // Many changes (an editor's "replace all"): the text follows them without re-linting per change, and the
        // next lint parses the document whole once; changes in descending or ascending order are gathered and
        // applied to the text in one pass.
        let bulk = changes.count > Self.bulkChangeThreshold
        if bulk { doc.markWholeReparse() }
        var batch: ChangeBatch?
        func flush() {
            guard let b = batch else { return }
            batch = nil
            if b.isEmpty { return }
            let c = b.combined()
            doc.replace(c.range, with: c.text)
        }
        for change in changes {
            guard let newText = change["text"]?.stringValue else {
                log("a content change without text; skipped")
                continue
            }
            let bytes = Array(newText.utf8)
            // A change without a range replaces the whole text (a `"range": null`, which some serializers write for
            // an absent optional, too).
            if let range = change["range"], range != .null {
                if bulk {
                    if batch == nil { batch = ChangeBatch(base: doc.text, index: doc.lineIndex, encoding: encoding) }
                    if batch!.add(range, bytes) { continue }
                    flush()
                    batch = ChangeBatch(base: doc.text, index: doc.lineIndex, encoding: encoding)
                    if batch!.add(range, bytes) { continue }
                    batch = nil
                }
                let conv = PositionConverter(index: doc.lineIndex, encoding: encoding)
                var clamped = false
                guard let r = conv.byteRange(range, clamped: &clamped) else {
                    log("a content change with a malformed range; skipped")
                    continue
                }
                if clamped { log("a change of \(uri) names a range outside the document (\(range.serialized())); clamped") }
                doc.replace(r, with: bytes)
            } else {
                flush()
                doc.setText(bytes)
            }
        }
        flush()
        if changes.isEmpty { doc.editCount += 1 }
        schedulePublish(uri)
    }

    func didSave(_ params: JSONValue?) {
        guard let uri = params?["textDocument"]?["uri"]?.stringValue else { return }
        if let doc = documents[uri], doc.isConfig {
            if let path = doc.path {
                configChanged(reason: "the configuration file was saved", folders: [folderPart(of: path)], configPaths: [ExactKey(path)])
            } else {
                configChanged(reason: "the configuration file was saved")
            }
        } else if let text = params?["text"]?.stringValue, let doc = documents[uri] {
            let bytes = Array(text.utf8)
            if bytes != doc.text {
                doc.setText(bytes)
                schedulePublish(uri)
            }
        }
    }

    func didClose(_ params: JSONValue?) {
        guard let uri = params?["textDocument"]?["uri"]?.stringValue else { return }
        if !close(uri) { log("didClose of \(uri), which is not open", kind: "close of a closed document") }
    }

    /// Forgets an open document and clears its diagnostics; false if it was not open.
    @discardableResult
    func close(_ uri: String) -> Bool {
        guard let doc = documents.removeValue(forKey: uri) else { return false }
        forget(doc)
        publishAt[uri] = nil
        notify("textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
        return true
    }

    /// A notification too large to read (over `maxMessageSize`). If it may have been an edit or the opening of a
    /// document (it says so, or it was cut short before it said what it was), the server's text of that document (of every
    /// open one, when they do not name it) is no longer the editor's: checking it would report findings at the
    /// wrong places. Such documents are closed (their diagnostics cleared, requests about them answered with
    /// nothing), and the user is told to reopen them.
    func lostMessage(_ m: SkippedMessage, bytes: Int) {
        let limit = options.maxMessageSize >= 1 << 20 ? "\(options.maxMessageSize >> 20) MiB" : "\(options.maxMessageSize) bytes"
        let edit = m.method == nil || m.method == "textDocument/didChange" || m.method == "textDocument/didOpen"
        guard edit else {
            logToClient("skipped a \(m.method ?? "") notification of \(bytes) bytes (over the limit of \(limit) per message)", type: 2, kind: "too large")
            return
        }
        let closed = (m.uri.map { [$0] } ?? documents.keys.sorted()).filter { close($0) }
        let what = m.method == "textDocument/didOpen" ? "the opening of" : m.method == nil ? "a message about" : "an edit of"
        let which = m.uri ?? "an open document"
        var message = "layoutlint could not read \(what) \(which): it is \(bytes) bytes, over the limit of \(limit) per message."
        if !closed.isEmpty {
            message += closed.count == 1 ? " It stopped checking \(closed[0]); close and reopen it to check it again."
                                         : " It stopped checking the \(closed.count) open documents; close and reopen them to check them again."
        }
        writeLogUnlimited(message)
        guard phase == .running else { return }
        notify("window/showMessage", .object([("type", .int(1)), ("message", .string(message))]))
        // A client that pulls keeps its last pulled findings until it pulls again (the empty push above goes to
        // another collection): ask it to, and it gets an empty report for a document no longer checked.
        if clientPullsDiagnostics && refreshSupport && !closed.isEmpty { request("workspace/diagnostic/refresh", nil) }
    }

    /// The configuration may have changed: for the documents in `folders` (or below them; nil: every document),
    /// the next lint works its options out again. Config files not open whose diagnostics were published are read
    /// again when `configPaths` names them (nil: all).
    func configChanged(reason: String, folders: [String]? = nil, configPaths: Set<ExactKey>? = nil) {
        configCache.invalidate()
        configGeneration += 1
        let prefixes = folders?.map(withTrailingSlash)
        var affected = 0
        for (uri, doc) in documents {
            if let prefixes, let configPaths {
                guard let path = doc.path,
                      prefixes.contains(where: { path.hasBytePrefix($0) }) || doc.configPath.map({ configPaths.contains(ExactKey($0)) }) == true
                else { continue }
            }
            doc.needsConfig = true
            affected += 1
            schedulePublish(uri, immediately: true)
        }
        log("\(reason): re-reading configuration and re-linting \(affected) of \(documents.count) open document(s)")
        // Config files that are not open but had diagnostics: re-check them.
        for path in publishedConfigDiagnostics.keys where configPaths?.contains(ExactKey(path)) ?? true { refreshConfigDiagnostics(path) }
        if refreshSupport && affected > 0 { request("workspace/diagnostic/refresh", nil) }
        // The sizes shown inline and the preview lenses follow the environments the config names.
        if inlayHintRefreshSupport && affected > 0 { request("workspace/inlayHint/refresh", nil) }
        if codeLensRefreshSupport && affected > 0 { request("workspace/codeLens/refresh", nil) }
    }

    /// `workspace/didChangeWatchedFiles`: a created, changed or deleted `.layoutlint.json` may change the options of
    /// the documents in its folder and below; other files change none.
    func watchedFilesChanged(_ params: JSONValue?) {
        guard let changes = params?["changes"]?.arrayValue else {
            configChanged(reason: "a watched file changed (the event names no files)")
            return
        }
        var folders: [String] = []
        // (Paths by their bytes: two folders whose names are canonically equivalent are two folders.)
        var paths = Set<ExactKey>()
        for c in changes {
            guard let uri = c["uri"]?.stringValue, let path = URIPath.path(of: uri),
                  fileNamePart(of: path).sameKey(as: LayoutLintConfig.fileName) else { continue }
            if paths.insert(ExactKey(path)).inserted { folders.append(folderPart(of: path)) }
        }
        if folders.isEmpty { return }
        configChanged(reason: "\(paths.count) watched configuration file(s) changed", folders: folders, configPaths: paths)
    }

    /// A document leaves `documents` (closed, or replaced by another didOpen).
    func forget(_ doc: Document) {
        if queriedDocument === doc { queriedDocument = nil }
        setConfigPath(doc, nil)
        if doc.text.count >= Self.trimAfterBytes { trimPending = true }
        if doc.isConfig, let p = doc.path {
            openConfigPaths[p, default: 1] -= 1
            if openConfigPaths[p] == 0 { openConfigPaths[p] = nil }
        }
    }

    /// Records which config file governs `doc`; a config no open document uses any more is forgotten (its cached
    /// parse, its last good version, and the diagnostics published on it, which are cleared).
    func setConfigPath(_ doc: Document, _ path: String?) {
        guard doc.configPath.map(ExactKey.init) != path.map(ExactKey.init) else { return }
        if let old = doc.configPath {
            configUsers[old, default: 1] -= 1
            if configUsers[old]! <= 0 {
                configUsers[old] = nil
                lastGoodConfig[old] = nil
                if publishedConfigDiagnostics[old] != nil {
                    publishConfigDiagnostics(old, LayoutLintConfig())
                    publishedConfigDiagnostics[old] = nil
                }
                configCacheStale = true
            }
        }
        doc.configPath = path
        if let path { configUsers[path, default: 0] += 1 }
    }

    /// A query is about to use `doc`'s full result: the previously queried document lets go of its own (at most one
    /// document holds a full result, server-wide).
    func focus(_ doc: Document) {
        guard queriedDocument !== doc else { return }
        if let old = queriedDocument, old.holdsFullResult, old.text.count >= Self.trimAfterBytes { trimPending = true }
        queriedDocument?.dropFullResult()
        queriedDocument = doc
    }

    // MARK: linting

    func schedulePublish(_ uri: String, immediately: Bool = false) {
        publishAt[uri] = monotonicMillis() + (immediately ? 0 : Int64(options.debounceMillis))
    }

    /// Lints and publishes the documents whose time has come, for at most `publishBudgetMillis` (then the loop
    /// reads input again, and comes back for the rest at once): a request waits for one document, not for all.
    func publishDue() {
        let now = monotonicMillis()
        let due = publishAt.filter { $0.value <= now }.map(\.key).sorted()
        for uri in due {
            publishAt[uri] = nil
            guard let doc = documents[uri] else { continue }
            ensureLinted(doc)
            publish(doc)
            if writer.failed { return }
            if monotonicMillis() - now >= Self.publishBudgetMillis { return }
        }
    }

    /// How long one publish pass may run before the loop reads input again.
    static var publishBudgetMillis: Int64 { 20 }

    func publish(_ doc: Document) {
        // (A pulling client asks when it wants them; after a configuration change it is told to ask again,
        // `workspace/diagnostic/refresh`, if it takes that.)
        if clientPullsDiagnostics { return }
        let items = doc.lspDiagnostics.diagnostics(doc.diagnostics, uri: doc.uri, converter(doc), features: diagnosticFeatures)
        notify("textDocument/publishDiagnostics", .object([
            ("uri", .string(doc.uri)), ("version", .int(Int64(doc.version))), ("diagnostics", .array(items)),
        ]))
    }

    /// Lints the document if its text or the configuration changed since the last time.
    func ensureLinted(_ doc: Document) {
        let configChanged = doc.needsConfig
        if doc.isSwift {
            guard doc.isStale || configChanged || doc.swiftResult == nil else { return }
            lintSwift(doc)
            return
        }
        guard doc.isStale || configChanged || (doc.engine == nil && !doc.isConfig) else { return }
        doc.lintedEdit = doc.editCount
        doc.needsConfig = false
        if doc.isConfig {
            let c = LayoutLintConfig.parse(doc.text, path: doc.path)
            doc.diagnostics = c.diagnostics
            return
        }
        var opts: LintOptions?
        if configChanged || doc.engine == nil {
            let (o, found) = lintOptions(for: doc)
            let effect = ConfigEffect(found?.config)
            setConfigPath(doc, found?.path)
            // The same options: the incremental state stays (only the text's own changes are linted).
            if doc.engine == nil || doc.appliedConfig != effect {
                doc.appliedConfig = effect
                doc.optionsVersion += 1
                opts = o
            }
        }
        let engine = doc.lint(options: opts)
        // (At most `LintOptions.maxDiagnostics`, then one `too-many-problems` that counts the rest.)
        doc.diagnostics = engine.diagnostics
        let st = engine.stats
        lastChange = .object([
            ("uri", .string(doc.uri)),
            ("version", .int(Int64(doc.version))),
            ("mode", .string(st.mode)),
            ("sections", .int(Int64(st.sections))),
            ("environments", .int(Int64(st.environments))),
            ("sectionsResolved", .int(Int64(st.sectionsResolved))),
            ("sectionsReused", .int(Int64(st.sectionsReused))),
            ("parseMicros", .int(Int64(st.parseMicros))),
            ("resolveMicros", .int(Int64(st.resolveMicros))),
            ("lintMicros", .int(Int64(st.lintMicros))),
            ("totalMicros", .int(Int64(st.totalMicros))),
            ("edits", .int(Int64(st.edits))),
            ("regionMoves", .int(Int64(st.regionMoves))),
        ])
    }

    /// A Swift document: the Swift front end reads it (a module of one file) under its configuration's options,
    /// again after each edit through its `SwiftDocumentReader` (which reads only the layouts the edit touched).
    func lintSwift(_ doc: Document) {
        doc.lintedEdit = doc.editCount
        var options: LintOptions?
        if doc.needsConfig || doc.swiftReader == nil {
            let (o, found) = lintOptions(for: doc)
            setConfigPath(doc, found?.path)
            let effect = ConfigEffect(found?.config)
            if doc.swiftReader == nil || doc.appliedConfig != effect {
                doc.appliedConfig = effect
                doc.optionsVersion += 1
                options = o
            }
        }
        doc.needsConfig = false
        if let reader = doc.swiftReader {
            reader.update(text: doc.text, options: options, lineIndex: doc.lineIndex)
        } else {
            doc.swiftReader = SwiftDocumentReader(path: doc.path ?? doc.uri, text: doc.text, options: options ?? lintOptions(for: doc).0)
        }
        let reader = doc.swiftReader!
        doc.diagnostics = reader.result.diagnostics
        let st = reader.stats
        lastChange = .object([
            ("uri", .string(doc.uri)),
            ("version", .int(Int64(doc.version))),
            ("mode", .string(st.mode)),
            ("layouts", .int(Int64(st.layouts))),
            ("layoutsRead", .int(Int64(st.layoutsRead))),
            ("layoutsReused", .int(Int64(st.layoutsReused))),
            ("regions", .int(Int64(st.regions))),
            ("regionsChanged", .int(Int64(st.regionsChanged))),
            ("parseMicros", .int(Int64(st.parseMicros))),
            ("indexMicros", .int(Int64(st.indexMicros))),
            ("readMicros", .int(Int64(st.readMicros))),
            ("totalMicros", .int(Int64(st.totalMicros))),
        ])
    }

    /// The configuration for a document at `path`: the nearest `.layoutlint.json` as the CLI finds it. A broken one
    /// gets its diagnostics published on its own URI and the last good one (or none) applies.
    func configFor(_ path: String) -> (path: String, config: LayoutLintConfig?)? {
        guard let configPath = findConfig(forFile: path, within: workspaceRoots) else { return nil }
        if configCacheStale {
            // Forget the parses of configs no open document uses (the cache can only be emptied whole).
            configCache.invalidate()
            configCacheStale = false
        }
        let config = configCache.load(configPath)
        publishConfigDiagnostics(configPath, config)
        if config.hasErrors {
            return (configPath, lastGoodConfig[configPath])
        }
        lastGoodConfig[configPath] = config
        return (configPath, config)
    }

    func refreshConfigDiagnostics(_ path: String) {
        // A deleted config is simply gone: clear what was published on it and forget it.
        if !FileManager.default.fileExists(atPath: path) {
            lastGoodConfig[path] = nil
            publishConfigDiagnostics(path, LayoutLintConfig())
            return
        }
        let config = configCache.load(path)
        publishConfigDiagnostics(path, config)
        if !config.hasErrors { lastGoodConfig[path] = config }
    }

    func publishConfigDiagnostics(_ configPath: String, _ config: LayoutLintConfig) {
        let uri = URIPath.uri(forPath: configPath)
        // An open config document publishes its own (live) diagnostics.
        if documents[uri] != nil || openConfigPaths[configPath, default: 0] > 0 { return }
        let old = publishedConfigDiagnostics[configPath]
        if old == config.diagnostics || (old == nil && config.diagnostics.isEmpty) { return }
        publishedConfigDiagnostics[configPath] = config.diagnostics.isEmpty ? nil : config.diagnostics
        if !config.diagnostics.isEmpty {
            logToClient("\(configPath) has \(config.diagnostics.count) problem(s)\(config.hasErrors ? "; using the last valid configuration" : "")", type: 2)
        }
        let conv = PositionConverter(index: config.lineIndex, encoding: encoding)
        notify("textDocument/publishDiagnostics", .object([
            ("uri", .string(uri)),
            ("diagnostics", .array(config.diagnostics.map { LSP.diagnostic($0, uri: uri, conv, features: diagnosticFeatures) })),
        ]))
    }

    // MARK: pull diagnostics

    func pullDiagnostics(_ doc: Document, _ params: JSONValue) -> Reply {
        let id = doc.resultID()
        if params["previousResultId"]?.stringValue == id {
            return .result(.object([("kind", .string("unchanged")), ("resultId", .string(id))]))
        }
        let items = doc.lspDiagnostics.diagnostics(doc.diagnostics, uri: doc.uri, converter(doc), features: diagnosticFeatures)
        return .result(.object([("kind", .string("full")), ("resultId", .string(id)), ("items", .array(items))]))
    }
}

/// What a configuration contributes to a document's lint options: equal effects, equal options.
struct ConfigEffect: Equatable {
    var severities: [String: Severity?] = [:]
    var environments: [LayoutEnvironment]?
    init(_ config: LayoutLintConfig?) {
        guard let config else { return }
        var o = LintOptions()
        config.apply(to: &o)
        severities = o.severities
        environments = o.defaultEnvironments
    }
}

extension LanguageServer {
    /// The options a document is linted with: the server's document size limit and its config (severities, default
    /// environments). The preview of another environment lints with them too (it drew rules the config turns off).
    func lintOptions(for doc: Document) -> (LintOptions, (path: String, config: LayoutLintConfig?)?) {
        var o = LintOptions()
        o.maxDocumentBytes = options.maxDocumentBytes
        let found = doc.path.flatMap(configFor)
        found?.config?.apply(to: &o)
        return (o, found)
    }
}
