import Foundation
import Testing
@testable import LayoutLintCore

/// `countSyntaxErrors` (the parser's counting mode, which decides whether a fix is offered in a broken document) must
/// count exactly the syntax errors of the full parse: a lower count would offer fixes that break the document.
@Suite struct CountSyntaxErrorsTests {
    private func expectSameCount(_ bytes: [UInt8], maxDepth: Int = 512, _ what: @autoclosure () -> String) {
        let full = parseJSONC(bytes, maxDepth: maxDepth).syntaxErrorCount
        let counted = countSyntaxErrors(bytes, maxDepth: maxDepth)
        #expect(counted == full, "\(what()): counted \(counted), the parse has \(full)")
    }

    @Test func everyKindOfSyntaxError() {
        let cases = [
            "", "   ", "\u{FEFF}{}", "{", "[", "{\"a\": [1, 2", "}", "]", "{]", "[}", "{\"a\" 1}", "{\"a\" \"b\": 1}",
            "{\"a\": 1 \"b\": 2}", "{\"a\": 1 b: 2}", "{\"a\": 1 2 3}", "{\"a\": 1 : :}", "{a: 1, 'b': 2}", "{: 1}",
            "{\"a\": }", "[1 2, , 3]", "[1 : 2]", "{\"a\": [1,}", "{\"a\": {\"b\": [}]}", "{\"a\": 01, \"b\": +1, \"c\": .5}",
            "{\"a\": 1., \"b\": 1e, \"c\": 0x1F, \"d\": NaN, \"e\": -Infinity, \"f\": 1-2}", "{\"a\": tru, \"b\": nul}",
            "{\"a\": \"x\\q\\u12\\uD800\"}", "{\"a\": \"unterminated\n}", "{\"a\": \"tab\there\"}", "/* open", "// c\n{} x y",
            "{} {}", "{\"a\": @#% 1}", "{\"a\": 1} // trailing\n/*", "{\"k\u{0}\": 1}", "[[[[[[[[[[]]]]]]]]]]",
            "{\"a\": [1,2,3],}", "{\"a\": 'x\n'}", "{\"a\": \"\\uD83D\\uDE00\", \"b\": \"é\"}", "{\"a\":1,\"a\":2,\"a\":3}",
        ]
        for c in cases {
            expectSameCount(Array(c.utf8), c.debugDescription)
            expectSameCount(Array(c.utf8), maxDepth: 2, "\(c.debugDescription) at depth 2")
        }
        // Invalid UTF-8 in keys, values, comments and between tokens.
        let bytes: [UInt8] = Array("{\"a".utf8) + [0xFF] + Array("\": x".utf8) + [0xC3] + Array(" // ".utf8) + [0xE2, 0x82] +
            Array("\n\"b\": \"".utf8) + [0xF0, 0x9F] + Array("\"}".utf8)
        expectSameCount(bytes, "invalid UTF-8")
    }

    @Test("every example, whole and cut at every 97th byte, and with bytes deleted, doubled and replaced",
          arguments: exampleFiles())
    func examplesAndTheirMutations(_ path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        expectSameCount(bytes, path)
        var cut = 0
        while cut < bytes.count {
            expectSameCount(Array(bytes[..<cut]), "\(path) cut at \(cut)")
            cut += 97
        }
        var seed: UInt64 = 0x2545F4914F6CDD1D
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33)
        }
        let alphabet = Array(#"{}[],:"'\/*tfn01-e.x "#.utf8) + [0x0A, 0xFF, 0xC3]
        for round in 0..<60 {
            var m = bytes
            for _ in 0..<(1 + round % 6) {
                guard !m.isEmpty else { break }
                let at = next() % m.count
                switch next() % 3 {
                case 0: m.remove(at: at)
                case 1: m.insert(m[at], at: at)
                default: m[at] = alphabet[next() % alphabet.count]
                }
            }
            expectSameCount(m, maxDepth: round % 5 == 0 ? 3 : 512, "\(path), mutation round \(round)")
        }
    }
}
