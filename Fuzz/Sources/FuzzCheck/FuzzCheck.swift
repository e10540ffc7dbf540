// What every fuzz target needs and nothing else (no product module): the check that keeps its message in release
// builds, and the reader that turns an input into the operations of a target.

/// `precondition` that keeps its message in release builds (where the fuzzers are built).
@inline(never)
public func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                  file: StaticString = #fileID, line: UInt = #line) {
    if !condition() { fatalError(message(), file: file, line: line) }
}

/// Reads an input front to back; past its end, `byte()` is nil and `bytes(_:)` short.
public struct Reader {
    let d: [UInt8]
    var i = 0
    public init(_ data: UnsafePointer<UInt8>, count: Int) { d = Array(UnsafeBufferPointer(start: data, count: count)) }
    public mutating func byte() -> Int? { guard i < d.count else { return nil }; defer { i += 1 }; return Int(d[i]) }
    public mutating func bytes(_ n: Int) -> [UInt8] { let e = min(d.count, i + n); defer { i = e }; return Array(d[i..<e]) }
}
