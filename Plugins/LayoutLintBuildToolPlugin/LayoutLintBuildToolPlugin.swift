// The build tool plugin: applied to a target, a build lints the target's layout documents (`*.layout.json`,
// `*.layout.jsonc`) and prints the findings as compiler diagnostics (`lint --format xcode`:
// `FILE:LINE:COL: warning: MESSAGE [rule]`), which `swift build` prints and Xcode shows inline on the file. It
// reads the nearest `.layoutlint.json` (its severities, environments and `exclude` globs: `--force-exclude`), never
// writes into the sources (no `--fix`), and prints nothing when there is nothing to say. A finding of severity
// error fails the build, as a compiler error does; warnings, information and hints do not.
//
// Swift sources that build a compositional layout (they mention `NSCollectionLayout…` or
// `UICollectionViewCompositionalLayout`) are linted too once the layoutlint that provides the tool has its Swift
// front end (the `LayoutLintSwift` target); before that `lint` reads every file it is given as a layout document.
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
        let files = LayoutLintInputs.select(target.sourceFiles.map(\.url),
                                            swiftSources: LayoutLintInputs.hasSwiftFrontEnd(context.package))
        guard !files.isEmpty else { return [] }
        return [LayoutLintInputs.command(tool: try context.tool(named: "layoutlint").url, files: files, name: target.name)]
    }
}

enum LayoutLintInputs {
    /// Layout documents, and Swift sources that mention the compositional layout API (when `swiftSources`).
    static func select(_ urls: [URL], swiftSources: Bool) -> [URL] {
        urls.filter { url in
            let name = url.lastPathComponent
            if name.hasSuffix(".layout.json") || name.hasSuffix(".layout.jsonc") { return true }
            guard swiftSources, name.hasSuffix(".swift"), let text = try? Data(contentsOf: url) else { return false }
            return mentionsLayoutAPI(text)
        }.sorted { $0.path < $1.path }
    }

    static func mentionsLayoutAPI(_ data: Data) -> Bool {
        ["NSCollectionLayout", "UICollectionViewCompositionalLayout"].contains { data.range(of: Data($0.utf8)) != nil }
    }

    /// Whether the package graph holds layoutlint's Swift front end, so that `lint` reads `.swift` files as Swift.
    static func hasSwiftFrontEnd(_ root: Package) -> Bool {
        var seen = Set<Package.ID>()
        var queue = [root]
        while let p = queue.popLast() {
            guard seen.insert(p.id).inserted else { continue }
            if p.targets.contains(where: { $0.name == "LayoutLintSwift" }) { return true }
            queue += p.dependencies.map(\.package)
        }
        return false
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
    /// An Xcode project's context shows no package graph: set this when the layoutlint the project depends on has
    /// its Swift front end, and the project's Swift sources that build layouts are linted too.
    static let xcodeLintsSwiftSources = false

    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = LayoutLintInputs.select(target.inputFiles.map(\.url), swiftSources: Self.xcodeLintsSwiftSources)
        guard !files.isEmpty else { return [] }
        return [LayoutLintInputs.command(tool: try context.tool(named: "layoutlint").url, files: files, name: target.displayName)]
    }
}
#endif
