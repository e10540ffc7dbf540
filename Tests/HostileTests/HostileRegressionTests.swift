// Regression tests from the pipeline fuzzer: a fix applied on its own (as an editor's quick fix is) must never add
// a syntax error, also on a document that already has some; and inputs that once hung lint or the server.
import LayoutLintCore
import Testing

func syntaxCount(_ bytes: [UInt8]) -> Int { lint(bytes: bytes).diagnostics.filter { $0.ruleID == .syntax }.count }

let fuzzFixReproducers: [(String, [UInt8])] = [
    // Minimised by libFuzzer: the duplicate-key fix ("Remove the first") on a broken object.
    ("duplicate-key fix on a broken object", Array(#"{"":"":o""#.utf8)),
    // As found: the unused-definition fix next to a key with a stray ':' and an invalid UTF-8 byte.
    (
        "unused-definition fix next to broken syntax",
        Array(##"{ "definitions": { "a": { "$ref": "#/definitions/b" }:,"b " { "$ref": "#/definition"##.utf8)
            + [0xF3] + Array(#"/a" } }, "sections": [] }"#.utf8)
    ),
    // Minimised from the pipeline fuzzer: the duplicate-key fix right after a string the lexer cut short before its
    // ',' by looking at the removed key's quote; without that quote the string runs to the end of its line.
    ("duplicate-key fix after a string cut before its comma", Array("{\"a\": \"x, \"k\": \"v\",\n\"k\": 1}".utf8)),
]

@Suite struct HostileFixRegressionTests {
    @Test(arguments: fuzzFixReproducers.map(\.0))
    func singleFixNeverAddsASyntaxError(_ name: String) {
        let bytes = fuzzFixReproducers.first { $0.0 == name }!.1
        let result = lint(bytes: bytes)
        let before = result.diagnostics.filter { $0.ruleID == .syntax }.count
        for d in result.diagnostics {
            guard let fix = d.fix else { continue }
            let after = syntaxCount(applyEdits(bytes, fix.edits))
            #expect(
                after <= before,
                "\(name): the fix \"\(fix.title)\" of \(d.rule) takes syntax errors from \(before) to \(after): \(String(decoding: applyEdits(bytes, fix.edits), as: UTF8.self).debugDescription)"
            )
        }
        // fixAll (what `lint --fix` does) already guards this: it never ends with more syntax errors.
        #expect(syntaxCount(fixAll(bytes).text) <= before)
    }
}

/// From the pipeline fuzzer: a suppression directive in a block comment followed by
/// a line break inside the comment made `parseSuppressions` loop for ever (`lint` and `serve` hang).
let suppressionHang = "/* layoutlint-disable-next-line a\nb */\n{}"

@Suite struct HostileHangRegressionTests {
    @Test func suppressionWithALineBreakLint() {
        let t = HostileTemp()
        defer { t.cleanup() }
        let path = t.write("hang.layout.json", bytes(suppressionHang))
        let r = runCLI(["lint", "--format", "json", path], timeout: 5)
        #expect(
            !r.timedOut && !r.signaled && (0...2).contains(r.code),
            "lint hangs on a multi-line suppression comment (killed after 5 s)")
    }

    @Test func suppressionWithALineBreakServe() {
        let s = HostileServer()
        let uri = "file:///tmp/layoutlint-hostile-hang.layout.json"
        s.open(uri, suppressionHang)
        let r = s.request(
            "textDocument/diagnostic", .object([("textDocument", .object([("uri", .string(uri))]))]), timeout: 5)
        #expect(r?["result"]?["items"] != nil, "serve hangs on a multi-line suppression comment")
        if r != nil { s.proveAlive(); s.shutdownCleanly() }
    }
}
