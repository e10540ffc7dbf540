// The language server's state: its options, what was negotiated with the client, the open documents and
// configurations, the queue. Its rooms: Loop (the poll loop, the queue, output), Methods (the table of methods
// and dispatch), Lifecycle (initialize, shutdown), DocumentSync (documents, configuration, diagnostics), and a
// file per feature. stdout carries only protocol; logs go to stderr (Log).
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PlainJSON
import JSONRPC
import LSPProtocol
import LayoutLintCore
import LayoutLintSwift
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
        signal(SIGTERM) { s in
            terminationSignal = s; var b: UInt8 = 1; _ = write(signalPipeWrite, &b, 1)
        }
        signal(SIGINT) { s in
            terminationSignal = s; var b: UInt8 = 1; _ = write(signalPipeWrite, &b, 1)
        }
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
    // On a thread with a large stack: Swift documents are read on the server's own thread (no thread to wake and
    // wait for on each edit).
    return onLargeStack { server.run() }
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
    /// What the client declared in `initialize`.
    var client = ClientCapabilities()
    var encoding: PositionEncoding { client.positionEncoding }
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
}
