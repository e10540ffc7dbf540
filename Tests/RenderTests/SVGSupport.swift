// Reading rendered SVG back: a small DOM built with XMLParser (FoundationXML on Linux).
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LayoutLintCore
import LayoutLintRender

let renderRepoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

func exampleFiles() -> [URL] {
    let dir = renderRepoRoot.appendingPathComponent("examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.filter { $0.hasSuffix(".layout.json") || $0.hasSuffix(".layout.jsonc") }.sorted().map {
        dir.appendingPathComponent($0)
    }
}

func lintFile(_ url: URL) -> LintResult {
    let bytes = [UInt8]((try? Data(contentsOf: url)) ?? Data())
    return lint(bytes: bytes)
}

final class XNode {
    let name: String
    let attrs: [String: String]
    weak var parent: XNode?
    var children: [XNode] = []
    var text = ""
    init(name: String, attrs: [String: String], parent: XNode?) {
        self.name = name; self.attrs = attrs; self.parent = parent
    }

    subscript(_ key: String) -> String? { attrs[key] }

    /// Every element below (self included), in document order.
    func all() -> [XNode] { [self] + children.flatMap { $0.all() } }
    func all(_ name: String) -> [XNode] { all().filter { $0.name == name } }

    /// The nearest ancestor (self excluded) carrying `key`.
    func ancestorAttr(_ key: String) -> String? {
        var n = parent
        while let p = n { if let v = p.attrs[key] { return v }; n = p.parent }
        return nil
    }
    func ancestor(where test: (XNode) -> Bool) -> XNode? {
        var n = parent
        while let p = n { if test(p) { return p }; n = p.parent }
        return nil
    }

    /// x/y/width/height as the resolver's frame (a negative extent is kept in data-width / data-height).
    var frame: Rect? {
        guard let x = attrs["x"].flatMap(Double.init), let y = attrs["y"].flatMap(Double.init),
            let w = (attrs["data-width"] ?? attrs["width"]).flatMap(Double.init),
            let h = (attrs["data-height"] ?? attrs["height"]).flatMap(Double.init)
        else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }
}

final class DOMBuilder: NSObject, XMLParserDelegate {
    var root: XNode?
    var stack: [XNode] = []
    var error: Error?
    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        let n = XNode(name: elementName, attrs: attributeDict, parent: stack.last)
        if let p = stack.last { p.children.append(n) } else { root = n }
        stack.append(n)
    }
    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        stack.removeLast()
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) { stack.last?.text += string }
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { error = parseError }
}

struct SVGParseError: Error, CustomStringConvertible {
    let description: String
}

/// Parses `svg` as XML; throws when it is not well-formed.
func parseSVG(_ svg: String) throws -> XNode {
    let parser = XMLParser(data: Data(svg.utf8))
    let b = DOMBuilder()
    parser.delegate = b
    let ok = parser.parse()
    guard ok, b.error == nil, let root = b.root else {
        throw SVGParseError(
            description:
                "not well-formed XML: \(String(describing: b.error ?? parser.parserError)) at line \(parser.lineNumber), column \(parser.columnNumber)"
        )
    }
    return root
}

/// The resolver's number as the SVG (and `explain`) print it: rounded to 1/1000.
func rounded(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
func rounded(_ r: Rect) -> Rect {
    Rect(x: rounded(r.x), y: rounded(r.y), width: rounded(r.width), height: rounded(r.height))
}

/// The panel of one environment.
func panel(_ root: XNode, _ env: String) -> XNode? {
    root.all("g").first { $0["data-kind"] == "panel" && $0["data-environment"] == env }
}

/// The rects that the first instance of a section's group should hold, in layout order: (kind, path, frame), with
/// only the placements `itemCount` fills.
/// Items and their content frames as a view gets them (pixel-rounded at `scale`, docs/semantics.md#pixel-rounding),
/// groups as laid out.
func expectedFirstInstance(_ s: ResolvedSection, scale: Double = 0) -> [(kind: String, path: String, frame: Rect)] {
    guard let root = s.group, let spec = s.spec, s.groupCount > 0 else { return [] }
    let perGroup = max(1, root.leafCount)
    let total = root.leafCount == 0 ? 0 : (spec.itemCount ?? s.groupCount * perGroup)
    var out: [(String, String, Rect)] = []
    var leaf = 0
    func visit(_ n: ResolvedNode) {
        if n.kind == .item {
            defer { leaf += 1 }
            guard leaf < total else { return }
            out.append(("item", n.path, n.frame.pixelRounded(scale: scale)))
            if n.contentFrame != n.frame { out.append(("content", n.path, n.contentFrame.pixelRounded(scale: scale))) }
        } else {
            let filled = leaf < total
            if filled {
                out.append(("group", n.path, n.frame))
                if n.contentFrame != n.frame { out.append(("content", n.path, n.contentFrame)) }
            }
            for c in n.children { visit(c) }
        }
    }
    visit(root)
    return out.filter { $0.2.x.isFinite && $0.2.y.isFinite && $0.2.width.isFinite && $0.2.height.isFinite }
}
