import Foundation
import Testing
import TestSupport
@testable import LayoutLintCore

@Suite("Typing in the middle of a document: a missing comma gets its quick fix")
struct TypingRecoveryTests {
    @Test("a missing comma between two properties has a quick fix that inserts it", arguments: exampleFiles())
    func missingCommaFix(_ path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // The comma after the first "width" property's value.
        guard let w = text.range(of: "\"width\""), let comma = text[w.upperBound...].firstIndex(of: ",") else { return }
        let broken = String(text[..<comma]) + String(text[text.index(after: comma)...])
        let r = lint(bytes: Array(broken.utf8))
        let d = try #require(r.diagnostics.first { $0.rule == "syntax" && $0.message.contains("expected ','") }, "\(r.diagnostics.map(\.message))")
        let fix = try #require(d.fix)
        let mended = applyEdits(Array(broken.utf8), fix.edits)
        #expect(String(decoding: mended, as: UTF8.self) == text)
        let inc = IncrementalLinter(text: Array(text.utf8))
        let offset = text.utf8.distance(from: text.utf8.startIndex, to: comma)
        inc.replace(ByteRange(offset, offset + 1), with: [])
        #expect(inc.diagnostics == r.diagnostics)
    }
}
