// The Swift front end's entry point: Swift files (read as one module) → every compositional layout they build,
// evaluated per environment into the layout model → the engine's resolver and rules (`lintModels`) → diagnostics
// per file, in Swift's terms, with Swift fixes.

import Foundation
import LayoutLintCore
import SwiftSyntax

public enum SwiftFrontEnd {
    /// Swift files larger than this are not read (a hand-written file is far smaller; swift-syntax reads ~7 MB/s).
    public static let maxFileBytes = 4 << 20

    /// The file extension this front end reads.
    public static func reads(_ path: String) -> Bool { path.hasSuffix(".swift") }

    /// Lints Swift files read as one module. The files that name the API are parsed first; of the others, those
    /// that declare a name a layout looked up and the module did not declare (`declaresAny`) are parsed and added,
    /// and the layouts that looked it up read again, until no such name is left or no file declares one
    /// (`maxInclusionRounds`). A name declared in none of the files still gets its `swift-unresolved` note.
    public static func lint(_ sources: [(path: String, bytes: [UInt8])], options: LintOptions = LintOptions())
        -> [SwiftFileResult]
    {
        onLargeStack { lintOnThisThread(sources, options: options) }
    }

    static func lintOnThisThread(_ sources: [(path: String, bytes: [UInt8])], options: LintOptions) -> [SwiftFileResult]
    {
        var results: [SwiftFileResult] = []
        var read: [(path: String, bytes: [UInt8])] = []
        var resultIndex: [Int] = []
        // The files that do not name the API, by result index: each may declare what a layout needs.
        var others: [Int] = []
        for s in sources {
            if let refused = refusal(path: s.path, bytes: s.bytes) {
                results.append(refused)
                continue
            }
            results.append(
                SwiftFileResult(path: s.path, source: s.bytes, lineIndex: LineIndex(s.bytes), diagnostics: []))
            if mentionsCompositionalLayout(s.bytes) {
                resultIndex.append(results.count - 1)
                read.append(s)
            } else if s.bytes.count <= maxFileBytes {
                others.append(results.count - 1)
            }
        }
        guard !read.isEmpty else { return results }
        let module = SwiftModule(sources: read)
        let (environments, unknown) = environmentsToResolve(options: options)
        guard !environments.isEmpty else {
            for i in resultIndex { results[i].unknownEnvironments = unknown }
            return results
        }
        var outcomes = layoutOutcomes(module) {
            $0.map { readSite($0, module: module, environments: environments, options: options) }
        }
        for _ in 0..<maxInclusionRounds where !others.isEmpty {
            let missing = Set(outcomes.flatMap(\.evaluation.missing))
            let wanted = MissingNames(missing)
            let found = others.filter {
                declaresAny(sources[$0].bytes, of: wanted) && bracketNestingPastLimit(sources[$0].bytes) == nil
            }
            guard !found.isEmpty else { break }
            let taken = Set(found)
            others.removeAll { taken.contains($0) }
            module.include(found.map { sources[$0] })
            resultIndex += found
            // (Read again: the layouts that missed a name the module now declares.)
            let declared = Set(missing.map(\.name).filter { module.declares($0) })
            let previous = Dictionary(outcomes.map { ($0.site.range.start, $0) }, uniquingKeysWith: { a, _ in a })
            outcomes = layoutOutcomes(
                module,
                kept: { site in
                    previous[site.range.start].flatMap { o in
                        o.evaluation.missing.contains { declared.contains($0.name) } ? nil : o
                    }
                }
            ) { $0.map { readSite($0, module: module, environments: environments, options: options) } }
        }
        let assembled = assemble(outcomes, module: module, options: options, unknown: unknown)
        for (f, i) in resultIndex.enumerated() where f < module.files.count {
            results[i].diagnostics = assembled[f].diagnostics
            results[i].omitted = assembled[f].omitted
            results[i].layouts = assembled[f].layouts
            results[i].unread = assembled[f].unread
            results[i].unknownEnvironments = unknown
        }
        return results
    }

    /// The result of a file layoutlint does not read, and why: larger than `maxFileBytes`, binary, or nesting
    /// brackets past `maxBracketNesting`. nil for a file it reads.
    /// `bracketsWithinLimit`: the brackets are known to nest within `maxBracketNesting` (not scanned again).
    static func refusal(path: String, bytes: [UInt8], bracketsWithinLimit: Bool = false) -> SwiftFileResult? {
        let mentions = mentionsCompositionalLayout(bytes)
        if bytes.count > maxFileBytes && mentions {
            return SwiftFileResult(
                path: path, source: bytes, lineIndex: LineIndex(bytes),
                diagnostics: [
                    Diagnostic(
                        rule: .swiftLimit, severity: .warning,
                        message:
                            "the file is larger than \(maxFileBytes / (1024 * 1024)) MB, the most layoutlint reads of a Swift file (generated code, most likely): its layouts are not checked",
                        range: ByteRange(0, 0))
                ])
        }
        if let nul = bytes.prefix(8192).firstIndex(of: 0) {
            return SwiftFileResult(
                path: path, source: bytes, lineIndex: LineIndex(bytes),
                diagnostics: [
                    Diagnostic(
                        rule: .syntax, severity: .error,
                        message: "this is a binary file (a NUL byte at offset \(nul)), not Swift source",
                        range: ByteRange(nul, nul + 1))
                ])
        }
        if mentions, !bracketsWithinLimit, let at = bracketNestingPastLimit(bytes) {
            // swift-syntax's parser looks ahead for a type at each `[` (`[Int]`, `[3 of Int]`), and its time
            // doubles with each level of nested brackets: 20 levels took 17 s, 25 took 44 s.
            return SwiftFileResult(
                path: path, source: bytes, lineIndex: LineIndex(bytes),
                diagnostics: [
                    Diagnostic(
                        rule: .swiftLimit, severity: .warning,
                        message:
                            "brackets nest more than \(maxBracketNesting) deep here: layoutlint does not read this file (Swift's parser takes exponential time on such code)",
                        range: ByteRange(at, at + 1))
                ])
        }
        return nil
    }

    /// Each layout of the module and its outcome: the one `kept` gives it (a document reader's, while nothing it read
    /// changed), else one `read` gives (which reads several layouts at once, returning their outcomes in order).
    /// Constructions come first: a function returning a section that a construction reaches is part of that layout,
    /// not one of its own. Then the functions that can be called as they are (`standsAlone`), then those that take
    /// a value no default gives and no layout read passes: each is read with its parameters unknown (the evaluator's
    /// stand-ins), so that it is checked where they do not matter, and named where they do, never passed over.
    static func layoutOutcomes(
        _ module: SwiftModule, kept: (LayoutSite) -> SiteOutcome? = { _ in nil },
        read: ([LayoutSite]) -> [SiteOutcome]
    ) -> [SiteOutcome] {
        func outcomes(_ sites: [LayoutSite]) -> [SiteOutcome] {
            var fresh = read(sites.filter { kept($0) == nil }).makeIterator()
            return sites.map { kept($0) ?? fresh.next()! }
        }
        let isConstruction = { (site: LayoutSite) -> Bool in if case .construction = site.kind { true } else { false } }
        var all = outcomes(module.sites.filter(isConstruction))
        var reached: Set<Int> = []
        for o in all { reached.formUnion(o.evaluation.reached) }
        // (Read at once, the functions no construction reaches; one that another of them reaches is dropped.)
        for alone in [true, false] {
            for o in outcomes(
                module.sites.filter {
                    !isConstruction($0) && !reached.contains($0.range.start) && standsAlone($0, module) == alone
                })
            where !reached.contains(o.site.range.start) {
                reached.formUnion(o.evaluation.reached)
                all.append(o)
            }
        }
        return all
    }

    /// One layout read and checked: what the evaluator read (or why it stopped) and the engine's result, in module
    /// offsets (a document reader's region offsets: `SwiftRegions`). (A class: a document reader keeps most of them
    /// from one edit to the next, and passes them along several times in each.)
    final class SiteOutcome {
        var site: LayoutSite
        let evaluation: SiteEvaluation
        var lint: LintResult?
        /// The names the evaluation looked up in the module.
        var lookups: Set<String> = []
        /// The sections it builds by range (`sectionsByRange`).
        var sections: [ByteRange: SectionSpec] = [:]

        init(site: LayoutSite, evaluation: SiteEvaluation) {
            self.site = site
            self.evaluation = evaluation
        }
    }

    /// How many times the files that declare what the layouts looked up and did not find are added (a constant
    /// whose value names another file's constant takes a second).
    static let maxInclusionRounds = 4

    /// One layout read and checked, with the names its evaluation looked up in the module.
    static func readSite(
        _ site: LayoutSite, module: SwiftModule, environments: [LayoutEnvironment], options: LintOptions
    ) -> SiteOutcome {
        module.recorder.active = true
        module.recorder.names = []
        let evaluation = readLayout(site, module: module, environments: environments, options: options)
        module.recorder.active = false
        let outcome = SiteOutcome(site: site, evaluation: evaluation)
        outcome.lookups = module.recorder.names
        if let documents = evaluation.documents {
            outcome.sections = sectionsByRange(documents)
            // The rules' fixes are dropped (they edit spec text): no source text for them to read.
            let file = module.files[site.file]
            var lint = lintModels(
                documents, environments: evaluation.environments ?? environments,
                source: module.regions == nil ? file.bytes : [],
                lineIndex: file.lineIndex, options: options)
            lint.diagnostics = lint.diagnostics.map { SwiftWording.swift($0) }
            outcome.lint = lint
        }
        return outcome
    }

    struct FileOutcome {
        var diagnostics: [Diagnostic] = []
        var omitted = OmittedDiagnostics()
        var layouts: [SwiftLayoutResult] = []
        var unread: [(name: String, range: ByteRange, message: String)] = []
    }

    /// The layouts' outcomes → each file's diagnostics (notes once each, suppressions, severities, Swift fixes),
    /// layouts and unread layouts, in each file's own offsets.
    static func assemble(_ outcomes: [SiteOutcome], module: SwiftModule, options: LintOptions, unknown: [String])
        -> [FileOutcome]
    {
        var files = Array(repeating: FileOutcome(), count: module.files.count)
        var perFile: [[Diagnostic]] = Array(repeating: [], count: module.files.count)
        var seenNotes = Set<String>()
        let textRange = { (r: ByteRange) -> ByteRange in module.regions?.textRange(r) ?? r }
        for outcome in outcomes {
            let site = outcome.site, evaluation = outcome.evaluation, file = site.file
            for n in evaluation.notes {
                let key = "\(n.rule)|\(n.range.start)|\(n.range.end)|\(n.message)"
                guard seenNotes.insert(key).inserted else { continue }
                let r = textRange(n.range)
                let (f, off) = module.locate(r.start)
                perFile[f].append(
                    Diagnostic(
                        rule: n.rule, severity: n.severity, message: n.message,
                        range: ByteRange(off, off + r.length)))
            }
            let base = module.files[file].base
            let siteRange = textRange(site.range)
            guard var lr = outcome.lint else {
                files[file].unread.append(
                    (
                        site.name, ByteRange(siteRange.start - base, siteRange.end - base),
                        evaluation.notes.last?.message ?? "layoutlint could not read it"
                    ))
                continue
            }
            lr.unknownEnvironments = unknown
            var own: [Diagnostic] = []
            for d in lr.diagnostics {
                let (f, local) = localized(d, module, textRange)
                perFile[f].append(local)
                if f == file { own.append(local) }
            }
            lr.diagnostics = own
            var layout = SwiftLayoutResult(
                name: site.name, path: module.files[file].path,
                range: ByteRange(siteRange.start - base, siteRange.end - base), result: lr)
            layout.documents = evaluation.documents ?? []
            layout.environments = lr.layouts.map(\.environment)
            let locate = { (offset: Int) -> (path: String, line: Int) in
                let (f, off) = module.locate(textRange(ByteRange(offset, offset)).start)
                return (module.files[f].path, module.files[f].lineIndex.position(of: off, in: .utf8).line + 1)
            }
            layout.location = locate
            layout.notes = evaluation.notes.map { n in
                let r = textRange(n.range)
                let (f, off) = module.locate(r.start)
                return SwiftNote(
                    rule: n.rule, severity: n.severity, message: n.message, path: module.files[f].path,
                    line: locate(n.range.start).line, range: ByteRange(off, off + r.length))
            }
            files[file].layouts.append(layout)
        }
        // The sections the layouts build (for fixes that edit more than the finding's expression).
        let sections = outcomes.map(\.sections).filter { !$0.isEmpty }
        for f in module.files.indices {
            let file = module.files[f]
            var ds = dedupe(perFile[f])
            let base = file.base
            attachSwiftFixes(
                &ds, file: file, sections: sections,
                regionRange: { r in
                    let m = ByteRange(r.start + base, r.end + base)
                    return module.regions?.regionRange(m) ?? m
                },
                textRange: { r in
                    let x = textRange(r)
                    return ByteRange(x.start - base, x.end - base)
                })
            let finished = finishDiagnostics(
                ds, comments: file.comments, source: suppressionText(file), lineIndex: file.lineIndex, options: options)
            files[f].diagnostics = finished.diagnostics
            files[f].omitted = finished.omitted
        }
        return files
    }

    /// A function that returns a section or a group is a layout of its own only when it can be called as it is:
    /// every parameter has a default or is the layout environment (one that takes app state is read through its
    /// callers).
    static func standsAlone(_ site: LayoutSite, _ module: SwiftModule) -> Bool {
        switch site.kind {
        case .construction: return true
        case .returnsSection(let f, _), .returnsGroup(let f, _):
            guard let f else { return true }
            return f.decl.signature.parameterClause.parameters.allSatisfy { p in
                p.defaultValue != nil
                    || canonicalTypeName(withoutAny(module.text(of: p.type, file: f.file))).contains(
                        "NSCollectionLayoutEnvironment")
            }
        }
    }

    /// A diagnostic in module offsets → the file it is in and its offsets there (related locations in other files
    /// are dropped: a report shows one file).
    static func localized(_ d: Diagnostic, _ module: SwiftModule, _ textRange: (ByteRange) -> ByteRange) -> (
        Int, Diagnostic
    ) {
        let range = textRange(d.range)
        let (f, off) = module.locate(range.start)
        let base = module.files[f].base
        var out = d
        out.range = ByteRange(off, off + range.length)
        out.related = d.related.compactMap { r in
            let rr = textRange(r.range)
            guard module.locate(rr.start).file == f else { return nil }
            var x = r
            x.range = ByteRange(rr.start - base, rr.end - base)
            return x
        }
        return (f, out)
    }

    static func dedupe(_ ds: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return ds.filter { seen.insert($0).inserted }
    }

    /// The file's bytes with `layoutlint:disable` (the SwiftLint-style spelling) read as `layoutlint-disable`, for
    /// the suppression parser (same length: offsets do not move).
    static func suppressionText(_ file: SwiftSourceFile) -> [UInt8] {
        var b = file.bytes
        let needle = Array("layoutlint:disable".utf8)
        for c in file.comments {
            var i = c.range.start
            while i + needle.count <= min(c.range.end, b.count) {
                if b[i..<(i + needle.count)].elementsEqual(needle) { b[i + 10] = UInt8(ascii: "-") }
                i += 1
            }
        }
        return b
    }

    struct SiteEvaluation {
        var documents: [LayoutDocument]?
        var notes: [EvalNote] = []
        var reached: Set<Int> = []
        /// The names looked up where the module declared none (`SwiftModule.include` may add a file that does).
        var missing: Set<MissingName> = []
        /// The environments `documents` are read in, where the layout could not be read in some (nil: all).
        var environments: [LayoutEnvironment]?
    }
}
