// Positions on lines holding CJK and emoji: `lint --format json` counts UTF-16 code units, as LSP does by default.
import Foundation
import Testing

@Suite struct UnicodePositions {
    static let doc = """
        {
          "sections": [
            { "name": "日本語👍🏽", "grup": {} },
            { "name": "👨‍👩‍👧", "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)", "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] }, "interGroupSpacing": "wide" }
          ]
        }

        """

    @Test func jsonCharactersCountUTF16Units() throws {
        let r = lintJSON(Self.doc)
        #expect(r.code == 1, "\(r)")
        let ds = diagnostics(r.json)

        // Line 2 is `    { "name": "日本語👍🏽", "grup": {} },`.
        //   `    { "name": "` is 15 units (4 spaces, `{`, space, `"name"` 6, `:`, space, `"`): 日 starts at 15.
        //   日 本 語 are in the BMP: 1 unit each (3 bytes each in UTF-8).
        //   👍 U+1F44D and 🏽 U+1F3FD (skin tone) are outside the BMP: 2 units each (a surrogate pair; 4 UTF-8 bytes).
        //   So the name's text spans 15..<22 (7 units), then `"` 22, `,` 23, space 24: `"grup"` is 25..<31.
        //   (UTF-8 bytes would give 33, Unicode scalars 23, grapheme clusters 22.)
        let grup = try #require(ds.first { rule($0) == "unknown-property" }, "\(r)")
        #expect(startLine(grup) == 2)
        #expect(startCharacter(grup) == 25, "\(grup)")
        #expect(endCharacter(grup) == 31, "\(grup)")
        #expect(utf16Column(of: "\"grup\"", in: line(2, of: Self.doc)) == 25) // the same count, by Swift's utf16 view

        // Line 3: 👨‍👩‍👧 is U+1F468 U+200D U+1F469 U+200D U+1F467 = 2 + 1 + 2 + 1 + 2 = 8 units (one grapheme).
        //   `"wide"` follows; its UTF-16 column is 8 − 5 = 3 more than its scalar column.
        let l3 = line(3, of: Self.doc)
        let wide = try #require(ds.first { rule($0) == "wrong-type" && startLine($0) == 3 }, "\(r)")
        let expected = try #require(utf16Column(of: "\"wide\"", in: l3))
        #expect(startCharacter(wide) == expected)
        #expect(endCharacter(wide) == expected + 6)
        let scalarColumn = l3.unicodeScalars.distance(
            from: l3.unicodeScalars.startIndex,
            to: l3.range(of: "\"wide\"")!.lowerBound.samePosition(in: l3.unicodeScalars)!)
        #expect(expected == scalarColumn + 3)
    }

    @Test func textCaretLinesUpUnderWideCharacters() throws {
        let dir = TempDir(); defer { dir.cleanup() }
        dir.write("u.layout.json", Self.doc)
        let r = run(["lint", "--no-color", "u.layout.json"], cwd: dir.path)
        let lines = r.stdout.components(separatedBy: "\n")
        let i = try #require(
            lines.firstIndex { $0.hasPrefix("u.layout.json:3:") && $0.hasSuffix("[unknown-property]") }, "\(r)")
        #expect(lines[i + 1] == " 3 | " + line(2, of: Self.doc))
        // On a terminal 日本語 take 2 columns each, 👍 2, the skin-tone modifier 0: `"grup"` starts at column
        // 15 + 6 + 2 + 0 + 3 = 26 of the source line, so the caret sits under it after 26 spaces.
        #expect(lines[i + 2] == "   | " + String(repeating: " ", count: 26) + "^~~~~~", "\(r)")
    }
}
