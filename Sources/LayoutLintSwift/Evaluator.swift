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

final class Evaluator {
    let module: SwiftModule
    let env: LayoutEnvironment
    var configuration = LayoutConfiguration()
    var steps = 0
    /// The most any layout of the corpus, the examples and the seven apps of BENCHMARKS.md takes is about 1,000;
    /// a bound of 100 times that ends a runaway loop (nested loops of 10,000 each) in a fraction of a second.
    var maxSteps = 100_000
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
    var constructed: [Int: APIObject] = [:]
    /// Stored properties read so far (each initializer runs once per evaluation).
    var stored: [Int: Box] = [:]
    var evaluatingStored: Set<Int> = []
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
    /// Why each unknown dimension of the model is unknown, by its range (`unknownDimension`).
    var unknownValues: [ByteRange: Unknown] = [:]
    /// The names the code looked up where the module declares nothing of that name (`MissingName`).
    var missing: Set<MissingName> = []
    /// `T.name` read as a case of Apple's frameworks because `T` looks like one of their types (`UIMetrics`), by the
    /// range of the expression: the type an unknown `.name` there is named with.
    var frameworkLookingOwners: [ByteRange: String] = [:]
    /// The stored properties of the value a user initializer is making (`userInitializer`): `self.x` is one of them.
    var initializing: Scope?

    func setStored(_ key: Int, _ box: Box) { stored[key] = box }
    static let maxIndexHorizon = 64

    init(module: SwiftModule, environment: LayoutEnvironment) {
        self.module = module
        self.env = environment
    }

    func rangeOf(_ node: some SyntaxProtocol, _ file: Int) -> ByteRange { module.range(node, file: file) }

    func note(_ rule: RuleID, _ severity: Severity, _ message: String, _ range: ByteRange) {
        let key = "\(rule)|\(range.start)|\(message)"
        guard noted.insert(key).inserted else { return }
        notes.append(EvalNote(rule: rule, severity: severity, message: message, range: range))
    }

    func tick(_ range: ByteRange) throws {
        steps += 1
        if steps > maxSteps {
            throw EvalStop(
                kind: .limit,
                message:
                    "evaluation stopped after \(maxSteps) steps (a loop that does not end, or recursion): the layout is not read past this point",
                range: range)
        }
    }
}

/// A closure's declared parameters: each one's name, its type as written ("" where none is), and its node.
func closureParameters(_ e: ClosureExprSyntax) -> [(name: String, type: String, node: Syntax)] {
    switch e.signature?.parameterClause {
    case .simpleInput(let list)?: return list.map { ($0.name.text, "", Syntax($0)) }
    case .parameterClause(let clause)?:
        return clause.parameters.map {
            (($0.secondName ?? $0.firstName).text, $0.type?.trimmedDescription ?? "", Syntax($0))
        }
    case nil: return []
    }
}

/// A closure's parameter names, or `$0`, `$1`… for `count` arguments when it declares none.
func closureParameterNames(_ e: ClosureExprSyntax, count: Int) -> [String] {
    e.signature?.parameterClause == nil ? (0..<count).map { "$\($0)" } : closureParameters(e).map(\.name)
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
