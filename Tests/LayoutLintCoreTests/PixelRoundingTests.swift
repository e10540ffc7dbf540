// docs/semantics.md#pixel-rounding: Stage A (fractional sizes floored to the pixel, no tolerance) in the resolver;
// between the stages nothing is rounded; Stage B (emitted frames rounded to the nearest pixel) as shown.
import Testing
@testable import LayoutLintCore

@Suite("Pixel rounding")
struct PixelRoundingTests {
    @Test(
        "fractionalWidth(0.7) of 360 pt at @2x is 251.5, not 252: 360 × 0.7 is 251.99999999999997 and UIKit floors it")
    func stageAHasNoTolerance() {
        let (l, _) = resolveSection(
            #"""
            { "direction": "horizontal", "width": "absolute(360)", "height": "absolute(100)",
              "subitems": [ { "width": "fractionalWidth(0.7)", "height": "fractionalHeight(1)" } ] }
            """#, environments: #"["iPhone SE"]"#)
        let item = rootGroup(l).children[0]
        #expect(item.frame.width == 251.5)
    }

    @Test("exact products keep their value: fractionalWidth(1/3) of 390 at @3x is 130")
    func exactProductsStay() {
        let (l, _) = resolveSection(
            #"""
            { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
              "subitems": [ { "width": "fractionalWidth(1/3)", "height": "fractionalHeight(1)" } ] }
            """#)
        #expect(rootGroup(l).children.map(\.frame.width) == [130, 130, 130])
    }

    @Test("three fractionalWidth(1/3) items in 820 pt at @2x are 273 pt each; the last point stays empty")
    func remainderIsNotDistributed() {
        let (l, _) = resolveSection(
            #"""
            { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
              "subitems": [ { "width": "fractionalWidth(1/3)", "height": "fractionalHeight(1)" } ] }
            """#, environments: #"["iPad"]"#)
        let g = rootGroup(l)
        #expect(g.children.map(\.frame.width) == [273, 273, 273])
        #expect(g.children.map(\.frame.x) == [0, 273, 546])
    }

    @Test("a flexible spacing share is exact: 11 pt left over two gaps is 5.5 pt each at @3x, not 5.333")
    func flexibleShareIsNotFloored() {
        let (l, _) = resolveSection(
            #"""
            { "direction": "horizontal", "width": "absolute(101)", "height": "absolute(50)", "interItemSpacing": "flexible(0)",
              "subitems": [ { "width": "absolute(30)", "height": "absolute(50)" } ] }
            """#)
        let g = rootGroup(l)
        #expect(g.children.map(\.frame.x) == [0, 35.5, 71])
        #expect(g.solve?.used == 101)
    }

    @Test("an element between two flexible edges across its group is centred exactly: (50 − 20.5) / 2 = 14.75")
    func crossAxisCentringIsExact() {
        let (l, _) = resolveSection(
            #"""
            { "direction": "horizontal", "width": "absolute(100)", "height": "absolute(50)",
              "subitems": [ { "width": "absolute(100)", "height": "absolute(20.5)",
                              "edgeSpacing": { "top": "flexible(0)", "bottom": "flexible(0)" } } ] }
            """#, environments: #"["iPhone SE"]"#)
        #expect(rootGroup(l).children[0].frame.y == 14.75)
    }

    @Test("Stage B rounds x, y, width and height on their own to the nearest pixel, halves away from zero")
    func stageB() {
        #expect(
            Rect(x: 75.25, y: 18.75, width: 37.48068131501985, height: 84.24).pixelRounded(scale: 2)
                == Rect(x: 75.5, y: 19, width: 37.5, height: 84))
        #expect(Rect(x: 35.5, y: 0, width: 30, height: 1 / 3).pixelRounded(scale: 3).x == 107.0 / 3)
        #expect(formatPixel(75.5, exact: 75.25) == "75.5 (exact 75.25)")
        #expect(formatPixel(130, exact: 130) == "130")
    }
}
