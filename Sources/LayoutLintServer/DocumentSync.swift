// Document sync: didOpen, didChange, didSave, didClose; the configuration that governs each document (watched
// files, workspace folders); linting, and the diagnostics pushed after a debounce or pulled.
import Foundation
import PlainJSON
import JSONRPC
import LSPProtocol
import LayoutLintCore
import LayoutLintSwift
import LayoutLintWorkspace

extension LanguageServer {
    func converter(_ doc: Document) -> PositionConverter { PositionConverter(index: doc.lineIndex, encoding: encoding) }

    // MARK: notifications

    func didOpen(_ params: JSONValue?) {
        guard let td = params?["textDocument"], let uri = td["uri"]?.stringValue, let text = td["text"]?.stringValue
        else {
            log("didOpen without textDocument.uri and text; ignored")
            return
        }
        let version = Int(clamping: td["version"]?.intValue ?? 0)
        if let old = documents[uri] {
            log("didOpen of \(uri), which is already open; replacing its text")
            forget(old)
        }
        let doc = Document(
            uri: uri, version: version, text: Array(text.utf8), languageId: td["languageId"]?.stringValue)
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
            logToClient(
                "didChange for \(uri), which is not open; ignored", type: 2, kind: "change of a closed document")
            return
        }
        if let v = td["version"]?.intValue {
            let version = Int(clamping: v)
            if version < doc.version {
                log("didChange of \(uri) goes back from version \(doc.version) to \(version); accepting the text")
            }
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
                if clamped {
                    log("a change of \(uri) names a range outside the document (\(range.serialized())); clamped")
                }
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
                configChanged(
                    reason: "the configuration file was saved", folders: [folderPart(of: path)],
                    configPaths: [ExactKey(path)])
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
        let limit =
            options.maxMessageSize >= 1 << 20
            ? "\(options.maxMessageSize >> 20) MiB" : "\(options.maxMessageSize) bytes"
        let edit = m.method == nil || m.method == "textDocument/didChange" || m.method == "textDocument/didOpen"
        guard edit else {
            logToClient(
                "skipped a \(m.method ?? "") notification of \(bytes) bytes (over the limit of \(limit) per message)",
                type: 2, kind: "too large")
            return
        }
        let closed = (m.uri.map { [$0] } ?? documents.keys.sorted()).filter { close($0) }
        let what =
            m.method == "textDocument/didOpen" ? "the opening of" : m.method == nil ? "a message about" : "an edit of"
        let which = m.uri ?? "an open document"
        var message =
            "layoutlint could not read \(what) \(which): it is \(bytes) bytes, over the limit of \(limit) per message."
        if !closed.isEmpty {
            message +=
                closed.count == 1
                ? " It stopped checking \(closed[0]); close and reopen it to check it again."
                : " It stopped checking the \(closed.count) open documents; close and reopen them to check them again."
        }
        writeLogUnlimited(message)
        guard phase == .running else { return }
        notify("window/showMessage", .object([("type", .int(1)), ("message", .string(message))]))
        // A client that pulls keeps its last pulled findings until it pulls again (the empty push above goes to
        // another collection): ask it to, and it gets an empty report for a document no longer checked.
        if client.pullsDiagnostics && client.refreshSupport && !closed.isEmpty {
            request("workspace/diagnostic/refresh", nil)
        }
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
                    prefixes.contains(where: { path.hasBytePrefix($0) })
                        || doc.configPath.map({ configPaths.contains(ExactKey($0)) }) == true
                else { continue }
            }
            doc.needsConfig = true
            affected += 1
            schedulePublish(uri, immediately: true)
        }
        log("\(reason): re-reading configuration and re-linting \(affected) of \(documents.count) open document(s)")
        // Config files that are not open but had diagnostics: re-check them.
        for path in publishedConfigDiagnostics.keys where configPaths?.contains(ExactKey(path)) ?? true {
            refreshConfigDiagnostics(path)
        }
        if client.refreshSupport && affected > 0 { request("workspace/diagnostic/refresh", nil) }
        // The sizes shown inline and the preview lenses follow the environments the config names.
        if client.inlayHintRefreshSupport && affected > 0 { request("workspace/inlayHint/refresh", nil) }
        if client.codeLensRefreshSupport && affected > 0 { request("workspace/codeLens/refresh", nil) }
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
                fileNamePart(of: path).sameKey(as: LayoutLintConfig.fileName)
            else { continue }
            if paths.insert(ExactKey(path)).inserted { folders.append(folderPart(of: path)) }
        }
        if folders.isEmpty { return }
        configChanged(
            reason: "\(paths.count) watched configuration file(s) changed", folders: folders, configPaths: paths)
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
        if client.pullsDiagnostics { return }
        let items = doc.lspDiagnostics.diagnostics(
            doc.diagnostics, uri: doc.uri, converter(doc), features: client.diagnosticFeatures)
        notify(
            "textDocument/publishDiagnostics",
            .object([
                ("uri", .string(doc.uri)), ("version", .int(Int64(doc.version))), ("diagnostics", .array(items)),
            ]))
    }

    /// Lints the document if its text or the configuration changed since the last time: a configuration file is
    /// parsed; a layout document or Swift source goes to its engine, under the options its configuration gives
    /// (a new engine when they changed; the same options keep the incremental state).
    func ensureLinted(_ doc: Document) {
        let configChanged = doc.needsConfig
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
            if doc.engine == nil || doc.appliedConfig != effect {
                doc.appliedConfig = effect
                doc.optionsVersion += 1
                opts = o
            }
        }
        let engine = doc.lint(options: opts)
        // (At most `LintOptions.maxDiagnostics`, then one `too-many-problems` that counts the rest.)
        doc.diagnostics = engine.diagnostics
        lastChange = .object(
            [("uri", .string(doc.uri)), ("version", .int(Int64(doc.version)))] + statsMembers(engine.updateStats))
    }

    /// An engine's stats as JSON members, in their declared order: each `Int` and `String` field by its name.
    func statsMembers(_ stats: Any) -> [(String, JSONValue)] {
        Mirror(reflecting: stats).children.compactMap { child in
            guard let name = child.label else { return nil }
            switch child.value {
            case let n as Int: return (name, .int(Int64(n)))
            case let s as String: return (name, .string(s))
            default: return nil
            }
        }
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
            logToClient(
                "\(configPath) has \(config.diagnostics.count) problem(s)\(config.hasErrors ? "; using the last valid configuration" : "")",
                type: 2)
        }
        let conv = PositionConverter(index: config.lineIndex, encoding: encoding)
        notify(
            "textDocument/publishDiagnostics",
            .object([
                ("uri", .string(uri)),
                (
                    "diagnostics",
                    .array(
                        config.diagnostics.map {
                            LSP.diagnostic($0, uri: uri, conv, features: client.diagnosticFeatures)
                        })
                ),
            ]))
    }

    // MARK: pull diagnostics

    func pullDiagnostics(_ doc: Document, _ params: JSONValue) -> Reply {
        let id = doc.resultID()
        if params["previousResultId"]?.stringValue == id {
            return .result(.object([("kind", .string("unchanged")), ("resultId", .string(id))]))
        }
        let items = doc.lspDiagnostics.diagnostics(
            doc.diagnostics, uri: doc.uri, converter(doc), features: client.diagnosticFeatures)
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
        // A Swift file is checked in the devices its app ships to, as `lint` checks it.
        if let path = doc.path, SwiftFrontEnd.reads(path) { checkingShippingDevices(&o, forFile: path) }
        return (o, found)
    }
}

extension LanguageServer {
    /// `workspace/didChangeWorkspaceFolders`: the folders whose config files govern their documents change, and so
    /// may the options of the open documents in them.
    func workspaceFoldersChanged(_ params: JSONValue?) {
        guard let event = params?["event"] else { log("didChangeWorkspaceFolders without an event; ignored"); return }
        func paths(_ key: String) -> [String] {
            event[key]?.arrayValue?.compactMap { $0["uri"]?.stringValue.flatMap(URIPath.path(of:)) } ?? []
        }
        // (By bytes: folders "café" in NFC and in NFD are two folders.)
        let removed = Set(paths("removed").map(ExactKey.init)), added = paths("added")
        var roots = (workspaceRoots ?? []).filter { !removed.contains(ExactKey($0)) }
        for a in added where !roots.contains(where: { $0.sameKey(as: a) }) { roots.append(a) }
        workspaceRoots = roots.isEmpty ? nil : roots
        configChanged(reason: "the workspace folders changed")
    }
}
