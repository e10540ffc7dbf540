// The inlay hints last answered for a document, followed through its edits: while a value is half typed
// (`"absolute(4"`), its section does not resolve and has no sizes, and the hints of the whole section would vanish
// and come back with every keystroke. The section keeps the hints it last had instead, on the values whose text did
// not change, marked as from the last version that resolved; the value being edited loses its own.
import LayoutLintCore

struct HeldHints {
    struct Hint {
        /// The dimension's value, in text offsets (the hint sits at its end).
        var range: ByteRange
        var label: String
        /// Kept from an earlier version of the text: its section does not resolve now.
        var held: Bool
    }

    /// One per value (in no particular order).
    private(set) var hints: [Hint] = []

    /// At most this many are kept (a document's dimensions outside the ranges asked about last are dropped first).
    static var maxKept: Int { 20_000 }

    /// Follows a replacement of `range` by `inserted` bytes: hints wholly before it stay, those wholly after it move
    /// by the change in length, and one whose value the edit touches inside (or replaces) is dropped.
    mutating func edit(_ range: ByteRange, inserted: Int) {
        guard !hints.isEmpty else { return }
        let delta = inserted - range.length
        var out: [Hint] = []
        out.reserveCapacity(hints.count)
        for var h in hints {
            if h.range.end <= range.start {
                out.append(h)
            } else if h.range.start >= range.end {
                h.range = h.range.shifted(by: delta)
                out.append(h)
            }
        }
        hints = out
    }

    /// Follows a replacement of the whole text (`old` by `new`): as an edit of what lies between their common prefix
    /// and their common suffix.
    mutating func replaceAll(_ old: [UInt8], with new: [UInt8]) {
        guard !hints.isEmpty else { return }
        var prefix = 0
        let shorter = min(old.count, new.count)
        while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        edit(ByteRange(prefix, old.count - suffix), inserted: new.count - suffix - prefix)
    }

    /// The hints to answer for `wanted`: the `current` ones (computed for that range), and, inside `unresolved`
    /// sections, the kept ones at values that have no current hint. They replace what was kept for that range.
    mutating func answer(current: [Hint], wanted: ByteRange, unresolved: [ByteRange]) -> [Hint] {
        func inUnresolved(_ r: ByteRange) -> Bool {
            // (Sorted, disjoint ranges: the last one starting at or before the value.)
            var lo = 0, hi = unresolved.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if unresolved[mid].start <= r.start { lo = mid + 1 } else { hi = mid }
            }
            return lo > 0 && r.end <= unresolved[lo - 1].end
        }
        let currentRanges = Set(current.map(\.range))
        var outside: [Hint] = []
        var answer = current
        for h in hints {
            if !wanted.meets(h.range) {
                outside.append(h)
            } else if !currentRanges.contains(h.range) && inUnresolved(h.range) {
                answer.append(Hint(range: h.range, label: h.label, held: true))
            }
        }
        answer.sort { $0.range.start < $1.range.start }
        if outside.count + answer.count > Self.maxKept { outside = [] }
        hints = outside + answer.prefix(Self.maxKept - outside.count)
        return answer
    }
}
