#!/usr/bin/env python3
"""Writes the seed corpora (Fuzz/corpus/<target>/) from examples/. Run from anywhere; idempotent."""
import hashlib, json, os, struct, sys

here = os.path.dirname(os.path.abspath(__file__))
examples = os.path.join(here, "..", "..", "examples")
docs = sorted(f for f in os.listdir(examples) if f.endswith(".json"))
texts = {f: open(os.path.join(examples, f), "rb").read() for f in docs}

def put(target, data):
    d = os.path.join(here, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()[:16]), "wb") as fh:
        fh.write(data)

def frame(obj):
    body = json.dumps(obj, ensure_ascii=False).encode() if not isinstance(obj, bytes) else obj
    return b"Content-Length: %d\r\n\r\n" % len(body) + body

uri = "untitled:seed.layout.json"
td = {"uri": uri}
def req(i, method, params=None):
    m = {"jsonrpc": "2.0", "id": i, "method": method}
    if params is not None: m["params"] = params
    return m
def note(method, params):
    return {"jsonrpc": "2.0", "method": method, "params": params}
def p(l, c): return {"line": l, "character": c}

small = [f for f in docs if len(texts[f]) < 2000]

# pipeline: the examples as they are, plus a few broken variants.
for f, t in texts.items():
    put("pipeline", t)
put("pipeline", b'{ "sections": [ { "name": "a", "group": { "$ref": "#/sections/0/group" } } ] }')
put("pipeline", b'{ "definitions": { "a": { "$ref": "#/definitions/b" }, "b": { "$ref": "#/definitions/a" } }, "sections": [] }')
put("pipeline", b'// c\n{ "sections": [ { "name": "x", /* layoutlint-disable-next-line */ "group": 1, "group": 2, } ] ')

# pipeline with a config after the marker \0config\0 (severities, default environments, exclude globs).
configs = [
    b'{ "rules": { "group-overflow": "error", "fraction-gap": "off", "syntax": "off" }, "environments": ["iPhone SE", "iPad"] }',
    b'{ "environments": [{ "name": "split", "width": 320, "height": 700, "traitCollection": { "horizontalSizeClass": "compact" } }],\n'
    b'  "exclude": ["build/**", "**/**/x.*", "*[a-z]?.layout.json", "/src/", "[!"], "rules": { "group-overflw": "hint" } }',
    b'// c\n{ "rules": [], "exclude": { }, "environments": "iPad", "$schema": 1, }',
]
for i, c in enumerate(configs):
    put("pipeline", texts[small[i % len(small)]] + b"\0config\0" + c)

# framer: framed bodies, batches, garbage.
put("framer", frame(req(1, "initialize", {"capabilities": {}})) + frame(note("initialized", {})))
put("framer", frame(b'[{"jsonrpc":"2.0","id":1,"method":"shutdown"},{"jsonrpc":"2.0","method":"exit"}]'))
put("framer", b"Content-Length: 5\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}\r\n\r" + frame(b"null"))
put("framer", b"garbage\r\n\r\nContent-Length: -1\r\n\r\nContent-Length: 99999999999999999999\r\n\r\n" + frame(b'{"jsonrpc":"2.0"}'))
put("framer", frame(note("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": texts[small[0]].decode()}})))

# server: mode byte, then NUL-separated bodies (mode 3 = framed pieces + shutdown/exit; mode 2 = raw + shutdown).
def session(bodies, mode=3):
    return bytes([mode]) + b"\x00".join(json.dumps(b, ensure_ascii=False).encode() for b in bodies)
for f in small + ["mistakes-document.layout.json", "environments.layout.json"]:
    t = texts[f].decode()
    open_ = note("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": t}})
    put("server", session([open_,
        req(2, "textDocument/diagnostic", {"textDocument": td}),
        req(3, "textDocument/hover", {"textDocument": td, "position": p(3, 12)}),
        req(4, "textDocument/completion", {"textDocument": td, "position": p(4, 8)}),
        req(5, "textDocument/documentSymbol", {"textDocument": td}),
        req(6, "textDocument/inlayHint", {"textDocument": td, "range": {"start": p(0, 0), "end": p(200, 0)}}),
        req(7, "textDocument/codeAction", {"textDocument": td, "range": {"start": p(0, 0), "end": p(200, 0)}, "context": {"diagnostics": []}}),
        req(8, "textDocument/definition", {"textDocument": td, "position": p(5, 20)}),
        req(9, "textDocument/references", {"textDocument": td, "position": p(5, 20), "context": {"includeDeclaration": True}}),
        req(10, "textDocument/prepareRename", {"textDocument": td, "position": p(5, 20)}),
        req(11, "textDocument/rename", {"textDocument": td, "position": p(5, 20), "newName": "x"}),
        req(12, "textDocument/documentLink", {"textDocument": td}),
        note("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"range": {"start": p(1, 0), "end": p(1, 4)}, "text": "  "}]}),
        req(13, "layoutlint/stats"),
        note("$/cancelRequest", {"id": 14}),
        req(14, "textDocument/hover", {"textDocument": td, "position": p(1, 1)}),
        note("textDocument/didSave", {"textDocument": td}),
        note("textDocument/didClose", {"textDocument": td}),
    ]))
put("server", bytes([2]) + frame(req(1, "layoutlint/stats")) + b"Content-Length: 10\r\n\r\n{\"a\"")
put("server", bytes([1]) + b'[{"jsonrpc":"2.0","id":1,"method":"layoutlint/stats"},{"jsonrpc":"2.0","method":"exit"},1]')

# incremental and incremental-core: 2-byte length + text, then edit operations (see FuzzIncremental.swift and
# FuzzIncrementalCore.swift: the same layout, the flag bits differ).
def put_incremental(data):
    put("incremental", data)
    put("incremental-core", data)
for i, f in enumerate(small + ["mistakes-document.layout.json"]):
    t = texts[f][:4095]
    ops = b""
    ops += bytes([1]) + struct.pack(">H", 40 + i) + bytes([3, 5]) + b'"a": '
    ops += bytes([1 | 16]) + struct.pack(">H", 100 + 7 * i) + bytes([0, 2]) + b"\r\n"
    ops += bytes([2 | 4]) + struct.pack(">H", 10) + bytes([0, 1]) + b"}"
    ops += bytes([3 | 8 | 32]) + struct.pack(">H", 300) + bytes([0, 0])
    ops += bytes([1]) + struct.pack(">H", 0) + bytes([1, 0])
    put_incremental(struct.pack(">H", len(t)) + t + ops)
put_incremental(struct.pack(">H", 0) + bytes([0, 20]) + b'{ "sections": [ ] }\n' + bytes([1 | 32]) + struct.pack(">H", 16) + bytes([0, 3]) + b"{ }")
# incremental with UTF-16 positions (bit 15 of the length): CJK and astral text before later edits on the same lines.
for i, f in enumerate(small[:3]):
    t = texts[f][:4000]
    cjk = '"名前😀": "界", '.encode()
    ops = bytes([1]) + struct.pack(">H", 2) + bytes([0, len(cjk)]) + cjk
    ops += bytes([1 | 32]) + struct.pack(">H", 2 + len(cjk) + 3) + bytes([4, 2]) + "😀".encode()[:2]
    ops += bytes([2 | 4 | 16]) + struct.pack(">H", 5) + bytes([0, 4]) + "🎉".encode()
    ops += bytes([3 | 32]) + struct.pack(">H", 40) + bytes([6, 3]) + "日".encode()
    put("incremental", struct.pack(">H", 0x8000 | len(t)) + t + ops)
print("seeds written")
