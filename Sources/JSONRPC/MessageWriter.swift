// Building JSON-RPC messages and writing them, framed, to a file descriptor.
import PlainJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: building messages

public enum RPC {
    public static func response(id: JSONValue, result: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])
    }
    public static func error(id: JSONValue, code: Int, message: String, data: JSONValue? = nil) -> JSONValue {
        var err: [(String, JSONValue)] = [("code", .int(Int64(code))), ("message", .string(message))]
        if let data { err.append(("data", data)) }
        return .object([("jsonrpc", .string("2.0")), ("id", id), ("error", .object(err))])
    }
    public static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    }
    public static func request(id: JSONValue, _ method: String, _ params: JSONValue?) -> JSONValue {
        var m: [(String, JSONValue)] = [("jsonrpc", .string("2.0")), ("id", id), ("method", .string(method))]
        if let params { m.append(("params", params)) }
        return .object(m)
    }

    /// `Content-Length: N\r\n\r\n` + body.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
    public static func frame(_ value: JSONValue) -> [UInt8] { frame(Array(value.serialized().utf8)) }
}

// MARK: writing

/// Writes framed messages to a file descriptor. After a write error (the reader went away) every write fails.
public final class MessageWriter: @unchecked Sendable {
    public let fd: Int32
    public private(set) var failed = false
    public private(set) var bytesWritten = 0

    public init(fd: Int32) { self.fd = fd }

    /// Ignores SIGPIPE for the process, so that a closed pipe gives EPIPE instead of killing it.
    public static func ignoreSIGPIPE() { signal(SIGPIPE, SIG_IGN) }

    @discardableResult
    public func send(_ value: JSONValue) -> Bool { write(RPC.frame(value)) }

    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        guard !failed else { return false }
        var off = 0
        let ok: Bool = bytes.withUnsafeBytes { p in
            while off < p.count {
                let n = Glibc.write(fd, p.baseAddress! + off, p.count - off)
                if n < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN || errno == EWOULDBLOCK {
                        var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                        _ = poll(&pfd, 1, 1000)
                        continue
                    }
                    return false
                }
                if n == 0 { return false }
                off += n
            }
            return true
        }
        if !ok { failed = true }
        bytesWritten += off
        return ok
    }
}
