// The language server: a single-threaded loop over stdin (poll), a queue of decoded messages, per-document
// state and debounced diagnostics. stdout carries only protocol; logs go to stderr.
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PlainJSON
import JSONRPC
import LSPProtocol
import LayoutLintCore
import LayoutLintWorkspace

public let layoutlintServerVersion = "0.1.0"

/// Tunables of the server (environment variables override the defaults, for tests and users).
public struct ServerOptions: Sendable {
    /// Largest JSON-RPC body read; larger ones are skipped unread (`LAYOUTLINT_MAX_MESSAGE`, bytes).
    public var maxMessageSize = MessageFramer.defaultMaxMessageSize
    /// Diagnostics are published this long after the last change of a document (`LAYOUTLINT_DEBOUNCE_MS`).
    public var debounceMillis = 80
    /// Documents larger than this are not linted (a diagnostic says so).
    public var maxDocumentBytes = 16 * 1024 * 1024
    /// Hover text is cut past this many bytes.
    public var maxHoverBytes = 32 * 1024
    /// At most this many completion items.
    public var maxCompletionItems = 500
    /// Preview SVGs kept in the server's preview folder; writing one more removes the oldest
    /// (`LAYOUTLINT_MAX_PREVIEWS`).
    public var maxPreviewFiles = 64

    public init() {}

    public static func fromEnvironment() -> ServerOptions {
        var o = ServerOptions()
        let env = ProcessInfo.processInfo.environment
        if let s = env["LAYOUTLINT_MAX_MESSAGE"], let v = Int(s), v > 0 { o.maxMessageSize = v }
        if let s = env["LAYOUTLINT_DEBOUNCE_MS"], let v = Int(s), v >= 0 { o.debounceMillis = min(v, 10_000) }
        if let s = env["LAYOUTLINT_MAX_DOCUMENT"], let v = Int(s), v > 0 { o.maxDocumentBytes = v }
        if let s = env["LAYOUTLINT_MAX_PREVIEWS"], let v = Int(s), v > 0 { o.maxPreviewFiles = v }
        return o
    }
}

/// The signal (SIGTERM, SIGINT) that asked the server to stop, 0 if none.
nonisolated(unsafe) var terminationSignal: Int32 = 0
/// A pipe the signal handler writes to, so that the loop's poll wakes up whichever thread took the signal.
nonisolated(unsafe) var signalPipeRead: Int32 = -1
nonisolated(unsafe) var signalPipeWrite: Int32 = -1

/// Runs the language server on the given file descriptors until `exit`, end of input or SIGTERM/SIGINT (when
/// `handleSignals`: by default when serving stdin, not in process); returns the exit code.
public func runLanguageServer(input: Int32 = 0, output: Int32 = 1, handleSignals: Bool? = nil) -> Int32 {
    MessageWriter.ignoreSIGPIPE()
    if handleSignals ?? (input == STDIN_FILENO) {
        // The loop sees the signal (poll fails with EINTR) and returns, so the preview folder is removed.
        if signalPipeRead < 0 {
            var fds: [Int32] = [-1, -1]
            if pipe(&fds) == 0 {
                _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
                signalPipeRead = fds[0]
                signalPipeWrite = fds[1]
            }
        }
        signal(SIGTERM) { s in terminationSignal = s; var b: UInt8 = 1; _ = write(signalPipeWrite, &b, 1) }
        signal(SIGINT) { s in terminationSignal = s; var b: UInt8 = 1; _ = write(signalPipeWrite, &b, 1) }
        // A parent may have started us with them blocked (the mask is inherited).
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
    _ = LanguageServer.staleFoldersRemoved
    let server = LanguageServer(input: input, output: output, options: .fromEnvironment())
    defer { LanguageServer.previewFolder.remove() }
    return server.run()
}

/// At most `perSecond` log lines of one kind per second; the count of those dropped is logged with the next line
/// of that kind allowed (or by `flush`). Shared by every server of the process (log goes to the process's stderr).
final class LogLimiter: @unchecked Sendable {
    static let shared = LogLimiter()
    static let perSecond = 10
    private let lock = NSLock()
    private var second: Int64 = -1
    private var counts: [String: Int] = [:]
    private var dropped: [String: Int] = [:]

    /// Whether a line of `kind` may be written now, and how many of that kind were dropped before it.
    func allow(_ kind: String) -> (allowed: Bool, dropped: Int) {
        lock.lock()
        defer { lock.unlock() }
        let now = monotonicMillis() / 1000
        if now != second {
            second = now
            counts.removeAll(keepingCapacity: true)
        }
        let n = counts[kind, default: 0] + 1
        counts[kind] = n
        if n > Self.perSecond {
            dropped[kind, default: 0] += 1
            return (false, 0)
        }
        return (true, dropped.removeValue(forKey: kind) ?? 0)
    }
}

/// Writes a line to stderr (never stdout), at most `LogLimiter.perSecond` per second of one kind (by default, the
/// message itself: the same line repeated).
func log(_ message: String, kind: String? = nil) {
    let (allowed, dropped) = LogLimiter.shared.allow(kind ?? message)
    guard allowed else { return }
    if dropped > 0 { writeLogUnlimited("(\(dropped) more line(s) like the next one were not logged)") }
    writeLogUnlimited(message)
}

func writeLogUnlimited(_ message: String) {
    let line = "layoutlint serve: " + message + "\n"
    var bytes = Array(line.utf8)
    bytes.withUnsafeMutableBytes { p in
        var off = 0
        while off < p.count {
            let n = write(2, p.baseAddress! + off, p.count - off)
            if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
            off += n
        }
    }
}

func monotonicMillis() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
}

enum Reply {
    case result(JSONValue)
    case error(Int, String)
}

struct QueuedItem {
    enum Kind {
        case decoded(DecodedItem)
        /// A notification too large to read (over `maxMessageSize`), in its place in the input: what its bytes,
        /// read as they were skipped, say it was (a request's is queued as `.invalid`, answered in order).
        case tooLarge(SkippedMessage, bytes: Int)
    }
    var kind: Kind
    var batch: Int?
    init(item: DecodedItem, batch: Int?) { kind = .decoded(item); self.batch = batch }
    init(tooLarge m: SkippedMessage, bytes: Int) { kind = .tooLarge(m, bytes: bytes); batch = nil }
}

final class LanguageServer {
    enum Phase { case uninitialized, running, shutDown }

    let input: Int32
    let writer: MessageWriter
    let options: ServerOptions
    var framer: MessageFramer
    var phase = Phase.uninitialized
    var exitCode: Int32?
    var queue: [QueuedItem] = []
    var batches: [Int: (pending: Int, responses: [JSONValue])] = [:]
    var nextBatch = 0
    var nextServerRequest = 0

    // Negotiated with the client.
    var encoding = PositionEncoding.utf16
    var clientCapabilities = JSONValue.object([])
    var snippetSupport = false
    /// The optional parts of a diagnostic the client takes (all until `initialize` says).
    var diagnosticFeatures = DiagnosticFeatures.all
    /// Hover as Markdown, unless the client declares formats without it (eglot without markdown-mode: plaintext).
    var hoverMarkdown = true
    /// Document symbols as a tree (`DocumentSymbol[]`), or flat (`SymbolInformation[]`) for a client that does not
    /// declare `hierarchicalDocumentSymbolSupport`; the symbol and completion kinds the client declares.
    var hierarchicalSymbols = true
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
    var refreshSupport = false
    /// The client pulls diagnostics (`textDocument.diagnostic`): the open documents' are not pushed as well, which a
    /// pulling client keeps in a second collection and shows twice (Neovim 0.10+, and VS Code by luck of names).
    var clientPullsDiagnostics = false
    var inlayHintRefreshSupport = false
    var codeLensRefreshSupport = false
    var prepareRenameSupport = false
    var rootPath: String?
    /// The workspace folders the client named in `initialize` (`workspaceFolders`, else `rootUri`/`rootPath`), as
    /// paths; nil when it named none. Configuration is looked up only inside them: `findConfig(forFile:within:)`.
    var workspaceRoots: [String]?

    // Documents and configuration.
    var documents: [String: Document] = [:]
    /// Documents opened so far (each opening's number is part of its pull diagnostics' result ids).
    var documentsOpened = 0
    var publishAt: [String: Int64] = [:]
    let configCache = ConfigCache()
    var configGeneration = 0
    /// The last config without errors, per config path (used while the file on disk is broken).
    var lastGoodConfig: ExactDictionary<LayoutLintConfig> = [:]
    /// What was last published for config files that are not open (to publish only on change and to clear).
    var publishedConfigDiagnostics: ExactDictionary<[Diagnostic]> = [:]
    var lastChange: JSONValue = .null
    /// Open configuration documents, by path (their diagnostics are their own).
    var openConfigPaths: ExactDictionary<Int> = [:]
    /// Open documents per config file that governs them (`Document.configPath`).
    var configUsers: ExactDictionary<Int> = [:]
    /// Some config lost its last document: the config cache is emptied before its next use.
    var configCacheStale = false
    /// The document last queried (hover, completion, …): the only one that may hold a full lint result.
    var queriedDocument: Document?
    /// Bytes read from the input so far (`layoutlint/stats`).
    var inputBytesRead = 0
    /// Rate limit of the lines logged for the client (this server's own: its `window/logMessage`s are protocol).
    let logLimiter = LogLimiter()
    /// The client's process (`initialize`'s `processId`): when it is gone, the server exits.
    var parentPID: pid_t?
    var lastParentCheck: Int64 = 0
    /// Much memory was let go of (a large document closed, a large full result dropped): give it back to the system
    /// at the end of this turn of the loop.
    var trimPending = false
    var memoryTrims = 0

    init(input: Int32, output: Int32, options: ServerOptions) {
        self.input = input
        self.writer = MessageWriter(fd: output)
        self.options = options
        self.framer = MessageFramer(maxMessageSize: options.maxMessageSize)
    }

    // MARK: the loop

    func run() -> Int32 {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var eof = false
        while exitCode == nil {
            var pfds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0), pollfd(fd: signalPipeRead, events: Int16(POLLIN), revents: 0)]
            var r = poll(&pfds, signalPipeRead >= 0 ? 2 : 1, pollTimeout())
            if r > 0 && pfds[0].revents == 0 { r = 0 } // only the signal pipe
            if terminationSignal != 0 {
                log("signal \(terminationSignal): exiting")
                return 128 + terminationSignal
            }
            if r < 0 && errno != EINTR {
                log("poll failed: \(String(cString: strerror(errno)))")
                eof = true
            }
            if r > 0 {
                // Drain what is available, up to `maxDrainBytes`, before handling any of it (then the queue is
                // handled, and the loop comes back for the rest at once).
                var drained = 0
                while drained < Self.maxDrainBytes {
                    let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                    if n < 0 {
                        if errno == EINTR { continue }
                        if errno == EAGAIN { break }
                        log("read failed: \(String(cString: strerror(errno)))")
                        eof = true
                        break
                    }
                    if n == 0 { eof = true; break }
                    let events = buffer.withUnsafeBufferPointer { framer.feed(UnsafeBufferPointer(rebasing: $0[0..<n])) }
                    receive(events)
                    drained += n
                    inputBytesRead += n
                    var more = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                    if poll(&more, 1, 0) <= 0 || more.revents & Int16(POLLIN) == 0 {
                        if more.revents & Int16(POLLHUP) != 0 && more.revents & Int16(POLLIN) == 0 { eof = true }
                        break
                    }
                }
            }
            if eof { receive(framer.finish()) }
            processQueue()
            if exitCode != nil { break }
            if writer.failed {
                log("the client stopped reading (write failed); exiting")
                return phase == .shutDown ? 0 : 1
            }
            if eof {
                log(phase == .shutDown ? "end of input after shutdown" : "end of input without shutdown")
                return phase == .shutDown ? 0 : 1
            }
            publishDue()
            if trimPending { trimMemory() }
            if let pid = parentPID, monotonicMillis() - lastParentCheck >= Self.parentCheckMillis {
                lastParentCheck = monotonicMillis()
                if kill(pid, 0) != 0 && errno == ESRCH {
                    log("the client's process \(pid) is gone; exiting")
                    return phase == .shutDown ? 0 : 1
                }
            }
        }
        return exitCode ?? 1
    }

    /// How often the client's process is checked for (LSP: the server exits when it is gone).
    static var parentCheckMillis: Int64 { 2000 }

    /// Returns freed memory to the system (malloc keeps it otherwise: the RSS of a session stayed at its peak).
    func trimMemory() {
        trimPending = false
        memoryTrims += 1
        if let trim = Self.mallocTrim { _ = trim(0) }
    }

    /// glibc's `malloc_trim` (not in the Glibc module's headers), when the C library has it.
    static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        guard let sym = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(sym, to: (@convention(c) (Int) -> Int32).self)
    }()

    /// Documents from this size on make closing them (or dropping their full result) give memory back.
    static var trimAfterBytes: Int { 256 << 10 }

    /// At most this much input is read (and decoded into the queue) before the queue is handled.
    static var maxDrainBytes: Int { 4 << 20 }

    func pollTimeout() -> Int32 {
        let check: Int64? = parentPID == nil ? nil : max(0, lastParentCheck + Self.parentCheckMillis - monotonicMillis())
        guard let next = publishAt.values.min() else { return check.map { Int32(clamping: $0) } ?? -1 }
        return Int32(clamping: min(max(0, next - monotonicMillis()), check ?? Int64.max))
    }

    func receive(_ events: [FramerEvent]) {
        for e in events {
            switch e {
            case .error(let m):
                log("framing: " + m, kind: "framing")
            case .skipped(let total, let sent, let m):
                if let id = m.id, m.method != nil || m.hasParams {
                    queue.append(QueuedItem(item: .invalid(id: id, code: RPCErrorCode.invalidRequest,
                                                           message: "the message is \(total) bytes, over the limit of \(options.maxMessageSize) bytes; it was not read"), batch: nil))
                } else if m.method != nil || (m.id == nil && m.hasParams && sent < total) {
                    // A notification; or params without a method or an id in a body cut short (by the next message's
                    // header) before its method: most likely an edit. (One with an id and neither method nor params
                    // is a response to the server; a whole one without method or id, or one without params, nothing a
                    // client meant: neither closes anything.)
                    queue.append(QueuedItem(tooLarge: m, bytes: total))
                } else {
                    log("skipped a message of \(total) bytes over the limit (\(m.id != nil ? "a response" : sent == 0 ? "nothing of it was sent" : "neither a request nor a notification"))", kind: "too large")
                }
            case .frame(let body):
                switch decodeBody(body) {
                case .parseError(let m):
                    log("not JSON: " + m, kind: "not JSON")
                    send(RPC.error(id: .null, code: RPCErrorCode.parseError, message: "Parse error: \(m)"), batch: nil)
                case .single(let item):
                    queue.append(QueuedItem(item: item, batch: nil))
                case .batch(let items):
                    let b = nextBatch
                    nextBatch += 1
                    let pending = items.filter { if case .message(.notification) = $0 { return false }; if case .message(.response) = $0 { return false }; return true }.count
                    if pending > 0 { batches[b] = (pending, []) }
                    for it in items { queue.append(QueuedItem(item: it, batch: pending > 0 ? b : nil)) }
                }
            }
        }
    }

    // MARK: output

    func send(_ message: JSONValue, batch: Int?) {
        guard let b = batch, var state = batches[b] else {
            writer.send(message)
            return
        }
        state.responses.append(message)
        state.pending -= 1
        if state.pending <= 0 {
            batches[b] = nil
            writer.send(.array(state.responses))
        } else {
            batches[b] = state
        }
    }

    func notify(_ method: String, _ params: JSONValue) {
        writer.send(RPC.notification(method, params))
    }

    func request(_ method: String, _ params: JSONValue?) {
        nextServerRequest += 1
        writer.send(RPC.request(id: .string("layoutlint-\(nextServerRequest)"), method, params))
    }

    func logToClient(_ message: String, type: Int = 3, kind: String? = nil) {
        let (allowed, dropped) = logLimiter.allow(kind ?? message)
        guard allowed else { return }
        if dropped > 0 { writeLogUnlimited("(\(dropped) more line(s) like the next one were not logged)") }
        writeLogUnlimited(message)
        guard phase == .running else { return }
        let text = dropped > 0 ? "(\(dropped) more message(s) like this one were not sent) " + message : message
        notify("window/logMessage", .object([("type", .int(Int64(type))), ("message", .string(text))]))
    }

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

    func processQueue() {
        while !queue.isEmpty && exitCode == nil {
            let items = queue
            queue = []
            // Cancellations and later changes in this drain apply to the requests queued before them.
            var cancelled = Set<RequestID>()
            var lastChangeIndex: [String: Int] = [:]
            for (i, q) in items.enumerated() {
                if case .tooLarge(let m, _) = q.kind, m.method == "textDocument/didChange", let uri = m.uri { lastChangeIndex[uri] = i }
                guard case .decoded(.message(.notification(let m, let p))) = q.kind else { continue }
                if m == "$/cancelRequest", let id = p?["id"], id.stringValue != nil || id.doubleValue != nil {
                    cancelled.insert(RequestID(id))
                } else if m == "textDocument/didChange", let uri = p?["textDocument"]?["uri"]?.stringValue {
                    lastChangeIndex[uri] = i
                }
            }
            for (i, q) in items.enumerated() {
                if exitCode != nil { return }
                guard case .decoded(let item) = q.kind else {
                    if case .tooLarge(let m, let bytes) = q.kind { lostMessage(m, bytes: bytes) }
                    continue
                }
                switch item {
                case .invalid(let id, let code, let message):
                    log("invalid message: \(message)", kind: "invalid message")
                    send(RPC.error(id: id, code: code, message: "Invalid Request: \(message)"), batch: q.batch)
                case .message(.response(let id, _, let error)):
                    if let error { log("the client answered \(id) with an error: \(error.serialized())", kind: "client error") }
                case .message(.notification(let method, let params)):
                    handleNotification(method, params)
                case .message(.request(let id, let method, let params)):
                    if cancelled.contains(id) {
                        send(RPC.error(id: id.value, code: RPCErrorCode.requestCancelled, message: "Request cancelled"), batch: q.batch)
                        continue
                    }
                    // A request answered in order is answered for the text it was asked about, and LSP says not to
                    // refuse it for a change still unread (ContentModified): but edits without a version (a client
                    // that does not take `documentChanges`) would be applied to the newer text, so those are.
                    if phase == .running, !versionedEditSupport, let uri = Self.editedDocument(method, params),
                       let later = lastChangeIndex[uri], later > i {
                        send(RPC.error(id: id.value, code: RPCErrorCode.contentModified, message: "Content modified: the document changed after this request"), batch: q.batch)
                        continue
                    }
                    let reply = handleRequest(method, params)
                    switch reply {
                    case .result(let r): send(RPC.response(id: id.value, result: r), batch: q.batch)
                    case .error(let code, let m): send(RPC.error(id: id.value, code: code, message: m), batch: q.batch)
                    }
                }
            }
        }
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
