// Fuzz target 3: incremental edits. A random sequence of `didChange` notifications (ranged edits, whole-text
// replacements, positions past the end of a line or of the document) goes through the real server's document
// store; the result must equal a from-scratch view of the final text:
// - the pulled diagnostics equal `lint(bytes:)` of the final text (as LSP.diagnostic renders them), and
// - diagnostics, document symbols and inlay hints equal those of a second server that only opened the final text
//   (inlay hints kept from an earlier text for a section that does not resolve, marked by a tooltip, aside: where
//   diagnostics are pulled, inlay hints are asked for too, which gives the server hints to keep).
// The final text is computed here independently (own line table, LSP's clamping rules, positions in UTF-8 bytes or
// UTF-16 units).
//
// Input layout: 2 bytes: bit 15 = 1 → the client negotiates UTF-16 positions (else UTF-8), bits 0-11 the
// initial-text length L; L bytes of text (invalid UTF-8 repaired), then operations:
//   op byte: bits 0-1 = 0 → whole-text replacement, else a ranged edit; bit 2: end character past the line's end;
//   bit 3: end line past the document; bit 4: start a new didChange notification; bit 5: pull diagnostics here too;
//   bits 6 / 7: the start / end column one unit into the character there when it takes more than one (a UTF-16
//   column between the halves of a surrogate pair, a UTF-8 column inside a sequence), which the server must read
//   as that character's start.
//   a ranged edit reads 2 bytes start offset, 1 byte length, 1 byte text length N, N bytes; a replacement reads
//   1 byte text length N and N bytes.
import FuzzSupport
import PlainJSON
import JSONRPC
import LSPProtocol
import LayoutLintCore

let uri = "untitled:fuzz.layout.json"

/// Repairs invalid UTF-8 (what a JSON string can carry).
func text(_ b: [UInt8]) -> [UInt8] { Array(String(decoding: b, as: UTF8.self).utf8) }

/// Line starts, with LSP's terminators (\n, \r\n, \r).
func lineStarts(_ t: [UInt8]) -> [Int] {
    var s = [0]
    var i = 0
    while i < t.count {
        if t[i] == 0x0A { s.append(i + 1) }
        else if t[i] == 0x0D {
            if i + 1 < t.count, t[i + 1] == 0x0A { i += 1 }
            s.append(i + 1)
        }
        i += 1
    }
    return s
}

/// The end of line `l`'s content (before its terminator).
func lineEnd(_ t: [UInt8], _ starts: [Int], _ l: Int) -> Int {
    var e = l + 1 < starts.count ? starts[l + 1] : t.count
    if e > starts[l], l + 1 < starts.count {
        e -= 1
        if t[e] == 0x0A, e > starts[l], t[e - 1] == 0x0D { e -= 1 }
    }
    return e
}

/// A valid offset: on a scalar boundary and not between \r and \n.
func snap(_ t: [UInt8], _ o: Int) -> Int {
    var o = min(max(0, o), t.count)
    while o > 0, o < t.count, t[o] & 0xC0 == 0x80 { o -= 1 }
    if o > 0, o < t.count, t[o - 1] == 0x0D, t[o] == 0x0A { o -= 1 }
    return o
}

/// Offset `o`'s line and column: the bytes, or the UTF-16 units of valid UTF-8, from its line's start.
func position(_ t: [UInt8], _ starts: [Int], _ o: Int, utf16: Bool) -> (Int, Int) {
    var l = starts.count - 1
    while starts[l] > o { l -= 1 }
    return (l, column(t, starts[l], o, utf16: utf16))
}

func column(_ t: [UInt8], _ lineStart: Int, _ o: Int, utf16: Bool) -> Int {
    guard utf16 else { return o - lineStart }
    var n = 0
    for i in lineStart..<o where t[i] & 0xC0 != 0x80 { n += t[i] >= 0xF0 ? 2 : 1 }
    return n
}

func pos(_ l: Int, _ c: Int) -> JSONValue { .object([("line", .int(Int64(l))), ("character", .int(Int64(c)))]) }

let td: JSONValue = .object([("uri", .string(uri))])
/// Pulls the document's diagnostics.
func diagnosticRequest(_ id: String) -> JSONValue {
    RPC.request(id: .string(id), "textDocument/diagnostic", .object([("textDocument", td)]))
}
/// Asks for the inlay hints of the whole document.
func hintsRequest(_ id: String) -> JSONValue {
    RPC.request(id: .string(id), "textDocument/inlayHint", .object([("textDocument", td),
        ("range", .object([("start", pos(0, 0)), ("end", pos(1_000_000, 0))]))]))
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIncremental(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 2 else { return 0 }
    var r = Reader(data, count: size)
    let head = r.byte()! << 8 | r.byte()!
    let utf16 = head & 0x8000 != 0
    let len = head % 4096
    var doc = text(r.bytes(len))
    let initial = doc
    var version = 1
    var notifications: [JSONValue] = []
    var changes: [JSONValue] = []
    var pulls: [(id: String, text: [UInt8])] = []
    func flush() {
        guard !changes.isEmpty else { return }
        version += 1
        notifications.append(RPC.notification("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .int(Int64(version)))])),
            ("contentChanges", .array(changes)),
        ])))
        changes = []
    }
    var ops = 0
    while let op = r.byte(), ops < 64 {
        ops += 1
        if op & 16 != 0 { flush() }
        if op & 3 == 0 {
            let n = r.byte() ?? 0
            doc = text(r.bytes(n))
            changes.append(.object([("text", .string(String(decoding: doc, as: UTF8.self)))]))
        } else {
            let s0 = ((r.byte() ?? 0) << 8) | (r.byte() ?? 0)
            let l = r.byte() ?? 0
            let n = r.byte() ?? 0
            let new = text(r.bytes(n))
            let starts = lineStarts(doc)
            let s = snap(doc, doc.isEmpty ? 0 : s0 % (doc.count + 1))
            var e = snap(doc, s + l)
            let (sl, sc) = position(doc, starts, s, utf16: utf16)
            var (el, ec) = position(doc, starts, e, utf16: utf16)
            if op & 8 != 0 {
                el = starts.count + 3           // past the last line: the end of the document
                ec = 0
                e = doc.count
            } else if op & 4 != 0 {
                // Past the line's end: the end of that line. (1 000 past the line's length, not past the column,
                // which a line of over 1 000 units did not pass.)
                e = lineEnd(doc, starts, el)
                ec = column(doc, starts[el], e, utf16: utf16) + 1000
            }
            // Inside the character at the start or end: the same offsets (LineIndex.offset(of:in:)).
            func multiUnit(_ o: Int) -> Bool { o < doc.count && doc[o] >= (utf16 ? 0xF0 : 0xC0) }
            var (sc2, ec2) = (sc, ec)
            if op & 64 != 0 && multiUnit(s) { sc2 += 1 }
            if op & 128 != 0 && op & 12 == 0 && multiUnit(e) { ec2 += 1 }
            if e < s { e = s } // (a clamped end before the start cannot happen here: end ≥ start on the same line)
            doc.replaceSubrange(s..<e, with: new)
            changes.append(.object([
                ("range", .object([("start", pos(sl, sc2)), ("end", pos(el, ec2))])),
                ("text", .string(String(decoding: new, as: UTF8.self))),
            ]))
        }
        if op & 32 != 0 {
            flush()
            let id = "pull-\(pulls.count)"
            pulls.append((id, doc))
            notifications.append(diagnosticRequest(id))
            notifications.append(hintsRequest("hints-\(pulls.count)"))
        }
    }
    flush()

    func open(_ t: [UInt8]) -> JSONValue {
        RPC.notification("textDocument/didOpen", .object([("textDocument", .object([
            ("uri", .string(uri)), ("languageId", .string("json")), ("version", .int(1)),
            ("text", .string(String(decoding: t, as: UTF8.self))),
        ]))]))
    }
    let finalRequests: [JSONValue] = [
        diagnosticRequest("diag"),
        RPC.request(id: .string("symbols"), "textDocument/documentSymbol", .object([("textDocument", td)])),
        hintsRequest("hints"),
    ]
    func session(_ body: [JSONValue]) -> [String: JSONValue] {
        var input = InProcessServer.initialize(encoding: utf16 ? "utf-16" : "utf-8")
        for m in body { input += RPC.frame(m) }
        input += InProcessServer.shutdownAndExit
        let (code, out) = InProcessServer.run(input)
        check(code == 0, "the server exited with \(code)")
        var byID: [String: JSONValue] = [:]
        for m in InProcessServer.messages(out) where m["method"] == nil {
            if let id = m["id"]?.stringValue { byID[id] = m }
        }
        return byID
    }
    let edited = session([open(initial)] + notifications + finalRequests)
    // Without a didChange (version 1) both sessions would open the same text: the second would only test
    // determinism (the pipeline target's job), at a third of the input's cost.
    let fresh = version == 1 ? edited : session([open(doc)] + finalRequests)

    var opts = LintOptions()
    opts.maxDocumentBytes = 16 * 1024 * 1024
    // Lint each distinct text once (pulls often see the same text twice, and the last one the final text).
    var expectedByText: [[UInt8]: JSONValue] = [:]
    func expected(_ t: [UInt8]) -> JSONValue {
        if let e = expectedByText[t] { return e }
        // (The text of an editor's buffer: a leading U+FEFF is a column, as `serve` counts it; regression test:
        // BulkChangeTests/aLeadingFEFFIsAColumnInTheEditor.)
        let conv = PositionConverter(index: LineIndex(t, countsByteOrderMark: true), encoding: utf16 ? .utf16 : .utf8)
        let e = JSONValue.array(lint(bytes: t, options: opts).diagnostics.map { LSP.diagnostic($0, uri: uri, conv, features: .all) })
        expectedByText[t] = e
        return e
    }
    guard let items = edited["diag"]?["result"]?["items"] else { fatalError("no diagnostics: \(edited["diag"]?.serialized() ?? "no response")") }
    if items != expected(doc) {
        // The first item that differs, whole (the full lists below are cut).
        var first = ""
        if case .array(let a) = items, case .array(let b) = expected(doc) {
            first = "\(a.count) items vs \(b.count) expected"
            if let i = (0..<max(a.count, b.count)).first(where: { $0 >= a.count || $0 >= b.count || a[$0] != b[$0] }) {
                first += "; first difference at item \(i):\nserver:   \(i < a.count ? a[i].serialized() : "-")\nexpected: \(i < b.count ? b[i].serialized() : "-")"
            }
        }
        fatalError("incremental diagnostics differ from a lint of the final text: \(first)\nfinal text: \(String(decoding: doc, as: UTF8.self).debugDescription)\nserver: \(items.serialized().prefix(2000))\nexpected: \(expected(doc).serialized().prefix(2000))")
    }
    for key in ["diag", "symbols", "hints"] {
        // (resultId counts edits, so only the items are compared for pulled diagnostics; of the inlay hints, those
        // the fresh server could not have: kept ones carry a tooltip.)
        func body(_ m: JSONValue?) -> JSONValue? {
            switch key {
            case "diag": return m?["result"]?["items"]
            case "hints": return m?["result"]?.arrayValue.map { .array($0.filter { $0["tooltip"] == nil }) }
            default: return m?["result"]
            }
        }
        check(body(edited[key]) != nil && body(edited[key]) == body(fresh[key]),
                     "\(key) after edits differs from \(key) of a fresh open of the final text:\n\(edited[key]?.serialized().prefix(1500) ?? "nil")\nvs\n\(fresh[key]?.serialized().prefix(1500) ?? "nil")")
    }
    // Kept inlay hints sit where no current one does: one hint per position.
    if let hints = edited["hints"]?["result"]?.arrayValue {
        let positions = hints.compactMap { $0["position"]?.serialized() }
        check(Set(positions).count == hints.count, "two inlay hints at one position: \(hints.map { $0.serialized() }.joined(separator: ", ").prefix(1500))")
    }
    // Pulls in the middle: answered with the diagnostics of the text at that point, or "content modified"
    // (when a later change was already queued).
    for p in pulls {
        guard let m = edited[p.id] else { fatalError("no response to \(p.id)") }
        if m["error"]?["code"]?.intValue == Int64(RPCErrorCode.contentModified) { continue }
        check(m["result"]?["items"] == expected(p.text), "an intermediate pull differs from a lint of the text at that point: \(m.serialized().prefix(1500))\nexpected: \(expected(p.text).serialized().prefix(1500))")
    }
    return 0
}
