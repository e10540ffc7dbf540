// Writing bytes out: all of them to a descriptor, and fixes atomically without losing a byte the user wrote.
import Foundation
import LayoutLintCore

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
    nonisolated(unsafe) private static var free = Array(0..<slots) // guarded by `condition`

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
        if let previous, unsafeBitCast(previous, to: Int.self) == 1 { signal(sig, SIG_IGN) } // SIG_IGN
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
            let r = dlsym(nil, "fremovexattr")
        else { return nil }
        return XattrCalls(
            list: unsafeBitCast(l, to: ListXattr.self), get: unsafeBitCast(g, to: GetXattr.self),
            set: unsafeBitCast(s, to: SetXattr.self), remove: unsafeBitCast(r, to: RemoveXattr.self))
    }()
}

/// Failures on these are ignored: the security modules set and check them themselves (an SELinux label, say).
private func isSecurityAttribute(_ name: [UInt8]) -> Bool { name.starts(with: "security.".utf8) }

private func attributeName(_ name: [UInt8]) -> String { String(decoding: name, as: UTF8.self) }

/// The names of the extended attributes of the open file `fd` (ACLs are `system.posix_acl_*`); none where the file
/// system has none.
private func extendedAttributeNames(_ fd: Int32) throws(WorkspaceError) -> [[UInt8]] {
    guard let x = XattrCalls.shared else {
        throw WorkspaceError("its extended attributes cannot be read here (no flistxattr)")
    }
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
            if errno == ERANGE { continue } // one was added meanwhile
            throw WorkspaceError("its extended attributes cannot be listed (\(errorText(errno)))")
        }
        return buf.prefix(n).map { UInt8(bitPattern: $0) }.split(separator: 0).map(Array.init)
    }
}

/// The extended attributes of the open file `fd`, names and values.
private func extendedAttributes(_ fd: Int32) throws(WorkspaceError) -> [(name: [UInt8], value: [UInt8])] {
    guard let x = XattrCalls.shared else {
        throw WorkspaceError("its extended attributes cannot be read here (no fgetxattr)")
    }
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
        if failure == ENODATA || isSecurityAttribute(name) { continue } // removed meanwhile, or the kernel's own
        throw WorkspaceError("its extended attribute \(attributeName(name)) cannot be read (\(errorText(failure)))")
    }
    return out
}

/// Gives the open file `fd` exactly the extended attributes `attributes` (those of `security.*` as far as allowed).
private func setExtendedAttributes(_ fd: Int32, _ attributes: [(name: [UInt8], value: [UInt8])]) throws(WorkspaceError)
{
    guard let x = XattrCalls.shared else {
        throw WorkspaceError("its extended attributes cannot be written here (no fsetxattr)")
    }
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
            throw WorkspaceError(
                "the new file's extended attribute \(attributeName(name)) cannot be removed (\(errorText(errno)))")
        }
    }
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
public func writeAtomically(_ path: String, _ bytes: [UInt8], expected: [UInt8], purpose: String = "fix")
    throws(WorkspaceError)
{
    func refuse(_ why: String) -> WorkspaceError { WorkspaceError("cannot \(purpose) \(path): \(why)") }
    let changed = WorkspaceError(
        "\(path) changed while layoutlint was \(purpose == "fix" ? "fixing" : "writing") it; nothing was written (run again)"
    )
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
        guard try readAll(fd: readFD, name: path, limit: maxReadBytes, sizeHint: Int(st.st_size)) == expected else {
            throw changed
        }
        // Root may write anything; a file without any write bit is still read-only to the user, so it stays untouched.
        guard withCString(target, { access($0, W_OK) }) == 0 && (st.st_mode & 0o222) != 0 else {
            throw refuse("the file is read-only")
        }
        guard st.st_nlink <= 1 else {
            throw refuse(
                "it has \(st.st_nlink) hard links, and replacing it would leave the old text under the other names; nothing was written"
            )
        }
        do { attributes = try extendedAttributes(readFD) } catch {
            throw refuse("\(error.message); nothing was written")
        }
    }

    let slash = target.lastIndex(of: UInt8(ascii: "/")) ?? -1 // realpath's answer is absolute
    let dir = slash <= 0 ? [UInt8(ascii: "/")] : Array(target[..<slash])
    let dirName = String(decoding: dir, as: UTF8.self)
    let template =
        (dir == [UInt8(ascii: "/")] ? dir : dir + [UInt8(ascii: "/")])
        + temporaryName(for: Array(target[(slash + 1)...]))
    guard template.count < PendingTemporaryFiles.slotSize else {
        throw refuse("cannot create a temporary file in \(dirName): \(errorText(ENAMETOOLONG))")
    }
    let slot = PendingTemporaryFiles.claim()
    defer { PendingTemporaryFiles.release(slot) }
    let tmp = PendingTemporaryFiles.name(slot)
    for (i, b) in template.enumerated() { tmp[i] = CChar(bitPattern: b) }
    tmp[template.count] = 0
    PendingTemporaryFiles.armed[slot] = 1 // before the file exists: a signal from now on removes it
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
        throw refuse(
            "its owner (uid \(st.st_uid), gid \(st.st_gid)) cannot be kept (\(errorText(errno))); nothing was written")
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
        throw refuse(
            "its mode \(String(mode, radix: 8)) cannot be kept (it would be \(String(now.st_mode & 0o7777, radix: 8))); nothing was written"
        )
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
