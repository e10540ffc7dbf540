// The seam between front ends and the engine. The spec document parser (`lint(bytes:)`) and the Swift reader
// (the LayoutLintSwift module) both produce `LayoutDocument`s; from here on nothing asks which front end a layout
// came from: the same resolver, rules, suppressions, severities and limits apply.

/// The environments a layout that declares none is resolved in: the options' names (`--environment`), list, or
/// default list, else `LayoutEnvironment.default`; `unknown` lists the names that are neither declared nor presets.
public func environmentsToResolve(declared: [EnvironmentEntry] = [], options: LintOptions)
    -> (environments: [LayoutEnvironment], unknown: [String]) {
    selectEnvironments(declared: declared, declaredInDocument: !declared.isEmpty, options: options)
}

/// What a section provider's `NSCollectionLayoutEnvironment` reports in `env` under `configuration`:
/// `container.contentSize` and `container.effectiveContentSize` (the content size less the configuration's
/// reference insets across the scrolling axis — docs/semantics.md, "The section provider's container").
public func containerSizes(in env: LayoutEnvironment, configuration: LayoutConfiguration)
    -> (contentWidth: Double, contentHeight: Double, effectiveWidth: Double, effectiveHeight: Double) {
    let r = referenceInsets(configuration.contentInsetsReference, env: env)
    let vertical = configuration.scrollDirection == .vertical
    return (env.width, env.height,
            vertical ? env.width - r.left - r.right : env.width,
            vertical ? env.height : env.height - r.top - r.bottom)
}

/// Resolves and checks layouts another front end built: `documents[i]` in `environments[i]` (a front end whose
/// model reads the environment builds one document per environment; one document stands for all when it is the
/// only one). `diagnostics` are the front end's own (what it could not read); `comments` carry the suppression
/// comments (`layoutlint-disable-next-line RULE`) with their ranges in `source`. The rules' fixes edit spec
/// document text, so they are dropped unless `keepFixes`: a front end attaches fixes in its own language.
public func lintModels(_ documents: [LayoutDocument], environments: [LayoutEnvironment], source: [UInt8],
                       lineIndex: LineIndex, comments: [Comment], diagnostics frontEnd: [Diagnostic],
                       options: LintOptions, keepFixes: Bool = false) -> LintResult {
    precondition(documents.count == 1 || documents.count == environments.count, "one document, or one per environment")
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
    var diagnostics = frontEnd + mergeFindings(perEnvironment, environments: environments.map(\.name))
    if let first = documents.first { diagnostics += documentRules(document: first, layouts: layouts, source: text) }
    if layouts.contains(where: \.truncated) {
        diagnostics.append(Diagnostic(rule: "invalid-value", severity: .error,
                                      message: limits.exhaustedMessage(environments: environments.count),
                                      range: documents.first?.sections.first?.range ?? ByteRange(0, 0)))
    }
    if !keepFixes { for i in diagnostics.indices where diagnostics[i].rule != "syntax" { diagnostics[i].fix = nil } }
    diagnostics = applySuppressions(diagnostics, comments: comments, source: source, index: lineIndex,
                                    allEnvironments: !options.narrowsEnvironments)
    diagnostics = applySeverities(diagnostics, options.severities)
    sortDiagnostics(&diagnostics)
    let omitted = limitDiagnostics(&diagnostics, limit: options.maxDiagnostics)
    timings.lintMicros = nowMicros() - t0
    var result = LintResult(parse: ParseResult(root: nil, errors: [], comments: comments), document: documents.first ?? LayoutDocument(),
                            layouts: layouts, diagnostics: diagnostics, lineIndex: lineIndex)
    result.omitted = omitted
    result.timings = timings
    result.sectionsResolved = layouts.reduce(0) { $0 + $1.sections.count }
    return result
}
