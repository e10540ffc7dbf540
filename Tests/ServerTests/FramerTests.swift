// The transport in process: framing of every bad input the issue lists, and JSON-RPC decoding.
import Foundation
import PlainJSON
import JSONRPC
import Testing

private func frames(_ events: [FramerEvent]) -> [String] {
    events.compactMap {
        if case .frame(let b) = $0 { return String(decoding: b, as: UTF8.self) }; return nil
    }
}
private func errors(_ events: [FramerEvent]) -> [String] {
    events.compactMap {
        if case .error(let m) = $0 { return m }; return nil
    }
}
private func framed(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

@Suite struct FramerTests {
    @Test func oneFrameFedByteByByte() {
        var f = MessageFramer()
        var events: [FramerEvent] = []
        for b in framed(#"{"a":1}"#) + framed("[]") { events += f.feed([b]) }
        #expect(frames(events) == [#"{"a":1}"#, "[]"])
        #expect(errors(events).isEmpty)
        #expect(f.finish().isEmpty)
    }

    @Test func caseInsensitiveNamesContentTypeAndUnknownHeaders() {
        var f = MessageFramer()
        let input =
            "content-LENGTH: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\nX-Other: 1\r\n\r\n{}"
        let e = f.feed(Array(input.utf8))
        #expect(frames(e) == ["{}"])
        #expect(errors(e).isEmpty)
    }

    @Test func truncatedFrameAtEndOfInput() {
        var f = MessageFramer()
        let e = f.feed(Array("Content-Length: 10\r\n\r\n{\"a\"".utf8))
        #expect(frames(e).isEmpty)
        let end = f.finish()
        #expect(errors(end).count == 1)
        #expect(errors(end)[0].contains("4 of 10"))
    }

    @Test func truncatedHeaderAtEndOfInput() {
        var f = MessageFramer()
        #expect(f.feed(Array("Content-Len".utf8)).isEmpty)
        #expect(errors(f.finish()).count == 1)
    }

    @Test func headerWithoutBodyThenARealFrame() {
        var f = MessageFramer()
        let e = f.feed(Array("Content-Length: 20\r\n\r\n".utf8) + framed(#"{"jsonrpc":"2.0"}"#))
        // The second header lands where the first body should be: reported, then read as a header.
        #expect(frames(e) == [#"{"jsonrpc":"2.0"}"#])
        #expect(!errors(e).isEmpty)
    }

    @Test(arguments: ["-5", "abc", "12abc", "", "1e3", "0x10", "99999999999999999999999999", " 3 4"])
    func badContentLengthIsSkipped(_ value: String) {
        var f = MessageFramer()
        let e = f.feed(Array("Content-Length: \(value)\r\n\r\n".utf8) + framed("{}"))
        #expect(frames(e) == ["{}"], "Content-Length: \(value)")
        #expect(!errors(e).isEmpty)
    }

    /// The error says what is wrong: "-x" (or "-" and a combining mark) is no number, negative or not.
    @Test(arguments: [
        ("-5", "a negative Content-Length"), ("-x", "not a number"), ("-\u{301}5", "not a number"),
        ("12abc", "not a number"),
        ("99999999999999999999999999", "too large"),
    ])
    func badContentLengthSaysWhy(_ value: String, _ why: String) {
        var f = MessageFramer()
        let e = f.feed(Array("Content-Length: \(value)\r\n\r\n".utf8) + framed("{}"))
        #expect(
            frames(e) == ["{}"] && errors(e).contains { $0.contains(why) }, "Content-Length: \(value): \(errors(e))")
    }

    @Test func missingContentLength() {
        var f = MessageFramer()
        let e = f.feed(Array("Content-Type: application/json\r\n\r\n".utf8) + framed("[1]"))
        #expect(frames(e) == ["[1]"])
        #expect(errors(e).contains { $0.contains("without Content-Length") })
    }

    @Test func garbageBeforeAHeader() {
        var f = MessageFramer()
        let e = f.feed(
            Array("hello world\u{0}\u{1}garbage".utf8) + framed("{}") + Array("\r\n\r\nmore junk\r\n\r\n".utf8)
                + framed("[2]"))
        #expect(frames(e) == ["{}", "[2]"])
        #expect(errors(e).count >= 2)
    }

    @Test func invalidUTF8InHeaders() {
        var f = MessageFramer()
        var bytes = Array("Content-Length: 2\r\nX-Name: ".utf8)
        bytes += [0xFF, 0xFE, 0xC3]
        bytes += Array("\r\n\r\n{}".utf8)
        var e = f.feed(bytes)
        e += f.feed(framed("{}"))
        #expect(errors(e).contains { $0.contains("UTF-8") })
        #expect(frames(e).last == "{}")
        // Invalid bytes before a header are garbage, skipped.
        var g = MessageFramer()
        let e2 = g.feed([0xFF, 0xC0, 0x80] + framed("{}"))
        #expect(frames(e2) == ["{}"])
    }

    /// Header lines are read by bytes: a combining mark right after a colon is part of the value, not a Character
    /// that swallows the colon (the line was "without a colon", and the message was lost).
    @Test func aCombiningMarkAfterTheColonKeepsTheHeader() {
        var f = MessageFramer()
        let e = f.feed(Array("Content-Length:2\r\nX-Note:\u{301}é\r\n\r\n{}".utf8))
        #expect(frames(e) == ["{}"])
        #expect(errors(e).isEmpty)
        var g = MessageFramer()
        let e2 = g.feed(Array("Content-Length:\u{301}2\r\n\r\n{}".utf8) + framed("[]"))
        #expect(errors(e2).contains { $0.contains("not a number") })
        #expect(frames(e2) == ["[]"])
    }

    /// The charset parameter, in any case, quoted or not; a mark after the ";" ends the name there.
    @Test(arguments: [
        ("charset=UTF-8", false), ("charset=\"utf8\"", false), ("Charset=Utf-8", false),
        ("charset=utf-8;\u{301}x", false),
        ("charset=latin1", true), ("charset=utf-8\u{301}", true),
        ("charset= utf-8 ;x", false), ("charset=\"utf-8 \"", true), ("charset=utf 8", true),
    ])
    func theCharsetParameter(_ parameter: String, _ warned: Bool) {
        var f = MessageFramer()
        let e = f.feed(
            Array("Content-Type: application/vscode-jsonrpc; \(parameter)\r\nContent-Length: 2\r\n\r\n{}".utf8))
        #expect(frames(e) == ["{}"])
        #expect(errors(e).contains { $0.contains("is not supported") } == warned)
    }

    @Test func endlessGarbageIsNotBuffered() {
        var f = MessageFramer()
        var e: [FramerEvent] = []
        let chunk = [UInt8](repeating: 0x41, count: 4096)
        for _ in 0..<1000 { e += f.feed(chunk) }
        #expect(f.bufferedByteCount <= f.maxHeaderSize + 4096)
        e += f.feed(Array("\r\n\r\n".utf8) + framed("{}"))
        #expect(frames(e) == ["{}"])
    }

    @Test func hundredMegabytesAnnouncedAndNotSent() {
        var f = MessageFramer(maxMessageSize: 64 * 1024 * 1024)
        let e = f.feed(
            Array("Content-Length: 104857600\r\n\r\n".utf8) + Array(#"{"method":"x","params":{"text":""#.utf8)
                + Array(repeating: 0x20, count: 1_000_000))
        #expect(frames(e).isEmpty)
        #expect(errors(e).contains { $0.contains("over the limit") })
        // Skipped by counting: only the string being read is kept, up to 8 KiB.
        #expect(f.bufferedByteCount == SkippedMessageScanner.defaultMaxString + 2)
        #expect(errors(f.finish()).contains { $0.contains("oversized") })
        #expect(f.bufferedByteCount == 0)
    }

    @Test func oversizedBodyIsSkippedThenReadingGoesOn() {
        var f = MessageFramer(maxMessageSize: 100)
        let big = String(repeating: "x", count: 500)
        let e = f.feed(framed(big) + framed("{}"))
        #expect(frames(e) == ["{}"])
        #expect(f.bufferedByteCount == 0)
    }

    @Test func bareNewlineHeadersAreAccepted() {
        var f = MessageFramer()
        #expect(frames(f.feed(Array("Content-Length: 2\n\n{}".utf8))) == ["{}"])
    }

    @Test func zeroLengthBody() {
        var f = MessageFramer()
        let e = f.feed(Array("Content-Length: 0\r\n\r\n".utf8) + framed("{}"))
        #expect(frames(e) == ["", "{}"])
    }

    @Test func randomBytesNeverCrash() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var f = MessageFramer(maxMessageSize: 1000)
            for _ in 0..<20 {
                let n = Int.random(in: 0..<300, using: &rng)
                var chunk = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
                if Bool.random(using: &rng) {
                    chunk += Array("Content-Length: \(Int.random(in: -5...2000, using: &rng))\r\n\r\n".utf8)
                }
                _ = f.feed(chunk)
                #expect(f.bufferedByteCount <= 1000 + f.maxHeaderSize + 300)
            }
            _ = f.finish()
        }
    }
}

@Suite struct DecodeTests {
    func decode(_ s: String) -> DecodedBody { decodeBody(Array(s.utf8)) }

    @Test func notJSONIsAParseError() {
        guard case .parseError = decode("{not json") else { Issue.record("expected a parse error"); return }
        guard case .parseError = decodeBody([0x7B, 0xFF, 0x7D]) else {
            Issue.record("invalid UTF-8: expected a parse error"); return
        }
        guard case .parseError = decode("") else { Issue.record("empty: expected a parse error"); return }
    }

    @Test(arguments: [
        "1", "\"str\"", "null", "true", #"{"jsonrpc":"2.0"}"#, #"{"jsonrpc":"1.0","id":1,"method":"x"}"#,
        #"{"jsonrpc":"2.0","id":{},"method":"x"}"#, #"{"jsonrpc":"2.0","id":1,"method":5}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"x","params":3}"#,
    ])
    func notAMessageIsInvalidRequest(_ s: String) {
        guard case .single(.invalid(_, let code, _)) = decode(s) else { Issue.record("expected invalid: \(s)"); return }
        #expect(code == RPCErrorCode.invalidRequest)
    }

    @Test func idsAreKeptExactly() {
        guard
            case .single(.message(.request(let id, let m, _))) = decode(#"{"jsonrpc":"2.0","id":"abc-1","method":"x"}"#)
        else { Issue.record("string id"); return }
        #expect(id.value == .string("abc-1") && m == "x")
        guard
            case .single(.message(.request(let id2, _, _))) = decode(
                #"{"jsonrpc":"2.0","id":9007199254740993,"method":"x"}"#)
        else { Issue.record("int id"); return }
        #expect(id2.value == .int(9007199254740993))
        #expect(
            RPC.response(id: id2.value, result: .null).serialized()
                == #"{"jsonrpc":"2.0","id":9007199254740993,"result":null}"#)
    }

    @Test func notificationsResponsesAndNullParams() {
        guard
            case .single(.message(.notification("exit", nil))) = decode(
                #"{"jsonrpc":"2.0","method":"exit","params":null}"#)
        else { Issue.record("notification"); return }
        guard case .single(.message(.response(let id, _, _))) = decode(#"{"jsonrpc":"2.0","id":3,"result":null}"#)
        else { Issue.record("response"); return }
        #expect(id == RequestID(3))
    }

    @Test func batches() {
        guard case .single(.invalid(_, let code, _)) = decode("[]") else { Issue.record("empty batch"); return }
        #expect(code == RPCErrorCode.invalidRequest)
        guard
            case .batch(let items) = decode(
                #"[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","method":"b"},1]"#)
        else { Issue.record("batch"); return }
        #expect(items.count == 3)
        if case .invalid = items[2] {} else { Issue.record("a number in a batch is invalid") }
    }

    @Test func writerFramesAndSurvivesAClosedPipe() {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        MessageWriter.ignoreSIGPIPE()
        let w = MessageWriter(fd: fds[1])
        #expect(w.send(RPC.notification("x", .object([]))))
        var buf = [UInt8](repeating: 0, count: 200)
        let n = read(fds[0], &buf, 200)
        let body = #"{"jsonrpc":"2.0","method":"x","params":{}}"#
        #expect(String(decoding: buf[0..<n], as: UTF8.self) == "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
        close(fds[0])
        #expect(!w.send(RPC.notification("x", .object([]))))
        #expect(w.failed)
        close(fds[1])
    }
}

@Suite struct JSONValueEqualityTests {
    /// Strings and member names are equal when their UTF-8 bytes are (RFC 8259), not when they are canonically
    /// equivalent (Swift's `==`): an edit that reorders combining marks must reach the client.
    @Test func stringsCompareAsBytes() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(composed == decomposed, "Swift's == equates them (the premise)")
        #expect(JSONValue.string(composed) != .string(decomposed))
        #expect(JSONValue.string(composed) == .string("caf\u{E9}"))
        #expect(JSONValue.object([(composed, .int(1))]) != .object([(decomposed, .int(1))]))
        #expect(JSONValue.object([(composed, .int(1))])[decomposed] == nil)
        #expect(JSONValue.object([(composed, .int(1))])[composed] == .int(1))
        #expect(JSONValue.raw("\"\(composed)\"") != .raw("\"\(decomposed)\""))
        #expect(JSONValue.string("") == .string("") && JSONValue.string("") != .string(" "))
        #expect(JSONValue.string("ab") != .string("abc") && JSONValue.string("abd") != .string("abc"))
        let long = String(repeating: "界😀", count: 100)
        #expect(JSONValue.string(long) == .string(String(repeating: "界😀", count: 100)))
        #expect(JSONValue.string(long) != .string(String(repeating: "界😀", count: 99) + "界😁"))
    }
}

/// A message too large to read is skipped, and what it says it was goes to the server (which answers a request, and
/// stops checking a document whose edit it lost): read from every byte sent as they are skipped, in constant memory.
@Suite struct SkippedMessageTests {
    private func skipped(_ events: [FramerEvent]) -> [(total: Int, sent: Int, message: SkippedMessage)] {
        events.compactMap {
            if case .skipped(let t, let s, let m) = $0 { return (t, s, m) }; return nil
        }
    }

    @Test func aSkippedBodyIsReadToItsEndInPieces() {
        var f = MessageFramer(maxMessageSize: 10_000)
        // The text first and the document, method and id after it (unordered maps, Emacs's lsp-mode, Helix).
        let body =
            #"{"jsonrpc":"2.0","params":{"contentChanges":[{"text":""# + String(repeating: "x\\\"", count: 20_000)
            + #""}],"textDocument":{"version":3,"uri":"file:\/\/\/a%20b\/x.layout.json"}},"method":"textDocument/didChange","id":"r-9"}"#
        var events: [FramerEvent] = []
        let bytes = framed(body)
        for chunk in stride(from: 0, to: bytes.count, by: 777).map({ Array(bytes[$0..<min($0 + 777, bytes.count)]) }) {
            events += f.feed(chunk)
            #expect(f.bufferedByteCount <= SkippedMessageScanner.defaultMaxString + 2 + f.maxHeaderSize)
        }
        events += f.feed(framed("{}"))
        #expect(frames(events) == ["{}"])
        let s = skipped(events)
        #expect(s.count == 1 && s.first?.total == body.utf8.count && s.first?.sent == body.utf8.count)
        let m = s.first?.message ?? SkippedMessage()
        #expect(
            m.method == "textDocument/didChange" && m.uri == "file:///a%20b/x.layout.json" && m.id == .string("r-9")
                && m.hasParams, "\(m)")
        // Byte by byte, the same.
        var g = MessageFramer(maxMessageSize: 10_000)
        var one: [FramerEvent] = []
        for byte in bytes + framed("{}") { one += g.feed([byte]) }
        #expect(one == events)
    }

    @Test func aBodyCutShortByTheNextMessageReportsWhatWasSent() {
        var f = MessageFramer(maxMessageSize: 100)
        let head = #"{"id":7,"method":"textDocument/hover","params":{"#
        let e = f.feed(Array("Content-Length: 5000\r\n\r\n\(head)\r\n".utf8) + framed("{}"))
        #expect(frames(e) == ["{}"])
        #expect(skipped(e).first?.sent == head.utf8.count + 2)
        #expect(
            skipped(e).first?.message
                == {
                    var m = SkippedMessage(); m.id = .int(7); m.method = "textDocument/hover"; m.hasParams = true;
                    return m
                }())
        // A header split across two reads is not read as the body's.
        var g = MessageFramer(maxMessageSize: 100)
        let split =
            g.feed(Array("Content-Length: 5000\r\n\r\n{\"id\":8,\"params\":{}\r\nConte".utf8))
            + g.feed(Array("nt-Length: 2\r\n\r\n{}".utf8))
        #expect(frames(split) == ["{}"] && skipped(split).first?.message.id == .int(8))
        // A request whose method comes after its params still shows them (a response never has params).
        let late = SkippedMessage(
            head: Array(#"{"jsonrpc":"2.0","id":77,"params":{"textDocument":{"uri":"file:///x"}"#.utf8))
        #expect(late.id == .int(77) && late.method == nil && late.hasParams)
        #expect(!SkippedMessage(head: Array(#"{"jsonrpc":"2.0","id":"s1","result":{"params":{"#.utf8)).hasParams)
    }

    /// Over-the-limit bodies with line breaks, pieces of headers and JSON, fed at once and in random pieces: the same
    /// events (the skip jumps from line break to line break, and holds back what may start a header).
    @Test func skippingInPiecesEqualsAtOnce() {
        let pieces = [
            "\n", "\r\n", "Content-Length: 3\r\n\r\n{}\n", "Conte", "nt-Length:", "content-length: 70\r\n\r\n",
            "{", "}", "[", "]", "\"id\":", "\"method\":\"m\"", "\"params\":{", "\"uri\":\"u\"", "\"textDocument\":{",
            "12", "-3,", "\"", "\\", "xxxxxxxxxxxxxxxxxxxx", " ", ",",
        ]
        var r = UInt64(11)
        func next(_ k: Int) -> Int { r = r &* 6364136223846793005 &+ 1442695040888963407; return Int(r >> 33) % k }
        for _ in 0..<2000 {
            var input = Array("Content-Length: \(next(200) + 60)\r\n\r\n".utf8)
            for _ in 0..<next(40) { input += Array(pieces[next(pieces.count)].utf8) }
            var whole = MessageFramer(maxMessageSize: 50)
            let expected = whole.feed(input) + whole.finish()
            var chunked = MessageFramer(maxMessageSize: 50)
            var events: [FramerEvent] = []
            var i = 0
            while i < input.count {
                let len = min(input.count - i, next(9) + 1)
                events += chunked.feed(Array(input[i..<(i + len)]))
                i += len
            }
            events += chunked.finish()
            #expect(events == expected, "\(String(decoding: input, as: UTF8.self).debugDescription)")
            if events != expected { return }
        }
    }

    /// A string longer than the scanner keeps is not taken (nor cut), and a longer one does not grow what it holds.
    @Test func aStringTooLongToKeepIsNotTaken() {
        var s = SkippedMessageScanner(maxString: 16)
        let bytes = Array(
            #"{"method":"textDocument/didChange","id":"0123456789abcdef","params":{"textDocument":{"uri":"file:///0123456789"}}}"#
                .utf8)
        bytes.withUnsafeBufferPointer { s.feed($0) }
        #expect(s.bufferedByteCount <= 18)
        #expect(s.message.method == nil && s.message.id == .string("0123456789abcdef"), "\(s.message)")
        #expect(s.message.uri == nil && s.message.hasParams)
    }

    /// Only top-level members are the message's id and method, only params.textDocument.uri its document; a value
    /// the cut shortened is not taken; any bytes give an answer.
    @Test func onlyWhatTheHeadSaysForSure() {
        let nested = SkippedMessage(
            head: Array(
                #"{"params":{"id":1,"method":"x","textDocument":{"uri":"file:///n"},"a":{"uri":"file:///other"}},"method":"textDocument/didChange""#
                    .utf8))
        #expect(nested.id == nil && nested.method == "textDocument/didChange" && nested.uri == "file:///n", "\(nested)")
        #expect(SkippedMessage(head: Array(#"{"method":"x","id":12"#.utf8)).id == nil, "12 may be the start of 123")
        let cut = SkippedMessage(
            head: Array(#"{"method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///cut"#.utf8))
        #expect(cut.method == "textDocument/didOpen" && cut.uri == nil)
        let paramsFirst = SkippedMessage(head: Array(#"{"params":{"contentChanges":[{"text":"aaaa"#.utf8))
        #expect(paramsFirst.method == nil && paramsFirst.uri == nil)
        let alphabet = Array(#"{}[]":,\ 1-"#.utf8) + Array(#""id""method""uri""params""textDocument""#.utf8)
        var r = UInt64(7)
        for _ in 0..<5000 {
            var bytes: [UInt8] = []
            r = r &* 6364136223846793005 &+ 1442695040888963407
            for _ in 0..<Int(r >> 58) {
                r = r &* 6364136223846793005 &+ 1442695040888963407;
                bytes.append(alphabet[Int(r >> 33) % alphabet.count])
            }
            // Fed in two pieces split anywhere, the same as at once.
            let cut = bytes.isEmpty ? 0 : Int(r >> 40) % (bytes.count + 1)
            var pieces = SkippedMessageScanner()
            bytes[..<cut].withUnsafeBufferPointer { pieces.feed($0) }
            bytes[cut...].withUnsafeBufferPointer { pieces.feed($0) }
            #expect(
                pieces.message == SkippedMessage(head: bytes), "\(String(decoding: bytes, as: UTF8.self)) cut at \(cut)"
            )
        }
    }
}
