// Runs the size rules over every environment's resolved layout and merges what they find: one diagnostic per cause,
// listing the environments it holds in; then the rules over the whole document.

/// One rule's finding in one environment.
struct Finding {
    var rule: RuleID
    var range: ByteRange
    var message: String
    var related: [RelatedLocation] = []
    /// Built only for the finding that becomes the diagnostic (the same cause repeats in every environment).
    var fix: () -> Fix?
    /// Overrides the rule's default (e.g. an estimated axis turns an error into a warning:
    /// docs/semantics.md#estimated-sizes).
    var severity: Severity?
}

struct RuleContext {
    let document: LayoutDocument
    let layout: ResolvedLayout
    let source: SourceText
    /// Every resolved section that has a group, computed once for all rules.
    let sections: [(ResolvedSection, SectionSpec, ResolvedNode)]
    /// Every node of those sections' trees, depth first: the rules iterate this instead of walking each tree.
    let nodes: [ResolvedNode]
    /// The sections whose frames were not computed because a size in them depends on a value only the running app
    /// knows (docs/semantics.md#unknown-values). A rule whose inputs are all declared values (kinds, estimates,
    /// insets, spacing, scrolling behaviour) judges them from the model too; one that needs a frame does not.
    let partialSections: [PartialSection]
    /// Every element of the partial sections, each once, depth first, with the axis `subitem` + `count` replaces
    /// (as `ResolvedNode.replacedAxis`).
    let partialElements: [ModelElement]
    var env: LayoutEnvironment { layout.environment }
    var findings: [Finding] = []

    init(document: LayoutDocument, layout: ResolvedLayout, source: SourceText) {
        self.document = document
        self.layout = layout
        self.source = source
        let sections: [(ResolvedSection, SectionSpec, ResolvedNode)] = layout.sections.compactMap { s in
            guard let spec = s.spec, let g = s.group else { return nil }
            return (s, spec, g)
        }
        self.sections = sections
        var nodes: [ResolvedNode] = []
        for (_, _, root) in sections { root.walk { nodes.append($0) } }
        self.nodes = nodes
        partialSections = layout.sections.compactMap { s in
            guard s.unknownInput != nil, let spec = s.spec, let root = spec.group else { return nil }
            return PartialSection(section: s, spec: spec, root: root)
        }
        partialElements = partialSections.flatMap(\.elements)
    }

    /// The keys in force of every section the declared-value rules judge: the resolved and the partial ones.
    var specs: [SectionSpec] { sections.map(\.1) + partialSections.map(\.spec) }

    /// What was emitted: `mergeFindings` keeps one finding per cause and environment (the first of the most
    /// severe), so a repeat is dropped here, before its message is built. (A group placed 250 000 times with 100
    /// listed subitems made 25 M findings of one cause: 4 GB for a 4 KB document.)
    private struct EmitKey: Hashable { let rule: RuleID; let range: ByteRange; let severity: Severity? }
    private var emitted = Set<EmitKey>()

    /// Elements a per-element rule has looked at: a rule that reads only the element and its listed subitems
    /// judges each element once, at its first placement (the one whose finding `mergeFindings` keeps), not once per
    /// placement times its list.
    private struct VisitKey: Hashable { let rule: RuleID; let element: ObjectIdentifier }
    private var visited = Set<VisitKey>()
    mutating func firstVisit(_ rule: RuleID, _ element: LayoutElement) -> Bool {
        visited.insert(VisitKey(rule: rule, element: ObjectIdentifier(element))).inserted
    }

    mutating func emit(
        _ rule: RuleID, _ range: ByteRange, _ message: @autoclosure () -> String,
        related: @autoclosure () -> [RelatedLocation] = [],
        fix: @autoclosure @escaping () -> Fix? = nil, severity: Severity? = nil
    ) {
        guard emitted.insert(EmitKey(rule: rule, range: range, severity: severity)).inserted else { return }
        findings.append(
            Finding(rule: rule, range: range, message: message(), related: related(), fix: fix, severity: severity))
    }
}

/// A section the resolver left unresolved for a value only the running app knows, with its declared group.
struct PartialSection {
    let section: ResolvedSection
    let spec: SectionSpec
    let root: LayoutElement
    /// Its elements, each once, depth first (collected once, for all rules).
    let elements: [ModelElement]

    init(section: ResolvedSection, spec: SectionSpec, root: LayoutElement) {
        self.section = section
        self.spec = spec
        self.root = root
        var out: [ModelElement] = []
        var seen = Set<ObjectIdentifier>()
        func visit(_ el: LayoutElement, _ replaced: Axis?) {
            guard seen.insert(ObjectIdentifier(el)).inserted else { return }
            out.append(ModelElement(element: el, replacedAxis: replaced))
            guard let g = el.group else { return }
            switch g.layout {
            case .subitems(let kids): for k in kids { visit(k, nil) }
            case .count(let k, _): visit(k, g.axis)
            case .repeating(let k, _): visit(k, nil)
            case .frames, .missing: break
            }
        }
        visit(root, nil)
        elements = out
    }
}

/// An element as the model declares it, for the rules that judge declared values (`RuleContext.partialSections`).
struct ModelElement {
    let element: LayoutElement
    /// The axis along which `subitem` + `count` replaces its declared dimension.
    let replacedAxis: Axis?
}

typealias RuleCheck = @Sendable (inout RuleContext) -> Void

func runRules(document: LayoutDocument, layouts: [ResolvedLayout], source: [UInt8]) -> [Diagnostic] {
    let text = SourceText(bytes: source)
    let perEnvironment = layouts.map { collectFindings(document: document, layout: $0, source: text) }
    return mergeFindings(perEnvironment, environments: layouts.map(\.environment.name))
        + documentRules(document: document, layouts: layouts, source: text)
}

/// Every size rule's findings in one environment, in the order the rules emit them.
func collectFindings(document: LayoutDocument, layout: ResolvedLayout, source: SourceText) -> [Finding] {
    var ctx = RuleContext(document: document, layout: layout, source: source)
    for check in RuleRegistry.sizeChecks { check(&ctx) }
    return ctx.findings
}

/// One diagnostic per cause (rule and range): the most severe finding of each environment (the first of those), the
/// environments listed, and the most severe of their severities (a finding without one has its rule's).
/// The incremental linter calls this with findings gathered section by section (the first finding of a cause in an
/// environment is the same either way: the rules visit sections in order).
func mergeFindings(_ perEnvironment: [[Finding]], environments: [String], buildFixes: Bool = true) -> [Diagnostic] {
    struct Key: Hashable { let rule: RuleID; let range: ByteRange }
    var order: [Key] = []
    var merged: [Key: (findings: [Finding], envs: [String])] = [:]
    func severity(_ f: Finding) -> Severity { f.severity ?? RuleCatalog.info(f.rule).severity }
    for (findings, env) in zip(perEnvironment, environments) {
        // One finding per cause and environment: the most severe (an element `$ref`'d from two sections can be an
        // error in one and a warning in the other).
        var seen: [Key: Int] = [:]
        for f in findings {
            let k = Key(rule: f.rule, range: f.range)
            if let at = seen[k] {
                if severity(f) > severity(merged[k]!.findings[at]) { merged[k]!.findings[at] = f }
                continue
            }
            if merged[k] == nil { order.append(k); merged[k] = ([], []) }
            seen[k] = merged[k]!.findings.count
            merged[k]!.findings.append(f)
            merged[k]!.envs.append(env)
        }
    }
    var out: [Diagnostic] = []
    out.reserveCapacity(order.count)
    for k in order {
        let (fs, envs) = merged[k]!
        let first = fs[0]
        // The same words everywhere: one message; different numbers: each environment's own.
        var distinct: [(String, [String])] = []
        for (f, e) in zip(fs, envs) {
            if let i = distinct.firstIndex(where: { $0.0 == f.message }) {
                distinct[i].1.append(e)
            } else {
                distinct.append((f.message, [e]))
            }
        }
        let message: String
        if distinct.count == 1 {
            message = "\(first.message) (\(envs.joined(separator: ", ")))"
        } else if let one = mergedNumbers(distinct.map(\.0)) {
            // Environments that share a value are one name of the list: "(iPhone 12 and Tall / iPhone 12 landscape)"
            // ("iPhone 12, Tall / …" read as three environments for two values).
            func together(_ names: [String]) -> String {
                names.count < 2
                    ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
            }
            message = "\(one) (\(distinct.map { together($0.1) }.joined(separator: " / ")))"
        } else {
            message = distinct.map { "\($0.0) (\($0.1.joined(separator: ", ")))" }.joined(separator: "; ")
        }
        // (`buildFixes` false: another front end's text, which the fixes' JSON edits do not fit.)
        var fix = buildFixes ? first.fix() : nil
        // A fix whose edits differ by environment (a size written out in points), or that another environment does
        // not have, is the first environment's: its title says so, and names the environments it does not fix,
        // where the message gives every environment's number.
        if distinct.count > 1, var f = fix {
            let others = fs.dropFirst().map { $0.fix()?.edits }
            if others.contains(where: { $0 != f.edits }) {
                let without = zip(others, envs.dropFirst()).filter { $0.0 == nil }.map(\.1)
                f.title +=
                    " (computed for \(envs[0])"
                    + (without.isEmpty ? "" : "; none for \(without.joined(separator: ", "))") + ")"
                fix = f
            }
        }
        out.append(
            Diagnostic(
                rule: k.rule, severity: fs.map(severity).max()!, message: message, range: k.range, environments: envs,
                related: first.related, fix: fix))
    }
    return out
}

/// Messages that differ only in their numbers, as one: each number that differs becomes the environments' values in
/// order, `337.333 / 156 pt`, and the caller names the environments in the same order. The whole message once per
/// environment made a 1 587-character line for eight environments (first-user review, finding 5). nil when the words
/// differ too.
func mergedNumbers(_ messages: [String]) -> String? {
    /// The message as alternating words and numbers (a number: digits with at most one inner dot, a leading minus).
    func split(_ m: String) -> [(isNumber: Bool, text: String)] {
        var parts: [(Bool, String)] = []
        let u = Array(m.utf8)
        func piece(_ a: Int, _ b: Int) -> String { String(decoding: u[a..<b], as: UTF8.self) }
        func isDigit(_ k: Int) -> Bool { k < u.count && u[k] >= 0x30 && u[k] <= 0x39 }
        func isLetter(_ k: Int) -> Bool {
            k >= 0 && k < u.count && ((u[k] >= 0x41 && u[k] <= 0x5A) || (u[k] >= 0x61 && u[k] <= 0x7A))
        }
        var i = 0, start = 0
        while i < u.count {
            let minus = u[i] == 0x2D && isDigit(i + 1) && (i == 0 || u[i - 1] == 0x20 || u[i - 1] == 0x28)
            // A number starts a token (not the 3 of "fractionalHeight(0.3)" in a name, nor a digit glued to letters).
            let boundary = i == 0 || !(isLetter(i - 1) || u[i - 1] == 0x2E)
            guard (isDigit(i) || minus) && boundary else { i += 1; continue }
            var j = i + (minus ? 1 : 0)
            while isDigit(j) { j += 1 }
            if j + 1 < u.count, u[j] == 0x2E, isDigit(j + 1) { j += 1; while isDigit(j) { j += 1 } }
            // Not one quantity of its own: an ordinal ("4th"), a number glued to a word, or one side of a size
            // ("390×844", × is C3 97): words, which must then be the same everywhere.
            let times =
                (j + 1 < u.count && u[j] == 0xC3 && u[j + 1] == 0x97)
                || (i >= 2 && u[i - 2] == 0xC3 && u[i - 1] == 0x97)
            if isLetter(j) || times { i = j; continue }
            if i > start { parts.append((false, piece(start, i))) }
            parts.append((true, piece(i, j)))
            start = j
            i = j
        }
        if start < u.count { parts.append((false, piece(start, u.count))) }
        return parts
    }
    let all = messages.map(split)
    guard let first = all.first, all.allSatisfy({ $0.count == first.count }) else { return nil }
    var out = ""
    for k in first.indices {
        let texts = all.map { $0[k].text }
        guard all.allSatisfy({ $0[k].isNumber == first[k].isNumber }) else { return nil }
        if texts.allSatisfy({ $0 == texts[0] }) { out += texts[0]; continue }
        guard first[k].isNumber else { return nil }
        out += texts.joined(separator: " / ")
    }
    return out
}

/// The rules over the whole document (every environment at once).
func documentRules(document doc: LayoutDocument, layouts: [ResolvedLayout], source: SourceText) -> [Diagnostic] {
    var out: [Diagnostic] = []
    if !layouts.isEmpty, doc.sections.contains(where: { !$0.variants.isEmpty }) {
        // Each section's resolved form in each environment (found by identity: a section that failed to build has
        // none, so positions in `layouts[e].sections` are not section indices).
        let byLayout = layouts.map { l in
            Dictionary(l.sections.map { (ObjectIdentifier($0.section), $0) }, uniquingKeysWith: { a, _ in a })
        }
        for section in doc.sections where !section.variants.isEmpty {
            out += unreachableVariants(
                section,
                resolved: layouts.indices.map { (layouts[$0].environment, byLayout[$0][ObjectIdentifier(section)]) })
        }
    }
    out += unusedDefinitions(doc, source: source)
    out += duplicateSectionNames(doc.sections.map { ($0.base.name, $0.base.props["name"]?.valueRange) })
    return out
}

// MARK: helpers shared by rules

func ordinal(_ n: Int) -> String {
    let suffix: String
    switch (n % 10, n % 100) {
    case (1, let t) where t != 11: suffix = "st"
    case (2, let t) where t != 12: suffix = "nd"
    case (3, let t) where t != 13: suffix = "rd"
    default: suffix = "th"
    }
    return "\(n)\(suffix)"
}

func pt(_ v: Double) -> String { "\(formatPoints(v)) pt" }

/// Whether a property of `el` is written in `el`'s own object, not inherited from a definition it `$ref`s, nor
/// written inline inside one (an edit of the definition changes every element that uses it).
func writtenInOwnObject(_ site: PropertySite, _ el: LayoutElement) -> Bool {
    isOwnText(site.valueRange, of: el)
}

/// A fix that writes `text` for `el`'s size along `axis`: only where `el`'s own object writes that size (an edit of a
/// definition it `$ref`s would change every element that uses it).
func sizeFix(_ source: SourceText, _ el: LayoutElement, _ axis: Axis, _ text: String, title: String, isSafe: Bool)
    -> Fix?
{
    guard let site = el.props[axis.sizeName], writtenInOwnObject(site, el) else { return nil }
    return Fix(title: title, edits: [source.replace(site.valueRange, with: text)], isSafe: isSafe)
}

/// Whether the text at `r` is `el`'s own: inside its object, which is not inside a `$ref`'d target (a value reached
/// through a `$ref` of its own, `"edgeSpacing": { "$ref": … }`, lies outside).
func isOwnText(_ r: ByteRange, of el: LayoutElement) -> Bool {
    !el.writtenInReference && el.range.start <= r.start && r.end <= el.range.end
}

/// Whether all of `el`'s text is its own: neither `$ref`'d nor written inside a `$ref`'d target.
func whollyOwnText(_ el: LayoutElement) -> Bool {
    el.refTarget == nil && !el.writtenInReference
}

extension Double {
    var pointsString: String { formatPoints(self) }
}
