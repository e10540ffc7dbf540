// The error-tolerant JSONC parser: JSON plus `//` and `/* */` comments and trailing commas.
//
// It never fails and never recurses: containers live on an explicit stack, nesting deeper than
// `maxDepth` is reported once and skipped by counting brackets. Every problem becomes a
// `SyntaxError` with a precise byte range, and parsing resumes at the next token that makes sense
// in the current container (`,` `}` `]`, or a `"key":` in an object), so the rest of the document
// still produces nodes.

/// Parses a JSONC document. Never fails; problems are reported in `ParseResult.errors` (in source order).
///
/// `maxSyntaxErrors`: once that many syntax errors are kept, a further one that starts after all of them is only
/// counted (`ParseResult.droppedSyntaxErrors`): a document of garbage has about one error per token, and the linter
/// reports at most `LintOptions.maxDiagnostics` per document (3.6 M kept errors took 1.4 GB). Duplicate-key warnings
/// are always kept (the config or a comment can turn them off, so they cannot be counted ahead of the report).
public func parseJSONC(_ bytes: [UInt8], maxDepth: Int = 512, maxSyntaxErrors: Int = .max) -> ParseResult {
    bytes.withUnsafeBufferPointer { parseJSONC($0, maxDepth: maxDepth, maxSyntaxErrors: maxSyntaxErrors) }
}

/// Parses a JSONC document held in a buffer (which need only live for the duration of the call).
public func parseJSONC(_ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int = 512, maxSyntaxErrors: Int = .max)
    -> ParseResult
{
    var parser = JSONCParser(buffer, maxDepth: max(1, maxDepth), maxSyntaxErrors: max(0, maxSyntaxErrors))
    return parser.parse()
}

/// How many syntax errors `parseJSONC(bytes, maxDepth:)` reports (its `syntaxErrorCount`), found by the same lexer
/// and state machine without building the tree, decoding strings and comments or writing messages. For checks that
/// only compare counts (whether a fix adds a syntax error: `SyntaxErrorCounter`, `fixKeepsSyntax`).
public func countSyntaxErrors(_ bytes: [UInt8], maxDepth: Int = 512) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
        var parser = JSONCParser(buffer, maxDepth: max(1, maxDepth), maxSyntaxErrors: 0, countOnly: true)
        return parser.parse().syntaxErrorCount
    }
}

/// Array elements parsed again in place (`JSONCParser.reparseElements`).
struct ElementsReparse {
    let nodes: [JSONNode]
    let errors: [SyntaxError]
    let comments: [Comment]
    /// The token after the last element: `,` or `]`, and where it starts.
    let next: UInt8
    let nextStart: Int
}

/// Re-parses the array elements that start after the delimiter ending at `delimiterEnd` (see `reparseElements`); nil
/// also when they have more than `maxSyntaxErrors` syntax errors (the caller parses the document then).
func reparseArrayElements(
    _ buffer: UnsafeBufferPointer<UInt8>, delimiterEnd: Int, outer: [(isObject: Bool, start: Int)],
    limit: Int = .max, maxDepth: Int = 512, maxSyntaxErrors: Int = .max,
    stopsAt: (UInt8, Int) -> Bool
) -> ElementsReparse? {
    var parser = JSONCParser(buffer, maxDepth: max(1, maxDepth), maxSyntaxErrors: max(0, maxSyntaxErrors))
    return parser.reparseElements(delimiterEnd: delimiterEnd, outer: outer, limit: limit, stopsAt: stopsAt)
}

/// Parses a JSONC document given as text.
public func parseJSONC(_ text: String, maxDepth: Int = 512) -> ParseResult {
    var text = text
    return text.withUTF8 { parseJSONC($0, maxDepth: maxDepth) }
}

// MARK: - Tokens

enum JSONCTokenKind: UInt8 {
    case lbrace, rbrace, lbracket, rbracket, comma, colon
    case string, number, word, trueLiteral, falseLiteral, nullLiteral
    /// Characters that start no token (already reported by the lexer).
    case junk
    case eof
}

struct JSONCToken {
    var kind: JSONCTokenKind
    var start: Int
    var end: Int
    /// Decoded value of a string token.
    var string: String = ""

    var range: ByteRange { ByteRange(start, end) }
}

// MARK: - Parser

struct JSONCParser {
    private enum State { case start, afterKey, afterValue }

    private struct Frame {
        let isObject: Bool
        let start: Int
        var state: State = .start
        /// Where this container's members start in the shared `properties` / `elements` scratch stacks.
        let firstProperty: Int
        let firstElement: Int
        /// The key waiting for its value (objects).
        var key: String? = nil
        var keyRange = ByteRange(0, 0)
        /// The key is a string its line's end cut off (`keyIsUnterminated`).
        var keyCut = false
        /// First occurrence of every key, built once an object has more than a few members.
        var keyIndex: [ExactKey: ByteRange]? = nil
        init(isObject: Bool, start: Int, firstProperty: Int, firstElement: Int) {
            self.isObject = isObject
            self.start = start
            self.firstProperty = firstProperty
            self.firstElement = firstElement
        }
    }

    private let buf: UnsafeBufferPointer<UInt8>
    private let n: Int
    private let maxDepth: Int
    /// Only counting syntax errors (`countSyntaxErrors`, with `maxSyntaxErrors` 0): every decision is the same, but no
    /// node, member, decoded string, comment, duplicate-key warning or message is made; `placeholder` stands for
    /// every node (the state machine only asks whether there is one).
    private let countOnly: Bool
    private let placeholder: JSONNode?
    private var pos = 0
    private var errors: [SyntaxError] = []
    /// Syntax errors kept, the largest start among them, and the ones only counted (`maxSyntaxErrors`).
    private let maxSyntaxErrors: Int
    private var syntaxErrorsKept = 0
    private var lastKeptStart = -1
    private var droppedSyntaxErrors = 0
    private var firstDroppedRange: ByteRange?
    private var comments: [Comment] = []
    /// While skipping text (too deep, trailing garbage): no errors, no decoded strings.
    private var quiet = false
    private var peeked: JSONCToken? = nil

    private var tok = JSONCToken(kind: .eof, start: 0, end: 0)
    private var lastTokenEnd = 0
    private var stack: [Frame] = []
    // Members of all open containers, innermost last (one growing buffer instead of one array per container).
    private var properties: [JSONProperty] = []
    private var elements: [JSONNode] = []
    private var wantValue = true
    private var root: JSONNode? = nil
    private var rootDone = false
    /// Junk (stray characters, stray `:`) met where a value was expected.
    private var junkRange: ByteRange? = nil
    /// After a "expected ',' …" error, further skipped tokens are not reported until the next `,` or close.
    private var recovering = false
    private var lastMismatchReport = -1
    /// Line numbers for messages (`lineNumber(of:)`): the line breaks before every `lineBlock`-th byte, filled as far
    /// as a message has needed, and the last answer.
    private var lineCheckpoints: [Int] = [0]
    private var lineCache = (offset: 0, line: 0)
    /// Where the last `lex()` that lexed (not one that returned the peeked token) started, and the syntax errors it
    /// counted (count mode): what a checkpoint records (`SyntaxErrorCounter`).
    private var lastLexStart = 0
    private var lastLexErrors = 0
    /// Whether the current token was lexed as a look-ahead (`peek`): the step before it then decided by its kind.
    private var tokenWasPeeked = false
    /// Whether it was lexed while skipping (`quiet`: the end of the text that nesting too deep ran into): the errors of
    /// the trivia before it were not counted, and a resumed lex would count them.
    private var tokenWasQuiet = false
    /// Recording checkpoints (count mode): at most one per `recordSpacing` bytes; 0 when not recording.
    private var recordSpacing = 0
    private var nextRecord = 0
    private var recorded: [Checkpoint] = []
    /// Resuming (count mode): the original's checkpoints after the edits, where the parse may stop, the next one to
    /// look at, how much longer the edited text is, and the original's count.
    private var syncing = false
    private var syncPoints: ArraySlice<Checkpoint> = []
    private var syncDelta = 0
    private var originalTotal = 0

    init(_ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int, maxSyntaxErrors: Int = .max, countOnly: Bool = false) {
        buf = buffer
        n = buffer.count
        self.maxDepth = maxDepth
        self.maxSyntaxErrors = countOnly ? 0 : maxSyntaxErrors
        self.countOnly = countOnly
        placeholder = countOnly ? JSONNode(kind: .invalid, range: ByteRange(0, 0)) : nil
    }

    /// A new node, or (`countOnly`) the placeholder.
    @inline(__always)
    private func node(_ kind: JSONNode.Kind, _ range: ByteRange) -> JSONNode {
        placeholder ?? JSONNode(kind: kind, range: range)
    }

    // MARK: Driver

    mutating func parse() -> ParseResult {
        if n >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF { pos = 3 }
        lastTokenEnd = pos
        nextRecord = pos + 1 // (no checkpoint at the first token: resuming there is a whole parse)
        tok = lex()
        let firstToken = tok
        _ = steps()
        finish(firstTokenIsEOF: firstToken.kind == .eof)

        // Lexer errors of a peeked token can precede parser errors about earlier tokens. (Most often the errors are
        // in order already: then the stable sort would change nothing, and it was 9 % of a broken document's parse.)
        if errors.count > 1, zip(errors, errors.dropFirst()).contains(where: { $0.range.start > $1.range.start }) {
            errors = errors.enumerated().sorted { a, b in
                a.element.range.start != b.element.range.start
                    ? a.element.range.start < b.element.range.start : a.offset < b.offset
            }.map(\.element)
        }
        var result = ParseResult(root: root, errors: errors, comments: comments)
        result.droppedSyntaxErrors = droppedSyntaxErrors
        result.firstDroppedRange = firstDroppedRange
        return result
    }

    /// The steps of the state machine until the document is read; true when a resumed count stopped early
    /// (`atCheckpoint`).
    private mutating func steps() -> Bool {
        loop: while true {
            if recordSpacing > 0 || syncing, atCheckpoint() { return true }
            if wantValue {
                parseValueToken()
                if rootDone || (stack.isEmpty && tok.kind == .eof && wantValue && junkRange == nil) { break loop }
                continue
            }
            if stack.isEmpty { break loop }
            stepContainer()
        }
        return false
    }

    /// What is left to report once the steps end: text after the root value, or an empty document.
    private mutating func finish(firstTokenIsEOF: Bool) {
        if rootDone {
            if tok.kind != .eof {
                let start = tok.start
                var end = tok.end
                quiet = true
                tok = lex()
                while tok.kind != .eof { end = tok.end; tok = lex() }
                quiet = false
                report("unexpected text after the root value", ByteRange(start, end))
            }
        } else if root == nil && firstTokenIsEOF {
            report("the document is empty", ByteRange(0, 0))
        }
    }

    /// Re-parses elements of an array as the full parser would read them: from the state right after the delimiter
    /// before the first (`[` or `,` ending at `delimiterEnd`), inside enclosing containers described by `outer`
    /// (outermost first: whether each is an object, and where it starts). Stops after an element that is followed
    /// by a `,` or `]` for which `stopsAt(byte, offset)` holds (there the parser is in the state the caller's
    /// earlier parse was in, so everything after reads as it did), and returns the elements with that token. nil
    /// when the containers above would close or change, or no such token comes before `limit` (then only a full
    /// parse can say what the text means).
    mutating func reparseElements(
        delimiterEnd: Int, outer: [(isObject: Bool, start: Int)], limit: Int,
        stopsAt: (UInt8, Int) -> Bool
    ) -> ElementsReparse? {
        guard outer.count >= 1, !outer.last!.isObject else { return nil }
        for (i, o) in outer.enumerated() {
            var f = Frame(isObject: o.isObject, start: o.start, firstProperty: 0, firstElement: 0)
            if i < outer.count - 1 {
                f.state = o.isObject ? .afterKey : .start
                if o.isObject { f.key = "" }
            }
            stack.append(f)
        }
        let depth = stack.count
        pos = delimiterEnd
        lastTokenEnd = delimiterEnd
        wantValue = false
        tok = lex()
        while true {
            if tok.start > limit { return nil }
            if wantValue {
                parseValueToken()
                if stack.count < depth { return nil }
                if tok.kind == .eof && wantValue { return nil }
                continue
            }
            if stack.count < depth { return nil }
            if stack.count == depth && stack[depth - 1].state == .afterValue {
                if tok.kind == .comma && stopsAt(0x2C, tok.start) { break }
                if tok.kind == .rbracket && stopsAt(0x5D, tok.start) { break }
            }
            stepContainer()
            if stack.count < depth { return nil }
        }
        guard peeked == nil, properties.isEmpty, droppedSyntaxErrors == 0 else { return nil }
        return ElementsReparse(
            nodes: elements, errors: errors, comments: comments, next: tok.kind == .comma ? 0x2C : 0x5D,
            nextStart: tok.start)
    }

    /// One step of the innermost container's state machine (the current token is not a value's start).
    private mutating func stepContainer() {
        let t = stack.count - 1
        if stack[t].isObject {
            switch stack[t].state {
            case .start: objectStart()
            case .afterKey: objectAfterKey()
            case .afterValue: objectAfterValue()
            }
        } else {
            switch stack[t].state {
            case .start: arrayStart()
            case .afterKey, .afterValue: arrayAfterValue()
            }
        }
    }

    private mutating func advance() {
        lastTokenEnd = tok.end
        tok = lex()
    }

    private mutating func peek() -> JSONCToken {
        if let p = peeked { return p }
        let p = lex()
        peeked = p
        return p
    }

    private mutating func report(_ message: String, _ range: ByteRange) {
        if quiet { return }
        // Past the limit, an error after every kept one comes after all of them in the report: it is only counted.
        if syntaxErrorsKept >= maxSyntaxErrors && range.start > lastKeptStart {
            droppedSyntaxErrors += 1
            firstDroppedRange = Swift.min(firstDroppedRange ?? range, range)
            return
        }
        errors.append(SyntaxError(message: message, range: range))
        syntaxErrorsKept += 1
        lastKeptStart = max(lastKeptStart, range.start)
    }

    /// "expected ',' or '}'" before what starts the next property: with where the comma goes (after the value).
    private mutating func reportMissingComma(_ range: ByteRange) {
        let before = errors.count
        report("expected ',' or '}' after property", range)
        if errors.count > before { errors[errors.count - 1].commaAt = lastTokenEnd }
    }

    /// Called when a value (or its absence) is complete: attach it to the enclosing container.
    private mutating func complete(_ node: JSONNode?) {
        wantValue = false
        junkRange = nil
        recovering = false
        guard !stack.isEmpty else {
            root = node
            rootDone = node != nil
            if node == nil { wantValue = true }
            return
        }
        let t = stack.count - 1
        if stack[t].isObject {
            if let key = stack[t].key {
                addProperty(JSONProperty(key: key, keyRange: stack[t].keyRange, value: node))
                stack[t].key = nil
            }
        } else if let node, !countOnly {
            elements.append(node)
        }
        stack[t].state = .afterValue
    }

    private mutating func addProperty(_ p: JSONProperty) {
        if countOnly { return }
        let t = stack.count - 1
        var first: ByteRange? = nil
        let from = stack[t].firstProperty
        if stack[t].keyIndex == nil && properties.count - from < 8 {
            for i in from..<properties.count where properties[i].key.sameKey(as: p.key) {
                first = properties[i].keyRange; break
            }
        } else {
            if stack[t].keyIndex == nil {
                var index: [ExactKey: ByteRange] = [:]
                for i in from..<properties.count where index[ExactKey(properties[i].key)] == nil {
                    index[ExactKey(properties[i].key)] = properties[i].keyRange
                }
                stack[t].keyIndex = index
            }
            if let r = stack[t].keyIndex![ExactKey(p.key)] {
                first = r
            } else {
                stack[t].keyIndex![ExactKey(p.key)] = p.keyRange
            }
        }
        // U+FFFD in a key may stand for different lone surrogates (`\uD800`, `\uDBFF`) or different invalid bytes:
        // such keys are duplicates only when they are written the same (else the duplicate-key fix would delete a
        // key that differs in the text).
        if let f = first, p.key.unicodeScalars.contains("\u{FFFD}"),
            !buf[f.start..<f.end].elementsEqual(buf[p.keyRange.start..<p.keyRange.end])
        {
            first = nil
        }
        if let first, !quiet {
            errors.append(
                SyntaxError(
                    code: .duplicateKey, message: "duplicate key \(jsonQuoted(p.key))",
                    range: p.keyRange, related: first))
        }
        properties.append(p)
    }

    /// Pops the innermost container, ending its range at `end`, and completes it as a value.
    private mutating func closeTop(end: Int, closed: Bool = true) {
        let t = stack.count - 1
        if stack[t].isObject, let key = stack[t].key {
            // A key without a value at the point the object ends.
            addProperty(JSONProperty(key: key, keyRange: stack[t].keyRange, value: nil))
            stack[t].key = nil
        }
        let f = stack.removeLast()
        if let placeholder { complete(placeholder); return }
        let node = JSONNode(kind: f.isObject ? .object : .array, range: ByteRange(f.start, end))
        node.isClosed = closed
        if f.isObject {
            if f.firstProperty < properties.count {
                node.setProperties(Array(properties[f.firstProperty...]))
                properties.removeSubrange(f.firstProperty...)
            }
        } else if f.firstElement < elements.count {
            node.elements = Array(elements[f.firstElement...])
            elements.removeSubrange(f.firstElement...)
        }
        complete(node)
    }

    private mutating func closeAllAtEOF() {
        guard let f = stack.last else { return }
        report(
            countOnly
                ? ""
                : "unexpected end of document: '\(f.isObject ? "{" : "[")' at line \(lineNumber(of: f.start)) is not closed",
            ByteRange(n, n))
        while !stack.isEmpty { closeTop(end: lastTokenEnd, closed: false) }
    }

    /// A `}` or `]` that does not close the innermost container.
    private mutating func mismatchedClose() {
        let wantObject = tok.kind == .rbrace
        let closing = wantObject ? "}" : "]"
        var matchesOuter = false
        var i = stack.count - 2
        while i >= 0 {
            if stack[i].isObject == wantObject { matchesOuter = true; break }
            i -= 1
        }
        if matchesOuter {
            // The innermost container is missing its close bracket: close it here and let the
            // enclosing one take the bracket.
            if lastMismatchReport != tok.start {
                lastMismatchReport = tok.start
                let f = stack[stack.count - 1]
                report(
                    countOnly
                        ? ""
                        : "unexpected '\(closing)': '\(f.isObject ? "{" : "[")' at line \(lineNumber(of: f.start)) is not closed",
                    tok.range)
            }
            closeTop(end: lastTokenEnd, closed: false)
        } else {
            report("unexpected '\(closing)'", tok.range)
            advance()
        }
    }

    // MARK: Values

    private mutating func parseValueToken() {
        switch tok.kind {
        case .lbrace, .lbracket:
            junkRange = nil // stray text before a real value was reported already
            if stack.count >= maxDepth {
                let node = skipTooDeep()
                complete(node)
            } else {
                stack.append(
                    Frame(
                        isObject: tok.kind == .lbrace, start: tok.start,
                        firstProperty: properties.count, firstElement: elements.count))
                wantValue = false
                recovering = false
                advance()
            }
        case .string, .number, .word, .trueLiteral, .falseLiteral, .nullLiteral:
            junkRange = nil
            if tok.kind == .string, let t = stack.indices.last, stack[t].isObject, stack[t].key != nil,
                peek().kind == .colon
            {
                // `"height": "subitems": [ … ]`: a value not typed yet; the string is the next property's key (read
                // as a value, the next property's own value would be dropped with what it holds).
                report("expected a value before the next property", tok.range)
                complete(nil)
                stack[t].state = .start
                return
            }
            let node = leafNode(tok)
            advance()
            complete(node)
        case .junk:
            junkRange = junkRange.map { ByteRange($0.start, tok.end) } ?? tok.range
            advance()
        case .colon:
            report("unexpected ':'", tok.range)
            junkRange = junkRange.map { ByteRange($0.start, tok.end) } ?? tok.range
            advance()
        case .eof:
            if let j = junkRange {
                complete(node(.invalid, j))
            } else if !stack.isEmpty {
                complete(nil) // the container reports the unclosed bracket
            }
        // At the root: nothing more to read; the driver stops.
        case .rbrace, .rbracket, .comma:
            if let j = junkRange {
                complete(node(.invalid, j))
            } else if stack.isEmpty {
                report("unexpected '\(punctuation(tok.kind))'", tok.range)
                advance()
            } else {
                report("expected a value", tok.range)
                complete(nil)
            }
        }
    }

    /// Reports nesting past `maxDepth` at the bracket and skips to its matching close bracket.
    private mutating func skipTooDeep() -> JSONNode {
        let open = tok
        report("nesting deeper than \(maxDepth) levels", open.range)
        quiet = true
        var depth = 1
        var end = open.end
        lastTokenEnd = open.end
        tok = lex()
        while tok.kind != .eof {
            switch tok.kind {
            case .lbrace, .lbracket: depth += 1
            case .rbrace, .rbracket: depth -= 1
            default: break
            }
            end = tok.end
            if depth == 0 { break }
            tok = lex()
        }
        quiet = false
        lastTokenEnd = end
        if tok.kind != .eof { tok = lex() }
        return node(.invalid, ByteRange(open.start, end))
    }

    private func text(_ t: JSONCToken) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buf[t.start..<t.end]), as: UTF8.self)
    }

    private mutating func leafNode(_ t: JSONCToken) -> JSONNode {
        if let placeholder, t.kind != .number, t.kind != .word { return placeholder }
        switch t.kind {
        case .string:
            let node = JSONNode(kind: .string, range: t.range)
            node.stringValue = t.string
            return node
        case .trueLiteral, .falseLiteral:
            let node = JSONNode(kind: .bool, range: t.range)
            node.boolValue = t.kind == .trueLiteral
            return node
        case .nullLiteral:
            return JSONNode(kind: .null, range: t.range)
        case .number:
            return numberNode(t)
        default:
            if let placeholder {
                report("", t.range)
                return placeholder
            }
            let word = text(t)
            if isNonFiniteWord(word) {
                report("'\(word)' is not a valid JSON number", t.range)
            } else {
                report("unexpected word '\(shortened(word))'", t.range)
            }
            return JSONNode(kind: .invalid, range: t.range)
        }
    }

    private func isNonFiniteWord(_ w: String) -> Bool {
        switch w {
        case "NaN", "-NaN", "+NaN", "Infinity", "-Infinity", "+Infinity", "inf", "-inf", "+inf": return true
        default: return false
        }
    }

    private mutating func numberNode(_ t: JSONCToken) -> JSONNode {
        var i = t.start
        let e = t.end
        var negative = false
        if buf[i] == 0x2D { negative = true; i += 1 }
        var valid = true
        var simple = true
        var mantissa: UInt64 = 0
        var digits = 0
        if i < e && buf[i] == 0x30 {
            i += 1
            if i < e && isDigit(buf[i]) { valid = false }
        } else if i < e && buf[i] >= 0x31 && buf[i] <= 0x39 {
            while i < e && isDigit(buf[i]) {
                if digits < 18 { mantissa = mantissa &* 10 &+ UInt64(buf[i] - 0x30) }
                digits += 1
                i += 1
            }
        } else {
            valid = false
        }
        if valid && i < e && buf[i] == 0x2E {
            simple = false
            i += 1
            let s = i
            while i < e && isDigit(buf[i]) { i += 1 }
            if i == s { valid = false }
        }
        if valid && i < e && (buf[i] | 0x20) == 0x65 {
            simple = false
            i += 1
            if i < e && (buf[i] == 0x2B || buf[i] == 0x2D) { i += 1 }
            let s = i
            while i < e && isDigit(buf[i]) { i += 1 }
            if i == s { valid = false }
        }
        if let placeholder {
            // Every way below of not being a JSON number reports one error.
            if !(valid && i == e) { report("", t.range) }
            return placeholder
        }
        if valid && i == e {
            let node = JSONNode(kind: .number, range: t.range)
            if simple && digits <= 15 {
                let v = Double(mantissa)
                node.numberValue = negative ? -v : v
            } else {
                node.numberValue = Double(text(t)) ?? 0
            }
            return node
        }
        // Not a JSON number: say why, and keep a number node when the text still means one.
        let word = text(t)
        if isNonFiniteWord(word) {
            report("'\(word)' is not a valid JSON number", t.range)
            return JSONNode(kind: .invalid, range: t.range)
        }
        let u = Array(word.utf8)
        var j = 0
        if j < u.count && (u[j] == 0x2D || u[j] == 0x2B) { j += 1 }
        if j + 1 < u.count && u[j] == 0x30 && (u[j + 1] | 0x20) == 0x78 {
            report("hexadecimal numbers are not allowed", t.range)
            return JSONNode(kind: .invalid, range: t.range)
        }
        let numeric = u.allSatisfy { isDigit($0) || $0 == 0x2E || $0 == 0x2B || $0 == 0x2D || ($0 | 0x20) == 0x65 }
        if numeric, let v = Double(word) {
            let message: String
            if u[0] == 0x2B {
                message = "numbers cannot start with '+'"
            } else if j + 1 < u.count && u[j] == 0x30 && isDigit(u[j + 1]) {
                message = "numbers cannot have leading zeros"
            } else if j < u.count && u[j] == 0x2E {
                message = "a number needs a digit before '.'"
            } else if let dot = u.firstIndex(of: 0x2E), dot + 1 >= u.count || !isDigit(u[dot + 1]) {
                message = "expected a digit after '.'"
            } else {
                message = "invalid number '\(shortened(word))'"
            }
            report(message, t.range)
            let node = JSONNode(kind: .number, range: t.range)
            node.numberValue = v
            return node
        }
        report("invalid number '\(shortened(word))'", t.range)
        return JSONNode(kind: .invalid, range: t.range)
    }

    // MARK: Containers

    private mutating func objectStart() {
        let t = stack.count - 1
        switch tok.kind {
        case .string:
            stack[t].key = tok.string
            stack[t].keyRange = tok.range
            stack[t].keyCut = tokenIsCutString()
            stack[t].state = .afterKey
            recovering = false
            advance()
        case .word, .number, .trueLiteral, .falseLiteral, .nullLiteral:
            report("property keys must be double-quoted strings", tok.range)
            stack[t].key = countOnly ? "" : text(tok)
            stack[t].keyRange = tok.range
            stack[t].keyCut = false
            stack[t].state = .afterKey
            recovering = false
            advance()
        case .rbrace:
            closeTop(end: tok.end)
            advance()
        case .rbracket:
            mismatchedClose()
        case .comma:
            if !recovering { report("expected a property or '}'", tok.range) }
            recovering = true
            advance()
        case .colon:
            // `{: 1}`: a value without a key; parse it and drop it.
            report("expected a property key before ':'", tok.range)
            stack[t].key = nil
            wantValue = true
            advance()
        case .lbrace, .lbracket:
            report("expected a property or '}'", tok.range)
            stack[t].key = nil
            wantValue = true
        case .junk:
            advance()
        case .eof:
            closeAllAtEOF()
        }
    }

    private mutating func objectAfterKey() {
        let t = stack.count - 1
        switch tok.kind {
        case .colon:
            wantValue = true
            advance()
        case .string, .word, .number, .trueLiteral, .falseLiteral, .nullLiteral:
            if peek().kind == .colon {
                // (A key being typed, unterminated at its line's end, was reported: its colon is part of that.)
                if !keyIsUnterminated(t) { report("expected ':' after property key", tok.range) }
                // `{"a" "b": 1}`: the first key has no value; the token starts the next property.
                addProperty(JSONProperty(key: stack[t].key!, keyRange: stack[t].keyRange, value: nil))
                stack[t].key = nil
                stack[t].state = .start
            } else {
                report("expected ':' after property key", tok.range)
                wantValue = true // `{"a" 1}`: take the token as the value
            }
        case .lbrace, .lbracket:
            report("expected ':' after property key", tok.range)
            wantValue = true
        case .comma, .rbrace, .rbracket:
            if !keyIsUnterminated(t) { report("expected ':' after property key", tok.range) }
            addProperty(JSONProperty(key: stack[t].key!, keyRange: stack[t].keyRange, value: nil))
            stack[t].key = nil
            stack[t].state = .afterValue
        case .eof:
            closeAllAtEOF()
        case .junk:
            advance()
        }
    }

    /// Whether the key waiting in `stack[t]` is a string that its line's end cut off (`"wid` typed on a line of its own).
    private func keyIsUnterminated(_ t: Int) -> Bool { stack[t].keyCut }

    /// Whether the current token is a string its line's end (or the text's) cut off.
    private func tokenIsCutString() -> Bool {
        let r = tok.range
        return tok.kind == .string && r.length >= 1 && buf[r.start] == 0x22 && (r.length == 1 || buf[r.end - 1] != 0x22)
            && (r.end == n || buf[r.end] == 0x0A || buf[r.end] == 0x0D)
    }

    private mutating func objectAfterValue() {
        let t = stack.count - 1
        switch tok.kind {
        case .comma:
            stack[t].state = .start
            recovering = false
            advance()
        case .rbrace:
            closeTop(end: tok.end)
            advance()
        case .rbracket:
            mismatchedClose()
        case .eof:
            closeAllAtEOF()
        case .string:
            // A missing comma: the string starts the next property.
            reportMissingComma(tok.range)
            stack[t].state = .start
            recovering = false
        case .word, .number, .trueLiteral, .falseLiteral, .nullLiteral:
            if peek().kind == .colon {
                reportMissingComma(tok.range)
                stack[t].state = .start
                recovering = false
            } else {
                if !recovering { report("expected ',' or '}' after property", tok.range) }
                recovering = true
                advance()
            }
        case .lbrace, .lbracket:
            // A stray value: parse it (so its brackets stay balanced) and drop it.
            if !recovering { report("expected ',' or '}' after property", tok.range) }
            stack[t].key = nil
            wantValue = true
        case .colon:
            if !recovering { report("expected ',' or '}' after property", tok.range) }
            recovering = true
            advance()
        case .junk:
            advance()
        }
    }

    private mutating func arrayStart() {
        switch tok.kind {
        case .rbracket:
            closeTop(end: tok.end)
            advance()
        case .rbrace:
            mismatchedClose()
        case .eof:
            closeAllAtEOF()
        default:
            wantValue = true
        }
    }

    private mutating func arrayAfterValue() {
        let t = stack.count - 1
        switch tok.kind {
        case .comma:
            stack[t].state = .start
            recovering = false
            advance()
        case .rbracket:
            closeTop(end: tok.end)
            advance()
        case .rbrace:
            mismatchedClose()
        case .eof:
            closeAllAtEOF()
        case .colon:
            if !recovering { report("expected ',' or ']' after array element", tok.range) }
            recovering = true
            advance()
        case .junk:
            advance()
        default:
            // A missing comma: the token is the next element.
            if !recovering { report("expected ',' or ']' after array element", tok.range) }
            wantValue = true
        }
    }

    // MARK: Lines (for messages only)

    /// Bytes per checkpoint of `lineCheckpoints`.
    private static var lineBlock: Int { 256 }

    /// The 1-based line of `offset`. Messages name the line of an unclosed bracket, and the brackets they name go back
    /// and forth in the text (each one closed by the next wrong bracket, inner ones first): counting from the start
    /// (or from the last answer) made a document of 1.2 MB with 200 000 such messages take 60 s. From the nearest
    /// checkpoint before `offset`, or from the last answer when that is nearer, a message counts at most
    /// `lineBlock` bytes beyond what the text's order brings anyway.
    private mutating func lineNumber(of offset: Int) -> Int {
        let target = min(max(offset, 0), n)
        let block = target / Self.lineBlock
        while lineCheckpoints.count <= block {
            let start = (lineCheckpoints.count - 1) * Self.lineBlock
            lineCheckpoints.append(
                lineCheckpoints[lineCheckpoints.count - 1] + lineBreaks(start, start + Self.lineBlock))
        }
        var (o, line) = (block * Self.lineBlock, lineCheckpoints[block])
        if lineCache.offset <= target && lineCache.offset > o { (o, line) = lineCache }
        line += lineBreaks(o, target)
        lineCache = (target, line)
        return line + 1
    }

    /// The line breaks that start in `from..<to` (`\r\n`, `\r` and `\n` each count once: a `\n` after `\r` is not one).
    private func lineBreaks(_ from: Int, _ to: Int) -> Int {
        var count = 0
        var o = from
        while o < to && o < n {
            let b = buf[o]
            if b == 0x0D || (b == 0x0A && (o == 0 || buf[o - 1] != 0x0D)) { count += 1 }
            o += 1
        }
        return count
    }

    // MARK: - Lexer

    private mutating func lex() -> JSONCToken {
        if let p = peeked { peeked = nil; tokenWasPeeked = true; return p }
        tokenWasPeeked = false
        tokenWasQuiet = quiet
        lastLexStart = pos
        let before = droppedSyntaxErrors
        let t = lexToken()
        lastLexErrors = droppedSyntaxErrors - before
        return t
    }

    /// The next token, after the trivia before it.
    private mutating func lexToken() -> JSONCToken {
        skipTrivia()
        guard pos < n else { return JSONCToken(kind: .eof, start: n, end: n) }
        let start = pos
        let b = buf[pos]
        switch b {
        case 0x7B: pos += 1; return JSONCToken(kind: .lbrace, start: start, end: pos)
        case 0x7D: pos += 1; return JSONCToken(kind: .rbrace, start: start, end: pos)
        case 0x5B: pos += 1; return JSONCToken(kind: .lbracket, start: start, end: pos)
        case 0x5D: pos += 1; return JSONCToken(kind: .rbracket, start: start, end: pos)
        case 0x2C: pos += 1; return JSONCToken(kind: .comma, start: start, end: pos)
        case 0x3A: pos += 1; return JSONCToken(kind: .colon, start: start, end: pos)
        case 0x22: return lexString()
        case 0x27:
            if let t = lexSingleQuotedString() { return t }
            return lexJunk()
        default:
            if isBareByte(b) { return lexBare() }
            if b >= 0x80 && utf8SequenceLength(buf, pos) > 0 { return lexBare() }
            return lexJunk()
        }
    }

    private mutating func skipTrivia() {
        while pos < n {
            let b = buf[pos]
            if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 {
                pos += 1
            } else if b == 0x2F && pos + 1 < n && buf[pos + 1] == 0x2F {
                let start = pos
                pos += 2
                var hasHigh = false
                while pos < n {
                    let c = buf[pos]
                    if c == 0x0A || c == 0x0D { break }
                    if c >= 0x80 { hasHigh = true }
                    pos += 1
                }
                if hasHigh { checkUTF8(start + 2, pos) }
                if !countOnly {
                    comments.append(
                        Comment(range: ByteRange(start, pos), text: decode(start + 2, pos), isLineComment: true))
                }
            } else if b == 0x2F && pos + 1 < n && buf[pos + 1] == 0x2A {
                let start = pos
                pos += 2
                var hasHigh = false
                var textEnd = n
                while pos < n {
                    let c = buf[pos]
                    if c == 0x2A && pos + 1 < n && buf[pos + 1] == 0x2F {
                        textEnd = pos
                        pos += 2
                        break
                    }
                    if c >= 0x80 { hasHigh = true }
                    pos += 1
                }
                if textEnd == n {
                    pos = n
                    report("unterminated comment", ByteRange(start, n))
                }
                if hasHigh { checkUTF8(start + 2, textEnd) }
                if !countOnly {
                    comments.append(
                        Comment(range: ByteRange(start, pos), text: decode(start + 2, textEnd), isLineComment: false))
                }
            } else {
                return
            }
        }
    }

    private func decode(_ s: Int, _ e: Int) -> String {
        if s >= e { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: buf[s..<e]), as: UTF8.self)
    }

    /// Reports every run of invalid UTF-8 in `s..<e`.
    private mutating func checkUTF8(_ s: Int, _ e: Int) {
        var i = s
        while i < e {
            if buf[i] < 0x80 { i += 1; continue }
            let l = utf8SequenceLength(buf, i)
            if l > 0 && i + l <= e { i += l; continue }
            let bad = i
            i += 1
            while i < e && buf[i] >= 0x80 && utf8SequenceLength(buf, i) == 0 { i += 1 }
            report("invalid UTF-8 byte sequence", ByteRange(bad, i))
        }
    }

    /// Letters, digits and `_ $ . + -`: the characters of numbers and bare words.
    @inline(__always)
    private func isBareByte(_ b: UInt8) -> Bool {
        let l = b | 0x20
        return (l >= 0x61 && l <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x24 || b == 0x2E
            || b == 0x2B || b == 0x2D
    }

    private mutating func lexBare() -> JSONCToken {
        let start = pos
        while pos < n {
            let b = buf[pos]
            if b < 0x80 {
                if !isBareByte(b) { break }
                pos += 1
            } else {
                let l = utf8SequenceLength(buf, pos)
                if l == 0 { break }
                pos += l
            }
        }
        let b0 = buf[start]
        if isDigit(b0) || b0 == 0x2D || b0 == 0x2B || b0 == 0x2E {
            return JSONCToken(kind: .number, start: start, end: pos)
        }
        let len = pos - start
        var kind = JSONCTokenKind.word
        if len == 4 && b0 == 0x74 && buf[start + 1] == 0x72 && buf[start + 2] == 0x75 && buf[start + 3] == 0x65 {
            kind = .trueLiteral
        } else if len == 5 && b0 == 0x66 && buf[start + 1] == 0x61 && buf[start + 2] == 0x6C && buf[start + 3] == 0x73
            && buf[start + 4] == 0x65
        {
            kind = .falseLiteral
        } else if len == 4 && b0 == 0x6E && buf[start + 1] == 0x75 && buf[start + 2] == 0x6C && buf[start + 3] == 0x6C {
            kind = .nullLiteral
        }
        return JSONCToken(kind: kind, start: start, end: pos)
    }

    /// Characters that start no token: reported here, returned as `.junk`.
    private mutating func lexJunk() -> JSONCToken {
        let start = pos
        let b = buf[pos]
        if b >= 0x80 {
            pos += 1
            while pos < n && buf[pos] >= 0x80 && utf8SequenceLength(buf, pos) == 0 { pos += 1 }
            report("invalid UTF-8 byte sequence", ByteRange(start, pos))
            return JSONCToken(kind: .junk, start: start, end: pos)
        }
        if b < 0x20 || b == 0x7F {
            pos += 1
            report("unexpected character \(unicodeName(UInt32(b)))", ByteRange(start, pos))
            return JSONCToken(kind: .junk, start: start, end: pos)
        }
        pos += 1
        // Merge a run of printable ASCII junk into one error.
        while pos < n && isPrintableJunk(buf[pos]) { pos += 1 }
        if countOnly {
            report("", ByteRange(start, pos))
            return JSONCToken(kind: .junk, start: start, end: pos)
        }
        let s = decode(start, pos)
        report(
            pos - start == 1 ? "unexpected character '\(s)'" : "unexpected characters '\(shortened(s))'",
            ByteRange(start, pos))
        return JSONCToken(kind: .junk, start: start, end: pos)
    }

    private func isPrintableJunk(_ b: UInt8) -> Bool {
        guard b > 0x20 && b < 0x7F else { return false }
        switch b {
        case 0x22, 0x27, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A: return false
        case 0x2F: return !(pos + 1 < n && (buf[pos + 1] == 0x2F || buf[pos + 1] == 0x2A))
        default: return !isBareByte(b)
        }
    }

    /// `'text'` on one line: reported, but kept as a string so the document continues sensibly.
    private mutating func lexSingleQuotedString() -> JSONCToken? {
        let start = pos
        var i = pos + 1
        while i < n {
            let c = buf[i]
            if c == 0x27 { break }
            if c == 0x0A || c == 0x0D { return nil }
            i += 1
        }
        guard i < n else { return nil }
        pos = i + 1
        report("strings must be enclosed in double quotes", ByteRange(start, pos))
        checkUTF8(start + 1, i)
        var t = JSONCToken(kind: .string, start: start, end: pos)
        if !quiet && !countOnly { t.string = decode(start + 1, i) }
        return t
    }

    /// A double-quoted string. A closing quote directly followed by a letter, digit, `_` or `$` where a string
    /// starting at that quote closes on the same line is where typing left the text: `"ed "height": 1` (a key typed
    /// before an existing one) or `""estimated(50)"` (a value's quote typed before the existing value) has a stray
    /// quote, reported once, and reads on as if the text before that quote were not there; `"abs, "height"` (a
    /// closing quote deleted before `,` or `:`) is an unterminated string ending before the `,` or `:`. Either way the
    /// rest of the line reads as written. Valid JSON never has a letter right after a closing quote.
    private mutating func lexString() -> JSONCToken {
        while true {
            let (t, strayEnd) = lexStringOnce()
            guard let c = strayEnd else { return t }
            pos = c
        }
    }

    /// One string from `pos` (a `"`); `strayEnd` is where the string to read instead starts (a stray quote, already
    /// reported), nil otherwise.
    private mutating func lexStringOnce() -> (JSONCToken, strayEnd: Int?) {
        let start = pos
        pos += 1
        var segment = pos // start of the bytes not yet copied to `scratch`
        var scratch: [UInt8] = []
        var escaped = false
        var terminated = false
        scan: while pos < n {
            let b = buf[pos]
            if b == 0x22 {
                terminated = true
                break
            }
            if b == 0x5C {
                if quiet {
                    if pos + 1 < n && buf[pos + 1] != 0x0A && buf[pos + 1] != 0x0D { pos += 2; continue }
                    pos = min(pos + 1, n)
                    break scan
                }
                if !escaped {
                    escaped = true
                    scratch.reserveCapacity(pos - segment + 16)
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buf[segment..<pos]))
                if !lexEscape(into: &scratch) { segment = pos; break scan }
                segment = pos
                continue
            }
            if b < 0x20 {
                if b == 0x0A || b == 0x0D { break }
                report(
                    "control character \(unicodeName(UInt32(b))) must be escaped in strings", ByteRange(pos, pos + 1))
                pos += 1
                continue
            }
            if b >= 0x80 {
                let l = utf8SequenceLength(buf, pos)
                if l > 0 { pos += l; continue }
                let bad = pos
                pos += 1
                while pos < n && buf[pos] >= 0x80 && utf8SequenceLength(buf, pos) == 0 { pos += 1 }
                report("invalid UTF-8 byte sequence", ByteRange(bad, pos))
                continue
            }
            pos += 1
        }
        var contentEnd = pos
        var cut = false
        if terminated, let next = closingOnLine(after: pos) {
            // Which way the quote at `pos` was typed: a `,` or `:` (then spaces) right before it ends a string whose
            // closing quote is missing; otherwise the text from `start` is a stray fragment.
            var j = pos
            while j > start + 1 && buf[j - 1] == 0x20 { j -= 1 }
            if j > start + 1 && (buf[j - 1] == 0x2C || buf[j - 1] == 0x3A) && segment <= j - 1 {
                contentEnd = j - 1
                pos = contentEnd
                terminated = false
                cut = true
                if countOnly || quiet {
                    report("", ByteRange(start, pos))
                } else {
                    let written = decode(start, contentEnd)
                    report(
                        "unterminated string: its closing quote is missing before '\(buf[contentEnd] == 0x2C ? "," : ":")'; did you mean \(shortened(written))\"?",
                        ByteRange(start, pos))
                }
            }
            if !cut {
                if countOnly || quiet {
                    report("", ByteRange(start, pos))
                } else {
                    report(
                        "stray quote: '\(shortened(decode(start, pos)))' before \(shortened(decode(pos, next + 1))) is not read; did you mean \(shortened(decode(pos, next + 1)))?",
                        ByteRange(start, pos))
                }
                return (JSONCToken(kind: .string, start: start, end: pos), pos)
            }
        }
        if terminated { pos += 1 } else if !cut { report("unterminated string", ByteRange(start, pos)) }
        var t = JSONCToken(kind: .string, start: start, end: pos)
        if quiet || countOnly { return (t, nil) }
        if escaped {
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buf[segment..<contentEnd]))
            t.string = String(decoding: scratch, as: UTF8.self)
        } else {
            t.string = decode(start + 1, contentEnd)
        }
        return (t, nil)
    }

    /// For the closing quote at `q`: when a letter, digit, `_`, `$` or non-ASCII character follows it directly and a
    /// string starting at `q` would close on the same line, where that string's closing quote is.
    private func closingOnLine(after q: Int) -> Int? {
        guard q + 1 < n else { return nil }
        let b = buf[q + 1]
        let l = b | 0x20
        guard
            (l >= 0x61 && l <= 0x7A) || isDigit(b) || b == 0x5F || b == 0x24
                || (b >= 0x80 && utf8SequenceLength(buf, q + 1) > 0)
        else { return nil }
        var i = q + 1
        while i < n {
            switch buf[i] {
            case 0x22: return i
            case 0x0A, 0x0D: return nil
            case 0x5C:
                if i + 1 < n && (buf[i + 1] == 0x0A || buf[i + 1] == 0x0D) { return nil }
                i += 2
            default: i += 1
            }
        }
        return nil
    }

    /// A `\uD800`–`\uDFFF` escape that is not half of a pair encodes no character: JSON's grammar allows it, but
    /// readers replace it with U+FFFD or reject the document (Foundation's among them), so it is an error here.
    private mutating func loneSurrogate(_ unit: UInt32, _ range: ByteRange) {
        let hex = String(unit, radix: 16, uppercase: true)
        report(
            "\\u\(hex) is half of a UTF-16 surrogate pair without its other half: it is not a character (JSON readers replace it with U+FFFD or reject the document); write the character itself",
            range)
    }

    /// Decodes the escape at `pos` (a backslash) into `out`. Returns false when the string ends
    /// inside it (end of line or document), leaving `pos` at that end.
    private mutating func lexEscape(into out: inout [UInt8]) -> Bool {
        let start = pos
        guard pos + 1 < n else { pos = n; return false }
        let c = buf[pos + 1]
        switch c {
        case 0x22, 0x5C, 0x2F: out.append(c); pos += 2
        case 0x62: out.append(0x08); pos += 2
        case 0x66: out.append(0x0C); pos += 2
        case 0x6E: out.append(0x0A); pos += 2
        case 0x72: out.append(0x0D); pos += 2
        case 0x74: out.append(0x09); pos += 2
        case 0x75:
            guard let unit = hex4(at: pos + 2) else {
                var e = pos + 2
                while e < n && e < pos + 6 && hexValue(buf[e]) != nil { e += 1 }
                report(
                    "invalid unicode escape sequence (expected 4 hexadecimal digits after '\\u')", ByteRange(start, e))
                appendScalar(0xFFFD, to: &out)
                pos = e
                return true
            }
            pos += 6
            if unit >= 0xD800 && unit <= 0xDBFF {
                if pos + 1 < n && buf[pos] == 0x5C && buf[pos + 1] == 0x75, let low = hex4(at: pos + 2),
                    low >= 0xDC00 && low <= 0xDFFF
                {
                    pos += 6
                    appendScalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), to: &out)
                } else {
                    loneSurrogate(unit, ByteRange(start, pos))
                    appendScalar(0xFFFD, to: &out)
                }
            } else if unit >= 0xDC00 && unit <= 0xDFFF {
                loneSurrogate(unit, ByteRange(start, pos))
                appendScalar(0xFFFD, to: &out)
            } else {
                appendScalar(unit, to: &out)
            }
        case 0x0A, 0x0D:
            pos += 1
            return false
        default:
            var l = 1
            if c >= 0x80 { l = max(1, utf8SequenceLength(buf, pos + 1)) }
            if c < 0x20 || c == 0x7F {
                report(
                    "invalid escape sequence '\\' followed by \(unicodeName(UInt32(c)))", ByteRange(start, pos + 1 + l))
            } else {
                report("invalid escape sequence '\\\(decode(pos + 1, pos + 1 + l))'", ByteRange(start, pos + 1 + l))
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[(pos + 1)..<(pos + 1 + l)]))
            pos += 1 + l
        }
        return true
    }

    private func hex4(at i: Int) -> UInt32? {
        guard i + 4 <= n else { return nil }
        var v: UInt32 = 0
        for k in 0..<4 {
            guard let h = hexValue(buf[i + k]) else { return nil }
            v = v << 4 | h
        }
        return v
    }
}

// MARK: - Helpers

@inline(__always)
private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

private func hexValue(_ b: UInt8) -> UInt32? {
    switch b {
    case 0x30...0x39: return UInt32(b - 0x30)
    case 0x41...0x46: return UInt32(b - 0x41 + 10)
    case 0x61...0x66: return UInt32(b - 0x61 + 10)
    default: return nil
    }
}

private func appendScalar(_ v: UInt32, to out: inout [UInt8]) {
    if v < 0x80 {
        out.append(UInt8(v))
    } else if v < 0x800 {
        out.append(UInt8(0xC0 | (v >> 6)))
        out.append(UInt8(0x80 | (v & 0x3F)))
    } else if v < 0x10000 {
        out.append(UInt8(0xE0 | (v >> 12)))
        out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
        out.append(UInt8(0x80 | (v & 0x3F)))
    } else {
        out.append(UInt8(0xF0 | (v >> 18)))
        out.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
        out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
        out.append(UInt8(0x80 | (v & 0x3F)))
    }
}

private func unicodeName(_ v: UInt32) -> String {
    let hex = String(v, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}

/// Cuts long text for a message.
private func shortened(_ s: String) -> String {
    s.unicodeScalars.count <= 40 ? s : String(String.UnicodeScalarView(s.unicodeScalars.prefix(40))) + "…"
}

private func punctuation(_ k: JSONCTokenKind) -> String {
    switch k {
    case .lbrace: return "{"
    case .rbrace: return "}"
    case .lbracket: return "["
    case .rbracket: return "]"
    case .comma: return ","
    case .colon: return ":"
    default: return "?"
    }
}

// MARK: - Counting the syntax errors of edited texts

/// Counts the syntax errors of edited versions of one text: `count(after:)` is `countSyntaxErrors` of the text with
/// the edits applied, without reading all of it. One counting parse of the text records checkpoints: the parser's
/// state (its stack and flags, nothing positional) at token boundaries, at most one per `spacing` bytes, with the
/// errors counted before each. An edited text is parsed from the last checkpoint whose line ends before the first
/// edit, until the parser stands at one of the original's checkpoints after the last edit in the state it had
/// there: from there on it would read the same bytes in the same state, so the errors still to come are the
/// original's. Without such a meeting the parse runs to the end. What a checkpoint's state may not depend on is the
/// text after it: the parser looks one token ahead (`peek`), so no checkpoint is taken at a token it peeked at; the
/// lexer looks past the token it lexes by one byte after a `/`, and from a `'` to the end of that line, so a
/// checkpoint is resumed from only when its line ends before the first edit (the byte after a `/` is on the `/`'s
/// line); and none is taken or met at the end of the text when a skip of nesting too deep read it (quietly: the
/// trivia before it reported nothing). Every other decision depends only on the state and the bytes from the
/// checkpoint on.
///
/// The checkpoints are recorded at the second count asked for (the first is a whole count: recording costs about one).
public final class SyntaxErrorCounter {
    public let source: [UInt8]
    private let maxDepth: Int
    private var recorded: (total: Int, checkpoints: [JSONCParser.Checkpoint])?
    private var counts = 0

    public init(_ source: [UInt8], maxDepth: Int = 512) {
        self.source = source
        self.maxDepth = max(1, maxDepth)
    }

    /// The syntax errors of `source` itself.
    public var total: Int { record().total }

    private func record() -> (total: Int, checkpoints: [JSONCParser.Checkpoint]) {
        if let recorded { return recorded }
        // Some 2 000 checkpoints at most: each holds the stack (a byte per open container).
        let spacing = max(48, source.count / 2048)
        var checkpoints: [JSONCParser.Checkpoint] = []
        var total = 0
        source.withUnsafeBufferPointer { buffer in
            var parser = JSONCParser(buffer, maxDepth: max(1, maxDepth), countOnly: true)
            (total, checkpoints) = parser.record(spacing: spacing)
        }
        // Where the line of each checkpoint ends (its first line break at or after it), in one pass from the end.
        var next = source.count
        var i = source.count
        for k in checkpoints.indices.reversed() {
            while i > checkpoints[k].resumePos {
                i -= 1
                if source[i] == 0x0A || source[i] == 0x0D { next = i }
            }
            checkpoints[k].lineEnd = next
        }
        recorded = (total, checkpoints)
        return (total, checkpoints)
    }

    /// The syntax errors of `source` with `edits` applied (`applyEdits`).
    public func count(after edits: [TextEdit]) -> Int {
        let fixed = applyEdits(source, edits)
        counts += 1
        if counts == 1 && recorded == nil { return countSyntaxErrors(fixed, maxDepth: maxDepth) }
        let (total, checkpoints) = record()
        guard !edits.isEmpty else { return total }
        var lo = source.count, hi = 0
        for e in edits {
            let r = e.range.clamped(to: source.count)
            lo = min(lo, r.start)
            hi = max(hi, r.end)
        }
        // The last checkpoint whose line ends before the first edit (`lineEnd` grows with the position).
        var a = 0, b = checkpoints.count
        while a < b {
            let m = (a + b) / 2
            if checkpoints[m].lineEnd < lo { a = m + 1 } else { b = m }
        }
        let from = a - 1
        guard from >= 0 else { return countSyntaxErrors(fixed, maxDepth: maxDepth) }
        // Checkpoints are taken at a token's first step, before any mismatched bracket there was reported: `resume`
        // need not keep the report's position.
        assert(checkpoints[from].flags & JSONCParser.Checkpoint.mismatchAtToken == 0)
        // The first checkpoint at or after the end of the last edit: where the parse may meet the original's.
        a = from + 1
        b = checkpoints.count
        while a < b {
            let m = (a + b) / 2
            if checkpoints[m].resumePos < hi { a = m + 1 } else { b = m }
        }
        let meetings = checkpoints[a...]
        return fixed.withUnsafeBufferPointer { buffer in
            var parser = JSONCParser(buffer, maxDepth: maxDepth, countOnly: true)
            return parser.resume(
                from: checkpoints[from], meeting: meetings, delta: fixed.count - source.count, originalTotal: total)
        }
    }
}

extension JSONCParser {
    /// The parser's state at the start of a step (the current token lexed, nothing peeked), in count mode: where the
    /// lexing of the current token began (after the previous token), the errors counted so far but the current
    /// token's own, the stack and the flags. Positions other than `resumePos` are not kept: counting does not use them.
    struct Checkpoint: Sendable, Equatable {
        var resumePos: Int
        var errorsBefore: Int
        /// One byte per open container, outermost first: bit 0 an object, bits 1–2 the state, bit 3 a key waiting,
        /// bit 4 that key cut off by its line's end.
        var frames: [UInt8]
        var flags: UInt8
        /// The first line break at or after `resumePos` (set by `SyntaxErrorCounter`).
        var lineEnd = 0
        static let wantValue: UInt8 = 1, rootDone: UInt8 = 2, hasRoot: UInt8 = 4, hasJunk: UInt8 = 8,
            recovering: UInt8 = 16, mismatchAtToken: UInt8 = 32

        /// The same state (the positions aside).
        func sameState(as other: Checkpoint) -> Bool { flags == other.flags && frames == other.frames }
    }

    private func checkpoint() -> Checkpoint {
        var frames: [UInt8] = []
        frames.reserveCapacity(stack.count)
        for f in stack {
            let state: UInt8 = f.state == .start ? 0 : f.state == .afterKey ? 1 : 2
            frames.append(
                (f.isObject ? 1 : 0) | state << 1 | (f.key != nil ? 8 : 0) | (f.key != nil && f.keyCut ? 16 : 0))
        }
        var flags: UInt8 = 0
        if wantValue { flags |= Checkpoint.wantValue }
        if rootDone { flags |= Checkpoint.rootDone }
        if root != nil { flags |= Checkpoint.hasRoot }
        if junkRange != nil { flags |= Checkpoint.hasJunk }
        if recovering { flags |= Checkpoint.recovering }
        if lastMismatchReport == tok.start { flags |= Checkpoint.mismatchAtToken }
        // Every error so far but the current token's own, which resuming there counts again as it lexes it.
        return Checkpoint(
            resumePos: lastLexStart, errorsBefore: droppedSyntaxErrors - lastLexErrors, frames: frames, flags: flags)
    }

    /// At the start of a step: records a checkpoint, or (resuming) stops where the state meets the original's,
    /// setting the count to the errors so far plus the original's still to come. true to stop.
    fileprivate mutating func atCheckpoint() -> Bool {
        guard peeked == nil, !tokenWasQuiet else { return false }
        if recordSpacing > 0 {
            // Not where the step before looked at the current token (`peek`): the state there depends on the token,
            // which an edit after the checkpoint can change.
            if lastLexStart >= nextRecord && !tokenWasPeeked {
                recorded.append(checkpoint())
                nextRecord = lastLexStart + recordSpacing
            }
            return false
        }
        let p = lastLexStart - syncDelta
        while let first = syncPoints.first, first.resumePos < p { syncPoints.removeFirst() }
        guard let meeting = syncPoints.first, meeting.resumePos == p else { return false }
        let here = checkpoint()
        guard here.sameState(as: meeting) else { return false }
        droppedSyntaxErrors = here.errorsBefore + (originalTotal - meeting.errorsBefore)
        return true
    }

    /// Counts the text's syntax errors, recording checkpoints.
    mutating func record(spacing: Int) -> (total: Int, checkpoints: [Checkpoint]) {
        recordSpacing = max(1, spacing)
        let total = parse().syntaxErrorCount
        return (total, recorded)
    }

    /// Counts the syntax errors of an edited text (this parser's) from a checkpoint of the original before the
    /// edits, stopping early at the first of `meeting` (checkpoints of the original after them, in order) where
    /// the state is the same.
    mutating func resume(from c: Checkpoint, meeting: ArraySlice<Checkpoint>, delta: Int, originalTotal: Int) -> Int {
        for f in c.frames {
            var frame = Frame(isObject: f & 1 != 0, start: 0, firstProperty: 0, firstElement: 0)
            frame.state = (f >> 1) & 3 == 0 ? .start : (f >> 1) & 3 == 1 ? .afterKey : .afterValue
            if f & 8 != 0 { frame.key = "" }
            frame.keyCut = f & 16 != 0
            stack.append(frame)
        }
        wantValue = c.flags & Checkpoint.wantValue != 0
        rootDone = c.flags & Checkpoint.rootDone != 0
        root = c.flags & Checkpoint.hasRoot != 0 ? placeholder : nil
        junkRange = c.flags & Checkpoint.hasJunk != 0 ? ByteRange(0, 0) : nil
        recovering = c.flags & Checkpoint.recovering != 0
        // (No checkpoint is taken where a mismatched bracket was just reported: the last report was at an earlier
        // token, which no later token can start at.)
        lastMismatchReport = -1
        droppedSyntaxErrors = c.errorsBefore
        pos = c.resumePos
        lastTokenEnd = pos
        syncing = true
        syncPoints = meeting
        syncDelta = delta
        self.originalTotal = originalTotal
        tok = lex()
        if !steps() { finish(firstTokenIsEOF: false) }
        return droppedSyntaxErrors
    }
}
