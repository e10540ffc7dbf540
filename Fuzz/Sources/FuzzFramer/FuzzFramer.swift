// Fuzz target 1a: the LSP framer and the JSON-RPC body decoder, on arbitrary bytes.
// Properties (a violation traps, which libFuzzer reports as a crash):
// - the framer never buffers more than maxMessageSize + maxHeaderSize (+ the header being read);
// - no frame is larger than maxMessageSize;
// - feeding the bytes in arbitrary chunks gives exactly the events of feeding them at once;
// - every frame decodes (to messages, invalid items or a parse error) and every error response built from it
//   serialises to JSON that parses back.
import JSONC
import JSONRPC

let maxMessage = 4096

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFramer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    var whole = MessageFramer(maxMessageSize: maxMessage)
    let all = whole.feed(bytes) + whole.finish()

    // The same bytes in chunks whose sizes come from the bytes themselves (1…64).
    var chunked = MessageFramer(maxMessageSize: maxMessage)
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
        guard case .frame(let body) = e else { continue }
        check(body.count <= maxMessage, "a frame of \(body.count) bytes passed the limit")
        let decoded = decodeBody(body)
        var items: [DecodedItem] = []
        switch decoded {
        case .parseError(let m):
            roundTrip(RPC.error(id: .null, code: RPCErrorCode.parseError, message: "Parse error: \(m)"))
        case .single(let it): items = [it]
        case .batch(let its): items = its
        }
        for it in items {
            switch it {
            case .invalid(let id, let code, let message):
                roundTrip(RPC.error(id: id, code: code, message: message))
            case .message(let m):
                switch m {
                case .request(let id, let method, let params):
                    roundTrip(RPC.response(id: id.value, result: params ?? .string(method)))
                    _ = id.hashValue
                case .notification(let method, let params):
                    roundTrip(RPC.notification(method, params ?? .null))
                case .response(let id, _, _):
                    _ = id.description
                }
            }
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
