// The lifecycle: initialize (what the client declares, `ClientCapabilities`; what the server advertises, each
// method's capability from the table in Methods.swift), initialized (the config file watcher), shutdown, exit, and
// the server's own stats.
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PlainJSON
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
        client = ClientCapabilities(params?["capabilities"] ?? .object([]))
        if let root = params?["rootUri"]?.stringValue {
            rootPath = URIPath.path(of: root)
        } else if let root = params?["rootPath"]?.stringValue {
            rootPath = root
        }
        var roots =
            params?["workspaceFolders"]?.arrayValue?.compactMap { $0["uri"]?.stringValue.flatMap(URIPath.path(of:)) }
            ?? []
        if roots.isEmpty, let rootPath { roots = [rootPath] }
        workspaceRoots = roots.isEmpty ? nil : roots
        log("initialized: position encoding \(encoding.rawValue)")
        // Each method's own capability, from the table of methods (Methods.swift).
        let capabilities: JSONValue = .object(
            [("positionEncoding", .string(encoding.rawValue))] + advertisedCapabilities())
        return .object([
            ("capabilities", capabilities),
            ("serverInfo", .object([("name", .string("layoutlint")), ("version", .string(layoutlintServerVersion))])),
        ])
    }

    /// `shutdown`: from now on only `exit` is taken.
    func shutdown() -> Reply {
        phase = .shutDown
        return .result(.null)
    }

    /// `exit`: the loop ends, with 0 after `shutdown` and 1 without.
    func exit() {
        exitCode = phase == .shutDown ? 0 : 1
    }

    func registerWatchers() {
        guard client.watchedFilesRegistration else { return }
        let watcher: JSONValue = .object([("globPattern", .string("**/\(LayoutLintConfig.fileName)"))])
        request(
            "client/registerCapability",
            .object([
                (
                    "registrations",
                    .array([
                        .object([
                            ("id", .string("layoutlint-config-watcher")),
                            ("method", .string("workspace/didChangeWatchedFiles")),
                            ("registerOptions", .object([("watchers", .array([watcher]))])),
                        ])
                    ])
                )
            ]))
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
                ("incremental", .bool(doc.linter != nil)),
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
            (
                "configStates",
                .int(
                    Int64(
                        Set(configUsers.storage.keys).union(lastGoodConfig.storage.keys).union(
                            publishedConfigDiagnostics.storage.keys
                        ).count))
            ),
            ("lastChange", lastChange),
            ("perDocument", .array(perDocument)),
        ])
    }
}
