// Fuzz target 2: the document pipeline, parse → build → resolve → lint → fixes → apply fixes → re-parse.
// Properties (a violation traps):
// - lint never crashes, and is deterministic (linting the same bytes twice gives the same diagnostics: the input's
//   when fixAll changes nothing, whose result is then a second lint of it, else the fixed text's);
// - every diagnostic range lies inside the document;
// - `fixAll` never leaves more syntax errors than the document had, and its result is the lint of its text;
// - applying any single fix on its own (`applyEdits`) never adds a syntax error;
// - fix edits lie inside the document.
// An input may carry a `.layoutlint.json` after the marker `\0config\0` (inputs without it are linted with the
// defaults, as before): the config's own diagnostics and fix edits lie inside it, its `exclude` globs are matched
// against a few paths (a hang there is a libFuzzer timeout), and the document is linted with the options the config
// gives (rule severities, default environments), under all the properties above.
// The lint's report in every output format (of up to 200 diagnostics: all that can show a byte outside printable
// ASCII, and 16 others; the SARIF rule catalogue, the same for every input, once per process): text has no control character but its
// line breaks (nothing from the document can drive a terminal) and two lines of snippet per diagnostic; JSON and
// SARIF parse back (json-c) with every diagnostic; GitHub output is one workflow command per diagnostic.
import FuzzCheck
import PlainJSON
import LayoutLintCore
import LayoutLintReport
#if canImport(Glibc)
import Glibc
#endif

/// Syntax errors as `lint` counts them (parse errors, or one for a binary file), without building or resolving: by
/// `countSyntaxErrors`, the parser's counting mode (no tree), which the checks below compare with the full parse
/// inside `lint` on every input and every fixed text.
func parseSyntaxErrors(_ bytes: [UInt8]) -> Int {
    if bytes.prefix(8192).contains(0) { return 1 }
    return countSyntaxErrors(bytes)
}

/// `LAYOUTLINT_FUZZ_SKIP_BROKEN_FIXES=1` skips the single-fix check on documents that already have syntax errors
/// (the fault HostileFixRegressionTests/singleFixNeverAddsASyntaxError guards), to fuzz past such a fault while it is
/// open. Off by default.
let skipBrokenFixes: Bool = getenv("LAYOUTLINT_FUZZ_SKIP_BROKEN_FIXES").map { String(cString: $0) == "1" } ?? false

let configMarker: [UInt8] = Array("\0config\0".utf8)
let excludeProbes = ["a.layout.json", "src/Feature/Home.layout.json", "build/gen/x.layout.jsonc",
                     Array(repeating: "deep", count: 40).joined(separator: "/") + "/z.layout.json"]

/// The document, and the options of the config that follows the marker (if any), after checking the config.
func split(_ input: [UInt8]) -> ([UInt8], LintOptions) {
    var options = LintOptions()
    guard let at = input.indices.first(where: { input[$0...].starts(with: configMarker) }) else { return (input, options) }
    let text = Array(input[(at + configMarker.count)...])
    let config = LayoutLintConfig.parse(text, path: "/w/.layoutlint.json")
    for d in config.diagnostics {
        check(d.range.start >= 0 && d.range.start <= d.range.end && d.range.end <= text.count,
              "config diagnostic \(d.rule) range \(d.range) outside a config of \(text.count) bytes")
        for e in d.fix?.edits ?? [] {
            check(e.range.start >= 0 && e.range.start <= e.range.end && e.range.end <= text.count,
                  "config fix edit \(e.range) outside the config (\(d.rule))")
        }
    }
    for path in excludeProbes { _ = config.isExcluded("/w/" + path) }
    config.apply(to: &options)
    return (Array(input[..<at]), options)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let (bytes, options) = split(Array(UnsafeBufferPointer(start: data, count: size)))
    let result = lint(bytes: bytes, options: options)
    let before = result.syntaxErrorCount
    check(before == parseSyntaxErrors(bytes), "lint's syntax errors are not the parser's")
    for d in result.diagnostics {
        check(d.range.start >= 0 && d.range.start <= d.range.end && d.range.end <= bytes.count,
                     "diagnostic \(d.rule) range \(d.range) outside a document of \(bytes.count) bytes")
        if let fix = d.fix {
            for e in fix.edits {
                check(e.range.start >= 0 && e.range.end <= bytes.count, "fix edit \(e.range) outside the document (\(d.rule))")
            }
            if skipBrokenFixes && before > 0 { continue }
            let fixed = applyEdits(bytes, fix.edits)
            let after = parseSyntaxErrors(fixed)
            check(after <= before, "the fix \"\(fix.title)\" of \(d.rule) adds syntax errors (\(before) → \(after))")
        }
    }
    checkReports(bytes, result)
    let outcome = fixAll(bytes, options: options)
    if outcome.text == bytes {
        // fixAll changed nothing, so its result is a second lint of these bytes (its first round): lint is
        // deterministic, and fixAll's result is the lint of its text, without linting a third time.
        check(outcome.result.diagnostics == result.diagnostics, "lint is not deterministic (or fixAll's result is not the lint of its text)")
    } else {
        let finalErrors = parseSyntaxErrors(outcome.text)
        check(finalErrors <= before, "fixAll adds syntax errors (\(before) → \(finalErrors))")
        check(outcome.result.syntaxErrorCount == finalErrors, "fixAll's result does not have its text's syntax errors")
        // Lint is deterministic, and fixAll's result is exactly the lint of its text (all diagnostics, not only the
        // syntax errors): one lint, on the fixed text.
        let again = lint(bytes: outcome.text, options: options)
        check(again.diagnostics == outcome.result.diagnostics, "lint is not deterministic (or fixAll's result is not the lint of its text)")
    }
    return 0
}

/// A character that must never reach a terminal from document text: a C0 control but the line break, DEL, a C1
/// control, or a bidirectional embedding, override, isolate or mark. Read on the UTF-8 bytes (a Swift string is valid
/// UTF-8): C1 is C2 80...C2 9F, U+202A...U+202E is E2 80 AA...AE, U+2066...U+2069 is E2 81 A6...A9, U+200E and
/// U+200F are E2 80 8E and 8F, U+061C is D8 9C.
func firstControl(_ text: String) -> Bool {
    var it = text.utf8.makeIterator()
    var prev2: UInt8 = 0, prev1: UInt8 = 0
    while let b = it.next() {
        if (b < 0x20 && b != 0x0A) || b == 0x7F { return true }
        if prev1 == 0xC2, (0x80...0x9F).contains(b) { return true }
        if prev2 == 0xE2, prev1 == 0x80, (0xAA...0xAE).contains(b) { return true }
        if prev2 == 0xE2, prev1 == 0x81, (0xA6...0xA9).contains(b) { return true }
        if prev2 == 0xE2, prev1 == 0x80, b == 0x8E || b == 0x8F { return true }
        if prev1 == 0xD8, b == 0x9C { return true }
        prev2 = prev1
        prev1 = b
    }
    return false
}

/// The SARIF log without `tool.driver.rules`: the whole rule catalogue (about 79 KB of JSON, the same for every
/// input but for ids outside the catalogue, which no document can add), checked once in `sarifRulesRoundTrip`.
func withoutCatalogue(_ log: JSONValue) -> JSONValue {
    guard case .object(var top) = log, let r = top.firstIndex(where: { $0.0 == "runs" }),
          case .array(var runs) = top[r].1, case .object(var run) = runs[0],
          let t = run.firstIndex(where: { $0.0 == "tool" }), case .object(var tool) = run[t].1,
          let d = tool.firstIndex(where: { $0.0 == "driver" }), case .object(var driver) = tool[d].1,
          let k = driver.firstIndex(where: { $0.0 == "rules" }) else { fatalError("the SARIF log has no tool.driver.rules") }
    driver[k].1 = .array([])
    tool[d].1 = .object(driver)
    run[t].1 = .object(tool)
    runs[0] = .object(run)
    top[r].1 = .array(runs)
    return .object(top)
}

/// The catalogue part of the SARIF log round-trips (once per process: it does not depend on the input).
let sarifRulesRoundTrip: Void = {
    let text = SARIFReport.log([], toolVersion: "0").serialized(pretty: false)
    guard let back = try? JSONValue.parse(Array(text.utf8)),
          let rules = back["runs"]?[0]?["tool"]?["driver"]?["rules"]?.arrayValue else { fatalError("the SARIF rule catalogue is not JSON") }
    check(rules.count == RuleCatalog.all.count, "the SARIF log has \(rules.count) of \(RuleCatalog.all.count) rules")
}()

/// Printable ASCII or a line feed: nothing a report must sanitise, and one column per byte.
func isPlain(_ b: UInt8) -> Bool { (b >= 0x20 && b < 0x7F) || b == 0x0A }

/// The diagnostics whose reports are checked, in order, at most 200: every one whose report can show a byte that is
/// not plain (its message, a note's, its environments, its fix's title or new text, or its snippet's line), and the
/// first 16 of the others. The
/// others' reports are the same kinds of text again: a broken document has hundreds of syntax errors, and rendering
/// all of them (up to 200) was three quarters of this target's time.
func reported(_ bytes: [UInt8], _ result: LintResult) -> [Diagnostic] {
    let index = result.lineIndex
    var plainLine: [Int: Bool] = [:]
    func lineIsPlain(_ offset: Int) -> Bool {
        let line = index.line(containing: offset)
        if let known = plainLine[line] { return known }
        let r = index.lineRange(line)
        let plain = r.start >= r.end || bytes[r.start..<min(r.end, bytes.count)].allSatisfy(isPlain)
        plainLine[line] = plain
        return plain
    }
    var shown: [Diagnostic] = []
    var others = 0
    for d in result.diagnostics where shown.count < 200 {
        let texts = [d.message, d.fix?.title ?? ""] + d.related.map(\.message) + d.environments + (d.fix?.edits.map(\.newText) ?? [])
        let plain = texts.allSatisfy { $0.utf8.allSatisfy(isPlain) } && lineIsPlain(d.range.start)
        if plain {
            guard others < 16 else { continue }
            others += 1
        }
        shown.append(d)
    }
    return shown
}

func checkReports(_ bytes: [UInt8], _ result: LintResult) {
    _ = sarifRulesRoundTrip
    let shown = reported(bytes, result)
    let path = "a\u{1B}[2J\r\n::b.layout.json"   // a hostile file name too
    for d in shown {
        let text = TextReport.render(path: path, source: bytes, index: result.lineIndex, diagnostic: d, style: TextStyle(color: false))
        check(!firstControl(text), "a control character in the text report: \(text.debugDescription.prefix(300))")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        check(lines.count >= 4 && lines[1].contains(" | ") && lines[2].contains("^"), "no snippet and caret: \(text.debugDescription.prefix(300))")
        let gh = GitHubReport.line(path: path, index: result.lineIndex, diagnostic: d)
        check(gh.hasPrefix("::") && gh.hasSuffix("\n") && !gh.utf8.dropLast().contains { $0 == 0x0A || $0 == 0x0D },
              "a GitHub command that is not one line: \(gh.debugDescription.prefix(300))")
    }
    let files = [JSONReport.FileResult(path: path, diagnostics: shown, index: result.lineIndex, counts: result.severityCounts)]
    for (name, value) in [("JSON", JSONReport.lintOutput(files)), ("SARIF", withoutCatalogue(SARIFReport.log(files, toolVersion: "0")))] {
        let text = value.serialized(pretty: false)
        guard let back = try? JSONValue.parse(Array(text.utf8)) else { fatalError("the \(name) output is not JSON: \(text.prefix(300))") }
        let count = name == "JSON" ? back["files"]?[0]?["diagnostics"]?.arrayValue?.count : back["runs"]?[0]?["results"]?.arrayValue?.count
        check(count == shown.count, "the \(name) output has \(count ?? -1) of \(shown.count) diagnostics")
    }
}
