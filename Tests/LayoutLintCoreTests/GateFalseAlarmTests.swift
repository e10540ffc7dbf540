// False alarms seen on shipped apps, each with the form that must stay silent beside the one that must fire.

import Testing
import TestSupport
@testable import LayoutLintCore

@Suite("No false alarms on real code")
struct GateFalseAlarmTests {
    func rules(_ text: String) -> [RuleID] { diagnostics(text).map(\.ruleID) }

    @Test("count-overrides-item-size is silent where 1/count of the group is the size the item declares")
    func countEqualToDeclaredSize() {
        let section = { (width: Int) in
            doc(
                #"""
                { "group": { "direction": "horizontal", "width": "absolute(300)", "height": "absolute(50)",
                  "subitem": { "width": "absolute(\#(width))", "height": "fractionalHeight(1)" }, "count": 3 } }
                """#)
        }
        #expect(!rules(section(100)).contains(.countOverridesItemSize))
        #expect(rules(section(120)).contains(.countOverridesItemSize))
    }

    @Test("an estimated group in an orthogonal section: either nothing self-sizes or self-sizing is jumpy, never both")
    func estimatedOrthogonalAgainstNothingSelfSizes() {
        let section = { (itemWidth: String) in
            doc(
                #"""
                { "orthogonalScrollingBehavior": "continuous",
                  "group": { "direction": "horizontal", "width": "estimated(120)", "height": "absolute(50)",
                             "subitems": [ { "width": "\#(itemWidth)", "height": "fractionalHeight(1)" } ] } }
                """#)
        }
        let fractional = rules(section("fractionalWidth(1)"))
        #expect(fractional.contains(.estimateWithoutSelfSizing))
        #expect(!fractional.contains(.estimatedOrthogonal))
        let estimated = rules(section("estimated(120)"))
        #expect(estimated.contains(.estimatedOrthogonal))
        #expect(!estimated.contains(.estimateWithoutSelfSizing))
    }

    @Test(
        "insets along the scrolling axis taller than the screen leave an estimated group its room; a fraction of that axis has none"
    )
    func screenHighBottomInset() {
        let section = { (height: String) in
            doc(
                #"""
                { "contentInsets": { "top": 32, "bottom": 876 },
                  "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "\#(height)",
                             "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(50)" } ] } }
                """#)
        }
        #expect(!rules(section("estimated(50)")).contains(.noItemFits))
        #expect(rules(section("fractionalHeight(0.5)")).contains(.noItemFits))
        // Across the scrolling axis, insets wider than the screen still leave no room.
        let wide = doc(
            #"""
            { "contentInsets": { "leading": 200, "trailing": 200 },
              "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(50)",
                         "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(50)" } ] } }
            """#)
        #expect(rules(wide).contains(.noItemFits))
    }

    @Test("main-axis-fractional-height says the size is the screen's only if the collection view fills it")
    func mainAxisSaysWhatItAssumed() {
        let d = diagnostics(
            doc(
                #"""
                { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "fractionalHeight(0.4)",
                             "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }
                """#)
        ).first { $0.ruleID == .mainAxisFractionalHeight }
        #expect(
            d?.message.contains(
                "if the collection view is as tall as the screen (layoutlint does not know its own size)") == true)
        #expect(d?.message.contains("337.333 pt") == true)
    }
}
