// Machine output: `lint --format json` and `explain --format json`, exactly as docs/interfaces.md shows them.
import PlainJSON
import LayoutLintCore

public enum JSONReport {
    public static func position(_ offset: Int, _ index: LineIndex, _ encoding: PositionEncoding) -> JSONValue {
        let p = index.position(of: offset, in: encoding)
        return .object([("line", .int(Int64(p.line))), ("character", .int(Int64(p.character)))])
    }

    public static func range(_ r: ByteRange, _ index: LineIndex, _ encoding: PositionEncoding = .utf16) -> JSONValue {
        .object([("start", position(r.start, index, encoding)), ("end", position(r.end, index, encoding))])
    }

    public static func diagnostic(_ d: Diagnostic, _ index: LineIndex) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("rule", .string(d.rule)),
            ("severity", .string(d.severity.description)),
            ("message", .string(d.message)),
            ("range", range(d.range, index)),
            ("environments", .array(d.environments.map { .string($0) })),
        ]
        if !d.related.isEmpty {
            members.append(
                (
                    "related",
                    .array(
                        d.related.map {
                            .object([("range", range($0.range, index)), ("message", .string($0.message))])
                        })
                ))
        }
        if let fix = d.fix {
            members.append(
                (
                    "fix",
                    .object([
                        ("title", .string(fix.title)),
                        ("safe", .bool(fix.isSafe)),
                        (
                            "edits",
                            .array(
                                fix.edits.map {
                                    .object([("range", range($0.range, index)), ("newText", .string($0.newText))])
                                })
                        ),
                    ])
                ))
        }
        return .object(members)
    }

    public struct FileResult {
        public var path: String
        public var diagnostics: [Diagnostic]
        public var index: LineIndex
        /// By severity, with the diagnostics past the limit per document (`too-many-problems` stands for them):
        /// `LintResult.severityCounts`.
        public var counts: [Severity: Int]
        /// A Swift file's layouts by how far they were checked (nil: a layout document).
        public var coverage: LayoutCoverage?
        public init(
            path: String, diagnostics: [Diagnostic], index: LineIndex, counts: [Severity: Int],
            coverage: LayoutCoverage? = nil
        ) {
            self.path = path
            self.diagnostics = diagnostics
            self.index = index
            self.counts = counts
            self.coverage = coverage
        }
    }

    public static func lintOutput(_ files: [FileResult]) -> JSONValue {
        var counts = [Severity: Int]()
        var coverage: LayoutCoverage?
        for f in files {
            for (s, n) in f.counts { counts[s, default: 0] += n }
            if let c = f.coverage { coverage = (coverage ?? LayoutCoverage()) + c }
        }
        var summary: [(String, JSONValue)] = [
            ("files", .int(Int64(files.count))),
            ("errors", .int(Int64(counts[.error] ?? 0))),
            ("warnings", .int(Int64(counts[.warning] ?? 0))),
            ("information", .int(Int64(counts[.information] ?? 0))),
            ("hints", .int(Int64(counts[.hint] ?? 0))),
        ]
        // (Where Swift files were read: their layouts, by how far they were checked.)
        if let c = coverage {
            summary.append(
                (
                    "layouts",
                    .object([
                        ("total", .int(Int64(c.total))), ("checked", .int(Int64(c.checked))),
                        ("partly", .int(Int64(c.partly))),
                        ("notChecked", .int(Int64(c.notChecked))), ("assumed", .int(Int64(c.assumed))),
                        ("unknown", .int(Int64(c.unknown))),
                    ])
                ))
        }
        return .object([
            ("version", .int(1)),
            (
                "files",
                .array(
                    files.map { f in
                        .object([
                            ("path", .string(f.path)),
                            ("diagnostics", .array(f.diagnostics.map { diagnostic($0, f.index) })),
                        ])
                    })
            ),
            ("summary", .object(summary)),
        ])
    }

    // MARK: explain

    static func rect(_ r: Rect) -> JSONValue {
        .array([.points(r.x), .points(r.y), .points(r.width), .points(r.height)])
    }

    /// Whether two frames print differently (JSON numbers are rounded to 1/1000 pt).
    static func differs(_ a: Rect, _ b: Rect) -> Bool {
        [a.x, a.y, a.width, a.height].map(formatPoints) != [b.x, b.y, b.width, b.height].map(formatPoints)
    }

    /// An emitted frame (a cell's, a supplementary's, a decoration's): `key` holds the pixel-rounded frame (Stage B,
    /// docs/semantics.md#pixel-rounding) and `exactKey` the layout's exact one, only when the two differ.
    static func emitted(_ key: String, _ exactKey: String, _ exact: Rect, scale: Double) -> [(String, JSONValue)] {
        let shown = exact.pixelRounded(scale: scale)
        return differs(shown, exact) ? [(key, rect(shown)), (exactKey, rect(exact))] : [(key, rect(shown))]
    }

    static func node(_ n: ResolvedNode, scale: Double) -> JSONValue {
        var estimated: [JSONValue] = []
        if n.estimatedWidth { estimated.append(.string("width")) }
        if n.estimatedHeight { estimated.append(.string("height")) }
        var members: [(String, JSONValue)] = [
            ("kind", .string(n.kind.rawValue)),
            ("path", .string(n.path)),
        ]
        if n.kind == .item {
            members += emitted("frame", "exactFrame", n.frame, scale: scale)
            members += emitted("contentFrame", "exactContentFrame", n.contentFrame, scale: scale)
        } else {
            // A group has no view: its layout geometry, exact.
            members += [("frame", rect(n.frame)), ("contentFrame", rect(n.contentFrame))]
        }
        members.append(("estimated", .array(estimated)))
        if n.kind == .group { members.append(("children", .array(n.children.map { node($0, scale: scale) }))) }
        if !n.supplementaries.isEmpty {
            members.append(
                (
                    "supplementaryItems",
                    .array(
                        n.supplementaries.map { s in
                            placed(kind: s.item.elementKind, path: s.item.path, frame: s.frame, scale: scale)
                        })
                ))
        }
        return .object(members)
    }

    public static func explainOutput(path: String, layouts: [ResolvedLayout]) -> JSONValue {
        .object([
            ("version", .int(1)),
            ("path", .string(path)),
            ("environments", explainEnvironments(layouts)),
        ])
    }

    /// `explain --format json` of a Swift file: every layout it builds, with its name (the enclosing function,
    /// property or variable), the range of its construction, and per environment what a spec document's
    /// `environments` holds.
    public static func explainSwiftOutput(
        path: String, layouts: [(name: String, range: ByteRange, layouts: [ResolvedLayout])],
        index: LineIndex
    ) -> JSONValue {
        .object([
            ("version", .int(1)),
            ("path", .string(path)),
            (
                "layouts",
                .array(
                    layouts.map { l in
                        .object([
                            ("name", .string(l.name)), ("range", range(l.range, index)),
                            ("environments", explainEnvironments(l.layouts)),
                        ])
                    })
            ),
        ])
    }

    static func explainEnvironments(_ layouts: [ResolvedLayout]) -> JSONValue {
        .array(
            layouts.map { l in
                var members: [(String, JSONValue)] = [
                    ("name", .string(l.environment.name)),
                    ("width", .points(l.environment.width)),
                    ("height", .points(l.environment.height)),
                    ("sections", .array(l.sections.map { section($0, scale: l.environment.scale) })),
                ]
                // The layout's own headers and footers (`configuration.boundarySupplementaryItems`), when it has any.
                if !l.boundaryItems.isEmpty {
                    members.append(
                        ("boundarySupplementaryItems", boundaryItems(l.boundaryItems, scale: l.environment.scale)))
                }
                return .object(members)
            })
    }

    static func boundaryItems(_ items: [ResolvedBoundary], scale: Double) -> JSONValue {
        .array(items.map { placed(kind: $0.item.elementKind, path: $0.item.path, frame: $0.frame, scale: scale) })
    }

    /// A supplementary, boundary or decoration item as explain lists it: its kind, its path and its frame
    /// (pixel-rounded, with `exactFrame` where the exact one differs).
    static func placed(kind: String?, path: String, frame: Rect, scale: Double) -> JSONValue {
        .object(
            [("elementKind", .string(kind ?? "")), ("path", .string(path))]
                + emitted("frame", "exactFrame", frame, scale: scale))
    }

    static func section(_ s: ResolvedSection, scale: Double) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("name", .string(s.name)),
            ("path", .string(s.path)),
            ("frame", rect(s.frame)),
            ("groupCount", .int(Int64(s.groupCount))),
            ("orthogonalScrollingBehavior", .string((s.spec?.orthogonalScrollingBehavior ?? .none).rawValue)),
        ]
        if let v = s.variantIndex { members.append(("variant", .string("\(s.path)/variants/\(v)"))) }
        if let g = s.group { members.append(("group", node(g, scale: scale))) }
        if let r = s.unresolvedReason { members.append(("unresolved", .string(r))) }
        if !s.boundaryItems.isEmpty {
            members.append(("boundarySupplementaryItems", boundaryItems(s.boundaryItems, scale: scale)))
        }
        if !s.decorations.isEmpty {
            members.append(
                (
                    "decorationItems",
                    .array(
                        s.decorations.map { d in
                            placed(kind: d.item.elementKind, path: d.item.path, frame: d.frame, scale: scale)
                        })
                ))
        }
        return .object(members)
    }
}
