// The command-line frontend. Thin: reads files, calls LayoutLintCore, prints with LayoutLintReport.
import ArgumentParser
import Foundation
import PlainJSON
import LayoutLintCore
import LayoutLintSwift
import LayoutLintReport
import LayoutLintServer
import LayoutLintWorkspace

let layoutlintVersion = "0.1.0"

@main
struct LayoutLint: ParsableCommand {
    /// Runs the command; usage errors exit 2 (docs/interfaces.md#exit-codes), not ArgumentParser's 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                Output.flush()
                FileHandle.standardError.write((fullMessage(for: error) + "\n").data(using: .utf8)!)
                Foundation.exit(Exit.failure)
            }
            Output.flush()
            exit(withError: error)
        }
    }

    static let configuration = CommandConfiguration(
        commandName: "layoutlint",
        abstract:
            "Resolves UICollectionViewCompositionalLayout specs as UIKit would, and flags what renders other than it reads.",
        version: layoutlintVersion,
        subcommands: [
            Lint.self, Serve.self, Explain.self, Render.self, Rules.self, Environments.self, Import.self, Export.self,
        ])
}

/// Exit codes as docs/interfaces.md#exit-codes promises: 0 clean, 1 findings over the limits, 2 usage, I/O or
/// configuration error.
enum Exit {
    static let clean: Int32 = 0
    static let findings: Int32 = 1
    static let failure: Int32 = 2
}

/// Hands a value to concurrent work whose safety the code around it guarantees.
struct Unchecked<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

struct Output {
    /// Buffered stdout; flushed once at the end (or when large).
    nonisolated(unsafe) static var buffer: [UInt8] = []
    static func write(_ s: String) {
        buffer.append(contentsOf: s.utf8)
        if buffer.count > 1 << 16 { flush() }
    }
    /// Writes the buffer to stdout. A failed write (a full disk, /dev/full, an I/O error) ends the run with a message
    /// and exit 2: a truncated report must not pass for a complete one. A closed pipe (EPIPE, when SIGPIPE is
    /// ignored) ends the output quietly, as SIGPIPE would have.
    static func flush() {
        let failure = writeAll(fd: 1, buffer)
        buffer.removeAll(keepingCapacity: true)
        if failure == EPIPE { Foundation.exit(Exit.failure) }
        if failure != 0 {
            error("cannot write to standard output: \(String(cString: strerror(failure)))")
            Foundation.exit(Exit.failure)
        }
    }
    /// One message on stderr, on one line. Its text can quote file names, config globs and environment names, so
    /// control characters are made visible (as in the text report): a repository must not drive the terminal, nor
    /// write a line of its own with a line break in a file name (`nl⏎layoutlint: all clear`).
    static func error(_ s: String) {
        let line = "layoutlint: " + TextReport.sanitize(s) + "\n"
        FileHandle.standardError.write(line.data(using: .utf8)!)
    }
    static var colorEnabled: Bool { colorEnabled(on: 1) }
    /// Colours for what is written to `descriptor` (stdout's findings, stderr's configuration errors): a terminal
    /// there, and no `NO_COLOR`.
    static func colorEnabled(on descriptor: Int32) -> Bool {
        isatty(descriptor) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"].map { $0.isEmpty } ?? true
    }
}

/// Exit 2 when `--environment` named something that is neither a preset nor one of the document's environments.
func failOnUnknownEnvironments(_ result: LintResult, in path: String) throws {
    try failOnUnknownEnvironments(
        result.unknownEnvironments, declared: result.document.environments.map(\.environment.name), in: path)
}

/// The presets (each also "… landscape") and the document's own environments, for an error message.
func knownEnvironmentList(declared: [String]) -> String {
    let presets =
        LayoutEnvironment.portraitPresetNames.map { "\"\($0)\"" }.joined(separator: ", ")
        + " (each also \"… landscape\")"
    let own = declared.filter { LayoutEnvironment.preset(named: $0) == nil }
    return own.isEmpty ? presets : presets + "; this document's own: " + own.map { "\"\($0)\"" }.joined(separator: ", ")
}

func failOnUnknownEnvironments(_ names: [String], declared: [String], in path: String) throws {
    guard !names.isEmpty else { return }
    let known = LayoutEnvironment.presetNames + declared
    let hint =
        names.compactMap { LayoutEnvironment.nearestName(to: $0, among: known) }.first.map {
            "; did you mean \"\($0)\"?"
        } ?? ""
    Output.flush()
    Output.error("unknown environment \(names.map { "\"\($0)\"" }.joined(separator: ", ")) for \(path)\(hint)")
    Output.error(
        "known environments: \(knownEnvironmentList(declared: declared)) (`layoutlint environments` prints their sizes)"
    )
    throw ExitCode(Exit.failure)
}

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Lint layout documents and folders of them.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, sarif, github, xcode }

    @Argument(
        help:
            "Files or folders (every *.layout.json, *.layout.jsonc and *.swift below; the Swift files are read as one module). '-' reads standard input."
    )
    var paths: [String] = ["."]

    @Option(
        help:
            "Output format: text, json, sarif, github or xcode (compiler-style lines: FILE:LINE:COL: warning: MESSAGE [rule])."
    )
    var format: Format = .text

    @Flag(help: "Apply every safe fix in place (atomically); what remains is reported.")
    var fix = false

    @Option(help: "Use this configuration file instead of the nearest .layoutlint.json.")
    var config: String?

    @Option(
        name: .customLong("environment"),
        help: "Resolve in this environment (repeatable); replaces the document's list.")
    var environments: [String] = []

    @Option(
        parsing: .unconditional,
        help: "Exit 1 when there are more warnings than this (errors always fail; -1: no limit).")
    var maxWarnings: Int = -1

    /// What a pull request shows: a notice for every information note of the Swift reader would bury the findings.
    enum Annotate: String, ExpressibleByArgument, CaseIterable {
        case error, warning, information, hint
        var severity: Severity { Severity(name: rawValue)! }
    }

    @Option(
        help:
            "With --format github: the least severe finding annotated on the pull request (error, warning, information or hint); the others are counted in one line on standard error."
    )
    var githubSeverity: Annotate = .warning

    @Option(help: "The name to report for standard input.")
    var stdinFilename: String = "<stdin>"

    @Flag(help: "No colours (also the NO_COLOR environment variable).")
    var noColor = false

    @Flag(
        help:
            "Apply the configuration's exclude patterns to files named on the command line too (as the pre-commit hooks do); without it only files found in folders are excluded."
    )
    var forceExclude = false

    func validate() throws {
        if fix && paths.contains("-") { throw ValidationError("--fix cannot write to standard input") }
        if config == "-" && paths.contains("-") {
            throw ValidationError("--config - and the document '-' cannot both read standard input")
        }
        if maxWarnings < -1 { throw ValidationError("--max-warnings takes a count of warnings, or -1 for no limit") }
        // Two reads of one standard input would split it between two "documents".
        if paths.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("standard input ('-') can be named only once")
        }
    }

    /// What linting one file produced; printed in input order after all files are done. Only what the output
    /// needs is kept (not the tree, model and layouts: a run over 10 000 files kept 1.2 GB of them).
    struct FileOutcome {
        var path: String
        var shownPath: String
        /// The text, for the text format's snippets (dropped for the other formats once linted).
        var source: [UInt8] = []
        var linted: Linted?
        var errors: [String] = []
        var fixesApplied = 0
        /// `--fix`: the fixed text, written once every file is linted and no environment name is unknown.
        var pending: (text: [UInt8], applied: Int, options: LintOptions)?
    }

    struct Linted {
        var diagnostics: [Diagnostic]
        /// By severity, with those past the limit per document (`too-many-problems` stands for them).
        var counts: [Severity: Int]
        var lineIndex: LineIndex
        var unknownEnvironments: [String]
        var declaredEnvironments: [String]
        /// A Swift file's layouts, by how far they were checked (nil: a layout document).
        var coverage: LayoutCoverage?
        init(_ r: LintResult) {
            diagnostics = r.diagnostics
            counts = r.severityCounts
            lineIndex = r.lineIndex
            unknownEnvironments = r.unknownEnvironments
            declaredEnvironments = r.unknownEnvironments.isEmpty ? [] : r.document.environments.map(\.environment.name)
        }
        init(_ r: SwiftFileResult) {
            diagnostics = r.diagnostics
            counts = r.severityCounts
            lineIndex = r.lineIndex
            unknownEnvironments = r.unknownEnvironments
            declaredEnvironments = []
            coverage = r.coverage
        }
    }

    func run() throws {
        let style = TextStyle(color: !noColor && Output.colorEnabled)
        let errorStyle = TextStyle(color: !noColor && Output.colorEnabled(on: 2))
        let cache = ConfigCache()
        var explicitConfig: LayoutLintConfig?
        if let config {
            let c = cache.load(config)
            if c.hasErrors { reportConfig(c, style: errorStyle); throw ExitCode(Exit.failure) }
            explicitConfig = c
        }
        let selection = selectFiles(
            paths, explicitConfig: explicitConfig, cache: cache, stdinFilename: stdinFilename,
            forceExclude: forceExclude)
        let files = selection.files, errors = selection.errors
        for e in errors { Output.error(e) }

        // Configs with errors stop everything they govern: an invalid config is never silently ignored.
        var badConfigs: ExactDictionary<LayoutLintConfig> = [:]
        for file in files { if let c = selection.config(for: file), c.hasErrors, let p = c.path { badConfigs[p] = c } }
        for (_, c) in badConfigs.sortedByKey { reportConfig(c, style: errorStyle) }
        if !badConfigs.isEmpty { throw ExitCode(Exit.failure) }

        var outcomes = files.map { FileOutcome(path: $0, shownPath: $0 == "-" ? stdinFilename : $0) }
        let configs = files.map(selection.config(for:))
        lintDocuments(&outcomes, configs: configs)
        lintSwiftModules(&outcomes, configs: configs)
        if fix && outcomes.contains(where: { $0.pending != nil }) { try writeFixes(&outcomes) }
        let (counts, readFailed) = try report(outcomes, failures: errors, style: style)
        let ioFailed = !errors.isEmpty || readFailed

        let namedFolders = paths.filter(isDirectory)
        for w in selection.unmatchedExcludeWarnings(namedFolders: namedFolders) { Output.error(w) }
        // A valid config's warnings (a duplicate key, a setting that is ignored) change no exit code, but a setting
        // that silently does nothing is worth a word: once per config, on stderr, with its source line.
        var withWarnings: ExactDictionary<LayoutLintConfig> = [:]
        for c in configs.compactMap({ $0 }) + Array(selection.consulted.values)
        where !c.hasErrors && !c.diagnostics.isEmpty {
            withWarnings[c.path ?? LayoutLintConfig.fileName] = c
        }
        for (_, c) in withWarnings.sortedByKey { reportConfig(c, style: errorStyle) }
        if files.isEmpty && errors.isEmpty && selection.excludedAny {
            Output.error(
                "no layout documents to lint in \(paths.joined(separator: " ")): what is there is excluded by the configuration's exclude patterns"
            )
            // The hooks name files: that all of them are excluded is no failure.
            if forceExclude && namedFolders.isEmpty { return }
            throw ExitCode(Exit.failure)
        }
        if ioFailed || files.isEmpty {
            if files.isEmpty && errors.isEmpty {
                Output.error(
                    "no layout documents (*.layout.json, *.layout.jsonc) or Swift files found in \(paths.joined(separator: " "))"
                )
            }
            throw ExitCode(Exit.failure)
        }
        let warnings = counts[.warning] ?? 0
        if (counts[.error] ?? 0) > 0 || (maxWarnings >= 0 && warnings > maxWarnings) { throw ExitCode(Exit.findings) }
    }

    /// Whether the outcome's file is read by the Swift front end (standard input by its `--stdin-filename`).
    func isSwift(_ o: FileOutcome) -> Bool { SwiftFrontEnd.reads(o.path == "-" ? stdinFilename : o.path) }

    /// Reads and lints the layout documents (Swift files are left to `lintSwiftModules`); with `--fix`, their fixed
    /// text is kept for `writeFixes`. Files are independent: they are linted on every core; `outcomes` keeps the
    /// input order.
    func lintDocuments(_ outcomes: inout [FileOutcome], configs: [LayoutLintConfig?]) {
        let fix = self.fix, environments = self.environments, keepSource = format == .text
        let stdinName = stdinFilename
        func process(_ o: inout FileOutcome, _ config: LayoutLintConfig?) {
            if SwiftFrontEnd.reads(o.path == "-" ? stdinName : o.path) { return }
            do { o.source = try readFileBytes(o.path) } catch { o.errors.append(error.message); return }
            defer { if !keepSource && o.pending == nil { o.source = [] } }
            var options = LintOptions()
            config?.apply(to: &options)
            if !environments.isEmpty { options.environmentNames = environments }
            guard fix else { o.linted = Linted(lint(bytes: o.source, options: options)); return }
            let out = fixAll(o.source, options: options)
            o.linted = Linted(out.result)
            guard out.text != o.source else { return }
            o.pending = (out.text, out.applied.values.reduce(0, +), options)
        }
        outcomes.withUnsafeMutableBufferPointer { buf in
            // Each index is written by exactly one iteration.
            let shared = Unchecked((base: buf.baseAddress!, process: process, configs: configs))
            DispatchQueue.concurrentPerform(iterations: buf.count) { i in
                shared.value.process(&shared.value.base[i], shared.value.configs[i])
            }
        }
    }

    /// Reads and lints the Swift files together, as one module per configuration (a helper in one file serves a
    /// layout in another); each keeps its own diagnostics.
    func lintSwiftModules(_ outcomes: inout [FileOutcome], configs: [LayoutLintConfig?]) {
        let keepSource = format == .text
        var swiftGroups: [String: [Int]] = [:]
        for i in outcomes.indices where isSwift(outcomes[i]) {
            swiftGroups[configs[i]?.path ?? "", default: []].append(i)
        }
        for (_, members) in swiftGroups.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            var options = LintOptions()
            configs[members[0]]?.apply(to: &options)
            if !environments.isEmpty { options.environmentNames = environments }
            checkingShippingDevices(&options, forFile: outcomes[members[0]].path)
            var sources: [(path: String, bytes: [UInt8])] = []
            var read: [Int] = []
            for i in members {
                do { outcomes[i].source = try readFileBytes(outcomes[i].path) } catch {
                    outcomes[i].errors.append(error.message); continue
                }
                sources.append((outcomes[i].shownPath, outcomes[i].source))
                read.append(i)
            }
            var results = SwiftFrontEnd.lint(sources, options: options)
            if fix {
                results = fixSwiftModule(&outcomes, read: read, sources: sources, results: results, options: options)
            }
            for (i, r) in zip(read, results) {
                outcomes[i].linted = Linted(r)
                if !keepSource && outcomes[i].pending == nil { outcomes[i].source = [] }
            }
        }
    }

    /// `--fix` for one Swift module (`read`: the outcomes of `sources`, `results` their lint): the safe fixes of
    /// every file, kept for `writeFixes`, then the module read again: what is reported is what is left.
    func fixSwiftModule(
        _ outcomes: inout [FileOutcome], read: [Int], sources: [(path: String, bytes: [UInt8])],
        results: [SwiftFileResult], options: LintOptions
    ) -> [SwiftFileResult] {
        var fixedSources = sources
        for (k, (i, r)) in zip(read, results).enumerated() {
            let fixed = SwiftFrontEnd.applySafeFixes(r)
            guard fixed.applied > 0 else { continue }
            outcomes[i].pending = (fixed.text, fixed.applied, options)
            fixedSources[k].bytes = fixed.text
        }
        if read.contains(where: { outcomes[$0].pending != nil }) {
            return SwiftFrontEnd.lint(fixedSources, options: options)
        }
        return results
    }

    /// Writes the fixed texts (`--fix`), atomically and on every core, once every file is linted. An unknown
    /// environment name is a usage error: it stops the run before anything is written.
    func writeFixes(_ outcomes: inout [FileOutcome]) throws {
        for o in outcomes {
            guard let l = o.linted, !l.unknownEnvironments.isEmpty else { continue }
            try failOnUnknownEnvironments(l.unknownEnvironments, declared: l.declaredEnvironments, in: o.shownPath)
        }
        let keepSource = format == .text
        func write(_ o: inout FileOutcome) {
            guard let p = o.pending else { return }
            o.pending = nil
            do {
                try writeAtomically(o.path, p.text, expected: o.source)
                o.source = keepSource ? p.text : []
                o.fixesApplied = p.applied
            } catch {
                // Nothing was written: report the file as it is.
                o.errors.append(error.message)
                o.linted =
                    SwiftFrontEnd.reads(o.path)
                    ? SwiftFrontEnd.lint([(o.shownPath, o.source)], options: p.options).first.map(Linted.init)
                    : Linted(lint(bytes: o.source, options: p.options))
                if !keepSource { o.source = [] }
            }
        }
        removeTemporaryFilesOnSignals()
        outcomes.withUnsafeMutableBufferPointer { buf in
            let shared = Unchecked((base: buf.baseAddress!, write: write))
            DispatchQueue.concurrentPerform(iterations: buf.count) { i in shared.value.write(&shared.value.base[i]) }
        }
    }

    /// Prints the outcomes in the chosen format, in input order, with their errors on stderr (`failures`: the errors
    /// for what was given, which SARIF lists too). Returns the findings by severity and whether a file failed to be
    /// read or written.
    func report(_ outcomes: [FileOutcome], failures: [String], style: TextStyle) throws -> (
        counts: [Severity: Int], failed: Bool
    ) {
        var failures = failures
        var failed = false
        var results: [JSONReport.FileResult] = []
        var counts = [Severity: Int]()
        var linted = 0
        var fixed = 0
        var fixable = 0
        var notAnnotated = 0
        var coverage: LayoutCoverage?
        var buildingLayouts = 0
        for o in outcomes {
            for e in o.errors { Output.error(e) }
            failures += o.errors
            guard let result = o.linted else { failed = true; continue }
            if !o.errors.isEmpty { failed = true }
            linted += 1
            fixed += o.fixesApplied
            // (Not standard input's: `--fix` cannot write it.)
            if o.path != "-" { fixable += result.diagnostics.reduce(0) { $0 + ($1.fix?.isSafe == true ? 1 : 0) } }
            try failOnUnknownEnvironments(
                result.unknownEnvironments, declared: result.declaredEnvironments, in: o.shownPath)
            for (s, n) in result.counts { counts[s, default: 0] += n }
            if let c = result.coverage {
                coverage = (coverage ?? LayoutCoverage()) + c
                if c.total > 0 { buildingLayouts += 1 }
            }
            switch format {
            case .text:
                for d in result.diagnostics {
                    Output.write(
                        TextReport.render(
                            path: o.shownPath, source: o.source, index: result.lineIndex, diagnostic: d, style: style))
                    Output.write("\n")
                }
            case .github:
                // Relative to the checkout (GitHub attaches annotations by it), wherever the run starts.
                let shown = githubPath(o.shownPath)
                for d in result.diagnostics {
                    guard d.severity >= githubSeverity.severity else { notAnnotated += 1; continue }
                    Output.write(GitHubReport.line(path: shown, index: result.lineIndex, diagnostic: d))
                }
            case .xcode:
                for d in result.diagnostics {
                    Output.write(XcodeReport.lines(path: o.shownPath, index: result.lineIndex, diagnostic: d))
                }
            case .json, .sarif:
                results.append(
                    JSONReport.FileResult(
                        path: o.shownPath, diagnostics: result.diagnostics, index: result.lineIndex,
                        counts: result.counts, coverage: result.coverage))
            }
        }
        if notAnnotated > 0 {
            Output.error(
                "\(notAnnotated) finding\(notAnnotated == 1 ? "" : "s") below \(githubSeverity.rawValue) not annotated (--github-severity \(Annotate.allCases.last!.rawValue) shows them all)"
            )
        }
        if format == .json {
            Output.write(JSONReport.lintOutput(results).serialized(pretty: true) + "\n")
        } else if format == .sarif {
            Output.write(
                SARIFReport.log(results, toolVersion: layoutlintVersion, failures: failures).serialized(pretty: true)
                    + "\n")
        } else if format == .text && linted > 0 {
            if fix { Output.write("\(fixed) fix\(fixed == 1 ? "" : "es") applied\n") }
            Output.write(
                TextReport.summary(
                    errors: counts[.error] ?? 0, warnings: counts[.warning] ?? 0,
                    information: counts[.information] ?? 0, hints: counts[.hint] ?? 0,
                    files: linted, style: style))
            // What `--fix` would do, as ESLint says it (after `--fix`, only fixes it held back are left).
            if !fix && fixable > 0 { Output.write("\(fixable) of them fixable with --fix\n") }
            // Whether the Swift read was a check at all: its layouts, checked, partly or not (each of those named
            // by a note at the layout).
            if let coverage { Output.write(coverage.summary(files: buildingLayouts) + "\n") }
        }
        Output.flush()
        return (counts, failed)
    }
}

/// A path as GitHub names the file: relative to `GITHUB_WORKSPACE` when the file is inside it (made absolute from
/// the working directory, `.` and empty segments dropped, compared as bytes), else as given (`GitHubReport` drops a
/// leading `./`).
func githubPath(
    _ path: String, workspace: String? = ProcessInfo.processInfo.environment["GITHUB_WORKSPACE"],
    cwd: String = FileManager.default.currentDirectoryPath
) -> String {
    func segments(_ p: String) -> [Substring] { splitOnSlash(Substring(p), omittingEmpty: true).filter { $0 != "." } }
    if let given = workspace, !given.isEmpty, given.hasBytePrefix("/"), path != "-" {
        // As the kernel names it (the working directory is: a symlinked workspace would match nothing).
        let w = kernelPath(given) ?? given
        var abs: [Substring] = []
        for s in (path.hasBytePrefix("/") ? segments(path) : segments(cwd) + segments(path)) {
            if s == ".." { if !abs.isEmpty { abs.removeLast() } } else { abs.append(s) }
        }
        let root = segments(w)
        if abs.count > root.count, zip(abs, root).allSatisfy({ $0.utf8.elementsEqual($1.utf8) }) {
            return abs.dropFirst(root.count).joined(separator: "/")
        }
    }
    return path
}

func reportConfig(_ c: LayoutLintConfig, style: TextStyle) {
    let path = c.path ?? LayoutLintConfig.fileName
    // A config that could not be read (a `--config` that names nothing) has no text to show a snippet of.
    if c.source.isEmpty, c.hasErrors, c.diagnostics.count == 1, let d = c.diagnostics.first, d.range == ByteRange(0, 0)
    {
        Output.error("invalid configuration \(path): \(d.message)")
        return
    }
    var text = ""
    // An invalid config shows its errors; a valid one with warnings, those.
    for d in c.diagnostics where d.severity == .error || !c.hasErrors {
        text += TextReport.render(path: path, source: c.source, index: c.lineIndex, diagnostic: d, style: style)
    }
    let heading = c.hasErrors ? "invalid configuration" : "warning: configuration"
    FileHandle.standardError.write(("layoutlint: \(heading) \(TextReport.sanitize(path))\n" + text).data(using: .utf8)!)
}

/// The options `lint` uses for `file` (standard input: the working directory's): its `.layoutlint.json`'s severities
/// and default environments, found walking up as `lint` finds it. An invalid config is reported and fails (exit 2),
/// as in `lint`.
func configuredOptions(for file: String, style: TextStyle) throws -> LintOptions {
    var options = LintOptions()
    if let c = ConfigCache().config(forFile: file == "-" ? "./-" : file) {
        if c.hasErrors { reportConfig(c, style: style); throw ExitCode(Exit.failure) }
        c.apply(to: &options)
    }
    return options
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print every environment's resolved layout: each section, group and item with its frame.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(
        help:
            "A layout document ('-' reads standard input), or Swift files and folders: every *.swift of them is read as one module, as `lint` reads it, and each layout they build is explained."
    )
    var paths: [String]

    /// The one document or Swift file explained alone.
    var file: String { paths[0] }

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Option(
        name: .customLong("environment"),
        help: "Resolve in this environment (repeatable); replaces the document's list.")
    var environments: [String] = []

    @Flag(help: "No colours (also the NO_COLOR environment variable).")
    var noColor = false

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name a layout document, Swift files or a folder") }
        if paths.count > 1 && paths.contains(where: { !SwiftFrontEnd.reads($0) && !isDirectory($0) }) {
            throw ValidationError(
                "several paths are Swift files and folders, read as one module; explain a layout document alone")
        }
    }

    func run() throws {
        if paths.count > 1 || isDirectory(file) { return try explainSwiftModule() }
        let bytes: [UInt8]
        do { bytes = try readFileBytes(file) } catch {
            Output.error(error.message)
            throw ExitCode(Exit.failure)
        }
        // With the config `lint` uses: the environments it names for documents that name none are the ones explained.
        var options = try configuredOptions(for: file, style: TextStyle(color: false))
        if !environments.isEmpty { options.environmentNames = environments }
        if SwiftFrontEnd.reads(file) {
            checkingShippingDevices(&options, forFile: file)
            guard let result = SwiftFrontEnd.lint([(file, bytes)], options: options).first else { return }
            return try explainSwift([result])
        }
        let result = lint(bytes: bytes, options: options)
        try failOnUnknownEnvironments(result, in: file)
        switch format {
        case .json:
            Output.write(JSONReport.explainOutput(path: file, layouts: result.layouts).serialized(pretty: true) + "\n")
        case .text:
            Output.write(
                ExplainText.render(
                    path: file, layouts: result.layouts, style: TextStyle(color: !noColor && Output.colorEnabled)))
        }
        Output.flush()
        if let note = errorNote(file, result, done: "resolved") { Output.error(note) }
    }

    /// Swift files and folders: every Swift file below them read as one module (as `lint` selects and groups them,
    /// under the first file's configuration), and the layouts of each file that builds any explained.
    func explainSwiftModule() throws {
        let selection = selectFiles(
            paths, explicitConfig: nil, cache: ConfigCache(), stdinFilename: "<stdin>", forceExclude: false)
        for e in selection.errors { Output.error(e) }
        let swift = selection.files.filter(SwiftFrontEnd.reads)
        guard let first = swift.first else {
            Output.error("no Swift files in \(paths.joined(separator: " "))")
            throw ExitCode(Exit.failure)
        }
        var options = try configuredOptions(for: first, style: TextStyle(color: false))
        if !environments.isEmpty { options.environmentNames = environments }
        checkingShippingDevices(&options, forFile: first)
        var sources: [(path: String, bytes: [UInt8])] = []
        for path in swift {
            do { sources.append((path, try readFileBytes(path))) } catch { Output.error(error.message) }
        }
        try explainSwift(
            SwiftFrontEnd.lint(sources, options: options).filter { !$0.layouts.isEmpty || !$0.unread.isEmpty },
            module: true)
    }

    /// Swift files: every layout each builds, each as a spec document's environments, followed by the values it
    /// assumed and where (`module`: several files, read as one; the JSON lists them under `files`).
    func explainSwift(_ results: [SwiftFileResult], module: Bool = false) throws {
        for r in results { try failOnUnknownEnvironments(r.unknownEnvironments, declared: [], in: r.path) }
        switch format {
        case .json:
            let files = results.map { r in
                JSONReport.explainSwiftOutput(
                    path: r.path, layouts: r.layouts.map { ($0.name, $0.range, $0.result.layouts) }, index: r.lineIndex)
            }
            let out =
                module ? JSONValue.object([("version", .int(1)), ("files", .array(files))]) : files.first ?? .null
            Output.write(out.serialized(pretty: true) + "\n")
        case .text:
            let style = TextStyle(color: !noColor && Output.colorEnabled)
            if results.isEmpty { Output.write("no compositional layout is built in \(paths.joined(separator: " "))\n") }
            for (k, result) in results.enumerated() {
                if k > 0 { Output.write("\n") }
                if result.layouts.isEmpty && result.unread.isEmpty {
                    Output.write(style.bold(result.path) + "\n\nno compositional layout is built here\n")
                }
                for (i, l) in result.layouts.enumerated() {
                    let line = result.lineIndex.position(of: l.range.start, in: .utf8).line + 1
                    if i > 0 { Output.write("\n") }
                    Output.write(
                        ExplainText.render(
                            path: "\(result.path):\(line) \(l.name)", layouts: l.result.layouts, style: style))
                    // What the numbers above rest on: each value the reader assumed or could not read, at its place.
                    for n in l.assumptions { Output.write("  assumed at \(n.path):\(n.line): \(n.message)\n") }
                }
                for u in result.unread {
                    let line = result.lineIndex.position(of: u.range.start, in: .utf8).line + 1
                    Output.write(style.bold("\(result.path):\(line) \(u.name)") + "\n\nnot checked: \(u.message)\n")
                }
            }
        }
        Output.flush()
        for result in results {
            let notes = result.diagnostics.filter { $0.rule.hasPrefix("swift-") || $0.severity == .error }
            if !notes.isEmpty {
                Output.error(
                    "\(result.path): \(notes.count) note\(notes.count == 1 ? "" : "s") on what layoutlint could not read or assumed (run `layoutlint lint \(result.path)`)"
                )
            }
        }
    }
}

/// What `explain` and `render` say on stderr about a document with errors: how many (as `lint` counts them, with the
/// config's severities), which sections were not resolved (the builder or resolver left them out), and which were
/// despite errors in them. ("Sections with errors are not resolved", said before, was not so: a section whose insets
/// leave no room is resolved, to sizes such as 358×-4.)
func errorNote(_ file: String, _ result: LintResult, done: String) -> String? {
    let count = result.severityCounts[.error] ?? 0
    guard count > 0 else { return nil }
    var note = "\(file) has \(count) error\(count == 1 ? "" : "s") (run `layoutlint lint \(file)`)"
    let sections = result.parse.root?.property("sections")?.value.map { $0.kind == .array ? $0.elements : [] } ?? []
    // Per section, the environments it was resolved in (a variant can leave it out of one and not another).
    var resolvedIn: [Int: Set<String>] = [:]
    for layout in result.layouts {
        for s in layout.sections where s.unresolvedReason == nil {
            if let i = sectionIndex(ofPath: s.path) { resolvedIn[i, default: []].insert(layout.environment.name) }
        }
    }
    let environments = result.layouts.map(\.environment.name)
    // The errors by where they start: each section looks only at those that start in it (sections are disjoint).
    let errors = result.diagnostics.filter { $0.severity == .error }.map(\.range).sorted { $0.start < $1.start }
    func hasError(_ r: ByteRange) -> Bool {
        var lo = 0, hi = errors.count
        while lo < hi { let mid = (lo + hi) / 2; if errors[mid].start < r.start { lo = mid + 1 } else { hi = mid } }
        return errors[lo...].prefix { $0.start <= r.end }.contains { $0.end <= r.end }
    }
    func list(_ items: [String]) -> String {
        let shown = items.prefix(8).joined(separator: ", ")
        return items.count > 8 ? shown + " and \(items.count - 8) more" : shown
    }
    var notResolved: [String] = []
    var withErrors: [String] = []
    for i in sections.indices {
        let envs = resolvedIn[i] ?? []
        let missing = environments.filter { !envs.contains($0) }
        if envs.isEmpty {
            notResolved.append("/sections/\(i)")
        } else if !missing.isEmpty {
            notResolved.append("/sections/\(i) (\(missing.joined(separator: ", ")))")
        }
        if !envs.isEmpty, hasError(sections[i].range) {
            withErrors.append("/sections/\(i)")
        }
    }
    if !notResolved.isEmpty { note += "; not \(done): \(list(notResolved))" }
    if !withErrors.isEmpty {
        note += "; \(done) despite errors in them (check their sizes against the errors): \(list(withErrors))"
    }
    return note
}

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the rules, or print one rule's documentation.")

    @Argument(help: "A rule id.")
    var rule: String?

    @Flag(help: "Print every rule's documentation as one Markdown page (docs/rules.md).")
    var markdown = false

    @Option(
        help: ArgumentHelp(
            "Write each rule's examples (of the named rule, or of every rule) into this folder as the documents and Swift files they run as: <rule>-<n>.layout.json, <rule>-<n>.swift.",
            valueName: "folder"))
    var writeExamples: String?

    func validate() throws {
        // One rule's documentation is Markdown already; `--markdown` is the whole page (a rule id was ignored).
        if markdown && rule != nil {
            throw ValidationError("--markdown prints every rule; name a rule without it for one rule's page")
        }
        if markdown && writeExamples != nil {
            throw ValidationError("--markdown prints the documentation and --write-examples writes files: give one")
        }
    }

    func run() throws {
        if let folder = writeExamples {
            try write(examplesOf: try rule.map { [try info($0)] } ?? RuleCatalog.all, into: folder)
        } else if markdown {
            Output.write(RuleCatalog.documentationPage())
        } else if let id = rule {
            Output.write(try info(id).markdown)
        } else {
            let width = RuleCatalog.all.map(\.id.count).max() ?? 0
            for r in RuleCatalog.all {
                let sev = r.severity.description
                Output.write(
                    r.id.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                        + sev.padding(toLength: 13, withPad: " ", startingAt: 0) + r.summary + "\n")
            }
        }
        Output.flush()
    }

    /// The rule named `id`, or an error that suggests the closest id.
    func info(_ id: String) throws -> RuleInfo {
        guard let info = RuleCatalog.info(id) else {
            let hint = suggest(id, among: RuleCatalog.all.map(\.id)).map { "; did you mean \"\($0)\"?" } ?? ""
            Output.error("no rule \"\(id)\"\(hint) (`layoutlint rules` lists them)")
            throw ExitCode(Exit.failure)
        }
        return info
    }

    func write(examplesOf rules: [RuleInfo], into folder: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for r in rules {
                for (n, e) in r.examples.enumerated() {
                    let name = "\(r.id)-\(n + 1).\(e.language.fileExtension)"
                    try Data(e.runnable.text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
                }
            }
        } catch {
            Output.error("cannot write the examples into \(folder): \(error.localizedDescription)")
            throw ExitCode(Exit.failure)
        }
    }
}

struct Environments: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the device presets an \"environments\" entry or --environment can name, with their numbers.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    func run() throws {
        let presets = LayoutEnvironment.presetDescriptions
        switch format {
        case .text:
            let width = presets.map(\.name.count).max() ?? 0
            for p in presets {
                Output.write(
                    p.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + p.portrait.summary + "\n")
                Output.write(String(repeating: " ", count: width + 2) + "landscape: " + p.landscape.summary + "\n")
            }
            Output.write("Safe areas have no Apple source (simulator values); see docs/environments.md.\n")
        case .json:
            func env(_ e: LayoutEnvironment) -> JSONValue {
                let sa = e.safeAreaInsets
                return .object([
                    ("name", .string(e.name)), ("width", .double(e.width)), ("height", .double(e.height)),
                    ("scale", .double(e.scale)),
                    (
                        "safeAreaInsets",
                        .object([
                            ("top", .double(sa.top)), ("left", .double(sa.left)),
                            ("bottom", .double(sa.bottom)), ("right", .double(sa.right)),
                        ])
                    ),
                    ("horizontalSizeClass", .string(e.horizontalSizeClass.rawValue)),
                    ("verticalSizeClass", .string(e.verticalSizeClass.rawValue)),
                ])
            }
            let value = JSONValue.object([
                ("version", .int(1)),
                (
                    "environments",
                    .array(
                        presets.map { p in
                            var members: [(String, JSONValue)] = [("name", .string(p.name))]
                            if !p.otherNames.isEmpty {
                                members.append(("otherNames", .array(p.otherNames.map { .string($0) })))
                            }
                            members.append(("portrait", env(p.portrait)))
                            members.append(("landscape", env(p.landscape)))
                            return .object(members)
                        })
                ),
            ])
            Output.write(value.serialized(pretty: true) + "\n")
        }
        Output.flush()
    }
}

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the language server: JSON-RPC 2.0 over stdin/stdout with LSP framing; logs go to stderr.")

    @Flag(help: "Accepted and ignored (editors pass it).")
    var stdio = false

    func run() throws {
        let code = runLanguageServer(input: 0, output: 1)
        throw ExitCode(code)
    }
}

/// Whether `path` names a folder (`-`, standard input, never does).
func isDirectory(_ path: String) -> Bool {
    var st = stat()
    return path != "-" && stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
}
