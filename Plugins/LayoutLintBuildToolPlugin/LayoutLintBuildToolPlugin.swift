// The build tool plugin: applied to a target, a build lints the target's layout documents (`*.layout.json`,
// `*.layout.jsonc`) and prints the findings as compiler diagnostics (`lint --format xcode`:
// `FILE:LINE:COL: warning: MESSAGE [rule]`), which `swift build` prints and Xcode shows inline on the file. It
// reads the nearest `.layoutlint.json` (its severities, environments and `exclude` globs: `--force-exclude`), never
// writes into the sources (no `--fix`), and prints nothing when there is nothing to say. A finding of severity
// error fails the build, as a compiler error does; warnings, information and hints do not.
//
// Swift sources that build a compositional layout (they mention `NSCollectionLayout…` or
// `…CompositionalLayout`, in UIKit's, AppKit's or the IBP backport's spelling) are linted too, by the Swift front
// end: the same rules on the layouts the code builds.
//
// A build command, not a prebuild command (SwiftLint's plugin uses a prebuild command): SwiftPM runs a prebuild
// command's executable only from a binary target, never one built from source, and this plugin builds
// `layoutlint` from this package; and `swift build` (SwiftPM 6.3) does not print what a prebuild command that
// succeeds writes, even with -v, where a build command's lines are printed. The command declares its inputs (the
// files and the configuration files that govern them) and no outputs: the build system runs it when an input
// changed since the last build (and on a clean build), not on a build where nothing changed — the findings show
// once per change, as a compiler's warnings do. (A declared output file would do the same, but a file of no known
// type among the outputs becomes a resource of the target, with a resource bundle.)
import Foundation
import PackagePlugin

@main
struct LayoutLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = LayoutLintInputs.select(target.sourceFiles.map(\.url))
        guard !files.isEmpty else { return [] }
        return [
            LayoutLintInputs.command(tool: try context.tool(named: "layoutlint").url, files: files, name: target.name)
        ]
    }
}

enum LayoutLintInputs {
    /// Layout documents, and Swift sources that mention the compositional layout API.
    static func select(_ urls: [URL]) -> [URL] {
        urls.filter { url in
            let name = url.lastPathComponent
            if name.hasSuffix(".layout.json") || name.hasSuffix(".layout.jsonc") { return true }
            guard name.hasSuffix(".swift"), let text = try? Data(contentsOf: url) else { return false }
            return mentionsLayoutAPI(text)
        }.sorted { $0.path < $1.path }
    }

    static func mentionsLayoutAPI(_ data: Data) -> Bool {
        ["CollectionLayout", "CompositionalLayout"].contains { data.range(of: Data($0.utf8)) != nil }
    }

    /// The nearest `.layoutlint.json` of each file's folder, as `lint` finds it (walking up, at most to the
    /// repository's root, the folder with `.git`): inputs of the command, so that a change of severities,
    /// environments or globs lints again. (A config created later where there was none is not seen until an input
    /// changes or the build is clean.)
    static func configFiles(for files: [URL]) -> [URL] {
        let fm = FileManager.default
        var found = Set<String>()
        var visited = Set<String>()
        for file in files {
            var folder = file.deletingLastPathComponent().standardizedFileURL
            while visited.insert(folder.path).inserted {
                let config = folder.appendingPathComponent(".layoutlint.json")
                if fm.fileExists(atPath: config.path) { found.insert(config.path); break }
                if folder.path == "/" || fm.fileExists(atPath: folder.appendingPathComponent(".git").path) { break }
                folder = folder.deletingLastPathComponent()
            }
        }
        return found.sorted().map { URL(fileURLWithPath: $0) }
    }

    static func command(tool: URL, files: [URL], name: String) -> Command {
        .buildCommand(
            displayName: "layoutlint \(name) (\(files.count) file\(files.count == 1 ? "" : "s"))",
            executable: tool,
            arguments: ["lint", "--format", "xcode", "--no-color", "--force-exclude"] + files.map(\.path),
            inputFiles: files + configFiles(for: files),
            outputFiles: [])
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension LayoutLintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = LayoutLintInputs.select(target.inputFiles.map(\.url))
        guard !files.isEmpty else { return [] }
        return [
            LayoutLintInputs.command(
                tool: try context.tool(named: "layoutlint").url, files: files, name: target.displayName)
        ]
    }
}
#endif
