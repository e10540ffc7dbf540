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
        (
            "a section that scrolls continuousGroupLeadingBoundary:",
            "a section that scrolls .continuousGroupLeadingBoundary:"
        ),
        ("a section that scrolls continuous:", "a section that scrolls .continuous:"),
        ("a section that scrolls groupPagingCentered:", "a section that scrolls .groupPagingCentered:"),
        ("a section that scrolls groupPaging:", "a section that scrolls .groupPaging:"),
        ("a section that scrolls paging:", "a section that scrolls .paging:"),
    ]

    /// Related locations name values alone.
    static let values: [String: String] = [
        "groupPagingCentered": ".groupPagingCentered", "groupPaging": ".groupPaging",
    ]

    static func swift(_ message: String) -> String {
        var m = message
        // (Byte searches: Foundation's `contains` and `replacingOccurrences` cost more than the rest of a message's
        // trip through the engine.)
        for (spec, swift) in phrases where m.containsUTF8(spec) { m = m.replacingUTF8(spec, with: swift) }
        return m
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
