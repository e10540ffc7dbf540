import Testing
import TestSupport
@testable import LayoutLintCore

/// The numbers "= N pt" a message states, in order.
private func statedPoints(_ message: String) -> [Double] {
    var out: [Double] = []
    var rest = Substring(message)
    while let r = rest.range(of: "= ") {
        rest = rest[r.upperBound...]
        let num = rest.prefix { $0.isNumber || $0 == "." }
        if let v = Double(num), rest.dropFirst(num.count).hasPrefix(" pt") { out.append(v) }
    }
    return out
}

@Suite("One value, one story: the findings on an inset agree with each other and with explain")
struct OneStoryTests {
    @Test(
        "an inset below 1 on an item: the findings on it agree on what it is, and none is an error",
        arguments: ["0.5", "0.25", "0.75", #"{ "leading": 0.5, "trailing": 0.5 }"#],
        [#""height": "estimated(44)""#, #""height": "absolute(44)""#])
    func fractionalInsetStory(insets: String, height: String) throws {
        let text = doc(
            #"""
            { "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)",
                         "subitems": [ { "width": "fractionalWidth(1)", \#(height), "contentInsets": \#(insets) } ] } }
            """#)
        let r = lint(bytes: Array(text.utf8))
        let item = try #require(r.layouts.first?.sections.first?.group?.children.first)
        let insetsStart = try #require(text.utf8.firstRange(of: Array(#""contentInsets": "#.utf8))).upperBound
        let offset = text.utf8.distance(from: text.utf8.startIndex, to: insetsStart)
        let onValue = r.diagnostics.filter { $0.range.start >= offset && $0.range.start < offset + insets.utf8.count }
        // Whether an inset below 1 is a fraction is not sure (the sources disagree): nothing on it is an error, and
        // each finding that reads it as a fraction says the sources are unsure.
        #expect(!onValue.contains { $0.severity == .error }, "\(onValue.map { "\($0.rule) \($0.severity)" })")
        let fractional = try #require(onValue.first { $0.ruleID == .fractionalInset }, "\(onValue.map(\.rule))")
        #expect(fractional.message.contains("Apple's documentation reads an inset below 1 as a fraction"))
        // Its points are the resolver's (what explain shows): each one an inset the item got.
        let stated = statedPoints(fractional.message)
        let resolved = [item.insets.leading, item.insets.trailing, item.insets.top, item.insets.bottom].filter {
            $0 > 0
        }
        #expect(
            !stated.isEmpty && stated.allSatisfy { v in resolved.contains { abs($0 - v) < 0.01 } },
            "\(fractional.message) vs \(item.insets)")
        if height.contains("estimated") {
            // Along the estimated height UIKit ignores the insets: no finding counts them as a fraction of it.
            #expect(item.insets.top == 0 && item.insets.bottom == 0)
            #expect(!fractional.message.contains("of the 44 pt height"), "\(fractional.message)")
            if let e = onValue.first(where: { $0.ruleID == .estimatedContentInsets }) {
                #expect(
                    !e.message.contains("the 1 pt of space") && !e.message.contains("the 0.5 pt of space"),
                    "\(e.message)")
            }
        } else {
            #expect(abs(item.insets.top - 44 * (Double(insets) ?? 0)) < 0.01 || !insets.hasPrefix("0"))
        }
        if let x = onValue.first(where: { $0.ruleID == .insetsExceedSize }) {
            #expect(x.severity == .warning && x.message.contains("fractional-inset"), "\(x.message)")
            // The content it says is left is explain's.
            #expect(
                x.message.contains("leaving its content \(formatPoints(item.contentFrame.width)) pt wide"),
                "\(x.message) vs \(item.contentFrame)")
        }
    }

    @Test(
        "a section background's inset below 1: a fraction of the section it insets, the same in both findings, a warning"
    )
    func backgroundInsetStory() throws {
        let text = doc(
            #"{ "decorationItems": [ { "elementKind": "background", "contentInsets": 0.5 } ], "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
        )
        let ds = diagnostics(text)
        let fractional = try #require(ds.first { $0.ruleID == .fractionalInset })
        #expect(fractional.message.contains("50% of the 390 pt width of the section = 195 pt"), "\(fractional.message)")
        let exceed = try #require(ds.first { $0.ruleID == .insetsExceedSize })
        #expect(
            exceed.severity == .warning && exceed.message.contains("0 pt wide in its 390×44 pt section"),
            "\(exceed.message)")
    }
}
