// `layoutlint render`: the SVG is well-formed, its boxes carry the resolver's frames, findings are outlined, orthogonal
// sections fade their off-screen groups, itemCount is honoured, long layouts are cut.
import Foundation
import Testing
import PlainJSON
import LayoutLintCore
import LayoutLintRender

func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
func same(_ a: Rect?, _ b: Rect) -> Bool {
    guard let a else { return false }
    let r = rounded(b)
    return near(a.x, r.x) && near(a.y, r.y) && near(a.width, r.width) && near(a.height, r.height)
}

func doc(_ sections: String, environments: String = #"["iPhone 12"]"#, configuration: String = "{}") -> LintResult {
    lint(
        bytes: Array(
            """
            { "environments": \(environments), "configuration": \(configuration), "sections": [ \(sections) ] }
            """.utf8))
}

@Suite("render: every example")
struct ExampleRenderTests {
    static let examples = exampleFiles().map(\.lastPathComponent)

    @Test func thereAreExamples() { #expect(Self.examples.count >= 10) }

    @Test("well-formed, one panel per environment, user units are points", arguments: examples)
    func wellFormed(_ name: String) throws {
        let result = lintFile(renderRepoRoot.appendingPathComponent("examples/\(name)"))
        let svg = renderSVG(result, options: RenderOptions(title: "examples/\(name)"))
        let root = try parseSVG(svg)
        #expect(root.name == "svg")
        #expect(root["xmlns"] == "http://www.w3.org/2000/svg")
        let w = try #require(root["width"].flatMap(Double.init)), h = try #require(root["height"].flatMap(Double.init))
        #expect(root["viewBox"] == "0 0 \(formatPoints(w)) \(formatPoints(h))")
        let panels = root.all("g").filter { $0["data-kind"] == "panel" }
        #expect(panels.map { $0["data-environment"] } == result.layouts.map { $0.environment.name })
        // Side by side: each panel starts to the right of the previous one.
        let xs = panels.compactMap { p -> Double? in
            guard let t = p["transform"], let open = t.firstIndex(of: "("), let comma = t.firstIndex(of: ",") else {
                return nil
            }
            return Double(t[t.index(after: open)..<comma])
        }
        #expect(xs == xs.sorted() && Set(xs).count == xs.count)
        // Deterministic.
        #expect(renderSVG(result, options: RenderOptions(title: "examples/\(name)")) == svg)
    }

    @Test(
        "every box of the first group instance has explain's frame: pixel-rounded for views, exact for groups and sections",
        arguments: examples)
    func framesMatchTheResolver(_ name: String) throws {
        let result = lintFile(renderRepoRoot.appendingPathComponent("examples/\(name)"))
        let root = try parseSVG(renderSVG(result))
        for layout in result.layouts {
            let env = layout.environment.name
            let scale = layout.environment.scale
            let p = try #require(panel(root, env), "no panel for \(env)")
            let rects = p.all("rect")
            // The device frame: the screen's size, the content origin at the safe area's leading edge.
            let device = try #require(rects.first { $0["data-kind"] == "device" }?.frame)
            #expect(near(device.width, layout.environment.width) && near(device.height, layout.environment.height))

            // Sections.
            let sectionRects = rects.filter { $0["data-kind"] == "section" }
            #expect(sectionRects.map { $0["data-path"] } == layout.sections.map(\.path), "\(name) \(env)")
            for (r, s) in zip(sectionRects, layout.sections) {
                #expect(
                    same(r.frame, s.frame),
                    "\(name) \(env) section \(s.path): \(String(describing: r.frame)) ≠ \(s.frame)")
            }
            // Headers, footers and backgrounds.
            let boundary = rects.filter { ["header", "footer", "boundary"].contains($0["data-kind"] ?? "") }
            // The layout's own last.
            let expectedBoundary = layout.sections.flatMap(\.boundaryItems) + layout.boundaryItems
            #expect(boundary.map { $0["data-path"] } == expectedBoundary.map(\.item.path), "\(name) \(env)")
            for (r, b) in zip(boundary, expectedBoundary) {
                #expect(same(r.frame, b.frame.pixelRounded(scale: scale)), "\(name) \(env) \(b.item.path)")
            }
            let backgrounds = rects.filter { $0["data-kind"] == "background" }
            let expectedDecorations = layout.sections.flatMap(\.decorations)
            #expect(backgrounds.map { $0["data-path"] } == expectedDecorations.map(\.item.path), "\(name) \(env)")
            for (r, d) in zip(backgrounds, expectedDecorations) {
                #expect(same(r.frame, d.frame.pixelRounded(scale: scale)), "\(name) \(env) \(d.item.path)")
            }

            // The first instance of each section's group: every group, item and content frame, in layout order.
            let firsts = p.all("g").filter { $0["data-kind"] == "instance" && $0["data-instance"] == "0" }
            let drawnSections = layout.sections.filter { !expectedFirstInstance($0).isEmpty }
            #expect(
                firsts.count == drawnSections.count,
                "\(name) \(env): \(firsts.count) first instances for \(drawnSections.count) sections")
            for (g, s) in zip(firsts, drawnSections) {
                #expect(g["data-path"] == s.group?.path)
                let got = g.all("rect").filter { ["item", "group", "content"].contains($0["data-kind"] ?? "") }
                let want = expectedFirstInstance(s, scale: scale)
                #expect(
                    got.count == want.count,
                    "\(name) \(env) \(s.path): \(got.count) boxes, the resolver has \(want.count)")
                for (r, e) in zip(got, want) {
                    #expect(r["data-kind"] == e.kind && r["data-path"] == e.path, "\(name) \(env): \(r.attrs) vs \(e)")
                    #expect(
                        same(r.frame, e.frame),
                        "\(name) \(env) \(e.kind) \(e.path): \(String(describing: r.frame)) ≠ \(e.frame)")
                }
                // Badges of the first instance: each one a supplementary frame of that path.
                var supps: [(String, Rect)] = []
                s.group?.walk { n in for (i, f) in n.supplementaries { supps.append((i.path, f)) } }
                for b in g.all("rect").filter({ $0["data-kind"] == "badge" }) {
                    #expect(
                        supps.contains { $0.0 == b["data-path"] && same(b.frame, $0.1.pixelRounded(scale: scale)) },
                        "\(name) \(env) badge \(b.attrs)")
                }
            }
        }
    }

    /// nested-groups on a @2x iPhone SE: cells laid out at y = 125.75 are drawn at 126, the exact value kept.
    @Test("a cell off the pixel grid is drawn at its rounded frame and carries the exact one in data-exact-frame")
    func exactFrameAttribute() throws {
        let result = lintFile(renderRepoRoot.appendingPathComponent("examples/nested-groups.layout.json"))
        let root = try parseSVG(renderSVG(result))
        let cells = root.all("rect").filter { $0["data-kind"] == "item" && $0["data-exact-frame"] != nil }
        let cell = try #require(
            cells.first { $0["data-exact-frame"]?.split(separator: " ").dropFirst().first == "125.75" })
        #expect(cell.frame?.y == 126)
    }

    @Test("every finding is outlined on its element with its rule id, or listed under the panel", arguments: examples)
    func findings(_ name: String) throws {
        let result = lintFile(renderRepoRoot.appendingPathComponent("examples/\(name)"))
        let root = try parseSVG(renderSVG(result))
        for layout in result.layouts {
            let env = layout.environment.name
            let p = try #require(panel(root, env))
            let outlines = p.all("rect").filter { $0["data-kind"] == "finding" }
            let labels = p.all("text").filter { $0["data-kind"] == "finding-label" }
            let notes = p.all("text").filter { $0["data-kind"] == "note" }.map(\.text)
            for o in outlines {
                // Outlined exactly on a box of the same element.
                let boxes = p.all("rect").filter { $0["data-path"] == o["data-path"] && $0["data-kind"] != "finding" }
                #expect(
                    boxes.contains { b in b.frame.map { same(o.frame, $0) } ?? false },
                    "\(name) \(env) outline \(o.attrs)")
                #expect(
                    labels.contains {
                        $0["data-path"] == o["data-path"] && $0["data-rule"] == o["data-rule"]
                            && $0.text == o["data-rule"]
                    })
            }
            for d in result.diagnostics where d.environments.isEmpty || d.environments.contains(env) {
                let outlined = outlines.contains {
                    $0["data-rule"] == d.rule && $0["data-severity"] == d.severity.description
                }
                let listed = notes.contains { $0.contains("[\(d.rule)]") } || notes.contains { $0.hasPrefix("… and") }
                #expect(outlined || listed, "\(name) \(env): \(d.rule) \(d.message) is neither outlined nor listed")
            }
        }
    }
}

/// Finding labels of one panel whose text boxes (9 px bold, about 5.6 px a character, 8 px above the baseline and 2
/// below) overlap: pairs of "rule@path".
func overlappingFindingLabels(_ panel: XNode) -> [(String, String)] {
    let labels = panel.all("text").filter { $0["data-kind"] == "finding-label" }.compactMap { t -> (String, Rect)? in
        guard let x = t["x"].flatMap(Double.init), let y = t["y"].flatMap(Double.init) else { return nil }
        return (
            "\(t.text)@\(t["data-path"] ?? "")",
            Rect(x: x, y: y - 8, width: 5.6 * Double(t.text.utf8.count), height: 10)
        )
    }
    var out: [(String, String)] = []
    for i in labels.indices {
        for j in labels.indices where j > i {
            let (a, b) = (labels[i].1, labels[j].1)
            if a.x < b.x + b.width - 0.01 && b.x < a.x + a.width - 0.01 && a.y < b.y + b.height - 0.01
                && b.y < a.y + a.height - 0.01
            {
                out.append((labels[i].0, labels[j].0))
            }
        }
    }
    return out
}

@Suite("render: labels stay readable")
struct RenderLabelTests {
    @Test(
        "no two finding labels overlap: one element's findings, a group's and its first item's, repeated boxes",
        arguments: ExampleRenderTests.examples)
    func noOverlappingLabels(_ name: String) throws {
        let result = lintFile(renderRepoRoot.appendingPathComponent("examples/\(name)"))
        let root = try parseSVG(renderSVG(result))
        for layout in result.layouts {
            let p = try #require(panel(root, layout.environment.name))
            let overlaps = overlappingFindingLabels(p)
            #expect(overlaps.isEmpty, "\(name) \(layout.environment.name): \(overlaps.prefix(5))")
        }
    }

    @Test("a group and its first item, both with findings, get their labels one under the other")
    func groupAndFirstItem() throws {
        // The group's fractional height on the scroll axis and the item's estimate in an orthogonal section both
        // sit at the same top-left corner.
        let r = doc(
            """
            { "name": "row", "orthogonalScrollingBehavior": "continuous",
              "group": { "direction": "horizontal", "width": "estimated(100)", "height": "fractionalHeight(0.3)",
                "subitems": [ { "width": "estimated(100)", "height": "fractionalHeight(1)", "contentInsets": 0.5 } ] } }
            """)
        let root = try parseSVG(renderSVG(r))
        let p = try #require(panel(root, "iPhone 12"))
        let labels = p.all("text").filter { $0["data-kind"] == "finding-label" }
        #expect(
            Set(labels.compactMap { $0["data-path"] }).count >= 2, "\(labels.map(\.text)) \(r.diagnostics.map(\.rule))")
        #expect(overlappingFindingLabels(p).isEmpty, "\(overlappingFindingLabels(p))")
    }

    @Test("text falls back to fonts with CJK and emoji glyphs: names in any script are drawn, not boxes")
    func fontStack() throws {
        let r = doc(
            #"{ "name": "写真 📷", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
        )
        let root = try parseSVG(renderSVG(r))
        let style = try #require(root.all("style").first).text
        let family = try #require(
            style.split(separator: "\n").first { $0.contains("text {") && $0.contains("font-family") })
        for font in [
            "-apple-system", "\"Noto Sans CJK JP\"", "\"PingFang SC\"", "\"Hiragino Sans\"", "\"Apple Color Emoji\"",
            "\"Noto Color Emoji\"", "sans-serif",
        ] {
            #expect(family.contains(font), "\(font) missing from \(family)")
        }
        #expect(root.all("text").contains { $0.text.contains("写真 📷") })
    }
}

@Suite("render: what each box looks like")
struct RenderBehaviourTests {
    @Test("a finding's element is outlined in its severity's colour with the rule id")
    func findingOutline() throws {
        let r = doc(
            """
            { "name": "over", "group": { "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)",
                "subitems": [ { "width": "absolute(200)", "height": "absolute(100)" }, { "width": "absolute(250)", "height": "absolute(100)" } ] } }
            """)
        let d = try #require(r.diagnostics.first { $0.ruleID == .groupOverflow }, "\(r.diagnostics)")
        // The deepest element whose text holds the finding.
        var candidates: [(String, Int, Rect)] = []
        r.layouts[0].sections[0].group!.walk { n in
            if let e = n.element, e.range.start <= d.range.start, d.range.end <= e.range.end {
                candidates.append((n.path, e.range.length, n.frame))
            }
        }
        let target = try #require(candidates.min { $0.1 < $1.1 })
        let root = try parseSVG(renderSVG(r, environment: "iPhone 12"))
        let outline = try #require(
            root.all("rect").first { $0["data-kind"] == "finding" && $0["data-rule"] == "group-overflow" })
        #expect(outline["data-path"] == target.0)
        #expect(outline["data-severity"] == "warning")
        #expect(outline["stroke"] == "#d97706")
        #expect(same(outline.frame, target.2))
        #expect(root.all("text").contains { $0.text == "group-overflow" && $0["fill"] == "#d97706" })
    }

    @Test("errors are red, and an environment's panel shows only its findings")
    func severityColoursAndEnvironments() throws {
        // 400 pt is too wide on the iPhone SE (375) only.
        let r = doc(
            """
            { "name": "wide", "group": { "direction": "horizontal", "width": "absolute(380)", "height": "absolute(100)",
                "subitems": [ { "width": "absolute(380)", "height": "absolute(100)" } ] } }
            """, environments: #"["iPhone SE", "iPad"]"#)
        let root = try parseSVG(renderSVG(r))
        for layout in r.layouts {
            let p = try #require(panel(root, layout.environment.name))
            let rules = Set(p.all("rect").filter { $0["data-kind"] == "finding" }.compactMap { $0["data-rule"] })
            let expected = Set(
                r.diagnostics.filter { $0.environments.isEmpty || $0.environments.contains(layout.environment.name) }
                    .map(\.rule))
            #expect(rules.isSubset(of: expected), "\(layout.environment.name): \(rules) ⊄ \(expected)")
            for o in p.all("rect") where o["data-kind"] == "finding" && o["data-severity"] == "error" {
                #expect(o["stroke"] == "#dc2626")
            }
        }
        #expect(!r.diagnostics.isEmpty)
    }

    @Test("orthogonal sections repeat the group across the scroll axis, faded beyond the device edge")
    func orthogonalFades() throws {
        let result = lintFile(renderRepoRoot.appendingPathComponent("examples/app-store.layout.json"))
        let root = try parseSVG(renderSVG(result, environment: "iPhone 12"))
        let p = try #require(panel(root, "iPhone 12"))
        let layout = try #require(result.layouts.first { $0.environment.name == "iPhone 12" })
        let featured = layout.sections[0]
        let group = try #require(featured.group)
        #expect(featured.spec?.orthogonalScrollingBehavior == .groupPaging)
        let ortho = try #require(
            p.all("g").first { $0["data-kind"] == "orthogonal" && $0["data-path"] == featured.path })
        // Faded through a mask: full opacity over the device, 0.3 beyond it.
        let maskID = try #require(ortho["mask"]).replacingOccurrences(of: "url(#", with: "").replacingOccurrences(
            of: ")", with: "")
        let mask = try #require(root.all("mask").first { $0["id"] == maskID })
        #expect(mask.all("rect").contains { $0["fill-opacity"] == "0.3" })
        let onScreen = try #require(mask.all("rect").last)
        #expect(onScreen["x"] == "0" && onScreen["width"] == "390")
        let instances = ortho.all("g").filter { $0["data-kind"] == "instance" }
        #expect(instances.count >= 3 && instances.count < featured.groupCount)
        #expect(instances.first?["data-offscreen"] == "false")
        #expect(instances.contains { $0["data-offscreen"] == "true" })
        // Each instance is the first one moved by (group width + interGroupSpacing) across the scroll axis.
        let step = group.frame.width + (featured.spec?.interGroupSpacing ?? 0)
        for g in instances {
            let k = Double(try #require(g["data-instance"].flatMap(Int.init)))
            let box = try #require(g.all("rect").first { $0["data-kind"] == "group" }?.frame)
            #expect(near(box.x, rounded(group.frame.x + k * step)) && near(box.y, rounded(group.frame.y)))
            if g["data-offscreen"] == "true" { #expect(box.x >= 390) }
        }
        // The groups not drawn are counted.
        #expect(
            p.all("text").contains {
                $0["data-kind"] == "more" && $0.text.hasPrefix("+\(featured.groupCount - instances.count) more")
            })
    }

    @Test("itemCount: the last instance draws only the placements items fill")
    func itemCountHonoured() throws {
        let result = lintFile(renderRepoRoot.appendingPathComponent("examples/app-store.layout.json"))
        let root = try parseSVG(renderSVG(result, environment: "iPhone 12"))
        let p = try #require(panel(root, "iPhone 12"))
        let grid = p.all("g").filter { $0["data-kind"] == "instance" && $0["data-path"] == "/sections/1/group" }
        #expect(grid.count == 3)
        #expect(grid.map { $0.all("rect").filter { $0["data-kind"] == "item" }.count } == [3, 3, 2])
        // Rows follow each other along the scroll axis.
        let ys = grid.compactMap { $0.all("rect").first { $0["data-kind"] == "group" }?.frame?.y }
        #expect(ys == [250, 380, 510])
        // Items are labelled with their size in points; the cell's content frame is drawn inside.
        #expect(grid[0].all("text").map(\.text) == ["130×130", "130×130", "130×130"])
        let content = grid[0].all("rect").filter {
            $0["data-kind"] == "content" && $0["data-path"] == "/sections/1/group/subitem"
        }
        #expect(content.count == 3 && same(content[0].frame, Rect(x: 5, y: 255, width: 120, height: 120)))
    }

    @Test("estimated sizes are dashed and labelled ≈")
    func estimatedDashed() throws {
        let r = doc(
            """
            { "name": "list", "itemCount": 3, "group": { "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)",
                "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(44)" } ] } }
            """)
        let root = try parseSVG(renderSVG(r))
        let items = root.all("rect").filter { $0["data-kind"] == "item" }
        #expect(items.count == 3)
        for i in items {
            #expect(i["class"]?.split(separator: " ").contains("est") == true && i["data-estimated"] == "height")
        }
        #expect(root.all("text").contains { $0.text == "390×≈44" })
        #expect(root.all("style").first?.text.contains(".est { stroke-dasharray") == true)
    }

    @Test("headers, footers, badges and backgrounds have their own kinds")
    func supplementaryKinds() throws {
        let r = doc(
            """
            { "name": "s", "itemCount": 2,
              "boundarySupplementaryItems": [
                { "elementKind": "header", "width": "fractionalWidth(1)", "height": "absolute(40)", "alignment": "top" },
                { "elementKind": "footer", "width": "fractionalWidth(1)", "height": "absolute(30)", "alignment": "bottom" } ],
              "decorationItems": [ { "elementKind": "background", "contentInsets": 8 } ],
              "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
                "subitems": [ { "width": "fractionalWidth(0.5)", "height": "fractionalHeight(1)",
                                "supplementaryItems": [ { "elementKind": "badge", "width": "absolute(20)", "height": "absolute(20)",
                                                          "containerAnchor": { "edges": "topTrailing" } } ] } ] } }
            """)
        #expect(r.diagnostics.filter { $0.severity == .error }.isEmpty, "\(r.diagnostics)")
        let root = try parseSVG(renderSVG(r))
        let kinds = root.all("rect").compactMap { $0["data-kind"] }
        for k in ["device", "safe-area", "section", "header", "footer", "background", "group", "item", "badge"] {
            #expect(kinds.contains(k), "no \(k) in \(kinds)")
        }
        #expect(kinds.filter { $0 == "badge" }.count == 2)
        #expect(root.all("text").contains { $0.text == "header 390×40" })
        let s = r.layouts[0].sections[0]
        let header = try #require(root.all("rect").first { $0["data-kind"] == "header" })
        #expect(same(header.frame, s.boundaryItems[0].frame))
    }

    @Test("section insets are shaded")
    func insetsShaded() throws {
        let r = doc(
            """
            { "name": "s", "contentInsets": { "top": 10, "leading": 20, "bottom": 30, "trailing": 40 },
              "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
                         "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }
            """)
        let root = try parseSVG(renderSVG(r))
        let shade = try #require(root.all("path").first { $0["data-kind"] == "section-insets" })
        #expect(shade["data-path"] == "/sections/0")
        // Outer box (0,0) 390×140, inner box (20,10) 330×100.
        #expect(shade["d"] == "M0,0h390v140h-390Z M20,10h330v100h-330Z")
    }

    @Test("long layouts are cut at three device heights with a note")
    func longLayoutsCut() throws {
        let r = doc(
            """
            { "name": "long", "itemCount": 100000, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)",
                "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }
            """)
        let svg = renderSVG(r)
        let root = try parseSVG(svg)
        let h = try #require(root["height"].flatMap(Double.init))
        #expect(h < 844 * 3 + 300)
        let items = root.all("rect").filter { $0["data-kind"] == "item" }
        #expect(items.count <= 3 * 844 / 50 + 2)
        #expect(root.all("text").contains { $0["data-kind"] == "note" && $0.text.hasPrefix("cut at 2485 pt") })
        #expect(root.all("line").contains { $0["data-kind"] == "cut" })
    }

    @Test("text is escaped for XML")
    func escaping() throws {
        let name = #"<b>&amp; \"quoted\" 'single' \u0001 ]]>"# // JSON text: the name holds quotes and U+0001
        let r = doc(
            """
            { "name": "\(name)", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)",
                "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }
            """, environments: #"[{ "name": "<phone & \"co\">", "width": 300, "height": 600 }]"#)
        let svg = renderSVG(r, options: RenderOptions(title: "a<b>&c.layout.json"))
        let root = try parseSVG(svg)
        #expect(
            root.all("rect").first { $0["data-kind"] == "section" }?["data-name"]
                == "<b>&amp; \"quoted\" 'single' \u{FFFD} ]]>")
        #expect(root.all("g").contains { $0["data-environment"] == "<phone & \"co\">" })
        #expect(root.all("text").contains { $0.text == "a<b>&c.layout.json" })
        #expect(xmlEscape("a<&>\"'\u{7}") == "a&lt;&amp;&gt;&quot;&apos;\u{FFFD}")
    }

    @Test("horizontally scrolling layouts cut along x, and one environment can be picked")
    func horizontalAndPick() throws {
        let result = lintFile(renderRepoRoot.appendingPathComponent("examples/horizontal-scroll.layout.json"))
        let name = result.layouts[0].environment.name
        let root = try parseSVG(renderSVG(result, environment: name))
        #expect(root.all("g").filter { $0["data-kind"] == "panel" }.count == 1)
        #expect(root.all("text").contains { $0["data-kind"] == "note" && $0.text.contains("× the device width") })
        let missing = try parseSVG(renderSVG(result, environment: "no such phone"))
        #expect(missing.all("g").filter { $0["data-kind"] == "panel" }.isEmpty)
        #expect(missing.all("text").contains { $0.text.contains("no such phone") })
    }

    @Test("broken documents still render well-formed SVG")
    func brokenDocuments() throws {
        for text in [
            "", "{", "{\"sections\": [ { \"group\": 3 } ]}", "[1,2",
            "{\"sections\": [ { \"name\": \"x\" \"group\": {} } ]}",
        ] {
            let r = lint(bytes: Array(text.utf8))
            _ = try parseSVG(renderSVG(r))
        }
    }
}

@Suite("render: the editor preview's helpers")
struct PreviewHelperTests {
    @Test func previewFileNames() {
        #expect(
            previewFileName(documentPath: "/a/b/app-store.layout.json", environment: "iPhone 12")
                == "app-store.iPhone-12.svg")
        #expect(previewFileName(documentPath: "x.layout.jsonc", environment: nil) == "x.svg")
        // The base name of a file whose name starts with a combining mark ("/\u{301}" is one `Character`).
        #expect(previewFileName(documentPath: "/a/\u{301}b.layout.json", environment: nil) == "-b.svg")
        #expect(previewFileName(documentPath: "/..", environment: "../../etc") == "layout...-..-etc.svg")
        #expect(!previewFileName(documentPath: "/tmp/a b/é.layout.json", environment: "iPad/landscape").contains("/"))
        #expect(
            previewFileName(
                documentPath: String(repeating: "d", count: 300) + ".layout.json",
                environment: String(repeating: "E", count: 300)
            ).utf8.count < 200)
    }
}

/// Names with C1 controls, bidi overrides and line separators: they once reached the SVG raw
/// (`render` writes to the terminal by default: U+009B is a CSI there), and a right-to-left override reversed the
/// sizes and counts drawn after a name.
@Suite("render: invisible controls")
struct InvisibleControlTests {
    static let name = "a\u{9B}31m\u{202E}b\u{2028}c\u{7F}"

    @Test func theyAreCharacterReferencesInDataAndReplacedInText() throws {
        let r = doc(
            #"{ "name": "a\u009b31m\u202eb\u2028c\u007f", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
        )
        let svg = renderSVG(r)
        let raw: Set<UInt32> = [0x9B, 0x202E, 0x2028, 0x7F]
        #expect(!svg.unicodeScalars.contains { raw.contains($0.value) })
        #expect(svg.contains("&#x9B;31m&#x202E;b&#x2028;c&#x7F;"))
        let root = try parseSVG(svg)
        // The data is the name exactly; what is displayed shows U+FFFD where the controls were.
        #expect(root.all("rect").contains { $0["data-name"] == Self.name })
        let label = root.all("text").first { $0.text.hasPrefix("a\u{FFFD}31m") }
        #expect(
            label?.text.hasPrefix("a\u{FFFD}31m\u{FFFD}b\u{FFFD}c\u{FFFD}") == true, "\(root.all("text").map(\.text))")
    }

    @Test func jsonWritesThemEscaped() throws {
        let text = JSONValue.object([("name", .string(Self.name + "\u{2066}x\u{2069}"))]).serialized(pretty: true)
        #expect(text.contains(#""a\u009b31m\u202eb\u2028c\u007f\u2066x\u2069""#), "\(text)")
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(try JSONValue.parse(text)["name"]?.stringValue == Self.name + "\u{2066}x\u{2069}")
        // Other non-ASCII text stays as it is.
        #expect(JSONValue.string("é€😀\u{2030}").serialized() == "\"é€😀\u{2030}\"")
    }

    /// JSON output and the other frontends hide the same scalars (the PlainJSON module keeps its own copy of the list),
    /// the directional marks among them: every scalar, one string, one serialisation.
    @Test func jsonEscapesExactlyTheInvisibleControls() {
        var all = String.UnicodeScalarView()
        var expected = ""
        func hex4(_ v: UInt32) -> String {
            let h = String(v, radix: 16); return String(repeating: "0", count: 4 - h.count) + h
        }
        for v in UInt32(0)...0x10FFFF {
            guard let u = Unicode.Scalar(v) else { continue }
            all.append(u)
            switch v {
            case 0x22: expected += "\\\""
            case 0x5C: expected += "\\\\"
            case 0x08: expected += "\\b"
            case 0x0C: expected += "\\f"
            case 0x0A: expected += "\\n"
            case 0x0D: expected += "\\r"
            case 0x09: expected += "\\t"
            default: expected += v < 0x20 || isInvisibleControl(u) ? "\\u" + hex4(v) : String(u)
            }
        }
        let text = JSONValue.string(String(all)).serialized()
        // Byte for byte (String's == is canonical equivalence).
        #expect(Array(text.utf8) == Array(("\"" + expected + "\"").utf8))
        #expect(["\u{200E}", "\u{200F}", "\u{061C}"].allSatisfy { isInvisibleControl($0.unicodeScalars.first!) })
        #expect(!isInvisibleControl("\u{200D}") && !isInvisibleControl("\u{0600}") && !isInvisibleControl("\u{00A0}"))
    }
}

/// A finding on an element that is not drawn (an item past `itemCount`) went to a cut note; now the element around it
/// that is drawn is outlined. A name's line breaks and tabs were read back as spaces from
/// `data-name`.
@Suite("render: findings and names")
struct FindingPlacementTests {
    @Test func aFindingOnAnUndrawnItemOutlinesItsGroup() throws {
        let r = doc(
            #"{ "name": "s", "itemCount": 1, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ { "width": "fractionalWidth(0.5)", "height": "fractionalHeight(1)" }, { "width": "fractionalWidth(0.5)", "height": "fractionalHeight(1)", "contentInsets": { "top": 0.2 } } ] } }"#
        )
        #expect(r.diagnostics.contains { $0.ruleID == .fractionalInset })
        let root = try parseSVG(renderSVG(r))
        let outlined = root.all("rect").filter { $0["data-kind"] == "finding" && $0["data-rule"] == "fractional-inset" }
        #expect(outlined.map { $0["data-path"] } == ["/sections/0/group"], "\(outlined.map { $0.attrs })")
        #expect(!root.all("text").contains { $0["data-kind"] == "note" && $0.text.contains("fractional-inset") })
    }

    /// Two definitions whose names are canonically equivalent, one with a finding, each `$ref`'d by a section: the
    /// outlines go on the element that has the finding (twice: the group repeats it), not on its look-alike too (drawn frames were keyed by
    /// `String` paths, which took the two definitions' paths for one).
    @Test func aFindingInOneOfTwoLookAlikeDefinitionsOutlinesOnlyIt() throws {
        let group = { (extra: String) in
            #"{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(0.5)", "height": "fractionalHeight(1)"\#(extra) } ] }"#
        }
        let r = lint(
            bytes: Array(
                ##"{ "environments": ["iPhone 12"], "definitions": { "caf\##u{E9}": \##(group(#", "colour": 1"#)), "cafe\##u{301}": \##(group("")) }, "sections": [ { "group": { "$ref": "#/definitions/caf\##u{E9}" } }, { "group": { "$ref": "#/definitions/cafe\##u{301}" } } ] }"##
                    .utf8))
        #expect(r.diagnostics.filter { $0.ruleID == .unknownProperty }.count == 1)
        let root = try parseSVG(renderSVG(r))
        let outlined = root.all("rect").filter { $0["data-kind"] == "finding" && $0["data-rule"] == "unknown-property" }
        #expect(
            outlined.count == 2
                && outlined.allSatisfy {
                    $0["data-path"]?.contains("caf\u{E9}/") == true
                        && $0["data-path"]?.unicodeScalars.contains("\u{301}") == false
                }, "\(outlined.map { $0.attrs })")
    }

    @Test func namesKeepTheirLineBreaksInData() throws {
        let r = doc(
            #"{ "name": "line1\nline2\r\nx\ty", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#
        )
        let root = try parseSVG(renderSVG(r))
        #expect(root.all("rect").contains { $0["data-name"] == "line1\nline2\r\nx\ty" })
    }
}

@Suite("render: limits")
struct RenderLimitTests {
    @Test("a section of tiny groups draws a bounded number of boxes")
    func tinyGroups() throws {
        let r = doc(
            """
            { "name": "dust", "itemCount": 10000000, "interGroupSpacing": 0.01,
              "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(0.01)",
                         "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }
            """)
        let svg = renderSVG(r)
        let root = try parseSVG(svg)
        #expect(root.all("rect").filter { $0["data-kind"] == "item" }.count <= 1000)
        #expect(root.all("text").contains { $0.text.contains("only the first 1000") })
    }

    /// Every section's first group was drawn whatever the budget: 48 sections of 10 000 items made
    /// 111 MB. Past the budget a section is its group's outline.
    @Test func manySectionsOfManyItems() throws {
        let section = ##"{ "group": { "$ref": "#/definitions/g" } }"##
        let r = lint(
            bytes: Array(
                """
                { "environments": ["iPhone 12", "iPad"],
                  "definitions": { "g": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(10)",
                                          "subitem": { "width": "fractionalWidth(0.0001)", "height": "fractionalHeight(1)" }, "count": 10000 } },
                  "sections": [ \(Array(repeating: section, count: 48).joined(separator: ", ")) ] }
                """.utf8))
        let svg = renderSVG(r)
        #expect(svg.utf8.count < 20_000_000, "\(svg.utf8.count) bytes")
        #expect(svg.contains("is drawn as its group\u{2019}s outline"))
    }

    /// Sections that `$ref` one definition each listed its item as the finding's owner, so every drawn item was
    /// outlined once per section (48 sections: 1.9 M outlines, 717 MB). One outline per
    /// drawn box and finding, on at most `maxFindingOutlines` boxes of an element, with a note past that.
    @Test func findingsOutlineEachDrawnBoxOnceAndBoundedly() throws {
        func svg(item: String, count: Int, sections: Int) throws -> (XNode, LintResult) {
            let section = ##"{ "itemCount": \##(count), "group": { "$ref": "#/definitions/g" } }"##
            let r = lint(
                bytes: Array(
                    """
                    { "environments": ["iPhone 12"],
                      "definitions": { "g": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "estimated(44)",
                                              "subitem": \(item), "count": \(count) } },
                      "sections": [ \(Array(repeating: section, count: sections).joined(separator: ", ")) ] }
                    """.utf8))
            return (try parseSVG(renderSVG(r)), r)
        }
        func outlines(_ root: XNode, _ rule: String) -> [XNode] {
            root.all("rect").filter { $0["data-kind"] == "finding" && $0["data-rule"] == rule }
        }
        // Three sections share one item with a finding: each of its 15 boxes is outlined once (was three times).
        let (few, r) = try svg(
            item: #"{ "width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": 4 }"#,
            count: 5, sections: 3)
        #expect(r.diagnostics.contains { $0.ruleID == .estimatedContentInsets })
        #expect(few.all("rect").filter { $0["data-kind"] == "item" }.count == 15)
        #expect(outlines(few, "estimated-content-insets").count == 15)
        #expect(!few.all("text").contains { $0.text.contains("findings outlined on") })
        // 4 000 boxes of one item (1/2000 of 390 pt is under a pixel at @3x): every 4th outlined (Panel.maxFindingOutlines),
        // in both sections.
        let (many, m) = try svg(
            item: #"{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }"#, count: 2000, sections: 2)
        #expect(m.diagnostics.contains { $0.ruleID == .nonPositiveDimension })
        #expect(many.all("rect").filter { $0["data-kind"] == "item" }.count == 4000)
        let sampled = outlines(many, "non-positive-dimension")
        #expect(sampled.count == 1000)
        #expect(Set(sampled.compactMap { $0["y"] }).count == 2, "both sections' rows have outlines")
        #expect(many.all("text").contains { $0.text.contains("findings outlined on 1000 of 4000 boxes") })
    }

    /// The instance bound alone let a group of many items be repeated 1 000 times: 284 bytes made 123 MB of SVG.
    /// An SVG repeats groups with at most 50 000 boxes, and says so.
    @Test(arguments: [100, 1000])
    func manyItemsPerGroup(_ count: Int) throws {
        let r = doc(
            """
            { "name": "dust", "itemCount": 1000000000,
              "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(1)",
                         "subitem": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }, "count": \(count) } }
            """)
        let svg = renderSVG(r)
        #expect(svg.utf8.count < 40_000_000, "\(svg.utf8.count) bytes")
        let root = try parseSVG(svg)
        let items = root.all("rect").filter { $0["data-kind"] == "item" }.count
        #expect(items <= 50_000 + count && items >= count, "\(items)")
        #expect(root.all("text").contains { $0.text.contains("50000 boxes at most") })
    }
}
