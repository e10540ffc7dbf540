import Testing
@testable import LayoutLintCore

/// Resolves a document whose single section holds `group` (JSON text) in one environment.
func resolveSection(
    _ group: String, section extra: String = "", environments: String = #"["iPhone 12"]"#,
    configuration: String = "{}"
) -> (ResolvedLayout, LintResult) {
    let text = """
        { "environments": \(environments), "configuration": \(configuration),
          "sections": [ { \(extra.isEmpty ? "" : extra + ",") "group": \(group) } ] }
        """
    let r = lint(bytes: Array(text.utf8))
    return (r.layouts[0], r)
}

func rootGroup(_ l: ResolvedLayout, _ section: Int = 0) -> ResolvedNode {
    l.sections[section].group!
}

func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 0.0005 }

@Suite("Resolver: the issue's table")
struct ResolverTableTests {
    @Test("1/3 items in a fractionalWidth(1/3)-tall group: 390×130 group, three 130×130 items")
    func thirds() {
        let (l, r) = resolveSection(
            #"""
            { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "fractionalWidth(1/3)",
              "subitems": [ { "width": "fractionalWidth(1/3)", "height": "fractionalHeight(1)" } ] }
            """#)
        #expect(r.diagnostics.isEmpty)
        let g = rootGroup(l)
        #expect(g.frame.width == 390 && g.frame.height == 130)
        #expect(g.children.count == 3)
        for (i, c) in g.children.enumerated() {
            #expect(c.frame == Rect(x: Double(i) * 130, y: 0, width: 130, height: 130))
        }
    }

    @Test("absolute 100×100 item with trailing inset 30 in a 390-pt group: frame 100×100, content 70×100, three placed")
    func insetItems() {
        let (l, _) = resolveSection(
            #"""
            { "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)",
              "subitems": [ { "width": "absolute(100)", "height": "absolute(100)", "contentInsets": { "trailing": 30 } } ] }
            """#)
        let g = rootGroup(l)
        #expect(g.children.count == 3)
        for c in g.children {
            #expect(c.frame.width == 100 && c.frame.height == 100)
            #expect(c.contentFrame.width == 70 && c.contentFrame.height == 100)
            #expect(c.contentFrame.x == c.frame.x)
        }
        #expect(g.children.map(\.frame.x) == [0, 100, 200])
    }

    /// Insets reached through a `$ref` (with edges of their own overriding the target's), as edgeSpacing is: the
    /// `$ref` was skipped without a word, and the insets were 0.
    @Test("contentInsets through a $ref: the target's edges, overridden by the referrer's; a cycle is an error")
    func insetsThroughAReference() {
        let (l, r) = resolveSection(
            ##"""
            { "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)",
              "subitems": [ { "width": "absolute(100)", "height": "absolute(100)", "contentInsets": { "trailing": 30 } },
                            { "width": "absolute(100)", "height": "absolute(100)", "contentInsets": { "$ref": "#/sections/0/group/subitems/0/contentInsets", "leading": 5 } } ] }
            """##,
            section:
                ##""contentInsets": { "$ref": "#/sections/0/group/subitems/1/contentInsets", "leading": 0, "trailing": 0, "bottom": 0, "top": 12 }"##
        )
        #expect(r.diagnostics.filter { $0.severity == .error }.isEmpty, "\(r.diagnostics.map(\.message))")
        let g = rootGroup(l)
        #expect(g.children.count >= 2)
        #expect(g.children[0].contentFrame.width == 70)
        #expect(g.children[1].contentFrame.width == 65 && g.children[1].contentFrame.x == g.children[1].frame.x + 5)
        // The section's insets through a `$ref`, every edge its own: 12 on top.
        #expect(l.sections[0].frame.y == 0 && g.frame.y == 12)
        let cycle = lint(
            bytes: Array(
                ##"{ "sections": [ { "contentInsets": { "$ref": "#/sections/0/contentInsets" }, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } } ] }"##
                    .utf8))
        #expect(cycle.diagnostics.contains { $0.ruleID == .refCycle }, "\(cycle.diagnostics.map(\.rule))")
    }

    /// Definitions may hold insets or edge spacing for `"contentInsets": { "$ref": … }`: one that nothing used yet was
    /// checked as an element and got "needs width" errors; a misspelt spacing in one is still an error.
    @Test func insetsAndEdgeSpacingKeptInTheDefinitions() {
        let text = ##"""
            { "environments": ["iPhone 12"],
              "definitions": { "pad": { "top": 8, "bottom": 8 }, "gap": { "leading": "fixed(10)" }, "spare": { "leading": 4 }, "bad": { "leading": "fixd(8)" } },
              "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)",
                "subitems": [ { "width": "absolute(185)", "height": "fractionalHeight(1)", "contentInsets": { "$ref": "#/definitions/pad" }, "edgeSpacing": { "$ref": "#/definitions/gap" } } ] } } ] }
            """##
        let r = lint(bytes: Array(text.utf8))
        #expect(
            r.diagnostics.map(\.ruleID).sorted() == [.invalidValue, .unusedDefinition, .unusedDefinition],
            "\(r.diagnostics.map(\.message))")
        #expect(
            r.diagnostics.first { $0.ruleID == .invalidValue }?.message.contains(#"did you mean "fixed(8)""#) == true)
        let item = rootGroup(r.layouts[0]).children[0]
        #expect(item.frame.x == 10 && item.contentFrame.y - item.frame.y == 8, "\(item.frame) \(item.contentFrame)")
    }

    @Test("subitem + count 3 with fixed(10) spacing and section insets 10: group 370×200, items 116.667×200")
    func countWithSpacing() {
        let (l, _) = resolveSection(
            #"""
            { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(200)",
              "subitem": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }, "count": 3,
              "interItemSpacing": "fixed(10)" }
            """#, section: #""contentInsets": 10"#)
        let g = rootGroup(l)
        #expect(g.frame.width == 370 && g.frame.height == 200)
        #expect(g.children.count == 3)
        for c in g.children { #expect(close(c.frame.width, 116.667) && c.frame.height == 200) }
        // Placed after the section's leading inset, 10 pt apart.
        #expect(close(g.children[0].frame.x, 10))
        #expect(close(g.children[1].frame.x - g.children[0].frame.maxX, 10))
    }

    @Test(
        "quarter items with insets in an estimated group: 93.333×150 floored, content 77.333×134, 4 per group, group 150 tall"
    )
    func estimatedGroupFromItems() {
        let (l, r) = resolveSection(
            #"""
            { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "estimated(500)",
              "subitems": [ { "width": "fractionalWidth(0.25)", "height": "absolute(150)", "contentInsets": { "bottom": 16, "trailing": 16 } } ] }
            """#, section: #""contentInsets": { "leading": 16 }"#)
        let g = rootGroup(l)
        #expect(g.children.count == 4)
        let c = g.children[0]
        #expect(close(c.frame.width, 93.333) && c.frame.height == 150)
        #expect(close(c.contentFrame.width, 77.333) && c.contentFrame.height == 134)
        #expect(g.frame.height == 150)
        #expect(!r.diagnostics.contains { $0.severity >= .warning })
    }

    @Test("seed 004's adaptive section in iPhone 12 landscape: effective width 750, not the wide branch")
    func adaptiveLandscape() {
        let text = #"""
            { "environments": ["iPhone 12 landscape", "iPad"],
              "sections": [ {
                "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
                           "subitem": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }, "count": 2 },
                "variants": [ { "when": { "minWidth": 801 },
                  "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
                             "subitem": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }, "count": 4 } } ] } ] }
            """#
        let r = lint(bytes: Array(text.utf8))
        let landscape = r.layouts[0].sections[0]
        #expect(landscape.effectiveContentWidth == 750)
        #expect(landscape.variantIndex == nil)
        #expect(landscape.group!.children.count == 2)
        #expect(landscape.group!.frame.width == 750)
        let ipad = r.layouts[1].sections[0]
        #expect(ipad.effectiveContentWidth == 820)
        #expect(ipad.variantIndex == 0)
        #expect(ipad.group!.children.count == 4)
    }
}

@Suite("Resolver: the worked examples of docs/semantics.md")
struct ResolverSemanticsTests {
    @Test(
        "fractional-dimensions: fractional sizes against the container less insets, floored to pixels; landscape uses the safe area"
    )
    func fractionalContainers() {
        let group = #"""
            { "direction": "horizontal", "width": "fractionalWidth(0.9)", "height": "fractionalHeight(0.25)",
              "contentInsets": { "leading": 5, "trailing": 5 },
              "subitems": [ { "width": "fractionalWidth(0.3)", "height": "fractionalHeight(1)" } ] }
            """#
        let (l, _) = resolveSection(
            group, section: #""contentInsets": { "leading": 10, "trailing": 10 }"#,
            environments: #"["iPhone 12", "iPhone 12 landscape"]"#)
        let g = rootGroup(l)
        #expect(g.frame.width == 333 && g.frame.height == 211)
        #expect(close(g.children[0].frame.width, 96.667))
        #expect(close(g.children[0].frame.x, 15)) // section inset 10 + group inset 5
        let (l2, _) = resolveSection(
            group, section: #""contentInsets": { "leading": 10, "trailing": 10 }"#,
            environments: #"["iPhone 12 landscape"]"#)
        #expect(rootGroup(l2).frame.width == 657)
        #expect(rootGroup(l2).frame.x == 57) // safe area 47 + inset 10
    }

    @Test("spacing: fixed edge spacing moves items without resizing them; flexible edges share the leftover")
    func edgeSpacing() {
        let fixed = rootGroup(
            resolveSection(
                #"""
                { "direction": "horizontal", "width": "absolute(300)", "height": "absolute(80)",
                  "subitems": [ { "width": "absolute(80)", "height": "absolute(80)", "edgeSpacing": { "leading": "fixed(10)" } } ] }
                """#
            ).0)
        #expect(fixed.children.map(\.frame.x) == [10, 100, 190])
        #expect(fixed.children.allSatisfy { $0.frame.width == 80 })
        let flexible = rootGroup(
            resolveSection(
                #"""
                { "direction": "horizontal", "width": "absolute(300)", "height": "absolute(80)",
                  "subitems": [ { "width": "absolute(80)", "height": "absolute(80)", "edgeSpacing": { "leading": "flexible(0)" } } ] }
                """#
            ).0)
        #expect(flexible.children.map(\.frame.x) == [20, 120, 220])
    }

    @Test("second-pass: fractional items with spacing shrink in a second pass instead of dropping one")
    func secondPass() {
        let g = rootGroup(
            resolveSection(
                #"""
                { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "interItemSpacing": "fixed(10)",
                  "subitems": [ { "width": "fractionalWidth(1/3)", "height": "fractionalHeight(1)" } ] }
                """#
            ).0)
        #expect(g.children.count == 3)
        #expect(g.children.allSatisfy { close($0.frame.width, 123.333) })
        #expect(close(g.children[1].frame.x, 133.333) && close(g.children[2].frame.x, 266.667))
        #expect(g.solve?.secondPass == true)
    }

    /// Each level's first pass laid out its fractional children (whole subtrees) and the second pass laid them out
    /// again: nested groups cost 4^depth nodes against `maxNodes`, so a 16-deep binary layout of 131 071 elements
    /// was cut off as "more than 500000 elements" (and the work was exponential in the depth).
    @Test("second-pass: nested fractional groups with spacing are laid out once per level, not once per pass")
    func secondPassDoesNotRedoSubtrees() {
        func group(_ depth: Int) -> String {
            let inner =
                depth == 0 ? #"{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }"# : group(depth - 1)
            let direction = depth % 2 == 0 ? "horizontal" : "vertical"
            return
                #"{ "direction": "\#(direction)", "width": "fractionalWidth(1)", "height": "fractionalHeight(1)", "interItemSpacing": "fixed(0.5)", "subitem": \#(inner), "count": 2 }"#
        }
        let text =
            #"{ "environments": ["iPhone 12"], "sections": [ { "group": "#
            + #"{ "direction": "vertical", "width": "fractionalWidth(1)", "height": "absolute(100000)", "interItemSpacing": "fixed(0.5)", "subitem": \#(group(14)), "count": 2 } } ] }"#
        let r = lint(bytes: Array(text.utf8))
        #expect(!r.layouts[0].truncated)
        #expect(
            !r.diagnostics.contains { $0.message.contains("elements to resolve") },
            "\(r.diagnostics.map(\.message).prefix(3))")
        var leaves: [ResolvedNode] = []
        var stack = [rootGroup(r.layouts[0])]
        while let n = stack.popLast() {
            if n.kind == .item { leaves.append(n) } else { stack.append(contentsOf: n.children) }
        }
        #expect(leaves.count == 1 << 16)
        // Every level shrank its two halves by the spacing (second pass), the same at every branch.
        #expect(Set(leaves.map(\.frame.width)).count == 1 && Set(leaves.map(\.frame.height)).count == 1)
        #expect(leaves.allSatisfy { $0.frame.width > 0 && $0.frame.height > 0 })
        // The root's halves: (100 000 − 0.5) / 2, floored to the iPhone 12's pixel (1/3 pt).
        let root = rootGroup(r.layouts[0])
        #expect(root.solve?.secondPass == true && close(root.children[0].frame.height, 49_999.667))
    }

    /// The numbers of the all-fractional path, which sizes candidates before laying them out (de4084d): a nested
    /// second pass, an overflow without one, and a candidate without a height (nothing is laid out, as before).
    @Test("second-pass: all-fractional groups: nested second pass, dropped candidate, missing dimension")
    func allFractionalNumbers() {
        let nested = rootGroup(
            resolveSection(
                #"""
                { "direction": "horizontal", "width": "absolute(400)", "height": "absolute(100)", "interItemSpacing": "fixed(10)",
                  "subitem": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "fractionalHeight(1)", "interItemSpacing": "fixed(4)",
                               "subitem": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }, "count": 2 }, "count": 2 }
                """#
            ).0)
        // (400 − 10) / 2 = 195 wide; inside each, (100 − 4) / 2 = 48 tall.
        #expect(
            nested.solve?.secondPass == true
                && nested.children.map(\.frame) == [
                    Rect(x: 0, y: 0, width: 195, height: 100), Rect(x: 205, y: 0, width: 195, height: 100),
                ])
        #expect(nested.children[1].solve?.secondPass == true)
        #expect(
            nested.children[1].children.map(\.frame) == [
                Rect(x: 205, y: 0, width: 195, height: 48), Rect(x: 205, y: 52, width: 195, height: 48),
            ])
        let overflow = rootGroup(
            resolveSection(
                #"""
                { "direction": "horizontal", "width": "absolute(400)", "height": "absolute(100)",
                  "subitems": [ { "width": "fractionalWidth(0.6)", "height": "fractionalHeight(1)" }, { "width": "fractionalWidth(0.5)", "height": "fractionalHeight(1)" } ] }
                """#
            ).0)
        // The second subitem (200 pt) does not fit in the 160 left: dropped, never laid out.
        #expect(
            overflow.children.map(\.frame.width) == [240] && overflow.solve?.secondPass == false
                && overflow.solve?.used == 240)
        #expect(
            overflow.solve?.dropped?.index == 1 && overflow.solve?.dropped?.needed == 200
                && overflow.solve?.dropped?.remaining == 160)
        let (l, r) = resolveSection(
            #"""
            { "direction": "horizontal", "width": "absolute(400)", "height": "absolute(100)", "interItemSpacing": "fixed(10)",
              "subitems": [ { "width": "fractionalWidth(0.5)" } ] }
            """#)
        #expect(r.diagnostics.contains { $0.ruleID == .missingProperty })
        #expect(l.sections[0].group.map { $0.children.isEmpty } ?? true)
    }

    @Test("second-pass: absolute items with spacing: the spacing counts and the item that overflows is dropped")
    func absoluteSpacing() {
        let g = rootGroup(
            resolveSection(
                #"""
                { "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)", "interItemSpacing": 10,
                  "subitems": [ { "width": "absolute(100)", "height": "absolute(100)" } ] }
                """#
            ).0)
        #expect(g.children.map(\.frame.x) == [0, 110, 220])
    }

    @Test("subitems-repeat: subitems cycle in order; the first that does not fit ends the group")
    func cycling() {
        let g = rootGroup(
            resolveSection(
                #"""
                { "direction": "horizontal", "width": "absolute(400)", "height": "absolute(100)",
                  "subitems": [ { "width": "fractionalWidth(0.5)", "height": "absolute(100)" },
                                { "width": "fractionalWidth(0.25)", "height": "absolute(100)" } ] }
                """#
            ).0)
        #expect(g.children.map(\.frame.width) == [200, 100])
        #expect(g.children.map(\.path) == ["/sections/0/group/subitems/0", "/sections/0/group/subitems/1"])
    }

    @Test("count: repeatingSubitem keeps the item's size and places exactly count, fitting or not")
    func repeating() {
        let g = rootGroup(
            resolveSection(
                #"""
                { "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)", "interItemSpacing": 10,
                  "repeatingSubitem": { "width": "absolute(100)", "height": "absolute(100)" }, "count": 3 }
                """#
            ).0)
        #expect(g.children.map(\.frame.x) == [0, 110, 220])
        let (l, r) = resolveSection(
            #"""
            { "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)", "interItemSpacing": 10,
              "repeatingSubitem": { "width": "fractionalWidth(1)", "height": "absolute(100)" }, "count": 2 }
            """#)
        let g2 = rootGroup(l)
        #expect(g2.children.map(\.frame.width) == [380, 380])
        #expect(r.diagnostics.contains { $0.ruleID == .groupOverflow })
    }

    @Test("count: subitem + count replaces the declared width with 1/count")
    func countReplacesWidth() {
        let g = rootGroup(
            resolveSection(
                #"""
                { "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)", "interItemSpacing": "fixed(10)",
                  "subitem": { "width": "absolute(100)", "height": "absolute(100)" }, "count": 3 }
                """#
            ).0)
        #expect(g.children.allSatisfy { close($0.frame.width, 123.333) })
        #expect(g.children[0].replacedDimension?.kind == .absolute)
    }

    @Test(
        "boundary-items: a header follows the section's insets; the top inset sits between the header and the first group"
    )
    func header() {
        let (l, _) = resolveSection(
            #"""
            { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
              "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }
            """#,
            section:
                #""contentInsets": { "top": 10, "leading": 16, "trailing": 16 }, "boundarySupplementaryItems": [ { "elementKind": "header", "width": "fractionalWidth(1)", "height": "absolute(50)", "alignment": "top" } ]"#
        )
        let s = l.sections[0]
        #expect(s.boundaryItems[0].frame == Rect(x: 16, y: 0, width: 358, height: 50))
        #expect(s.group!.frame.y == 60)
        #expect(s.frame.height == 160)
    }

    @Test("sections stack with interSectionSpacing; itemCount decides the number of group instances")
    func stacking() {
        let text = #"""
            { "configuration": { "interSectionSpacing": 20 },
              "sections": [
                { "itemCount": 7, "interGroupSpacing": 5,
                  "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
                             "subitem": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }, "count": 3 } },
                { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)",
                             "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } } ] }
            """#
        let l = lint(bytes: Array(text.utf8)).layouts[0]
        #expect(l.sections[0].groupCount == 3)
        #expect(l.sections[0].frame.height == 310) // 3 × 100 + 2 × 5
        #expect(l.sections[1].frame.y == 330)
    }

    @Test("an orthogonal section is one row of groups tall; groupPagingCentered centres the group")
    func orthogonal() {
        let (l, _) = resolveSection(
            #"""
            { "direction": "horizontal", "width": "fractionalWidth(0.8)", "height": "absolute(200)",
              "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }
            """#, section: #""itemCount": 10, "orthogonalScrollingBehavior": "groupPagingCentered""#)
        let s = l.sections[0]
        #expect(s.frame.height == 200)
        #expect(s.groupCount == 10)
        #expect(s.group!.frame.width == 312)
        #expect(s.group!.frame.x == 39)
    }

    @Test("a vertical group stacks its items along y")
    func verticalGroup() {
        let g = rootGroup(
            resolveSection(
                #"""
                { "direction": "vertical", "width": "fractionalWidth(0.5)", "height": "absolute(300)", "interItemSpacing": 10,
                  "subitems": [ { "width": "fractionalWidth(1)", "height": "absolute(90)" } ] }
                """#
            ).0)
        #expect(g.children.map(\.frame.y) == [0, 100, 200])
        #expect(g.children.allSatisfy { $0.frame.width == 195 })
    }

    @Test("nested groups resolve against their parent group less its insets")
    func nested() {
        let g = rootGroup(
            resolveSection(
                #"""
                { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(200)",
                  "subitems": [
                    { "width": "fractionalWidth(2/3)", "height": "fractionalHeight(1)" },
                    { "direction": "vertical", "width": "fractionalWidth(1/3)", "height": "fractionalHeight(1)",
                      "subitem": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }, "count": 2 } ] }
                """#
            ).0)
        #expect(g.children.count == 2)
        let inner = g.children[1]
        #expect(inner.kind == .group && inner.frame.x == 260 && inner.frame.width == 130)
        #expect(inner.children.map(\.frame.height) == [100, 100])
        #expect(inner.children.map(\.frame.y) == [0, 100])
        #expect(g.leafCount == 3)
    }

    @Test("estimated items report their estimated axis; fractions of an estimated container are estimated too")
    func estimatedFlags() {
        let g = rootGroup(
            resolveSection(
                #"""
                { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "estimated(100)",
                  "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }
                """#
            ).0)
        #expect(g.estimatedHeight && !g.estimatedWidth)
        #expect(g.children[0].estimatedHeight && !g.children[0].estimatedWidth)
    }
}

/// A repeated key counts once, the last time, everywhere: in the model, where a `$ref` resolves, and where
/// go-to-definition lands (they disagreed: `$ref` followed the first of two equal keys).
@Suite("Duplicate keys: the last one counts")
struct DuplicateKeyTests {
    @Test("a $ref to a definition written twice resolves to the second, and go-to-definition lands there")
    func refFollowsLastDuplicate() throws {
        let text = """
            { "environments": ["iPhone 12"],
              "definitions": {
                "tile": { "width": "absolute(50)", "height": "absolute(50)" },
                "tile": { "width": "absolute(80)", "height": "absolute(80)" }
              },
              "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
                                          "subitems": [ { "$ref": "#/definitions/tile" } ] } } ] }
            """
        let r = lint(bytes: Array(text.utf8))
        let item = try #require(r.layouts[0].sections[0].group?.children.first)
        #expect(item.frame.width == 80, "the model takes the last \"tile\"")
        #expect(r.diagnostics.contains { $0.ruleID == .duplicateKey })
        let target = try #require(jsonNode(atPointer: "#/definitions/tile", root: r.parse.root))
        let bytes = Array(text.utf8)
        let second = try #require(bytes.firstRange(of: Array(#""tile": { "width": "absolute(80)""#.utf8)))
        #expect(target.property?.keyRange.start == second.lowerBound)
    }
}

/// Cases a review of the resolver against the semantics found it got wrong; each test guards one of them.
@Suite("Resolver: the review against the semantics (docs/semantics.md)")
struct ResolverReviewTests {
    @Test(
        "a nested group's flexible edge spacing along its parent's axis: the flexible part is ignored (docs/semantics.md#spacing)"
    )
    func nestedGroupFlexibleEdgeAlongTheAxis() {
        let (l, r) = resolveSection(
            #"""
            { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
              "subitems": [ { "direction": "horizontal", "width": "absolute(300)", "height": "fractionalHeight(1)",
                              "edgeSpacing": { "leading": "flexible(0)" },
                              "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } ] }
            """#)
        let g = rootGroup(l)
        #expect(g.children.count == 1)
        #expect(g.children.first?.frame.x == 0, "\(g.children.map(\.frame))")
        // The hint that says so is still there.
        #expect(r.diagnostics.contains { $0.ruleID == .flexibleGroupEdgeSpacing })
        // An item's flexible edge still shares the leftover.
        let (li, _) = resolveSection(
            #"""
            { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
              "subitems": [ { "width": "absolute(300)", "height": "fractionalHeight(1)", "edgeSpacing": { "leading": "flexible(0)" } } ] }
            """#)
        #expect(rootGroup(li).children.first?.frame.x == 90)
    }

    @Test("an estimated group that takes its height from its items places them in that height")
    func estimatedGroupPlacesChildrenInItsDerivedSize() {
        for (edges, y) in [
            (#"{ "top": "flexible(0)" }"#, 0.0), (#"{ "top": "flexible(0)", "bottom": "flexible(0)" }"#, 0.0),
            (#"{ "top": "fixed(5)" }"#, 5.0),
        ] {
            let (l, _) = resolveSection(
                #"""
                { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "estimated(200)",
                  "subitems": [ { "width": "absolute(100)", "height": "absolute(50)", "edgeSpacing": \#(edges) } ] }
                """#)
            let g = rootGroup(l)
            #expect(g.frame.height == 50 + y)
            #expect(
                g.children.allSatisfy { $0.frame.y == y && $0.frame.maxY <= g.frame.maxY },
                "\(edges): \(g.children.map(\.frame))")
        }
    }

    @Test("a footer that does not extend the section's boundary sits inside the section, at its end")
    func nonExtendingFooterIsInside() {
        let (l, _) = resolveSection(
            #"""
            { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
              "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }
            """#,
            section:
                #""itemCount": 1, "boundarySupplementaryItems": [ { "elementKind": "footer", "width": "fractionalWidth(1)", "height": "absolute(40)", "alignment": "bottom", "extendsBoundary": false } ]"#
        )
        let s = l.sections[0]
        #expect(s.frame.height == 100)
        #expect(
            s.boundaryItems.first?.frame == Rect(x: 0, y: 60, width: 390, height: 40), "\(s.boundaryItems.map(\.frame))"
        )
    }

    @Test(
        "a variant's width condition reads the width a section provider sees: the configuration's reference, not the section's own"
    )
    func variantWidthIgnoresTheSectionsOwnReference() {
        let text = #"""
            { "environments": ["iPhone 12"],
              "sections": [ { "contentInsetsReference": "layoutMargins",
                "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] },
                "variants": [ { "when": { "maxWidth": 370 }, "interGroupSpacing": 8 } ] } ] }
            """#
        let r = lint(bytes: Array(text.utf8))
        #expect(r.layouts[0].sections[0].variantIndex == nil)
    }

    @Test("a dimension takes no argument label but uniformAcrossSiblings' estimate")
    func dimensionLabels() {
        #expect(Dimension.parse("fractionalWidth(foo: 0.5)") == nil)
        #expect(Dimension.parse("absolute(x: 100)") == nil)
        #expect(Dimension.parse("estimated(estimate: 100)") == nil)
        #expect(Dimension.parse("uniformAcrossSiblings(estimate: 100)")?.0 == .uniformAcrossSiblings)
        #expect(Dimension.parse("uniformAcrossSiblings(100)") == nil)
        #expect(Dimension.parse("fractionalWidth(0.5)")?.1 == 0.5)
    }
}

/// What the configuration hover shows per environment (`configurationEffects`): a layout cut off at the node budget
/// or with sections that did not resolve says so, since its content size counts only what was resolved.
@Suite struct ConfigurationEffectTests {
    @Test func cutOffAndUnresolvedLayoutsAreMarked() {
        let section =
            #"{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(10)", "subitems": [ { "width": "absolute(1)", "height": "fractionalHeight(1)" } ] } }"#
        let text =
            #"{ "environments": ["iPhone 12", "iPad"], "configuration": { "interSectionSpacing": 5, "contentInsetsReference": "layoutMargins" }, "sections": [\#(Array(repeating: section, count: 20).joined(separator: ","))] }"#
        var options = LintOptions()
        options.resolveLimits.maxTotalNodes = 4_000 // 2 000 an environment: iPhone 12's 358-item rows stop in the 6th
        let r = lint(bytes: Array(text.utf8), options: options)
        let effects = configurationEffects(r.document.configuration, layouts: r.layouts)
        #expect(effects.map(\.environment) == ["iPhone 12", "iPad"])
        #expect(effects[0].truncated && effects[0].leadingInset == 16 && effects[0].sectionsAcross == 358)
        #expect(effects[0].contentHeight < 20 * 10 + 19 * 5, "\(effects[0])")
        let whole = lint(bytes: Array(text.utf8))
        let all = configurationEffects(whole.document.configuration, layouts: whole.layouts)
        #expect(!all[0].truncated && all[0].contentHeight == 20 * 10 + 19 * 5 && all[0].unresolvedSections == 0)
        // A section with an error counts 0 pt, and is counted.
        let broken = text.replacingOccurrences(
            of: #""sections": [{ "group""#, with: #""sections": [{ "group": 1 }, { "group""#)
        let b = lint(bytes: Array(broken.utf8))
        #expect(configurationEffects(b.document.configuration, layouts: b.layouts)[0].unresolvedSections == 1)
    }
}
