import Foundation
import Testing
@testable import LayoutLintCore

@Suite("Outline")
struct OutlineTests {
    /// An item that a variant places through a `$ref` to the section's group is the same text: its outline entry
    /// lists the variant's size too (iPad's 170.5 pt in app-store was missing: editor review, F2), in the editor's
    /// incremental outline as in the whole document's.
    @Test func anItemPlacedByAVariantShowsItsSizeThere() throws {
        let bytes = [UInt8](try Data(contentsOf: repoRoot.appendingPathComponent("examples/app-store.layout.json")))
        let outline = documentOutline(lint(bytes: bytes))
        func find(_ s: [OutlineSymbol], _ name: String) -> OutlineSymbol? {
            for o in s { if o.name.hasPrefix(name) { return o }; if let f = find(o.children, name) { return f } }
            return nil
        }
        let grid = try #require(outline.first { $0.name == "grid" })
        let item = try #require(find(grid.children, "item"))
        #expect(
            item.detail?.contains("130×130") == true && item.detail?.contains("170.5×170.5") == true,
            "\(String(describing: item.detail))")
        #expect(IncrementalLinter(text: bytes).outline() == outline)
    }
}
