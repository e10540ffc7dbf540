// The engine's messages are written once for every front end. Most of their words are UIKit's own (property names,
// `.estimated(44)`), but a few name what a spec document writes as keys and string values; in a Swift file those
// read as Swift: `subitem:count:`, `.groupPaging`, `.fractionalWidth(1)`.

import Foundation
import LayoutLintCore

enum SwiftWording {
    /// Each spec phrase and its Swift spelling, as the rules write them (SwiftWordingTests checks that each occurs).
    static let phrases: [(spec: String, swift: String)] = [
        ("with subitem + count,", "with subitem:count:,"),
        ("or use repeatingSubitem to", "or use repeatingSubitem:count: to"),
        ("write fractionalWidth(1)", "write .fractionalWidth(1)"),
        ("write fractionalHeight(1)", "write .fractionalHeight(1)"),
        ("; use groupPaging", "; use .groupPaging"),
        ("with groupPagingCentered:", "with .groupPagingCentered:"),
        ("use absolute, estimated, or fractionalWidth", "use .absolute, .estimated, or .fractionalWidth"),
        ("use absolute, estimated, or fractionalHeight", "use .absolute, .estimated, or .fractionalHeight"),
        ("a section that scrolls continuousGroupLeadingBoundary:", "a section that scrolls .continuousGroupLeadingBoundary:"),
        ("a section that scrolls continuous:", "a section that scrolls .continuous:"),
        ("a section that scrolls groupPagingCentered:", "a section that scrolls .groupPagingCentered:"),
        ("a section that scrolls groupPaging:", "a section that scrolls .groupPaging:"),
        ("a section that scrolls paging:", "a section that scrolls .paging:"),
    ]

    /// Related locations name values alone.
    static let values: [String: String] = ["groupPagingCentered": ".groupPagingCentered", "groupPaging": ".groupPaging"]

    static func swift(_ message: String) -> String {
        var m = message
        for (spec, swift) in phrases where occurs(spec, in: m) { m = replacing(spec, with: swift, in: m) }
        return m
    }

    /// (Byte searches: Foundation's `contains` and `replacingOccurrences` cost more than the rest of a message's
    /// trip through the engine.)
    private static func occurs(_ needle: String, in hay: String) -> Bool {
        var hay = hay, needle = needle
        return hay.withUTF8 { h in needle.withUTF8 { n in contains(h, n) } }
    }

    private static func replacing(_ needle: String, with replacement: String, in hay: String) -> String {
        let h = Array(hay.utf8), n = Array(needle.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(h.count + 16)
        var i = 0
        while i < h.count {
            if i + n.count <= h.count && h[i..<(i + n.count)].elementsEqual(n) {
                out += replacement.utf8
                i += n.count
            } else {
                out.append(h[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func swift(_ d: Diagnostic) -> Diagnostic {
        var out = d
        out.message = swift(d.message)
        out.related = d.related.map { r in
            var x = r
            x.message = values[r.message] ?? swift(r.message)
            return x
        }
        return out
    }
}
