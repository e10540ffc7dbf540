// The pipeline: bytes → syntax tree → document model → resolved layouts (one per environment) → diagnostics.

public struct LintOptions: Sendable {
    /// Replaces the document's environment list (CLI `--environment`, or the config's default when the document names none).
    public var environments: [LayoutEnvironment]?
    /// Environment names (CLI `--environment`): the document's own environment of that name, else a preset.
    public var environmentNames: [String]?
    /// Only used when the document declares no environments.
    public var defaultEnvironments: [LayoutEnvironment]?
    /// Severity per rule id; nil turns the rule off.
    public var severities: [String: Severity?] = [:]
    public var modelLimits = ModelLimits()
    public var resolveLimits = ResolveLimits()
    /// Documents larger than this are not parsed (a diagnostic says so).
    public var maxDocumentBytes = 64 * 1024 * 1024
    /// Diagnostics reported per document: the first ones in report order; one more (`too-many-problems`) counts the
    /// rest (`limitDiagnostics`). A document of garbage has about one per token: kept, 3.6 M of them took 1.4 GB.
    public var maxDiagnostics = 10_000
    /// The run looks at only some environments (`--environment`), not those the document (or its config) names.
    var narrowsEnvironments: Bool { environments != nil || environmentNames != nil }
    /// `maxDiagnostics`, at least 1 (the limit every phase keeps to).
    var diagnosticLimit: Int { max(1, maxDiagnostics) }
    public init() {}
}

public struct LintResult: @unchecked Sendable {
    public var parse: ParseResult
    public var document: LayoutDocument
    public var layouts: [ResolvedLayout]
    public var diagnostics: [Diagnostic]
    /// The diagnostics past `LintOptions.maxDiagnostics`, counted (the list ends with a `too-many-problems` then).
    public var omitted = OmittedDiagnostics()
    public var lineIndex: LineIndex
    /// Names in `environmentNames` that are neither declared in the document nor presets.
    public var unknownEnvironments: [String] = []
    /// Time spent in each phase, in microseconds.
    public var timings = PhaseTimings()
    /// Sections resolved (per environment, summed).
    public var sectionsResolved = 0

    /// Every syntax error of the document, listed or past the limit.
    public var syntaxErrorCount: Int {
        diagnostics.reduce(0) { $0 + ($1.ruleID == .syntax ? 1 : 0) } + omitted.syntaxErrors
    }

    /// The document's diagnostics by severity, listed or past the limit (what exit codes and summaries count).
    public var severityCounts: [Severity: Int] { countBySeverity(diagnostics, omitted) }
}

public struct PhaseTimings: Sendable, Equatable {
    public var parseMicros = 0
    public var buildMicros = 0
    public var resolveMicros = 0
    public var lintMicros = 0
    public init() {}
}

private let clockOrigin = ContinuousClock.now

/// Microseconds on a monotonic clock, since the first use.
public func nowMicros() -> Int {
    let d = ContinuousClock.now - clockOrigin
    return Int(d.components.seconds) * 1_000_000 + Int(d.components.attoseconds / 1_000_000_000_000)
}

public func lint(bytes: [UInt8], options: LintOptions = LintOptions()) -> LintResult {
    lint(bytes: bytes, options: options, rules: true)
}

/// `rules: false` stops after resolving: the tree, model and layouts, with the syntax and model diagnostics only (the
/// incremental linter's full result for queries, which takes its diagnostics from the incremental ones).
/// Whether `lint(bytes:)` refuses to read the text as a document (too large, or a NUL byte: a binary file) and
/// reports only that.
func lintRefuses(_ bytes: [UInt8], _ options: LintOptions) -> Bool {
    bytes.count > options.maxDocumentBytes || bytes.prefix(8192).contains(0)
}

func lint(bytes: [UInt8], options: LintOptions, rules: Bool) -> LintResult {
    if bytes.count > options.maxDocumentBytes {
        let d = Diagnostic(
            rule: .syntax, severity: .error,
            message:
                "the document is larger than \(options.maxDocumentBytes / (1024 * 1024)) MB, the most layoutlint reads",
            range: ByteRange(0, 0))
        return LintResult(
            parse: ParseResult(root: nil, errors: [], comments: []), document: LayoutDocument(), layouts: [],
            diagnostics: [d], lineIndex: LineIndex(bytes))
    }
    if let nul = bytes.prefix(8192).firstIndex(of: 0) {
        let d = Diagnostic(
            rule: .syntax, severity: .error,
            message: "this is a binary file (a NUL byte at offset \(nul)), not a layout document",
            range: ByteRange(nul, nul + 1))
        return LintResult(
            parse: ParseResult(root: nil, errors: [], comments: []), document: LayoutDocument(), layouts: [],
            diagnostics: [d], lineIndex: LineIndex(bytes))
    }
    var timings = PhaseTimings()
    var t0 = nowMicros()
    let index = LineIndex(bytes)
    let parsed = parseJSONC(bytes, maxSyntaxErrors: options.diagnosticLimit)
    timings.parseMicros = nowMicros() - t0
    t0 = nowMicros()
    let text = SourceText(bytes: bytes)
    var diagnostics = syntaxDiagnostics(parsed.errors, root: parsed.root, text: text)
    // Builder diagnostics past the limit are only counted where that is exact (`buildDocument(countPast:)`): where
    // every node is checked once (`$ref` builds a target again; a variant checks the section's keys it inherits
    // again) and nothing is suppressed.
    let countable =
        !(parsed.root?.containsMember(namedAnyOf: ["$ref", "variants"]) ?? false)
        && parseSuppressions(parsed.comments, source: bytes, index: index).isEmpty
    let built = buildDocument(
        parsed, limits: options.modelLimits,
        countPast: countable
            ? BuilderLimit(
                limit: options.diagnosticLimit, severities: options.severities,
                wholeDocument: true) : nil)
    timings.buildMicros = nowMicros() - t0
    diagnostics += built.diagnostics
    let doc = built.document
    let (envs, unknown) = selectEnvironments(
        declared: doc.environments, declaredInDocument: doc.environmentsDeclared, options: options)
    t0 = nowMicros()
    let resolveLimits = options.resolveLimits.perEnvironment(of: envs.count)
    let layouts = envs.map { resolveLayout(doc, environment: $0, limits: resolveLimits) }
    timings.resolveMicros = nowMicros() - t0
    guard rules else {
        var result = LintResult(
            parse: parsed, document: doc, layouts: layouts, diagnostics: diagnostics, lineIndex: index)
        result.unknownEnvironments = unknown
        result.timings = timings
        result.sectionsResolved = layouts.reduce(0) { $0 + $1.sections.count }
        return result
    }
    t0 = nowMicros()
    doc.writtenDefinitionRefs = definitionRefGraph(in: parsed.root)
    diagnostics += runRules(document: doc, layouts: layouts, source: bytes)
    if layouts.contains(where: \.truncated) {
        diagnostics.append(
            Diagnostic(
                rule: .invalidValue, severity: .error,
                message: resolveLimits.exhaustedMessage(environments: envs.count),
                range: ByteRange(0, min(1, bytes.count))))
    }
    if !doc.sharedText.isEmpty {
        markFixesOnSharedTextUnsafe(&diagnostics) { touchesSharedText(doc.sharedText, $0.range.start, $0.range.end) }
    }
    dropFixesThatBreakSyntax(
        &diagnostics, source: bytes, root: parsed.root,
        uncounted: parsed.droppedSyntaxErrors + built.dropped.syntaxErrors)
    diagnostics = applySuppressions(
        diagnostics, comments: parsed.comments, source: bytes, index: index,
        allEnvironments: !options.narrowsEnvironments)
    diagnostics = applySeverities(diagnostics, options.severities)
    sortDiagnostics(&diagnostics)
    var early = built.dropped
    early.count(.error, rule: .syntax, parsed.droppedSyntaxErrors)
    let firstEarly = [parsed.firstDroppedRange, built.firstDropped].compactMap { $0 }.min()
    let omitted = limitDiagnostics(
        &diagnostics, limit: options.maxDiagnostics, counted: early, firstCounted: firstEarly)
    timings.lintMicros = nowMicros() - t0
    var result = LintResult(parse: parsed, document: doc, layouts: layouts, diagnostics: diagnostics, lineIndex: index)
    result.omitted = omitted
    result.unknownEnvironments = unknown
    result.timings = timings
    result.sectionsResolved = layouts.reduce(0) { $0 + $1.sections.count }
    return result
}

/// The environments to resolve in: the document's (the default one when it lists none), replaced by the options'
/// names (a document environment of that name, else a preset; `unknown` lists the others), list, or default list.
func selectEnvironments(declared: [EnvironmentEntry], declaredInDocument: Bool, options: LintOptions)
    -> (environments: [LayoutEnvironment], unknown: [String])
{
    var envs = declared.isEmpty ? [LayoutEnvironment.default] : declared.map(\.environment)
    var unknown: [String] = []
    if let names = options.environmentNames {
        envs = names.compactMap { name in
            if let e = declared.first(where: { $0.environment.name == name }) { return e.environment }
            if let p = LayoutEnvironment.preset(named: name) { return p }
            unknown.append(name)
            return nil
        }
    } else if let o = options.environments {
        envs = o
    } else if !declaredInDocument, let d = options.defaultEnvironments, !d.isEmpty {
        envs = d
    }
    return (envs, unknown)
}

/// Parse errors as diagnostics; a duplicate key gets the fix that removes the first one.
func syntaxDiagnostics(_ errors: [SyntaxError], root: JSONNode?, text: SourceText) -> [Diagnostic] {
    errors.map { e in
        var d = Diagnostic(
            rule: e.code.rule, severity: e.code == .syntax ? .error : .warning, message: e.message, range: e.range,
            related: e.related.map { [RelatedLocation(range: $0, message: "first defined here")] } ?? [])
        // The last of two equal keys wins in every JSON reader: removing the first changes nothing but the text.
        if let at = e.commaAt {
            // A quick fix, not `--fix`: the document is being edited, and the comma is the likely repair, not the sure one.
            d.fix = Fix(
                title: "Insert the missing ','", edits: [TextEdit(range: ByteRange(at, at), newText: ",")],
                isSafe: false)
        }
        if e.code == .duplicateKey, let first = e.related, let root, let site = propertySite(keyRange: first, in: root)
        {
            d.message += "; only the last one counts"
            d.fix = Fix(title: "Remove the first \(site.key)", edits: [text.removeProperty(site)])
        }
        return d
    }
}

func applySeverities(_ ds: [Diagnostic], _ overrides: [String: Severity?]) -> [Diagnostic] {
    guard !overrides.isEmpty else { return ds }
    return ds.compactMap { d in
        guard let s = severity(of: d.ruleID, d.severity, after: overrides) else { return nil }
        var d = d
        d.severity = s
        return d
    }
}

/// The severity a diagnostic of `rule` gets from the configuration's `overrides`; nil: the rule is turned off.
/// `syntax` keeps its error: a document that does not parse is never silenced or downgraded (the config warns about
/// such a setting; suppression comments skip it too).
func severity(of rule: RuleID, _ severity: Severity, after overrides: [String: Severity?]) -> Severity? {
    guard rule != .syntax, let o = overrides[rule.rawValue] else { return severity }
    return o
}

/// The property whose key is at `keyRange` (searching only the containers that enclose it).
func propertySite(keyRange: ByteRange, in root: JSONNode) -> PropertySite? {
    guard let (object, i, _) = root.item(startingAt: keyRange.start), let i, object.properties[i].keyRange == keyRange
    else {
        return nil
    }
    let p = object.properties[i]
    return PropertySite(
        key: p.key, keyRange: p.keyRange, valueRange: p.value?.range ?? p.keyRange, objectRange: object.range,
        parentPath: "")
}

/// Fixes are computed from the error-recovered tree: in a document that already has syntax errors an edit can land
/// badly. There, each fix is kept only if applying it alone adds no syntax error (a count of the edited text's syntax
/// errors each, resumed from the checkpoint before the edit: `SyntaxErrorCounter`; at most `limit` fixes, the first
/// in the order of the report, fewer in large documents so that the checks read at most ~4 MB even where no count
/// can stop early; the rest are dropped: the syntax comes first).
func dropFixesThatBreakSyntax(
    _ diagnostics: inout [Diagnostic], source: [UInt8], root: JSONNode? = nil, limit: Int = 100,
    uncounted: Int = 0, keeps: ((Fix, Int, SyntaxErrorCounter) -> Bool)? = nil
) {
    // (`uncounted`: the syntax errors the parser counted without keeping them.)
    let syntaxErrors = diagnostics.filter { $0.ruleID == .syntax }.count + uncounted
    guard syntaxErrors > 0 else { return }
    let budget = max(1, min(limit, (4 << 20) / max(source.count, 1)))
    var checked = 0
    // In the order they are reported, so that which fixes the budget reaches does not depend on the order the
    // diagnostics were found in (`lint(bytes:)` and the incremental linter find them in different orders).
    let withFixes = diagnostics.indices.filter { diagnostics[$0].fix != nil }
        .sorted { diagnosticPrecedes(diagnostics[$0], diagnostics[$1]) }
    let counter = SyntaxErrorCounter(source)
    for i in withFixes {
        guard let fix = diagnostics[i].fix else { continue }
        checked += 1
        if checked > budget
            || !(keeps?(fix, syntaxErrors, counter)
                ?? fixKeepsSyntax(fix, source: source, syntaxErrors: syntaxErrors, root: root, counter: counter))
        {
            diagnostics[i].fix = nil
        }
    }
}
