// Reading a file or standard input, within a size limit.
import Foundation
import LayoutLintCore

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
    guard type == S_IFREG else {
        throw WorkspaceError("cannot read \(path): not a regular file (use - to read standard input)")
    }
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw WorkspaceError("cannot read \(path): \(readErrorText(errno))") }
    defer { close(fd) }
    return try readAll(fd: fd, name: path, limit: limit, sizeHint: Int(st.st_size))
}

func readAll(fd: Int32, name: String, limit: Int, sizeHint: Int) throws(WorkspaceError) -> [UInt8] {
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
