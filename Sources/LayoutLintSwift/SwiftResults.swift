// What the Swift front end gives back: per file, its layouts (each with its documents, environments and notes), its
// diagnostics and the layouts it did not read, and how many were checked.

import Foundation
import LayoutLintCore

/// One layout read from Swift: its name (the enclosing function, property or variable), where it is built, and its
/// resolved form per environment (`result.layouts`), as a spec document's would be.
public struct SwiftLayoutResult: @unchecked Sendable {
    public let name: String
    public let path: String
    /// The construction (or the function that returns the section or group), in its file's offsets.
    public let range: ByteRange
    /// The resolved layouts and this layout's diagnostics (in its file's offsets, with its file's line index).
    public let result: LintResult
    /// The model the Swift builds: one document that stands for every environment of `environments` when it reads
    /// nothing of its environment, else one per environment, in order. Its ranges are module offsets (`location(of:)` turns them into file and line).
    public var documents: [LayoutDocument] = []
    public var environments: [LayoutEnvironment] = []
    /// What the evaluator assumed or could not read while reading this layout (`swift-assumption`,
    /// `swift-unresolved`, `swift-limit`), wherever the code it read is.
    public var notes: [SwiftNote] = []
    /// The values this layout rests on, each once (a layout read in several environments notes the same value in
    /// each): its `swift-assumption` and `swift-unresolved` notes, in order.
    public var assumptions: [SwiftNote] {
        var seen = Set<String>()
        return notes.filter { n in
            (n.rule == .swiftAssumption || n.rule == .swiftUnresolved)
                && seen.insert("\(n.rule)|\(n.path)|\(n.range.start)|\(n.message)").inserted
        }
    }
    /// The file and 1-based line of a module offset (the model's ranges).
    public var location: (Int) -> (path: String, line: Int) = { _ in ("", 0) }
    public func location(of range: ByteRange) -> (path: String, line: Int) { location(range.start) }
}

/// An evaluator note with its place: file, 1-based line, and the range in that file.
public struct SwiftNote: Sendable, Equatable {
    public var rule: RuleID
    public var severity: Severity
    public var message: String
    public var path: String
    public var line: Int
    public var range: ByteRange
}

public struct SwiftFileResult: @unchecked Sendable {
    public let path: String
    public let source: [UInt8]
    public let lineIndex: LineIndex
    public var diagnostics: [Diagnostic]
    public var omitted = OmittedDiagnostics()
    public var layouts: [SwiftLayoutResult] = []
    /// The layouts built here that the evaluator stopped reading: name, where they are built, and why.
    public var unread: [(name: String, range: ByteRange, message: String)] = []
    public var unknownEnvironments: [String] = []
    /// The offsets of `layouts[].result` and `layouts[].documents`: text offsets, or a document reader's region
    /// offsets (`textRange(_:)` and `regionRange(_:)` convert).
    public var regions = SwiftRegions()
    /// By severity, with those past the limit.
    public var severityCounts: [Severity: Int] { countBySeverity(diagnostics, omitted) }
}

extension SwiftFileResult {
    /// How many of the layouts built here were checked: fully, partly (with values assumed or unknown, as their
    /// notes say), or not at all (`unread`, each named by a note).
    public var coverage: LayoutCoverage {
        var c = LayoutCoverage()
        for l in layouts {
            let notes = l.assumptions
            if !notes.isEmpty {
                c.partly += 1
                let unknown = notes.filter { $0.rule == .swiftUnresolved }.count
                c.unknown += unknown
                c.assumed += notes.count - unknown
            } else {
                c.checked += 1
            }
        }
        c.notChecked = unread.count
        return c
    }
}
