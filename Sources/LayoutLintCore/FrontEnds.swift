// The seam between front ends and the engine. The spec document parser (`lint(bytes:)`) and the Swift reader
// (the LayoutLintSwift module) both produce `LayoutDocument`s; from here on nothing asks which front end a layout
// came from: the same resolver, rules, suppressions, severities and limits apply.

/// The environments a layout that declares none is resolved in: the options' names (`--environment`), list, or
/// default list, else `LayoutEnvironment.default`; `unknown` lists the names that are neither declared nor presets.
public func environmentsToResolve(declared: [EnvironmentEntry] = [], options: LintOptions)
    -> (environments: [LayoutEnvironment], unknown: [String])
{
    selectEnvironments(declared: declared, declaredInDocument: !declared.isEmpty, options: options)
}

/// What a section provider's `NSCollectionLayoutEnvironment` reports in `env` under `configuration`:
/// `container.contentSize` and `container.effectiveContentSize` (the content size less the configuration's
/// reference insets across the scrolling axis — docs/semantics.md, "The section provider's container").
public func containerSizes(in env: LayoutEnvironment, configuration: LayoutConfiguration)
    -> (contentWidth: Double, contentHeight: Double, effectiveWidth: Double, effectiveHeight: Double)
{
    let r = referenceInsets(configuration.contentInsetsReference, env: env)
    let vertical = configuration.scrollDirection == .vertical
    return (
        env.width, env.height,
        vertical ? env.width - r.left - r.right : env.width,
        vertical ? env.height : env.height - r.top - r.bottom
    )
}

/// Resolves and checks layouts another front end built: `documents[i]` in `environments[i]` (a front end whose
/// model reads the environment builds one document per environment; one document stands for all when it is the
/// only one). The result's diagnostics are the rules' findings, merged across environments but not yet suppressed,
/// weighed or sorted: a front end that reads several layouts from one file gathers them all and then calls
/// `finishDiagnostics` once, so that a suppression comment is judged against everything in the file. The rules'
/// fixes edit spec document text, so they are dropped unless `keepFixes`: a front end attaches fixes in its own
/// language.
public func lintModels(
    _ documents: [LayoutDocument], environments: [LayoutEnvironment], source: [UInt8],
    lineIndex: LineIndex, options: LintOptions, keepFixes: Bool = false
) -> LintResult {
    precondition(
        !documents.isEmpty && (documents.count == 1 || documents.count == environments.count),
        "one document, or one per environment")
    var timings = PhaseTimings()
    var t0 = nowMicros()
    let limits = options.resolveLimits.perEnvironment(of: environments.count)
    let layouts = environments.indices.map { i in
        resolveLayout(documents[documents.count == 1 ? 0 : i], environment: environments[i], limits: limits)
    }
    timings.resolveMicros = nowMicros() - t0
    t0 = nowMicros()
    let text = SourceText(bytes: source)
    let perEnvironment = layouts.indices.map { i in
        collectFindings(document: documents[documents.count == 1 ? 0 : i], layout: layouts[i], source: text)
    }
    var diagnostics = mergeFindings(perEnvironment, environments: environments.map(\.name), buildFixes: keepFixes)
    diagnostics += documentRules(
        document: documents[0], layouts: layouts, source: keepFixes ? text : SourceText(bytes: []))
    if layouts.contains(where: \.truncated) {
        diagnostics.append(
            Diagnostic(
                rule: .invalidValue, severity: .error,
                message: limits.exhaustedMessage(environments: environments.count),
                range: documents[0].sections.first?.range ?? ByteRange(0, 0)))
    }
    if !keepFixes { for i in diagnostics.indices { diagnostics[i].fix = nil } }
    timings.lintMicros = nowMicros() - t0
    var result = LintResult(
        parse: ParseResult(root: nil, errors: [], comments: []), document: documents[0],
        layouts: layouts, diagnostics: diagnostics, lineIndex: lineIndex)
    result.timings = timings
    result.sectionsResolved = layouts.reduce(0) { $0 + $1.sections.count }
    return result
}

/// The last steps every front end's diagnostics go through, as `lint(bytes:)` takes them: suppression comments
/// (with their ranges in `source`), the configuration's severities, the report order, and the per-document limit.
public func finishDiagnostics(
    _ diagnostics: [Diagnostic], comments: [Comment], source: [UInt8], lineIndex: LineIndex,
    options: LintOptions
) -> (diagnostics: [Diagnostic], omitted: OmittedDiagnostics) {
    var ds = applySuppressions(
        diagnostics, comments: comments, source: source, index: lineIndex,
        allEnvironments: !options.narrowsEnvironments)
    ds = applySeverities(ds, options.severities)
    sortDiagnostics(&ds)
    let omitted = limitDiagnostics(&ds, limit: options.maxDiagnostics)
    return (ds, omitted)
}
