// The server's log: lines to stderr (never stdout), rate-limited per kind.
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PlainJSON
import JSONRPC
import LSPProtocol
import LayoutLintCore
import LayoutLintWorkspace

/// At most `perSecond` log lines of one kind per second; the count of those dropped is logged with the next line
/// of that kind allowed (or by `flush`). Shared by every server of the process (log goes to the process's stderr).
final class LogLimiter: @unchecked Sendable {
    static let shared = LogLimiter()
    static let perSecond = 10
    private let lock = NSLock()
    private var second: Int64 = -1
    private var counts: [String: Int] = [:]
    private var dropped: [String: Int] = [:]

    /// Whether a line of `kind` may be written now, and how many of that kind were dropped before it.
    func allow(_ kind: String) -> (allowed: Bool, dropped: Int) {
        lock.lock()
        defer { lock.unlock() }
        let now = monotonicMillis() / 1000
        if now != second {
            second = now
            counts.removeAll(keepingCapacity: true)
        }
        let n = counts[kind, default: 0] + 1
        counts[kind] = n
        if n > Self.perSecond {
            dropped[kind, default: 0] += 1
            return (false, 0)
        }
        return (true, dropped.removeValue(forKey: kind) ?? 0)
    }
}

/// Writes a line to stderr (never stdout), at most `LogLimiter.perSecond` per second of one kind (by default, the
/// message itself: the same line repeated).
func log(_ message: String, kind: String? = nil) {
    let (allowed, dropped) = LogLimiter.shared.allow(kind ?? message)
    guard allowed else { return }
    if dropped > 0 { writeLogUnlimited("(\(dropped) more line(s) like the next one were not logged)") }
    writeLogUnlimited(message)
}

func writeLogUnlimited(_ message: String) {
    let line = "layoutlint serve: " + message + "\n"
    var bytes = Array(line.utf8)
    bytes.withUnsafeMutableBytes { p in
        var off = 0
        while off < p.count {
            let n = write(2, p.baseAddress! + off, p.count - off)
            if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
            off += n
        }
    }
}

func monotonicMillis() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
}
