// Document links: each `$ref` links to the line it points to.
import Foundation
import PlainJSON
import JSONRPC
import LSPProtocol
import LayoutLintCore

extension FeatureContext {
    // MARK: document links

    /// Links from each `$ref` to the line it points to, from the incremental linter's tree (no full result).
    func documentLinks() -> Reply {
        var links: [JSONValue] = []
        for site in doc.linter?.refTargets() ?? [] {
            guard let p = site.fragment, let target = site.target else { continue }
            let line = doc.lineIndex.position(of: target.start, in: .utf8).line
            let r = site.value
            // The link covers the pointer inside the quotes.
            let inner = r.length >= 2 ? ByteRange(r.start + 1, r.end - 1) : r
            var m: [(String, JSONValue)] = [
                ("range", conv.range(inner)), ("target", .string(baseURI + "#L\(line + 1)")),
            ]
            if server.client.linkTooltipSupport { m.append(("tooltip", .string("Go to #\(p)"))) }
            links.append(.object(m))
            if links.count >= 10_000 { break }
        }
        return .result(.array(links))
    }

    var baseURI: String {
        String(doc.uri.beforeFirstByte(UInt8(ascii: "#")))
    }
}
