// `layoutlint render`: an SVG wireframe of the resolved layout (issue 8).
import ArgumentParser
import Foundation
import LayoutLintCore
import LayoutLintRender
import LayoutLintSwift
import LayoutLintReport
import LayoutLintWorkspace

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw the resolved layout as an SVG wireframe.",
        discussion: """
            One panel per environment, side by side (the document's environments unless --environment names some). \
            User units are points; each box is a <rect> with the element's JSON pointer in data-path and the \
            resolver's frame (as `explain` prints it) in x/y/width/height.
            """)

    @Argument(help: "A layout document ('-' reads standard input).")
    var file: String

    @Option(
        name: .customLong("environment"),
        help:
            "Draw this environment (repeatable): one the document names picks its panel; any other name replaces the document's list."
    )
    var environments: [String] = []

    @Option(
        name: [.customShort("o"), .customLong("output")], help: "Write the SVG to this file (default: standard output)."
    )
    var output: String?

    @Option(
        help:
            "A Swift file: the layout to draw, by the name `explain` gives it (its function, property or variable; default: the first)."
    )
    var layout: String?

    func run() throws {
        let bytes: [UInt8]
        do { bytes = try readFileBytes(file) } catch {
            Output.error(error.message)
            throw ExitCode(Exit.failure)
        }
        // Environments the document declares are picked from its own list, so the findings drawn are the ones
        // `layoutlint lint` reports for the document; any other name replaces the list (as in `lint` and `explain`).
        // With the config `lint` uses (its severities, and its environments for a document that names none).
        let configured = try configuredOptions(for: file, style: TextStyle(color: false))
        var result: LintResult
        var title = file == "-" ? nil : file
        if SwiftFrontEnd.reads(file) {
            var options = configured
            if !environments.isEmpty { options.environmentNames = environments }
            checkingShippingDevices(&options, forFile: file)
            guard let r = SwiftFrontEnd.lint([(file, bytes)], options: options).first else {
                throw ExitCode(Exit.failure)
            }
            try failOnUnknownEnvironments(r.unknownEnvironments, declared: [], in: file)
            guard let l = layout.map({ name in r.layouts.first { $0.name == name } }) ?? r.layouts.first else {
                Output.error(
                    r.layouts.isEmpty
                        ? "\(file) builds no compositional layout that layoutlint can read (run `layoutlint lint \(file)`)"
                        : "\(file) has no layout named \(layout ?? ""): it has \(r.layouts.map(\.name).joined(separator: ", "))"
                )
                throw ExitCode(Exit.failure)
            }
            if layout == nil && r.layouts.count > 1 {
                Output.error(
                    "\(file) builds \(r.layouts.count) layouts (\(r.layouts.map(\.name).joined(separator: ", "))): drawing \(l.name) (--layout picks another)"
                )
            }
            result = l.result
            title = (title ?? "") + " › " + l.name
            return try write(renderSVG(result, environments: nil, options: RenderOptions(title: title)), result: result)
        }
        result = lint(bytes: bytes, options: configured)
        var picked: [String]? = nil
        if !environments.isEmpty {
            let own = Set(result.layouts.map(\.environment.name))
            if environments.allSatisfy(own.contains) {
                var seen = Set<String>()
                picked = environments.filter { seen.insert($0).inserted }
            } else {
                var options = configured
                options.environmentNames = environments
                result = lint(bytes: bytes, options: options)
            }
        }
        try failOnUnknownEnvironments(result, in: file)
        let svg = renderSVG(result, environments: picked, options: RenderOptions(title: file == "-" ? nil : file))
        try write(svg, result: result)
    }

    /// Writes the SVG to `--output` (or standard output) and notes on standard error a document's errors.
    func write(_ svg: String, result: LintResult) throws {
        if let out = output, out != "-" {
            // An existing output is replaced as `--fix` replaces a document (through a symlink, keeping its mode and
            // owner); `Data.write(.atomic)` replaced a symlink by a file and a 0600 file by a 0644 one. And never the
            // document itself (a slip of `-o` made the spec an SVG, exit 0).
            var inSt = stat(), outSt = stat(), stdoutSt = stat()
            let outExists = stat(out, &outSt) == 0
            func isOutput(_ st: stat) -> Bool { outExists && st.st_dev == outSt.st_dev && st.st_ino == outSt.st_ino }
            let inputKnown =
                file == "-" ? fstat(0, &inSt) == 0 && inSt.st_mode & S_IFMT == S_IFREG : stat(file, &inSt) == 0
            if inputKnown && isOutput(inSt) {
                Output.error("cannot write \(out): it is the document being rendered")
                throw ExitCode(Exit.failure)
            }
            do {
                var linkSt = stat()
                if fstat(1, &stdoutSt) == 0 && isOutput(stdoutSt) {
                    // `-o /dev/stdout` (whatever it is: `>> file` appends, it is not replaced).
                    Output.write(svg)
                    Output.flush()
                } else if outExists {
                    switch outSt.st_mode & S_IFMT {
                    case S_IFREG:
                        try writeAtomically(out, Array(svg.utf8), expected: try readFileBytes(out), purpose: "write")
                    case S_IFDIR:
                        Output.error("cannot write \(out): it is a folder")
                        throw ExitCode(Exit.failure)
                    default:
                        // A device or a pipe (`-o /dev/stdout`, `-o >(gzip …)`): written to as it is, nothing renamed.
                        try writeThrough(out, Array(svg.utf8))
                    }
                } else if lstat(out, &linkSt) == 0, linkSt.st_mode & S_IFMT == S_IFLNK {
                    // A symlink to a file not made yet: the link stays, its target is made. A link to a link that
                    // leads nowhere, or a loop, is refused (it would be replaced).
                    var targetSt = stat()
                    guard let target = linkTarget(out), lstat(target, &targetSt) != 0, errno == ENOENT else {
                        Output.error("cannot write \(out): it is a symlink that leads to no file")
                        throw ExitCode(Exit.failure)
                    }
                    try Data(svg.utf8).write(to: URL(fileURLWithPath: target), options: .atomic)
                } else {
                    let folder = folderPart(of: out)
                    var dirSt = stat()
                    if !folder.isEmpty && stat(folder, &dirSt) != 0 {
                        Output.error("cannot write \(out): \(folder): \(String(cString: strerror(errno)))")
                        throw ExitCode(Exit.failure)
                    }
                    try Data(svg.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
                }
            } catch let e as ExitCode {
                throw e
            } catch let e as WorkspaceError {
                Output.error(e.message)
                throw ExitCode(Exit.failure)
            } catch {
                Output.error("cannot write \(out): \(error.localizedDescription)")
                throw ExitCode(Exit.failure)
            }
        } else {
            Output.write(svg)
            Output.flush()
        }
        if let note = errorNote(file, result, done: "drawn") { Output.error(note) }
    }
}

/// Writes `bytes` to the device or pipe at `path` (opened for writing, never created, truncated or renamed).
private func writeThrough(_ path: String, _ bytes: [UInt8]) throws(WorkspaceError) {
    let fd = open(path, O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { throw WorkspaceError("cannot write \(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    let failure = writeAll(fd: fd, bytes)
    guard failure == 0 else { throw WorkspaceError("cannot write \(path): \(String(cString: strerror(failure)))") }
}

/// Where the symlink at `path` points, as a path (a relative target is relative to the link's folder).
private func linkTarget(_ path: String) -> String? {
    var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let n = readlink(path, &buf, buf.count - 1)
    guard n > 0 else { return nil }
    let target = String(decoding: buf[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if target.hasBytePrefix("/") { return target }
    let folder = folderPart(of: path)
    return folder.isEmpty ? target : folder + "/" + target
}
