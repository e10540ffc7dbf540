// "Did you mean": the closest known name to a misspelt one, by edit distance.

/// Said of a name that reads as `known` but is other code points (another Unicode normalisation, or the Kelvin sign
/// for "K"), which JSON and UIKit take for another name: without it, a message would quote the same-looking name back.
func lookAlikeNote(_ word: String, _ known: String) -> String {
    word == known && !word.sameKey(as: known)
        ? " (it reads the same but is written with other Unicode code points)" : ""
}

/// "Did you mean": the closest candidate by edit distance (case-insensitive), if it is close enough; else the shortest
/// candidate that starts with the word. The answer does not depend on the order of `candidates` (callers pass sets'
/// elements, whose order differs from one set to the next): ties go to the candidate that sorts first.
public func suggest(_ word: String, among candidates: [String]) -> String? {
    Suggestions(candidates).best(for: word)
}

/// Candidates prepared once (lower-cased), for asking "did you mean" about many words against the same names, as
/// every misspelt `$ref` into one object does. Past `maxCandidates` names there is no suggestion: comparing each of
/// n words with n names was O(n²) (4 000 misspelt `$ref`s among 4 000 definitions took 9 s; 1 000 words against 1 000 names take 0.5 s).
public struct Suggestions: Sendable {
    public static let maxCandidates = 500
    private let names: [(name: String, lower: [Unicode.Scalar])]

    public init(_ candidates: [String]) {
        names =
            candidates.count > Suggestions.maxCandidates
            ? []
            : candidates.map { ($0, Array($0.lowercased().unicodeScalars)) }
    }

    public func best(for word: String) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        guard !w.isEmpty, w.count < 100 else { return nil }
        var best: (String, Int)?
        func better(_ c: String, _ d: Int) -> Bool { best.map { d < $0.1 || (d == $0.1 && c < $0.0) } ?? true }
        for (c, cs) in names {
            if c == word { return c }
            if cs == w {
                if better(c, -1) { best = (c, -1) } // the same word but for case
                continue
            }
            let limit = max(1, min(3, max(w.count, cs.count) / 3))
            // The distance is at least the difference of the lengths: such a candidate cannot be close enough.
            if abs(w.count - cs.count) > limit { continue }
            let d = editDistance(w, cs, limit: limit)
            if d <= limit, better(c, d) { best = (c, d) }
        }
        if best == nil, w.count >= 4 {
            // A prefix such as "fractional" for "fractionalWidth".
            for (c, cs) in names where cs.starts(with: w) {
                if best == nil || c.count < best!.0.count || (c.count == best!.0.count && c < best!.0) { best = (c, 0) }
            }
        }
        return best?.0
    }
}

/// The distance, or any number over `limit` once it is sure to be over it.
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int = .max) -> Int {
    // Optimal string alignment: insertions, deletions, substitutions and swaps of neighbours ("widht") cost 1.
    // The rows of the table are kept three at a time (a swap looks two rows back), in one stack buffer: no
    // allocation per candidate (`suggest` calls this for every candidate of every unknown key).
    // Every cell comes from the two rows above it or from its own row's left, never less than they are: once two
    // rows in a row are all over `limit`, so is the answer, and the table stops there.
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    let n = b.count + 1
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * n) { buf -> Int in
        var back2 = buf.baseAddress!, back = back2 + n, row = back + n
        for j in 0..<n { back[j] = j }
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var previousMin = 0
                for i in 1...a.count {
                    let x = a[i - 1]
                    row[0] = i
                    var rowMin = i
                    for j in 1..<n {
                        let y = b[j - 1]
                        if x == y {
                            // A match: the diagonal, which the neighbours + 1 and a swap cannot beat.
                            row[j] = min(back[j] + 1, row[j - 1] + 1, back[j - 1])
                        } else {
                            var v = min(back[j] + 1, row[j - 1] + 1, back[j - 1] + 1)
                            if i > 1, j > 1, x == b[j - 2], a[i - 2] == y { v = min(v, back2[j - 2] + 1) }
                            row[j] = v
                        }
                        rowMin = min(rowMin, row[j])
                    }
                    (back2, back, row) = (back, row, back2)
                    if rowMin > limit, previousMin > limit { return }
                    previousMin = rowMin
                }
            }
        }
        return back[n - 1]
    }
}
