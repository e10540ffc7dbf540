// The command-line frontend. Thin: reads files, calls LayoutLintCore, prints with LayoutLintReport.
import ArgumentParser
import Foundation
import JSONC
import LayoutLintCore
import LayoutLintReport
import LayoutLintServer
import LayoutLintWorkspace

let layoutlintVersion = "0.1.0"

@main
struct LayoutLint: ParsableCommand {
    /// Runs the command; usage errors exit 2 (INTERFACES.md), not ArgumentParser's 64.
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
        abstract: "Resolves UICollectionViewCompositionalLayout specs as UIKit would, and flags what renders other than it reads.",
        version: layoutlintVersion,
        subcommands: [Lint.self, Serve.self, Explain.self, Rules.self])
}

/// Exit codes as INTERFACES.md promises: 0 clean, 1 findings over the limits, 2 usage, I/O or configuration error.
enum Exit {
    static let clean: Int32 = 0
    static let findings: Int32 = 1
    static let failure: Int32 = 2
}

struct Output {
    /// Buffered stdout; flushed once at the end (or when large).
    nonisolated(unsafe) static var buffer: [UInt8] = []
    static func write(_ s: String) {
        buffer.append(contentsOf: s.utf8)
        if buffer.count > 1 << 16 { flush() }
    }
    static func flush() {
        buffer.withUnsafeBytes { p in
            var off = 0
            while off < p.count {
                let n = Foundation.write(1, p.baseAddress! + off, p.count - off)
                if n <= 0 { break }
                off += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
    static func error(_ s: String) {
        let line = "layoutlint: " + s + "\n"
        FileHandle.standardError.write(line.data(using: .utf8)!)
    }
    static var colorEnabled: Bool {
        isatty(1) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"].map { $0.isEmpty } ?? true
    }
}

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Lint layout documents and folders of them.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, sarif, github }

    @Argument(help: "Files or folders (every *.layout.json / *.layout.jsonc below). '-' reads standard input.")
    var paths: [String] = ["."]

    @Option(help: "Output format: text, json, sarif or github.")
    var format: Format = .text

    @Option(name: .customLong("environment"), help: "Resolve in this environment (repeatable); replaces the document's list.")
    var environments: [String] = []

    @Option(help: "Exit 1 when there are more warnings than this (errors always fail).")
    var maxWarnings: Int = -1

    @Option(help: "The name to report for standard input.")
    var stdinFilename: String = "<stdin>"

    @Flag(help: "No colours (also the NO_COLOR environment variable).")
    var noColor = false

    func run() throws {
        let (files, errors) = expandPaths(paths)
        var ioFailed = !errors.isEmpty
        for e in errors { Output.error(e) }
        var options = LintOptions()
        if !environments.isEmpty { options.environmentNames = environments }
        let style = TextStyle(color: !noColor && Output.colorEnabled)
        var results: [JSONReport.FileResult] = []
        var counts = [Severity: Int]()
        var linted = 0
        for file in files {
            let shownPath = file == "-" ? stdinFilename : file
            let bytes: [UInt8]
            do { bytes = try readFileBytes(file) } catch {
                Output.error(error.message)
                ioFailed = true
                continue
            }
            let result = lint(bytes: bytes, options: options)
            linted += 1
            if !result.unknownEnvironments.isEmpty {
                let names = result.unknownEnvironments
                let hint = names.compactMap { suggest($0, among: LayoutEnvironment.presetNames) }.first.map { "; did you mean \"\($0)\"?" } ?? ""
                Output.error("unknown environment \(names.map { "\"\($0)\"" }.joined(separator: ", ")) for \(shownPath)\(hint)")
                throw ExitCode(Exit.failure)
            }
            for d in result.diagnostics { counts[d.severity, default: 0] += 1 }
            switch format {
            case .text:
                for d in result.diagnostics {
                    Output.write(TextReport.render(path: shownPath, source: bytes, index: result.lineIndex, diagnostic: d, style: style))
                    Output.write("\n")
                }
            case .github:
                for d in result.diagnostics { Output.write(GitHubReport.line(path: shownPath, index: result.lineIndex, diagnostic: d)) }
            case .json, .sarif:
                results.append(JSONReport.FileResult(path: shownPath, diagnostics: result.diagnostics, index: result.lineIndex))
            }
        }
        if format == .json {
            Output.write(JSONReport.lintOutput(results).serialized(pretty: true) + "\n")
        } else if format == .sarif {
            Output.write(SARIFReport.log(results, toolVersion: layoutlintVersion).serialized(pretty: true) + "\n")
        } else if format == .text && linted > 0 {
            Output.write(TextReport.summary(errors: counts[.error] ?? 0, warnings: counts[.warning] ?? 0,
                                            information: counts[.information] ?? 0, hints: counts[.hint] ?? 0,
                                            files: linted, style: style))
        }
        Output.flush()
        if ioFailed || files.isEmpty {
            if files.isEmpty && errors.isEmpty { Output.error("no layout documents (*.layout.json, *.layout.jsonc) found in \(paths.joined(separator: " "))") }
            throw ExitCode(Exit.failure)
        }
        let warnings = counts[.warning] ?? 0
        if (counts[.error] ?? 0) > 0 || (maxWarnings >= 0 && warnings > maxWarnings) { throw ExitCode(Exit.findings) }
    }
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print every environment's resolved layout: each section, group and item with its frame.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: "A layout document ('-' reads standard input).")
    var file: String

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Option(name: .customLong("environment"), help: "Resolve in this environment (repeatable); replaces the document's list.")
    var environments: [String] = []

    @Flag(help: "No colours (also the NO_COLOR environment variable).")
    var noColor = false

    func run() throws {
        let bytes: [UInt8]
        do { bytes = try readFileBytes(file) } catch {
            Output.error(error.message)
            throw ExitCode(Exit.failure)
        }
        var options = LintOptions()
        if !environments.isEmpty { options.environmentNames = environments }
        let result = lint(bytes: bytes, options: options)
        if !result.unknownEnvironments.isEmpty {
            let names = result.unknownEnvironments
            let hint = names.compactMap { suggest($0, among: LayoutEnvironment.presetNames + result.document.environments.map(\.environment.name)) }.first
                .map { "; did you mean \"\($0)\"?" } ?? ""
            Output.error("unknown environment \(names.map { "\"\($0)\"" }.joined(separator: ", "))\(hint)")
            throw ExitCode(Exit.failure)
        }
        switch format {
        case .json: Output.write(JSONReport.explainOutput(path: file, layouts: result.layouts).serialized(pretty: true) + "\n")
        case .text: Output.write(ExplainText.render(path: file, layouts: result.layouts, style: TextStyle(color: !noColor && Output.colorEnabled)))
        }
        Output.flush()
        let errors = result.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            Output.error("\(file) has \(errors.count) error\(errors.count == 1 ? "" : "s"); sections with errors are not resolved (run `layoutlint lint \(file)`)")
        }
    }
}

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the rules, or print one rule's documentation.")

    @Argument(help: "A rule id.")
    var rule: String?

    func run() throws {
        if let id = rule {
            guard let info = RuleCatalog.info(id) else {
                let hint = suggest(id, among: RuleCatalog.all.map(\.id)).map { "; did you mean \"\($0)\"?" } ?? ""
                Output.error("no rule \"\(id)\"\(hint) (`layoutlint rules` lists them)")
                throw ExitCode(Exit.failure)
            }
            Output.write(info.markdown)
        } else {
            let width = RuleCatalog.all.map(\.id.count).max() ?? 0
            for r in RuleCatalog.all {
                let sev = r.severity.description
                Output.write(r.id.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                             + sev.padding(toLength: 13, withPad: " ", startingAt: 0) + r.summary + "\n")
            }
        }
        Output.flush()
    }
}

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the language server: JSON-RPC 2.0 over stdin/stdout with LSP framing; logs go to stderr.")

    @Flag(help: "Accepted and ignored (editors pass it).")
    var stdio = false

    func run() throws {
        let code = runLanguageServer(input: 0, output: 1)
        throw ExitCode(code)
    }
}
