import Testing
@testable import LayoutLintCore

// Helpers

private func parse(_ text: String) -> ParseResult { parseJSONC(text) }

private func messages(_ r: ParseResult) -> [String] { r.errors.map(\.message) }

/// The byte range of the first occurrence of `needle` in `text` (ASCII needles in these tests).
private func rangeOf(_ needle: String, in text: String, from: Int = 0) -> ByteRange {
    let h = Array(text.utf8), n = Array(needle.utf8)
    var i = from
    while i + n.count <= h.count {
        if Array(h[i..<(i + n.count)]) == n { return ByteRange(i, i + n.count) }
        i += 1
    }
    Issue.record("\(needle) not found")
    return ByteRange(0, 0)
}

@Suite struct ParserTests {
    // MARK: - Well-formed documents

    @Test func parsesAllValueKinds() {
        let text = #"{"s": "x", "n": -1.5e2, "t": true, "f": false, "z": null, "a": [1, 2], "o": {}}"#
        let r = parse(text)
        #expect(r.errors.isEmpty)
        let root = try! #require(r.root)
        #expect(root.kind == .object)
        #expect(root.range == ByteRange(0, text.utf8.count))
        #expect(root.properties.map(\.key) == ["s", "n", "t", "f", "z", "a", "o"])
        #expect(root["s"]?.stringValue == "x")
        #expect(root["s"]?.range == rangeOf(#""x""#, in: text))
        #expect(root["n"]?.numberValue == -150)
        #expect(root["n"]?.range == rangeOf("-1.5e2", in: text))
        #expect(root["t"]?.kind == .bool && root["t"]?.boolValue == true)
        #expect(root["f"]?.kind == .bool && root["f"]?.boolValue == false)
        #expect(root["z"]?.kind == .null)
        #expect(root["a"]?.elements.map(\.numberValue) == [1, 2])
        #expect(root["a"]?.range == rangeOf("[1, 2]", in: text))
        #expect(root["o"]?.kind == .object && root["o"]?.range == rangeOf("{}", in: text))
        let p = root.property("n")!
        #expect(p.keyRange == rangeOf(#""n""#, in: text))
        #expect(p.range == ByteRange(p.keyRange.start, rangeOf("-1.5e2", in: text).end))
    }

    @Test func scalarRoots() {
        #expect(parse("42").root?.numberValue == 42)
        #expect(parse("  \"hi\"  ").root?.range == ByteRange(2, 6))
        #expect(parse("null").root?.kind == .null)
        #expect(parse("[]").root?.elements.isEmpty == true)
        #expect(parse("123456789012345678901234").root?.numberValue == 123456789012345678901234.0)
        #expect(parse("0.1").root?.numberValue == 0.1)
        #expect(parse("-12E-2").root?.numberValue == -0.12)
    }

    @Test func commentsAreRecordedInOrder() {
        let text = """
            // head
            { /* inline */ "a": 1, // tail
              /* multi
                 line */ "b": 2 }
            // end
            """
        let r = parse(text)
        #expect(r.errors.isEmpty)
        #expect(r.comments.map(\.text) == [" head", " inline ", " tail", " multi\n     line ", " end"])
        #expect(r.comments.map(\.isLineComment) == [true, false, true, false, true])
        #expect(r.comments[0].range == ByteRange(0, 7))
        #expect(r.comments[1].range == rangeOf("/* inline */", in: text))
        #expect(r.root?.properties.map(\.key) == ["a", "b"])
    }

    @Test func unterminatedBlockComment() {
        let r = parse("{\"a\": 1} /* never")
        #expect(messages(r) == ["unterminated comment"])
        #expect(r.errors[0].range == ByteRange(9, 17))
        #expect(r.comments.count == 1 && r.comments[0].text == " never")
        #expect(r.root?["a"]?.numberValue == 1)
    }

    @Test func trailingCommasAreAccepted() {
        let r = parse(#"{"a": [1, 2, ], "b": {"c": 1,},}"#)
        #expect(r.errors.isEmpty)
        #expect(r.root?["a"]?.elements.count == 2)
        #expect(r.root?["b"]?.properties.count == 1)
    }

    // MARK: - Recovery

    @Test func missingCommaBetweenProperties() {
        let text = #"{"sections": [ {"a": 1 "b": 2}, {"c": 3} ]}"#
        let r = parse(text)
        #expect(messages(r) == ["expected ',' or '}' after property"])
        #expect(r.errors[0].range == rangeOf(#""b""#, in: text))
        let sections = try! #require(r.root?["sections"])
        #expect(sections.elements.count == 2)
        #expect(sections.elements[0].properties.map(\.key) == ["a", "b"])
        #expect(sections.elements[0]["b"]?.numberValue == 2)
        #expect(sections.elements[1].properties.map(\.key) == ["c"])
        #expect(sections.elements[0].range == rangeOf(#"{"a": 1 "b": 2}"#, in: text))
        #expect(r.root?.range == ByteRange(0, text.utf8.count))
    }

    @Test func missingCommaBetweenElements() {
        let text = "[1 2, 3]"
        let r = parse(text)
        #expect(messages(r) == ["expected ',' or ']' after array element"])
        #expect(r.errors[0].range == ByteRange(3, 4))
        #expect(r.root?.elements.map(\.numberValue) == [1, 2, 3])
    }

    @Test func brokenElementInTheMiddleKeepsTheRest() {
        let text = #"[1, {"a": }, tru, [1 "x"], 5]"#
        let r = parse(text)
        #expect(
            messages(r) == ["expected a value", "unexpected word 'tru'", "expected ',' or ']' after array element"])
        #expect(r.errors[0].range == rangeOf("}", in: text))
        #expect(r.errors[1].range == rangeOf("tru", in: text))
        #expect(r.errors[2].range == rangeOf(#""x""#, in: text))
        let e = try! #require(r.root?.elements)
        #expect(e.map(\.kind) == [.number, .object, .invalid, .array, .number])
        #expect(e[1].properties.count == 1 && e[1].properties[0].value == nil)
        #expect(e[1].properties[0].range == rangeOf(#""a""#, in: text))
        #expect(e[3].elements.count == 2)
        #expect(e[4].numberValue == 5)
    }

    @Test func missingValue() {
        let text = #"{"a": , "b": 2}"#
        let r = parse(text)
        #expect(messages(r) == ["expected a value"])
        #expect(r.errors[0].range == ByteRange(6, 7))
        #expect(r.root?.properties.map(\.key) == ["a", "b"])
        #expect(r.root?.property("a")?.value == nil)
        #expect(r.root?["b"]?.numberValue == 2)

        let arr = parse("[1, , 3]")
        #expect(messages(arr) == ["expected a value"])
        #expect(arr.errors[0].range == ByteRange(4, 5))
        #expect(arr.root?.elements.map(\.numberValue) == [1, 3])
    }

    @Test func missingColon() {
        let text = #"{"a" 1, "b": 2}"#
        let r = parse(text)
        #expect(messages(r) == ["expected ':' after property key"])
        #expect(r.errors[0].range == ByteRange(5, 6))
        #expect(r.root?["a"]?.numberValue == 1)
        #expect(r.root?["b"]?.numberValue == 2)

        let text2 = #"{"a" "b": 2}"#
        let r2 = parse(text2)
        #expect(messages(r2) == ["expected ':' after property key"])
        #expect(r2.root?.properties.map(\.key) == ["a", "b"])
        #expect(r2.root?.property("a")?.value == nil)
        #expect(r2.root?["b"]?.numberValue == 2)

        let r3 = parse(#"{"a"}"#)
        #expect(messages(r3) == ["expected ':' after property key"])
        #expect(r3.errors[0].range == ByteRange(4, 5))
        #expect(r3.root?.properties.count == 1)
    }

    @Test func unterminatedString() {
        let text = "{\"a\": \"abc\n, \"b\": 2}"
        let r = parse(text)
        #expect(messages(r) == ["unterminated string"])
        #expect(r.errors[0].range == ByteRange(6, 10))
        #expect(r.root?["a"]?.stringValue == "abc")
        #expect(r.root?["a"]?.range == ByteRange(6, 10))
        #expect(r.root?["b"]?.numberValue == 2)

        let eof = parse("\"abc")
        #expect(messages(eof) == ["unterminated string"])
        #expect(eof.errors[0].range == ByteRange(0, 4))
        #expect(eof.root?.stringValue == "abc")

        let escAtEnd = parse("\"abc\\")
        #expect(messages(escAtEnd) == ["unterminated string"])
    }

    @Test func strayCharacters() {
        let text = #"{"a": 1 #, "b": 2}"#
        let r = parse(text)
        #expect(messages(r) == ["unexpected character '#'"])
        #expect(r.errors[0].range == ByteRange(8, 9))
        #expect(r.root?.properties.map(\.key) == ["a", "b"])

        let run = parse(#"{"a": 1;;;, "b": 2}"#)
        #expect(messages(run) == ["unexpected characters ';;;'"])
        #expect(run.errors[0].range == ByteRange(7, 10))
        #expect(run.root?.properties.count == 2)

        // A stray character where a value belongs becomes an invalid node (one error only).
        let v = parse(#"{"a": @, "b": 2}"#)
        #expect(messages(v) == ["unexpected character '@'"])
        #expect(v.root?["a"]?.kind == .invalid)
        #expect(v.root?["a"]?.range == ByteRange(6, 7))
        #expect(v.root?["b"]?.numberValue == 2)

        // A stray character before a value is just stray.
        let before = parse(#"[@1]"#)
        #expect(messages(before) == ["unexpected character '@'"])
        #expect(before.root?.elements.map(\.numberValue) == [1])

        // Slash that is not a comment.
        let slash = parse("[1 / 2]")
        #expect(messages(slash).first == "unexpected character '/'")
    }

    @Test func unquotedKey() {
        let text = #"{name: "x", "b": 1}"#
        let r = parse(text)
        #expect(messages(r) == ["property keys must be double-quoted strings"])
        #expect(r.errors[0].range == ByteRange(1, 5))
        #expect(r.root?["name"]?.stringValue == "x")
        #expect(r.root?["b"]?.numberValue == 1)

        let cjk = parse("{名前: 1}")
        #expect(messages(cjk) == ["property keys must be double-quoted strings"])
        #expect(cjk.errors[0].range == ByteRange(1, 7))
        #expect(cjk.root?["名前"]?.numberValue == 1)
    }

    @Test func singleQuotedString() {
        let r = parse("{'a': 'b'}")
        #expect(
            messages(r) == ["strings must be enclosed in double quotes", "strings must be enclosed in double quotes"])
        #expect(r.errors.map(\.range) == [ByteRange(1, 4), ByteRange(6, 9)])
        #expect(r.root?["a"]?.stringValue == "b")
    }

    @Test func unclosedContainersAtEndOfDocument() {
        let text = "{\n  \"a\": [1, 2,\n  \"b\": 3\n"
        let r = parse(text)
        #expect(
            messages(r) == [
                "expected ',' or ']' after array element", "unexpected end of document: '[' at line 2 is not closed",
            ])
        #expect(r.errors[1].range == ByteRange(text.utf8.count, text.utf8.count))
        let root = try! #require(r.root)
        #expect(root.kind == .object)
        // Unclosed containers end at the last consumed byte.
        #expect(root.range == ByteRange(0, rangeOf("3", in: text).end))

        let obj = parse(#"{"a": 1"#)
        #expect(messages(obj) == ["unexpected end of document: '{' at line 1 is not closed"])
        #expect(obj.root?.range == ByteRange(0, 7))
        #expect(obj.root?["a"]?.numberValue == 1)

        let afterColon = parse(#"{"a":"#)
        #expect(messages(afterColon) == ["unexpected end of document: '{' at line 1 is not closed"])
        #expect(afterColon.root?.properties.count == 1)
        #expect(afterColon.root?.property("a")?.value == nil)

        let afterKey = parse(#"{"a""#)
        #expect(messages(afterKey) == ["unexpected end of document: '{' at line 1 is not closed"])
        #expect(afterKey.root?.properties.map(\.key) == ["a"])
    }

    @Test func lineNumbersInMessagesFollowLSPLineEnds() {
        let r = parse("\r\n\r\r\n{")
        #expect(messages(r) == ["unexpected end of document: '{' at line 4 is not closed"])
    }

    @Test func mismatchedCloseBracketClosesTheInnerContainer() {
        let text = #"[{"a": 1], 2]"#
        let r = parse(text)
        // The `]` closes the object (reported) and then the array; `, 2]` is left over.
        #expect(messages(r) == ["unexpected ']': '{' at line 1 is not closed", "unexpected text after the root value"])
        #expect(r.errors[0].range == ByteRange(8, 9))
        #expect(r.errors[1].range == ByteRange(9, 13))
        let root = try! #require(r.root)
        #expect(root.elements.count == 1)
        #expect(root.elements[0].range == ByteRange(1, 8))
        #expect(root.elements[0]["a"]?.numberValue == 1)
        #expect(root.range == ByteRange(0, 9))

        let nested = parse(#"{"a": [1, {"b": 2}, "c": 3}"#)
        #expect(
            messages(nested) == [
                "expected ',' or ']' after array element", "unexpected '}': '[' at line 1 is not closed",
            ])
        #expect(nested.root?["a"]?.elements.count == 4) // 1, {"b": 2}, "c", 3

        // A close bracket no container can take is skipped.
        let extra = parse(#"{"a": [1]], "b": 2}"#)
        #expect(messages(extra) == ["unexpected ']'"])
        #expect(extra.root?.properties.map(\.key) == ["a", "b"])
    }

    @Test func strayValueInObjectIsSkippedWholly() {
        let r = parse(#"{"a": 1 {"x": [1, {}]} , "b": 2}"#)
        #expect(messages(r) == ["expected ',' or '}' after property"])
        #expect(r.errors[0].range == ByteRange(8, 9))
        #expect(r.root?.properties.map(\.key) == ["a", "b"])
    }

    @Test func duplicateKeys() {
        let text = #"{"x": 1, "y": 2, "x": 3}"#
        let r = parse(text)
        #expect(r.errors.count == 1)
        let e = r.errors[0]
        #expect(e.code == .duplicateKey)
        #expect(e.message == #"duplicate key "x""#)
        #expect(e.range == ByteRange(17, 20))
        #expect(e.related == ByteRange(1, 4))
        #expect(r.root?.properties.map(\.key) == ["x", "y", "x"])
        // The last of equal keys counts (as the model and every JSON reader take it).
        #expect(r.root?["x"]?.numberValue == 3)

        // Large objects use an index; same result.
        var big = "{"
        for i in 0..<20 { big += "\"k\(i)\": \(i), " }
        big += "\"k3\": 0, \"k19\": 1, \"k3\": 2}"
        let b = parse(big)
        #expect(b.errors.map(\.code) == [.duplicateKey, .duplicateKey, .duplicateKey])
        #expect(b.errors.map(\.message) == [#"duplicate key "k3""#, #"duplicate key "k19""#, #"duplicate key "k3""#])
        #expect(b.errors[0].related == b.errors[2].related)
        #expect(b.root?.properties.count == 23)

        // Duplicate detection uses the decoded key.
        let esc = parse(#"{"a": 1, "\u0061": 2}"#)
        #expect(esc.errors.map(\.code) == [.duplicateKey])
    }

    @Test func trailingGarbage() {
        let text = "{} x ]"
        let r = parse(text)
        #expect(messages(r) == ["unexpected text after the root value"])
        #expect(r.errors[0].range == ByteRange(3, 6))
        #expect(r.root?.kind == .object)

        let two = parse("1 2 // c")
        #expect(messages(two) == ["unexpected text after the root value"])
        #expect(two.errors[0].range == ByteRange(2, 3))
        #expect(two.comments.count == 1)
    }

    @Test func emptyDocuments() {
        for text in ["", "   \n", "// only a comment\n/* and another */"] {
            let r = parse(text)
            #expect(r.root == nil)
            #expect(messages(r) == ["the document is empty"])
        }
        #expect(parse("/* c */").comments.count == 1)
        let stray = parse("}")
        #expect(stray.root == nil)
        #expect(messages(stray) == ["unexpected '}'"])
        let strayThenValue = parse("] 1")
        #expect(messages(strayThenValue) == ["unexpected ']'"])
        #expect(strayThenValue.root?.numberValue == 1)
    }

    // MARK: - Depth

    @Test func nestingDeeperThanTheLimitIsOneError() {
        let depth = 100_000
        let text =
            [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        let r = parseJSONC(text)
        #expect(r.errors.count == 1)
        #expect(r.errors[0].message == "nesting deeper than 512 levels")
        #expect(r.errors[0].range == ByteRange(512, 513))
        var node = try! #require(r.root)
        var levels = 1
        while let child = node.elements.first { node = child; levels += 1 }
        #expect(levels == 513)
        #expect(node.kind == .invalid)
        #expect(node.range == ByteRange(512, 2 * depth - 512))
        #expect(r.root?.range == ByteRange(0, 2 * depth))
    }

    @Test func unbalancedMegabyteDeepDocumentDoesNotCrash() {
        let text = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        let r = parseJSONC(text)
        #expect(
            r.errors.map(\.message) == [
                "nesting deeper than 512 levels", "unexpected end of document: '[' at line 1 is not closed",
            ])
        #expect(r.root?.kind == .array)

        let objects = [UInt8](String(repeating: #"{"a":"#, count: 200_000).utf8)
        let o = parseJSONC(objects)
        #expect(o.errors.count == 2)
        #expect(o.errors[0].message == "nesting deeper than 512 levels")
    }

    @Test func customMaxDepth() {
        let r = parseJSONC("[[[1]], [2]]", maxDepth: 2)
        #expect(messages(r) == ["nesting deeper than 2 levels"])
        #expect(r.errors[0].range == ByteRange(2, 3))
        #expect(r.root?.elements[0].elements[0].kind == .invalid)
        #expect(r.root?.elements[0].elements[0].range == ByteRange(2, 5))
        #expect(r.root?.elements[1].elements[0].numberValue == 2)
    }

    // MARK: - Strings

    @Test func escapes() {
        let r = parse(#""a\nb\tc\"d\\e\/f\bg\fh\ri\u00e9\u65E5\ud83d\udc4d""#)
        #expect(r.errors.isEmpty)
        #expect(r.root?.stringValue == "a\nb\tc\"d\\e/f\u{8}g\u{C}h\ri\u{E9}日👍")
    }

    /// A lone surrogate escape encodes no character: the value holds U+FFFD (as JSON readers that accept it give)
    /// and each is an error at its escape, since readers such as Foundation's reject the document.
    @Test func loneSurrogatesBecomeReplacementCharactersAndErrors() {
        let r = parse(#"["\ud83d", "\udc4d", "\ud83dx", "\ud83d\u0041"]"#)
        #expect(r.errors.map(\.range) == [ByteRange(2, 8), ByteRange(12, 18), ByteRange(22, 28), ByteRange(33, 39)])
        #expect(r.errors.allSatisfy { $0.code == .syntax && $0.message.contains("surrogate") })
        #expect(r.root?.elements.map(\.stringValue) == ["\u{FFFD}", "\u{FFFD}", "\u{FFFD}x", "\u{FFFD}A"])
    }

    @Test func invalidEscapes() {
        let text = #"["a\qb", "\u12G4", "ok"]"#
        let r = parse(text)
        #expect(
            messages(r) == [
                "invalid escape sequence '\\q'",
                "invalid unicode escape sequence (expected 4 hexadecimal digits after '\\u')",
            ])
        #expect(r.errors[0].range == ByteRange(3, 5))
        #expect(r.errors[1].range == ByteRange(10, 14))
        #expect(r.root?.elements.map(\.stringValue) == ["aqb", "\u{FFFD}G4", "ok"])
    }

    @Test func rawControlCharactersInStrings() {
        let text = "[\"a\tb\", 1]"
        let r = parse(text)
        #expect(messages(r) == ["control character U+0009 must be escaped in strings"])
        #expect(r.errors[0].range == ByteRange(3, 4))
        #expect(r.root?.elements[0].stringValue == "a\tb")
        #expect(r.root?.elements.count == 2)
    }

    @Test func cjkAndEmojiStrings() {
        let text = #"{"名前": "👍🏽", "日本": "x"}"#
        let r = parse(text)
        #expect(r.errors.isEmpty)
        #expect(r.root?["名前"]?.stringValue == "👍🏽")
        #expect(r.root?.property("名前")?.keyRange == ByteRange(1, 9))
        #expect(r.root?["名前"]?.range == ByteRange(11, 21))
        #expect(r.root?["日本"]?.stringValue == "x")
    }

    @Test func hugeStringValue() {
        let size = 50 * 1024 * 1024
        let head = Array(#"{"big": ""#.utf8), tail = Array(#""}"#.utf8)
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: head.count + size + tail.count)
        bytes.replaceSubrange(0..<head.count, with: head)
        bytes.replaceSubrange((bytes.count - tail.count)..<bytes.count, with: tail)
        let r = parseJSONC(bytes)
        #expect(r.errors.isEmpty)
        #expect(r.root?["big"]?.stringValue.utf8.count == size)
        #expect(r.root?.range == ByteRange(0, bytes.count))
    }

    // MARK: - Bytes

    @Test func invalidUTF8InsideStrings() {
        let bytes: [UInt8] =
            Array(#"{"a": "x"#.utf8) + [0xFF, 0xFE] + Array(#"y", "b": "\u00e9"#.utf8) + [0xC3] + Array("\"}".utf8)
        let r = parseJSONC(bytes)
        #expect(messages(r) == ["invalid UTF-8 byte sequence", "invalid UTF-8 byte sequence"])
        #expect(r.errors[0].range == ByteRange(8, 10))
        #expect(r.errors[1].range == ByteRange(26, 27))
        #expect(r.root?["a"]?.stringValue == "x\u{FFFD}\u{FFFD}y")
        #expect(r.root?["b"]?.stringValue == "é\u{FFFD}")
    }

    @Test func invalidUTF8OutsideStrings() {
        // Truncated 3-byte sequence, a lone continuation byte, a surrogate encoding, an overlong form.
        let bytes: [UInt8] =
            Array("[1, ".utf8) + [0xE2, 0x82] + Array(", 2 ".utf8) + [0x80] + Array(", ".utf8)
            + [0xED, 0xA0, 0x80] + Array(", ".utf8) + [0xC0, 0xAF] + Array("]".utf8)
        let r = parseJSONC(bytes)
        #expect(messages(r) == Array(repeating: "invalid UTF-8 byte sequence", count: 4))
        #expect(r.errors.map(\.range) == [ByteRange(4, 6), ByteRange(10, 11), ByteRange(13, 16), ByteRange(18, 20)])
        let e = try! #require(r.root?.elements)
        #expect(e.map(\.kind) == [.number, .invalid, .number, .invalid, .invalid])
        #expect(e[1].range == ByteRange(4, 6))
    }

    @Test func invalidUTF8InComments() {
        let bytes: [UInt8] =
            Array("// a".utf8) + [0xF5] + Array("\n/* ".utf8) + [0xF0, 0x9F, 0x91] + Array(" */ 1".utf8)
        let r = parseJSONC(bytes)
        #expect(messages(r) == ["invalid UTF-8 byte sequence", "invalid UTF-8 byte sequence"])
        #expect(r.errors.map(\.range) == [ByteRange(4, 5), ByteRange(9, 12)])
        #expect(r.comments.map(\.text) == [" a\u{FFFD}", " \u{FFFD} "])
        #expect(r.root?.numberValue == 1)
    }

    @Test func nulBytes() {
        let bytes: [UInt8] = Array(#"{"a": 1,"#.utf8) + [0] + Array(#" "b": "x"#.utf8) + [0] + Array(#"y"}"#.utf8)
        let r = parseJSONC(bytes)
        #expect(messages(r) == ["unexpected character U+0000", "control character U+0000 must be escaped in strings"])
        #expect(r.errors.map(\.range) == [ByteRange(8, 9), ByteRange(17, 18)])
        #expect(r.root?.properties.map(\.key) == ["a", "b"])
        #expect(r.root?["b"]?.stringValue == "x\u{0}y")

        let only = parseJSONC([0, 0])
        #expect(only.errors.count == 2)
        #expect(only.root?.kind == .invalid)
    }

    @Test func byteOrderMarkIsSkipped() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)
        let r = parseJSONC(bytes)
        #expect(r.errors.isEmpty)
        #expect(r.root?.range == ByteRange(3, 11))
        #expect(parseJSONC([0xEF, 0xBB, 0xBF]).errors.map(\.message) == ["the document is empty"])
    }

    // MARK: - Numbers and words

    @Test func numberEdgeCases() {
        let r = parse("[1e999, -1e999, -0, 0, 1E+2, 9007199254740993]")
        #expect(r.errors.isEmpty)
        let v = r.root!.elements.map(\.numberValue)
        #expect(v[0] == .infinity)
        #expect(v[1] == -.infinity)
        #expect(v[2] == 0 && v[2].sign == .minus)
        #expect(v[3] == 0 && v[3].sign == .plus)
        #expect(v[4] == 100)
        #expect(v[5] == 9007199254740992)
    }

    @Test func invalidNumbers() {
        let cases: [(String, String, JSONNode.Kind, Double?)] = [
            ("01", "numbers cannot have leading zeros", .number, 1),
            ("-012", "numbers cannot have leading zeros", .number, -12),
            ("+1", "numbers cannot start with '+'", .number, 1),
            (".5", "a number needs a digit before '.'", .number, 0.5),
            ("1.", "expected a digit after '.'", .number, 1),
            ("NaN", "'NaN' is not a valid JSON number", .invalid, nil),
            ("Infinity", "'Infinity' is not a valid JSON number", .invalid, nil),
            ("-Infinity", "'-Infinity' is not a valid JSON number", .invalid, nil),
            ("0x1F", "hexadecimal numbers are not allowed", .invalid, nil),
            ("1e", "invalid number '1e'", .invalid, nil),
            ("12abc", "invalid number '12abc'", .invalid, nil),
            ("-", "invalid number '-'", .invalid, nil),
        ]
        for (text, message, kind, value) in cases {
            let doc = "[" + text + ", 7]"
            let r = parse(doc)
            #expect(messages(r) == [message], "\(text)")
            #expect(r.errors.first?.range == ByteRange(1, 1 + text.utf8.count), "\(text)")
            #expect(r.root?.elements.first?.kind == kind, "\(text)")
            if let value { #expect(r.root?.elements.first?.numberValue == value, "\(text)") }
            #expect(r.root?.elements.last?.numberValue == 7, "\(text)")
        }
    }

    @Test func bareWords() {
        let text = #"{"a": foo, "b": True, "c": null}"#
        let r = parse(text)
        #expect(messages(r) == ["unexpected word 'foo'", "unexpected word 'True'"])
        #expect(r.errors[0].range == rangeOf("foo", in: text))
        #expect(r.root?["a"]?.kind == .invalid)
        #expect(r.root?["a"]?.range == rangeOf("foo", in: text))
        #expect(r.root?["c"]?.kind == .null)
    }

    // MARK: - Robustness

    @Test func garbageNeverCrashes() {
        // Deterministic pseudo-random byte soup, biased towards JSON punctuation.
        var seed: UInt64 = 0x9E3779B97F4A7C15
        let alphabet = Array(#"{}[],:"\/*tfn01-e.x "#.utf8) + [0x0A, 0x0D, 0xFF, 0xC3, 0xA9, 0xF0, 0x9F, 0x00]
        for _ in 0..<300 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let length = Int(seed >> 54)
            var bytes: [UInt8] = []
            for _ in 0..<length {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                bytes.append(alphabet[Int(seed >> 33) % alphabet.count])
            }
            let r = parseJSONC(bytes, maxDepth: 8)
            for e in r.errors {
                #expect(e.range.start >= 0 && e.range.end <= bytes.count)
            }
            if let root = r.root { #expect(root.range.end <= bytes.count) }
        }
    }

    @Test func stringConvenienceMatchesBytes() {
        let text = #"{"a": [1, "é"]} // c"#
        let a = parseJSONC(text)
        let b = parseJSONC(Array(text.utf8))
        #expect(a.errors == b.errors && a.comments == b.comments)
        #expect(a.root?.range == b.root?.range)
    }
}
