// Inlay hints: the size each dimension resolved to, after its value (held from the last resolution while the
// section has an error).
import Foundation
import PlainJSON
import JSONRPC
import LSPProtocol
import LayoutLintCore

extension FeatureContext {
    // MARK: inlay hints

    func inlayHints(_ params: JSONValue) -> Reply {
        guard let engine = doc.linter else { return .result(.array([])) }
        let wanted = conv.byteRange(params["range"]) ?? ByteRange(0, doc.text.count)
        // Value range of each dimension's text → every size computed for it, and whether any is estimated: from the
        // sections' kept results (no full result needed).
        let sizes = engine.dimensionSizes(in: wanted)
        var current: [HeldHints.Hint] = []
        for (range, s) in sizes where !s.values.isEmpty {
            // Shown: the pixel-rounded size of a cell, supplementary or decoration, with the exact layout size where
            // it differs (docs/semantics.md#pixel-rounding).
            func span(_ vs: [Double]) -> String {
                let lo = vs.min()!, hi = vs.max()!
                return formatPoints(lo) == formatPoints(hi)
                    ? formatPoints(lo) : formatPoints(lo) + "–" + formatPoints(hi)
            }
            let shown = span(s.values)
            let exact = s.exactValues.isEmpty ? shown : span(s.exactValues)
            let single = !shown.contains("–")
            var label = (s.estimated ? "≈ " : (single ? "= " : "")) + shown + " pt"
            if exact != shown { label += " (exact \(exact))" }
            current.append(HeldHints.Hint(range: range, label: label, held: false))
        }
        // A section that does not resolve because of an error in it (a value half typed) keeps the hints it last had.
        let answer = doc.heldHints.answer(
            current: current, wanted: wanted, unresolved: engine.sectionsUnresolvedForErrors())
        var hints: [JSONValue] = []
        for h in answer {
            var members: [(String, JSONValue)] = [
                ("position", conv.position(h.range.end)),
                ("label", .string(h.label)),
                ("kind", .int(1)),
                ("paddingLeft", .bool(true)),
            ]
            if h.held { members.append(("tooltip", .string(Self.heldHintTooltip))) }
            hints.append(.object(members))
            if hints.count >= Self.maxInlayHints { break }
        }
        return .result(.array(hints))
    }

    static let heldHintTooltip = "The size this value had when its section last resolved: the section has an error now."
}
