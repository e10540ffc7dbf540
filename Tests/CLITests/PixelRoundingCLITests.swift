// `explain` shows cells, supplementaries and decorations with their pixel-rounded frames (Stage B of
// docs/semantics.md#pixel-rounding), the exact value beside where it differs; groups keep their exact geometry.
import Foundation
import Testing

@Suite struct PixelRoundingCLITests {
    /// A @2x iPad (820 pt): a 669.5 pt group centred by groupPagingCentered sits at (820 − 669.5) / 2 = 75.25.
    static let centred = """
        { "environments": ["iPad"],
          "sections": [ { "name": "carousel", "orthogonalScrollingBehavior": "groupPagingCentered",
            "group": { "direction": "horizontal", "width": "absolute(669.5)", "height": "absolute(100)",
              "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } } ] }
        """

    @Test func aCentredCellOnAniPadShowsItsRoundedOrigin() throws {
        let text = run(["explain", "--no-color", "-"], stdin: Data(Self.centred.utf8))
        #expect(text.code == 0, "\(text)")
        let item = text.stdout.split(separator: "\n").first { $0.contains("item /sections/0/group/subitems/0") }
        #expect(item?.contains("at (75.5 (exact 75.25), 0)") == true, "\(text.stdout)")
        // The group has no view: its exact origin, no note.
        let group = text.stdout.split(separator: "\n").first { $0.contains("group /sections/0/group ") }
        #expect(group?.contains("at (75.25, 0)") == true, "\(text.stdout)")

        let json = run(["explain", "--format", "json", "-"], stdin: Data(Self.centred.utf8))
        let env = try #require((json.json?["environments"] as? [JSONObject])?.first, "\(json)")
        let g = try #require(((env["sections"] as? [JSONObject])?.first)?["group"] as? JSONObject)
        #expect(numbers(g["frame"]) == [75.25, 0, 669.5, 100])
        #expect(g["exactFrame"] == nil)
        let cell = try #require((g["children"] as? [JSONObject])?.first)
        #expect(numbers(cell["frame"]) == [75.5, 0, 669.5, 100])
        #expect(numbers(cell["exactFrame"]) == [75.25, 0, 669.5, 100])
        #expect(numbers(cell["contentFrame"]) == [75.5, 0, 669.5, 100])
        #expect(numbers(cell["exactContentFrame"]) == [75.25, 0, 669.5, 100])
    }

    @Test func anOriginOf18Point75OnAniPhoneSEIs19() {
        let doc = """
            { "environments": ["iPhone SE"],
              "sections": [ { "name": "s", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)",
                "contentInsets": { "leading": 18.75 },
                "subitems": [ { "width": "absolute(100)", "height": "absolute(50)" } ] } } ] }
            """
        let text = run(["explain", "--no-color", "-"], stdin: Data(doc.utf8))
        let item = text.stdout.split(separator: "\n").first { $0.contains("item /sections/0/group/subitems/0") }
        #expect(
            item?.contains("at (19 (exact 18.75), 0), (119 (exact 118.75), 0), (219 (exact 218.75), 0)") == true,
            "\(text.stdout)")
    }

    /// SO-5's measured @2x widths: 37.48068131501985 became 37.5 on the device.
    @Test func measuredWidthsRoundToTheHalfPoint() throws {
        let doc = """
            { "environments": ["iPhone SE"],
              "sections": [ { "name": "s", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(50)",
                "subitems": [ { "width": "absolute(37.48068131501985)", "height": "absolute(50)",
                                "supplementaryItems": [ { "elementKind": "badge", "width": "absolute(10.2)", "height": "absolute(10.2)",
                                                          "containerAnchor": { "edges": "topTrailing" } } ] } ] } } ] }
            """
        let text = run(["explain", "--no-color", "-"], stdin: Data(doc.utf8))
        let item = text.stdout.split(separator: "\n").first { $0.contains("item /sections/0/group/subitems/0") }
        #expect(item?.contains("37.5 (exact 37.481)×50") == true, "\(text.stdout)")
        let badge = text.stdout.split(separator: "\n").first { $0.contains("badge ") }
        #expect(badge?.contains("10 (exact 10.2)×10 (exact 10.2)") == true, "\(text.stdout)")

        let json = run(["explain", "--format", "json", "-"], stdin: Data(doc.utf8))
        let env = try #require((json.json?["environments"] as? [JSONObject])?.first, "\(json)")
        let g = try #require(((env["sections"] as? [JSONObject])?.first)?["group"] as? JSONObject)
        let cells = try #require(g["children"] as? [JSONObject])
        #expect(numbers(cells[0]["frame"]) == [0, 0, 37.5, 50])
        #expect(numbers(cells[0]["exactFrame"]) == [0, 0, 37.481, 50])
        // The second cell starts where the first's exact frame ends: 37.481 → 37.5, width 37.5: no seam here.
        #expect(numbers(cells[1]["frame"]) == [37.5, 0, 37.5, 50])
        let badge1 = try #require((cells[0]["supplementaryItems"] as? [JSONObject])?.first)
        #expect(numbers(badge1["frame"]) == [27.5, 0, 10, 10])
        #expect(numbers(badge1["exactFrame"]) == [27.281, 0, 10.2, 10.2])
    }

    /// An on-grid layout has no `exactFrame` anywhere.
    @Test func onGridFramesHaveNoExactKey() {
        let r = run(["explain", "--format", "json", example("app-store.layout.json")])
        #expect(r.code == 0, "\(r)")
        #expect(!r.stdout.contains("exactFrame"), "\(r.stdout.prefix(2000))")
    }
}
