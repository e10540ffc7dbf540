// The evaluator: runs the Swift that builds a layout, as far as its values can be known from the source, in one
// environment. It follows locals and their later mutation, helpers and computed properties anywhere in the module
// (with parameters and default arguments), constants, ternaries, `if`/`switch`/`guard` (statements and expressions),
// bounded loops, `#available` and `#if` as an iOS build sees them, and reads the layout environment, the screen,
// the device and views' bounds from the environment being resolved. What depends on app state is not guessed:
// it is `Value.unknown`, and reading it where the layout needs a value stops that element with a diagnostic.
// Work is bounded (steps, call depth, expression depth, loop iterations): a bound reached is a diagnostic.

import LayoutLintCore
import SwiftSyntax

struct EvalStop: Error {
    enum Kind { case unknown, unsupported, limit }
    let kind: Kind
    let message: String
    let range: ByteRange
}

enum Flow {
    case normal
    case returned(Value)
    case broke(String?)
    case continued(String?)
}

/// What the evaluator tells the user (information: an assumption or a value it cannot know; warning: a bound).
struct EvalNote {
    var rule: RuleID
    var severity: Severity
    var message: String
    var range: ByteRange
}

/// The types whose members the evaluator reads as the layout environment's.
enum EnvRead { case environment, container, traits, screen, device, view }

final class Evaluator {
    let module: SwiftModule
    let env: LayoutEnvironment
    var configuration = LayoutConfiguration()
    var steps = 0
    var maxSteps = 1_000_000
    var callDepth = 0
    let maxCallDepth = 64
    var exprDepth = 0
    let maxExprDepth = 400
    let maxLoopIterations = 10_000
    /// Set when a value read the environment (the layout must be evaluated again in each environment).
    var readsEnvironment = false
    var notes: [EvalNote] = []
    private var noted: Set<String> = []
    /// Module offsets of the functions and properties entered (a section-returning function that a construction
    /// reaches is not a layout of its own).
    var reached: Set<Int> = []
    /// The layouts made by each construction (by the module offset of its call).
    var constructed: [Int: Obj] = [:]
    /// Stored properties read so far (each initializer runs once per evaluation).
    private var stored: [Int: Box] = [:]
    private var evaluatingStored: Set<Int> = []
    /// The type whose member code runs (to prefer its own members over same-named ones elsewhere).
    var selfType: String?
    /// `self` where the code runs on a value the evaluator knows (an enum case's computed property or method).
    var selfValue: Value?
    /// `self` for the next body run (set by a member access on such a value).
    var pendingSelf: Value?
    /// The user function names being run, innermost last (a section is named after the function that made it).
    var functionStack: [String] = []
    /// The section provider's index variable and how it was used during one call.
    var indexBox: Box?
    var indexReads = 0
    var indexMatched = false
    /// The index went past what the code lists (`Kind(rawValue: sectionIndex)` is nil): no section is there.
    var indexPastEnd = false
    /// The index was wrapped (`sectionIndex % n`): a subscript with it matches every index, so it names none.
    var indexWrapped = false
    /// The largest index a comparison or a `case` named while it did not hold (`if sectionIndex == 1` in section
    /// 0): the provider is asked for the sections up to it.
    var indexHorizon = 0
    /// The return types of the functions and closures running, innermost last (`return .init(…)` reads it).
    var returnTypes: [String?] = []
    /// Dimensions whose value the spec reader would reject (their element is not laid out).
    var invalidDimensions: Set<ByteRange> = []
    /// The names the code looked up where the module declares nothing of that name (`MissingName`).
    var missing: Set<MissingName> = []
    /// The stored properties of the value a user initializer is making (`userInitializer`): `self.x` is one of them.
    var initializing: Scope?

    func setStored(_ key: Int, _ box: Box) { stored[key] = box }
    static let maxIndexHorizon = 64

    init(module: SwiftModule, environment: LayoutEnvironment) {
        self.module = module
        self.env = environment
    }

    func r(_ node: some SyntaxProtocol, _ file: Int) -> ByteRange { module.range(node, file: file) }

    func note(_ rule: RuleID, _ severity: Severity, _ message: String, _ range: ByteRange) {
        let key = "\(rule)|\(range.start)|\(message)"
        guard noted.insert(key).inserted else { return }
        notes.append(EvalNote(rule: rule, severity: severity, message: message, range: range))
    }

    func tick(_ range: ByteRange) throws {
        steps += 1
        if steps > maxSteps {
            throw EvalStop(kind: .limit, message: "evaluation stopped after \(maxSteps) steps (a loop that does not end, or recursion): the layout is not read past this point", range: range)
        }
    }

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
        case .decl(let d): try declare(d, scope, file); return .normal
        case .stmt(let s): return try exec(stmt: s, scope, file)
        case .expr(let e):
            try tick(r(e, file))
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
                } else if b.accessorBlock != nil {
                    // A local computed variable: read when used (rare; its getter runs each time).
                    value = .unknown(Unknown(what: b.pattern.trimmedDescription, range: r(b, file), reason: "a local computed variable"))
                }
                // `.albums` where no type says what it is: the module's one static member or case of that name. (Not
                // where the annotation names another type: `let b: UICollectionLayoutSectionOrthogonalScrollingBehavior
                // = .groupPaging` is UIKit's, whatever the module declares.)
                if case .member(let m) = value, type.map({ module.typeNames.contains($0) || module.enums[$0] != nil }) ?? true,
                   let resolved = try resolveImplicit(m, r(b, file)) { value = resolved }
                try bind(b.pattern, typed(value, as: type), type: type, scope, file)
            }
        } else if let f = d.as(FunctionDeclSyntax.self) {
            declareLocal(f, scope, file)
        } else if let ic = d.as(IfConfigDeclSyntax.self), let clause = activeClause(ic), case .statements(let s)? = clause.elements {
            _ = try exec(s, scope, file)
        }
    }

    /// A nested function, callable by name in its block.
    func declareLocal(_ f: FunctionDeclSyntax, _ scope: Scope, _ file: Int) {
        scope.declare(f.name.text, .closure(Closure(body: .function(FunctionRef(decl: f, file: file)), scope: scope, selfType: selfType)))
    }

    func bind(_ pattern: PatternSyntax, _ value: Value, type: String?, _ scope: Scope, _ file: Int) throws {
        if let id = pattern.as(IdentifierPatternSyntax.self) {
            scope.declare(id.identifier.text, value, type: type)
        } else if let t = pattern.as(TuplePatternSyntax.self) {
            if case .tuple(let parts) = value {
                for (p, v) in zip(t.elements, parts) { try bind(p.pattern, v.value, type: nil, scope, file) }
            } else {
                for p in t.elements { try bind(p.pattern, .unknown(Unknown(what: p.pattern.trimmedDescription, range: r(p, file), reason: "a tuple the evaluator cannot split")), type: nil, scope, file) }
            }
        } else if let vb = pattern.as(ValueBindingPatternSyntax.self) {
            try bind(vb.pattern, value, type: type, scope, file)
        }
        // `_` binds nothing.
    }

    func exec(stmt s: StmtSyntax, _ scope: Scope, _ file: Int) throws -> Flow {
        try tick(r(s, file))
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
            while try conditionsHold(w.conditions, Scope(parent: scope), file, loop: true) {
                n += 1
                if n > maxLoopIterations { throw EvalStop(kind: .limit, message: "a while loop ran more than \(maxLoopIterations) times: the layout is not read past it", range: r(w.whileKeyword, file)) }
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
                if n > maxLoopIterations { throw EvalStop(kind: .limit, message: "a repeat loop ran more than \(maxLoopIterations) times: the layout is not read past it", range: r(rep.repeatKeyword, file)) }
                switch try exec(rep.body.statements, Scope(parent: scope), file) {
                case .returned(let v): return .returned(v)
                case .broke: return .normal
                default: break
                }
            } while try truth(rep.condition, scope, file, loop: true)
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
            if case .unknown(let u) = seq { try stopUnknown(u, "a loop over it") }
            throw EvalStop(kind: .unsupported, message: "layoutlint cannot loop over \(f.sequence.trimmedDescription)", range: r(f.sequence, file))
        }
        for (n, el) in elements.enumerated() {
            if n >= maxLoopIterations { throw EvalStop(kind: .limit, message: "a for loop ran more than \(maxLoopIterations) times: the layout is not read past it", range: r(f.forKeyword, file)) }
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
    func conditionsHold(_ conds: ConditionElementListSyntax, _ scope: Scope, _ file: Int, loop: Bool = false) throws -> Bool {
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
                let v = try b.initializer.map { try eval($0.value, scope, file) } ?? (scope.lookup(name)?.value ?? lookupName(name, r(b, file), scope, file))
                if case .none = v { return false }
                if case .unknown(let u) = v {
                    note(.swiftAssumption, .information, "\(u.what) depends on \(u.reason): layoutlint assumed it has a value (the `if let` branch)", u.range)
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

    /// A condition's truth. A condition on app state is not guessed silently: the first branch is taken and an
    /// information diagnostic names the expression. Not in a loop's condition (`loop`): assumed true, the loop would
    /// run to the iteration bound, so the read stops there with a note on what the condition depends on.
    func truth(_ e: ExprSyntax, _ scope: Scope, _ file: Int, loop: Bool = false) throws -> Bool {
        let v = try eval(e, scope, file)
        switch v {
        case .bool(let b):
            return b
        case .unknown(let u) where loop:
            throw EvalStop(kind: .unknown, message: "layoutlint cannot tell when this loop ends: \(e.trimmedDescription) depends on \(u.reason) (\(u.what))", range: r(e, file))
        case .unknown(let u):
            note(.swiftAssumption, .information, "\(e.trimmedDescription) depends on \(u.reason) (\(u.what)): layoutlint read the layout as if it were true", r(e, file))
            return true
        default:
            throw EvalStop(kind: .unsupported, message: "layoutlint cannot read \(e.trimmedDescription) as a condition", range: r(e, file))
        }
    }

    /// The case a `switch` takes, with the scope its bindings went into; nil when none matches.
    func selectCase(_ sw: SwitchExprSyntax, _ scope: Scope, _ file: Int) throws -> (SwitchCaseSyntax, Scope)? {
        let before = indexReads
        let subject = try eval(sw.subject, scope, file)
        let onIndex = indexReads > before
        if case .unknown(let u) = subject {
            // Each case would be a layout of its own; the first is read and the assumption named.
            note(.swiftAssumption, .information, "switch \(sw.subject.trimmedDescription) depends on \(u.reason): layoutlint read its first case", r(sw.subject, file))
            for el in sw.cases { if case .switchCase(let c) = el, !Self.isRecovered(c) { return (c, Scope(parent: scope)) } }
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
                       let n = (try? eval(ep.expression, inner, file))?.integer, n <= Self.maxIndexHorizon {
                        indexHorizon = max(indexHorizon, n)
                    }
                    if try matches(item.pattern, subject, inner, file) {
                        if let w = item.whereClause, try !truth(w.condition, inner, file) { continue }
                        // (Or a struct made from the index earlier, `let section = Section(rawValue: index)`, equal to
                        // one of its static constants, `case .featured:`: that constant names this section.)
                        if onIndex || (indexReads > 0 && isRecord(subject) && item.pattern.is(ExpressionPatternSyntax.self)) { indexMatched = true }
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
               op.operator.text == "..<" || op.operator.text == "...", let v = value.number {
                let lo = try eval(ipe.leftOperand, scope, file).number ?? -.infinity
                let hi = try eval(ipe.rightOperand, scope, file).number ?? .infinity
                return v >= lo && (op.operator.text == "..<" ? v < hi : v <= hi)
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

    // MARK: names

    /// A name not declared locally: `self`'s members and the module's properties, constants and enum types.
    func lookupName(_ name: String, _ range: ByteRange, _ scope: Scope, _ file: Int) throws -> Value {
        // Inside a member of a value the evaluator knows, a bare name is first that value's member.
        switch selfValue {
        case .record(_, let fields)? where fields[name] != nil: return fields[name]!
        case .object(let o)? where o.fields[name] != nil: return o.fields[name]!
        case .object(let o)? where UIKitAPI.property(name, of: o.kind) != nil && !(module.properties[name]?.contains { $0.owner == selfType } ?? false):
            return try objectMember(o, name, range)
        default: break
        }
        if let v = try readProperty(name, owner: nil, range) { return v }
        if module.enums[name] != nil || module.typeNames.contains(name) { return .type(name) }
        if let f = module.functions[name]?.first {
            return .closure(Closure(body: .function(FunctionRef(decl: f.decl, file: f.file)), scope: Scope(parent: nil), selfType: f.owner))
        }
        if let v = globalAPIValue(name, range) { return v }
        // A type the files read do not declare (UIKit's, Foundation's): its static members are read by name.
        missing.insert(.bare(name, in: selfType))
        if let f = name.unicodeScalars.first, f.properties.isUppercase { return .type(canonicalTypeName(name)) }
        return .unknown(Unknown(what: name, range: range, reason: "a value not declared in the files read"))
    }

    /// An implicit member whose type the evaluator did not know where it was written (`.albums` in a `[GridStyle]`):
    /// the one static property or enum case of that name in the module.
    func resolveImplicit(_ name: String, _ range: ByteRange) throws -> Value? {
        let statics = (module.properties[name] ?? []).filter { $0.isStatic && $0.owner != nil }
        if statics.count == 1, let p = statics.first { return try readProperty(name, owner: p.owner, range) }
        let enums = module.enums(withCase: name)
        if enums.count == 1, let e = enums.first, let i = e.cases.firstIndex(where: { $0.name == name }) { return enumCaseValue(e, i) }
        return nil
    }

    /// The API type whose extensions hold an object's methods (`extension NSCollectionLayoutSection { … }`).
    func apiTypeNames(_ kind: Obj.Kind) -> [String] { UIKitAPI.classes(kind) }

    /// A user type's memberwise initializer: its stored properties in order, each from its argument or its default.
    func memberwise(_ type: String, _ args: [Arg], _ range: ByteRange) throws -> Value? {
        guard let stored = module.storedProperties[type], !stored.isEmpty else { return nil }
        var fields: [String: Value] = [:]
        var i = 0
        for p in stored {
            guard let name = p.binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if i < args.count, args[i].label == name {
                fields[name] = typed(args[i].value, as: p.type)
                i += 1
            } else if let ini = p.binding.initializer?.value {
                fields[name] = typed(try eval(ini, Scope(parent: nil), p.file, expected: expectation(ofType: p.type)), as: p.type)
            } else {
                return nil
            }
        }
        return i == args.count ? .record(type: type, fields: fields) : nil
    }

    /// A property of the module by name (preferring `owner`, then the type whose code runs): a computed property's
    /// getter runs; a stored one's initializer runs once. A stored property without a value in the source depends
    /// on app state.
    func readProperty(_ name: String, owner: String?, _ range: ByteRange) throws -> Value? {
        guard let candidates = module.properties[name], !candidates.isEmpty else { return nil }
        let want = owner ?? selfType
        let p = candidates.first { $0.owner == want } ?? candidates.first { owner == nil && $0.owner == nil } ?? candidates[0]
        let key = module.range(p.binding, file: p.file).start
        reached.insert(key)
        let type = p.type
        if let acc = p.binding.accessorBlock {
            let body: CodeBlockItemListSyntax?
            switch acc.accessors {
            case .getter(let items): body = items
            case .accessors(let list): body = list.first { $0.accessorSpecifier.text == "get" }?.body?.statements
            }
            guard let body else { return .unknown(Unknown(what: name, range: range, reason: "a property without a getter")) }
            return try runBody(body, scope: Scope(parent: nil), file: p.file, owner: p.owner, name: name, type: type)
        }
        if let b = stored[key] { return b.value }
        guard let ini = p.binding.initializer?.value else {
            return .unknown(Unknown(what: name, range: range, reason: "app state (a stored property with no value in the source)"))
        }
        guard evaluatingStored.insert(key).inserted else {
            throw EvalStop(kind: .limit, message: "\(name) is defined in terms of itself", range: range)
        }
        defer { evaluatingStored.remove(key) }
        let saved = selfType
        selfType = p.owner
        defer { selfType = saved }
        var v = typed(try eval(ini, Scope(parent: nil), p.file, expected: expectation(ofType: type)), as: type)
        if !p.isLet && !p.isStatic && !p.isLazy && p.owner != nil {
            if case .closure = v {} else if case .object = v {} else {
                note(.swiftAssumption, .information, "\(name) is a stored `var`: layoutlint read its initial value (\(describe(v))); if the app changes it, the layout changes too", range)
            }
        }
        if case .unknown(let u) = v { v = .unknown(u) }
        stored[key] = Box(v, type: type)
        return v
    }

    /// Runs a body (a getter, a function, a closure) and returns what it returns; a single expression is returned
    /// implicitly.
    func runBody(_ body: CodeBlockItemListSyntax, scope: Scope, file: Int, owner: String?, name: String?, type: String?) throws -> Value {
        callDepth += 1
        defer { callDepth -= 1 }
        if callDepth > maxCallDepth {
            throw EvalStop(kind: .limit, message: "calls nest more than \(maxCallDepth) deep (recursion): the layout is not read past this point", range: module.range(body, file: file))
        }
        let savedSelf = selfType, savedValue = selfValue
        if let p = pendingSelf { selfValue = p; pendingSelf = nil } else if owner != selfType { selfValue = nil }
        if let owner { selfType = owner }
        defer { selfType = savedSelf; selfValue = savedValue }
        if let name { functionStack.append(name) }
        defer { if name != nil { functionStack.removeLast() } }
        returnTypes.append(type)
        defer { returnTypes.removeLast() }
        if body.count == 1, let only = body.first, case .expr(let e) = only.item {
            return typed(try eval(e, scope, file, expected: expectation(ofType: type)), as: type)
        }
        switch try exec(body, scope, file) {
        case .returned(let v): return typed(v, as: type)
        default: return .void
        }
    }

    // MARK: calls of module functions and closures

    func callFunction(_ f: FunctionRef, owner: String?, args: [Arg], callRange: ByteRange) throws -> Value {
        let decl = f.decl
        reached.insert(module.range(decl, file: f.file).start)
        guard let body = decl.body else { return .unknown(Unknown(what: decl.name.text, range: callRange, reason: "a function without a body")) }
        let scope = try bindParameters(decl.signature.parameterClause, args: args, file: f.file)
        return try runBody(body.statements, scope: scope, file: f.file, owner: owner, name: decl.name.text,
                           type: decl.signature.returnClause.map { module.text(of: $0.type, file: f.file) })
    }

    /// A scope with a function's (or an initializer's) parameters bound: the arguments given, else the defaults,
    /// else the stand-ins of a function read as a layout of its own (`parameterStandIn`).
    func bindParameters(_ clause: FunctionParameterClauseSyntax, args: [Arg], file: Int) throws -> Scope {
        let scope = Scope(parent: nil)
        var i = 0
        for p in clause.parameters {
            let external: String? = p.firstName.text == "_" ? nil : p.firstName.text
            let internalName = (p.secondName ?? p.firstName).text
            let type = module.text(of: p.type, file: file)
            if p.ellipsis != nil {
                var rest: [Value] = []
                while i < args.count, rest.isEmpty ? args[i].label == external : args[i].label == nil { rest.append(args[i].value); i += 1 }
                scope.declare(internalName, .array(rest), type: nil)
                continue
            }
            if i < args.count, args[i].label == external {
                scope.declare(internalName, typed(args[i].value, as: type), type: type)
                i += 1
            } else if let d = p.defaultValue?.value {
                scope.declare(internalName, typed(try eval(d, Scope(parent: nil), file, expected: expectation(ofType: type)), as: type), type: type)
            } else if i < args.count {
                scope.declare(internalName, typed(args[i].value, as: type), type: type)
                i += 1
            } else {
                scope.declare(internalName, parameterStandIn(type: type, name: internalName, range: module.range(p, file: file)), type: type)
            }
        }
        return scope
    }

    /// What a parameter holds when a function is read as a layout of its own (no caller passes it): the layout
    /// environment for an environment, the first section for an index, and otherwise app state.
    func parameterStandIn(type: String, name: String, range: ByteRange) -> Value {
        let t = canonicalTypeName(withoutAny(type))
        if t.contains("NSCollectionLayoutEnvironment") { readsEnvironment = true; return .object(environmentObject(range)) }
        if t == "UITraitCollection" { readsEnvironment = true; return .object(Obj(.traits, range: range)) }
        return .unknown(Unknown(what: name, range: range, reason: "a parameter the caller passes (app state)"))
    }

    func callClosure(_ c: Closure, args: [Value], callRange: ByteRange) throws -> Value {
        switch c.body {
        case .function(let f):
            return try callFunction(f, owner: c.selfType, args: args.map { Arg(label: nil, value: $0, range: callRange) }, callRange: callRange)
        case .closure(let e, let file):
            let scope = Scope(parent: c.scope)
            let names = closureParameterNames(e, count: args.count)
            for (i, n) in names.enumerated() where n != "_" {
                let box = Box(i < args.count ? args[i] : .none, type: nil)
                scope.vars[n] = box
            }
            let saved = selfType
            selfType = c.selfType
            defer { selfType = saved }
            return try runBody(e.statements, scope: scope, file: file, owner: c.selfType, name: nil, type: nil)
        }
    }

    func describe(_ v: Value) -> String {
        switch v {
        case .num(let x, _): return formatPoints(x)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return "\"\(s)\""
        case .member(let m): return "." + m
        case .enumCase(let t, let n, _): return "\(t).\(n)"
        case .array(let a): return "[\(a.count) elements]"
        case .none: return "nil"
        default: return v.typeName
        }
    }
}

/// A closure's parameter names, or `$0`, `$1`… for `count` arguments when it declares none.
func closureParameterNames(_ e: ClosureExprSyntax, count: Int) -> [String] {
    switch e.signature?.parameterClause {
    case .simpleInput(let list)?: return list.map(\.name.text)
    case .parameterClause(let clause)?: return clause.parameters.map { ($0.secondName ?? $0.firstName).text }
    case nil: return (0..<count).map { "$\($0)" }
    }
}

struct FunctionRef {
    let decl: FunctionDeclSyntax
    let file: Int
}

struct Arg {
    var label: String?
    var value: Value
    var range: ByteRange
}

/// The type an expression is expected to have where it is used: implicit members (`.zero`, `.init(…)`) and
/// integer literals read by it.
enum Expect {
    case cgfloat, int, insets, size, dimension, spacing, edgeSpacing, point, rect, other(String)
}

func expectation(ofType type: String?) -> Expect? {
    guard let t = type?.filter({ $0 != "?" }) else { return nil }
    switch canonicalTypeName(t) {
    case "CGFloat", "Double", "Float": return .cgfloat
    case "Int": return .int
    case "NSDirectionalEdgeInsets": return .insets
    case "NSCollectionLayoutSize": return .size
    case "NSCollectionLayoutDimension": return .dimension
    case "NSCollectionLayoutSpacing": return .spacing
    case "NSCollectionLayoutEdgeSpacing": return .edgeSpacing
    case "CGPoint": return .point
    case "CGRect": return .rect
    case "CGSize": return .other("CGSize")
    default: return .other(t)
    }
}

func expectation(like v: Value) -> Expect? {
    switch v {
    case .num(_, .int): return .int
    case .num: return .cgfloat
    case .enumCase(let t, _, _): return .other(t)
    // A struct's static constants stand for its cases (`struct Section: RawRepresentable { static let featured =
    // Section(rawValue: 0) }`, `case .featured:`).
    case .record(let t, _): return .other(t)
    default: return nil
    }
}

