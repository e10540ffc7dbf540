// The `unknown-property` rule.

enum UnknownPropertyRule: Rule {
    static let info = RuleInfo(
        rule: .unknownProperty, severity: .error,
        summary: "A property UIKit does not have here, usually a typo; the message suggests the closest name.",
        explanation:
            "Property names are UIKit's own. An unknown one is ignored by everything that reads the document, so the setting it was meant to make is lost.",
        examples: [
            .spec(#"{ "width": "absolute(10)", "height": "absolute(10)", ↓"contentInset": 4 }"#, .item),
            .spec(#"{ "width": "absolute(10)", "height": "absolute(10)", "contentInsets": 4 }"#, .item),
        ],
        weakEvidence: false, basis: "docs/format.md")
}
