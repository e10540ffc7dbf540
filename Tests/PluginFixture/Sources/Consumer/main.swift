// The library by version, as docs/library.md shows it: lint a layout document, then fix it.
import LayoutLintCore

let bytes = Array(#"""
{ "environments": ["iPhone 12"], "sections": [{ "name": "rows", "itemCount": 3,
  "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "estimated(44)",
             "subitems": [{ "width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": 8 }] } }] }
"""#.utf8)
let result = lint(bytes: bytes, options: LintOptions())
for d in result.diagnostics {
    let p = result.lineIndex.position(of: d.range.start, in: .utf16)
    print("\(p.line + 1):\(p.character + 1) \(d.severity) [\(d.rule)]")
}
let fixed = fixAll(bytes, options: LintOptions())
print("fixed: \(fixed.applied.values.reduce(0, +))")
