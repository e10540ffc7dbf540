// The layout preview: a code lens "Preview in <environment>" on each section, and the `layoutlint.preview` command
// that renders the SVG wireframe to a temporary file and asks the client to open it.
import Foundation
import PlainJSON
import JSONRPC
import LSPProtocol
import LayoutLintCore
import LayoutLintRender

extension LanguageServer {
    static let previewCommand = "layoutlint.preview"
    /// The command a code action is offered as to a client that does not take `CodeAction` literals.
    static let applyCodeActionCommand = "layoutlint.applyCodeAction"

    /// One lens per section and environment.
    func codeLenses(_ doc: Document) -> JSONValue {
        guard let engine = doc.linter else { return .array([]) }
        let conv = converter(doc)
        var lenses: [JSONValue] = []
        let (sections, environments) = engine.builtSections()
        for section in sections {
            let start = section.range.start
            let range = conv.range(ByteRange(start, start + 1))
            for name in environments {
                lenses.append(
                    .object([
                        ("range", range),
                        (
                            "command",
                            .object([
                                ("title", .string("Preview in \(LSP.label(name))")),
                                ("command", .string(Self.previewCommand)),
                                (
                                    "arguments",
                                    .array([.string(doc.uri), .string(name), .string("/sections/\(section.index)")])
                                ),
                            ])
                        ),
                    ]))
                if lenses.count >= 2_000 { return .array(lenses) }
            }
        }
        return .array(lenses)
    }

    /// `workspace/executeCommand` `layoutlint.applyCodeAction` with the arguments its code action command gave,
    /// `[uri, version, range, only, index, title, [opening, edits]]`: the action is computed again for that range,
    /// and applied with `workspace/applyEdit` only if the document is still the same opening at the same text
    /// (`Document.opening`, `editCount`, version), no command's edit was sent for that text yet (the client may
    /// take no versioned edits: a second edit would land on the text the first changed), and the action at that
    /// index still has that title. No edit comes from the client: it could name any text.
    func applyCodeAction(_ args: [JSONValue]) -> Reply {
        guard args.count == 7, let uri = args[0].stringValue, let version = args[1].intValue,
            args[2].objectValue != nil,
            let index = args[4].intValue, let title = args[5].stringValue,
            let opening = args[6][0]?.intValue, let edits = args[6][1]?.intValue
        else {
            return .error(
                RPCErrorCode.invalidParams,
                "Invalid params: \(Self.applyCodeActionCommand) takes the arguments of a layoutlint code action")
        }
        guard let doc = documents[uri] else {
            return .error(RPCErrorCode.invalidParams, "Invalid params: \(uri) is not open")
        }
        guard Int64(doc.version) == version, Int64(doc.opening) == opening, Int64(doc.editCount) == edits,
            doc.commandEditSent != doc.editCount
        else {
            return .error(
                RPCErrorCode.contentModified,
                "Content modified: \(uri) changed, or was fixed, after the action was offered; ask for the actions again"
            )
        }
        guard client.applyEditSupport else {
            return .error(RPCErrorCode.requestFailed, "Request failed: the client does not take workspace/applyEdit")
        }
        ensureLinted(doc)
        var request: [(String, JSONValue)] = [("textDocument", .object([("uri", .string(uri))])), ("range", args[2])]
        if args[3].arrayValue != nil { request.append(("context", .object([("only", args[3])]))) }
        let actions = FeatureContext(server: self, doc: doc).codeActionLiterals(.object(request))
        guard index >= 0, index < Int64(actions.count), actions[Int(index)]["title"]?.stringValue == title,
            let edit = actions[Int(index)]["edit"]
        else {
            return .error(
                RPCErrorCode.contentModified,
                "Content modified: the action \"\(title)\" is no longer offered; ask for the actions again")
        }
        doc.commandEditSent = doc.editCount
        self.request("workspace/applyEdit", .object([("label", .string(title)), ("edit", edit)]))
        return .result(.null)
    }

    /// `workspace/executeCommand` `layoutlint.preview` with `[uri, environment?, sectionPath?]`: writes the SVG and
    /// answers its URI; clients that support `window/showDocument` are asked to open it outside the editor.
    func executeCommand(_ params: JSONValue?) -> Reply {
        guard let params, case .object = params, let command = params["command"]?.stringValue else {
            return .error(RPCErrorCode.invalidParams, "Invalid params: expected { command, arguments }")
        }
        if command == Self.applyCodeActionCommand { return applyCodeAction(params["arguments"]?.arrayValue ?? []) }
        guard command == Self.previewCommand else {
            return .error(RPCErrorCode.invalidParams, "Invalid params: unknown command \(command)")
        }
        let args = params["arguments"]?.arrayValue ?? []
        guard let uri = args.first?.stringValue, let doc = documents[uri] else {
            return .error(
                RPCErrorCode.invalidParams,
                "Invalid params: \(Self.previewCommand) takes [uri, environment?, sectionPath?] of an open document")
        }
        ensureLinted(doc)
        focus(doc)
        if doc.isSwift, let name = args.count > 2 ? args[2].stringValue : nil, name.hasPrefix("layout:"),
            let layout = doc.swiftResult?.layouts.first(where: { $0.name == String(name.dropFirst(7)) })
        {
            var options = RenderOptions()
            options.title = (doc.path ?? uri) + " › " + layout.name
            let environment = args.count > 1 ? args[1].stringValue : nil
            return writePreview(
                renderSVG(layout.result, environment: environment, options: options), uri: uri, path: doc.path,
                environment: environment)
        }
        guard var result = doc.result else {
            return .error(RPCErrorCode.invalidParams, "Invalid params: \(uri) is not a layout document")
        }
        let environment = args.count > 1 ? args[1].stringValue : nil
        if let environment, !result.layouts.contains(where: { $0.environment.name == environment }) {
            // Another environment than the document's: resolve the document there.
            var opts = lintOptions(for: doc).0
            opts.environmentNames = [environment]
            let other = lint(bytes: doc.text, options: opts)
            guard other.unknownEnvironments.isEmpty else {
                return .error(RPCErrorCode.invalidParams, "Invalid params: unknown environment \(environment)")
            }
            result = other
        }
        var options = RenderOptions()
        options.title = doc.path ?? uri
        options.highlightSection = args.count > 2 ? args[2].stringValue : nil
        let svg = renderSVG(result, environment: environment, options: options)
        return writePreview(svg, uri: uri, path: doc.path, environment: environment)
    }

    /// Writes a preview's SVG to the preview folder and asks the client to show it.
    func writePreview(_ svg: String, uri: String, path: String?, environment: String?) -> Reply {
        do {
            let dir = try LanguageServer.previewFolder.url()
            let file = dir.appendingPathComponent(Self.previewFile(uri: uri, path: path, environment: environment))
            try Data(svg.utf8).write(to: file, options: .atomic)
            Self.prunePreviews(in: dir, keeping: file, max: self.options.maxPreviewFiles)
            let fileURI = file.absoluteString
            if client.showDocumentSupport {
                request("window/showDocument", .object([("uri", .string(fileURI)), ("external", .bool(true))]))
            }
            return .result(.object([("uri", .string(fileURI))]))
        } catch {
            return .error(
                RPCErrorCode.internalError, "Internal error: cannot write the preview: \(error.localizedDescription)")
        }
    }
}

extension LanguageServer {
    /// The folder previews are written to: one per server process, removed when the server exits.
    static let previewFolder = PreviewFolder()

    /// The preview file of a document in an environment: its base name and a short hash of its URI, so that
    /// `a/x.layout.json` and `b/x.layout.json` do not share (and overwrite) one file.
    static func previewFile(uri: String, path: String?, environment: String?) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 // FNV-1a: stable across runs
        for b in uri.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        let name = previewFileName(documentPath: path ?? "layout", environment: environment)
        return String(name.dropLast(4)) + "." + String(String(h, radix: 16).suffix(8)) + ".svg"
    }

    /// Keeps at most `max` preview files in `dir` (the one just written among them): the least recently written go.
    /// A session that previews many documents or environments no longer fills the temporary folder.
    static func prunePreviews(in dir: URL, keeping file: URL, max: Int) {
        let fm = FileManager.default
        guard let names = (try? fm.contentsOfDirectory(atPath: dir.path))?.filter(isPreviewFileName), names.count > max
        else { return }
        var dated: [(name: String, time: Date)] = []
        for n in names where n != file.lastPathComponent {
            let t =
                (try? fm.attributesOfItem(atPath: dir.appendingPathComponent(n).path)[.modificationDate] as? Date)
                ?? .distantPast
            dated.append((n, t))
        }
        dated.sort { ($0.time, $0.name) < ($1.time, $1.name) }
        for d in dated.prefix(Swift.max(0, names.count - max)) {
            try? fm.removeItem(at: dir.appendingPathComponent(d.name))
        }
    }

    /// `NAME.<8 hex digits>.svg`, as `previewFile` names them: the only files pruning removes.
    static func isPreviewFileName(_ n: String) -> Bool {
        let b = Array(n.utf8)
        guard b.count > 13, n.hasSuffix(".svg"), b[b.count - 13] == UInt8(ascii: ".") else { return false }
        return b[(b.count - 12)..<(b.count - 4)].allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    /// Stale preview folders are removed once per process, when its first server starts (a process that runs many
    /// servers, as the fuzz targets do, listed the temporary folder for every one: 5-9 % of their time).
    static let staleFoldersRemoved: Void = removeStalePreviewFolders()

    /// Removes the preview folders of server processes that are gone (killed, crashed), owned by this user.
    static func removeStalePreviewFolders() {
        let tmp = FileManager.default.temporaryDirectory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: tmp.path) else { return }
        for name in names where name.hasPrefix("layoutlint-preview-") {
            // `layoutlint-preview-PID-XXXXXX` (`mkdtemp`), or `layoutlint-preview-PID` (before it).
            let rest = name.dropFirst("layoutlint-preview-".count)
            guard let pid = Int32(rest.prefix { $0 != "-" }), pid > 0, pid != getpid() else { continue }
            let path = tmp.appendingPathComponent(name).path
            var st = stat()
            guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR, st.st_uid == getuid() else { continue }
            // Its server holds a lock on `.lock` while it runs: a free lock is a dead server. The pid alone is not
            // enough: a server in another PID namespace sharing the folder (a dev container) looks dead by it.
            let fd = open(path + "/.lock", O_RDWR | O_NOFOLLOW | O_CLOEXEC)
            if fd >= 0 {
                defer { Glibc.close(fd) }
                if flock(fd, LOCK_EX | LOCK_NB) == 0 { try? FileManager.default.removeItem(atPath: path) }
                continue
            }
            if kill(pid, 0) != 0 && errno == ESRCH { try? FileManager.default.removeItem(atPath: path) }
        }
    }
}

/// The preview folder of this process, made when the first preview is written: by `mkdtemp`, so its name cannot be
/// known beforehand and it is the process's own, readable by its user only (0700). A fixed name
/// (`layoutlint-preview-PID`) let another user make it first, or a symlink by that name, which the server then wrote
/// into and pruned `.svg` files from (regression test: PreviewFileTests/aFolderOrSymlinkMadeBeforehandGetsNoPreview).
/// Several servers of one process (tests, the fuzz targets) share it; the one that exits removes it, and the next
/// preview makes a new one.
final class PreviewFolder: @unchecked Sendable {
    private let lock = NSLock()
    private var made: URL?
    /// `.lock` in the folder, locked (`flock`) while the process runs: how other servers' sweeps know it is alive.
    private var lockFD: Int32 = -1
    struct Failure: LocalizedError { var errorDescription: String? }

    func url() throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        if let made, FileManager.default.fileExists(atPath: made.path) { return made }
        var template = Array(
            FileManager.default.temporaryDirectory.appendingPathComponent("layoutlint-preview-\(getpid())-XXXXXX").path
                .utf8CString)
        let ok = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
        guard ok else {
            throw Failure(
                errorDescription:
                    "cannot make a folder in \(FileManager.default.temporaryDirectory.path): \(String(cString: strerror(errno)))"
            )
        }
        let url = URL(
            fileURLWithPath: String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self),
            isDirectory: true)
        if lockFD >= 0 { close(lockFD) }
        lockFD = open(url.path + "/.lock", O_CREAT | O_RDWR | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if lockFD >= 0 { _ = flock(lockFD, LOCK_EX) }
        made = url
        return url
    }

    func remove() {
        lock.lock()
        defer { lock.unlock() }
        if let made { try? FileManager.default.removeItem(at: made) }
        if lockFD >= 0 { close(lockFD); lockFD = -1 }
        made = nil
    }
}
