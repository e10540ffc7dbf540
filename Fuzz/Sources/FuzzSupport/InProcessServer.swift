// Runs the real language server (`runLanguageServer(input:output:)`) in process on one scripted input: the input
// is a file (a regular file polls readable and then reads EOF), the output another file. No thread. The two files
// are opened once, on tmpfs (`/dev/shm`, else `TMPDIR`), and unlinked at once; each input truncates and rewinds
// them, so nothing touches a disk and no descriptor accumulates across inputs.
import Foundation
@_exported import FuzzCheck
import PlainJSON
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

    /// The server's stdin and stdout: unlinked files, reused for every input.
    nonisolated(unsafe) static var files: (input: Int32, output: Int32) = {
        _ = dir
        var base = "/dev/shm"
        var st = stat()
        if stat(base, &st) != 0 || (st.st_mode & S_IFMT) != S_IFDIR || access(base, W_OK) != 0 { base = dir }
        func scratch(_ name: String) -> Int32 {
            let path = base + "/layoutlint-fuzz-\(getpid())-\(name)"
            let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
            precondition(fd >= 0, "cannot create \(path)")
            unlink(path)
            return fd
        }
        return (scratch("in"), scratch("out"))
    }()

    /// Writes `input` to the server's stdin (a file), runs it to the end, and returns its exit code and raw output.
    public static func run(_ input: [UInt8]) -> (code: Int32, output: [UInt8]) {
        let (r, o) = files
        precondition(ftruncate(r, 0) == 0 && ftruncate(o, 0) == 0 && lseek(o, 0, SEEK_SET) == 0)
        var off = 0
        input.withUnsafeBytes { p in
            while off < p.count {
                let n = pwrite(r, p.baseAddress! + off, p.count - off, off_t(off))
                precondition(n > 0, "cannot write the server's input")
                off += n
            }
        }
        precondition(lseek(r, 0, SEEK_SET) == 0)
        let code = runLanguageServer(input: r, output: o)
        let size = Int(lseek(o, 0, SEEK_CUR))
        var out = [UInt8](repeating: 0, count: size)
        var got = 0
        out.withUnsafeMutableBytes { p in
            while got < size {
                let n = pread(o, p.baseAddress! + got, size - got, off_t(got))
                if n <= 0 { break }
                got += n
            }
        }
        precondition(got == size, "cannot read the server's output back")
        return (code, out)
    }

    /// The messages in the server's output. Any framing or JSON problem in what the server wrote is a bug: it traps.
    public static func messages(_ output: [UInt8]) -> [JSONValue] {
        var framer = MessageFramer(maxMessageSize: 1 << 30)
        var values: [JSONValue] = []
        for e in framer.feed(output) + framer.finish() {
            switch e {
            case .error(let m): fatalError("the server wrote a bad frame: \(m)")
            case .skipped(let total, _, _): fatalError("the server wrote a message of \(total) bytes, over 1 GiB")
            case .frame(let body):
                guard let v = try? parseMessageJSON(body) else {
                    fatalError("the server wrote a body that is not JSON: \(String(decoding: body.prefix(200), as: UTF8.self))")
                }
                values.append(v)
            }
        }
        return values
    }

    public static let initialize: [UInt8] = initialize(encoding: "utf-8")
    /// initialize (offering only `encoding` for positions) and initialized.
    public static func initialize(encoding: String) -> [UInt8] {
        RPC.frame(RPC.request(id: .string("init"), "initialize", try! JSONValue.parse(
            #"{"processId":null,"rootUri":null,"capabilities":{"general":{"positionEncodings":["\#(encoding)"]},"textDocument":{"publishDiagnostics":{"relatedInformation":true,"codeDescriptionSupport":true,"tagSupport":{"valueSet":[1,2]}},"completion":{"completionItem":{"snippetSupport":true}},"rename":{"prepareSupport":true},"documentLink":{"tooltipSupport":true},"codeAction":{"codeActionLiteralSupport":{"codeActionKind":{"valueSet":["quickfix","source"]}}}}}}"#)))
        + RPC.frame(RPC.notification("initialized", .object([])))
    }
    public static let shutdownAndExit: [UInt8] =
        RPC.frame(RPC.request(id: .string("bye"), "shutdown", nil)) + RPC.frame(RPC.notification("exit", .object([])))
}
