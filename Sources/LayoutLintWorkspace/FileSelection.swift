// Which files a `lint` run reads, and the configuration of each.
import Foundation
import LayoutLintCore

/// The files a run lints and the errors for what was given (`selectFiles`), with the configuration that governs each
/// file and what the configurations' exclude globs did, for the warning about a glob that matches nothing.
public final class FileSelection {
    /// The files to lint, in order: folders expanded in sorted order, each file once.
    public internal(set) var files: [String] = []
    /// What could not be read or expanded, as messages.
    public internal(set) var errors: [String] = []
    /// Some file or folder was left out by an exclude glob.
    public internal(set) var excludedAny = false
    /// Configs whose exclude globs were applied to a folder, by path.
    public internal(set) var consulted: ExactDictionary<LayoutLintConfig> = [:]
    let explicitConfig: LayoutLintConfig?
    let cache: ConfigCache
    let stdinFilename: String
    let workingDirectory: String
    // The nearest config, looked up once per folder (a run is a snapshot; files of one folder share it).
    // (Keyed by bytes: `String` keys are equal when canonically equivalent, and folders "café" in NFC and in NFD
    // are two folders with two configs.)
    var byFolder: [[UInt8]: LayoutLintConfig?] = [:]
    // (Globs and config paths by their bytes: two folders, or globs, whose names are canonically equivalent are two.)
    var matchedGlobs = Set<ExactKey>()
    var prunedFolders: [String] = [] // excluded folders, not read: a glob may match files in them unseen

    init(explicitConfig: LayoutLintConfig?, cache: ConfigCache, stdinFilename: String) {
        self.explicitConfig = explicitConfig
        self.cache = cache
        self.stdinFilename = stdinFilename
        workingDirectory = kernelPath(".") ?? FileManager.default.currentDirectoryPath
    }

    /// The configuration that governs `file` (`-`: standard input): `--config`'s, else the nearest one.
    public func config(for file: String) -> LayoutLintConfig? {
        if let explicitConfig { return explicitConfig }
        let folder = Array((file == "-" ? "-" : folderPart(of: file)).utf8)
        if let c = byFolder[folder] { return c }
        // Standard input is governed by the config of the file it stands for (`--stdin-filename`: an editor
        // pipes a buffer from anywhere), else by the working directory's.
        let c =
            file == "-"
            ? cache.config(forFile: stdinFilename == "<stdin>" ? "./-" : stdinFilename) : cache.config(forFile: file)
        byFolder[folder] = c
        return c
    }

    /// Whether an exclude glob of the file's config excludes it (remembering the glob and the config).
    func excluded(_ file: String) -> Bool {
        guard let c = config(for: file), !c.hasErrors else { return false }
        if let p = c.path { consulted[p] = c }
        // Both absolute (the config's folder is): a path typed relative to the working directory matches the
        // globs wherever the run starts. A `--config` outside the files' tree (a shared CI config) matches them
        // relative to the working directory instead, as ESLint does.
        let path = kernelFilePath(file)
        guard
            let g = c.excludingPattern(path)
                ?? (explicitConfig != nil && !c.holds(path) ? c.excludingPattern(path, below: workingDirectory) : nil)
        else { return false }
        matchedGlobs.insert(ExactKey(g))
        excludedAny = true
        return true
    }

    /// A warning for each exclude glob that matched nothing (a typo would silently lint what it meant to skip).
    /// Only globs that were applied to a folder can have "matched nothing", and only those of configs whose whole
    /// folder was walked (`namedFolders`, the folders the run was given, is it or holds it): linting `src` says
    /// nothing of a `build/**` that matches files outside `src`.
    public func unmatchedExcludeWarnings(namedFolders: [String]) -> [String] {
        let walked = namedFolders.compactMap { kernelPath($0).map { Array($0.utf8) } }
        func walkedWhole(_ c: LayoutLintConfig) -> Bool {
            guard let d = c.directory.map({ Array($0.utf8) }) else { return false }
            return walked.contains { w in d == w || w == [UInt8(ascii: "/")] || d.starts(with: w + [UInt8(ascii: "/")])
            }
        }
        var globOwners: ExactDictionary<String> = [:]
        for (p, c) in consulted.sortedByKey where walkedWhole(c) { for g in c.exclude { globOwners[g] = p } }
        var warnings: [String] = []
        for (g, p) in globOwners.sortedByKey where !matchedGlobs.contains(ExactKey(g)) {
            // A folder another glob excluded was not read: a glob anchored inside it (`build/gen.layout.json` beside
            // `build`) may match there, unseen, and says nothing; one that matches a name anywhere is told where it was
            // not looked for.
            let unread =
                consulted[p].map { c in prunedFolders.map { c.glob(g, below: $0) }.filter { $0.0 != .cannot } } ?? []
            if unread.contains(where: { $0.0 == .inside }) { continue }
            var note = ""
            if !unread.isEmpty {
                let names = unread.prefix(3).map { "\"\($0.relative)\"" }.joined(separator: ", ")
                note =
                    " outside the folders other patterns exclude, which were not read (\(names)\(unread.count > 3 ? ", …" : ""))"
            }
            warnings.append("warning: exclude pattern \"\(g)\" in \(p) matches no file\(note)")
        }
        return warnings
    }
}

/// The files `lint` reads for `paths` (`-`: standard input, named `stdinFilename` for configs and globs), and the
/// errors for what was given. Folders expand in sorted order; each file found is checked against the exclude globs
/// of its config (`explicitConfig`, `--config`, else the nearest one, from `cache`).
/// Named files are linted whatever the globs say, unless `forceExclude` (the pre-commit hooks pass it: they name every
/// staged file, and a generated one the config excludes must be neither failed on nor fixed).
public func selectFiles(
    _ paths: [String], explicitConfig: LayoutLintConfig?, cache: ConfigCache, stdinFilename: String,
    forceExclude: Bool
) -> FileSelection {
    let s = FileSelection(explicitConfig: explicitConfig, cache: cache, stdinFilename: stdinFilename)
    (s.files, s.errors) = expandPaths(
        paths, excluded: s.excluded, pruned: { s.prunedFolders.append(kernelFilePath($0)) })
    if forceExclude {
        let named = Set(paths)
        // Standard input by the name `--stdin-filename` gives it (an editor piping a buffer).
        s.files.removeAll {
            named.contains($0) && ($0 == "-" ? stdinFilename != "<stdin>" && s.excluded(stdinFilename) : s.excluded($0))
        }
        // An excluded standard input is still read (a writer would get a broken pipe), and dropped.
        if paths.contains("-") && !s.files.contains("-") { _ = try? readFileBytes("-") }
    }
    return s
}
