// Fuzz target 2: the document pipeline, parse → build → resolve → lint → fixes → apply fixes → re-parse.
// Properties (a violation traps):
// - lint never crashes, and is deterministic (linting the same bytes twice gives the same diagnostics);
// - every diagnostic range lies inside the document;
// - `fixAll` never leaves more syntax errors than the document had;
// - applying any single fix on its own (`applyEdits`) never adds a syntax error;
// - fix edits lie inside the document.
import LayoutLintCore

func syntaxErrors(_ r: LintResult) -> Int { r.diagnostics.filter { $0.rule == "syntax" }.count }
func parseSyntaxErrors(_ bytes: [UInt8]) -> Int { lint(bytes: bytes).diagnostics.filter { $0.rule == "syntax" }.count }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let result = lint(bytes: bytes)
    let before = syntaxErrors(result)
    for d in result.diagnostics {
        precondition(d.range.start >= 0 && d.range.start <= d.range.end && d.range.end <= bytes.count,
                     "diagnostic \(d.rule) range \(d.range) outside a document of \(bytes.count) bytes")
        if let fix = d.fix {
            for e in fix.edits {
                precondition(e.range.start >= 0 && e.range.end <= bytes.count, "fix edit \(e.range) outside the document (\(d.rule))")
            }
            let fixed = applyEdits(bytes, fix.edits)
            let after = parseSyntaxErrors(fixed)
            precondition(after <= before, "the fix \"\(fix.title)\" of \(d.rule) adds syntax errors (\(before) → \(after))")
        }
    }
    let again = lint(bytes: bytes)
    precondition(again.diagnostics == result.diagnostics, "lint is not deterministic")
    let outcome = fixAll(bytes)
    let finalErrors = parseSyntaxErrors(outcome.text)
    precondition(finalErrors <= before, "fixAll adds syntax errors (\(before) → \(finalErrors))")
    precondition(syntaxErrors(outcome.result) == finalErrors, "fixAll's result is not the lint of its text")
    return 0
}
