// Finding where a file builds a compositional layout: constructions of the layout, functions and properties that
// return a section or a group, subclasses of the layout, and the context (function, property, type) of each.

import LayoutLintCore
import SwiftSyntax

extension SwiftModule {
    // MARK: layout sites

    func findSites(in file: Int) {
        let finder = SiteFinder(bytes: files[file].bytes)
        finder.walk(files[file].tree)
        findSites(in: file, constructions: finder.constructions)
    }

    /// The file's sites: `constructions` (in the file's order) and the functions and properties that return a
    /// section or a group.
    func findSites(in file: Int, constructions: [FunctionCallExprSyntax]) {
        var seen: [String: Int] = [:]
        func unique(_ n: String) -> String {
            seen[n, default: 0] += 1
            return seen[n]! == 1 ? n : "\(n) (\(seen[n]!))"
        }
        for call in constructions {
            let (name, context) = enclosingContext(of: Syntax(call))
            sites.append(
                LayoutSite(
                    kind: .construction(call), name: unique(name ?? "layout"), file: file,
                    range: range(call, file: file), context: context))
        }
        // Functions and computed properties that return a section or a group (checked against the constructions'
        // reach when the module is evaluated).
        for f in returnsSectionOrGroup where f.file == file {
            guard let type = builtType(of: f.decl) else { continue }
            switch canonicalTypeName(withoutOptionality(text(of: type, file: file))) {
            case "NSCollectionLayoutSection":
                sites.append(
                    LayoutSite(
                        kind: .returnsSection(f, nil), name: unique(f.name), file: file,
                        range: range(f.decl, file: file), context: Syntax(f.decl)))
            case "NSCollectionLayoutGroup":
                sites.append(
                    LayoutSite(
                        kind: .returnsGroup(f, nil), name: unique(f.name), file: file, range: range(f.decl, file: file),
                        context: Syntax(f.decl)))
            default: break
            }
        }
        for p in computesSectionOrGroup where p.file == file {
            guard let type = p.binding.typeAnnotation?.type,
                let name = p.binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            else { continue }
            let t = text(of: type, file: file)
            switch canonicalTypeName(t) {
            case "NSCollectionLayoutSection":
                sites.append(
                    LayoutSite(
                        kind: .returnsSection(nil, p), name: unique(name), file: file,
                        range: range(p.binding, file: file), context: Syntax(p.binding)))
            case "NSCollectionLayoutGroup":
                sites.append(
                    LayoutSite(
                        kind: .returnsGroup(nil, p), name: unique(name), file: file,
                        range: range(p.binding, file: file), context: Syntax(p.binding)))
            default: break
            }
        }
        let at = { (r: ByteRange) -> Int in self.regions?.textOffset(r.start) ?? r.start }
        sites.sort { ($0.file, at($0.range)) < ($1.file, at($1.range)) }
    }

    /// The type of what a function builds: its return type, or, where it returns a closure whose signature says
    /// what it returns (`func makeSectionLayout() -> SectionLayout? { { context -> NSCollectionLayoutSection? in … } }`,
    /// a library's provider type), the closure's return type.
    func builtType(of f: FunctionDeclSyntax) -> TypeSyntax? {
        if let closure = returnedClosure(of: f), let type = closure.signature?.returnClause?.type { return type }
        return f.signature.returnClause?.type
    }

    /// The closure a function's body returns, when its only or last statement is `return { … }` or `{ … }`.
    func returnedClosure(of f: FunctionDeclSyntax) -> ClosureExprSyntax? {
        guard let last = f.body?.statements.last?.item else { return nil }
        switch last {
        case .expr(let e): return e.as(ClosureExprSyntax.self)
        case .stmt(let st): return st.as(ReturnStmtSyntax.self)?.expression?.as(ClosureExprSyntax.self)
        default: return nil
        }
    }

    /// A node as written: its `trimmedDescription`, from the file's bytes when the node is of the file's own tree
    /// (`trimmed` builds a new tree; the evaluator reads types' names on every call).
    func text(of node: some SyntaxProtocol, file: Int) -> String {
        guard node.root.id == fileRoots[file] else { return node.trimmedDescription }
        return withBytes(of: node, in: files[file].bytes, trivia: false) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether a type's text names a section or a group at all (a byte search: most functions return other types).
    func namesSectionOrGroup(_ type: TypeSyntax, file: Int) -> Bool {
        withBytes(of: type, in: files[file].bytes, trivia: false) { contains($0, "Section") || contains($0, "Group") }
    }

    /// The name a layout is known by (its enclosing function, property or variable) and the declaration whose code
    /// runs to build it. A local variable inside a function does not name it (`let layout = …` in
    /// `createGridLayout()` is `createGridLayout`); one in top-level code does.
    func enclosingContext(of node: Syntax) -> (String?, Syntax?) {
        var context: Syntax?
        var n: Syntax? = node.parent
        while let c = n {
            if let f = c.as(FunctionDeclSyntax.self) {
                return (f.name.text, Syntax(f))
            }
            if let b = c.as(PatternBindingSyntax.self), isMemberOrGlobal(b) {
                let bindingName = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                // A file-level binding of a file that runs statements (main.swift, a playground page, a script) is
                // read as the file runs, in order: the statements before it change what it reads.
                // (binding → its list → `let`/`var` → the file's item → its statements → the file)
                if let item = b.parent?.parent?.parent?.as(CodeBlockItemSyntax.self),
                    let file = item.parent?.parent?.as(SourceFileSyntax.self), runsStatements(file)
                {
                    return (bindingName, Syntax(file))
                }
                return (bindingName, Syntax(b))
            }
            if c.is(InitializerDeclSyntax.self) { return ("init", c) }
            if c.is(SourceFileSyntax.self) { context = c }
            n = c.parent
        }
        return (nil, context)
    }

    /// Whether a file has statements at its top level, not only declarations: code that runs in order, as in
    /// main.swift, a playground page or a script.
    func runsStatements(_ file: SourceFileSyntax) -> Bool {
        file.statements.contains { if case .decl = $0.item { false } else { true } }
    }

    /// A binding declared in a type or at file level (not a local inside a function).
    func isMemberOrGlobal(_ b: PatternBindingSyntax) -> Bool {
        var n: Syntax? = b.parent
        while let c = n {
            if c.is(MemberBlockItemSyntax.self) { return true }
            if c.is(CodeBlockSyntax.self) || c.is(ClosureExprSyntax.self) || c.is(AccessorBlockSyntax.self) {
                return false
            }
            if c.is(SourceFileSyntax.self) { return true }
            n = c.parent
        }
        return false
    }
}

/// `super.init(section:)`, `super.init { … }`, `self.init(sectionProvider:configuration:)` in an initializer of a
/// class that inherits from a compositional layout (`class ChipFlowLayout: UICollectionViewCompositionalLayout`):
/// the subclass's layout is built there, as by `UICollectionViewCompositionalLayout(…)`.
func initializesLayoutSuperclass(_ call: FunctionCallExprSyntax) -> Bool {
    guard let m = call.calledExpression.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "init",
        let base = m.base,
        base.is(SuperExprSyntax.self) || base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    else { return false }
    let label = call.arguments.first?.label?.text
    guard label == "section" || label == "sectionProvider" || (call.arguments.isEmpty && call.trailingClosure != nil)
    else { return false }
    var n: Syntax? = Syntax(call).parent
    while let c = n {
        if let cls = c.as(ClassDeclSyntax.self) {
            return cls.inheritanceClause?.inheritedTypes.contains {
                canonicalTypeName($0.type.trimmedDescription) == "UICollectionViewCompositionalLayout"
            } ?? false
        }
        n = c.parent
    }
    return false
}

/// Finds the constructions of a compositional layout: `UICollectionViewCompositionalLayout(…)` in any spelling,
/// with arguments or a trailing section-provider closure.
final class SiteFinder: SyntaxVisitor {
    var constructions: [FunctionCallExprSyntax] = []
    let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        super.init(viewMode: .sourceAccurate)
    }

    /// A construction's own text names `…CompositionalLayout` (the type, in any spelling) or holds both `init` and
    /// `section` or `Section` (`.init(section:)`, `.init(sectionProvider:)`, a layout subclass's `super.init { … }`
    /// returning an `NSCollectionLayoutSection`): a declaration or statement whose text (with the
    /// comments before it) has neither is not walked. In an app's view controller that is most of the code, and in
    /// a function that builds a layout most of its statements.
    func mayBuild(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        // (No bytes in the file: the node is all missing tokens, nothing to skip.)
        withBytes(of: node, in: bytes, trivia: true) { b in
            b.isEmpty || contains(b, "CompositionalLayout")
                || (contains(b, "init") && (contains(b, "section") || contains(b, "Section")))
                ? .visitChildren : .skipChildren
        }
    }

    override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind { mayBuild(node) }
    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind { mayBuild(node) }
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if Self.isConstruction(node) { constructions.append(node) }
        return .visitChildren
    }

    static func isConstruction(_ node: FunctionCallExprSyntax) -> Bool {
        var callee = node.calledExpression
        if let m = callee.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "init", let b = m.base {
            callee = b
        }
        if let r = callee.as(DeclReferenceExprSyntax.self),
            canonicalTypeName(r.baseName.text) == "UICollectionViewCompositionalLayout"
        {
            return true
        }
        if initializesLayoutSuperclass(node) { return true }
        // `.init(section:configuration:)` where a compositional layout is the type expected.
        if let m = callee.as(MemberAccessExprSyntax.self), m.base == nil, m.declName.baseName.text == "init",
            let label = node.arguments.first?.label?.text, label == "section" || label == "sectionProvider"
        {
            return true
        }
        return false
    }

    /// The constructions in one unit of a document reader's outline: found by walking it, or where they were
    /// last time (the unit's text unchanged; walked when one is not found there).
    func find(in unit: Syntax, _ how: OutlineUnit.Walk) {
        switch how {
        case .skip: return
        case .walk: walk(unit)
        case .relocate(let offsets):
            var found: [FunctionCallExprSyntax] = []
            for offset in offsets {
                guard let call = Self.construction(at: offset, in: unit) else { return walk(unit) }
                found.append(call)
            }
            constructions += found
        }
    }

    /// The construction whose text starts at `offset`, inside `node`.
    private static func construction(at offset: Int, in node: Syntax) -> FunctionCallExprSyntax? {
        guard let token = node.token(at: AbsolutePosition(utf8Offset: offset)) else { return nil }
        var n: Syntax? = Syntax(token)
        while let c = n, c.positionAfterSkippingLeadingTrivia.utf8Offset == offset {
            if let call = c.as(FunctionCallExprSyntax.self), isConstruction(call) { return call }
            n = c.parent
        }
        return nil
    }
}
