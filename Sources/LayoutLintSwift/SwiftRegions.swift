// The document reader's regions, and its statistics.

import Foundation
import LayoutLintCore

/// The document reader's regions (`RegionOffset`): its top-level items and type members, ids 1 and up. With no
/// regions, region offsets are text offsets.
public struct SwiftRegions: RegionOffsetMapping, Sendable {
    /// Where each region starts in the text, ascending (the first at 0), and its id (1 and up).
    var starts: [Int] = []
    var ids: [Int] = []
    var startOf: [Int: Int] = [:]

    public init() {}

    /// The region holding text offset `offset`.
    func regionIndex(_ offset: Int) -> Int? {
        guard !starts.isEmpty, offset >= 0 else { return nil }
        // (The first region starts at 0: the last start at or before `offset`.)
        return max(0, lowerBound(starts.count) { starts[$0] <= offset } - 1)
    }

    public func regionOffset(_ offset: Int) -> Int {
        guard let i = regionIndex(offset) else { return offset }
        return RegionOffset.make(region: ids[i], local: offset - starts[i])
    }

    public func textOffset(_ offset: Int) -> Int {
        let id = RegionOffset.region(offset)
        guard id != 0 else { return offset }
        guard let s = startOf[id] else { return 0 }
        return s + RegionOffset.local(offset)
    }
}

/// What the last update did (`layoutlint/stats`).
public struct SwiftReadStats: Sendable, Equatable {
    /// "swift" (an incremental update), "swift-whole" (the document read from scratch: the first time, new
    /// options, or a file layoutlint does not read).
    public var mode = "swift-whole"
    public var layouts = 0
    /// Layouts evaluated, resolved and checked again by the last update.
    public var layoutsRead = 0
    /// Layouts whose results were kept.
    public var layoutsReused = 0
    public var regions = 0
    /// Regions the update found new or changed.
    public var regionsChanged = 0
    /// Top-level items and type members not looked into for layouts (unchanged, and they build none).
    public var unitsSkipped = 0
    /// Top-level items, members and statements the incremental parse took from the previous tree without parsing
    /// them again (an item taken whole counts once).
    public var parseReused = 0
    /// The most threads that read layouts at once (1: the reader's own; more when several layouts were read again
    /// and the processors allow: `ReadingPool`).
    public var readThreads = 0
    /// Regions whose declarations were indexed for the lookups of the layouts read (those that declare the names
    /// they looked up; a region indexed by several reading threads counts once for each).
    public var regionsIndexed = 0
    public var parseMicros = 0
    /// Regions, declarations and layout sites found.
    public var indexMicros = 0
    /// Layouts read, and the file's diagnostics assembled.
    public var readMicros = 0
    public var totalMicros = 0
    public init() {}
}
