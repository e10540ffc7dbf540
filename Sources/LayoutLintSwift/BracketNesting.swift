// The guard against swift-syntax's exponential parse of deep `[` nesting: a scan of a file's bytes (outside strings
// and comments) for the first bracket past the bound, sixteen bytes at a time where none of them matters. It runs
// before every parse, and on every edit in the editor where the edit may change what it finds.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SwiftFrontEnd {
    /// The deepest `[` nesting a Swift file may have (a layout nests arrays two or three deep).
    public static let maxBracketNesting = 12

    /// Where `[` first nests past `maxBracketNesting` (outside strings and comments), if it does.
    static func bracketNestingPastLimit(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { bracketNestingPastLimit($0) }
    }

    /// Whether changing `bytes[range]` can change what `bracketNestingPastLimit` finds: the bytes or a neighbour
    /// is one its scan looks at (a bracket, or a byte that starts or ends a comment or a string). Any other byte
    /// typed or deleted leaves the scan as it was.
    static func mayChangeBracketNesting(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        let lo = max(0, range.lowerBound - 1), hi = min(bytes.count, range.upperBound + 1)
        return bytes[lo..<hi].contains { c in
            c == UInt8(ascii: "[") || c == UInt8(ascii: "]") || c == UInt8(ascii: "/") || c == UInt8(ascii: "*")
                || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c == 0x0A
        }
    }

    /// (Over the buffer: this runs on every edit in the editor.)
    private static func bracketNestingPastLimit(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
        var depth = 0, i = 0
        let n = b.count
        guard let base = b.baseAddress else { return nil }
        let slash = SIMD16<UInt8>(repeating: UInt8(ascii: "/")), quote = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
        let open = SIMD16<UInt8>(repeating: UInt8(ascii: "[")), close = SIMD16<UInt8>(repeating: UInt8(ascii: "]"))
        while i < n {
            // Sixteen bytes of which none starts a comment or a string or is a bracket change nothing: skipped at once.
            if i + 16 <= n {
                let v = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
                if !any((v .== slash) .| (v .== quote) .| (v .== open) .| (v .== close)) {
                    i += 16
                    continue
                }
            }
            let c = b[i]
            if c == UInt8(ascii: "/"), i + 1 < n, b[i + 1] == UInt8(ascii: "/") {
                guard let eol = memchr(base + i, 0x0A, n - i) else { return nil }
                i = base.distance(to: eol.assumingMemoryBound(to: UInt8.self))
                continue
            }
            if c == UInt8(ascii: "/"), i + 1 < n, b[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < n, !(b[i] == UInt8(ascii: "*") && b[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i += 2
                continue
            }
            if c == UInt8(ascii: "\"") {
                i += 1
                while i < n, b[i] != UInt8(ascii: "\""), b[i] != 0x0A { i += b[i] == UInt8(ascii: "\\") ? 2 : 1 }
                i += 1
                continue
            }
            if c == UInt8(ascii: "[") {
                depth += 1
                if depth > maxBracketNesting { return i }
            } else if c == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
            }
            i += 1
        }
        return nil
    }
}
