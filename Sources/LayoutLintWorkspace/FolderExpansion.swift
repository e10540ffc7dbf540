// Folders expanded into the layout and Swift files below them.
import Foundation
import LayoutLintCore

public func isLayoutFile(_ name: String) -> Bool {
    name.hasByteSuffix(".layout.json") || name.hasByteSuffix(".layout.jsonc")
}

/// A Swift source file (read by the Swift front end; files that never name the API cost only a byte search).
public func isSwiftFile(_ name: String) -> Bool { name.hasByteSuffix(".swift") }

/// Folders of other people's code or of build products, never walked: dependencies (CocoaPods, Carthage,
/// node_modules) and Xcode's derived data. Hidden folders (`.build`, `.git`) are skipped too.
let foreignFolders = ["node_modules", "Pods", "Carthage", "DerivedData"]

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
public func expandPaths(
    _ paths: [String], excluded: (String) -> Bool = { _ in false },
    pruned: (String) -> Void = { _ in }
) -> (files: [String], errors: [String]) {
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
            guard
                type == UInt8(DT_LNK)
                    || (type == UInt8(DT_UNKNOWN) && lstat(full, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK)
            else {
                return true
            }
            guard let root = rootReal, let target = kernelPathBytes(full) else { return false }
            // (Bytes: `String`'s prefix test is canonical equivalence, and a folder "café" is not "café".)
            return target == root
                || target.starts(with: root.last == UInt8(ascii: "/") ? root : root + [UInt8(ascii: "/")])
        }
        func walk(_ dir: String, _ dirStat: stat, depth: Int) {
            guard visited.insert(FileID(dirStat)).inserted else { return } // a symlink loop, or a folder seen already
            guard depth < maxFolderDepth else {
                errors.append(
                    "cannot read folder \(dir): more than \(maxFolderDepth) folders deep (layoutlint goes no deeper)")
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
                guard
                    hasLayoutSuffix(e.name) || e.name.reversed().starts(with: ".swift".utf8.reversed())
                        || (!hidden && mayBeFolder(Array(prefix.utf8) + e.name, e.type))
                else { continue }
                errors.append(
                    "cannot read \(prefix + name): the name is not valid UTF-8 (shown with U+FFFD; rename it)")
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
                    if excluded(full) && !FileManager.default.fileExists(atPath: full + "/" + LayoutLintConfig.fileName)
                    {
                        pruned(full); continue
                    }
                    walk(full, sub, depth: depth + 1)
                } else if layout && !excluded(full) && linkStaysInside(full, type) {
                    found.append((full, FileID(sub)))
                }
            }
        }
        walk(p, st, depth: 0)
        for f in found.sorted(by: { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) })
        where listed.insert(f.id).inserted { files.append(f.path) }
    }
    return (files, errors)
}

private func hasLayoutSuffix(_ name: [UInt8]) -> Bool {
    name.count > 0
        && (name.reversed().starts(with: ".layout.json".utf8.reversed())
            || name.reversed().starts(with: ".layout.jsonc".utf8.reversed()))
}

/// Whether the entry at `path` (bytes) is, or may be, a folder.
private func mayBeFolder(_ path: [UInt8], _ type: UInt8) -> Bool {
    if type == UInt8(DT_DIR) { return true }
    if type == UInt8(DT_REG) { return false }
    var st = stat()
    return withCString(path) { stat($0, &st) } != 0 || st.st_mode & S_IFMT == S_IFDIR
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
