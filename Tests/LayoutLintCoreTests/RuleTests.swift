import Testing
import TestSupport
@testable import LayoutLintCore

func diagnostics(_ text: String) -> [Diagnostic] { lint(bytes: Array(text.utf8)).diagnostics }

func doc(_ section: String, environments: String = #"["iPhone 12"]"#) -> String {
    #"{ "environments": \#(environments), "sections": [ \#(section) ] }"#
}

/// The text a diagnostic's range covers.
func text(_ d: Diagnostic, in source: String) -> String {
    let b = Array(source.utf8)
    return String(decoding: b[d.range.start..<d.range.end], as: UTF8.self)
}

@Suite("Rules fire on the mistake and stay silent on the correct form")
struct RuleTests {
    @Test func estimatedContentInsets() {
        let wrong = doc(
            #"""
            { "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)",
              "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": { "top": 8, "bottom": 8, "leading": 16 } } ] } }
            """#, environments: #"["iPhone 12", "iPad"]"#)
        let ds = diagnostics(wrong).filter { $0.ruleID == .estimatedContentInsets }
        #expect(ds.count == 1) // one per cause, listing both environments
        #expect(ds[0].environments == ["iPhone 12", "iPad"])
        #expect(ds[0].message.contains("top 8 and bottom 8"))
        #expect(ds[0].message.contains("16 pt"))
        #expect(text(ds[0], in: wrong) == #"{ "top": 8, "bottom": 8, "leading": 16 }"#)
        #expect(
            ds[0].related.count == 1
                && text(
                    Diagnostic(rule: .syntax, severity: .hint, message: "", range: ds[0].related[0].range), in: wrong)
                    == #""estimated(44)""#
        )
        #expect(ds[0].severity == .warning)
        let right = doc(
            #"""
            { "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)",
              "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": { "leading": 16, "trailing": 16 },
                              "edgeSpacing": { "top": "fixed(8)", "bottom": "fixed(8)" } } ] } }
            """#)
        #expect(diagnostics(right).isEmpty)
    }

    @Test func centeredPagingInterGroupSpacing() {
        let wrong = doc(
            #"""
            { "orthogonalScrollingBehavior": "groupPagingCentered", "interGroupSpacing": 10, "itemCount": 5,
              "group": { "direction": "horizontal", "width": "fractionalWidth(0.8)", "height": "absolute(200)",
                         "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }
            """#)
        let ds = diagnostics(wrong).filter { $0.ruleID == .centeredPagingInterGroupSpacing }
        #expect(ds.count == 1)
        #expect(text(ds[0], in: wrong) == "10")
        #expect(ds[0].message.contains("312 pt") && ds[0].message.contains("322 pt"))
        #expect(ds[0].message.contains("iPhone 12"))
        let right = doc(
            #"""
            { "orthogonalScrollingBehavior": "groupPagingCentered", "itemCount": 5,
              "group": { "direction": "horizontal", "width": "fractionalWidth(0.8)", "height": "absolute(200)",
                         "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)", "contentInsets": { "leading": 5, "trailing": 5 } } ] } }
            """#)
        #expect(diagnostics(right).isEmpty)
    }

    /// One pitch, one finding: the rule's own "wrong" example (a 351-pt group and 10 pt of spacing) got two warnings
    /// that contradicted each other ("drifts -29 pt" and "39 pt a page"), and spacing that makes the pitch exactly a
    /// page still got both.
    @Test(
        "paging: one finding from the pitch (group + spacing) against the page, none when they are equal",
        arguments: [
            ("0.9", 10, "each page runs 29 pt further ahead of the groups", "10"),
            ("0.9", 0, "each page runs 39 pt further ahead of the groups", #""fractionalWidth(0.9)""#),
            ("1", 10, "each page falls 10 pt further behind the groups", "10"),
            ("0.9", 39, nil, ""),
            ("1", 0, nil, ""),
            // Two and three groups a page: every page starts on a group's edge.
            ("0.5", 0, nil, ""), ("1/3", 0, nil, ""), ("0.25", 0, nil, ""),
            // A group wider than the page, without spacing, was never flagged.
            ("1.05", 0, "further behind the groups", #""fractionalWidth(1.05)""#),
        ] as [(String, Int, String?, String)])
    func pagingPitch(_ width: String, _ spacing: Int, _ says: String?, _ flagged: String) {
        let text = doc(
            #"{ "orthogonalScrollingBehavior": "paging", "interGroupSpacing": \#(spacing), "itemCount": 8, "group": { "direction": "horizontal", "width": "fractionalWidth(\#(width))", "height": "absolute(200)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
        )
        let ds = diagnostics(text).filter { $0.ruleID == .pagingInterGroupSpacing }
        guard let says else { #expect(ds.isEmpty, "\(ds.map(\.message))"); return }
        #expect(ds.count == 1, "\(ds.map(\.message))")
        #expect(ds.first.map { $0.message.contains(says) } == true, "\(ds.map(\.message))")
        #expect(ds.first.map { LayoutLintCoreTests.text($0, in: text) } == flagged)
    }

    /// A subgroup's flexible edge along its parent's axis takes no leftover (UIKit ignores the flexible part), so it
    /// does not excuse a fraction gap: the safe fix of flexible-group-edge-spacing, which changes nothing, made
    /// fraction-gap appear. An item's flexible edge still takes the leftover.
    @Test func aSubgroupsFlexibleEdgeDoesNotFillTheGap() {
        let sub =
            #"{ "direction": "vertical", "width": "fractionalWidth(0.5)", "height": "fractionalHeight(1)", "edgeSpacing": { "leading": "flexible(8)" }, "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }"#
        let d = doc(
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ \#(sub) ] } }"#
        )
        let before = diagnostics(d).map(\.ruleID)
        #expect(before.contains(.flexibleGroupEdgeSpacing) && before.contains(.fractionGap), "\(before)")
        let after = fixAll(Array(d.utf8))
        #expect(
            after.applied[RuleID.flexibleGroupEdgeSpacing.rawValue] == 1
                && after.result.diagnostics.map(\.ruleID) == [.fractionGap], "\(after.result.diagnostics.map(\.ruleID))"
        )
        let item = doc(
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ { "width": "fractionalWidth(0.5)", "height": "fractionalHeight(1)", "edgeSpacing": { "leading": "flexible(8)" } } ] } }"#
        )
        #expect(!diagnostics(item).contains { $0.ruleID == .fractionGap })
    }

    /// Negative fixed edge spacing (a waterfall's offset columns) leaves a strip of its own: fractions that sum to 1
    /// are no fraction gap ("fractions that sum to 1 fill it" was advice the layout already followed). Fractions
    /// below 1 beside negative spacing are still flagged, with the spacing's part named.
    @Test(
        "fraction-gap: the strip that negative spacing leaves is not the fractions'",
        arguments: [
            ("0.55", "0.45", nil),
            ("0.5", "0.4", "20 pt stay empty at its trailing edge, 10 pt of it from negative spacing"),
        ] as [(String, String, String?)])
    func negativeSpacingIsNoFractionGap(_ first: String, _ second: String, _ says: String?) {
        let items =
            #"[ { "width": "fractionalWidth(1)", "height": "fractionalHeight(\#(first))" }, { "width": "fractionalWidth(1)", "height": "fractionalHeight(\#(second))", "edgeSpacing": { "bottom": "fixed(-10)" } } ]"#
        let d = doc(
            #"{ "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": \#(items) } }"#
        )
        let gaps = diagnostics(d).filter { $0.ruleID == .fractionGap }
        guard let says else { #expect(gaps.isEmpty, "\(gaps.map(\.message))"); return }
        #expect(gaps.count == 1 && gaps[0].message.contains(says), "\(gaps.map(\.message))")
    }

    /// A finding whose numbers differ between environments is one sentence with each environment's value, in the
    /// order of the environments it names; the whole message once per environment made a 1 587-character line for
    /// eight environments. Words that differ keep one message per environment.
    @Test func numbersThatDifferByEnvironmentAreOneSentence() {
        let d = doc(
            #"{ "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "fractionalHeight(0.4)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#,
            environments: #"["iPhone 12", "iPhone SE", "iPhone 12 landscape", "iPad"]"#)
        let m = diagnostics(d).first { $0.ruleID == .mainAxisFractionalHeight }?.message ?? ""
        #expect(
            m
                == ".fractionalHeight(0.4) on the scrolling axis is a fraction of the collection view's height, which follows the device and orientation: 337.333 / 266.5 / 156 / 472 pt if the collection view is as tall as the screen (layoutlint does not know its own size); use absolute, estimated, or fractionalWidth for an aspect ratio (iPhone 12 / iPhone SE / iPhone 12 landscape / iPad)",
            "\(m)")
        // Environments that share a value are named together ("A, C / B" read as three environments for two values).
        let shared = doc(
            #"{ "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "fractionalHeight(0.4)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#,
            environments:
                #"["iPhone 12", "iPhone 12 landscape", { "name": "Tall", "width": 500, "height": 844, "scale": 3 }, { "name": "Taller", "width": 600, "height": 844, "scale": 3 }]"#
        )
        let sm = diagnostics(shared).first { $0.ruleID == .mainAxisFractionalHeight }?.message ?? ""
        #expect(
            sm.hasSuffix(
                "337.333 / 156 pt if the collection view is as tall as the screen (layoutlint does not know its own size); use absolute, estimated, or fractionalWidth for an aspect ratio (iPhone 12, Tall and Taller / iPhone 12 landscape)"
            ), "\(sm)")
        // Its fix writes the first environment's size, and says so; a fix that is the same everywhere says nothing.
        let title = diagnostics(d).first { $0.ruleID == .mainAxisFractionalHeight }?.fix?.title
        #expect(title?.hasSuffix("(computed for iPhone 12)") == true, "\(String(describing: title))")
        // A fix that another environment does not have names it; one that is the same in every environment that has
        // it writes no size ("its size on" was wrong there: the review's point 11).
        let edit = TextEdit(range: ByteRange(3, 5), newText: "x")
        func finding(_ n: Int, _ fix: Fix?) -> Finding {
            Finding(rule: .groupOverflow, range: ByteRange(1, 9), message: "needs \(n) pt", fix: { fix })
        }
        let some = Fix(title: "Make the subitems fractions", edits: [edit])
        let merged = mergeFindings(
            [[finding(1, some)], [finding(2, nil)], [finding(3, some)], [finding(4, nil)]],
            environments: ["A", "B", "C", "D"])
        #expect(
            merged.count == 1
                && merged.first?.fix?.title == "Make the subitems fractions (computed for A; none for B, D)",
            "\(merged)")
        let same = mergeFindings([[finding(1, some)], [finding(2, some)]], environments: ["A", "B"])
        #expect(same.first?.fix?.title == "Make the subitems fractions", "\(same)")
        let paging = doc(
            #"{ "orthogonalScrollingBehavior": "paging", "group": { "direction": "horizontal", "width": "fractionalWidth(0.9)", "height": "absolute(200)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#,
            environments: #"["iPhone 12", "iPad"]"#)
        let p = diagnostics(paging).first { $0.ruleID == .pagingInterGroupSpacing }
        #expect(
            p?.message.contains(" / ") == true && p?.fix?.title == "Page by the group (groupPaging)",
            "\(String(describing: p))")
        #expect(mergedNumbers(["a 1 pt in 3rd", "a 2 pt in 4th"]) == nil)
        // An ordinal, or one side of a size, is not a quantity of its own: the messages stay apart.
        #expect(mergedNumbers(["the 4th subitem", "the 9th subitem"]) == nil)
        #expect(mergedNumbers(["its 390×844 container", "its 820×1180 container"]) == nil)
        #expect(
            mergedNumbers(["its 390×844 container holds 3", "its 390×844 container holds 4"])
                == "its 390×844 container holds 3 / 4")
        #expect(mergedNumbers(["fill 1.5 of -2 (x3)", "fill 1.25 of 4 (x3)"]) == "fill 1.5 / 1.25 of -2 / 4 (x3)")
    }

    @Test func groupOverflowDroppedSubitem() {
        let wrong = doc(
            #"""
            { "group": { "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)",
              "subitems": [ { "width": "absolute(200)", "height": "absolute(100)" }, { "width": "absolute(250)", "height": "absolute(100)" } ] } }
            """#)
        let ds = diagnostics(wrong).filter { $0.ruleID == .groupOverflow }
        #expect(ds.count == 1)
        #expect(text(ds[0], in: wrong) == #""absolute(250)""#)
        #expect(ds[0].message.contains("2nd subitem needs 250 pt but 190 pt remain in the 390 pt wide group"))
        let right = doc(
            #"""
            { "group": { "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)",
              "subitems": [ { "width": "fractionalWidth(0.4)", "height": "absolute(100)" }, { "width": "fractionalWidth(0.6)", "height": "absolute(100)" } ] } }
            """#)
        #expect(diagnostics(right).isEmpty)
    }

    @Test func groupOverflowRepeatingAndCrossAxis() {
        let repeating = doc(
            #"""
            { "group": { "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)", "interItemSpacing": 10,
              "repeatingSubitem": { "width": "absolute(150)", "height": "absolute(100)" }, "count": 3 } }
            """#)
        let r = diagnostics(repeating).filter { $0.ruleID == .groupOverflow }
        #expect(r.count == 1 && text(r[0], in: repeating) == "3")
        #expect(r[0].message.contains("470 pt") && r[0].message.contains("80 pt past"))
        let tall = doc(
            #"""
            { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
              "subitems": [ { "width": "fractionalWidth(0.5)", "height": "absolute(150)" } ] } }
            """#)
        let t = diagnostics(tall).filter { $0.ruleID == .groupOverflow }
        #expect(t.count == 1 && text(t[0], in: tall) == #""absolute(150)""#)
        #expect(t[0].message.contains("50 pt outside"))
        // A single repeating subitem filling its row is not an overflow.
        let fill = doc(
            #"""
            { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
              "subitems": [ { "width": "fractionalWidth(1/3)", "height": "fractionalHeight(1)" } ] } }
            """#)
        #expect(diagnostics(fill).isEmpty)
    }

    @Test func noItemFits() {
        let wrong = doc(
            #"""
            { "group": { "direction": "horizontal", "width": "absolute(300)", "height": "absolute(50)",
              "subitems": [ { "width": "absolute(320)", "height": "absolute(50)" } ] } }
            """#)
        let ds = diagnostics(wrong).filter { $0.ruleID == .noItemFits }
        #expect(ds.count == 1 && ds[0].severity == .error)
        #expect(ds[0].message.contains("320 pt") && ds[0].message.contains("300 pt"))
        // Section insets wider than the container.
        let insets = doc(
            #"""
            { "contentInsets": { "leading": 200, "trailing": 200 },
              "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)",
              "subitems": [ { "width": "fractionalWidth(1)", "height": "absolute(50)" } ] } }
            """#)
        let i = diagnostics(insets).filter { $0.ruleID == .noItemFits }
        #expect(i.count == 1 && text(i[0], in: insets) == #"{ "leading": 200, "trailing": 200 }"#)
        // An estimated item is only a warning (docs/semantics.md#estimated-sizes).
        let estimated = doc(
            #"""
            { "group": { "direction": "horizontal", "width": "absolute(300)", "height": "absolute(50)",
              "subitems": [ { "width": "estimated(320)", "height": "absolute(50)" } ] } }
            """#)
        #expect(diagnostics(estimated).first { $0.ruleID == .noItemFits }?.severity == .warning)
        let right = doc(
            #"""
            { "group": { "direction": "horizontal", "width": "absolute(300)", "height": "absolute(50)",
              "subitems": [ { "width": "fractionalWidth(1)", "height": "absolute(50)" } ] } }
            """#)
        #expect(diagnostics(right).isEmpty)
    }

    @Test func insetsExceedSize() {
        let wrong = doc(
            #"""
            { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(40)",
              "subitems": [ { "width": "absolute(40)", "height": "absolute(40)", "contentInsets": 20 } ] } }
            """#)
        let ds = diagnostics(wrong).filter { $0.ruleID == .insetsExceedSize }
        #expect(ds.count == 1 && text(ds[0], in: wrong) == "20")
        #expect(ds[0].message.contains("40 pt"))
        let right = doc(
            #"""
            { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(40)",
              "subitems": [ { "width": "absolute(40)", "height": "absolute(40)", "contentInsets": 4 } ] } }
            """#)
        #expect(diagnostics(right).isEmpty)
    }

    @Test func nonPositiveDimension() {
        let wrong = doc(
            #"""
            { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(40)",
              "subitem": { "width": "fractionalWidth(0)", "height": -10 }, "count": 0 } }
            """#)
        let ds = diagnostics(wrong).filter { $0.ruleID == .nonPositiveDimension }
        #expect(Set(ds.map { text($0, in: wrong) }) == [#""fractionalWidth(0)""#, "-10", "0"])
        let empty = doc(#"{ "group": { "direction": "horizontal", "width": 10, "height": 10, "subitems": [] } }"#)
        #expect(
            diagnostics(empty).contains {
                $0.ruleID == .nonPositiveDimension && $0.message.contains("At least 1 subitem")
            })
    }

    /// A fuzzer's slow unit: a 1 pt group of `fractionalWidth(1/3)` items floors them to 0 pt at
    /// @2x, so repeating them never filled it; 10 000 placements in each of its placements reached the node limit (a
    /// 5-line document took 1.4 s and was told "more than 500000 elements"). Now one cycle, and the cause is named.
    @Test func zeroPointSubitemsAreReportedAndPlacedOnce() {
        let source = doc(
            #"""
            { "itemCount": 12, "orthogonalScrollingBehavior": "continuous",
              "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(120)",
                "subitems": [ { "direction": "horizontal", "width": "absolute(1)", "height": "absolute(100)",
                  "subitems": [ { "width": "fractionalWidth(1/3)", "height": "fractionalHeight(1)" } ] } ] } }
            """#, environments: #"["iPhone SE", "iPhone 12"]"#)
        let r = lint(bytes: Array(source.utf8))
        #expect(!r.layouts.contains { $0.truncated })
        // Only the cause: no "elements to resolve", and no fraction-gap on a group that no fraction could fill.
        #expect(r.diagnostics.map(\.ruleID) == [.nonPositiveDimension], "\(r.diagnostics.map(\.message))")
        let ds = r.diagnostics
        #expect(ds.map { text($0, in: source) } == [#""fractionalWidth(1/3)""#])
        #expect(ds.first?.environments == ["iPhone SE"], "at @3x a third of a point is a whole pixel")
        #expect(ds.first?.severity == .error)
        #expect(
            ds.first?.message.contains("of the group's 1 pt width: 0.333 pt, less than a pixel at @2x") == true, "\(ds)"
        )
        #expect(ds.first?.message.contains("which would never happen (layoutlint placed them once)") == true)
        // iPhone SE's 375 pt row holds 375 of the 1 pt groups, each with its one cycle of 0 pt items.
        let row = r.layouts[0].sections[0].group!
        #expect(row.children.count == 375)
        #expect(row.children.allSatisfy { $0.children.count == 1 && $0.solve?.stalled == true })
        #expect(r.layouts[1].sections[0].group!.children.first?.children.count == 3)
    }

    @Test func zeroPointSubitemsOnEitherAxisInCountsAndAfterSpacing() {
        func run(_ group: String) -> LintResult {
            lint(bytes: Array(doc(#"{ "itemCount": 3, "group": \#(group) }"#, environments: #"["iPhone SE"]"#).utf8))
        }
        func zero(_ r: LintResult) -> [Diagnostic] { r.diagnostics.filter { $0.ruleID == .nonPositiveDimension } }
        // count: 1/5 of 2 pt is 0.4 pt, 0 at @2x; the items are placed (count decides), so nothing is said to repeat.
        let count = zero(
            run(
                #"{ "direction": "horizontal", "width": "absolute(2)", "height": "absolute(20)", "subitem": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }, "count": 5 }"#
            ))
        #expect(
            count.count == 1 && count[0].message.contains("count 5 gives it 1/5 of the group's 2 pt width: 0.4 pt"),
            "\(count)")
        #expect(count.first?.message.contains("nothing of it is drawn") == true)
        // The same with spacing −1: the second pass gives each 1.2 pt, floored to 1 pt: no finding.
        #expect(
            zero(
                run(
                    #"{ "direction": "horizontal", "width": "absolute(2)", "height": "absolute(20)", "interItemSpacing": -1, "subitem": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }, "count": 5 }"#
                )
            ).isEmpty)
        // The vertical axis: the related location is the group's height; an estimated height makes it a warning.
        let tall =
            #"{ "direction": "vertical", "width": "absolute(100)", "height": "HEIGHT", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1/3)" } ] }"#
        let vertical = zero(run(tall.replacingOccurrences(of: "HEIGHT", with: "absolute(1)")))
        #expect(vertical.count == 1 && vertical[0].severity == .error && vertical[0].message.contains("0 pt tall"))
        #expect(vertical.first?.related.map(\.message) == ["the group's height"])
        let estimated = zero(run(tall.replacingOccurrences(of: "HEIGHT", with: "estimated(1)")))
        #expect(estimated.count == 1 && estimated[0].severity == .warning, "\(estimated)")
    }

    @Test func spacingThatTakesBackEveryCycleStopsItAndSpacingThatDoesNotLetsItFill() {
        func run(_ group: String) -> LintResult {
            lint(bytes: Array(doc(#"{ "itemCount": 50, "group": \#(group) }"#, environments: #"["iPhone SE"]"#).utf8))
        }
        // 10 pt items with spacing −10: each cycle after the first takes 0 pt. One placement, the spacing named.
        let spacing =
            #"{ "direction": "horizontal", "width": "absolute(200)", "height": "absolute(20)", "interItemSpacing": -10, "subitems": [ { "width": "absolute(10)", "height": "fractionalHeight(1)" } ] }"#
        let r = run(spacing)
        let s = r.diagnostics.filter { $0.ruleID == .nonPositiveDimension }
        let source = doc(#"{ "itemCount": 50, "group": \#(spacing) }"#, environments: #"["iPhone SE"]"#)
        #expect(s.map { text($0, in: source) } == ["-10"])
        #expect(
            s.first?.message.contains("each cycle of subitems after the first takes 0 pt along the group's width")
                == true)
        #expect(r.layouts[0].sections[0].group!.children.count == 1)
        // Leading edge spacing −10 with spacing 5: the first cycle takes 0 pt, every later one 5 pt. It fills:
        // 41 placements (200 / 5 + 1), and no finding.
        let edge = run(
            #"{ "direction": "horizontal", "width": "absolute(200)", "height": "absolute(20)", "interItemSpacing": 5, "subitems": [ { "width": "absolute(10)", "height": "fractionalHeight(1)", "edgeSpacing": { "leading": "fixed(-10)" } } ] }"#
        )
        #expect(!edge.diagnostics.contains { $0.ruleID == .nonPositiveDimension })
        #expect(edge.layouts[0].sections[0].group!.children.count == 41)
        // Without the spacing the edge spacing takes everything back: one placement, and the edge spacing is named.
        let edgeOnly =
            #"{ "direction": "horizontal", "width": "absolute(200)", "height": "absolute(20)", "subitems": [ { "width": "absolute(10)", "height": "fractionalHeight(1)", "edgeSpacing": { "leading": "fixed(-10)" } } ] }"#
        let e = run(edgeOnly).diagnostics.filter { $0.ruleID == .nonPositiveDimension }
        #expect(
            e.map { text($0, in: doc(#"{ "itemCount": 50, "group": \#(edgeOnly) }"#, environments: #"["iPhone SE"]"#)) }
                == [#""fixed(-10)""#])
    }
}

@Suite("Format rules")
struct FormatRuleTests {
    @Test func unknownPropertyWithSuggestion() {
        let d = doc(
            #"{ "contentInset": 4, "group": { "direction": "horizontal", "width": 10, "height": 10, "subitems": [ { "width": 10, "height": 10 } ] } }"#
        )
        let ds = diagnostics(d)
        #expect(ds.count == 1 && ds[0].ruleID == .unknownProperty)
        #expect(ds[0].message.contains("did you mean \"contentInsets\""))
        #expect(text(ds[0], in: d) == #""contentInset""#)
        #expect(ds[0].fix?.edits.first?.newText == #""contentInsets""#)
    }

    @Test("did you mean: the same answer whatever the order of the candidates (found by fuzzing: a set's order)")
    func suggestionsDoNotDependOnOrder() {
        var rng = SplitMix(seed: 3)
        let cases: [(String, [String], String?)] = [
            ("group", RuleCatalog.all.map(\.id), "group-overflow"), // no close one: the shortest with the prefix
            ("widht", ["width", "height", "widths", "wight"], "width"), // ties at distance 1 go to the first in order
            ("Width", ["WIDTH", "width", "Width"], "Width"),
            ("wIDTH", ["WIDTH", "width"], "WIDTH"),
            ("fractional", ["fractionalWidth", "fractionalHeight"], "fractionalWidth"),
            ("zzzz", ["width"], nil),
        ]
        for (word, candidates, expected) in cases {
            for _ in 0..<20 {
                var shuffled = candidates
                for i in shuffled.indices.reversed() { shuffled.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
                #expect(suggest(word, among: shuffled) == expected, "\(word) among \(shuffled)")
            }
        }
        // The suppression message the fuzzer caught differing between two lints of one text.
        let src =
            "// layoutlint-disable-next-line group\n{ \"group\": { \"direction\": \"horizontal\", \"width\": 10, \"height\": 10, \"subitems\": [ { \"width\": 10, \"height\": 10 } ] } }"
        let messages = Set(
            (0..<10).map { _ in lint(bytes: Array(src.utf8)).diagnostics.map(\.message).joined(separator: "\n") })
        #expect(messages.count == 1 && messages.first!.contains("did you mean \"group-overflow\""), "\(messages)")
    }

    @Test func invalidValues() {
        let d = doc(
            #"{ "orthogonalScrollingBehavior": "groupPagingCentred", "group": { "direction": "horizontal", "width": "fractional(1)", "height": "absolute(1e999)", "subitems": [ { "width": 10, "height": 10 } ] } }"#
        )
        let ds = diagnostics(d).filter { $0.ruleID == .invalidValue }
        #expect(ds.contains { $0.message.contains("did you mean \"groupPagingCentered\"") })
        #expect(ds.contains { $0.message.contains("did you mean \"fractionalWidth(1)\"") })
        #expect(ds.contains { text($0, in: d) == #""absolute(1e999)""# && $0.message.contains("out of range") })
    }

    @Test func wrongTypeAndMissingProperty() {
        let d = doc(
            #"{ "itemCount": "12", "group": { "direction": "horizontal", "width": 10, "subitems": [ { "width": 10, "height": 10 } ] } }"#
        )
        let ds = diagnostics(d)
        #expect(ds.contains { $0.ruleID == .wrongType && text($0, in: d) == #""12""# })
        #expect(ds.contains { $0.ruleID == .missingProperty && $0.message.contains("\"height\"") })
    }

    @Test func refsResolveWithOverrides() {
        let d = #"""
            { "definitions": { "cell": { "width": "fractionalWidth(1/3)", "height": "fractionalHeight(1)" } },
              "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
                                         "subitems": [ { "$ref": "#/definitions/cell", "width": "fractionalWidth(1/2)" } ] } } ] }
            """#
        let r = lint(bytes: Array(d.utf8))
        #expect(r.diagnostics.isEmpty)
        let g = r.layouts[0].sections[0].group!
        #expect(g.children.count == 2 && g.children[0].frame.width == 195)
        #expect(g.children[0].path == "/sections/0/group/subitems/0")
    }

    /// JSON Pointer escapes (RFC 6901) are read per Unicode scalar: a `~` or a digit followed by a combining mark
    /// is one Swift `Character`, which per-`Character` matching missed (`~0\u{301}` was not read as `~`).
    @Test func refsWithPointerEscapesBesideCombiningMarks() {
        let d = #"""
            { "definitions": { "a~\u0301/x": { "width": 10, "height": 10 }, "b/\u0301": { "width": 20, "height": 20 } },
              "sections": [ { "group": { "direction": "horizontal", "width": 100, "height": 100,
                                         "subitems": [ { "$ref": "#/definitions/a~0\u0301~1x" }, { "$ref": "#/definitions/b~1\u0301" } ] } } ] }
            """#
        let r = lint(bytes: Array(d.utf8))
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics.map(\.message))")
        #expect(r.layouts.first?.sections.first?.group?.children.prefix(2).map(\.frame.width) == [10, 20])
        #expect(unescapePointer(escapePointer("~\u{301}/\u{301}~01")) == "~\u{301}/\u{301}~01")
        #expect(unescapePointer("~01") == "~1" && unescapePointer("~10") == "/0" && unescapePointer("~2") == "~2")
    }

    /// A misspelt direction told the user to add the "direction" already there, and hid the group's other errors.
    @Test func aMisspeltDirectionIsOneErrorAndTheRestIsStillChecked() {
        let d = doc(
            #"{ "group": { "direction": "horizontl", "width": "fractionalWidth(1)", "height": 44, "subitems": { "width": 10, "height": 10 } } }"#
        )
        let ds = diagnostics(d)
        #expect(
            ds.contains { text($0, in: d) == #""horizontl""# && $0.message.contains(#"did you mean "horizontal""#) },
            "\(ds.map(\.message))")
        #expect(!ds.contains { $0.message.contains("add \"direction\"") }, "\(ds.map(\.message))")
        #expect(ds.contains { $0.ruleID == .wrongType && $0.message.contains("\"subitems\"") }, "\(ds.map(\.message))")
        // Without a direction at all, the section still says what is missing.
        let none = doc(#"{ "group": { "width": "fractionalWidth(1)", "height": 44 } }"#)
        #expect(
            diagnostics(none).contains { $0.ruleID == .missingProperty && $0.message.contains("add \"direction\"") })
    }

    /// "did you mean" covered misspelt names only: a missing `)`, a unit, a missing `estimate:`, a number in a string
    /// or a `$ref` without its "#/" got the generic message and no fix (first-user review, finding 6); a fraction in
    /// points was taken silently (the schema and docs/format.md say points are a number) and 1/0 got the generic
    /// message.
    @Test(
        "a slip in a dimension, spacing or $ref is named, with the repair as a fix the editor offers",
        arguments: [
            (#""width": "fractionalWidth(0.5""#, #"did you mean "fractionalWidth(0.5)"?"#, #""fractionalWidth(0.5)""#),
            (
                #""width": "fractionalWidth(0.5))""#, #"did you mean "fractionalWidth(0.5)"?"#,
                #""fractionalWidth(0.5)""#
            ),
            (#""width": "absolute(44pt)""#, #"did you mean "absolute(44)"?"#, #""absolute(44)""#),
            (
                #""width": "uniformAcrossSiblings(80)""#, #"did you mean "uniformAcrossSiblings(estimate: 80)"?"#,
                #""uniformAcrossSiblings(estimate: 80)""#
            ),
            (#""width": "44""#, "did you mean the number 44?", "44"),
            (
                #""width": "absolute(100/3)""#,
                #"absolute takes points, not a fraction (fractions are for fractionalWidth and fractionalHeight); did you mean "absolute(33.333)"?"#,
                #""absolute(33.333)""#
            ),
            (
                #""width": "absolut(1/2)""#,
                #"absolute takes points, not a fraction (fractions are for fractionalWidth and fractionalHeight); did you mean "absolute(0.5)"?"#,
                #""absolute(0.5)""#
            ),
            (#""width": "fixed(1/2)""#, #""fixed(1/2)" is not a dimension (expected"#, nil),
            (#""width": "+44""#, "did you mean the number 44?", "44"),
            (#""width": ".5""#, "did you mean the number 0.5?", "0.5"),
            // A tab the user wrote as \t stays one in the repair, escaped as JSON (written raw, it broke the document).
            (#""width": "absolute(\t44""#, #"did you mean "absolute("#, #""absolute(\t44)""#),
            (#""width": "fractionalWidth(1/0)""#, "the fraction divides by zero", nil),
            (
                #""width": "absolute(44)", "edgeSpacing": { "leading": "fixed(8" }"#, #"did you mean "fixed(8)"?"#,
                #""fixed(8)""#
            ),
            (#""width": "absolute(44)", "edgeSpacing": { "leading": "8" }"#, "did you mean the number 8?", "8"),
            (#""$ref": "definitions/cell""#, ##"did you mean "#/definitions/cell"?"##, ##""#/definitions/cell""##),
        ] as [(String, String, String?)])
    func slipsInValues(_ item: String, _ says: String, _ newText: String?) {
        let d =
            ##"{ "environments": ["iPhone 12"], "definitions": { "cell": { "width": "absolute(10)", "height": "absolute(10)" } }, "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(10)", "subitems": [ { \##(item), "height": "absolute(10)" }, { "$ref": "#/definitions/cell" } ] } } ] }"##
        let found = diagnostics(d).filter { $0.severity == .error }
        #expect(found.count == 1, "\(found.map(\.message))")
        guard let e = found.first else { return }
        #expect(e.message.contains(says), "\(e.message)")
        #expect(
            e.fix?.edits.map(\.newText) == newText.map { [$0] } && e.fix?.isSafe != true, "\(String(describing: e.fix))"
        )
        // The repair reads: applied, nothing is left to say about that value.
        if let fix = e.fix {
            let fixedText: [UInt8] = applyEdits(Array(d.utf8), fix.edits)
            let repaired: [Diagnostic] = lint(bytes: fixedText).diagnostics.filter { $0.severity == .error }
            #expect(repaired.isEmpty, "\(repaired.map(\.message))")
        }
    }

    /// The editor's suggestion for a `$ref` without its "#/" follows the definition it names: renaming the definition
    /// took the suggestion away in `lint` but not in the editor, which kept the section's result.
    @Test func theEditorsRefSuggestionFollowsTheDefinition() throws {
        let text =
            ##"{ "environments": ["iPhone 12"], "definitions": { "cell": { "width": "absolute(10)", "height": "absolute(10)" } }, "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(10)", "subitems": [ { "$ref": "definitions/cell" } ] } } ] }"##
        let inc = IncrementalLinter(text: Array(text.utf8))
        #expect(inc.diagnostics.contains { $0.message.contains(##"did you mean "#/definitions/cell""##) })
        let at = try #require(String(decoding: inc.text, as: UTF8.self).range(of: #""cell": {"#))
        let start = String(decoding: inc.text, as: UTF8.self).utf8.distance(
            from: String(decoding: inc.text, as: UTF8.self).utf8.startIndex, to: at.lowerBound)
        inc.replace(ByteRange(start + 1, start + 5), with: Array("tile".utf8))
        #expect(inc.diagnostics == lint(bytes: inc.text).diagnostics, "\(inc.diagnostics.map(\.message))")
        #expect(!inc.diagnostics.contains { $0.message.contains("did you mean") })
    }

    /// The repairs over random texts of the characters they read: a repair offered always parses, and nothing traps.
    @Test func repairsOfRandomTextsParse() {
        var r = SplitMix(seed: 15)
        let alphabet =
            Array("()( )abpt/:.-+e0123456789 \t").map(String.init) + [
                "absolute(", "fixed(", "uniformAcrossSiblings(", "estimate:", "fractionalWidth(",
            ]
        var offered = 0
        for _ in 0..<20_000 {
            var t = ""
            for _ in 0..<Int(r.next() % 12) { t += alphabet[Int(r.next() % UInt64(alphabet.count))] }
            for (name, parses) in [
                ("dimension", { (x: String) in Dimension.parse(x) != nil }),
                ("spacing", { (x: String) in Spacing.parse(x) != nil }),
            ] {
                switch repairCall(t, parses: parses) {
                case .text(let x)?:
                    offered += 1; #expect(parses(x), "\(name): \(t.debugDescription) → \(x.debugDescription)")
                case .number(let n)?: #expect(parseDecimal(n) != nil)
                case nil: break
                }
                _ = argumentProblem(t, names: ["absolute", "fixed"], parses: parses)
            }
        }
        #expect(offered > 100)
    }

    /// Member names are equal when their code points are (RFC 8259, RFC 6901), not when Swift's `==` finds them
    /// canonically equivalent: "é" and "e\u{301}" are two keys, a `$ref` in NFC does not reach a key in NFD, and a
    /// key spelt with the Kelvin sign is not `elementKind`. A pointer token may start with a combining mark.
    @Test func keysAreComparedByCodePoints() {
        let dup =
            #"{ "sections": [ { "group": { "direction": "horizontal", "width": 1, "height": 1, "subitems": [ { "width": 1, "height": 1, "\u00e9": 1, "e\u0301": 2 } ] } } ] }"#
        #expect(!diagnostics(dup).contains { $0.ruleID == .duplicateKey })
        #expect(fixAll(Array(dup.utf8)).text == Array(dup.utf8), "no safe fix removes either key")
        let nfc =
            ##"{ "definitions": { "cafe\u0301": { "width": 200, "height": 10 } }, "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": 50, "subitems": [ { "$ref": "#/definitions/caf\u00e9" } ] } } ] }"##
        #expect(diagnostics(nfc).contains { $0.ruleID == .unresolvedRef })
        let kelvin =
            #"{ "sections": [ { "boundarySupplementaryItems": [ { "element\u212Aind": "header", "width": "fractionalWidth(1)", "height": 44, "alignment": "top" } ], "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": 50, "subitems": [ { "width": 100, "height": 10 } ] } } ] }"#
        let k = diagnostics(kelvin)
        #expect(
            k.contains { $0.ruleID == .unknownProperty }
                && k.contains { $0.ruleID == .missingProperty && $0.message.contains("elementKind") },
            "\(k.map(\.message))")
        let combining =
            ##"{ "definitions": { "\u0301x": { "width": 100, "height": 10 } }, "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": 50, "subitems": [ { "$ref": "#/definitions/\u0301x" } ] } } ] }"##
        #expect(diagnostics(combining).isEmpty, "\(diagnostics(combining).map(\.message))")
        #expect(
            globMatches("gen/\u{301}x/**", "gen/\u{301}x/a.layout.json")
                && !globMatches("gen/**", "gen\u{301}/a.layout.json"))
        // UIKit compares elementKinds as NSString's isEqual does (literally, code unit by code unit): "badgé" in NFC
        // and in NFD are two kinds, which it does not throw for; the same spelling twice is still one.
        func kinds(_ a: String, _ b: String) -> String {
            #"{ "environments": ["iPhone 12"], "sections": [ { "boundarySupplementaryItems": [ { "elementKind": "\#(a)", "width": "fractionalWidth(1)", "height": "absolute(44)", "alignment": "top" }, { "elementKind": "\#(b)", "width": "fractionalWidth(1)", "height": "absolute(44)", "alignment": "bottom" } ], "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } } ] }"#
        }
        #expect(!diagnostics(kinds("badg\u{E9}", "badge\u{301}")).contains { $0.ruleID == .duplicateElementKind })
        #expect(diagnostics(kinds("badge\u{301}", "badge\u{301}")).contains { $0.ruleID == .duplicateElementKind })
        // A key spelt with the Kelvin sign beside the real elementKind is an unknown property that says so, and the
        // duplicate's note points at the real elementKind's value (the look-alike key replaced it in the model).
        let kelvinTwin =
            #"{ "environments": ["iPhone 12"], "sections": [ { "boundarySupplementaryItems": [ { "elementKind": "header", "element\#u{212A}ind": "other", "width": "fractionalWidth(1)", "height": "absolute(44)", "alignment": "top" }, { "elementKind": "header", "width": "fractionalWidth(1)", "height": "absolute(44)", "alignment": "bottom" } ], "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } } ] }"#
        let kd = diagnostics(kelvinTwin)
        let header = Array(kelvinTwin.utf8).firstRange(of: Array(#""header""#.utf8))!.lowerBound
        #expect(
            kd.contains { $0.ruleID == .duplicateElementKind && $0.related.first?.range.start == header },
            "\(kd.map { "\($0.rule) \($0.related.map(\.range))" })")
        #expect(
            kd.contains {
                $0.ruleID == .unknownProperty
                    && $0.message.contains("reads the same but is written with other Unicode code points")
            }, "\(kd.map(\.message))")
        // Lone surrogates encode no character: an error each, and two different ones are not one key.
        let lone = #"{ "sections": [], "\ud800": 1, "\udbff": 2, "\ud83d\ude00": 3, "\ud800": 4 }"#
        let l = diagnostics(lone)
        #expect(l.filter { $0.ruleID == .syntax && $0.message.contains("surrogate") }.count == 3, "\(l.map(\.message))")
        #expect(
            l.filter { $0.ruleID == .duplicateKey }.count == 1, "only the \\ud800 written twice: \(l.map(\.message))")
    }

    /// A chain of 3 000 `$ref`s (220 KB) overflowed the stack of the recursive expansion: `lint` and `serve` crashed.
    /// The chain now stops at `maxRefDepth` with a diagnostic.
    @Test func longRefChainsStopWithADiagnostic() {
        var defs = [#""d0": { "width": 10, "height": 10 }"#]
        for i in 1...3_000 { defs.append(##""d\##(i)": { "$ref": "#/definitions/d\##(i - 1)" }"##) }
        let d =
            ##"{ "definitions": { \##(defs.joined(separator: ",")) }, "sections": [ { "group": { "direction": "horizontal", "width": 100, "height": 100, "subitems": [ { "$ref": "#/definitions/d3000" } ] } } ] }"##
        let ds = diagnostics(d)
        #expect(
            ds.contains { $0.ruleID == .invalidValue && $0.message.contains("at most 128") },
            "\(ds.prefix(3).map(\.message))")
    }

    @Test func unresolvedRefAndCycles() {
        let d = #"""
            { "definitions": { "cell": { "width": 10, "height": 10 },
                               "a": { "$ref": "#/definitions/b" }, "b": { "$ref": "#/definitions/a" } },
              "sections": [ { "group": { "direction": "horizontal", "width": 100, "height": 100, "subitems": [ { "$ref": "#/definitions/cel" } ] } },
                            { "group": { "direction": "horizontal", "width": 100, "height": 100, "subitems": [ { "$ref": "#/sections/1/group" } ] } },
                            { "group": { "$ref": "#/definitions/a" } },
                            { "group": { "$ref": "file:///etc/passwd" } } ] }
            """#
        let ds = diagnostics(d)
        #expect(
            ds.contains { $0.ruleID == .unresolvedRef && $0.message.contains("did you mean \"#/definitions/cell\"") })
        #expect(ds.contains { $0.ruleID == .refCycle && text($0, in: d) == ##""#/sections/1/group""## })
        #expect(ds.contains { $0.ruleID == .refCycle && text($0, in: d).contains("#/definitions/") })
        #expect(ds.contains { $0.ruleID == .unresolvedRef && $0.message.contains("never opens files") })
    }

    @Test func exponentialRefsStopAtTheBudget() {
        // Each level refers to the previous one twice: 2^40 elements if expanded naively.
        var defs = [#""d0": { "width": 10, "height": 10 }"#]
        for i in 1...40 {
            defs.append(
                ##""d\##(i)": { "direction": "horizontal", "width": 1000000, "height": 10, "subitems": [ { "$ref": "#/definitions/d\##(i - 1)" }, { "$ref": "#/definitions/d\##(i - 1)" } ] }"##
            )
        }
        let d =
            ##"{ "definitions": { \##(defs.joined(separator: ",")) }, "sections": [ { "group": { "$ref": "#/definitions/d40" } } ] }"##
        let ds = diagnostics(d)
        #expect(ds.contains { $0.message.contains("more than") })
    }

    @Test func syntaxErrorDoesNotHideLaterFindings() {
        let d = #"""
            { "sections": [
              { "name": "broken" "group": { "direction": "horizontal", "width": 100, "height": 100, "subitems": [ { "width": 10, "height": 10 } ] } },
              { "name": "fine", "group": { "direction": "horizontal", "width": "absolute(300)", "height": "absolute(50)",
                "subitems": [ { "width": "absolute(320)", "height": "absolute(50)" } ] } } ] }
            """#
        let ds = diagnostics(d)
        #expect(ds.contains { $0.ruleID == .syntax })
        #expect(ds.contains { $0.ruleID == .noItemFits })
    }

    @Test func duplicateKeys() {
        let d = doc(
            #"{ "group": { "direction": "horizontal", "width": 10, "width": 20, "height": 10, "subitems": [ { "width": 10, "height": 10 } ] } }"#
        )
        let ds = diagnostics(d)
        #expect(ds.count == 1 && ds[0].ruleID == .duplicateKey && ds[0].related.count == 1)
    }

    @Test func absurdInputsNeverCrash() {
        for t in [
            "", "null", "[]", "42", #"{"sections": 1}"#, #"{"sections": [1, "x", null]}"#,
            #"{"sections": [{"group": {"direction": "horizontal", "width": 1e308, "height": -0, "subitems": [{"width": NaN, "height": 1}]}}]}"#,
            String(repeating: "[", count: 100_000),
            #"{"environments": [{"name": "x", "width": 0, "height": 1e400}], "sections": []}"#,
        ] {
            let r = lint(bytes: Array(t.utf8))
            #expect(!r.diagnostics.isEmpty, "\(t.prefix(40))")
        }
    }

    @Test func tinyItemsInAHugeGroupStopAtTheLimit() {
        let d = doc(
            #"{ "group": { "direction": "horizontal", "width": 1000000, "height": 10, "subitems": [ { "width": 0.001, "height": 10 } ] } }"#
        )
        let r = lint(bytes: Array(d.utf8))
        #expect(r.layouts[0].sections[0].group!.children.count <= ResolveLimits().maxPlacementsPerGroup)
    }

    /// A group with room for more subitems than layoutlint places in one group says it was cut (what lies past the
    /// cut was not laid out or checked); one exactly full at the limit is complete and says nothing.
    @Test func aGroupCutAtThePlacementLimitSaysSoAndAFullOneDoesNot() throws {
        func section(_ height: Int) -> String {
            doc(
                #"{ "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "absolute(\#(height))", "subitems": [ { "width": "fractionalWidth(1)", "height": "absolute(1)" } ] } }"#
            )
        }
        let limit = ResolveLimits().maxPlacementsPerGroup
        let cut = section(2 * limit)
        let r = lint(bytes: Array(cut.utf8))
        #expect(r.layouts[0].sections[0].group!.children.count == limit)
        let ds = r.diagnostics.filter { $0.ruleID == .invalidValue }
        try #require(ds.count == 1, "\(r.diagnostics.map(\.message))")
        #expect(ds[0].severity == .error)
        #expect(text(ds[0], in: cut) == "\"absolute(\(2 * limit))\"")
        #expect(ds[0].message.contains("than layoutlint places in one group (\(limit))"), "\(ds[0].message)")
        #expect(IncrementalLinter(text: Array(cut.utf8)).diagnostics == r.diagnostics)

        let full = lint(bytes: Array(section(limit).utf8))
        #expect(full.layouts[0].sections[0].group!.children.count == limit)
        #expect(full.diagnostics.isEmpty, "\(full.diagnostics.map(\.message))")
    }
}

@Suite("Rule findings stay bounded by their causes")
struct FindingFanOutTests {
    /// A group placed 25 000 times (within the node limit) whose 100 listed subitems are each `fractionalWidth(2)`:
    /// one finding per subitem, not one per placement and subitem (2.5 M findings; the 4 KB document at 250 000
    /// placements made 25 M and 4 GB, and `lint` was killed).
    @Test func aGroupPlacedManyTimesIsJudgedOnce() {
        let subitems = Array(repeating: #"{"width":"fractionalWidth(2)","height":1}"#, count: 100).joined(
            separator: ",")
        let text =
            #"{"sections":[{"group":{"direction":"vertical","width":100,"height":100,"count":25,"repeatingSubitem":{"direction":"horizontal","width":100,"height":100,"count":1000,"repeatingSubitem":{"direction":"horizontal","width":100,"height":100,"subitems":[\#(subitems)]}}}}]}"#
        let r = lint(bytes: Array(text.utf8))
        let findings = collectFindings(
            document: r.document, layout: r.layouts[0], source: SourceText(bytes: Array(text.utf8)))
        #expect(findings.count < 1_000, "\(findings.count) findings")
        #expect(r.diagnostics.filter { $0.ruleID == .fractionAboveOne }.count == 100)
    }
}

@Suite("The element budget covers variants")
struct VariantBudgetTests {
    /// Each variant copies its section's keys and builds its group again: 400 variants of a section with 400 keys
    /// were 160 000 copies (3 000 × 3 000 took 1.2 GB), outside the budget that bounds `$ref` expansion. They count
    /// against it now: a diagnostic, and building stops; the incremental linter agrees.
    @Test func variantsTimesSectionKeysAreBounded() {
        let keys = (0..<400).map { "\"k\($0)\": 0" }.joined(separator: ", ")
        let variants = Array(repeating: #"{"when":{}}"#, count: 400).joined(separator: ", ")
        let text =
            #"{"sections":[{"group":{"direction":"horizontal","width":"fractionalWidth(1)","height":"absolute(44)","subitems":[{"width":"fractionalWidth(1)","height":"fractionalHeight(1)"}]}, \#(keys), "variants":[\#(variants)]}]}"#
        let r = lint(bytes: Array(text.utf8))
        #expect(r.diagnostics.contains { $0.message.contains("elements through $ref and variants") })
        let built = r.document.sections.first?.variants.count ?? 0
        #expect(built > 0 && built * 400 <= ModelLimits().maxElements, "\(built) variants built")
        let inc = IncrementalLinter(text: Array(text.utf8))
        #expect(inc.diagnostics == r.diagnostics)
        // A few variants of a few keys are untouched.
        let small =
            #"{"sections":[{"group":{"direction":"horizontal","width":"fractionalWidth(1)","height":"absolute(44)","subitems":[{"width":"fractionalWidth(1)","height":"fractionalHeight(1)"}]}, "variants":[{"when":{"minWidth":1}},{"when":{"minWidth":2}}]}]}"#
        #expect(lint(bytes: Array(small.utf8)).document.sections.first?.variants.count == 2)
    }

    /// An expanded element's keys are read at every expansion: a definition of 300 unknown keys `$ref`'d 300 times
    /// passes the budget (2 000 × 2 000 took 39 s and 800 MB); 2 000 expansions of an element of normal size do not.
    @Test func keysOfExpandedElementsAreBounded() {
        func doc(keys: Int, refs: Int) -> String {
            let extra = (0..<keys).map { ", \"u\($0)\": 1" }.joined()
            let subs = Array(repeating: ##"{"$ref":"#/definitions/big"}"##, count: refs).joined(separator: ",")
            return
                ##"{"definitions":{"big":{"width":1,"height":1\##(extra)}},"sections":[{"group":{"direction":"vertical","width":100,"height":100,"subitems":[\##(subs)]}}]}"##
        }
        let big = lint(bytes: Array(doc(keys: 300, refs: 300).utf8))
        #expect(big.diagnostics.contains { $0.message.contains("elements through $ref and variants") })
        let normal = lint(bytes: Array(doc(keys: 8, refs: 2_000).utf8))
        #expect(!normal.diagnostics.contains { $0.message.contains("elements through") })
    }
}

@Suite("no-item-fits and estimated sizes")
struct NoItemFitsEstimateTests {
    /// The fit is decided along the group's axis: a 400-pt item in a 390-pt-wide horizontal group throws whatever the
    /// group's estimated height (an error); with an item of estimated width, or one as wide as a fraction of that
    /// estimated height, the estimate is involved (a warning).
    @Test(arguments: [
        (#""width": "fractionalWidth(1)", "height": "estimated(44)""#, #""width": "absolute(400)""#, Severity.error),
        (#""width": "fractionalWidth(1)", "height": "absolute(44)""#, #""width": "estimated(400)""#, Severity.warning),
        (
            #""width": "fractionalWidth(1)", "height": "estimated(44)""#, #""width": "fractionalHeight(10)""#,
            Severity.warning
        ),
    ])
    func severityFollowsTheAxisOfTheFit(_ group: String, _ item: String, _ expected: Severity) {
        let text =
            #"{ "sections": [ { "group": { "direction": "horizontal", \#(group), "subitems": [ { \#(item), "height": "absolute(44)" } ] } } ] }"#
        let d = lint(bytes: Array(text.utf8)).diagnostics.first { $0.ruleID == .noItemFits }
        #expect(d?.severity == expected, "\(String(describing: d))")
    }
}

@Suite("insets-exceed-size on a section's background")
struct DecorationInsetsTests {
    /// A background whose contentInsets are wider than its section (200 + 200 in 390) was a -10 pt wide frame that no
    /// rule reported; one that fits is not reported.
    @Test(arguments: [(200, true), (20, false)])
    func aBackgroundInsetPastItsSection(_ inset: Int, _ reported: Bool) {
        let text =
            #"{ "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }, "decorationItems": [ { "elementKind": "background", "contentInsets": { "leading": \#(inset), "trailing": \#(inset) } } ] } ] }"#
        let d = lint(bytes: Array(text.utf8)).diagnostics.filter { $0.ruleID == .insetsExceedSize }
        #expect(d.isEmpty != reported, "\(d.map(\.message))")
        if reported { #expect(d.first?.message.contains("-10 pt wide") == true, "\(d.map(\.message))") }
    }

    /// An empty section is 0 pt tall whatever its background's insets: not their doing, not reported.
    @Test func anEmptySectionsBackgroundIsNotReported() {
        let text =
            #"{ "sections": [ { "itemCount": 0, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }, "decorationItems": [ { "elementKind": "background", "contentInsets": { "leading": 16, "trailing": 16 } } ] } ] }"#
        #expect(!lint(bytes: Array(text.utf8)).diagnostics.contains { $0.ruleID == .insetsExceedSize })
    }
}

extension NoItemFitsEstimateTests {
    /// The group's insets leave no room across a definite width: UIKit throws whatever its estimated height (an
    /// error). (On an estimated axis its own insets are dropped,
    /// docs/semantics.md#estimated-sizes: there is room.)
    @Test(arguments: [(#""width": "absolute(40)", "height": "estimated(100)""#, Severity.error)])
    func groupInsetsWithoutRoom(_ size: String, _ expected: Severity) {
        let text =
            #"{ "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ { "direction": "horizontal", \#(size), "contentInsets": { "leading": 20, "trailing": 20 }, "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } ] } } ] }"#
        let d = lint(bytes: Array(text.utf8)).diagnostics.first { $0.ruleID == .noItemFits }
        #expect(d?.severity == expected, "\(String(describing: d))")
    }
}
