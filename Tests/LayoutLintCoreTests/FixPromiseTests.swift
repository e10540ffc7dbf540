import Foundation
import Testing
import TestSupport
@testable import LayoutLintCore

/// The documents the fix promise is checked on: every example and every catalogue rule's mistake.
let fixPromiseDocuments: [(name: String, text: String)] =
    exampleFiles().map {
        (URL(fileURLWithPath: $0).lastPathComponent, (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "")
    }
    + RuleCatalog.all.flatMap { r in
        r.examples(in: .spec).filter(\.fires).map { ("rule \(r.id)", $0.runnable.text) }
    }
    + DidYouMeanTests.swiftSpellings.map { ("swift spelling \($0.1)", doc($0.0)) }

/// The content size of every resolved item and group, per environment, keyed by environment, path and the how-many-th
/// box of that path it is; without the boxes of `excluded` (the fixed finding's own element).
func contentSizes(_ r: LintResult, excluding excluded: String?) -> [String: String] {
    var out: [String: String] = [:]
    for l in r.layouts {
        var seen: [String: Int] = [:]
        for s in l.sections {
            s.group?.walk { n in
                let n0 = seen[n.path, default: 0]
                seen[n.path] = n0 + 1
                if n.path == excluded { return }
                out["\(l.environment.name) \(n.path) #\(n0)"] =
                    "\(formatPoints(n.contentFrame.width))×\(formatPoints(n.contentFrame.height))"
            }
        }
    }
    return out
}

/// The element a finding is about: the innermost resolved element whose text holds the finding's range (nil when
/// it is on a section's or the document's own property).
func findingElement(_ d: Diagnostic, in r: LintResult) -> String? {
    var best: (path: String, length: Int)?
    for l in r.layouts {
        for s in l.sections {
            s.group?.walk { n in
                guard let e = n.element, e.range.start <= d.range.start, d.range.end <= e.range.end else { return }
                if best == nil || e.range.length < best!.length { best = (n.path, e.range.length) }
            }
        }
    }
    return best?.path
}

@Suite("A safe fix keeps its promise: the layout renders as the spec reads")
struct FixPromiseTests {
    @Test(
        "every safe fix leaves the content size of every element but the finding's own unchanged",
        arguments: fixPromiseDocuments.map(\.name))
    func safeFixesChangeOnlyTheirElement(_ name: String) throws {
        let text = try #require(fixPromiseDocuments.first { $0.name == name }?.text)
        let bytes = Array(text.utf8)
        let r = lint(bytes: bytes)
        // (An error's safe fix is exempt: the layout does not render as the spec reads until it is applied, so it
        // may change what the value reaches, as a number written in a string does once it is a number.)
        for d in r.diagnostics where d.severity != .error {
            guard let fix = d.fix, fix.isSafe else { continue }
            let after = lint(bytes: applyEdits(bytes, fix.edits))
            let element = findingElement(d, in: r)
            let before = contentSizes(r, excluding: element), now = contentSizes(after, excluding: element)
            let changed = before.keys.filter { before[$0] != now[$0] }.sorted()
            #expect(
                changed.isEmpty,
                "\(name): the safe fix of \(d.rule) (\(fix.title)) changes \(changed.prefix(4).map { "\($0): \(before[$0]!) → \(now[$0] ?? "gone")" })"
            )
        }
    }
}

@Suite("Inserted text and the fixes of estimated-content-insets")
struct FixShapeTests {
    /// A section's root group with insets along its estimated height: the fix (a suggestion) moves them to the
    /// section, where each group's content sits where the insets would have put it.
    @Test func rootGroupInsetsMoveToTheSection() throws {
        let text = doc(
            #"""
            { "itemCount": 2, "interGroupSpacing": 4,
              "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": { "top": 8, "bottom": 6, "leading": 16 },
                         "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(44)" } ] } }
            """#)
        let d = try #require(diagnostics(text).first { $0.ruleID == .estimatedContentInsets })
        let fix = try #require(d.fix, "a section's root group gets a fix too")
        #expect(!fix.isSafe)
        let fixed = String(decoding: applyEdits(Array(text.utf8), fix.edits), as: UTF8.self)
        #expect(
            fixed.contains(#""interGroupSpacing": 18"#) && fixed.contains(#""contentInsets": { "leading": 16 }"#),
            "\(fixed)")
        #expect(fixed.contains(#""contentInsets": { "top": 8, "bottom": 6 }"#), "\(fixed)")
        let after = lint(bytes: Array(fixed.utf8))
        #expect(
            !after.diagnostics.contains { $0.ruleID == .estimatedContentInsets }, "\(after.diagnostics.map(\.message))")
        // The first group's content starts 8 pt into the section, the second 6 + 4 + 8 pt after the first ends.
        let s = try #require(after.layouts.first?.sections.first)
        let g = try #require(s.group)
        #expect(g.frame.y - s.frame.y == 8, "\(g.frame) in \(s.frame)")
    }

    /// Members hanging from the brace's line, tab-indented, with the closing brackets on the last member's line:
    /// the inserted member takes the last member's indentation and the brackets stay where they were.
    @Test func insertedMemberFollowsTheSurroundingIndentation() throws {
        let text =
            "{\n\t\"environments\": [\"iPhone 12\"],\n\t\"sections\": [\n\t\t{\n\t\t\t\"group\": { \"direction\": \"vertical\", \"width\": \"fractionalWidth(1)\", \"height\": \"estimated(44)\",\n\t\t\t\t\"subitems\": [ { \"width\": \"fractionalWidth(1)\", \"height\": \"estimated(44)\",\n\t\t\t\t\t\"contentInsets\": { \"top\": 8, \"leading\": 16 } } ] }\n\t\t}\n\t]\n}\n"
        let out = String(decoding: fixAll(Array(text.utf8)).text, as: UTF8.self)
        #expect(
            out.contains(
                "\t\t\t\t\t\"contentInsets\": { \"leading\": 16 },\n\t\t\t\t\t\"edgeSpacing\": { \"top\": \"fixed(8)\" } } ] }\n"
            ), "\(out)")
        let header =
            "{ \"environments\": [\"iPhone 12\"], \"sections\": [ { \"decorationItems\": [ { \"elementKind\": \"background\" } ],\n    \"boundarySupplementaryItems\": [ { \"elementKind\": \"header\", \"width\": \"fractionalWidth(1)\", \"height\": \"absolute(44)\",\n        \"pinToVisibleBounds\": true } ],\n    \"group\": { \"direction\": \"horizontal\", \"width\": \"fractionalWidth(1)\", \"height\": \"absolute(44)\", \"subitems\": [ { \"width\": \"fractionalWidth(1)\", \"height\": \"fractionalHeight(1)\" } ] } } ] }\n"
        let fixedHeader = String(decoding: fixAll(Array(header.utf8)).text, as: UTF8.self)
        #expect(
            fixedHeader.contains("        \"pinToVisibleBounds\": true,\n        \"zIndex\": 2 } ],\n"),
            "\(fixedHeader)")
    }
}
