// JSON Pointers (RFC 6901) as `$ref` and diagnostics name members: escaping a key, splitting a pointer, unescaping.

/// RFC 6901: `~` → `~0`, `/` → `~1`. On Unicode scalars, not `Character`s: a `~` followed by a combining mark is
/// one `Character`, which a `Character` comparison with "~" misses.
public func escapePointer(_ s: String) -> String {
    guard s.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return s }
    var out = String.UnicodeScalarView()
    for c in s.unicodeScalars {
        switch c {
        case "~": out.append(contentsOf: "~0".unicodeScalars)
        case "/": out.append(contentsOf: "~1".unicodeScalars)
        default: out.append(c)
        }
    }
    return String(out)
}

/// The pieces of `s` between `/` characters, split on the scalar `/`: splitting a `String` on the `Character` "/"
/// misses a `/` followed by a combining mark (one `Character`), so a definition whose name starts with one could
/// not be reached by `$ref`.
public func splitOnSlash(_ s: Substring, omittingEmpty: Bool = false) -> [Substring] {
    var out: [Substring] = []
    var start = s.startIndex
    var i = s.utf8.startIndex
    while i < s.utf8.endIndex {
        if s.utf8[i] == UInt8(ascii: "/") {
            if !omittingEmpty || start < i { out.append(s[start..<i]) }
            start = s.utf8.index(after: i)
        }
        i = s.utf8.index(after: i)
    }
    if !omittingEmpty || start < s.endIndex { out.append(s[start..<s.endIndex]) }
    return out
}

/// RFC 6901: `~1` → `/`, `~0` → `~`, in one pass (so `~01` is `~1`); any other `~` stays as it is.
public func unescapePointer(_ s: String) -> String {
    guard s.utf8.contains(UInt8(ascii: "~")) else { return s }
    let v = Array(s.unicodeScalars)
    var out = String.UnicodeScalarView()
    var i = 0
    while i < v.count {
        if v[i] == "~", i + 1 < v.count, v[i + 1] == "0" || v[i + 1] == "1" {
            out.append(v[i + 1] == "0" ? "~" : "/")
            i += 2
        } else {
            out.append(v[i])
            i += 1
        }
    }
    return String(out)
}
