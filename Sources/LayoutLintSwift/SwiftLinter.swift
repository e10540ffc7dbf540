// The Swift front end's entry point: Swift files (read as one module) → every compositional layout they build,
// evaluated per environment into the layout model → the engine's resolver and rules (`lintModels`) → diagnostics
// per file, in Swift's terms, with Swift fixes.

import Foundation
import LayoutLintCore
import SwiftSyntax

/// One layout read from Swift: its name (the enclosing function, property or variable), where it is built, and its
/// resolved form per environment (`result.layouts`), as a spec document's would be.
public struct SwiftLayoutResult: @unchecked Sendable {
    public let name: String
    public let path: String
    /// The construction (or the function that returns the section or group), in its file's offsets.
    public let range: ByteRange
    /// The resolved layouts and this layout's diagnostics (in its file's offsets, with its file's line index).
    public let result: LintResult
    /// The model the Swift builds: one document that stands for every environment of `environments` when it reads
    /// nothing of its environment, else one per environment, in order. Its ranges are module offsets (`location(of:)` turns them into file and line).
    public var documents: [LayoutDocument] = []
    public var environments: [LayoutEnvironment] = []
    /// What the evaluator assumed or could not read while reading this layout (`swift-assumption`,
    /// `swift-unresolved`, `swift-limit`), wherever the code it read is.
    public var notes: [SwiftNote] = []
    /// The values this layout rests on, each once (a layout read in several environments notes the same value in
    /// each): its `swift-assumption` and `swift-unresolved` notes, in order.
    public var assumptions: [SwiftNote] {
        var seen = Set<String>()
        return notes.filter { n in
            (n.rule == .swiftAssumption || n.rule == .swiftUnresolved) && seen.insert("\(n.rule)|\(n.path)|\(n.range.start)|\(n.message)").inserted
        }
    }
    /// The file and 1-based line of a module offset (the model's ranges).
    public var location: (Int) -> (path: String, line: Int) = { _ in ("", 0) }
    public func location(of range: ByteRange) -> (path: String, line: Int) { location(range.start) }
}

/// An evaluator note with its place: file, 1-based line, and the range in that file.
public struct SwiftNote: Sendable, Equatable {
    public var rule: RuleID
    public var severity: Severity
    public var message: String
    public var path: String
    public var line: Int
    public var range: ByteRange
}

public struct SwiftFileResult: @unchecked Sendable {
    public let path: String
    public let source: [UInt8]
    public let lineIndex: LineIndex
    public var diagnostics: [Diagnostic]
    public var omitted = OmittedDiagnostics()
    public var layouts: [SwiftLayoutResult] = []
    /// The layouts built here that the evaluator stopped reading: name, where they are built, and why.
    public var unread: [(name: String, range: ByteRange, message: String)] = []
    public var unknownEnvironments: [String] = []
    /// The offsets of `layouts[].result` and `layouts[].documents`: text offsets, or a document reader's region
    /// offsets (`real(_:)` and `virtual(_:)` convert).
    public var regions = SwiftRegions()
    /// By severity, with those past the limit.
    public var severityCounts: [Severity: Int] { countBySeverity(diagnostics, omitted) }
}

public enum SwiftFrontEnd {
    /// Swift files larger than this are not read (a hand-written file is far smaller; swift-syntax reads ~7 MB/s).
    public static let maxFileBytes = 4 << 20

    /// The file extension this front end reads.
    public static func reads(_ path: String) -> Bool { path.hasSuffix(".swift") }

    /// Lints Swift files read as one module. The files that name the API are parsed first; of the others, those
    /// that declare a name a layout looked up and the module did not declare (`declaresAny`) are parsed and added,
    /// and the layouts that looked it up read again, until no such name is left or no file declares one
    /// (`maxInclusionRounds`). A name declared in none of the files still gets its `swift-unresolved` note.
    public static func lint(_ sources: [(path: String, bytes: [UInt8])], options: LintOptions = LintOptions()) -> [SwiftFileResult] {
        onLargeStack { lintOnThisThread(sources, options: options) }
    }

    static func lintOnThisThread(_ sources: [(path: String, bytes: [UInt8])], options: LintOptions) -> [SwiftFileResult] {
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
            results.append(SwiftFileResult(path: s.path, source: s.bytes, lineIndex: LineIndex(s.bytes), diagnostics: []))
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
        var outcomes = layoutOutcomes(module) { $0.map { readSite($0, module: module, environments: environments, options: options) } }
        for _ in 0..<maxInclusionRounds where !others.isEmpty {
            let missing = Set(outcomes.flatMap(\.read.missing))
            let wanted = MissingNames(missing)
            let found = others.filter { declaresAny(sources[$0].bytes, of: wanted) && bracketNestingPastLimit(sources[$0].bytes) == nil }
            guard !found.isEmpty else { break }
            let taken = Set(found)
            others.removeAll { taken.contains($0) }
            module.include(found.map { sources[$0] })
            resultIndex += found
            // (Read again: the layouts that missed a name the module now declares.)
            let declared = Set(missing.map(\.name).filter { module.declares($0) })
            let previous = Dictionary(outcomes.map { ($0.site.range.start, $0) }, uniquingKeysWith: { a, _ in a })
            outcomes = layoutOutcomes(module, kept: { site in
                previous[site.range.start].flatMap { o in o.read.missing.contains { declared.contains($0.name) } ? nil : o }
            }) { $0.map { readSite($0, module: module, environments: environments, options: options) } }
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
            return SwiftFileResult(path: path, source: bytes, lineIndex: LineIndex(bytes), diagnostics: [
                Diagnostic(rule: .swiftLimit, severity: .warning,
                           message: "the file is larger than \(maxFileBytes / (1024 * 1024)) MB, the most layoutlint reads of a Swift file (generated code, most likely): its layouts are not checked",
                           range: ByteRange(0, 0))])
        }
        if let nul = bytes.prefix(8192).firstIndex(of: 0) {
            return SwiftFileResult(path: path, source: bytes, lineIndex: LineIndex(bytes), diagnostics: [
                Diagnostic(rule: .syntax, severity: .error, message: "this is a binary file (a NUL byte at offset \(nul)), not Swift source", range: ByteRange(nul, nul + 1))])
        }
        if mentions, !bracketsWithinLimit, let at = bracketNestingPastLimit(bytes) {
            // swift-syntax's parser looks ahead for a type at each `[` (`[Int]`, `[3 of Int]`), and its time
            // doubles with each level of nested brackets: 20 levels took 17 s, 25 took 44 s.
            return SwiftFileResult(path: path, source: bytes, lineIndex: LineIndex(bytes), diagnostics: [
                Diagnostic(rule: .swiftLimit, severity: .warning,
                           message: "brackets nest more than \(maxBracketNesting) deep here: layoutlint does not read this file (Swift's parser takes exponential time on such code)",
                           range: ByteRange(at, at + 1))])
        }
        return nil
    }

    /// Each layout of the module and its outcome: the one `kept` gives it (a document reader's, while nothing it read
    /// changed), else one `read` gives (which reads several layouts at once, returning their outcomes in order).
    /// Constructions come first: a function returning a section that a construction reaches is part of that layout,
    /// not one of its own. Then the functions that can be called as they are (`standsAlone`), then those that take
    /// a value no default gives and no layout read passes: each is read with its parameters unknown (the evaluator's
    /// stand-ins), so that it is checked where they do not matter, and named where they do, never passed over.
    static func layoutOutcomes(_ module: SwiftModule, kept: (LayoutSite) -> SiteOutcome? = { _ in nil },
                               read: ([LayoutSite]) -> [SiteOutcome]) -> [SiteOutcome] {
        func outcomes(_ sites: [LayoutSite]) -> [SiteOutcome] {
            var fresh = read(sites.filter { kept($0) == nil }).makeIterator()
            return sites.map { kept($0) ?? fresh.next()! }
        }
        let isConstruction = { (site: LayoutSite) -> Bool in if case .construction = site.kind { true } else { false } }
        var all = outcomes(module.sites.filter(isConstruction))
        var reached: Set<Int> = []
        for o in all { reached.formUnion(o.read.reached) }
        // (Read at once, the functions no construction reaches; one that another of them reaches is dropped.)
        for alone in [true, false] {
            for o in outcomes(module.sites.filter { !isConstruction($0) && !reached.contains($0.range.start) && standsAlone($0, module) == alone })
            where !reached.contains(o.site.range.start) {
                reached.formUnion(o.read.reached)
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
        let read: Read
        var lint: LintResult?
        /// The names the evaluation looked up in the module.
        var lookups: Set<String> = []
        /// The sections it builds by range (`sectionsByRange`).
        var sections: [ByteRange: SectionSpec] = [:]

        init(site: LayoutSite, read: Read) {
            self.site = site
            self.read = read
        }
    }

    /// How many times the files that declare what the layouts looked up and did not find are added (a constant
    /// whose value names another file's constant takes a second).
    static let maxInclusionRounds = 4

    /// One layout read and checked, with the names its evaluation looked up in the module.
    static func readSite(_ site: LayoutSite, module: SwiftModule, environments: [LayoutEnvironment], options: LintOptions) -> SiteOutcome {
        module.recorder.active = true
        module.recorder.names = []
        let read = readLayout(site, module: module, environments: environments, options: options)
        module.recorder.active = false
        let outcome = SiteOutcome(site: site, read: read)
        outcome.lookups = module.recorder.names
        if let documents = read.documents {
            outcome.sections = sectionsByRange(documents)
            // The rules' fixes are dropped (they edit spec text): no source text for them to read.
            let file = module.files[site.file]
            var lint = lintModels(documents, environments: read.environments ?? environments, source: module.regions == nil ? file.bytes : [],
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
    static func assemble(_ outcomes: [SiteOutcome], module: SwiftModule, options: LintOptions, unknown: [String]) -> [FileOutcome] {
        var files = Array(repeating: FileOutcome(), count: module.files.count)
        var perFile: [[Diagnostic]] = Array(repeating: [], count: module.files.count)
        var seenNotes = Set<String>()
        let real = { (r: ByteRange) -> ByteRange in module.regions?.real(r) ?? r }
        for outcome in outcomes {
            let site = outcome.site, read = outcome.read, file = site.file
            for n in read.notes {
                let key = "\(n.rule)|\(n.range.start)|\(n.range.end)|\(n.message)"
                guard seenNotes.insert(key).inserted else { continue }
                let r = real(n.range)
                let (f, off) = module.locate(r.start)
                perFile[f].append(Diagnostic(rule: n.rule, severity: n.severity, message: n.message,
                                             range: ByteRange(off, off + r.length)))
            }
            let base = module.files[file].base
            let siteRange = real(site.range)
            guard var lr = outcome.lint else {
                files[file].unread.append((site.name, ByteRange(siteRange.start - base, siteRange.end - base),
                                           read.notes.last?.message ?? "layoutlint could not read it"))
                continue
            }
            lr.unknownEnvironments = unknown
            var own: [Diagnostic] = []
            for d in lr.diagnostics {
                let (f, local) = localized(d, module, real)
                perFile[f].append(local)
                if f == file { own.append(local) }
            }
            lr.diagnostics = own
            var layout = SwiftLayoutResult(name: site.name, path: module.files[file].path,
                                           range: ByteRange(siteRange.start - base, siteRange.end - base), result: lr)
            layout.documents = read.documents ?? []
            layout.environments = lr.layouts.map(\.environment)
            let locate = { (offset: Int) -> (path: String, line: Int) in
                let (f, off) = module.locate(real(ByteRange(offset, offset)).start)
                return (module.files[f].path, module.files[f].lineIndex.position(of: off, in: .utf8).line + 1)
            }
            layout.location = locate
            layout.notes = read.notes.map { n in
                let r = real(n.range)
                let (f, off) = module.locate(r.start)
                return SwiftNote(rule: n.rule, severity: n.severity, message: n.message, path: module.files[f].path,
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
            attachSwiftFixes(&ds, file: file, sections: sections, virtual: { r in
                let m = ByteRange(r.start + base, r.end + base)
                return module.regions?.virtual(m) ?? m
            }, real: { r in
                let x = real(r)
                return ByteRange(x.start - base, x.end - base)
            })
            let finished = finishDiagnostics(ds, comments: file.comments, source: suppressionText(file), lineIndex: file.lineIndex, options: options)
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
                p.defaultValue != nil || canonicalTypeName(withoutAny(module.text(of: p.type, file: f.file))).contains("NSCollectionLayoutEnvironment")
            }
        }
    }

    /// The deepest `[` nesting a Swift file may have (a layout nests arrays two or three deep).
    public static let maxBracketNesting = 12

    /// Where `[` first nests past `maxBracketNesting` (outside strings and comments), if it does.
    static func bracketNestingPastLimit(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { bracketNestingPastLimit($0) }
    }

    /// Whether changing `bytes[range]` can change what `bracketNestingPastLimit` finds: the bytes or a neighbour
    /// is one its scan looks at (a bracket, or a byte that starts or ends a comment or a string). Any other byte
    /// typed or deleted leaves the scan as it was.
    static func mayChangeBracketNesting(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        let lo = max(0, range.lowerBound - 1), hi = min(bytes.count, range.upperBound + 1)
        return bytes[lo..<hi].contains { c in
            c == UInt8(ascii: "[") || c == UInt8(ascii: "]") || c == UInt8(ascii: "/") || c == UInt8(ascii: "*")
                || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c == 0x0A
        }
    }

    /// (Over the buffer: this runs on every edit in the editor.)
    private static func bracketNestingPastLimit(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
        var depth = 0, i = 0
        let n = b.count
        guard let base = b.baseAddress else { return nil }
        let slash = SIMD16<UInt8>(repeating: UInt8(ascii: "/")), quote = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
        let open = SIMD16<UInt8>(repeating: UInt8(ascii: "[")), close = SIMD16<UInt8>(repeating: UInt8(ascii: "]"))
        while i < n {
            // Sixteen bytes of which none starts a comment or a string or is a bracket change nothing: skipped at once.
            if i + 16 <= n {
                let v = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
                if !any((v .== slash) .| (v .== quote) .| (v .== open) .| (v .== close)) {
                    i += 16
                    continue
                }
            }
            let c = b[i]
            if c == UInt8(ascii: "/"), i + 1 < n, b[i + 1] == UInt8(ascii: "/") {
                guard let eol = memchr(base + i, 0x0A, n - i) else { return nil }
                i = base.distance(to: eol.assumingMemoryBound(to: UInt8.self))
                continue
            }
            if c == UInt8(ascii: "/"), i + 1 < n, b[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < n, !(b[i] == UInt8(ascii: "*") && b[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i += 2
                continue
            }
            if c == UInt8(ascii: "\"") {
                i += 1
                while i < n, b[i] != UInt8(ascii: "\""), b[i] != 0x0A { i += b[i] == UInt8(ascii: "\\") ? 2 : 1 }
                i += 1
                continue
            }
            if c == UInt8(ascii: "[") {
                depth += 1
                if depth > maxBracketNesting { return i }
            } else if c == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
            }
            i += 1
        }
        return nil
    }

    /// A diagnostic in module offsets → the file it is in and its offsets there (related locations in other files
    /// are dropped: a report shows one file).
    static func localized(_ d: Diagnostic, _ module: SwiftModule, _ real: (ByteRange) -> ByteRange) -> (Int, Diagnostic) {
        let range = real(d.range)
        let (f, off) = module.locate(range.start)
        let base = module.files[f].base
        var out = d
        out.range = ByteRange(off, off + range.length)
        out.related = d.related.compactMap { r in
            let rr = real(r.range)
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

    struct Read {
        var documents: [LayoutDocument]?
        var notes: [EvalNote] = []
        var reached: Set<Int> = []
        /// The names looked up where the module declared none (`SwiftModule.include` may add a file that does).
        var missing: Set<MissingName> = []
        /// The environments `documents` are read in, where the layout could not be read in some (nil: all).
        var environments: [LayoutEnvironment]?
    }

    /// Evaluates one layout in each environment (once, when nothing it reads depends on the environment). Where it
    /// cannot be read in some environments (a branch for wide screens that needs a value of the running app), it is
    /// checked in the others, and a note says in which it is not.
    static func readLayout(_ site: LayoutSite, module: SwiftModule, environments: [LayoutEnvironment], options: LintOptions) -> Read {
        var out = Read()
        var documents: [LayoutDocument] = []
        var read: [LayoutEnvironment] = []
        var skipped: [(env: LayoutEnvironment, ev: Evaluator, stop: EvalStop)] = []
        for env in environments {
            let ev = Evaluator(module: module, environment: env)
            do {
                let layout = try evaluateSite(site, ev)
                documents.append(try ev.document(for: layout, name: site.name))
                read.append(env)
            } catch let stop as EvalStop {
                out.reached.formUnion(ev.reached)
                out.missing.formUnion(ev.missing)
                // (A limit, or a stop in every environment tried so far and no sign that others differ: the layout.)
                if stop.kind == .limit || !ev.readsEnvironment {
                    return notRead(site, stop, ev, out)
                }
                skipped.append((env, ev, stop))
                continue
            } catch {
                out.documents = nil
                return out
            }
            out.notes += ev.notes
            out.reached.formUnion(ev.reached)
            out.missing.formUnion(ev.missing)
            if !ev.readsEnvironment { break }
        }
        guard !documents.isEmpty else {
            guard let first = skipped.first else { return out }
            return notRead(site, first.stop, first.ev, out)
        }
        // (One note per place and reason, naming each environment it holds in.)
        var places: [(stop: EvalStop, envs: [String])] = []
        for s in skipped {
            if let i = places.firstIndex(where: { $0.stop.range == s.stop.range && $0.stop.message == s.stop.message }) {
                places[i].envs.append(s.env.name)
            } else {
                places.append((s.stop, [s.env.name]))
            }
        }
        for p in places {
            out.notes.append(EvalNote(rule: .swiftUnresolved, severity: .information,
                                      message: p.stop.message + "; layoutlint does not check \(site.name) in \(p.envs.joined(separator: ", ")) (it checks the other environments)",
                                      range: p.stop.range))
        }
        out.documents = documents
        if !skipped.isEmpty { out.environments = read }
        return out
    }

    /// A layout not read: the stop as a note at its place (with the notes made before it).
    private static func notRead(_ site: LayoutSite, _ stop: EvalStop, _ ev: Evaluator, _ partial: Read) -> Read {
        var out = partial
        ev.note(stop.kind == .limit ? .swiftLimit : .swiftUnresolved, stop.kind == .limit ? .warning : .information,
                stop.kind == .limit ? stop.message : stop.message + "; layoutlint does not check \(site.name)", stop.range)
        out.notes += ev.notes
        out.documents = nil
        return out
    }

    /// Runs the code that builds the layout at `site` and returns the layout object it made.
    static func evaluateSite(_ site: LayoutSite, _ ev: Evaluator) throws -> Obj {
        switch site.kind {
        case .construction(let call):
            var firstStop: EvalStop?
            if let context = site.context {
                do { try runContext(context, file: site.file, ev) } catch let s as EvalStop { firstStop = s }
            }
            if let made = ev.constructed[site.range.start] { return made }
            // Not reached by running its function (a branch not taken, a closure not called): the construction in
            // the scope the code before it gives it. (Where that run stopped, the construction alone: the stop is
            // what is reported when it cannot be read.)
            do {
                let owner = contextOwner(site.context, ev.module)
                let saved = ev.selfType
                if let owner { ev.selfType = owner }
                defer { ev.selfType = saved }
                let scope = firstStop == nil ? try ev.scope(before: Syntax(call), in: site.context, file: site.file) : Scope(parent: nil)
                guard case .object(let o) = try ev.eval(ExprSyntax(call), scope, site.file), o.kind == .layout else {
                    throw firstStop ?? EvalStop(kind: .unsupported, message: "layoutlint could not read this layout", range: site.range)
                }
                return o
            } catch let s as EvalStop { throw firstStop ?? s }
        case .returnsSection(let f, let p), .returnsGroup(let f, let p):
            var v: Value
            if let f {
                v = try ev.callFunction(FunctionRef(decl: f.decl, file: f.file), owner: f.owner, args: [], callRange: site.range)
            } else if let p, let name = p.binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                v = try ev.readProperty(name, owner: p.owner, site.range) ?? .none
            } else { v = .none }
            if case .unknown(let u) = v { try ev.stopUnknown(u, site.name) }
            guard case .object(var o) = v else {
                throw EvalStop(kind: .unsupported, message: "\(site.name) does not return a section or a group that layoutlint can read", range: site.range)
            }
            if o.kind == .group {
                let s = Obj(.section, range: o.range)
                s[.group] = .object(o)
                o = s
            }
            guard o.kind == .section else {
                throw EvalStop(kind: .unsupported, message: "\(site.name) does not return a section or a group", range: site.range)
            }
            let layout = Obj(.layout, range: site.range)
            layout[.section] = .object(o)
            return layout
        }
    }

    /// The type a function or property that holds a construction is a member of.
    static func contextOwner(_ context: Syntax?, _ module: SwiftModule) -> String? {
        if let f = context?.as(FunctionDeclSyntax.self) { return module.functions[f.name.text]?.first { $0.decl.id == f.id }?.owner }
        if let b = context?.as(PatternBindingSyntax.self), let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            return module.properties[name]?.first { $0.binding.id == b.id }?.owner
        }
        return nil
    }

    /// Runs the declaration whose code holds a construction: a function (its parameters as a caller would pass
    /// them where that is known), a property's getter or initializer, an initializer, or a file's top-level code.
    static func runContext(_ context: Syntax, file: Int, _ ev: Evaluator) throws {
        if let f = context.as(FunctionDeclSyntax.self) {
            _ = try ev.callFunction(FunctionRef(decl: f, file: file), owner: contextOwner(context, ev.module), args: [], callRange: ev.r(f, file))
        } else if let b = context.as(PatternBindingSyntax.self), let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            _ = try ev.readProperty(name, owner: contextOwner(context, ev.module), ev.r(b, file))
        } else if let i = context.as(InitializerDeclSyntax.self), let body = i.body {
            // (Its parameters as a function's read as a layout of its own: defaults, else unknown.)
            let scope = try ev.bindParameters(i.signature.parameterClause, args: [], file: file)
            _ = try ev.runBody(body.statements, scope: scope, file: file, owner: nil, name: "init", type: nil)
        } else if let s = context.as(SourceFileSyntax.self) {
            _ = try ev.exec(s.statements, Scope(parent: nil), file)
        }
    }
}

/// Runs `body` on a thread with a large stack: swift-syntax's tree and the evaluator recurse as deep as the code
/// nests (bounded), which the 512 KB of a dispatch worker thread does not always hold. (The language server runs
/// on one: a document reader then updates on the server's own thread, with no thread to wake per edit.)
public func onLargeStack<T>(_ body: @escaping () -> T) -> T {
    let box = StackBox(body)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        markLargeStack()
        box.value = box.body()
        done.signal()
    }
    thread.stackSize = 64 << 20
    thread.start()
    done.wait()
    return box.value!
}

private let largeStackKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

private func markLargeStack() { pthread_setspecific(largeStackKey, UnsafeRawPointer(bitPattern: 1)) }

/// Whether this thread has `onLargeStack`'s stack (`onLargeStack`'s or a `LargeStackWorker`'s).
var isLargeStackThread: Bool { pthread_getspecific(largeStackKey) != nil }

/// A thread with `onLargeStack`'s stack that runs one job at a time for its owner (a document reader: starting a
/// thread for each edit cost more than an edit that reads no layout again). It ends when its owner lets it go.
final class LargeStackWorker: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private var job: (() -> Void)?
    private var stopping = false
    private var started = false

    func run(_ body: @escaping () -> Void) {
        start(body)
        wait()
    }

    /// Starts `body` on the thread and returns at once; `wait` waits for it to end.
    func start(_ body: @escaping () -> Void) {
        if !started {
            started = true
            let thread = Thread { [self] in
                markLargeStack()
                while true {
                    ready.wait()
                    if stopping { return }
                    job?()
                    job = nil
                    done.signal()
                }
            }
            thread.stackSize = 64 << 20
            thread.start()
        }
        job = body
        ready.signal()
    }

    func wait() { done.wait() }

    /// Ends the thread (it holds no reference to its owner).
    func stop() {
        guard started else { return }
        stopping = true
        ready.signal()
    }
}

/// Threads with `onLargeStack`'s stack that read layouts beside a document reader's own thread when an edit reads
/// several again (a helper that several layouts call): one fewer than the processors (at most 7), started on first
/// use, shared by every reader and used by one at a time (another waits for it).
final class ReadingPool: @unchecked Sendable {
    static let shared = ReadingPool(helpers: max(0, min(ProcessInfo.processInfo.activeProcessorCount, 8) - 1))
    private let workers: [LargeStackWorker]
    private let busy = NSLock()

    init(helpers: Int) { workers = (0..<helpers).map { _ in LargeStackWorker() } }

    /// Calls `lane` on this thread and on up to `count - 1` helpers at once; each lane takes the indexes below `count`
    /// it works on from `next` (nil: none left), so a lane that finishes early takes more. Returns the lanes run: 0,
    /// having called nothing, when there is no helper (the caller reads on its own).
    func perform(_ count: Int, _ lane: @escaping @Sendable (_ next: () -> Int?) -> Void) -> Int {
        guard count > 1, !workers.isEmpty else { return 0 }
        busy.lock()
        defer { busy.unlock() }
        let indexes = Indexes(count)
        let helpers = workers.prefix(count - 1)
        for w in helpers { w.start { lane(indexes.next) } }
        lane(indexes.next)
        for w in helpers { w.wait() }
        return helpers.count + 1
    }

    private final class Indexes: @unchecked Sendable {
        private let lock = NSLock()
        private var given = 0
        private let count: Int
        init(_ count: Int) { self.count = count }
        func next() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard given < count else { return nil }
            given += 1
            return given - 1
        }
    }
}

private final class StackBox<T>: @unchecked Sendable {
    let body: () -> T
    var value: T?
    init(_ body: @escaping () -> T) { self.body = body }
}

extension SwiftFileResult {
    /// How many of the layouts built here were checked: fully, partly (with values assumed, as their notes say),
    /// or not at all (`unread`, each named by a note).
    public var coverage: LayoutCoverage {
        var c = LayoutCoverage()
        for l in layouts {
            let assumed = l.assumptions.count
            if assumed > 0 {
                c.partly += 1
                c.assumed += assumed
            } else {
                c.checked += 1
            }
        }
        c.notChecked = unread.count
        return c
    }
}
