// The command plugin: `swift package layoutlint [lint|explain|render|rules] [OPTIONS] [PATHS]` runs the
// `layoutlint` built from this package in the package's folder (paths are relative to it; `lint` with no path
// lints the whole package). The first argument picks the command; anything else (`--fix`, a path, an option)
// means `lint`, so `swift package layoutlint --fix` applies the safe fixes in place. `--target NAME` (repeatable)
// lints those targets' layout documents. Output is the tool's own (text unless `--format` says otherwise); a non-zero exit
// fails the command.
//
// `--fix` writes into the package, hence the `writeToPackageDirectory` permission: SwiftPM asks for it (or takes
// `--allow-writing-to-package-directory`) on every invocation of the plugin, `lint` included, since a plugin
// declares its permissions once for all its commands.
import Foundation
import PackagePlugin

@main
struct LayoutLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let files = try context.package.targets(named: targetNames)
            .flatMap { ($0 as? SourceModuleTarget)?.sourceFiles.map(\.url.path) ?? [] }
            .filter(LayoutLintCommand.isLayoutDocument)
        if !targetNames.isEmpty && files.isEmpty {
            print("layoutlint: no layout documents in \(targetNames.joined(separator: ", "))")
            return
        }
        try LayoutLintCommand.run(
            tool: context.tool(named: "layoutlint").url, arguments: extractor.remainingArguments,
            extraPaths: files, in: context.package.directoryURL)
    }
}

enum LayoutLintCommand {
    static let commands: Set<String> = ["lint", "explain", "render", "rules"]

    static func isLayoutDocument(_ path: String) -> Bool {
        path.hasSuffix(".layout.json") || path.hasSuffix(".layout.jsonc")
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `[lint|explain|render|rules] ARGS…` → the tool's arguments (`lint` when the first is not a command).
    static func toolArguments(_ arguments: [String], extraPaths: [String]) -> [String] {
        var args = arguments
        let command = args.first.flatMap { commands.contains($0) ? $0 : nil } ?? "lint"
        if args.first == command { args.removeFirst() }
        // A target's files are named, and its config's `exclude` globs still apply to them.
        return [command] + args + (command == "lint" && !extraPaths.isEmpty ? ["--force-exclude"] + extraPaths : [])
    }

    static func run(tool: URL, arguments: [String], extraPaths: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = toolArguments(arguments, extraPaths: extraPaths)
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(
                description:
                    "layoutlint \(process.arguments?.first ?? "") exited with status \(process.terminationStatus)")
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension LayoutLintCommandPlugin: XcodeCommandPlugin {
    /// In Xcode (File › Packages, or a target's context menu): the selected targets' layout documents, else the
    /// project's folder.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = Set(extractor.extractOption(named: "target"))
        let files = context.xcodeProject.targets.filter { targetNames.contains($0.displayName) }
            .flatMap { $0.inputFiles.map(\.url.path) }
            .filter(LayoutLintCommand.isLayoutDocument)
        try LayoutLintCommand.run(
            tool: context.tool(named: "layoutlint").url, arguments: extractor.remainingArguments,
            extraPaths: files, in: context.xcodeProject.directoryURL)
    }
}
#endif
