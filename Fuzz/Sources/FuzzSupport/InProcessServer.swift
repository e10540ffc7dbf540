// Runs the real language server (`runLanguageServer(input:output:)`) in process on one scripted input: the input
// is a temporary file (a regular file polls readable and then reads EOF), the output another temporary file. No
// thread, and every descriptor opened here is closed before returning, so nothing accumulates across inputs.
import Foundation
import JSONC
import JSONRPC
import LayoutLintServer
#if canImport(Glibc)
import Glibc
#endif

public enum InProcessServer {
    nonisolated(unsafe) static var dir: String = {
        // Publish immediately (the loop ends at EOF, but requests still lint) and keep the log quiet-ish.
        setenv("LAYOUTLINT_DEBOUNCE_MS", "0", 1)
        let d = NSTemporaryDirectory() + "layoutlint-fuzz-\(getpid())"
        mkdir(d, 0o700)
        return d
    }()

    /// Writes `input` to the server's stdin (a file), runs it to the end, and returns its exit code and raw output.
    public static func run(_ input: [UInt8]) -> (code: Int32, output: [UInt8]) {
        let inPath = dir + "/in", outPath = dir + "/out"
        let w = open(inPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(w >= 0, "cannot create \(inPath)")
        var off = 0
        input.withUnsafeBytes { p in
            while off < p.count {
                let n = write(w, p.baseAddress! + off, p.count - off)
                if n <= 0 { break }
                off += n
            }
        }
        close(w)
        let r = open(inPath, O_RDONLY)
        let o = open(outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(r >= 0 && o >= 0)
        let code = runLanguageServer(input: r, output: o)
        close(r)
        close(o)
        let fd = open(outPath, O_RDONLY)
        defer { close(fd) }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            out.append(contentsOf: buf[0..<n])
        }
        return (code, out)
    }

    /// The messages in the server's output. Any framing or JSON problem in what the server wrote is a bug: it traps.
    public static func messages(_ output: [UInt8]) -> [JSONValue] {
        var framer = MessageFramer(maxMessageSize: 1 << 30)
        var values: [JSONValue] = []
        for e in framer.feed(output) + framer.finish() {
            switch e {
            case .error(let m): fatalError("the server wrote a bad frame: \(m)")
            case .frame(let body):
                guard let v = try? JSONValue.parse(body) else {
                    fatalError("the server wrote a body that is not JSON: \(String(decoding: body.prefix(200), as: UTF8.self))")
                }
                values.append(v)
            }
        }
        return values
    }

    public static let initialize: [UInt8] =
        RPC.frame(RPC.request(id: .string("init"), "initialize", try! JSONValue.parse(
            #"{"processId":null,"rootUri":null,"capabilities":{"general":{"positionEncodings":["utf-8"]},"textDocument":{"completion":{"completionItem":{"snippetSupport":true}},"rename":{"prepareSupport":true},"documentLink":{"tooltipSupport":true}}}}"#)))
        + RPC.frame(RPC.notification("initialized", .object([])))
    public static let shutdownAndExit: [UInt8] =
        RPC.frame(RPC.request(id: .string("bye"), "shutdown", nil)) + RPC.frame(RPC.notification("exit", .object([])))
}

/// `precondition` that keeps its message in release builds (where the fuzzers are built).
@inline(never)
public func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                  file: StaticString = #fileID, line: UInt = #line) {
    if !condition() { fatalError(message(), file: file, line: line) }
}
