// Supplementary items (badges): where they sit on their item (the semantics review's points 4 and b2, b3).
import Testing
@testable import LayoutLintCore

@Suite("Badges: container anchor, item anchor and offsets")
struct SupplementaryTests {
    /// The badge's frame relative to its item's, in the first environment, and the document's diagnostics.
    static func badge(_ anchors: String) -> (x: Double, y: Double, diagnostics: [Diagnostic]) {
        let text =
            #"{ "environments": ["iPhone 12"], "sections": [ { "group": { "direction": "horizontal", "width": "absolute(100)", "height": "absolute(100)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)", "supplementaryItems": [ { "elementKind": "badge", "width": "absolute(20)", "height": "absolute(20)"\#(anchors) } ] } ] } } ] }"#
        let r = lint(bytes: Array(text.utf8))
        guard let item = r.layouts.first?.sections.first?.group?.children.first, let b = item.supplementaries.first
        else {
            Issue.record("no badge laid out: \(r.diagnostics.map(\.message))")
            return (.nan, .nan, r.diagnostics)
        }
        return (b.frame.x - item.frame.x, b.frame.y - item.frame.y, r.diagnostics)
    }

    @Test func withoutAnItemAnchorTheBadgeSitsInsideTheCorner() {
        let b = Self.badge(#", "containerAnchor": { "edges": "topTrailing" }"#)
        #expect(b.x == 80 && b.y == 0 && b.diagnostics.isEmpty, "\(b)")
    }

    /// HDR's example: the item anchor's bottom-leading corner on the container's top-trailing one, outside the item;
    /// the container anchor's offset then moves it further out (it was at (80, 0): itemAnchor was ignored).
    @Test func anItemAnchorPutsTheBadgeOutsideTheCorner() {
        let b = Self.badge(
            #", "containerAnchor": { "edges": "topTrailing" }, "itemAnchor": { "edges": "bottomLeading" }"#)
        #expect(b.x == 100 && b.y == -20 && b.diagnostics.isEmpty, "\(b)")
        let moved = Self.badge(
            #", "containerAnchor": { "edges": "topTrailing", "offset": [10, -10] }, "itemAnchor": { "edges": "bottomLeading" }"#
        )
        #expect(moved.x == 110 && moved.y == -30, "\(moved)")
    }

    @Test func aFractionalOffsetIsAFractionOfTheBadge() {
        let b = Self.badge(#", "containerAnchor": { "edges": "topTrailing", "fractionalOffset": [0.5, -0.5] }"#)
        #expect(b.x == 90 && b.y == -10, "\(b)")
    }

    /// UIKit makes an anchor with an absolute or a fractional offset, not both (they were added up).
    @Test func anAnchorWithBothOffsetsIsAnError() {
        let b = Self.badge(
            #", "containerAnchor": { "edges": "topTrailing", "offset": [-4, 4], "fractionalOffset": [0.5, -0.5] }"#)
        #expect(
            b.diagnostics.contains {
                $0.ruleID == .invalidValue && $0.severity == .error && $0.message.contains("not both")
            }, "\(b.diagnostics.map(\.message))")
        #expect(b.x == 76 && b.y == 4, "the offset alone applies: \(b)")
    }

    /// An anchor is made with its edges (the schema requires them; without them the badge was centred silently).
    @Test(arguments: [
        #", "containerAnchor": { "offset": [1, 1] }"#, #", "containerAnchor": { "edges": "top" }, "itemAnchor": {}"#,
    ])
    func anAnchorWithoutEdgesIsAnError(_ anchors: String) {
        let b = Self.badge(anchors)
        #expect(
            b.diagnostics.contains { $0.ruleID == .missingProperty && $0.message.contains("\"edges\"") },
            "\(b.diagnostics.map(\.message))")
    }

    /// NSCollectionLayoutSupplementaryItem is made with a container anchor (without one the badge was centred).
    @Test func aBadgeWithoutAContainerAnchorIsAnError() {
        let b = Self.badge("")
        #expect(
            b.diagnostics.contains { $0.ruleID == .missingProperty && $0.message.contains("containerAnchor") },
            "\(b.diagnostics.map(\.message))")
    }

    /// The editor offers the usual corner for a badge without `containerAnchor` (a guess:
    /// `--fix` leaves it). Applied, the badge sits in the top trailing corner and the document is clean.
    @Test(arguments: [
        #"{ "elementKind": "badge", "width": "absolute(20)", "height": "absolute(20)" }"#,
        "{\n  \"elementKind\": \"badge\", \"width\": \"absolute(20)\", \"height\": \"absolute(20)\"\n}",
    ])
    func aMissingContainerAnchorIsOfferedTheTopTrailingCorner(_ badge: String) {
        let text =
            #"{ "environments": ["iPhone 12"], "sections": [ { "group": { "direction": "horizontal", "width": "absolute(100)", "height": "absolute(100)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)", "supplementaryItems": [ "#
            + badge + " ] } ] } } ] }"
        let r = lint(bytes: Array(text.utf8))
        let fix = r.diagnostics.first { $0.ruleID == .missingProperty && $0.message.contains("containerAnchor") }?.fix
        #expect(fix?.isSafe == false)
        guard let fix else { return }
        #expect(fixAll(Array(text.utf8)).text == Array(text.utf8), "--fix leaves a guess")
        let fixed = lint(bytes: applyEdits(Array(text.utf8), fix.edits))
        #expect(fixed.diagnostics.isEmpty, "\(fixed.diagnostics.map(\.message))")
        let item = fixed.layouts.first?.sections.first?.group?.children.first
        let b = item?.supplementaries.first
        #expect(b != nil && item != nil && b!.frame.x == item!.frame.x + 80 && b!.frame.y == item!.frame.y)
    }
}

/// The layout's own boundary items (`configuration.boundarySupplementaryItems`): a global header comes before the
/// first section and pushes it down, a footer follows the last (the semantics review's point 3: they were read and
/// never laid out, the content ended 100 pt early and no frame was shown for them).
@Suite("Global headers and footers")
struct LayoutBoundaryTests {
    static func text(sections: String) -> String {
        #"{ "environments": ["iPhone 12"], "configuration": { "boundarySupplementaryItems": [ { "elementKind": "global-header", "width": "fractionalWidth(1)", "height": "absolute(60)", "alignment": "top" }, { "elementKind": "global-footer", "width": "fractionalWidth(0.5)", "height": "absolute(40)", "alignment": "bottomTrailing" } ] }, "sections": [ \#(sections) ] }"#
    }
    static let section =
        #"{ "itemCount": 1, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } }"#

    @Test func theHeaderPushesTheSectionsAndTheFooterFollows() throws {
        let r = lint(bytes: Array(Self.text(sections: Self.section).utf8))
        let layout = try #require(r.layouts.first)
        let frames = layout.boundaryItems.map { ($0.item.elementKind ?? "", $0.frame) }
        #expect(frames.map(\.0) == ["global-header", "global-footer"])
        #expect(frames.first?.1 == Rect(x: 0, y: 0, width: 390, height: 60))
        #expect(frames.last?.1 == Rect(x: 195, y: 160, width: 195, height: 40), "half the width, at the trailing edge")
        #expect(layout.sections.first?.frame.y == 60)
        #expect(layout.contentSize.height == 200)
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics.map(\.message))")
    }

    /// With no section UIKit drops them (docs/semantics.md#layout-boundary-items); a section that does not build
    /// counts as none, in `serve`'s inlay hints as in `lint` (the second review's point 4: `"sections": [42]` sized
    /// them in `serve` only).
    @Test(arguments: ["", "42"])
    func withoutSectionsThereAreNone(_ sections: String) {
        let text = Array(Self.text(sections: sections).utf8)
        let r = lint(bytes: text)
        #expect(r.layouts.first?.boundaryItems.isEmpty == true)
        let sized = IncrementalLinter(text: text).dimensionSizes(in: ByteRange(0, text.count)).filter {
            !$0.value.values.isEmpty
        }
        #expect(sized.isEmpty, "\(sized)")
    }
}
