// The file system side shared by the CLI and the server, one job a file: reading files (FileReading.swift),
// expanding folders (FolderExpansion.swift), finding and caching `.layoutlint.json` (ConfigDiscovery.swift), choosing
// what `lint` reads (FileSelection.swift) and writing fixes atomically without losing a byte the user wrote
// (AtomicWrites.swift). This file holds what they share: the error type, errno texts and paths as the kernel
// resolves them.
import Foundation
import LayoutLintCore

public struct WorkspaceError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The text for an `errno` value.
func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

/// Why a path could not be read, in the words every command uses ("no such file or folder", as `lint` says it for
/// a path that names neither).
func readErrorText(_ code: Int32) -> String { code == ENOENT ? "no such file or folder" : errorText(code) }

/// Calls `body` with `bytes` as a NUL-terminated C string.
func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
    try (bytes + [0]).withUnsafeBufferPointer { b in
        try b.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
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

/// `realpath(3)` as bytes (a symlink's target need not be valid UTF-8), or nil with `errno` set.
func kernelPathBytes(_ path: String) -> [UInt8]? {
    guard let p = realpath(path, nil) else { return nil }
    defer { free(p) }
    return Array(UnsafeRawBufferPointer(start: p, count: strlen(p)))
}
