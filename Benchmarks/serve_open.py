#!/usr/bin/env python3
"""How long `layoutlint serve` takes to open a document and answer a diagnostic pull, for one or more binaries
side by side in one run (ROBUSTNESS.md, Found 51).

    python3 Benchmarks/serve_open.py DOC BINARY [BINARY...]     # ROUNDS=3 by default, binaries alternated

Each round starts every binary afresh, sends initialize, didOpen of DOC and textDocument/diagnostic, and times from
didOpen to the pull's response; then one edit (a space at the start of line 3) and a pull. Prints the medians and
each binary's open time over the first binary's."""
import json, os, statistics, subprocess, sys, time


def session(binary, uri, text):
    p = subprocess.Popen([binary, "serve", "--stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL)

    def send(m):
        b = json.dumps(m).encode()
        p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b)
        p.stdin.flush()

    def read():
        h = b""
        while not h.endswith(b"\r\n\r\n"):
            c = p.stdout.read(1)
            if not c:
                raise SystemExit(f"{binary}: the server closed its output")
            h += c
        n = int([l for l in h.split(b"\r\n") if l.lower().startswith(b"content-length")][0].split(b":")[1])
        return json.loads(p.stdout.read(n))

    def wait(i):
        while True:
            m = read()
            if m.get("id") == i and "method" not in m:
                return m

    try:
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
        wait(1)
        send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        t = time.monotonic()
        send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "json", "version": 1, "text": text}}})
        send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/diagnostic", "params": {"textDocument": {"uri": uri}}})
        items = len(wait(2)["result"]["items"])
        opened = time.monotonic() - t
        t = time.monotonic()
        send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 0}},
                                "text": " "}]}})
        send({"jsonrpc": "2.0", "id": 3, "method": "textDocument/diagnostic", "params": {"textDocument": {"uri": uri}}})
        wait(3)
        return opened, time.monotonic() - t, items
    finally:
        p.kill()
        p.wait()


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    doc, binaries = sys.argv[1], sys.argv[2:]
    text = open(doc, encoding="utf-8").read()
    uri = "file://" + os.path.abspath(doc)
    rounds = int(os.environ.get("ROUNDS", "3"))
    times = {b: ([], []) for b in binaries}
    count = {}
    for _ in range(rounds):
        for b in binaries:
            opened, edited, items = session(b, uri, text)
            times[b][0].append(opened)
            times[b][1].append(edited)
            count[b] = items
    first = statistics.median(times[binaries[0]][0])
    for b in binaries:
        o, e = statistics.median(times[b][0]), statistics.median(times[b][1])
        print(f"{b}: open+pull {o:.3f} s, edit+pull {e:.3f} s ({count[b]} diagnostics); open / first binary's = {o / first:.2f}")


main()
