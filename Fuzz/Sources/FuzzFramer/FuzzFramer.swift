// Fuzz target 1a: the LSP framer and the JSON-RPC body decoder, on arbitrary bytes.
// Properties (a violation traps, which libFuzzer reports as a crash):
// - the framer never buffers more than maxMessageSize + maxHeaderSize (+ the header being read);
// - no frame is larger than maxMessageSize; of a skipped one, what it was (`SkippedMessage`) is read as it is
//   skipped, keeping strings of at most 8 KiB (or maxMessageSize);
// - feeding the bytes in arbitrary chunks gives exactly the events of feeding them at once;
// - every frame decodes (to messages, invalid items or a parse error) and every error response built from it
//   serialises to JSON that frames and parses back (a batch's responses as one array, as the server sends them).
import FuzzCheck
import PlainJSON
import JSONRPC
#if canImport(Glibc)
import Glibc
#endif

let maxMessage = 4096
/// The header limit, lowered from the product's 8 KiB (`MessageFramer` takes it as a parameter, the code is the same)
/// so that an input of `-max_len=8192` (scripts/fuzz) can cross both limits and go on with more messages after them.
let maxHeader = 1024
/// LAYOUTLINT_FUZZ_CHECK_TOKENER=1: also parse every frame with a fresh json-c tokener and compare (for a replay of
/// the corpus; off in the campaigns, where it would cost back what reusing the tokener saves).
let checkKeptTokener = getenv("LAYOUTLINT_FUZZ_CHECK_TOKENER").map { String(cString: $0) == "1" } ?? false

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFramer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    var whole = MessageFramer(maxMessageSize: maxMessage)
    whole.maxHeaderSize = maxHeader
    let all = whole.feed(bytes) + whole.finish()

    // The same bytes in chunks whose sizes come from the bytes themselves (1…64).
    var chunked = MessageFramer(maxMessageSize: maxMessage)
    chunked.maxHeaderSize = maxHeader
    var events: [FramerEvent] = []
    var i = 0
    var k = 0
    while i < bytes.count {
        let len = min(bytes.count - i, Int(bytes[k % bytes.count] & 63) + 1)
        events += chunked.feed(UnsafeBufferPointer(start: data + i, count: len))
        check(chunked.bufferedByteCount <= maxMessage + chunked.maxHeaderSize + 1,
                     "the framer buffers \(chunked.bufferedByteCount) bytes")
        i += len
        k += 1
    }
    events += chunked.finish()
    check(events == all, "chunked feeding gave other events than feeding at once")

    for e in all {
        if case .skipped(let total, let sent, let m) = e {
            // What a skipped message was is read as it is skipped, keeping strings of a bounded size (the buffered
            // bytes above count what it holds; feeding in chunks gave the same reading).
            check(sent >= 0 && sent <= total, "\(sent) of a skipped body of \(total) bytes sent")
            let longest = [m.method, m.uri, m.id?.stringValue].map { $0?.utf8.count ?? 0 }.max() ?? 0
            check(longest <= min(SkippedMessageScanner.defaultMaxString, maxMessage), "a skipped body's string of \(longest) bytes kept")
        }
        guard case .frame(let body) = e else { continue }
        check(body.count <= maxMessage, "a frame of \(body.count) bytes passed the limit")
        let decoded = decodeBody(body)
        if checkKeptTokener {
            // The framer's parse reuses one json-c tokener; a fresh tokener must read every body the same way.
            let kept = try? parseMessageJSON(body), fresh = try? JSONValue.parse(body, maxDepth: maxMessageDepth)
            check(kept == fresh, "the kept json-c tokener read a body differently from a fresh one")
        }
        var items: [DecodedItem] = []
        var isBatch = false
        switch decoded {
        case .parseError(let m):
            roundTrip(RPC.error(id: .null, code: RPCErrorCode.parseError, message: "Parse error: \(m)"))
        case .single(let it): items = [it]
        case .batch(let its): items = its; isBatch = true
        }
        // What the server would write for each item; a batch's answers go out as one array (as the server sends
        // them), so a batch of 2 000 items is one serialise-frame-parse, not 2 000.
        var out: [JSONValue] = []
        for it in items {
            switch it {
            case .invalid(let id, let code, let message):
                out.append(RPC.error(id: id, code: code, message: message))
            case .message(let m):
                switch m {
                case .request(let id, let method, let params):
                    out.append(RPC.response(id: id.value, result: params ?? .string(method)))
                    _ = id.hashValue
                case .notification(let method, let params):
                    out.append(RPC.notification(method, params ?? .null))
                case .response(let id, _, _):
                    _ = id.description
                }
            }
        }
        if isBatch {
            if !out.isEmpty { roundTrip(.array(out)) }
        } else {
            out.forEach(roundTrip)
        }
    }
    return 0
}

func roundTrip(_ v: JSONValue) {
    let framed = RPC.frame(v)
    var f = MessageFramer(maxMessageSize: 1 << 30)
    let ev = f.feed(framed)
    guard ev.count == 1, case .frame(let body) = ev[0], let back = try? parseMessageJSON(body) else {
        fatalError("a message the server would write does not frame and parse back: \(v.serialized().prefix(300))")
    }
    _ = back
}
