// The file system side shared by the CLI and the server: reading files, expanding folders, finding and caching
// `.layoutlint.json`, and writing fixes atomically without losing a byte the user wrote.
import Foundation
import LayoutLintCore

public struct WorkspaceError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The most a read takes: one byte more than the largest document the linter reads, so that an over-large file
/// (or an endless device or pipe) ends in the linter's size diagnostic instead of exhausting memory.
public let maxReadBytes = LintOptions().maxDocumentBytes + 1

/// Reads a file (at most `limit` bytes); `-` reads standard input. Only regular files: a device, FIFO or socket
/// could block or never end.
public func readFileBytes(_ path: String, limit: Int = maxReadBytes) throws(WorkspaceError) -> [UInt8] {
    if path == "-" { return try readAll(fd: 0, name: "standard input", limit: limit, sizeHint: 0) }
    var st = stat()
    guard stat(path, &st) == 0 else { throw WorkspaceError("cannot read \(path): \(String(cString: strerror(errno)))") }
    let type = st.st_mode & S_IFMT
    if type == S_IFDIR { throw WorkspaceError("cannot read \(path): it is a folder") }
    guard type == S_IFREG else { throw WorkspaceError("cannot read \(path): not a regular file (use - to read standard input)") }
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw WorkspaceError("cannot read \(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    return try readAll(fd: fd, name: path, limit: limit, sizeHint: Int(st.st_size))
}

private func readAll(fd: Int32, name: String, limit: Int, sizeHint: Int) throws(WorkspaceError) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(min(max(sizeHint, 0), limit))
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while out.count < limit {
        let want = min(chunk.count, limit - out.count)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, want) }
        if n < 0 {
            if errno == EINTR { continue }
            throw WorkspaceError("cannot read \(name): \(String(cString: strerror(errno)))")
        }
        if n == 0 { break }
        out.append(contentsOf: chunk[0..<n])
    }
    return out
}

public func isLayoutFile(_ name: String) -> Bool { name.hasSuffix(".layout.json") || name.hasSuffix(".layout.jsonc") }

/// Expands folders into the layout files below them, sorted, skipping hidden folders, following symlinks but never
/// a loop. Files named explicitly are kept whatever their name. `excluded` is asked for every file found in a folder.
public func expandPaths(_ paths: [String], excluded: (String) -> Bool = { _ in false }) -> (files: [String], errors: [String]) {
    var files: [String] = []
    var errors: [String] = []
    let fm = FileManager.default
    for p in paths {
        if p == "-" { files.append(p); continue }
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: p, isDirectory: &isDir) else {
            errors.append("cannot read \(p): no such file or folder")
            continue
        }
        if !isDir.boolValue { files.append(p); continue }
        var visited = Set<String>()
        var found: [String] = []
        func walk(_ dir: String, depth: Int) {
            guard depth < 100 else { return }
            let real = URL(fileURLWithPath: dir).resolvingSymlinksInPath().path
            guard visited.insert(real).inserted else { return }
            guard let names = try? fm.contentsOfDirectory(atPath: dir) else {
                errors.append("cannot read folder \(dir)")
                return
            }
            for name in names.sorted() {
                let full = dir.hasSuffix("/") ? dir + name : dir + "/" + name
                var sub: ObjCBool = false
                guard fm.fileExists(atPath: full, isDirectory: &sub) else { continue }
                if sub.boolValue {
                    if name.hasPrefix(".") || name == "node_modules" { continue }
                    walk(full, depth: depth + 1)
                } else if isLayoutFile(name) && !excluded(full) {
                    found.append(full)
                }
            }
        }
        walk(p, depth: 0)
        files += found.sorted()
    }
    return (files, errors)
}

/// The nearest `.layoutlint.json` walking up from the file's folder, stopping at the repository root (a folder
/// with `.git`) or the file system root.
public func findConfig(forFile path: String) -> String? {
    let fm = FileManager.default
    var dir = URL(fileURLWithPath: path == "-" ? fm.currentDirectoryPath + "/-" : path).standardizedFileURL.deletingLastPathComponent()
    for _ in 0..<256 {
        let candidate = dir.appendingPathComponent(LayoutLintConfig.fileName).path
        if fm.fileExists(atPath: candidate) { return candidate }
        if fm.fileExists(atPath: dir.appendingPathComponent(".git").path) { return nil }
        let parent = dir.deletingLastPathComponent()
        if parent.path == dir.path { return nil }
        dir = parent
    }
    return nil
}

/// The nearest `.layoutlint.json` for `path` that lies inside the workspace: `roots` are the workspace folders (file
/// system paths). The walk up from the file's folder stops at the innermost root that holds the file (that root's
/// own `.layoutlint.json` still counts), or earlier at a repository root (`.git`). A file outside every root gets
/// none (the defaults): a language server reads no configuration outside the folders its client opened. `roots ==
/// nil` (the client named no workspace) is `findConfig(forFile:)`.
public func findConfig(forFile path: String, within roots: [String]?) -> String? {
    guard let roots else { return findConfig(forFile: path) }
    let fm = FileManager.default
    var dir = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
    // The innermost root that holds the file's folder (component by component: /a/b does not hold /a/bc).
    let rootPaths = roots.map { URL(fileURLWithPath: $0).standardizedFileURL.pathComponents }
    let components = dir.pathComponents
    guard let root = rootPaths.filter({ $0.count <= components.count && Array(components.prefix($0.count)) == $0 })
        .max(by: { $0.count < $1.count }) else { return nil }
    for _ in 0..<256 {
        let candidate = dir.appendingPathComponent(LayoutLintConfig.fileName).path
        if fm.fileExists(atPath: candidate) { return candidate }
        if fm.fileExists(atPath: dir.appendingPathComponent(".git").path) { return nil }
        if dir.pathComponents.count <= root.count { return nil }
        let parent = dir.deletingLastPathComponent()
        if parent.path == dir.path { return nil }
        dir = parent
    }
    return nil
}

/// Loads configs once per path, reloading when the file changes (size or modification time).
public final class ConfigCache: @unchecked Sendable {
    private struct Entry { var stamp: String; var config: LayoutLintConfig }
    private var entries: [String: Entry] = [:]
    private let lock = NSLock()
    public init() {}

    /// The config at `path`; a missing or unreadable file is an error diagnostic on the config.
    public func load(_ path: String) -> LayoutLintConfig {
        let stamp = fileStamp(path)
        lock.lock()
        if let e = entries[path], e.stamp == stamp { lock.unlock(); return e.config }
        lock.unlock()
        var config: LayoutLintConfig
        do {
            config = LayoutLintConfig.parse(try readFileBytes(path), path: path)
        } catch {
            config = LayoutLintConfig()
            config.path = path
            config.diagnostics = [Diagnostic(rule: "syntax", severity: .error, message: error.message, range: ByteRange(0, 0))]
        }
        lock.lock()
        entries[path] = Entry(stamp: stamp, config: config)
        lock.unlock()
        return config
    }

    /// The config that governs `file` (nearest wins), or nil when there is none.
    public func config(forFile file: String) -> LayoutLintConfig? {
        findConfig(forFile: file).map(load)
    }

    public func invalidate() {
        lock.lock()
        entries.removeAll()
        lock.unlock()
    }
}

func fileStamp(_ path: String) -> String {
    var st = stat()
    guard stat(path, &st) == 0 else { return "missing" }
    return "\(st.st_size):\(st.st_mtim.tv_sec):\(st.st_mtim.tv_nsec):\(st.st_ino)"
}

/// Replaces `path` with `bytes` atomically (a temporary file in the same folder, then rename), keeping the file's
/// permissions. Refuses when the file no longer holds `expected` (it changed since it was read).
public func writeAtomically(_ path: String, _ bytes: [UInt8], expected: [UInt8]) throws(WorkspaceError) {
    let current: [UInt8]
    do { current = try readFileBytes(path) } catch { throw error }
    guard current == expected else {
        throw WorkspaceError("\(path) changed while layoutlint was fixing it; nothing was written (run again)")
    }
    var st = stat()
    guard stat(path, &st) == 0 else { throw WorkspaceError("cannot fix \(path): \(String(cString: strerror(errno)))") }
    // Root may write anything; a file without any write bit is still read-only to the user, so it stays untouched.
    guard access(path, W_OK) == 0 && (st.st_mode & 0o222) != 0 else {
        throw WorkspaceError("cannot fix \(path): the file is read-only")
    }
    // Resolve a symlink so that the link stays a link and its target gets the new text.
    let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let dir = parentDirectoryPath(target)
    let base = (target as NSString).lastPathComponent
    var template = Array("\(dir)/.\(base).layoutlint-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw WorkspaceError("cannot fix \(path): cannot create a temporary file in \(dir): \(String(cString: strerror(errno)))") }
    let tmp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var ok = false
    defer { if !ok { unlink(tmp) } }
    var off = 0
    let written: Bool = bytes.withUnsafeBytes { p in
        while off < p.count {
            let n = write(fd, p.baseAddress! + off, p.count - off)
            if n < 0 { if errno == EINTR { continue }; return false }
            off += n
        }
        return true
    }
    let synced = fsync(fd) == 0
    fchmod(fd, st.st_mode & 0o7777)
    _ = fchown(fd, st.st_uid, st.st_gid)
    close(fd)
    guard written && synced else { throw WorkspaceError("cannot fix \(path): writing the temporary file failed") }
    // Last check right before the rename: the file must still be what we read.
    guard (try? readFileBytes(path)) == expected else {
        throw WorkspaceError("\(path) changed while layoutlint was fixing it; nothing was written (run again)")
    }
    guard rename(tmp, target) == 0 else { throw WorkspaceError("cannot fix \(path): \(String(cString: strerror(errno)))") }
    ok = true
}

func parentDirectoryPath(_ path: String) -> String {
    let d = (path as NSString).deletingLastPathComponent
    return d.isEmpty ? "." : d
}
