// `layoutlint import` (Swift → layout documents) and `layoutlint export --swift` (a layout document → Swift).
import ArgumentParser
import Foundation
import LayoutLintCore
import LayoutLintReport
import LayoutLintSwift
import LayoutLintWorkspace

/// The environments `import` reads a layout in when neither `--environment` nor the configuration names any: one
/// of each width and size-class combination a layout commonly tells apart, so that a layout that reads its
/// environment becomes variants rather than one device's sections.
let importProbeEnvironments = [
    "iPhone SE", "iPhone 12", "iPhone 12 landscape", "iPhone 15 Pro Max landscape", "iPad", "iPad landscape",
]

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write each compositional layout that Swift files build as a layout document.",
        discussion: """
            The files are read as one module. Each layout becomes <file stem>.<layout name>.layout.json, beside its \
            Swift file or in the folder given by -o ('-o -' prints them), with comments that point back to the Swift \
            and state what layoutlint assumed. A layout that reads its environment becomes variants.
            """)

    @Argument(help: "Swift files.")
    var files: [String]

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: "The folder to write the documents in ('-': standard output). Default: beside each Swift file.")
    var output: String?

    @Option(
        name: .customLong("environment"),
        help: "Read the layouts in this environment (repeatable); the documents then list these environments.")
    var environments: [String] = []

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one Swift file") }
        if let f = files.first(where: { !SwiftFrontEnd.reads($0) }) {
            throw ValidationError("\(f) is not a Swift file (.swift)")
        }
    }

    func run() throws {
        var sources: [(path: String, bytes: [UInt8])] = []
        var failed = false
        for f in files {
            do { sources.append((f, try readFileBytes(f))) } catch {
                Output.error(error.message)
                failed = true
            }
        }
        if let output, output != "-" {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: output, isDirectory: &isDir), isDir.boolValue else {
                Output.error("\(output) is not a folder")
                throw ExitCode(Exit.failure)
            }
        }
        var options = try configuredOptions(for: files[0], style: TextStyle(color: false))
        if !environments.isEmpty {
            options.environmentNames = environments
        } else if options.defaultEnvironments?.isEmpty ?? true {
            options.environments = importProbeEnvironments.compactMap(LayoutEnvironment.preset(named:))
        }
        let results = SwiftFrontEnd.lint(sources, options: options)
        var imported = 0
        var notImported = 0
        // File names written in this run (two Swift files of one name in two folders, written into one -o folder).
        var taken: Set<String> = []
        for r in results {
            try failOnUnknownEnvironments(r.unknownEnvironments, declared: [], in: r.path)
            // Layouts the evaluator stopped reading: where and why.
            for u in r.unread {
                let line = r.lineIndex.position(of: u.range.start, in: .utf8).line + 1
                Output.error("\(r.path):\(line): \(u.name) not imported: \(u.message)")
                notImported += 1
            }
            if r.layouts.isEmpty && r.unread.isEmpty {
                Output.error("\(r.path): no compositional layout is built here")
                notImported += 1
            }
            for layout in r.layouts {
                let text = SwiftFrontEnd.importedDocumentText(layout, file: r, listEnvironments: !environments.isEmpty)
                // (`makeLayout (2)`, the second layout of one function, is `makeLayout-2` in a file name.)
                let folder = output ?? folderPart(of: r.path) // "" for a file in the working directory
                var fileName =
                    swiftStem(r.path) + "."
                    + layout.name.replacingOccurrences(of: " (", with: "-").replacingOccurrences(of: ")", with: "")
                if taken.contains(folder + "/" + fileName) {
                    var i = 2
                    while taken.contains(folder + "/" + fileName + "-\(i)") { i += 1 }
                    fileName += "-\(i)"
                }
                taken.insert(folder + "/" + fileName)
                fileName += ".layout.json"
                let line = r.lineIndex.position(of: layout.range.start, in: .utf8).line + 1
                if output == "-" {
                    Output.write("// \(fileName)\n" + text + "\n")
                    imported += 1
                    continue
                }
                // (A Swift file named without a folder: the working directory.)
                let target = folder.isEmpty ? fileName : (folder.hasSuffix("/") ? folder : folder + "/") + fileName
                do {
                    try Data(text.utf8).write(to: URL(fileURLWithPath: target), options: .atomic)
                    Output.write("\(r.path):\(line) \(layout.name) → \(target)\n")
                    imported += 1
                } catch {
                    Output.error("cannot write \(target): \(error.localizedDescription)")
                    failed = true
                }
            }
        }
        Output.flush()
        if failed { throw ExitCode(Exit.failure) }
        if notImported > 0 || imported == 0 { throw ExitCode(Exit.findings) }
    }
}

/// `Foo.swift` → `Foo` (the folder dropped).
func swiftStem(_ path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return name.hasSuffix(".swift") ? String(name.dropLast(6)) : name
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print the Swift that builds a layout document's layout.",
        discussion: """
            The Swift is one function that returns a UICollectionViewCompositionalLayout: items, groups and sections as \
            locals, a section provider that switches on the section index when there are several sections, and \
            variants as conditions on the layout environment. Item counts (the data source's) become comments.
            """)

    @Argument(help: "A layout document ('-' reads standard input).")
    var file: String

    @Flag(help: "Write Swift (the only format there is, and required).")
    var swift = false

    @Option(help: "The function's name.")
    var name: String = "makeLayout"

    func validate() throws {
        if !swift { throw ValidationError("say which language to export to: --swift") }
        if SwiftFrontEnd.reads(file) {
            throw ValidationError("\(file) is Swift already; export reads layout documents (*.layout.json)")
        }
        let ok =
            name.first.map { $0 == "_" || $0.isLetter } == true
            && name.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
        if !ok { throw ValidationError("--name takes a Swift identifier, not \"\(name)\"") }
    }

    func run() throws {
        let bytes: [UInt8]
        do { bytes = try readFileBytes(file) } catch {
            Output.error(error.message)
            throw ExitCode(Exit.failure)
        }
        let options = try configuredOptions(for: file, style: TextStyle(color: false))
        let result = lint(bytes: bytes, options: options)
        let syntax = result.diagnostics.filter { $0.ruleID == .syntax }.count
        if syntax > 0 {
            Output.error(
                "\(file) has \(syntax) syntax error\(syntax == 1 ? "" : "s"); nothing exported (run `layoutlint lint \(file)`)"
            )
            throw ExitCode(Exit.findings)
        }
        let shown = file == "-" ? "standard input" : (file.split(separator: "/").last.map(String.init) ?? file)
        var export = SwiftExportOptions()
        export.name = name
        export.header = ["Exported by `layoutlint export --swift` from \(shown)."]
        let envs = result.document.environments.map(\.environment.name)
        if !envs.isEmpty { export.header.append("The document is checked in \(envs.joined(separator: ", ")).") }
        Output.write(swiftLayoutText(result.document, options: export))
        Output.flush()
        if let note = errorNote(file, result, done: "exported") { Output.error(note) }
    }
}
