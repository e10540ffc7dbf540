import Testing
import TestSupport
@testable import LayoutLintCore

// Review D's complexity findings: each quadratic algorithm was replaced by one that must give the same answers. These
// tests hold the replacements to the old definitions on random inputs, and check what a user sees at the new limits.
// (Their speed is measured in BENCHMARKS.md, not here.)

extension SplitMix {
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

@Suite("Complexity: the linear algorithms agree with the quadratic ones they replaced")
struct ComplexityTests {
    /// The old `nonOverlappingFixes`: every edit against every range taken so far.
    func oldNonOverlapping(_ fixes: [Fix]) -> [Int] {
        var taken: [ByteRange] = []
        var out: [Int] = []
        func overlaps(_ a: ByteRange, _ b: ByteRange) -> Bool {
            a.start < b.end && b.start < a.end || a.start == b.start
                || (a.length == 0 && a.start > b.start && a.start < b.end)
                || (b.length == 0 && b.start > a.start && b.start < a.end)
        }
        for (k, f) in fixes.enumerated() {
            if f.edits.contains(where: { e in taken.contains { overlaps($0, e.range) } }) { continue }
            var ok = true
            for (i, a) in f.edits.enumerated() {
                for b in f.edits[(i + 1)...] where overlaps(a.range, b.range) { ok = false }
            }
            guard ok else { continue }
            taken += f.edits.map(\.range)
            out.append(k)
        }
        return out
    }

    @Test func fixPickingMatchesTheAllPairsDefinition() {
        var rng = SplitMix(seed: 7)
        for round in 0..<400 {
            let span = 4 + rng.below(60)
            var fixes: [Fix] = []
            for _ in 0..<(1 + rng.below(40)) {
                var edits: [TextEdit] = []
                for _ in 0..<(1 + rng.below(3)) {
                    let s = rng.below(span)
                    let len = rng.below(4) == 0 ? 0 : rng.below(6) // insertions are a quarter of the edits
                    edits.append(TextEdit(range: ByteRange(s, s + len), newText: "x"))
                }
                fixes.append(Fix(title: "f", edits: edits))
            }
            let new = nonOverlappingFixIndices(fixes)
            #expect(new == oldNonOverlapping(fixes), "round \(round): \(fixes.map { $0.edits.map(\.range) })")
            if new != oldNonOverlapping(fixes) { return }
        }
    }

    /// `lint --fix` with thousands of fixes applies each once and counts it under its rule.
    @Test func manyFixesAreAppliedAndCounted() {
        let n = 3_000
        let items = Array(repeating: #"{ "width": 10, "width": 10, "height": 10 }"#, count: n).joined(separator: ", ")
        let text =
            #"{ "sections": [ { "group": { "direction": "horizontal", "width": 100, "height": 100, "subitems": [ "#
            + items + #" ] } } ] }"#
        let out = fixAll(Array(text.utf8))
        #expect(out.applied["duplicate-key"] == n, "\(out.applied)")
        #expect(!out.result.diagnostics.contains { $0.ruleID == .duplicateKey })
        // The items' and the group's.
        #expect(String(decoding: out.text, as: UTF8.self).components(separatedBy: "\"width\"").count == n + 2)
    }

    /// The old `ObjectView.overlay`: remove the key, append the entry, one entry after another.
    func oldOverlay(_ base: [String], _ other: [String]) -> [String] {
        var entries = base
        for e in other {
            entries.removeAll { $0.sameKey(as: e) }
            entries.append(e)
        }
        return entries
    }

    @Test func overridesThroughRefKeepTheOldOrderAndWinners() {
        var rng = SplitMix(seed: 11)
        let names = ["a", "b", "c", "d", "e", "é", "e\u{301}"] // two canonically equivalent, distinct keys
        func entries(_ keys: [String], at offset: Int) -> [Entry] {
            keys.enumerated().map { i, k in
                Entry(
                    prop: JSONProperty(key: k, keyRange: ByteRange(offset + i, offset + i + 1), value: nil),
                    parentPath: "", objectRange: ByteRange(0, 0))
            }
        }
        for _ in 0..<500 {
            let base = (0..<rng.below(6)).map { _ in names[rng.below(names.count)] }
            let other = (0..<rng.below(6)).map { _ in names[rng.below(names.count)] }
            var view = ObjectView(
                entries: entries(base, at: 0), path: "", range: ByteRange(0, 0), anchor: ByteRange(0, 0))
            let over = entries(other, at: 100)
            view.overlay(over)
            // The same keys in the same order, and for each overridden key the entry of `other` (by its range).
            let expected = oldOverlay(base, other)
            #expect(view.entries.map(\.key).elementsEqual(expected, by: { $0.sameKey(as: $1) }), "\(base) + \(other)")
            for e in view.entries where other.contains(where: { $0.sameKey(as: e.key) }) {
                let last = other.lastIndex { $0.sameKey(as: e.key) }!
                #expect(e.prop.keyRange.start == 100 + last)
            }
        }
    }

    @Test func boundedEditDistanceAgreesWithTheFullTable() {
        var rng = SplitMix(seed: 3)
        let alphabet = Array("abcde".unicodeScalars)
        for _ in 0..<3_000 {
            let a = (0..<rng.below(12)).map { _ in alphabet[rng.below(alphabet.count)] }
            let b = (0..<rng.below(12)).map { _ in alphabet[rng.below(alphabet.count)] }
            let limit = rng.below(5)
            let full = editDistance(a, b)
            let bounded = editDistance(a, b, limit: limit)
            if full <= limit {
                #expect(bounded == full, "\(a) \(b) \(limit)")
            } else {
                #expect(bounded > limit, "\(a) \(b) \(limit)")
            }
        }
    }

    @Test func largeObjectsFindTheLastOfARepeatedKey() {
        // Past `indexedObjectSize` members, `property` is a hash look-up: it must still take the last duplicate,
        // and tell canonically equivalent keys apart.
        var members = (0..<40).map { #""k\#($0)": \#($0)"# }
        members.append(#""k7": "last""#)
        members.append(#""\#u{E9}": 1"#)
        let root = parseJSONC(Array(("{" + members.joined(separator: ",") + "}").utf8)).root!
        #expect(root["k7"]?.stringValue == "last")
        #expect(root["k39"]?.numberValue == 39)
        #expect(root["e\u{301}"] == nil)
        #expect(root["\u{E9}"]?.numberValue == 1)
        #expect(root["nope"] == nil)
    }

    @Test func itemStartingAtFindsEveryKeyAndNode() {
        // The binary search finds exactly what a walk of the whole tree finds.
        let text = #"{ "a": [1, {"b": 2, "c": [true, null, "s"]}, []], "d": {}, "e": "x", "f": [[[]]] }"#
        let root = parseJSONC(Array(text.utf8)).root!
        var starts: [Int: Bool] = [:] // offset → is a key
        var stack = [root]
        while let n = stack.popLast() {
            starts[n.range.start] = false
            for p in n.properties { starts[p.keyRange.start] = true; if let v = p.value { stack.append(v) } }
            stack.append(contentsOf: n.elements)
        }
        for offset in 0...text.utf8.count {
            let found = root.item(startingAt: offset)
            switch starts[offset] {
            case nil: #expect(found == nil, "offset \(offset)")
            case true?: #expect(found?.key != nil, "offset \(offset)")
            case false?:
                #expect(found != nil && found?.key == nil && found?.node.range.start == offset, "offset \(offset)")
            }
        }
    }

    @Test func misspeltRefsAmongManyDefinitionsGetNoSuggestionButAnError() {
        func document(definitions n: Int) -> String {
            let defs = (0..<n).map { #""definition\#($0)": { "width": 10, "height": 10 }"# }.joined(separator: ",")
            return
                ##"{ "definitions": { \##(defs) }, "sections": [ { "group": { "direction": "horizontal", "width": 100, "height": 100, "subitems": [ { "$ref": "#/definitions/definitoin3" } ] } } ] }"##
        }
        let few = diagnostics(document(definitions: 10)).filter { $0.ruleID == .unresolvedRef }
        #expect(
            few.count == 1 && few[0].message.contains("did you mean \"#/definitions/definition3\""),
            "\(few.map(\.message))")
        let many = diagnostics(document(definitions: Suggestions.maxCandidates + 1)).filter {
            $0.ruleID == .unresolvedRef
        }
        #expect(many.count == 1 && !many[0].message.contains("did you mean"), "\(many.map(\.message))")
    }

    @Test func manyEnvironmentsShareOneNodeBudget() {
        // 32 environments of 500 000 nodes each were 16 M nodes resolved and kept (14 s, 3.4 GB for 6 KB of text);
        // now the environments share maxTotalNodes and the document is told. (A smaller total here, for speed.)
        var options = LintOptions()
        options.resolveLimits.maxTotalNodes = 64_000
        let envs = (0..<32).map { #"{ "name": "e\#($0)", "width": \#(300 + $0), "height": 800 }"# }.joined(
            separator: ",")
        let section =
            #"{ "itemCount": 1000, "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": 1000, "subitems": [ { "width": 1, "height": 1 } ] } }"#
        let text =
            #"{ "environments": [\#(envs)], "sections": [\#(Array(repeating: section, count: 4).joined(separator: ","))] }"#
        let result = lint(bytes: Array(text.utf8), options: options)
        #expect(
            result.diagnostics.contains {
                $0.message.contains(
                    "more than 2000 elements to resolve in an environment (64000 for its 32 environments together)")
            },
            "\(result.diagnostics.map(\.message))")
        #expect(result.layouts.allSatisfy { $0.truncated })
        // With two environments, each has room for the 4 004 nodes: nothing is cut.
        let two =
            #"{ "environments": ["iPhone 12", "iPad"], "sections": [\#(Array(repeating: section, count: 4).joined(separator: ","))] }"#
        let whole = lint(bytes: Array(two.utf8), options: options)
        #expect(
            !whole.layouts.contains { $0.truncated }
                && !whole.diagnostics.contains { $0.message.contains("elements to resolve") })
        // The incremental linter (serve) stops at the same share.
        let inc = IncrementalLinter(text: Array(text.utf8), options: options)
        #expect(inc.diagnostics.map(\.message) == result.diagnostics.map(\.message))
    }

    @Test func suppressionsAreMatchedToTheirLines() {
        // Thousands of suppressions and findings: each finding is silenced by its own line's suppression only.
        var lines = [#"{ "sections": ["#]
        for i in 0..<2_000 {
            if i % 2 == 0 { lines.append("// layoutlint-disable-next-line estimated-content-insets") }
            lines.append(
                #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "estimated(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": 5 } ] } }"#
                    + (i < 1_999 ? "," : ""))
        }
        lines.append("]}")
        let ds = diagnostics(lines.joined(separator: "\n"))
        #expect(ds.filter { $0.ruleID == .estimatedContentInsets }.count == 1_000)
        #expect(!ds.contains { $0.ruleID == .unusedSuppression })
    }

    @Test func anUnknownRuleWithNoSuggestionEndsItsSentence() {
        let ds = diagnostics(
            "// layoutlint-disable-next-line zzzzzzzzzz\n"
                + doc(
                    #"{ "group": { "direction": "horizontal", "width": 100, "height": 100, "subitems": [ { "width": 10, "height": 10 } ] } }"#
                ))
        let m = ds.first { $0.ruleID == .unusedSuppression }?.message ?? ""
        #expect(m == #""zzzzzzzzzz" is not a rule. The suppression silences nothing"#, "\(m)")
    }

    /// "'[' at line N is not closed" names the line of the bracket, counted from checkpoints (counting from the start
    /// for every message was quadratic: 1.2 MB with 200 000 such messages took 60 s). Brackets are named going back
    /// (each `}` closes the innermost unclosed `[`) and then forward again, in documents of `\n`, `\r` and `\r\n`
    /// lines, CJK and emoji keys and values, and lines longer than a checkpoint's block; some end with brackets still
    /// open (then the innermost is named). The expected lines are counted as the text is built.
    @Test func unclosedBracketMessagesNameTheirBracketsLine() {
        var rng = SplitMix(seed: 19)
        let breaks = ["\n", "\r", "\r\n"]
        let pads = ["", " ", "\t", String(repeating: " ", count: 300)]
        for round in 0..<60 {
            var text = ""
            var line = 1
            var open: [(Character, Int)] = []
            var expected: [String] = []
            func put(_ s: String) { text += s }
            func lineBreak() { put(breaks[rng.below(breaks.count)]); line += 1 }
            func pad() { put(pads[rng.below(pads.count)]); if rng.below(2) == 0 { lineBreak() } }
            func openBracket(_ c: Character) { put(String(c)); open.append((c, line)); pad() }
            openBracket("{")
            put(#""sections":"#)
            openBracket("[")
            let elements = 1 + rng.below(6)
            let leaveOpen = round % 3 == 0
            for element in 0..<elements {
                if element > 0 { put(","); pad() }
                let depth = 1 + rng.below(12)
                for _ in 0..<depth {
                    openBracket("{")
                    if rng.below(2) == 0 { put(#""🙂👍🏽 漢字": "#) } else { put(#""k":"#) }
                    openBracket("[")
                    if rng.below(2) == 0 { put(#""漢字🙂", "#); pad() }
                }
                if leaveOpen && element == elements - 1 { break }
                for _ in 0..<depth {
                    put("}")
                    let inner = open.removeLast()
                    expected.append("unexpected '}': '\(inner.0)' at line \(inner.1) is not closed")
                    open.removeLast()
                    pad()
                }
            }
            if !leaveOpen { put("]}"); open.removeAll() }
            if let (c, l) = open.last {
                expected.append("unexpected end of document: '\(c)' at line \(l) is not closed")
            }
            let named = parseJSONC(Array(text.utf8)).errors.map(\.message).filter { $0.hasSuffix("is not closed") }
            #expect(named == expected, "round \(round): \(text.utf8.count) bytes")
        }
    }
}
