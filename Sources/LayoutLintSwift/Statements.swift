// The evaluator's statements: declarations, assignments, `if`/`guard`/`switch`, loops, `return`, `defer` and
// `#if`, with their bounds.

import LayoutLintCore
import SwiftSyntax

extension Evaluator {
    // MARK: statements

    func exec(_ items: CodeBlockItemListSyntax, _ scope: Scope, _ file: Int) throws -> Flow {
        // A local function can be called before its declaration (Swift looks it up in the whole block).
        for item in items {
            if case .decl(let d) = item.item, let f = d.as(FunctionDeclSyntax.self) { declareLocal(f, scope, file) }
        }
        for item in items {
            let flow = try exec(item.item, scope, file)
            if case .normal = flow { continue }
            return flow
        }
        return .normal
    }

    func exec(_ item: CodeBlockItemSyntax.Item, _ scope: Scope, _ file: Int) throws -> Flow {
        switch item {
        case .decl(let d):
            // `#if … #else … #endif` among statements: the active clause's statements, in this scope, with their
            // `return` (`var isEnabled: Bool { #if BETA return false #else return true #endif }`).
            if let ic = d.as(IfConfigDeclSyntax.self) {
                guard let clause = activeClause(ic), case .statements(let s)? = clause.elements else { return .normal }
                return try exec(s, scope, file)
            }
            try declare(d, scope, file)
            return .normal
        case .stmt(let s): return try exec(stmt: s, scope, file)
        case .expr(let e):
            try tick(rangeOf(e, file))
            // `if` and `switch` in statement position run their branches as statements.
            if let i = e.as(IfExprSyntax.self) { return try execIf(i, scope, file) }
            if let s = e.as(SwitchExprSyntax.self) { return try execSwitch(s, scope, file) }
            _ = try eval(e, scope, file)
            return .normal
        }
    }

    func declare(_ d: DeclSyntax, _ scope: Scope, _ file: Int) throws {
        if let v = d.as(VariableDeclSyntax.self) {
            for b in v.bindings {
                let type = b.typeAnnotation.map { module.text(of: $0.type, file: file) }
                var value: Value = .none
                if let ini = b.initializer?.value {
                    value = try eval(ini, scope, file, expected: expectation(ofType: type))
                } else if b.computedAccessors != nil {
                    // A local computed variable: read when used (rare; its getter runs each time).
                    value = .unknown(
                        Unknown(
                            what: b.pattern.trimmedDescription, range: rangeOf(b, file),
                            reason: "a local computed variable"))
                }
                // `.albums` where no type says what it is: the module's one static member or case of that name. (Not
                // where the annotation names another type: `let b: UICollectionLayoutSectionOrthogonalScrollingBehavior
                // = .groupPaging` is UIKit's, whatever the module declares.)
                if case .member(let m) = value,
                    type.map({ module.typeNames.contains($0) || module.enums[$0] != nil }) ?? true,
                    let resolved = try resolveImplicit(m, rangeOf(b, file))
                {
                    value = resolved
                }
                try bind(b.pattern, typed(value, as: type), type: type, scope, file)
            }
        } else if let f = d.as(FunctionDeclSyntax.self) {
            declareLocal(f, scope, file)
        }
    }

    /// A nested function, callable by name in its block.
    func declareLocal(_ f: FunctionDeclSyntax, _ scope: Scope, _ file: Int) {
        scope.declare(
            f.name.text,
            .closure(Closure(body: .function(FunctionRef(decl: f, file: file)), scope: scope, selfType: selfType)))
    }

    func bind(_ pattern: PatternSyntax, _ value: Value, type: String?, _ scope: Scope, _ file: Int) throws {
        if let id = pattern.as(IdentifierPatternSyntax.self) {
            scope.declare(id.identifier.text, value, type: type)
        } else if let t = pattern.as(TuplePatternSyntax.self) {
            if case .tuple(let parts) = value {
                for (p, v) in zip(t.elements, parts) { try bind(p.pattern, v.value, type: nil, scope, file) }
            } else {
                for p in t.elements {
                    try bind(
                        p.pattern,
                        .unknown(
                            Unknown(
                                what: p.pattern.trimmedDescription, range: rangeOf(p, file),
                                reason: "a tuple the evaluator cannot split")), type: nil, scope, file)
                }
            }
        } else if let vb = pattern.as(ValueBindingPatternSyntax.self) {
            try bind(vb.pattern, value, type: type, scope, file)
        }
        // `_` binds nothing.
    }

    func exec(stmt s: StmtSyntax, _ scope: Scope, _ file: Int) throws -> Flow {
        try tick(rangeOf(s, file))
        if let ret = s.as(ReturnStmtSyntax.self) {
            let expected = expectation(ofType: returnTypes.last ?? nil)
            return .returned(try ret.expression.map { try eval($0, scope, file, expected: expected) } ?? .void)
        }
        if let e = s.as(ExpressionStmtSyntax.self) {
            if let i = e.expression.as(IfExprSyntax.self) { return try execIf(i, scope, file) }
            if let sw = e.expression.as(SwitchExprSyntax.self) { return try execSwitch(sw, scope, file) }
            _ = try eval(e.expression, scope, file)
            return .normal
        }
        if let g = s.as(GuardStmtSyntax.self) {
            let inner = Scope(parent: scope)
            if try conditionsHold(g.conditions, inner, file) {
                // Bindings made by the conditions stay visible after the guard.
                for (k, v) in inner.vars { scope.vars[k] = v }
                return .normal
            }
            let flow = try exec(g.body.statements, Scope(parent: scope), file)
            if case .normal = flow { return .returned(.none) }
            return flow
        }
        if let f = s.as(ForStmtSyntax.self) { return try execFor(f, scope, file) }
        if let w = s.as(WhileStmtSyntax.self) {
            var n = 0
            while try loopGoesOn(
                [Syntax(w.body), Syntax(w.conditions)], scope, file,
                {
                    try conditionsHold(w.conditions, Scope(parent: scope), file, loop: true)
                })
            {
                n += 1
                if n > maxLoopIterations {
                    throw EvalStop(
                        kind: .limit,
                        message:
                            "a while loop ran more than \(maxLoopIterations) times: the layout is not read past it",
                        range: rangeOf(w.whileKeyword, file))
                }
                switch try exec(w.body.statements, Scope(parent: scope), file) {
                case .returned(let v): return .returned(v)
                case .broke: return .normal
                default: continue
                }
            }
            return .normal
        }
        if let rep = s.as(RepeatStmtSyntax.self) {
            var n = 0
            repeat {
                n += 1
                if n > maxLoopIterations {
                    throw EvalStop(
                        kind: .limit,
                        message:
                            "a repeat loop ran more than \(maxLoopIterations) times: the layout is not read past it",
                        range: rangeOf(rep.repeatKeyword, file))
                }
                switch try exec(rep.body.statements, Scope(parent: scope), file) {
                case .returned(let v): return .returned(v)
                case .broke: return .normal
                default: break
                }
            } while try loopGoesOn(
                [Syntax(rep.body), Syntax(rep.condition)], scope, file,
                {
                    try truth(rep.condition, scope, file, loop: true)
                })
            return .normal
        }
        if s.is(BreakStmtSyntax.self) { return .broke(s.as(BreakStmtSyntax.self)?.label?.text) }
        if s.is(ContinueStmtSyntax.self) { return .continued(s.as(ContinueStmtSyntax.self)?.label?.text) }
        if let d = s.as(DoStmtSyntax.self) { return try exec(d.body.statements, Scope(parent: scope), file) }
        if let l = s.as(LabeledStmtSyntax.self) {
            let flow = try exec(stmt: l.statement, scope, file)
            if case .broke(let label) = flow, label == l.label.text { return .normal }
            return flow
        }
        if s.is(DeferStmtSyntax.self) || s.is(FallThroughStmtSyntax.self) { return .normal }
        if s.is(ThrowStmtSyntax.self) { return .returned(.none) }
        return .normal
    }

    func execIf(_ i: IfExprSyntax, _ scope: Scope, _ file: Int) throws -> Flow {
        let inner = Scope(parent: scope)
        if try conditionsHold(i.conditions, inner, file) { return try exec(i.body.statements, inner, file) }
        switch i.elseBody {
        case .ifExpr(let e)?: return try execIf(e, scope, file)
        case .codeBlock(let b)?: return try exec(b.statements, Scope(parent: scope), file)
        case nil: return .normal
        }
    }

    func execSwitch(_ sw: SwitchExprSyntax, _ scope: Scope, _ file: Int) throws -> Flow {
        guard let (c, inner) = try selectCase(sw, scope, file) else { return .normal }
        let flow = try exec(c.statements, inner, file)
        if case .broke(nil) = flow { return .normal }
        return flow
    }

    func execFor(_ f: ForStmtSyntax, _ scope: Scope, _ file: Int) throws -> Flow {
        let seq = try eval(f.sequence, scope, file)
        guard case .array(let elements) = seq else {
            if case .unknown(let u) = seq {
                try stepOver(f, u, scope, file)
                return .normal
            }
            throw EvalStop(
                kind: .unsupported, message: "layoutlint cannot loop over \(f.sequence.trimmedDescription)",
                range: rangeOf(f.sequence, file))
        }
        for (n, el) in elements.enumerated() {
            if n >= maxLoopIterations {
                throw EvalStop(
                    kind: .limit,
                    message: "a for loop ran more than \(maxLoopIterations) times: the layout is not read past it",
                    range: rangeOf(f.forKeyword, file))
            }
            let inner = Scope(parent: scope)
            try bind(f.pattern, el, type: nil, inner, file)
            if let w = f.whereClause, try !truth(w.condition, inner, file) { continue }
            switch try exec(f.body.statements, inner, file) {
            case .returned(let v): return .returned(v)
            case .broke(let label) where label == nil: return .normal
            case .broke(let label): return .broke(label)
            default: continue
            }
        }
        return .normal
    }

    /// The conditions of an `if`, `guard` or `while`: expressions, `#available` (true: an iOS build of today;
    /// `#unavailable` false), and
    /// `if let` / `case` bindings, which bind into `scope`.
    /// `loop`: the conditions of a `while` (an unknown one stops the read instead of being assumed true).
    func conditionsHold(_ conds: ConditionElementListSyntax, _ scope: Scope, _ file: Int, loop: Bool = false) throws
        -> Bool
    {
        for c in conds {
            switch c.condition {
            case .expression(let e):
                if try !truth(e, scope, file, loop: loop) { return false }
            case .availability(let a):
                // `#available` holds on an iOS build of today; `#unavailable` does not.
                if a.availabilityKeyword.text == "#unavailable" { return false }
                continue
            case .optionalBinding(let b):
                let name = module.text(of: b.pattern, file: file)
                // `guard let self` after a `[weak self]` capture: self is there while the layout is built.
                if name == "self", b.initializer == nil { continue }
                let v =
                    try b.initializer.map { try eval($0.value, scope, file) }
                    ?? (scope.lookup(name)?.value ?? lookupName(name, rangeOf(b, file), scope, file))
                if case .none = v { return false }
                if case .unknown(let u) = v {
                    if loop { throw UnknownLoopCondition(unknown: u, condition: Syntax(b)) }
                    note(
                        .swiftAssumption, .information,
                        "\(u.what) depends on \(u.reason): layoutlint assumed it has a value (the `if let` branch)",
                        u.range)
                }
                try bind(b.pattern, v, type: b.typeAnnotation.map { module.text(of: $0.type, file: file) }, scope, file)
            case .matchingPattern(let m):
                let v = try eval(m.initializer.value, scope, file)
                if try !matches(m.pattern, v, scope, file) { return false }
            default:
                continue
            }
        }
        return true
    }

    /// A loop's condition only the running app knows (`UnknownLoopCondition`): the rest of the loop is stepped
    /// over (`stepOver`), and the loop ends there; a body that may change more than its variables stops the read.
    func loopGoesOn(_ parts: [Syntax], _ scope: Scope, _ file: Int, _ condition: () throws -> Bool) throws -> Bool {
        do { return try condition() } catch let c as UnknownLoopCondition {
            try stepOver(parts, because: c.unknown, at: rangeOf(c.condition, file), scope) {
                throw EvalStop(
                    kind: .unknown,
                    message:
                        "layoutlint cannot tell when this loop ends: \(c.condition.trimmedDescription) depends on \(c.unknown.reason) (\(c.unknown.what))",
                    range: rangeOf(c.condition, file))
            }
            return false
        }
    }

    /// A condition's truth. A condition on app state is not guessed silently: the first branch is taken and an
    /// information diagnostic names the expression. Not in a loop's condition (`loop`): it throws
    /// `UnknownLoopCondition`, for the loop to step over what it would do.
    func truth(_ e: ExprSyntax, _ scope: Scope, _ file: Int, loop: Bool = false) throws -> Bool {
        let v = try eval(e, scope, file)
        switch v {
        case .bool(let b):
            return b
        case .unknown(let u) where loop:
            throw UnknownLoopCondition(unknown: u, condition: Syntax(e))
        case .unknown(let u):
            note(
                .swiftAssumption, .information,
                "\(e.trimmedDescription) depends on \(u.reason) (\(u.what)): layoutlint read the layout as if it were true",
                rangeOf(e, file))
            return true
        default:
            throw EvalStop(
                kind: .unsupported, message: "layoutlint cannot read \(e.trimmedDescription) as a condition",
                range: rangeOf(e, file))
        }
    }

    /// The case a `switch` takes, with the scope its bindings went into; nil when none matches.
    func selectCase(_ sw: SwitchExprSyntax, _ scope: Scope, _ file: Int) throws -> (SwitchCaseSyntax, Scope)? {
        let before = indexReads
        let subject = try eval(sw.subject, scope, file)
        let onIndex = indexReads > before
        if case .unknown(let u) = subject {
            // Each case would be a layout of its own; the first is read and the assumption named.
            note(
                .swiftAssumption, .information,
                "switch \(sw.subject.trimmedDescription) depends on \(u.reason): layoutlint read its first case",
                rangeOf(sw.subject, file))
            for el in sw.cases {
                if case .switchCase(let c) = el, !Self.isRecovered(c) { return (c, Scope(parent: scope)) }
            }
            return nil
        }
        var fallback: SwitchCaseSyntax?
        for el in sw.cases {
            guard case .switchCase(let c) = el, !Self.isRecovered(c) else { continue }
            switch c.label {
            case .default:
                fallback = c
            case .case(let label):
                for item in label.caseItems {
                    let inner = Scope(parent: scope)
                    if onIndex, let ep = item.pattern.as(ExpressionPatternSyntax.self),
                        let n = (try? eval(ep.expression, inner, file))?.integer, n <= Self.maxIndexHorizon
                    {
                        indexHorizon = max(indexHorizon, n)
                    }
                    if try matches(item.pattern, subject, inner, file) {
                        if let w = item.whereClause, try !truth(w.condition, inner, file) { continue }
                        // (Or a struct made from the index earlier, `let section = Section(rawValue: index)`, equal to
                        // one of its static constants, `case .featured:`: that constant names this section.)
                        if onIndex
                            || (indexReads > 0 && isRecord(subject) && item.pattern.is(ExpressionPatternSyntax.self))
                        {
                            indexMatched = true
                        }
                        return (c, inner)
                    }
                }
            }
        }
        // Fell to `default` (or past every case): the cases name the sections still to ask for.
        return fallback.map { ($0, Scope(parent: scope)) }
    }

    /// The enum `name` means at `range` (a module offset): the one nested in the type whose code runs, else the one
    /// of that file (`SwiftModule.enumNamed`).
    func enumNamed(_ name: String, at range: ByteRange) -> EnumEntry? {
        module.enumNamed(name, file: module.regions == nil ? module.locate(range.start).file : 0, owner: selfType)
    }

    func isRecord(_ v: Value) -> Bool { if case .record = v { true } else { false } }

    /// Whether the parser made this case up around statements that stand where a `case` belongs (half-typed code:
    /// `xcase 0:`): it has no label of the user's, and matches nothing.
    static func isRecovered(_ c: SwitchCaseSyntax) -> Bool {
        if case .case(let label) = c.label { return label.caseKeyword.presence == .missing }
        return false
    }

    /// Whether `value` matches a `case` pattern (binding what the pattern binds into `scope`).
    func matches(_ p: PatternSyntax, _ value: Value, _ scope: Scope, _ file: Int) throws -> Bool {
        if p.is(WildcardPatternSyntax.self) { return true }
        if let id = p.as(IdentifierPatternSyntax.self) { scope.declare(id.identifier.text, value); return true }
        if let vb = p.as(ValueBindingPatternSyntax.self) { return try matches(vb.pattern, value, scope, file) }
        if let ep = p.as(ExpressionPatternSyntax.self) {
            let e = ep.expression.as(SequenceExprSyntax.self).map { module.folded($0, file: file) } ?? ep.expression
            // `.some(x)` / `let x?` and tuple patterns are rare in layout code; ranges and values are common.
            if let ipe = e.as(InfixOperatorExprSyntax.self), let op = ipe.operator.as(BinaryOperatorExprSyntax.self),
                op.operator.text == "..<" || op.operator.text == "...", let v = value.number
            {
                let lo = try eval(ipe.leftOperand, scope, file).number ?? -.infinity
                let hi = try eval(ipe.rightOperand, scope, file).number ?? .infinity
                return v >= lo && (op.operator.text == "..<" ? v < hi : v <= hi)
            }
            // One-sided ranges: `case 3...:`, `case ...5:`, `case ..<5:`.
            if let post = e.as(PostfixOperatorExprSyntax.self), post.operator.text == "...", let v = value.number {
                return v >= (try eval(post.expression, scope, file).number ?? .infinity)
            }
            if let pre = e.as(PrefixOperatorExprSyntax.self), pre.operator.text == "..." || pre.operator.text == "..<",
                let v = value.number
            {
                let hi = try eval(pre.expression, scope, file).number ?? -.infinity
                return pre.operator.text == "..<" ? v < hi : v <= hi
            }
            if let pat = e.as(PatternExprSyntax.self) { return try matches(pat.pattern, value, scope, file) }
            if let t = e.as(TupleExprSyntax.self), case .tuple(let parts) = value, t.elements.count == parts.count {
                for (el, part) in zip(t.elements, parts) {
                    if el.expression.is(DiscardAssignmentExprSyntax.self) { continue }
                    if !(try equal(eval(el.expression, scope, file), part.value)) { return false }
                }
                return true
            }
            let v = try eval(e, scope, file, expected: expectation(like: value))
            return equal(v, value)
        }
        return false
    }
}

/// A loop condition only the running app knows (`while offset < items.count`), thrown from `truth` to the loop.
struct UnknownLoopCondition: Error {
    let unknown: Unknown
    let condition: Syntax
}
