// Builds the document model from the syntax tree: resolves `$ref` (with sibling overrides), checks types, names and
// values, and reports format diagnostics. Never fails: what cannot be built is reported and left out.

public struct ModelLimits: Sendable {
    /// Elements built through `$ref` or in variants per document, a variant's copy of its section's keys counted as
    /// elements too (guards against exponential reference fan-out, and variants × the section's keys or group).
    public var maxElements = 50_000
    public var maxEnvironments = 32
    public var maxNestedGroups = 64
    /// Largest magnitude accepted for points.
    public var maxPoints: Double = 1_000_000
    public var maxCount = 10_000
    public var maxItemCount = 1_000_000_000
    /// `$ref`s followed one inside another (each is a recursion of the builder: 3 000 overflowed the stack).
    public var maxRefDepth = 128
    public init() {}
}

/// How many diagnostics a builder keeps (`buildDocument(countPast:)`) and the severities they will get.
/// `wholeDocument`: the builder builds all of `lint(bytes:)`'s document, where counting is exact (no `$ref`, `variants`
/// or suppression comment). Then a diagnostic of a rule that is off and has no fix is dropped at once (it changes
/// nothing before severities remove it), and the kept ones are compacted now and then (`compact`).
public struct BuilderLimit: Sendable {
    public var limit: Int
    public var severities: [String: Severity?]
    public var wholeDocument: Bool
    public init(limit: Int, severities: [String: Severity?] = [:], wholeDocument: Bool = false) {
        self.limit = limit
        self.severities = severities
        self.wholeDocument = wholeDocument
    }
}

public struct BuildResult: Sendable {
    public var document: LayoutDocument
    public var diagnostics: [Diagnostic]
    /// Diagnostics counted but not kept (`countPast`), by their final severity, and the first one's range.
    public var dropped = OmittedDiagnostics()
    public var firstDropped: ByteRange?
}

/// `countPast`: once `limit` diagnostics that will be listed are kept, a further one that starts after all of them is
/// only counted (with its severity from `severities`; past the limit, one whose rule is turned off is dropped).
/// Exact only where every node is checked once and nothing is suppressed: `lint(bytes:)` passes it for documents
/// without `$ref`, `variants` and suppression comments.
public func buildDocument(_ parsed: ParseResult, limits: ModelLimits = ModelLimits(), countPast: BuilderLimit? = nil)
    -> BuildResult
{
    let b = DocumentBuilder(root: parsed.root, limits: limits)
    b.countPast = countPast
    b.build()
    return BuildResult(document: b.doc, diagnostics: b.diagnostics, dropped: b.dropped, firstDropped: b.firstDropped)
}

/// Property names by element, as docs/format.md lists them.
public enum Keys {
    public static let root = ["$schema", "environments", "configuration", "definitions", "sections"]
    public static let section = [
        "name", "group", "itemCount", "contentInsets", "interGroupSpacing", "orthogonalScrollingBehavior",
        "contentInsetsReference", "supplementaryContentInsetsReference", "boundarySupplementaryItems",
        "decorationItems", "variants",
    ]
    public static let item = ["width", "height", "contentInsets", "edgeSpacing", "supplementaryItems"]
    public static let group =
        item + ["direction", "subitems", "subitem", "repeatingSubitem", "count", "frames", "interItemSpacing"]
    public static let boundary = [
        "elementKind", "width", "height", "alignment", "absoluteOffset", "extendsBoundary",
        "pinToVisibleBounds", "zIndex",
    ]
    public static let supplementary = ["elementKind", "width", "height", "containerAnchor", "itemAnchor", "zIndex"]
    public static let anchor = ["edges", "offset", "fractionalOffset"]
    public static let decoration = ["elementKind", "contentInsets", "zIndex"]
    public static let configuration = [
        "scrollDirection", "interSectionSpacing", "contentInsetsReference", "boundarySupplementaryItems",
    ]
    public static let environment = [
        "name", "width", "height", "scale", "horizontalSizeClass", "verticalSizeClass",
        "safeAreaInsets", "layoutMargins", "readableContentWidth",
    ]
    public static let when = ["minWidth", "maxWidth", "horizontalSizeClass", "verticalSizeClass", "environment"]
    public static let variant = section.filter { $0 != "variants" } + ["when"]
    public static let insets = ["top", "leading", "bottom", "trailing"]
    public static let edgeSpacing = ["leading", "top", "trailing", "bottom"]
    public static let dimensionForms = [
        "fractionalWidth(1)", "fractionalHeight(1)", "absolute(44)", "estimated(44)",
        "uniformAcrossSiblings(estimate: 44)",
    ]
}

/// A property of an object after `$ref` resolution: the text it came from and its JSON pointer.
struct Entry {
    let prop: JSONProperty
    /// JSON pointer of the object the property is written in.
    let parentPath: String
    let objectRange: ByteRange
    var key: String { prop.key }
    var value: JSONNode? { prop.value }
    /// JSON pointer of the value, built only when asked for (it is for the elements that are built).
    var path: String { parentPath + "/" + escapePointer(prop.key) }
    var site: PropertySite {
        PropertySite(
            key: prop.key, keyRange: prop.keyRange, valueRange: prop.value?.range ?? prop.keyRange,
            objectRange: objectRange, parentPath: parentPath)
    }
}

/// Adds each entry's site to an element's `props`, by key. `props` is a `[String: …]` that the rules read by known
/// (ASCII) names, and `String` keys are equal when canonically equivalent: a key that only reads as one already there
/// ("element\u{212A}ind", with the Kelvin sign, beside "elementKind") does not replace a key written in ASCII, which
/// is the one the name means; the same key written again does (the last wins, as the model reads it).
func recordSites(_ entries: [Entry], into props: inout [String: PropertySite]) {
    for e in entries {
        if let i = props.index(forKey: e.key), !props[i].key.sameKey(as: e.key) {
            if props[i].key.utf8.allSatisfy({ $0 < 0x80 }) { continue }
            props.remove(at: i)
        }
        props[e.key] = e.site
    }
}

/// An object seen through `$ref`: the target's entries overlaid by the referencing object's sibling keys.
struct ObjectView {
    var entries: [Entry] = []
    var path: String
    var range: ByteRange
    var refTarget: String?
    /// The range to flag for problems with the whole object (the `{`, or the referencing key).
    var anchor: ByteRange

    func entry(_ key: String) -> Entry? {
        var found: Entry?
        for e in entries where e.key.sameKey(as: key) { found = e }
        return found
    }
    /// The entries not overridden, in their order, then the last of each key of `other`, in its order: what
    /// removing each key and appending its entry, one entry of `other` after another, gives, in one pass (that
    /// was O(entries × overrides): 64 000 overrides took 30 s).
    mutating func overlay(_ other: [Entry]) {
        guard !other.isEmpty else { return }
        var last = [ExactKey: Int](minimumCapacity: other.count)
        for (i, e) in other.enumerated() { last[ExactKey(e.key)] = i }
        entries.removeAll { last[ExactKey($0.key)] != nil }
        for (i, e) in other.enumerated() where last[ExactKey(e.key)] == i { entries.append(e) }
    }
}

final class DocumentBuilder {
    let root: JSONNode?
    let limits: ModelLimits
    let doc = LayoutDocument()
    var diagnostics: [Diagnostic] = []
    private var seen = Set<Diagnostic>()
    /// `buildDocument(countPast:)`: the diagnostics kept under it, the largest start among them, what was counted.
    var countPast: BuilderLimit?
    private var keptUnderLimit = 0
    private var lastKeptStart = -1
    private(set) var dropped = OmittedDiagnostics()
    private(set) var firstDropped: ByteRange?
    /// Something came past the limit (counted, or dropped because its rule is off).
    private(set) var passedLimit = false
    /// The `$ref` targets being expanded, and their text: an element inside one is shared text.
    private var refStack: [(path: String, range: ByteRange)] = []
    private(set) var elementsBuilt = 0
    var budgetReported = false
    /// Inside a variant's build (its elements count against `maxElements`, as those of a `$ref` do).
    private var variantDepth = 0
    /// Every `$ref` followed or tried, as written (the incremental linter's dependencies).
    var attemptedRefs: [String] = []
    private var groupDepth = 0

    init(root: JSONNode?, limits: ModelLimits) {
        self.root = root
        self.limits = limits
    }

    // MARK: reporting

    func report(
        _ rule: RuleID, _ severity: Severity = .error, _ message: String, _ range: ByteRange,
        related: [RelatedLocation] = [], fix: Fix? = nil
    ) {
        // The severity `applySeverities` will give it; nil: the rule is turned off (it will be removed).
        let final = countPast.map { LayoutLintCore.severity(of: rule, severity, after: $0.severities) } ?? severity
        if let c = countPast, keptUnderLimit >= c.limit && range.start > lastKeptStart {
            // After `limit` kept ones that will all be listed: never listed itself, only counted. (A diagnostic of a
            // rule that is off is kept below the limit all the same: until severities apply, it takes part in
            // choosing which fixes are checked, as in the incremental linter.)
            countDropped(final, rule: rule, range: range)
            return
        }
        // Turned off and without a fix, it changes nothing before severities remove it, but a suppression comment
        // naming it (`lint(bytes:)` sets this only where there is none).
        if final == nil && fix == nil && countPast?.wholeDocument == true { return }
        let d = Diagnostic(rule: rule, severity: severity, message: message, range: range, related: related, fix: fix)
        guard seen.insert(d).inserted else { return }
        diagnostics.append(d)
        // Only what will be listed makes the count that later ones come after.
        if final != nil {
            keptUnderLimit += 1
            lastKeptStart = max(lastKeptStart, range.start)
        }
        if let c = countPast, c.wholeDocument, c.limit < Int.max / 4, diagnostics.count >= 2 * c.limit + 1024 {
            compact(c)
        }
    }

    /// What `lint(bytes:)` will do with the kept diagnostics, done now: in report order, those after the `limit`-th
    /// that will be listed are counted (a rule that is off: dropped), and so are those of rules that are off beyond
    /// the first 100 with a fix (`dropFixesThatBreakSyntax` checks at most 100 fixes: their order is all they take
    /// part in). Diagnostics are built out of text order (definitions after the sections): the threshold alone
    /// (`lastKeptStart`) kept every diagnostic of definitions written before sections past the limit.
    private func compact(_ c: BuilderLimit) {
        func final(_ d: Diagnostic) -> Severity? { severity(of: d.ruleID, d.severity, after: c.severities) }
        diagnostics.sort(by: diagnosticPrecedes)
        var listed = 0, fixes = 0
        var kept: [Diagnostic] = []
        var boundary: Int?
        for d in diagnostics {
            let f = final(d)
            if d.fix != nil { fixes += 1 }
            if boundary == nil, f != nil {
                listed += 1
                kept.append(d)
                if listed == c.limit { boundary = d.range.start }
                continue
            }
            if boundary == nil {
                // Off: it may still take one of the fixes' places.
                if d.fix != nil && fixes <= 100 { kept.append(d) } else { seen.remove(d) }
                continue
            }
            seen.remove(d)
            countDropped(f, rule: d.ruleID, range: d.range)
        }
        diagnostics = kept
        keptUnderLimit = listed
        if let b = boundary { lastKeptStart = b }
    }

    /// One diagnostic past the limit: counted with its final severity (nil, a rule that is off: not counted).
    private func countDropped(_ final: Severity?, rule: RuleID, range: ByteRange) {
        passedLimit = true
        guard let final else { return }
        dropped.count(final, rule: rule)
        firstDropped = Swift.min(firstDropped ?? range, range)
    }

    func wrongType(_ e: Entry, expected: String) {
        // An invalid token (NaN, a bare word) was already reported as a syntax error.
        if e.value?.kind == .invalid { return }
        report(
            .wrongType, .error, "\"\(e.key)\" must be \(expected), not \(e.value.map(describeType) ?? "nothing")",
            e.value?.range ?? e.prop.keyRange)
    }

    /// A value that must be a number: a number written as a string (`"20"`, `"10pt"`) gets the number as a fix, safe
    /// when it is certain (digits alone, or points), a suggestion otherwise (`"10px"`, `"0,5"`).
    func wrongTypeNumber(_ e: Entry, expected: String, whole: Bool = false) {
        // `fixed(10)` where only points are taken (interGroupSpacing): the same 10 pt, certain; `flexible(10)` is not.
        let spacingPoints = e.value.flatMap { v -> (String, Bool)? in
            guard v.kind == .string, let (flex, x) = Spacing.parse(v.stringValue), x.isFinite, abs(x) <= 1e9 else {
                return nil
            }
            return (jsonNumberText(x), !flex)
        }
        if let v = e.value, v.kind == .string, let (n, certain) = numberInString(v.stringValue) ?? spacingPoints,
            !whole || parseDecimal(n).map({ $0.rounded() == $0 }) == true
        {
            report(
                .wrongType, .error, "\"\(e.key)\" must be \(expected), not a string; did you mean the number \(n)?",
                v.range,
                fix: Fix(
                    title: "Replace with the number \(n)", edits: [TextEdit(range: v.range, newText: n)],
                    isSafe: certain))
            return
        }
        wrongType(e, expected: expected)
    }

    /// Swift's spelling of a value (`.horizontal`, `NSCollectionLayoutDimension.fractionalWidth(0.5)`): read as the
    /// plain value, with a warning whose safe fix writes it so.
    func swiftSpelling(_ text: String, _ plain: String, _ range: ByteRange) {
        report(
            .swiftSpelling, .warning,
            "\"\(text)\" is written as in Swift; a layout document writes \"\(plain)\" (read as that)", range,
            fix: Fix(
                title: "Write \"\(plain)\"", edits: [TextEdit(range: range, newText: jsonQuoted(plain))], isSafe: true))
    }

    func checkKeys(_ view: ObjectView, allowed: [String], element: String) {
        // The keys present, for "is the suggested key already there" (a scan per unknown key was O(n²)).
        var present: Set<ExactKey>?
        func isPresent(_ key: String) -> Bool {
            if present == nil { present = Set(view.entries.map { ExactKey($0.key) }) }
            return present!.contains(ExactKey(key))
        }
        for e in view.entries where !e.key.sameKey(as: "$ref") && !allowed.contains(where: { $0.sameKey(as: e.key) }) {
            var msg = "unknown property \"\(e.key)\" on \(element)"
            var fix: Fix?
            if let s = suggest(e.key, among: allowed), !isPresent(s) {
                msg += "; did you mean \"\(s)\"\(lookAlikeNote(e.key, s))?"
                fix = Fix(
                    title: "Rename to \"\(s)\"", edits: [TextEdit(range: e.prop.keyRange, newText: "\"\(s)\"")],
                    isSafe: false)
            } else {
                if let s = allowed.first(where: { $0 == e.key }) { msg += lookAlikeNote(e.key, s) }
                msg += " (expected one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", ")))"
            }
            report(.unknownProperty, .error, msg, e.prop.keyRange, fix: fix)
        }
    }

    // MARK: objects and $ref

    func objectView(_ node: JSONNode, path: String, anchor: ByteRange) -> (
        ObjectView, [(path: String, range: ByteRange)]
    )? {
        guard node.kind == .object else { return nil }
        let own = node.properties.map { Entry(prop: $0, parentPath: path, objectRange: node.range) }
        guard let refProp = node.property("$ref") else {
            return (ObjectView(entries: own, path: path, range: node.range, anchor: anchor), [])
        }
        guard let refValue = refProp.value, refValue.kind == .string else {
            report(
                .wrongType, .error, "\"$ref\" must be a string such as \"#/definitions/NAME\"",
                refProp.value?.range ?? refProp.keyRange)
            return nil
        }
        let pointer = refValue.stringValue
        guard let target = resolveRef(pointer, at: refValue.range) else { return nil }
        // A reference into its own ancestor, or to a target still being expanded, never ends.
        // (By bytes: two definitions whose names are canonically equivalent are two targets.)
        if path.isPointer(inside: target.path) || refStack.contains(where: { $0.path.sameKey(as: target.path) }) {
            report(
                .refCycle, .error, "\"\(pointer)\" refers back into itself: expanding it never ends", refValue.range,
                related: [RelatedLocation(range: target.node.range, message: "the referenced element")])
            return nil
        }
        guard target.node.kind == .object else {
            report(
                .wrongType, .error, "\"\(pointer)\" points at \(describeType(target.node)), not an element (an object)",
                refValue.range)
            return nil
        }
        guard refStack.count < limits.maxRefDepth else {
            report(
                .invalidValue, .error,
                "\"\(pointer)\" is the \(refStack.count + 1)th $ref in a chain of references: layoutlint follows at most \(limits.maxRefDepth)",
                refValue.range)
            return nil
        }
        refStack.append((target.path, target.node.range))
        defer { refStack.removeLast() }
        guard let (base, chain) = objectView(target.node, path: target.path, anchor: anchor) else { return nil }
        var view = base
        view.overlay(own.filter { !$0.key.sameKey(as: "$ref") })
        view.path = path
        view.range = node.range
        view.refTarget = target.path
        return (view, [(target.path, target.node.range)] + chain)
    }

    /// The keys of an object that `$ref`s point into, prepared once per build (the tree outlives the build).
    private var suggestionsByObject: [ObjectIdentifier: Suggestions] = [:]
    func keySuggestions(_ n: JSONNode) -> Suggestions {
        if let s = suggestionsByObject[ObjectIdentifier(n)] { return s }
        let s = Suggestions(n.properties.count > Suggestions.maxCandidates ? [] : n.properties.map(\.key))
        suggestionsByObject[ObjectIdentifier(n)] = s
        return s
    }

    func resolveRef(_ pointer: String, at range: ByteRange) -> (node: JSONNode, path: String)? {
        attemptedRefs.append(pointer)
        guard let afterHash = pointer.afterBytePrefix("#") else {
            // The "#/" left out ("definitions/cell", "/definitions/cell"): the pointer it likely means, when that one
            // points somewhere (a file or URL never is: nothing is opened).
            var fix: Fix?
            var message =
                "\"\(pointer)\" is not a reference into this document: layoutlint resolves only \"#/…\" pointers and never opens files or URLs"
            let meant = pointer.hasBytePrefix("/") ? "#" + pointer : "#/" + pointer
            if !pointer.utf8.contains(UInt8(ascii: ":")), !pointer.isEmpty {
                // (The editor recomputes this section when what the suggestion names changes.)
                attemptedRefs.append(meant)
                if splitOnSlash(meant.afterBytePrefix("#")!).count >= 3,
                    jsonNode(atPointer: meant, root: root)?.node.kind == .object
                {
                    message += "; did you mean \"\(meant)\"?"
                    fix = Fix(
                        title: "Refer to \"\(meant)\"", edits: [TextEdit(range: range, newText: jsonQuoted(meant))],
                        isSafe: false)
                }
            }
            report(.unresolvedRef, .error, message, range, fix: fix)
            return nil
        }
        let all = splitOnSlash(afterHash)
        // A JSON pointer is empty or starts with "/": "#x/definitions/cell" is no pointer (its first token was
        // dropped unread, so it reached `cell`, which unused-definition, reading pointers as they are, did not count).
        if let first = all.first, !first.isEmpty {
            // The pointer it likely means: a "/" added ("#definitions/cell"), its first token dropped
            // ("#x/definitions/cell"), or a definition's name ("#cell"), whichever points somewhere (never the
            // document itself, which "#x" less its token would be).
            var candidates = [Array(all)]
            if all.count >= 2 { candidates.append(Array(all.dropFirst())) }
            candidates.append(["definitions"] + Array(all))
            candidates = candidates.map { [Substring("")] + $0 }
            // (The editor recomputes this section when what a candidate names changes.)
            for c in candidates { attemptedRefs.append("#" + c.joined(separator: "/")) }
            let target = candidates.first { c in
                var n = root
                for raw in c.dropFirst() { n = n?.child(pointerToken: unescapePointer(String(raw))) }
                return n != nil
            }
            var message = "\"\(pointer)\" is not a JSON pointer: after \"#\" one starts with \"/\""
            var fix: Fix?
            if let t = target {
                let fixed = "#" + t.joined(separator: "/")
                message += "; did you mean \"\(fixed)\"?"
                fix = Fix(
                    title: "Refer to \"\(fixed)\"", edits: [TextEdit(range: range, newText: jsonQuoted(fixed))],
                    isSafe: false)
            }
            report(.unresolvedRef, .error, message, range, fix: fix)
            return nil
        }
        var node = root
        var path = ""
        let tokens = all.dropFirst()
        for raw in tokens {
            let tok = unescapePointer(String(raw))
            guard let n = node else { break }
            if let child = n.child(pointerToken: tok) {
                node = child
            } else {
                var msg =
                    "\"\(pointer)\" points nowhere: \(path.isEmpty ? "the document" : "\"#\(path)\"") has no \"\(tok)\""
                var fix: Fix?
                if n.kind == .object, let s = keySuggestions(n).best(for: tok) {
                    let repl = "#" + path + "/" + escapePointer(s)
                    msg += "; did you mean \"\(repl)\"\(lookAlikeNote(tok, s))?"
                    fix = Fix(
                        title: "Refer to \"\(repl)\"", edits: [TextEdit(range: range, newText: jsonQuoted(repl))],
                        isSafe: false)
                }
                report(.unresolvedRef, .error, msg, range, fix: fix)
                return nil
            }
            path += "/" + escapePointer(tok)
        }
        guard let found = node else { return nil }
        doc.referencedPointers.insert(ExactKey(path))
        return (found, path)
    }

    func withView<T>(
        _ node: JSONNode?, path: String, anchor: ByteRange, expected: String, key: String,
        _ body: (ObjectView) -> T?
    ) -> T? {
        guard let node else { return nil }
        guard node.kind == .object else {
            report(.wrongType, .error, "\(key) must be \(expected), not \(describeType(node))", node.range)
            return nil
        }
        guard let (view, chain) = objectView(node, path: path, anchor: anchor) else { return nil }
        refStack.append(contentsOf: chain)
        defer { refStack.removeLast(chain.count) }
        return body(view)
    }

    func array(_ e: Entry, of what: String) -> [JSONNode]? {
        guard let v = e.value else { return nil }
        guard v.kind == .array else {
            // One value where a list belongs (`"environments": "iPhone 12"`, `"subitems": { … }`): the list of it.
            if [.string, .object, .number].contains(v.kind) {
                let shown = v.kind == .string ? "[\(jsonQuoted(v.stringValue))]" : "[ … ]"
                report(
                    .wrongType, .error,
                    "\"\(e.key)\" must be an array of \(what), not \(describeType(v)); did you mean a list of one, \(shown)?",
                    v.range,
                    fix: Fix(
                        title: "Make it a list of one",
                        edits: [
                            TextEdit(range: ByteRange(v.range.start, v.range.start), newText: "["),
                            TextEdit(range: ByteRange(v.range.end, v.range.end), newText: "]"),
                        ], isSafe: true))
                return nil
            }
            wrongType(e, expected: "an array of \(what)")
            return nil
        }
        return v.elements
    }

    // MARK: document

    func build() {
        guard let view = buildFrameStart() else { return }
        if let items = sectionsEntry(view) {
            for (i, node) in items.enumerated() {
                if let s = buildSection(node, index: i, path: "/sections/\(i)") { doc.sections.append(s) }
            }
        }
        buildFrameEnd(view)
        doc.sharedText = sharedSectionText(root: root, paths: doc.referencedPointers.lazy.map(\.name))
    }

    /// The root's own keys, `$schema`, environments, configuration and the list of definitions: everything the
    /// sections are built against. nil when there is no root object.
    func buildFrameStart() -> ObjectView? {
        guard let root else { return nil }
        guard root.kind == .object else {
            report(
                .wrongType, .error, "a layout document must be an object with \"sections\", not \(describeType(root))",
                root.range)
            return nil
        }
        let view = ObjectView(
            entries: root.properties.map { Entry(prop: $0, parentPath: "", objectRange: root.range) },
            path: "", range: root.range, anchor: ByteRange(root.range.start, root.range.start + 1))
        checkKeys(view, allowed: Keys.root, element: "the layout")
        if let e = view.entry("$schema") { _ = string(e) }
        if let e = view.entry("environments") { buildEnvironments(e) }
        if let e = view.entry("configuration") {
            withView(e.value, path: e.path, anchor: e.prop.keyRange, expected: "an object", key: "configuration") { v in
                buildConfiguration(v); return ()
            }
        }
        if let e = view.entry("definitions") {
            if let v = e.value, v.kind == .object {
                for p in v.properties { doc.definitions.append((p.key, p.keyRange, p.value?.range ?? p.keyRange)) }
            } else {
                wrongType(e, expected: "an object of named elements")
            }
        }
        return view
    }

    /// The section nodes to build (the `"sections"` array), reporting a missing, empty or mistyped one.
    func sectionsEntry(_ view: ObjectView) -> [JSONNode]? {
        guard let e = view.entry("sections") else {
            report(
                .missingProperty, .error,
                "the layout has no \"sections\": a compositional layout needs at least one section",
                ByteRange(view.range.start, view.range.start + 1))
            return nil
        }
        guard let items = array(e, of: "sections") else { return nil }
        if items.isEmpty {
            report(
                .missingProperty, .error, "\"sections\" is empty: a layout needs at least one section", e.value!.range)
        }
        return items
    }

    /// After the sections: definitions nobody references are still checked, so mistakes in them do not hide.
    func buildFrameEnd(_ view: ObjectView) {
        if let defs = view.entry("definitions")?.value, defs.kind == .object {
            for p in defs.properties {
                let path = "/definitions/" + escapePointer(p.key)
                guard let v = p.value, v.kind == .object, !doc.referencedPointers.contains(ExactKey(path)) else {
                    continue
                }
                if v["elementKind"] != nil {
                    // A header, badge or background kept for reuse.
                    if v["containerAnchor"] != nil || v["itemAnchor"] != nil {
                        _ = withView(v, path: path, anchor: p.keyRange, expected: "an object", key: p.key) {
                            buildSupplementary($0)
                        }
                    } else if v["width"] == nil && v["height"] == nil {
                        _ = withView(v, path: path, anchor: p.keyRange, expected: "an object", key: p.key) {
                            buildDecoration($0)
                        }
                    } else {
                        _ = buildBoundary(v, path: path)
                    }
                } else if v["group"] != nil || v["variants"] != nil {
                    _ = withView(v, path: path, anchor: p.keyRange, expected: "an object", key: p.key) {
                        buildSectionSpec($0, allowed: Keys.section)
                    }
                } else if v.holdsOnlyEdges {
                    // Insets or edge spacing kept for `"contentInsets": { "$ref": … }` (or `edgeSpacing`): numbers are
                    // insets, anything else a spacing; not an element missing its size.
                    let numbers = v.properties.allSatisfy { $0.value?.kind == .number }
                    for edge in v.properties {
                        let entry = Entry(prop: edge, parentPath: path, objectRange: v.range)
                        if numbers { _ = number(entry) } else { _ = spacing(entry) }
                    }
                } else {
                    _ = buildElement(v, path: path, anchor: p.keyRange, what: "definition \"\(p.key)\"")
                }
            }
        }
        if doc.environments.isEmpty { doc.environments = [EnvironmentEntry(environment: .default, range: nil)] }
    }

    func buildEnvironments(_ e: Entry) {
        guard let items = array(e, of: "environment names or objects") else { return }
        doc.environmentsDeclared = true
        var names = Set<String>()
        for (i, node) in items.enumerated() {
            if doc.environments.count >= limits.maxEnvironments {
                report(
                    .invalidValue, .error,
                    "too many environments: layoutlint resolves at most \(limits.maxEnvironments)", node.range)
                break
            }
            var env: LayoutEnvironment?
            switch node.kind {
            case .string:
                env = LayoutEnvironment.preset(named: node.stringValue)
                if env == nil { unknownEnvironment(node.stringValue, node.range) }
            case .object:
                env = withView(
                    node, path: e.path + "/\(i)", anchor: node.range, expected: "an object", key: "environment"
                ) { buildCustomEnvironment($0) }
            default:
                report(
                    .wrongType, .error, "an environment is a preset name or an object, not \(describeType(node))",
                    node.range)
            }
            if let env {
                if !names.insert(env.name).inserted {
                    report(.invalidValue, .error, "environment \"\(env.name)\" is listed twice", node.range)
                    continue
                }
                doc.environments.append(EnvironmentEntry(environment: env, range: node.range))
            }
        }
    }

    /// An environment name that is no preset: the nearest preset (always one, as a fix the editor offers) and the
    /// list of them all.
    func unknownEnvironment(_ text: String, _ range: ByteRange) {
        var msg = "\"\(text)\" is not a known environment"
        var fix: Fix?
        if let s = LayoutEnvironment.nearestName(to: text) {
            msg += "; did you mean \"\(s)\"?"
            fix = Fix(
                title: "Replace with \"\(s)\"", edits: [TextEdit(range: range, newText: jsonQuoted(s))], isSafe: false)
        }
        msg +=
            " (`layoutlint environments` lists the presets, each also \"… landscape\"; an object with name, width and height declares another)"
        report(.invalidValue, .error, msg, range, fix: fix)
    }

    func buildCustomEnvironment(_ v: ObjectView) -> LayoutEnvironment? {
        checkKeys(v, allowed: Keys.environment, element: "an environment")
        var ok = true
        func need(_ key: String) -> Entry? {
            if let e = v.entry(key) { return e }
            report(.missingProperty, .error, "a custom environment needs \"\(key)\"", v.anchor)
            ok = false
            return nil
        }
        let name = need("name").flatMap(string)
        let width = need("width").flatMap { number($0, min: 1) }
        let height = need("height").flatMap { number($0, min: 1) }
        guard ok, let name, let width, let height else { return nil }
        var scale: Double?
        if let e = v.entry("scale") { scale = number(e, min: 1) }
        let h = v.entry("horizontalSizeClass").flatMap { enumValue($0, SizeClass.self) }
        let vs = v.entry("verticalSizeClass").flatMap { enumValue($0, SizeClass.self) }
        let safe = v.entry("safeAreaInsets").flatMap(insets).map {
            EdgeInsets(top: $0.top, left: $0.leading, bottom: $0.bottom, right: $0.trailing)
        }
        let margins = v.entry("layoutMargins").flatMap(insets).map {
            EdgeInsets(top: $0.top, left: $0.leading, bottom: $0.bottom, right: $0.trailing)
        }
        let readable = v.entry("readableContentWidth").flatMap { number($0, min: 1) }
        return LayoutEnvironment(
            name: name, width: width, height: height, scale: scale ?? 2,
            horizontalSizeClass: h, verticalSizeClass: vs, safeAreaInsets: safe ?? .zero,
            layoutMargins: margins, readableContentWidth: readable)
    }

    func buildConfiguration(_ v: ObjectView) {
        checkKeys(v, allowed: Keys.configuration, element: "configuration")
        var c = LayoutConfiguration()
        recordSites(v.entries, into: &c.props)
        if let e = v.entry("scrollDirection"), let s = string(e) {
            switch s {
            case "vertical": c.scrollDirection = .vertical
            case "horizontal": c.scrollDirection = .horizontal
            default: invalidValue("scrollDirection", s, e.value!.range, among: ["vertical", "horizontal"])
            }
        }
        if let e = v.entry("interSectionSpacing"), let x = number(e) { c.interSectionSpacing = x }
        if let e = v.entry("contentInsetsReference"), let r = enumValue(e, InsetsReference.self) {
            c.contentInsetsReference = r == .automatic ? .safeArea : r
        }
        if let e = v.entry("boundarySupplementaryItems"), let items = array(e, of: "boundary supplementary items") {
            c.boundarySupplementaryItems = items.enumerated().compactMap { buildBoundary($1, path: e.path + "/\($0)") }
        }
        doc.configuration = c
    }

    // MARK: sections

    func buildSection(_ node: JSONNode, index: Int, path: String) -> Section? {
        withView(
            node, path: path, anchor: ByteRange(node.range.start, node.range.start + 1), expected: "an object",
            key: "a section"
        ) { v in
            let hasVariants = v.entry("variants") != nil
            let hasGroup = v.entry("group") != nil
            guard let base = buildSectionSpec(v, allowed: Keys.section, requireGroup: !hasVariants) else { return nil }
            let section = Section(index: index, base: base, hasOwnKeys: hasGroup)
            if let e = v.entry("variants"), let items = array(e, of: "variants") {
                for (i, vn) in items.enumerated() {
                    let vpath = e.path + "/\(i)"
                    let built: Variant? = withView(
                        vn, path: vpath, anchor: ByteRange(vn.range.start, vn.range.start + 1), expected: "an object",
                        key: "a variant"
                    ) { vv in
                        checkKeys(vv, allowed: Keys.variant, element: "a variant")
                        guard let when = vv.entry("when") else {
                            report(
                                .missingProperty, .error,
                                "a variant needs \"when\": the conditions under which it replaces the section's keys",
                                vv.anchor)
                            return nil
                        }
                        guard let cond = buildCondition(when) else { return nil }
                        var merged = v
                        merged.entries.removeAll { $0.key.sameKey(as: "variants") }
                        merged.overlay(vv.entries.filter { !$0.key.sameKey(as: "when") })
                        let needsGroup = merged.entry("group") == nil
                        if needsGroup {
                            report(
                                .missingProperty, .error,
                                "this variant has no \"group\" and the section has none of its own", vv.anchor)
                            return nil
                        }
                        // A variant is the section's keys again, and its group built again: they count as elements.
                        guard spend(merged.entries.count, at: vv.anchor) else { return nil }
                        variantDepth += 1
                        defer { variantDepth -= 1 }
                        guard
                            let spec = buildSectionSpec(
                                merged, allowed: Keys.section, requireGroup: true, checkNames: false)
                        else { return nil }
                        return Variant(when: cond, spec: spec, path: vpath, range: vn.range)
                    }
                    if let built { section.variants.append(built) }
                }
            }
            return section
        }
    }

    func buildCondition(_ e: Entry) -> VariantCondition? {
        withView(e.value, path: e.path, anchor: e.prop.keyRange, expected: "an object", key: "\"when\"") { v in
            checkKeys(v, allowed: Keys.when, element: "\"when\"")
            var c = VariantCondition(range: v.range)
            if let x = v.entry("minWidth") { c.minWidth = number(x) }
            if let x = v.entry("maxWidth") { c.maxWidth = number(x) }
            if let x = v.entry("horizontalSizeClass") { c.horizontalSizeClass = enumValue(x, SizeClass.self) }
            if let x = v.entry("verticalSizeClass") { c.verticalSizeClass = enumValue(x, SizeClass.self) }
            if let x = v.entry("environment") { c.environment = string(x) }
            return c
        }
    }

    func buildSectionSpec(_ v: ObjectView, allowed: [String], requireGroup: Bool = true, checkNames: Bool = true)
        -> SectionSpec?
    {
        if checkNames { checkKeys(v, allowed: allowed, element: "a section") }
        let s = SectionSpec(path: v.path, range: v.range)
        recordSites(v.entries, into: &s.props)
        if let e = v.entry("name") { s.name = string(e) }
        if let e = v.entry("group") {
            s.group = buildElement(e.value, path: e.path, anchor: e.prop.keyRange, what: "the section's group")
            // (With a "direction" that is not one, that value's error says it all.)
            if let g = s.group, !g.isGroup {
                if g.props["direction"] == nil {
                    report(
                        .missingProperty, .error,
                        "a section's \"group\" must be a group: add \"direction\" (\"horizontal\", \"vertical\" or \"custom\") and its subitems",
                        e.prop.keyRange)
                }
                s.group = nil
            }
        } else if requireGroup {
            report(
                .missingProperty, .error, "a section needs a \"group\" (NSCollectionLayoutSection(group:))", v.anchor)
        }
        if let e = v.entry("itemCount") { s.itemCount = integer(e, min: 0, max: limits.maxItemCount) }
        if let e = v.entry("contentInsets") { s.contentInsets = insets(e) }
        if let e = v.entry("interGroupSpacing"), let x = number(e) { s.interGroupSpacing = x }
        if let e = v.entry("orthogonalScrollingBehavior"), let o = enumValue(e, OrthogonalScrollingBehavior.self) {
            s.orthogonalScrollingBehavior = o
        }
        if let e = v.entry("contentInsetsReference"), let r = enumValue(e, InsetsReference.self) {
            s.contentInsetsReference = r
        }
        if let e = v.entry("supplementaryContentInsetsReference"), let r = enumValue(e, InsetsReference.self) {
            s.supplementaryContentInsetsReference = r
        }
        if let e = v.entry("boundarySupplementaryItems"), let items = array(e, of: "boundary supplementary items") {
            s.boundarySupplementaryItems = items.enumerated().compactMap { buildBoundary($1, path: e.path + "/\($0)") }
        }
        if let e = v.entry("decorationItems"), let items = array(e, of: "decoration items") {
            s.decorationItems = items.enumerated().compactMap { i, node in
                withView(
                    node, path: e.path + "/\(i)", anchor: ByteRange(node.range.start, node.range.start + 1),
                    expected: "an object", key: "a decoration item"
                ) { buildDecoration($0) }
            }
        }
        return s
    }

    func buildBoundary(_ node: JSONNode, path: String) -> BoundaryItem? {
        withView(
            node, path: path, anchor: ByteRange(node.range.start, node.range.start + 1), expected: "an object",
            key: "a boundary supplementary item"
        ) { v in
            checkKeys(v, allowed: Keys.boundary, element: "a boundary supplementary item")
            let b = BoundaryItem(path: v.path, range: v.range)
            recordSites(v.entries, into: &b.props)
            if let e = v.entry("elementKind") {
                b.elementKind = string(e)
            } else {
                report(
                    .missingProperty, .error, "a boundary supplementary item needs \"elementKind\" (e.g. \"header\")",
                    v.anchor)
            }
            (b.width, b.height) = sizePair(v, what: "a boundary supplementary item")
            if let e = v.entry("alignment"), let a = enumValue(e, RectAlignment.self) { b.alignment = a }
            if let e = v.entry("absoluteOffset"), let p = pair(e) { b.absoluteOffset = p }
            if let e = v.entry("extendsBoundary"), let x = bool(e) { b.extendsBoundary = x }
            if let e = v.entry("pinToVisibleBounds"), let x = bool(e) { b.pinToVisibleBounds = x }
            if let e = v.entry("zIndex") { b.zIndex = integer(e, min: Int(Int32.min), max: Int(Int32.max)) }
            return b
        }
    }

    func sizePair(_ v: ObjectView, what: String) -> (Dimension?, Dimension?) {
        var w: Dimension?, h: Dimension?
        if let e = v.entry("width") {
            w = dimension(e)
        } else {
            report(
                .missingProperty, .error,
                "\(what) needs \"width\" (NSCollectionLayoutSize(widthDimension:heightDimension:))", v.anchor)
        }
        if let e = v.entry("height") {
            h = dimension(e)
        } else {
            report(
                .missingProperty, .error,
                "\(what) needs \"height\" (NSCollectionLayoutSize(widthDimension:heightDimension:))", v.anchor)
        }
        return (w, h)
    }

    func buildAnchor(_ e: Entry) -> Anchor? {
        withView(e.value, path: e.path, anchor: e.prop.keyRange, expected: "an object", key: "\"\(e.key)\"") { v in
            checkKeys(v, allowed: Keys.anchor, element: "an anchor")
            var a = Anchor()
            if let x = v.entry("edges") {
                if let r = enumValue(x, RectAlignment.self) { a.edges = r }
            } else {
                // (UIKit makes an anchor with its edges; without them it was centred silently. The schema requires them.)
                report(
                    .missingProperty, .error,
                    "an anchor needs \"edges\" (e.g. \"topTrailing\"): NSCollectionLayoutAnchor is made with them",
                    v.anchor)
            }
            if let x = v.entry("offset"), let p = pair(x) { a.offset = p }
            if let x = v.entry("fractionalOffset"), let p = pair(x) {
                if let o = v.entry("offset") {
                    // UIKit makes an anchor with one or the other (`absoluteOffset:` or `fractionalOffset:`).
                    report(
                        .invalidValue, .error,
                        "an anchor takes \"offset\" (points) or \"fractionalOffset\" (fractions of the supplementary's size), not both: NSCollectionLayoutAnchor is made with one of them",
                        x.prop.keyRange, related: [RelatedLocation(range: o.prop.keyRange, message: "\"offset\"")])
                } else {
                    a.fractionalOffset = p
                }
            }
            return a
        }
    }

    func buildDecoration(_ dv: ObjectView) -> DecorationItem {
        checkKeys(dv, allowed: Keys.decoration, element: "a decoration item")
        let d = DecorationItem(path: dv.path, range: dv.range)
        recordSites(dv.entries, into: &d.props)
        if let x = dv.entry("elementKind") {
            d.elementKind = string(x)
        } else {
            report(
                .missingProperty, .error,
                "a decoration item needs \"elementKind\" (the kind its view is registered for)", dv.anchor)
        }
        if let x = dv.entry("contentInsets") { d.contentInsets = insets(x) }
        if let x = dv.entry("zIndex") { d.zIndex = integer(x, min: Int(Int32.min), max: Int(Int32.max)) }
        return d
    }

    func buildSupplementary(_ sv: ObjectView) -> SupplementaryItem {
        checkKeys(sv, allowed: Keys.supplementary, element: "a supplementary item")
        let s = SupplementaryItem(path: sv.path, range: sv.range)
        recordSites(sv.entries, into: &s.props)
        if let x = sv.entry("elementKind") {
            s.elementKind = string(x)
        } else {
            report(.missingProperty, .error, "a supplementary item needs \"elementKind\" (e.g. \"badge\")", sv.anchor)
        }
        (s.width, s.height) = sizePair(sv, what: "a supplementary item")
        if let x = sv.entry("containerAnchor") {
            s.containerAnchor = buildAnchor(x) ?? Anchor()
        } else {
            // NSCollectionLayoutSupplementaryItem is made with a container anchor (it was centred silently). The
            // editor offers the usual badge corner (a guess, never applied by `--fix`), written first in the object:
            // right after its `{` nothing needs reading, and a comma before the next member, or before `}`, parses.
            let open = sv.range.start
            let fix =
                sv.anchor == ByteRange(open, open + 1)
                ? Fix(
                    title: "Anchor it at the top trailing corner",
                    edits: [
                        TextEdit(
                            range: ByteRange(open + 1, open + 1),
                            newText: " \"containerAnchor\": { \"edges\": \"topTrailing\" },")
                    ],
                    isSafe: false)
                : nil
            report(
                .missingProperty, .error,
                "a supplementary item needs \"containerAnchor\" (e.g. { \"edges\": \"topTrailing\" }): NSCollectionLayoutSupplementaryItem is made with one",
                sv.anchor, fix: fix)
        }
        if let x = sv.entry("itemAnchor") { s.itemAnchor = buildAnchor(x) }
        if let x = sv.entry("zIndex") { s.zIndex = integer(x, min: Int(Int32.min), max: Int(Int32.max)) }
        return s
    }

    // MARK: elements

    /// Keys an element can have without counting against the budget (docs/format.md gives a group 12).
    static let keysPerElement = 16

    /// Takes `n` from the element budget; false (reported once) when it is spent.
    private func spend(_ n: Int, at range: ByteRange) -> Bool {
        if elementsBuilt + n > limits.maxElements {
            if !budgetReported {
                budgetReported = true
                report(
                    .invalidValue, .error,
                    "the document expands to more than \(limits.maxElements) elements through $ref and variants; layoutlint stops building here",
                    range)
            }
            return false
        }
        elementsBuilt += n
        return true
    }

    func buildElement(_ node: JSONNode?, path: String, anchor: ByteRange, what: String) -> LayoutElement? {
        guard let node else { return nil }
        // Written inside the text of a target being expanded (not merely built while one is: the subitems a user
        // writes next to a `$ref`, overriding the target's, are the user's own).
        let inReference = refStack.contains { $0.range.start <= node.range.start && node.range.end <= $0.range.end }
        let counted = !refStack.isEmpty || variantDepth > 0 || node.property("$ref") != nil
        if counted {
            guard spend(1, at: node.range) else { return nil }
        }
        return withView(
            node, path: path, anchor: anchor.length > 0 ? anchor : ByteRange(node.range.start, node.range.start + 1),
            expected: "an object (an item or a group)", key: what
        ) { (v: ObjectView) -> LayoutElement? in
            // An expanded element's keys are read (and checked) at every expansion: past the dozen an element can
            // have, they count too (a definition of 2 000 unknown keys `$ref`'d 2 000 times took 39 s and 800 MB).
            if counted && v.entries.count > Self.keysPerElement {
                guard spend(v.entries.count - Self.keysPerElement, at: node.range) else { return nil }
            }
            let isGroup = v.entry("direction") != nil
            let groupKeys = ["subitems", "subitem", "repeatingSubitem", "count", "frames", "interItemSpacing"]
            let looksLikeGroup = isGroup || groupKeys.contains { v.entry($0) != nil }
            checkKeys(v, allowed: looksLikeGroup ? Keys.group : Keys.item, element: isGroup ? "a group" : "an item")
            if looksLikeGroup && !isGroup {
                report(
                    .missingProperty, .error,
                    "this element has subitems but no \"direction\": a group needs \"horizontal\", \"vertical\" or \"custom\"",
                    v.anchor)
                return nil
            }
            let el = LayoutElement(path: v.path, range: v.range)
            el.refTarget = v.refTarget
            el.writtenInReference = inReference
            recordSites(v.entries, into: &el.props)
            (el.width, el.height) = sizePair(v, what: isGroup ? "a group" : "an item")
            if let e = v.entry("contentInsets") { el.contentInsets = insets(e) }
            if let e = v.entry("edgeSpacing") {
                el.edgeSpacing = withView(
                    e.value, path: e.path, anchor: e.prop.keyRange, expected: "an object", key: "\"edgeSpacing\""
                ) { ev in
                    checkKeys(ev, allowed: Keys.edgeSpacing, element: "edgeSpacing")
                    var es = EdgeSpacing(range: ev.range)
                    for x in ev.entries where x.value?.kind != .null {
                        switch x.key {
                        case "leading": es.leading = spacing(x)
                        case "top": es.top = spacing(x)
                        case "trailing": es.trailing = spacing(x)
                        case "bottom": es.bottom = spacing(x)
                        default: break
                        }
                    }
                    return es
                }
            }
            if let e = v.entry("supplementaryItems"), let items = array(e, of: "supplementary items") {
                el.supplementaryItems = items.enumerated().compactMap { i, node in
                    withView(
                        node, path: e.path + "/\(i)", anchor: ByteRange(node.range.start, node.range.start + 1),
                        expected: "an object", key: "a supplementary item"
                    ) { buildSupplementary($0) }
                }
            }
            if isGroup { el.group = buildGroup(v) }
            el.noteFormulas()
            return el
        }
    }

    func buildGroup(_ v: ObjectView) -> GroupSpec? {
        guard let de = v.entry("direction") else { return nil }
        guard let direction = enumValue(de, GroupDirection.self) else {
            // A direction that is not one (reported above): the group's other keys are still checked, as a misspelt
            // direction hid them, but a group whose direction is unknown is not resolved.
            _ = buildGroup(v, direction: v.entry("frames") != nil ? .custom : .horizontal)
            return nil
        }
        return buildGroup(v, direction: direction)
    }

    func buildGroup(_ v: ObjectView, direction: GroupDirection) -> GroupSpec? {
        if groupDepth >= limits.maxNestedGroups {
            report(.invalidValue, .error, "groups nest deeper than \(limits.maxNestedGroups) levels", v.anchor)
            return nil
        }
        groupDepth += 1
        defer { groupDepth -= 1 }
        var g = GroupSpec(direction: direction, layout: .missing)
        if let e = v.entry("interItemSpacing") { g.interItemSpacing = spacing(e) }
        let forms = ["subitems", "subitem", "repeatingSubitem", "frames"].compactMap { v.entry($0) }
        let count = v.entry("count")
        if forms.count > 1 {
            report(
                .invalidValue, .error,
                "a group takes exactly one of \"subitems\", \"subitem\" + \"count\", \"repeatingSubitem\" + \"count\" or \"frames\", not \(forms.map { "\"\($0.key)\"" }.joined(separator: " and "))",
                forms[1].prop.keyRange,
                related: [RelatedLocation(range: forms[0].prop.keyRange, message: "also given here")])
        }
        guard let form = forms.first else {
            report(
                .missingProperty, .error,
                direction == .custom
                    ? "a custom group needs \"frames\""
                    : "a group needs \"subitems\", \"subitem\" + \"count\" or \"repeatingSubitem\" + \"count\"",
                v.anchor)
            return g
        }
        if direction == .custom && form.key != "frames" {
            report(
                .invalidValue, .error, "a custom group places its items by \"frames\", not \"\(form.key)\"",
                form.prop.keyRange)
            return g
        }
        if direction != .custom && form.key == "frames" {
            report(.invalidValue, .error, "\"frames\" need \"direction\": \"custom\"", form.prop.keyRange)
            return g
        }
        switch form.key {
        case "subitems":
            if let c = count {
                report(
                    .invalidValue, .error,
                    "\"count\" goes with \"subitem\" or \"repeatingSubitem\", not with \"subitems\" (UIKit: a single item is required for a repeating item group)",
                    c.prop.keyRange)
            }
            guard let items = array(form, of: "items or groups") else { return g }
            if items.isEmpty {
                report(
                    .nonPositiveDimension, .error,
                    "\"subitems\" is empty: UIKit throws \"At least 1 subitem is required for a group\"",
                    form.value!.range)
                return g
            }
            let built = items.enumerated().compactMap { i, node in
                buildElement(
                    node, path: form.path + "/\(i)", anchor: ByteRange(node.range.start, node.range.start + 1),
                    what: "a subitem")
            }
            if built.count == items.count { g.layout = .subitems(built) }
        case "subitem", "repeatingSubitem":
            guard let c = count else {
                report(
                    .missingProperty, .error, "\"\(form.key)\" needs \"count\": how many items the group holds",
                    form.prop.keyRange)
                return g
            }
            let item = buildElement(form.value, path: form.path, anchor: form.prop.keyRange, what: "the subitem")
            guard let n = integer(c, min: 1, max: limits.maxCount, rule: .nonPositiveDimension), let item else {
                return g
            }
            g.layout = form.key == "subitem" ? .count(item, n) : .repeating(item, n)
        default: // frames
            if let c = count {
                report(.invalidValue, .error, "\"count\" has no meaning in a custom group", c.prop.keyRange)
            }
            guard let items = array(form, of: "[x, y, width, height] frames") else { return g }
            var frames: [CustomFrame] = []
            for (i, f) in items.enumerated() {
                guard f.kind == .array, f.elements.count == 4,
                    f.elements.allSatisfy({
                        $0.kind == .number && $0.numberValue.isFinite && abs($0.numberValue) <= limits.maxPoints
                    })
                else {
                    report(.wrongType, .error, "a frame is [x, y, width, height] (four numbers)", f.range)
                    continue
                }
                let n = f.elements.map(\.numberValue)
                if n[2] <= 0 || n[3] <= 0 {
                    report(
                        .nonPositiveDimension, .error,
                        "a custom frame needs a positive width and height, not \(formatPoints(n[2]))×\(formatPoints(n[3]))",
                        f.range)
                    continue
                }
                frames.append(
                    CustomFrame(x: n[0], y: n[1], width: n[2], height: n[3], range: f.range, path: form.path + "/\(i)"))
            }
            if frames.isEmpty && items.isEmpty {
                report(
                    .nonPositiveDimension, .error, "\"frames\" is empty: the group places no items", form.value!.range)
            }
            if frames.count == items.count && !frames.isEmpty { g.layout = .frames(frames) }
        }
        return g
    }
}

extension Dimension.Kind {
    static let allNames = ["fractionalWidth", "fractionalHeight", "absolute", "estimated", "uniformAcrossSiblings"]
}

func describeType(_ n: JSONNode) -> String {
    switch n.kind {
    case .object: return "an object"
    case .array: return "an array"
    case .string: return "a string"
    case .number: return "a number"
    case .bool: return "a boolean"
    case .null: return "null"
    case .invalid: return "an invalid value"
    }
}
