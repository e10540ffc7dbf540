// The rule catalogue: ids, default severities and documentation. The same text serves `layoutlint rules`,
// the editor's hover and `codeDescription`.

public struct RuleInfo: Sendable {
    public let id: String
    public let severity: Severity
    public let summary: String
    public let explanation: String
    public let wrong: String
    public let right: String
    /// The evidence is weak (SEMANTICS.md says so): the documentation says so and the severity stays advisory.
    public let weakEvidence: Bool
    public let basis: String

    public var documentationURL: String { "https://github.com/layoutlint/layoutlint/blob/main/docs/rules.md#\(id)" }

    /// The full documentation as Markdown.
    public var markdown: String {
        var s = "### \(id) (\(severity))\n\n\(summary)\n\n\(explanation)\n"
        if weakEvidence { s += "\n**Evidence is weak:** \(basis). The rule is a heuristic and stays advisory.\n" }
        else if !basis.isEmpty { s += "\nBasis: \(basis).\n" }
        if !wrong.isEmpty { s += "\nWrong:\n\n```jsonc\n\(wrong)\n```\n" }
        if !right.isEmpty { s += "\nRight:\n\n```jsonc\n\(right)\n```\n" }
        return s
    }
}

public enum RuleCatalog {
    public static func info(_ id: String) -> RuleInfo? { byID[id] }
    static let byID: [String: RuleInfo] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    public static let all: [RuleInfo] = [
        RuleInfo(id: "estimated-content-insets", severity: .warning,
                 summary: "contentInsets on an axis whose dimension is estimated: UIKit ignores them.",
                 explanation: "An item's contentInsets are ignored for any axis that uses an estimated dimension (or uniformAcrossSiblings). UIKit logs \"Attempting to add contentInsets to an item's dimension along an estimated axis. Insets along any estimated axes will be ignored. Use the item's edgeSpacing or the containing group's interItemSpacing instead.\" The spacing the spec reads as there never appears: self-sizing cells touch each other.",
                 wrong: #"{ "width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": { "top": 8, "bottom": 8 } }"#,
                 right: #"{ "width": "fractionalWidth(1)", "height": "estimated(44)", "edgeSpacing": { "top": "fixed(8)", "bottom": "fixed(8)" } }"#,
                 weakEvidence: false, basis: "Apple's documentation of contentInsets; the iOS 26.1 decompile of NSCollectionLayoutItem (SEMANTICS §2); seed 003"),
        RuleInfo(id: "centered-paging-inter-group-spacing", severity: .warning,
                 summary: "groupPagingCentered with interGroupSpacing: pages drift off centre.",
                 explanation: "With groupPagingCentered, UIKit pages by the group's dimension and adds insets to centre each group. interGroupSpacing is not part of the page, so snap points and group positions drift apart by the spacing on every page. Put half of the spacing on the item's leading and trailing contentInsets instead.",
                 wrong: #"{ "orthogonalScrollingBehavior": "groupPagingCentered", "interGroupSpacing": 10, "group": { … } }"#,
                 right: #"{ "orthogonalScrollingBehavior": "groupPagingCentered", "group": { …, "subitems": [{ …, "contentInsets": { "leading": 5, "trailing": 5 } }] } }"#,
                 weakEvidence: true, basis: "only a maintainer remark (ASCollectionView #72) and the header's paging description support it; no Apple statement or decompiled paging code was found (SEMANTICS §7)"),
        RuleInfo(id: "group-overflow", severity: .warning,
                 summary: "A group instance cannot hold what the spec puts in it.",
                 explanation: "Three cases: a listed subitem does not fit after the earlier ones (UIKit drops it and starts the next group with it, so the pattern never shows); repeatingSubitem × count with spacing exceeds the group (exactly count items are placed and the last run past its edge); a subitem is larger than its group across the group's axis (drawn outside the group's frame). The fit test tolerates 0.25 pt.",
                 wrong: #"{ "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)", "subitems": [ { "width": "absolute(200)", "height": "absolute(100)" }, { "width": "absolute(250)", "height": "absolute(100)" } ] }"#,
                 right: #"{ "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)", "subitems": [ { "width": "fractionalWidth(0.4)", "height": "absolute(100)" }, { "width": "fractionalWidth(0.6)", "height": "absolute(100)" } ] }"#,
                 weakEvidence: false, basis: "the iOS 26.1 decompile of the item solver; the header's \"repeat items until available space is exhausted\" (SEMANTICS §4, §5)"),
        RuleInfo(id: "no-item-fits", severity: .error,
                 summary: "Not even one subitem fits its group, or insets leave a group or section no room: UIKit throws.",
                 explanation: "UIKit raises \"This group cannot fit even a single item\" when the first subitem is larger than the group along its axis, and \"There is no room for this NSCollectionLayoutGroup…\" when contentInsets leave a negative effective content size. When an estimated size is involved the finding is a warning: the real size is only known at run time.",
                 wrong: #"{ "direction": "horizontal", "width": "absolute(300)", "height": "absolute(50)", "subitems": [ { "width": "absolute(320)", "height": "absolute(50)" } ] }"#,
                 right: #"{ "direction": "horizontal", "width": "absolute(300)", "height": "absolute(50)", "subitems": [ { "width": "fractionalWidth(1)", "height": "absolute(50)" } ] }"#,
                 weakEvidence: false, basis: "UIKit exception texts quoted in LiveContainer#1414 and SideStore#1340 (SEMANTICS §4)"),
        RuleInfo(id: "insets-exceed-size", severity: .error,
                 summary: "An element's contentInsets leave its content 0 pt or less wide or tall.",
                 explanation: "Insets shrink the item's frame inside its slot. When they add up to the item's size or more, the cell has no area to draw in.",
                 wrong: #"{ "width": "absolute(40)", "height": "absolute(40)", "contentInsets": 20 }"#,
                 right: #"{ "width": "absolute(40)", "height": "absolute(40)", "contentInsets": 4 }"#,
                 weakEvidence: false, basis: "Apple's documentation of contentInsets (SEMANTICS §2)"),
        RuleInfo(id: "non-positive-dimension", severity: .error,
                 summary: "A fraction, absolute or estimated value of 0 or less; count below 1; empty subitems.",
                 explanation: "UIKit needs a positive size for every element. A count below 1 raises \"A repeating horizontal group should specify a count >= 1\"; an empty subitems array raises \"At least 1 subitem is required for a group\".",
                 wrong: #"{ "width": "fractionalWidth(0)", "height": "absolute(-10)" }"#,
                 right: #"{ "width": "fractionalWidth(0.5)", "height": "absolute(10)" }"#,
                 weakEvidence: false, basis: "the iOS 26.1 decompile of NSCollectionLayoutGroup (SEMANTICS §4, §5)"),
        RuleInfo(id: "syntax", severity: .error,
                 summary: "The text is not JSON with comments.",
                 explanation: "Layout documents are JSON with // and /* */ comments and trailing commas. The parser recovers after an error, so the rest of the document is still checked.",
                 wrong: #"{ "width": "absolute(10)" "height": "absolute(10)" }"#,
                 right: #"{ "width": "absolute(10)", "height": "absolute(10)" }"#,
                 weakEvidence: false, basis: "FORMAT.md"),
        RuleInfo(id: "duplicate-key", severity: .warning,
                 summary: "An object names the same key twice; the last one wins.",
                 explanation: "JSON parsers keep only one of two equal keys (the last, for most). The first value is silently lost.",
                 wrong: #"{ "width": "absolute(10)", "width": "absolute(20)" }"#,
                 right: #"{ "width": "absolute(20)" }"#,
                 weakEvidence: false, basis: "FORMAT.md"),
        RuleInfo(id: "unknown-property", severity: .error,
                 summary: "A property UIKit does not have here, usually a typo; the message suggests the closest name.",
                 explanation: "Property names are UIKit's own. An unknown one is ignored by everything that reads the document, so the setting it was meant to make is lost.",
                 wrong: #"{ "width": "absolute(10)", "height": "absolute(10)", "contentInset": 4 }"#,
                 right: #"{ "width": "absolute(10)", "height": "absolute(10)", "contentInsets": 4 }"#,
                 weakEvidence: false, basis: "FORMAT.md"),
        RuleInfo(id: "invalid-value", severity: .error,
                 summary: "A value that is not one the property accepts (a misspelt dimension, an unknown enum case, a number out of range).",
                 explanation: "Dimensions are fractionalWidth(F), fractionalHeight(F), absolute(N), estimated(N), uniformAcrossSiblings(estimate: N) or a number; spacing is fixed(N), flexible(N) or a number; enums take UIKit's case names. The message suggests the closest valid value.",
                 wrong: #"{ "orthogonalScrollingBehavior": "groupPagingCentred" }"#,
                 right: #"{ "orthogonalScrollingBehavior": "groupPagingCentered" }"#,
                 weakEvidence: false, basis: "FORMAT.md"),
        RuleInfo(id: "wrong-type", severity: .error,
                 summary: "A value of the wrong JSON type (a string where a number belongs, an array where an object belongs).",
                 explanation: "Each property takes one JSON type (or a few); see FORMAT.md.",
                 wrong: #"{ "itemCount": "12" }"#,
                 right: #"{ "itemCount": 12 }"#,
                 weakEvidence: false, basis: "FORMAT.md"),
        RuleInfo(id: "missing-property", severity: .error,
                 summary: "A required property is missing (a size's width or height, a section's group, a group's subitems…).",
                 explanation: "NSCollectionLayoutSize needs both dimensions; a section needs a group; a group needs subitems, subitem + count, repeatingSubitem + count, or frames.",
                 wrong: #"{ "width": "fractionalWidth(1)" }"#,
                 right: #"{ "width": "fractionalWidth(1)", "height": "absolute(44)" }"#,
                 weakEvidence: false, basis: "FORMAT.md"),
        RuleInfo(id: "unresolved-ref", severity: .error,
                 summary: "A $ref that points nowhere in this document.",
                 explanation: "$ref takes a JSON pointer into this document (#/definitions/NAME or any element's path). layoutlint never opens files or URLs.",
                 wrong: ##"{ "$ref": "#/definitions/cell" }   // no definition named "cell""##,
                 right: ##"{ "$ref": "#/definitions/cover" }"##,
                 weakEvidence: false, basis: "FORMAT.md"),
        RuleInfo(id: "ref-cycle", severity: .error,
                 summary: "A $ref that points back into itself: expanding it never ends.",
                 explanation: "A group that refers to itself (directly or through other references) would contain itself for ever.",
                 wrong: ##"{ "definitions": { "row": { "direction": "horizontal", …, "subitems": [{ "$ref": "#/definitions/row" }] } } }"##,
                 right: ##"{ "definitions": { "row": { "direction": "horizontal", …, "subitems": [{ "$ref": "#/definitions/cell" }] } } }"##,
                 weakEvidence: false, basis: "FORMAT.md"),
    ]
}
