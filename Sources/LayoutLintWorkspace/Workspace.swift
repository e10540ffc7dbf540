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
    guard stat(path, &st) == 0 else { throw WorkspaceError("cannot read \(path): \(readErrorText(errno))") }
    let type = st.st_mode & S_IFMT
    if type == S_IFDIR { throw WorkspaceError("cannot read \(path): it is a folder") }
    guard type == S_IFREG else { throw WorkspaceError("cannot read \(path): not a regular file (use - to read standard input)") }
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw WorkspaceError("cannot read \(path): \(readErrorText(errno))") }
    defer { close(fd) }
    return try readAll(fd: fd, name: path, limit: limit, sizeHint: Int(st.st_size))
}

/// Writes all of `bytes` to `fd` (again after EINTR or a short write); 0, or the `errno` of the write that failed
/// (EIO for one that wrote nothing).
public func writeAll(fd: Int32, _ bytes: [UInt8]) -> Int32 {
    bytes.withUnsafeBytes { p in
        var off = 0
        while off < p.count {
            let n = write(fd, p.baseAddress! + off, p.count - off)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return errno }
            if n == 0 { return EIO }
            off += n
        }
        return 0
    }
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

public func isLayoutFile(_ name: String) -> Bool { name.hasByteSuffix(".layout.json") || name.hasByteSuffix(".layout.jsonc") }

/// A Swift source file (read by the Swift front end; files that never name the API cost only a byte search).
public func isSwiftFile(_ name: String) -> Bool { name.hasByteSuffix(".swift") }

/// Folders of other people's code or of build products, never walked: dependencies (CocoaPods, Carthage,
/// node_modules) and Xcode's derived data. Hidden folders (`.build`, `.git`) are skipped too.
let foreignFolders = ["node_modules", "Pods", "Carthage", "DerivedData"]

/// The text for an `errno` value.
func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

/// Why a path could not be read, in the words every command uses ("no such file or folder", as `lint` says it for
/// a path that names neither).
func readErrorText(_ code: Int32) -> String { code == ENOENT ? "no such file or folder" : errorText(code) }

/// A file's identity: one (device, inode) is one file, whatever the name it was reached by.
struct FileID: Hashable {
    var device: UInt64
    var inode: UInt64
    init(_ st: stat) { device = UInt64(st.st_dev); inode = UInt64(st.st_ino) }
}

/// How many folders deep `expandPaths` goes below a folder it was given; deeper is an error, never a silent stop.
public let maxFolderDepth = 100

/// Expands folders into the layout files below them, sorted, skipping hidden folders and `node_modules`, following
/// symlinks but never a loop. Files named explicitly are kept whatever their name. `excluded` is asked for every file
/// found in a folder. A file reached twice (named twice, named and found in a folder, or through a symlink beside
/// it) is listed once, under its first name: it is linted and fixed once.
///
/// Nothing is skipped silently but a symlink inside a folder that points at no file (dangling, or a loop): an
/// entry that cannot be looked at (no search permission, a name too long), a name that is not valid UTF-8 (paths are
/// Strings from here on) and a tree deeper than `maxFolderDepth` are errors.
/// `excluded` is asked of every layout file found in a folder and of every folder below one named (an excluded
/// folder is not read: `pruned` is told its path).
public func expandPaths(_ paths: [String], excluded: (String) -> Bool = { _ in false },
                        pruned: (String) -> Void = { _ in }) -> (files: [String], errors: [String]) {
    var files: [String] = []
    var errors: [String] = []
    var listed = Set<FileID>()
    for p in paths {
        if p == "-" { files.append(p); continue }
        var st = stat()
        guard stat(p, &st) == 0 else {
            let code = errno
            errors.append("cannot read \(p): \(readErrorText(code))")
            continue
        }
        if st.st_mode & S_IFMT != S_IFDIR {
            if listed.insert(FileID(st)).inserted { files.append(p) }
            continue
        }
        var visited = Set<FileID>()
        var found: [(path: String, id: FileID)] = []
        // Symlinks are followed only while they stay inside the folder named: a link to `/` or to another checkout
        // made `lint .` walk the whole file system (and `--fix` write there), and a linked file outside made `lint .`
        // print its lines and `--fix` rewrite it (a checkout can hold any link). Name the target to lint it.
        let rootReal = kernelPathBytes(p)
        func linkStaysInside(_ full: String, _ type: UInt8) -> Bool {
            var link = stat()
            guard type == UInt8(DT_LNK) || (type == UInt8(DT_UNKNOWN) && lstat(full, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK) else {
                return true
            }
            guard let root = rootReal, let target = kernelPathBytes(full) else { return false }
            // (Bytes: `String`'s prefix test is canonical equivalence, and a folder "café" is not "café".)
            return target == root || target.starts(with: root.last == UInt8(ascii: "/") ? root : root + [UInt8(ascii: "/")])
        }
        func walk(_ dir: String, _ dirStat: stat, depth: Int) {
            guard visited.insert(FileID(dirStat)).inserted else { return }  // a symlink loop, or a folder seen already
            guard depth < maxFolderDepth else {
                errors.append("cannot read folder \(dir): more than \(maxFolderDepth) folders deep (layoutlint goes no deeper)")
                return
            }
            let entries: [(name: [UInt8], type: UInt8)]
            do { entries = try readFolder(dir) } catch {
                errors.append("cannot read folder \(dir): \(error.message)")
                return
            }
            let prefix = withTrailingSlash(dir)
            var named: [(name: String, type: UInt8)] = []
            for e in entries {
                let name = String(decoding: e.name, as: UTF8.self)
                if Array(name.utf8) == e.name { named.append((name, e.type)); continue }
                // Not valid UTF-8: it has no String name, so it can be neither linted nor walked. It matters when it is
                // a layout file or a folder that would be walked; anything else is skipped as it would be anyway.
                let hidden = e.name.first == UInt8(ascii: ".")
                guard hasLayoutSuffix(e.name) || e.name.reversed().starts(with: ".swift".utf8.reversed()) || (!hidden && mayBeFolder(Array(prefix.utf8) + e.name, e.type)) else { continue }
                errors.append("cannot read \(prefix + name): the name is not valid UTF-8 (shown with U+FFFD; rename it)")
            }
            for (name, type) in named.sorted(by: { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }) {
                let full = prefix + name
                let layout = isLayoutFile(name) || isSwiftFile(name)
                let skippedFolder = name.hasBytePrefix(".") || foreignFolders.contains { name.sameKey(as: $0) }
                // Never looked at: a hidden folder, a dependency or build folder, or a file that is neither a layout
                // document nor Swift.
                if !layout && (skippedFolder || type == UInt8(DT_REG)) { continue }
                var sub = stat()
                guard stat(full, &sub) == 0 else {
                    let code = errno
                    var link = stat()
                    let linked = lstat(full, &link) == 0
                    // A dangling symlink, or a symlink loop (x → y → x): it points at no file, so there is nothing to
                    // lint. Likewise an entry removed since the folder was read.
                    if code == ENOENT && (!linked || link.st_mode & S_IFMT == S_IFLNK) { continue }
                    if code == ELOOP && linked && link.st_mode & S_IFMT == S_IFLNK { continue }
                    if code == EACCES && !linked {
                        // The folder itself cannot be searched: one error for it, not one per entry.
                        errors.append("cannot read folder \(dir): \(errorText(code)) (its entries cannot be looked at)")
                        return
                    }
                    errors.append("cannot read \(full): \(errorText(code))")
                    continue
                }
                if sub.st_mode & S_IFMT == S_IFDIR {
                    if skippedFolder { continue }
                    guard linkStaysInside(full, type) else { continue }
                    // An excluded folder (a glob that matches a folder matches all below it, as in gitignore) is not
                    // read: nothing in it can fail the run, and a large one costs nothing. Unless it has a config of
                    // its own: its files are then judged by their nearest config, as `lint FOLDER` and the hooks judge
                    // them.
                    if excluded(full) && !FileManager.default.fileExists(atPath: full + "/" + LayoutLintConfig.fileName) { pruned(full); continue }
                    walk(full, sub, depth: depth + 1)
                } else if layout && !excluded(full) && linkStaysInside(full, type) {
                    found.append((full, FileID(sub)))
                }
            }
        }
        walk(p, st, depth: 0)
        for f in found.sorted(by: { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }) where listed.insert(f.id).inserted { files.append(f.path) }
    }
    return (files, errors)
}

private func hasLayoutSuffix(_ name: [UInt8]) -> Bool {
    name.count > 0 && (name.reversed().starts(with: ".layout.json".utf8.reversed()) || name.reversed().starts(with: ".layout.jsonc".utf8.reversed()))
}

/// Whether the entry at `path` (bytes) is, or may be, a folder.
private func mayBeFolder(_ path: [UInt8], _ type: UInt8) -> Bool {
    if type == UInt8(DT_DIR) { return true }
    if type == UInt8(DT_REG) { return false }
    var st = stat()
    return withCString(path) { stat($0, &st) } != 0 || st.st_mode & S_IFMT == S_IFDIR
}

/// Calls `body` with `bytes` as a NUL-terminated C string.
func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
    try (bytes + [0]).withUnsafeBufferPointer { b in
        try b.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
    }
}

/// A folder's entries as the kernel names them (bytes, not Strings: a name need not be valid UTF-8) with their
/// `d_type`, without `.` and `..`.
func readFolder(_ dir: String) throws(WorkspaceError) -> [(name: [UInt8], type: UInt8)] {
    guard let d = opendir(dir) else { throw WorkspaceError(errorText(errno)) }
    defer { closedir(d) }
    var out: [(name: [UInt8], type: UInt8)] = []
    while true {
        errno = 0
        guard let e = readdir(d) else {
            if errno != 0 { throw WorkspaceError(errorText(errno)) }
            return out
        }
        let name: [UInt8] = withUnsafeBytes(of: &e.pointee.d_name) { raw in
            Array(raw.prefix { $0 != 0 })
        }
        if name == [0x2E] || name == [0x2E, 0x2E] { continue }
        out.append((name, e.pointee.d_type))
    }
}

/// The kernel's absolute name for `path` (`realpath(3)`: every symlink and `..` resolved as `open` would), or nil
/// (with `errno` set) when it cannot be resolved or is not valid UTF-8.
public func kernelPath(_ path: String) -> String? {
    guard let p = realpath(path, nil) else { return nil }
    defer { free(p) }
    guard let s = String(validatingCString: p) else { errno = EILSEQ; return nil }
    return s
}

/// The folder that holds `path`, as the kernel sees it: `realpath` of the path's folder part. (Foundation's
/// `standardizedFileURL` applies `..` lexically, before symlinks: `lnk/../a.layout.json` named another folder than
/// the one `open` reads the file from.) A folder that cannot be resolved (it does not exist) keeps the lexical form.
func kernelFolder(ofFile path: String) -> String {
    let folder = parentDirectory(of: path)
    return kernelPath(folder) ?? URL(fileURLWithPath: folder).standardizedFileURL.path
}

/// `path` with its folder as the kernel sees it (`kernelFolder`): absolute, whatever the working directory, so that
/// it compares with a config's folder (`exclude` globs are relative to that folder).
public func kernelFilePath(_ path: String) -> String {
    let name = fileNamePart(of: path)
    let folder = kernelFolder(ofFile: path)
    return withTrailingSlash(folder) + name
}

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
    let rootPaths = roots.map { URL(fileURLWithPath: kernelPath($0) ?? URL(fileURLWithPath: $0).standardizedFileURL.path).pathComponents }
    let components = dir.pathComponents
    // (By bytes: folders "café" in NFC and in NFD are two folders.)
    guard let root = rootPaths.filter({ r in r.count <= components.count && zip(components, r).allSatisfy { $0.sameKey(as: $1) } })
        .max(by: { $0.count < $1.count }) else { return nil }
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
            config.diagnostics = [Diagnostic(rule: .syntax, severity: .error, message: error.message, range: ByteRange(0, 0))]
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

// MARK: atomic writes

/// The temporary files of `writeAtomically` that may exist right now, for the handler `removeTemporaryFilesOnSignals`
/// installs: C buffers allocated once, which the handler reads without allocating or locking (async-signal-safe).
/// A slot's name is written (by `mkstemp`, in place) only while the slot is disarmed or before the file exists, and
/// disarmed only after the file is renamed or removed, so the handler never removes anything but a temporary file.
enum PendingTemporaryFiles {
    static let slots = 64
    static let slotSize = Int(PATH_MAX) + 1
    nonisolated(unsafe) static let names: UnsafeMutablePointer<CChar> = {
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: slots * slotSize)
        p.initialize(repeating: 0, count: slots * slotSize)
        return p
    }()
    /// `armed[i] != 0`: slot i names a temporary file to remove on a signal.
    nonisolated(unsafe) static let armed: UnsafeMutablePointer<sig_atomic_t> = {
        let p = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: slots)
        p.initialize(repeating: 0, count: slots)
        return p
    }()
    private static let condition = NSCondition()
    nonisolated(unsafe) private static var free = Array(0..<slots)  // guarded by `condition`

    static func claim() -> Int {
        condition.lock()
        defer { condition.unlock() }
        while free.isEmpty { condition.wait() }
        return free.removeLast()
    }
    static func release(_ slot: Int) {
        armed[slot] = 0
        condition.lock()
        free.append(slot)
        condition.signal()
        condition.unlock()
    }
    static func name(_ slot: Int) -> UnsafeMutablePointer<CChar> { names + slot * slotSize }
}

private let removePendingAndDie: @convention(c) (Int32) -> Void = { sig in
    let names = PendingTemporaryFiles.names, armed = PendingTemporaryFiles.armed
    var i = 0
    while i < PendingTemporaryFiles.slots {
        if armed[i] != 0 { unlink(names + i * PendingTemporaryFiles.slotSize) }
        i += 1
    }
    signal(sig, SIG_DFL)
    raise(sig)
}

/// Makes SIGINT, SIGTERM and SIGHUP remove the temporary files of the fixes being written (`.NAME.layoutlint-XXXXXX`)
/// before the process dies of the signal as it would have. Signals the process ignores stay ignored.
public func removeTemporaryFilesOnSignals() {
    // Initialised here, never first in the handler.
    _ = PendingTemporaryFiles.names
    _ = PendingTemporaryFiles.armed
    for sig in [SIGINT, SIGTERM, SIGHUP] {
        let previous = signal(sig, removePendingAndDie)
        if let previous, unsafeBitCast(previous, to: Int.self) == 1 { signal(sig, SIG_IGN) }  // SIG_IGN
    }
}

private typealias ListXattr = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int
private typealias GetXattr = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
private typealias SetXattr = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
private typealias RemoveXattr = @convention(c) (Int32, UnsafePointer<CChar>) -> Int32

/// The C library's extended-attribute calls (`sys/xattr.h` is not part of the Glibc module).
private struct XattrCalls: @unchecked Sendable {
    let list: ListXattr, get: GetXattr, set: SetXattr, remove: RemoveXattr
    static let shared: XattrCalls? = {
        guard let l = dlsym(nil, "flistxattr"), let g = dlsym(nil, "fgetxattr"), let s = dlsym(nil, "fsetxattr"),
              let r = dlsym(nil, "fremovexattr") else { return nil }
        return XattrCalls(list: unsafeBitCast(l, to: ListXattr.self), get: unsafeBitCast(g, to: GetXattr.self),
                          set: unsafeBitCast(s, to: SetXattr.self), remove: unsafeBitCast(r, to: RemoveXattr.self))
    }()
}

/// Failures on these are ignored: the security modules set and check them themselves (an SELinux label, say).
private func isSecurityAttribute(_ name: [UInt8]) -> Bool { name.starts(with: "security.".utf8) }

private func attributeName(_ name: [UInt8]) -> String { String(decoding: name, as: UTF8.self) }

/// The names of the extended attributes of the open file `fd` (ACLs are `system.posix_acl_*`); none where the file
/// system has none.
private func extendedAttributeNames(_ fd: Int32) throws(WorkspaceError) -> [[UInt8]] {
    guard let x = XattrCalls.shared else { throw WorkspaceError("its extended attributes cannot be read here (no flistxattr)") }
    while true {
        let size = x.list(fd, nil, 0)
        if size < 0 {
            if errno == ENOTSUP { return [] }
            throw WorkspaceError("its extended attributes cannot be listed (\(errorText(errno)))")
        }
        if size == 0 { return [] }
        var buf = [CChar](repeating: 0, count: size)
        let n = x.list(fd, &buf, size)
        if n < 0 {
            if errno == ERANGE { continue }  // one was added meanwhile
            throw WorkspaceError("its extended attributes cannot be listed (\(errorText(errno)))")
        }
        return buf.prefix(n).map { UInt8(bitPattern: $0) }.split(separator: 0).map(Array.init)
    }
}

/// The extended attributes of the open file `fd`, names and values.
private func extendedAttributes(_ fd: Int32) throws(WorkspaceError) -> [(name: [UInt8], value: [UInt8])] {
    guard let x = XattrCalls.shared else { throw WorkspaceError("its extended attributes cannot be read here (no fgetxattr)") }
    var out: [(name: [UInt8], value: [UInt8])] = []
    for name in try extendedAttributeNames(fd) {
        var value: [UInt8]?
        var failure: Int32 = 0
        while value == nil && failure == 0 {
            let size = withCString(name) { x.get(fd, $0, nil, 0) }
            if size < 0 { failure = errno; break }
            var buf = [UInt8](repeating: 0, count: size)
            let n = withCString(name) { c in buf.withUnsafeMutableBytes { x.get(fd, c, $0.baseAddress, size) } }
            if n >= 0 { value = Array(buf.prefix(n)) } else if errno != ERANGE { failure = errno }
        }
        if let value { out.append((name, value)); continue }
        if failure == ENODATA || isSecurityAttribute(name) { continue }  // removed meanwhile, or the kernel's own
        throw WorkspaceError("its extended attribute \(attributeName(name)) cannot be read (\(errorText(failure)))")
    }
    return out
}

/// Gives the open file `fd` exactly the extended attributes `attributes` (those of `security.*` as far as allowed).
private func setExtendedAttributes(_ fd: Int32, _ attributes: [(name: [UInt8], value: [UInt8])]) throws(WorkspaceError) {
    guard let x = XattrCalls.shared else { throw WorkspaceError("its extended attributes cannot be written here (no fsetxattr)") }
    for (name, value) in attributes {
        let r = withCString(name) { c in value.withUnsafeBytes { x.set(fd, c, $0.baseAddress, value.count, 0) } }
        if r != 0 && !isSecurityAttribute(name) {
            throw WorkspaceError("its extended attribute \(attributeName(name)) cannot be kept (\(errorText(errno)))")
        }
    }
    // What the new file got that the old one does not have (an ACL from the folder's default ACL, say) goes.
    let wanted = Set(attributes.map(\.name))
    for name in try extendedAttributeNames(fd) where !wanted.contains(name) && !isSecurityAttribute(name) {
        if withCString(name, { x.remove(fd, $0) }) != 0 && errno != ENODATA {
            throw WorkspaceError("the new file's extended attribute \(attributeName(name)) cannot be removed (\(errorText(errno)))")
        }
    }
}

/// `realpath(3)` as bytes (a symlink's target need not be valid UTF-8), or nil with `errno` set.
private func kernelPathBytes(_ path: String) -> [UInt8]? {
    guard let p = realpath(path, nil) else { return nil }
    defer { free(p) }
    return Array(UnsafeRawBufferPointer(start: p, count: strlen(p)))
}

/// Opens the regular file `path` for reading without following a symlink in its last component (and without blocking on
/// a FIFO put in its place); nil with `errno` set.
private func openRegular(_ path: [UInt8], _ st: inout stat) -> Int32? {
    let fd = withCString(path) { open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
    guard fd >= 0 else { return nil }
    guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { close(fd); errno = EINVAL; return nil }
    return fd
}

/// The longest name a folder entry can have (`NAME_MAX` on Linux file systems).
let maxNameBytes = 255

/// The temporary file's name for `base`: `.BASE.layoutlint-XXXXXX`, with `base` cut (at a UTF-8 scalar boundary) so
/// that the whole name stays within `maxNameBytes`.
func temporaryName(for base: [UInt8]) -> [UInt8] {
    let suffix = Array(".layoutlint-XXXXXX".utf8)
    var keep = min(base.count, maxNameBytes - 1 - suffix.count)
    while keep > 0 && keep < base.count && base[keep] & 0xC0 == 0x80 { keep -= 1 }
    return [UInt8(ascii: ".")] + base.prefix(keep) + suffix
}

/// Replaces `path` with `bytes` atomically (a temporary file in the same folder, then rename), keeping the file's
/// owner, group, mode (set-id and sticky bits included) and extended attributes (ACLs included). Refuses, writing
/// nothing, when the file no longer holds `expected` (it changed since it was read), is read-only, has more than one
/// hard link (the rename would split them), or when its owner, mode or an extended attribute other than
/// `security.*` cannot be given to the new file.
///
/// The path is resolved as the kernel resolves it (`realpath`: a symlink stays a link and its target gets the text;
/// `lnk/..` is the parent of the folder `lnk` points to). The file that is read, checked and renamed over is that
/// one, and it must still be the same inode right before the rename.
/// (`purpose`: what the messages say layoutlint was doing, "fix" or "write".)
public func writeAtomically(_ path: String, _ bytes: [UInt8], expected: [UInt8], purpose: String = "fix") throws(WorkspaceError) {
    func refuse(_ why: String) -> WorkspaceError { WorkspaceError("cannot \(purpose) \(path): \(why)") }
    let changed = WorkspaceError("\(path) changed while layoutlint was \(purpose == "fix" ? "fixing" : "writing") it; nothing was written (run again)")
    guard let target = kernelPathBytes(path) else { throw refuse(errorText(errno)) }

    // Read and check through one descriptor: the inode compared is the inode replaced.
    var st = stat()
    guard let readFD = openRegular(target, &st) else {
        // Not a regular file any more, or a symlink put in its place since `realpath`.
        throw errno == EINVAL || errno == ELOOP ? changed : refuse(errorText(errno))
    }
    let attributes: [(name: [UInt8], value: [UInt8])]
    do {
        defer { close(readFD) }
        guard try readAll(fd: readFD, name: path, limit: maxReadBytes, sizeHint: Int(st.st_size)) == expected else { throw changed }
        // Root may write anything; a file without any write bit is still read-only to the user, so it stays untouched.
        guard withCString(target, { access($0, W_OK) }) == 0 && (st.st_mode & 0o222) != 0 else {
            throw refuse("the file is read-only")
        }
        guard st.st_nlink <= 1 else {
            throw refuse("it has \(st.st_nlink) hard links, and replacing it would leave the old text under the other names; nothing was written")
        }
        do { attributes = try extendedAttributes(readFD) } catch { throw refuse("\(error.message); nothing was written") }
    }

    let slash = target.lastIndex(of: UInt8(ascii: "/")) ?? -1  // realpath's answer is absolute
    let dir = slash <= 0 ? [UInt8(ascii: "/")] : Array(target[..<slash])
    let dirName = String(decoding: dir, as: UTF8.self)
    let template = (dir == [UInt8(ascii: "/")] ? dir : dir + [UInt8(ascii: "/")]) + temporaryName(for: Array(target[(slash + 1)...]))
    guard template.count < PendingTemporaryFiles.slotSize else {
        throw refuse("cannot create a temporary file in \(dirName): \(errorText(ENAMETOOLONG))")
    }
    let slot = PendingTemporaryFiles.claim()
    defer { PendingTemporaryFiles.release(slot) }
    let tmp = PendingTemporaryFiles.name(slot)
    for (i, b) in template.enumerated() { tmp[i] = CChar(bitPattern: b) }
    tmp[template.count] = 0
    PendingTemporaryFiles.armed[slot] = 1  // before the file exists: a signal from now on removes it
    let fd = mkstemp(tmp)
    guard fd >= 0 else { throw refuse("cannot create a temporary file in \(dirName): \(errorText(errno))") }
    var renamed = false
    defer { if !renamed { unlink(tmp) } }
    var open = true
    defer { if open { close(fd) } }

    let writeError = writeAll(fd: fd, bytes)
    guard writeError == 0 else { throw refuse("writing the temporary file failed: \(errorText(writeError))") }
    // The owner first: chown clears the set-id bits, which the mode then restores. ACLs before the mode, which has
    // the last word on the permission bits.
    guard fchown(fd, st.st_uid, st.st_gid) == 0 else {
        throw refuse("its owner (uid \(st.st_uid), gid \(st.st_gid)) cannot be kept (\(errorText(errno))); nothing was written")
    }
    do { try setExtendedAttributes(fd, attributes) } catch { throw refuse("\(error.message); nothing was written") }
    let mode = st.st_mode & 0o7777
    guard fchmod(fd, mode) == 0 else {
        throw refuse("its mode \(String(mode, radix: 8)) cannot be kept (\(errorText(errno))); nothing was written")
    }
    var now = stat()
    guard fstat(fd, &now) == 0 else { throw refuse("writing the temporary file failed: \(errorText(errno))") }
    // The kernel drops a set-group-id bit it does not allow without an error: compare.
    guard now.st_mode & 0o7777 == mode, now.st_uid == st.st_uid, now.st_gid == st.st_gid else {
        throw refuse("its mode \(String(mode, radix: 8)) cannot be kept (it would be \(String(now.st_mode & 0o7777, radix: 8))); nothing was written")
    }
    guard fsync(fd) == 0 else { throw refuse("writing the temporary file failed: \(errorText(errno))") }
    open = false
    guard close(fd) == 0 else { throw refuse("writing the temporary file failed: \(errorText(errno))") }

    // Last check right before the rename: the same inode, still holding what was read.
    var again = stat()
    guard let checkFD = openRegular(target, &again) else { throw changed }
    let current = try? readAll(fd: checkFD, name: path, limit: maxReadBytes, sizeHint: Int(again.st_size))
    close(checkFD)
    guard FileID(again) == FileID(st), current == expected else { throw changed }
    guard withCString(target, { rename(tmp, $0) }) == 0 else { throw refuse(errorText(errno)) }
    renamed = true
    // The rename is atomic; syncing the folder makes it durable (after a power loss the new name, not the old text).
    // A folder that cannot be opened or synced leaves the rename done: the text is written either way.
    let dirFD = withCString(dir) { Glibc.open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    if dirFD >= 0 { _ = fsync(dirFD); close(dirFD) }
}
