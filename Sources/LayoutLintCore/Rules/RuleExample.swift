// A rule's examples: fragments of a spec document or of Swift that run. `↓` marks each place the rule flags; an
// example without one is the correct form, where the rule stays silent. The same examples are docs/rules.md's
// "Wrong"/"Right", the editor's hover and the test `RuleExampleTests` runs for every rule.

public struct RuleExample: Sendable {
    public enum Language: String, Sendable, CaseIterable {
        case spec, swift

        /// How the documentation names it: "the spec format", "Swift".
        public var name: String { self == .spec ? "the spec format" : "Swift" }
        /// The extension of a file in it, and the Markdown fence of its code.
        public var fileExtension: String { self == .spec ? "layout.json" : "swift" }
        var fence: String { self == .spec ? "jsonc" : "swift" }
    }

    /// What the text is. Anything short of a whole document or file runs inside the smallest one that holds it:
    /// an item in a horizontal group of a section, a group as a section's group, a section as a layout's only
    /// section (in Swift, statements that define `section`).
    public enum Scope: String, Sendable { case item, group, section, document }

    public static let marker = "↓"

    public let language: Language
    public let scope: Scope
    /// The text with `marker` before each flagged range.
    public let marked: String
    /// The environments a spec example is resolved in (`nil`: iPhone 12).
    public let environments: [String]?

    public static func spec(_ marked: String, _ scope: Scope = .section, environments: [String]? = nil) -> RuleExample {
        RuleExample(language: .spec, scope: scope, marked: marked, environments: environments)
    }

    public static func swift(_ marked: String, _ scope: Scope = .section) -> RuleExample {
        precondition(scope == .section || scope == .document, "a Swift example is a section's statements or a file")
        return RuleExample(language: .swift, scope: scope, marked: marked, environments: nil)
    }

    /// The rule fires on this example (it marks a place).
    public var fires: Bool { marked.contains(Self.marker) }

    /// The example as written, without markers.
    public var text: String { marked.replacingAll(Self.marker, with: "") }

    /// The example as a document or Swift file of its own, with the UTF-8 offsets in it where a finding must start.
    public var runnable: (text: String, flagged: [Int]) {
        let (before, after) = wrapper
        var text = Array(before.utf8)
        var flagged: [Int] = []
        let marker = Array(Self.marker.utf8)
        let body = Array((scope == .document || language == .spec ? marked : indented(marked)).utf8)
        var i = 0
        while i < body.count {
            if body[i] == marker[0], i + marker.count <= body.count, Array(body[i..<i + marker.count]) == marker {
                flagged.append(text.count)
                i += marker.count
            } else {
                text.append(body[i])
                i += 1
            }
        }
        text += Array(after.utf8)
        return (String(decoding: text, as: UTF8.self), flagged)
    }

    private var wrapper: (String, String) {
        let environments = #"[\#((self.environments ?? ["iPhone 12"]).map { "\"\($0)\"" }.joined(separator: ", "))]"#
        switch (language, scope) {
        case (_, .document): return ("", "")
        case (.spec, .section): return (#"{ "environments": \#(environments), "sections": [ "#, " ] }")
        case (.spec, .group): return (#"{ "environments": \#(environments), "sections": [ { "group": "#, " } ] }")
        case (.spec, .item):
            return (
                #"{ "environments": \#(environments), "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ "#,
                " ] } } ] }"
            )
        case (.swift, _):
            return (
                "import UIKit\n\nfunc makeLayout() -> UICollectionViewCompositionalLayout {\n",
                "\n    return UICollectionViewCompositionalLayout(section: section)\n}\n"
            )
        }
    }

    private func indented(_ s: String) -> String {
        s.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }
            .joined(separator: "\n")
    }

    /// What the example is, for the documentation: "an item", "a section", "a document", "a Swift file".
    var caption: String {
        switch (language, scope) {
        case (.spec, .item): return "an item, in a horizontal group"
        case (.spec, .group): return "a section's group"
        case (.spec, .section): return "a section"
        case (.spec, .document): return "a document"
        case (.swift, .document): return "a file"
        case (.swift, _): return "a section"
        }
    }
}

extension RuleInfo {
    public func examples(in language: RuleExample.Language) -> [RuleExample] {
        examples.filter { $0.language == language }
    }

    /// The examples as Markdown: where the rule fires (its flagged places marked) and the correct form.
    func examplesMarkdown(_ languages: [RuleExample.Language]) -> String {
        var s = ""
        for language in languages {
            for e in examples(in: language) {
                let verdict = e.fires ? "Wrong" : "Right"
                let mark = e.fires ? "; `↓` marks what is flagged" : ""
                s +=
                    "\n\(verdict), in \(language.name) (\(e.caption)\(mark)):\n\n```\(language.fence)\n\(e.marked)\n```\n"
            }
        }
        return s
    }
}
