// Region offsets, shared by both incremental engines (the spec document's `IncrementalLinter`, the Swift
// `SwiftDocumentReader`): a region's id in the high bits, the offset inside the region in the low 32. An edit moves
// the regions after it, not the offsets inside them, so a result kept in region offsets stays right when the text
// before it changes. Id 0 is the text itself: an offset below 2^32 is a text offset.

public enum RegionOffset {
    static let localMask = (1 << 32) - 1

    public static func make(region id: Int, local: Int) -> Int { (id << 32) + local }
    public static func region(_ offset: Int) -> Int { offset >> 32 }
    public static func local(_ offset: Int) -> Int { offset & localMask }
}

/// An engine's regions: text offsets to region offsets and back. A range has one rule in both engines: its start is
/// in the region that holds its first byte, its end in the region of its last byte (an empty range is all in its
/// start's), so a range inside one region keeps its length, and one that spans regions follows each of them.
public protocol RegionOffsetMapping {
    /// The region offset of a text offset.
    func regionOffset(_ offset: Int) -> Int
    /// The text offset of a region offset (0 for a region that is gone).
    func textOffset(_ offset: Int) -> Int
}

extension RegionOffsetMapping {
    public func regionRange(_ r: ByteRange) -> ByteRange {
        let s = regionOffset(r.start)
        return r.length > 0 ? ByteRange(s, regionOffset(r.end - 1) + 1) : ByteRange(s, s)
    }

    public func textRange(_ r: ByteRange) -> ByteRange { ByteRange(textOffset(r.start), textOffset(r.end)) }
}
