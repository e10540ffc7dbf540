// Review C findings 5 and 11: caps on result lists. documentSymbol cut only groups and items (200 000 sections gave
// 200 000 symbols, 46 MB); references gave 10 001 locations for a cap of 10 000; a completion list cut at 500 said
// `isIncomplete: false`, so `$ref` targets past the 500th could never be completed by typing.
import Foundation
import PlainJSON
import JSONRPC
import LayoutLintCore
@testable import LayoutLintServer
import Testing

@Suite struct ResultCapTests {
    func open(_ text: String) -> (LanguageServer, String) {
        let server = directServer()
        let uri = "file:///tmp/caps-\(UUID().uuidString).layout.json"
        server.didOpen(
            .object([("textDocument", .object([("uri", .string(uri)), ("version", .int(1)), ("text", .string(text))]))])
        )
        return (server, uri)
    }

    func count(_ symbols: [JSONValue]) -> Int { symbols.reduce(0) { $0 + 1 + count($1["children"]?.arrayValue ?? []) } }

    @Test func documentSymbolsAreCappedWhateverTheirKind() {
        // 6 000 sections, 3 000 definitions: every symbol counts.
        let defs = (0..<3000).map { "\"d\($0)\": { \"width\": \"absolute(1)\", \"height\": \"absolute(1)\" }" }.joined(
            separator: ",\n")
        let sections = (0..<6000).map { "{ \"name\": \"s\($0)\" }" }.joined(separator: ",\n")
        let (server, uri) = open("{ \"definitions\": {\n\(defs)\n},\n\"sections\": [\n\(sections)\n] }")
        guard
            case .result(let r) = server.handleRequest(
                "textDocument/documentSymbol", .object([("textDocument", docID(uri))]))
        else {
            Issue.record("no result"); return
        }
        let top = r.arrayValue ?? []
        #expect(count(top) == LanguageServer.maxSymbolsForTests)
        // The top level first: the definitions and 4 999 sections.
        #expect(top.count == LanguageServer.maxSymbolsForTests)
    }

    @Test func referencesStopAtTheCapDeclarationIncluded() {
        let refs = (0..<10_050).map { _ in "{ \"$ref\": \"#/definitions/cell\" }" }.joined(separator: ", ")
        let text =
            "{ \"definitions\": { \"cell\": { \"width\": \"absolute(1)\", \"height\": \"absolute(1)\" } },\n\"sections\": [ { \"name\": \"s\", \"group\": { \"direction\": \"horizontal\", \"width\": \"absolute(1)\", \"height\": \"absolute(1)\", \"subitems\": [\(refs)] } } ] }"
        let (server, uri) = open(text)
        for include in [true, false] {
            let params: JSONValue = .object([
                ("textDocument", docID(uri)), ("position", pos(0, 21)),
                ("context", .object([("includeDeclaration", .bool(include))])),
            ])
            guard case .result(let r) = server.handleRequest("textDocument/references", params) else {
                Issue.record("no result"); return
            }
            #expect(r.arrayValue?.count == 10_000, "includeDeclaration \(include)")
        }
    }

    @Test func aCutCompletionListIsIncomplete() {
        let defs = (0..<600).map { "\"d\($0)\": { \"width\": \"absolute(1)\", \"height\": \"absolute(1)\" }" }.joined(
            separator: ",\n")
        let text =
            "{ \"definitions\": {\n\(defs)\n},\n\"sections\": [ { \"name\": \"s\", \"group\": { \"direction\": \"horizontal\", \"width\": \"absolute(1)\", \"height\": \"absolute(1)\", \"subitems\": [ { \"$ref\": \"#/definitions/\" } ] } } ] }"
        let (server, uri) = open(text)
        let lines = splitLines(text)
        let line = lines.count - 1
        let col = lines[line].utf16.count - lines[line].components(separatedBy: "#/definitions/").last!.utf16.count
        guard case .result(let r) = server.handleRequest("textDocument/completion", tdp(uri, line, col)) else {
            Issue.record("no result"); return
        }
        #expect(r["items"]?.arrayValue?.count == 500)
        #expect(r["isIncomplete"] == .bool(true))
        // A short list is complete.
        let (small, smallURI) = open(
            text.replacingOccurrences(
                of: defs, with: "\"cell\": { \"width\": \"absolute(1)\", \"height\": \"absolute(1)\" }"))
        let sl = splitLines(
            small.documents[smallURI]!.text.isEmpty
                ? "" : String(decoding: small.documents[smallURI]!.text, as: UTF8.self))
        let scol = sl.last!.utf16.count - sl.last!.components(separatedBy: "#/definitions/").last!.utf16.count
        guard case .result(let r2) = small.handleRequest("textDocument/completion", tdp(smallURI, sl.count - 1, scol))
        else { Issue.record("no result"); return }
        #expect((r2["items"]?.arrayValue?.count ?? 0) > 0)
        #expect(r2["isIncomplete"] == .bool(false))
    }
}

extension LanguageServer {
    static var maxSymbolsForTests: Int { FeatureContext.maxDocumentSymbols }
}
