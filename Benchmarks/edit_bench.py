#!/usr/bin/env python3
"""Editing benchmark (issue 5): a 1 MB layout document open in `layoutlint serve`, 1 000 single-character edits at
random places, each followed by a `textDocument/diagnostic` pull; edit→diagnostics latency p50/p99/max, side by side
with the same document linted from scratch (closed and opened again, then pulled), in the same run. Also: start-up
(process start to the `initialize` response), resident memory with the document open, and after 10 000 edits.

usage: edit_bench.py LAYOUTLINT_BINARY DOCUMENT [--edits 1000] [--memory-edits 10000] [--seed 1]
"""
import argparse, bisect, json, os, random, statistics, subprocess, sys, time


class Server:
    def __init__(self, binary):
        self.t0 = time.perf_counter()
        self.p = subprocess.Popen([binary, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, bufsize=0, env={**os.environ, "LAYOUTLINT_DEBOUNCE_MS": "10000"})
        self.next_id = 0
        self.buf = b""

    def send(self, *messages):
        data = b""
        for m in messages:
            body = json.dumps(m, separators=(",", ":")).encode()
            data += b"Content-Length: %d\r\n\r\n" % len(body) + body
        self.p.stdin.write(data)

    def request(self, method, params):
        self.next_id += 1
        return {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}

    def read_message(self):
        while True:
            end = self.buf.find(b"\r\n\r\n")
            if end >= 0:
                header = self.buf[:end].decode()
                length = int([l for l in header.split("\r\n") if l.lower().startswith("content-length")][0].split(":")[1])
                if len(self.buf) >= end + 4 + length:
                    body = self.buf[end + 4:end + 4 + length]
                    self.buf = self.buf[end + 4 + length:]
                    return body
            chunk = os.read(self.p.stdout.fileno(), 1 << 20)
            if not chunk:
                raise RuntimeError("the server closed its output")
            self.buf += chunk

    def wait_for(self, req_id):
        """Reads until the response to req_id; returns (arrival time, parsed body)."""
        while True:
            body = self.read_message()
            t = time.perf_counter()
            if b'"id":%d' % req_id in body or b'"id": %d' % req_id in body:
                m = json.loads(body)
                if m.get("id") == req_id:
                    return t, m

    def rss_kb(self):
        with open(f"/proc/{self.p.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def close(self):
        r = self.request("shutdown", None)
        self.send(r)
        self.wait_for(r["id"])
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.p.wait(timeout=10)


def initialize(s):
    r = s.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    s.send(r)
    t, _ = s.wait_for(r["id"])
    s.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    return t - s.t0


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("document")
    ap.add_argument("--edits", type=int, default=1000)
    ap.add_argument("--memory-edits", type=int, default=10000)
    ap.add_argument("--scratch", type=int, default=20, help="from-scratch lints for the comparison")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--query-edits", type=int, default=30,
                    help="edits followed by what an editor asks next (inlay hints around the edit, outline, code lenses, links)")
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    text = open(a.document, encoding="utf-8").read()
    # Offsets in the document are indexes of the Python string: code points, which are UTF-16 code units (the
    # server's default columns) as long as every character is in the Basic Multilingual Plane (CJK text is).
    assert all(ord(c) < 0x10000 for c in text), "a character outside the BMP: string indexes are not UTF-16 columns"
    uri = "file:///bench/large.layout.json"

    # Start-up: process start to the initialize response, 20 fresh processes.
    startups = []
    for _ in range(20):
        s = Server(a.binary)
        startups.append(initialize(s) * 1000)
        s.close()

    s = Server(a.binary)
    initialize(s)
    version = 1

    def open_doc():
        nonlocal version
        version += 1
        s.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": "json", "version": version, "text": text}}})

    def pull():
        r = s.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
        return r

    open_doc()
    r = pull()
    t0 = time.perf_counter()
    s.send(r)
    _, first = s.wait_for(r["id"])
    n_diags = len(first["result"]["items"])
    rss_open = s.rss_kb()

    # From scratch: close, open again, pull (a new incremental linter: everything parsed, built, resolved, checked).
    scratch = []
    for _ in range(a.scratch):
        s.send({"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": uri}}})
        r = pull()
        t0 = time.perf_counter()
        version += 1
        s.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": "json", "version": version, "text": text}}}, r)
        t, _ = s.wait_for(r["id"])
        scratch.append((t - t0) * 1000)

    # Lines of the local copy, to turn random byte offsets into LSP positions.
    def line_starts(t):
        starts = [0]
        for i, ch in enumerate(t):
            if ch == "\n":
                starts.append(i + 1)
        return starts

    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789 "
    latencies = []
    modes = {}
    resolved = []

    def one_edit(measure, off=None, ch=None, delete=False):
        nonlocal text, version
        if off is None:
            off = rnd.randrange(len(text) + 1)
            ch = rnd.choice(alphabet)
        # position of off
        lo, hi = 0, len(starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if starts[mid] <= off:
                lo = mid
            else:
                hi = mid - 1
        pos = {"line": lo, "character": off - starts[lo]}
        end = {"line": lo, "character": off - starts[lo] + (1 if delete else 0)}
        version += 1
        change = {"jsonrpc": "2.0", "method": "textDocument/didChange",
                  "params": {"textDocument": {"uri": uri, "version": version},
                             "contentChanges": [{"range": {"start": pos, "end": end}, "text": "" if delete else ch}]}}
        if delete:
            text = text[:off] + text[off + 1:]
        else:
            text = text[:off] + ch + text[off:]
        for k in range(lo + 1, len(starts)):
            starts[k] += -1 if delete else 1
        if not measure:
            s.send(change)
            return off
        r = pull()
        t0 = time.perf_counter()
        s.send(change, r)
        t, m = s.wait_for(r["id"])
        latencies.append((t - t0) * 1000)
        st = s.request("layoutlint/stats", None)
        s.send(st)
        _, sm = s.wait_for(st["id"])
        lc = sm["result"]["lastChange"]
        modes[lc.get("mode")] = modes.get(lc.get("mode"), 0) + 1
        resolved.append(lc.get("sectionsResolved", 0))
        return off

    def edit_and_undo(measure):
        """A character typed at a random place, then deleted again (as a user types and corrects): two edits."""
        off = one_edit(measure)
        if off is None:
            off = last_offset[0]
        one_edit(measure, off=off, delete=True)

    starts = line_starts(text)
    last_offset = [0]
    for _ in range(a.edits // 2):
        edit_and_undo(True)
    rss_after_edits = s.rss_kb()
    # Memory over many more edits (pulled every 100).
    rss_samples = []
    for i in range((a.memory_edits - a.edits) // 2):
        off = rnd.randrange(len(text) + 1)
        one_edit(False, off=off, ch=rnd.choice(alphabet))
        one_edit(False, off=off, delete=True)
        if i % 100 == 99:
            r = pull()
            s.send(r)
            s.wait_for(r["id"])
        if i % 2000 == 1999:
            rss_samples.append(s.rss_kb())
    r = pull()
    s.send(r)
    s.wait_for(r["id"])
    rss_end = s.rss_kb()
    # What an editor asks after an edit besides diagnostics: inlay hints for the visible lines around it, the outline
    # (documentSymbol), code lenses and document links. All four come from the incremental state.
    hint_times, symbol_times, lens_times, link_times = [], [], [], []
    for _ in range(a.query_edits):
        off = one_edit(False, off=rnd.randrange(len(text) + 1), ch=rnd.choice(alphabet))
        line = bisect.bisect_right(starts, off) - 1
        h = s.request("textDocument/inlayHint", {"textDocument": {"uri": uri},
                                                 "range": {"start": {"line": max(0, line - 20), "character": 0},
                                                           "end": {"line": line + 20, "character": 0}}})
        t0 = time.perf_counter()
        s.send(h)
        t, _ = s.wait_for(h["id"])
        hint_times.append((t - t0) * 1000)
        d = s.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
        t0 = time.perf_counter()
        s.send(d)
        t, _ = s.wait_for(d["id"])
        symbol_times.append((t - t0) * 1000)
        for method, times in (("textDocument/codeLens", lens_times), ("textDocument/documentLink", link_times)):
            q = s.request(method, {"textDocument": {"uri": uri}})
            t0 = time.perf_counter()
            s.send(q)
            t, _ = s.wait_for(q["id"])
            times.append((t - t0) * 1000)
        one_edit(False, off=off, delete=True)
    rss_queries = s.rss_kb()
    s.close()

    med_scratch = statistics.median(scratch)
    p50, p99, mx = pct(latencies, 50), pct(latencies, 99), max(latencies)
    sections = text.count('"name"')
    print(f"document: {len(text.encode())} bytes, {sections} sections, {n_diags} diagnostics at open")
    print(f"start-up (process start → initialize response), 20 runs: median {statistics.median(startups):.1f} ms, max {max(startups):.1f} ms")
    print(f"from scratch (didOpen → diagnostics), {a.scratch} runs: median {med_scratch:.1f} ms, min {min(scratch):.1f} ms")
    print(f"edit → diagnostics, {a.edits} single-character edits at random places (a character typed, then deleted): "
          f"p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {mx:.2f} ms")
    print(f"  re-lint modes: {modes}; sections resolved per edit: median {statistics.median(resolved)}, max {max(resolved)}")
    print(f"ratio from-scratch / edit: p50 {med_scratch / p50:.0f}x, p99 {med_scratch / p99:.0f}x")
    if hint_times:
        print(f"after {a.query_edits} more edits: inlayHint (41 lines around the edit, first query of the version) "
              f"median {statistics.median(hint_times):.1f} ms; then documentSymbol median {statistics.median(symbol_times):.1f} ms, "
              f"codeLens median {statistics.median(lens_times):.1f} ms, documentLink median {statistics.median(link_times):.1f} ms")
    print(f"resident memory: {rss_open / 1024:.1f} MB with the document open, {rss_after_edits / 1024:.1f} MB after {a.edits} edits, "
          f"{rss_end / 1024:.1f} MB after {a.memory_edits} edits (samples every 2000: {[round(x / 1024, 1) for x in rss_samples]}); "
          f"{rss_queries / 1024:.1f} MB after the queries")


if __name__ == "__main__":
    main()
