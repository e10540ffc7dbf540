import Testing
import TestSupport
@testable import LayoutLintCore

/// A section whose one item's width (or the group's `key`) is `value`, for probing how a value is read.
private func itemWidth(_ value: String) -> String {
    doc(
        #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "\#(value)", "height": "fractionalHeight(1)" } ] } }"#
    )
}
private let plainGroup =
    #""group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }"#

/// Every resolved frame of every environment, in order.
func frames(_ r: LintResult) -> [Rect] {
    r.layouts.flatMap { l in
        l.sections.flatMap { s -> [Rect] in
            var f = [s.frame]
            s.group?.walk { f.append($0.frame) }
            return f
        }
    }
}

@Suite("Every value that can be wrong says what was meant")
struct DidYouMeanTests {
    struct Case: Sendable, CustomStringConvertible {
        let text: String, rule: String, messageHas: String, fixed: String?, safe: Bool
        var description: String { fixed ?? rule }
    }

    static let cases: [Case] = [
        Case(
            text: doc(#"{ "interGroupSpacing": "10pt", \#(plainGroup) }"#), rule: "wrong-type",
            messageHas: "did you mean the number 10?", fixed: "10", safe: true),
        Case(
            text: doc(#"{ "interGroupSpacing": "10px", \#(plainGroup) }"#), rule: "wrong-type",
            messageHas: "did you mean the number 10?", fixed: "10", safe: false),
        Case(
            text: doc(#"{ "interGroupSpacing": "fixed(10)", \#(plainGroup) }"#), rule: "wrong-type",
            messageHas: "did you mean the number 10?", fixed: "10", safe: true),
        Case(
            text: doc(#"{ "itemCount": "20", \#(plainGroup) }"#), rule: "wrong-type",
            messageHas: "did you mean the number 20?", fixed: "20", safe: true),
        Case(
            text: doc(#"{ "contentInsets": "16", \#(plainGroup) }"#), rule: "wrong-type",
            messageHas: "did you mean the number 16?", fixed: "16", safe: true),
        Case(
            text: #"{ "environments": "iPhone 12", "sections": [ { \#(plainGroup) } ] }"#, rule: "wrong-type",
            messageHas: #"did you mean a list of one, ["iPhone 12"]?"#, fixed: #"["iPhone 12"]"#, safe: true),
        Case(
            text: itemWidth("fractionalWidth(0,5)"), rule: "invalid-value", messageHas: "point, not a comma",
            fixed: #""fractionalWidth(0.5)""#, safe: false),
        Case(
            text: itemWidth("fractionalHeight(100%)"), rule: "invalid-value", messageHas: "100% is 1",
            fixed: #""fractionalHeight(1)""#, safe: false),
        Case(
            text: itemWidth("44pt"), rule: "invalid-value", messageHas: "did you mean the number 44", fixed: "44",
            safe: false),
    ]

    @Test(arguments: cases)
    func suggestionAndFix(_ c: Case) throws {
        let ds = diagnostics(c.text)
        let d = try #require(ds.first { $0.rule == c.rule }, "\(ds.map { "\($0.rule): \($0.message)" })")
        #expect(d.message.contains(c.messageHas), "\(d.message)")
        let fix = try #require(d.fix, "no fix: \(d.message)")
        #expect(fix.isSafe == c.safe)
        let fixedText = String(decoding: applyEdits(Array(c.text.utf8), fix.edits), as: UTF8.self)
        if let f = c.fixed { #expect(fixedText.contains(f), "\(fixedText)") }
        // The fix mends it: no error is left.
        #expect(!diagnostics(fixedText).contains { $0.severity == .error }, "\(diagnostics(fixedText).map(\.message))")
    }

    static let swiftSpellings: [(String, String, String)] = [
        (
            #"{ "orthogonalScrollingBehavior": ".groupPaging", "group": { "direction": "horizontal", "width": "fractionalWidth(0.8)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#,
            ".groupPaging", "groupPaging"
        ),
        (
            #"{ "group": { "direction": ".horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#,
            ".horizontal", "horizontal"
        ),
        (
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "interItemSpacing": ".fixed(2)", "subitems": [ { "width": "fractionalWidth(0.5)", "height": "fractionalHeight(1)" } ] } }"#,
            ".fixed(2)", "fixed(2)"
        ),
        (
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": ".fractionalWidth(0.5)", "height": "fractionalHeight(1)" } ] } }"#,
            ".fractionalWidth(0.5)", "fractionalWidth(0.5)"
        ),
        (
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "NSCollectionLayoutDimension.fractionalWidth(0.5)", "height": "fractionalHeight(1)" } ] } }"#,
            "NSCollectionLayoutDimension.fractionalWidth(0.5)", "fractionalWidth(0.5)"
        ),
    ]

    @Test("Swift's spelling is read as meant, with a warning whose safe fix `--fix` applies", arguments: swiftSpellings)
    func swiftSpelling(section: String, swift: String, plain: String) throws {
        let text = doc(section)
        let plainText = text.replacingAll("\"\(swift)\"", with: "\"\(plain)\"")
        let r = lint(bytes: Array(text.utf8))
        #expect(!r.diagnostics.contains { $0.severity == .error }, "\(r.diagnostics.map(\.message))")
        let d = try #require(r.diagnostics.first { $0.ruleID == .swiftSpelling })
        #expect(d.severity == .warning && d.fix?.isSafe == true)
        // Read as the plain value: the same layout.
        #expect(frames(r) == frames(lint(bytes: Array(plainText.utf8))))
        let out = fixAll(Array(text.utf8))
        #expect(String(decoding: out.text, as: UTF8.self) == plainText)
    }

    @Test("an estimate below 1 pt reads as a fraction and says so; estimated(1) is taken as meant")
    func fractionalEstimate() throws {
        let wrong = doc(
            #"{ "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(0.5)" } ] } }"#
        )
        let d = try #require(diagnostics(wrong).first { $0.ruleID == .fractionalEstimate })
        #expect(text(d, in: wrong) == #""estimated(0.5)""#)
        #expect(d.message.contains("0.5 pt") && d.message.contains("fractionalHeight(0.5)"), "\(d.message)")
        #expect(d.fix?.isSafe == false)
        let deliberate = wrong.replacingAll("estimated(0.5)", with: "estimated(1)")
        #expect(!diagnostics(deliberate).contains { $0.ruleID == .fractionalEstimate })
    }
}
