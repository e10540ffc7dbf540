// Region offsets, and the document reader's statistics.

import Foundation
import LayoutLintCore

/// Region offsets: a region's id in the high bits, the offset inside it in the low 32. Offsets below 2^32 are
/// offsets into the text (the identity when there are no regions).
public struct SwiftRegions: Sendable {
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
        return (ids[i] << 32) + offset - starts[i]
    }

    /// A range keeps its length (it lies inside one region).
    public func regionOffset(_ r: ByteRange) -> ByteRange {
        let s = regionOffset(r.start)
        return ByteRange(s, s + r.length)
    }

    public func textOffset(_ offset: Int) -> Int {
        guard offset >= 1 << 32 else { return offset }
        guard let s = startOf[offset >> 32] else { return 0 }
        return s + (offset & 0xFFFF_FFFF)
    }

    public func textOffset(_ r: ByteRange) -> ByteRange {
        let s = textOffset(r.start)
        return ByteRange(s, s + r.length)
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
