// Finding the `.layoutlint.json` that governs a file, and caching loaded configs.
import Foundation
import LayoutLintCore

/// The nearest `.layoutlint.json` walking up from the file's folder (as the kernel resolves it), stopping at the
/// repository root (a folder with `.git`) or the file system root.
public func findConfig(forFile path: String) -> String? {
    let fm = FileManager.default
    var dir = kernelFolder(ofFile: path)
    for _ in 0..<256 {
        let prefix = withTrailingSlash(dir)
        let candidate = prefix + LayoutLintConfig.fileName
        if fm.fileExists(atPath: candidate) { return trustedConfig(candidate, in: dir) }
        if fm.fileExists(atPath: prefix + ".git") { return nil }
        if isSharedFolder(dir) { return nil }
        let parent = folderPart(of: dir)
        if parent.isEmpty || parent.sameKey(as: dir) { return nil }
        dir = parent
    }
    return nil
}

/// The nearest `.layoutlint.json` for `path` that lies inside the workspace: `roots` are the workspace folders (file
/// system paths). The walk up from the file's folder stops at the innermost root that holds the file (that root's
/// own `.layoutlint.json` still counts), or earlier at a repository root (`.git`). A file outside every root gets
/// none (the defaults): a language server reads no configuration outside the folders its client opened. `roots ==
/// nil` (the client named no workspace) is `findConfig(forFile:)`. Folders and roots are compared as the kernel
/// resolves them.
public func findConfig(forFile path: String, within roots: [String]?) -> String? {
    guard let roots else { return findConfig(forFile: path) }
    let fm = FileManager.default
    var dir = URL(fileURLWithPath: kernelFolder(ofFile: path), isDirectory: true)
    // The innermost root that holds the file's folder (component by component: /a/b does not hold /a/bc).
    let rootPaths = roots.map {
        URL(fileURLWithPath: kernelPath($0) ?? URL(fileURLWithPath: $0).standardizedFileURL.path).pathComponents
    }
    let components = dir.pathComponents
    // (By bytes: folders "café" in NFC and in NFD are two folders.)
    guard
        let root = rootPaths.filter({ r in
            r.count <= components.count && zip(components, r).allSatisfy { $0.sameKey(as: $1) }
        })
        .max(by: { $0.count < $1.count })
    else { return nil }
    for _ in 0..<256 {
        let candidate = dir.appendingPathComponent(LayoutLintConfig.fileName).path
        if fm.fileExists(atPath: candidate) { return trustedConfig(candidate, in: dir.path) }
        if fm.fileExists(atPath: dir.appendingPathComponent(".git").path) { return nil }
        if isSharedFolder(dir.path) { return nil }
        if dir.pathComponents.count <= root.count { return nil }
        let parent = dir.deletingLastPathComponent()
        if parent.path == dir.path { return nil }
        dir = parent
    }
    return nil
}

/// A folder anyone may write in, as `/tmp` (world-writable and sticky). The walk up for a config stops there: a file
/// under `/tmp` with no repository above it would otherwise take a `/tmp/.layoutlint.json` any local user can plant
/// (turning rules off, or making every run fail).
func isSharedFolder(_ dir: String) -> Bool {
    var st = stat()
    return stat(dir, &st) == 0 && st.st_mode & S_ISVTX != 0 && st.st_mode & S_IWOTH != 0
}

/// `candidate` unless it lies in a shared folder and belongs to someone other than this user or root.
private func trustedConfig(_ candidate: String, in dir: String) -> String? {
    guard isSharedFolder(dir) else { return candidate }
    var st = stat()
    guard stat(candidate, &st) == 0, st.st_uid == geteuid() || st.st_uid == 0 else { return nil }
    return candidate
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
            // Its `exclude` globs are relative to its folder, as the kernel names it (a `--config ../x` is not
            // relative to the working directory for the files it governs).
            config.directory = kernelFolder(ofFile: path)
        } catch {
            config = LayoutLintConfig()
            config.path = path
            config.diagnostics = [
                Diagnostic(rule: .syntax, severity: .error, message: error.message, range: ByteRange(0, 0))
            ]
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
