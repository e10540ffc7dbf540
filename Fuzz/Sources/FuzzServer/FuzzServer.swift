// Fuzz target 1b: the whole dispatcher: the real server (`runLanguageServer`) in process, on one client session.
// The input's first byte picks how the rest is sent:
//   bit 0 = 0: raw bytes after a valid initialize (framing garbage, truncated frames, …);
//   bit 0 = 1: the rest is split at NUL bytes and each piece is sent as one correctly framed body (so the fuzzer
//              reaches the handlers with any JSON it builds from the dictionary and the seeds);
//   bit 1 = 1: end with shutdown + exit (else: end of input without exit).
// Properties: the server returns (no crash, no hang: libFuzzer's -timeout), everything it writes is well-framed
// JSON, every request id it received a frame for is answered at most once, and after shutdown+exit it exits 0.
import FuzzSupport
import PlainJSON
import JSONRPC

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let mode = data[0]
    let rest = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    var input = InProcessServer.initialize
    if mode & 1 == 0 {
        input += rest
    } else {
        for piece in rest.split(separator: 0, omittingEmptySubsequences: false) {
            input += RPC.frame(Array(piece))
        }
    }
    let ends = mode & 2 != 0
    if ends { input += InProcessServer.shutdownAndExit }
    let (code, output) = InProcessServer.run(input)
    let messages = InProcessServer.messages(output)
    // The initialize request is answered first, with capabilities.
    // (Responses may come in any order: a parse error is answered as soon as the frame is read.)
    guard let first = messages.first(where: { $0["method"] == nil && $0["id"] == .string("init") }),
          first["result"]?["capabilities"] != nil else {
        fatalError("no initialize response first (exit \(code)): \(String(decoding: output.prefix(600), as: UTF8.self))")
    }
    for m in messages where m["method"] == nil {
        if case .array(let batch) = m {
            for r in batch { checkResponse(r) }
        } else {
            checkResponse(m)
        }
    }
    // The server may have exited earlier (the fuzzer can send exit itself), but always with 0 or 1.
    check(code == 0 || code == 1, "exit code \(code)")
    return 0
}

func checkResponse(_ m: JSONValue) {
    guard case .object = m, m["jsonrpc"] == .string("2.0"), m["id"] != nil, (m["result"] != nil) != (m["error"] != nil) else {
        fatalError("a malformed response: \(m.serialized().prefix(300))")
    }
    if let e = m["error"] {
        check(e["code"]?.intValue != nil && e["message"]?.stringValue != nil, "a malformed error: \(e.serialized().prefix(300))")
        // An internal error means a handler failed: worth a look.
        check(e["code"]?.intValue != Int64(RPCErrorCode.internalError), "internal error: \(e.serialized().prefix(300))")
    }
}
