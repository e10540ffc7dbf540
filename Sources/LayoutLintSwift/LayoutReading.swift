// Reading one layout site: the evaluator run in each environment, the partial reads and the notes of what it did
// not read, and the context code (a view controller's `viewDidLoad`) that runs before the construction.

import Foundation
import LayoutLintCore
import SwiftSyntax

extension SwiftFrontEnd {
    /// Evaluates one layout in each environment (once, when nothing it reads depends on the environment). Where it
    /// cannot be read in some environments (a branch for wide screens that needs a value of the running app), it is
    /// checked in the others, and a note says in which it is not.
    static func readLayout(
        _ site: LayoutSite, module: SwiftModule, environments: [LayoutEnvironment], options: LintOptions
    ) -> SiteEvaluation {
        var out = SiteEvaluation()
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
            // (A note of every environment once, at its most severe: `screen-size-in-layout` is a warning on iPad.)
            for n in ev.notes {
                if let i = out.notes.firstIndex(where: {
                    $0.rule == n.rule && $0.range == n.range && $0.message == n.message
                }) {
                    out.notes[i].severity = max(out.notes[i].severity, n.severity)
                } else {
                    out.notes.append(n)
                }
            }
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
            if let i = places.firstIndex(where: { $0.stop.range == s.stop.range && $0.stop.message == s.stop.message })
            {
                places[i].envs.append(s.env.name)
            } else {
                places.append((s.stop, [s.env.name]))
            }
        }
        for p in places {
            out.notes.append(
                EvalNote(
                    rule: .swiftUnresolved, severity: .information,
                    message: p.stop.message
                        + "; layoutlint does not check \(site.name) in \(p.envs.joined(separator: ", ")) (it checks the other environments)",
                    range: p.stop.range))
        }
        out.documents = documents
        if !skipped.isEmpty { out.environments = read }
        return out
    }

    /// A layout not read: the stop as a note at its place (with the notes made before it).
    private static func notRead(_ site: LayoutSite, _ stop: EvalStop, _ ev: Evaluator, _ partial: SiteEvaluation)
        -> SiteEvaluation
    {
        var out = partial
        ev.note(
            stop.kind == .limit ? .swiftLimit : .swiftUnresolved, stop.kind == .limit ? .warning : .information,
            stop.kind == .limit
                ? stop.message : stop.message + "; layoutlint does not check \(site.name)" + overrides(site, ev),
            stop.range)
        out.notes += ev.notes
        out.documents = nil
        return out
    }

    /// Where the method that builds the layout at `site` is overridden in subclasses the files declare (a base
    /// class's placeholder provider): " (A and B override it: each override is a layout of its own)", else "".
    private static func overrides(_ site: LayoutSite, _ ev: Evaluator) -> String {
        guard let f = site.context?.as(FunctionDeclSyntax.self), let owner = contextOwner(site.context, ev.module)
        else { return "" }
        let subclasses = (ev.module.functions[f.name.text] ?? []).compactMap { e -> String? in
            guard let o = e.owner, o != owner,
                e.decl.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) }),
                ev.memberOwners(o).contains(owner)
            else { return nil }
            return o
        }
        guard !subclasses.isEmpty else { return "" }
        let names = Array(Set(subclasses)).sorted()
        let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
        return " (\(list) override\(names.count == 1 ? "s" : "") \(f.name.text): each override is a layout of its own)"
    }

    /// Runs the code that builds the layout at `site` and returns the layout object it made.
    static func evaluateSite(_ site: LayoutSite, _ ev: Evaluator) throws -> APIObject {
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
                let scope =
                    firstStop == nil
                    ? try ev.scope(before: Syntax(call), in: site.context, file: site.file) : Scope(parent: nil)
                guard case .object(let o) = try ev.eval(ExprSyntax(call), scope, site.file), o.kind == .layout else {
                    throw firstStop
                        ?? EvalStop(
                            kind: .unsupported, message: "layoutlint could not read this layout", range: site.range)
                }
                return o
            } catch let s as EvalStop { throw firstStop ?? s }
        case .returnsSection(let f, let p), .returnsGroup(let f, let p):
            var v: Value
            if let f {
                v = try ev.callFunction(
                    FunctionRef(decl: f.decl, file: f.file), owner: f.owner, args: [], callRange: site.range)
            } else if let p, let name = p.binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                v = try ev.readProperty(name, owner: p.owner, site.range) ?? .none
            } else {
                v = .none
            }
            if case .unknown(let u) = v { try ev.stopUnknown(u, site.name) }
            // A returned provider closure (`builtType`): called as the library that takes it would, its parameters
            // the app's values (unknown) unless they are a layout environment.
            if case .closure(let c) = v, case .closure(let e, _) = c.body {
                let args = closureParameters(e).map {
                    ev.parameterStandIn(type: $0.type, name: $0.name, range: ev.rangeOf($0.node, site.file))
                }
                v = try ev.callClosure(c, args: args, callRange: site.range)
                if case .unknown(let u) = v { try ev.stopUnknown(u, site.name) }
            }
            guard case .object(var o) = v else {
                throw EvalStop(
                    kind: .unsupported,
                    message: "\(site.name) does not return a section or a group that layoutlint can read",
                    range: site.range)
            }
            if o.kind == .group {
                let s = APIObject(.section, range: o.range)
                s[.group] = .object(o)
                o = s
            }
            guard o.kind == .section else {
                throw EvalStop(
                    kind: .unsupported, message: "\(site.name) does not return a section or a group", range: site.range)
            }
            let layout = APIObject(.layout, range: site.range)
            layout[.section] = .object(o)
            return layout
        }
    }

    /// The type a function or property that holds a construction is a member of.
    static func contextOwner(_ context: Syntax?, _ module: SwiftModule) -> String? {
        if let f = context?.as(FunctionDeclSyntax.self),
            let e = module.functions[f.name.text]?.first(where: { $0.decl.id == f.id })
        {
            return e.owner
        }
        if let b = context?.as(PatternBindingSyntax.self),
            let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let e = module.properties[name]?.first(where: { $0.binding.id == b.id })
        {
            return e.owner
        }
        // A local function, an initializer: the type whose body holds it.
        return context.flatMap(enclosingTypeName)
    }

    /// The type (or extended type) whose body holds `node`, as the module indexes its members.
    static func enclosingTypeName(_ node: Syntax) -> String? {
        var n = node.parent
        while let c = n {
            if let t = c.as(ClassDeclSyntax.self) { return t.name.text }
            if let t = c.as(StructDeclSyntax.self) { return t.name.text }
            if let t = c.as(EnumDeclSyntax.self) { return t.name.text }
            if let t = c.as(ActorDeclSyntax.self) { return t.name.text }
            if let e = c.as(ExtensionDeclSyntax.self) { return e.extendedType.trimmedDescription }
            n = c.parent
        }
        return nil
    }

    /// Runs the declaration whose code holds a construction: a function (its parameters as a caller would pass
    /// them where that is known), a property's getter or initializer, an initializer, or a file's top-level code.
    static func runContext(_ context: Syntax, file: Int, _ ev: Evaluator) throws {
        if let f = context.as(FunctionDeclSyntax.self) {
            _ = try ev.callFunction(
                FunctionRef(decl: f, file: file), owner: contextOwner(context, ev.module), args: [],
                callRange: ev.rangeOf(f, file))
        } else if let b = context.as(PatternBindingSyntax.self),
            let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        {
            _ = try ev.readProperty(name, owner: contextOwner(context, ev.module), ev.rangeOf(b, file))
        } else if let i = context.as(InitializerDeclSyntax.self), let body = i.body {
            // (Its parameters as a function's read as a layout of its own: defaults, else unknown.)
            let scope = try ev.bindParameters(
                i.signature.parameterClause, args: [], file: file, owner: enclosingTypeName(context))
            _ = try ev.runBody(
                body.statements, scope: scope, file: file, owner: enclosingTypeName(context), name: "init", type: nil)
        } else if let s = context.as(SourceFileSyntax.self) {
            _ = try ev.exec(s.statements, Scope(parent: nil), file)
        }
    }
}
