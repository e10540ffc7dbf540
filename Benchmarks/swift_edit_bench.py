#!/usr/bin/env python3
"""Swift editing benchmark (BENCHMARKS.md, "Swift: editing a 3,000-line file"): a generated Swift file
(Benchmarks/gen_swift_edit.py: one view controller, ~3,000 lines, 20 layouts) open in `layoutlint serve`; EDITS
single-character edits (a character typed at a random place, then deleted, as a user types and corrects), each
followed by a `textDocument/diagnostic` pull: edit→diagnostics latency p50/p99/max, side by side in the same run
with the same file read from scratch (closed and opened again, then pulled). `layoutlint/stats` after each edit says
how many layouts were read again.

usage: swift_edit_bench.py LAYOUTLINT_BINARY FILE.swift [--edits 1000] [--scratch 20] [--seed 1]
"""
import argparse, os, random, statistics, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from edit_bench import Server, initialize, pct  # noqa: E402


class Session:
    """One server with the file open, and what its edits measured."""

    def __init__(self, binary, text, uri):
        self.s = Server(binary)
        initialize(self.s)
        self.text, self.uri, self.version = text, uri, 1
        self.latencies, self.read, self.reused, self.modes = [], [], [], {}
        self.parse, self.index, self.rest, self.total = [], [], [], []

    def opened(self):
        self.version += 1
        return {"jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": self.uri, "languageId": "swift", "version": self.version,
                                            "text": self.text}}}

    def pull(self):
        return self.s.request("textDocument/diagnostic", {"textDocument": {"uri": self.uri}})

    def stats(self):
        st = self.s.request("layoutlint/stats", None)
        self.s.send(st)
        _, m = self.s.wait_for(st["id"])
        return m["result"]["lastChange"]

    def open(self):
        self.s.send(self.opened())
        r = self.pull()
        self.s.send(r)
        _, first = self.s.wait_for(r["id"])
        return len(first["result"]["items"]), self.stats().get("layouts")

    def scratch(self, runs):
        out = []
        for _ in range(runs):
            self.s.send({"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": self.uri}}})
            r = self.pull()
            t0 = time.perf_counter()
            self.s.send(self.opened(), r)
            t, _ = self.s.wait_for(r["id"])
            out.append((t - t0) * 1000)
        return out

    def position(self, off):
        text = self.text
        line = text.count("\n", 0, off)
        return {"line": line, "character": off - (text.rfind("\n", 0, off) + 1)}

    def edit(self, off, insert):
        start = self.position(off)
        end = start if insert is not None else {"line": start["line"], "character": start["character"] + 1}
        self.version += 1
        change = {"jsonrpc": "2.0", "method": "textDocument/didChange",
                  "params": {"textDocument": {"uri": self.uri, "version": self.version},
                             "contentChanges": [{"range": {"start": start, "end": end}, "text": insert or ""}]}}
        text = self.text
        self.text = text[:off] + insert + text[off:] if insert is not None else text[:off] + text[off + 1:]
        r = self.pull()
        t0 = time.perf_counter()
        self.s.send(change, r)
        t, _ = self.s.wait_for(r["id"])
        self.latencies.append((t - t0) * 1000)
        lc = self.stats()
        self.modes[lc.get("mode")] = self.modes.get(lc.get("mode"), 0) + 1
        self.read.append(lc.get("layoutsRead", 0))
        self.reused.append(lc.get("layoutsReused", 0))
        self.parse.append(lc.get("parseMicros", 0) / 1000)
        self.index.append(lc.get("indexMicros", 0) / 1000)
        self.rest.append(lc.get("readMicros", 0) / 1000)
        self.total.append(lc.get("totalMicros", 0) / 1000)

    def report(self, scratch):
        latencies, parse, index, rest, total, read = self.latencies, self.parse, self.index, self.rest, self.total, self.read
        med_scratch = statistics.median(scratch)
        p50, p99, mx = pct(latencies, 50), pct(latencies, 99), max(latencies)
        print(f"from scratch (didOpen → diagnostics), {len(scratch)} runs: median {med_scratch:.1f} ms, min {min(scratch):.1f} ms")
        print(f"edit → diagnostics, {len(latencies)} single-character edits at random places (typed, then deleted): "
              f"p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {mx:.2f} ms")
        print(f"  the distribution: p90 {pct(latencies, 90):.2f} ms, p95 {pct(latencies, 95):.2f} ms, p98 {pct(latencies, 98):.2f} ms; "
              f"edits over 5 ms: {sum(v > 5 for v in latencies)}; parses over 3 ms: {sum(v > 3 for v in parse)}, "
              f"over 10 ms: {sum(v > 10 for v in parse)}")
        print(f"  modes: {self.modes}; layouts read again per edit: median {statistics.median(read)}, max {max(read)}; "
              f"kept: median {statistics.median(self.reused)}")
        print(f"  in the reader, per edit (medians): parse {statistics.median(parse):.2f} ms, regions and declarations "
              f"{statistics.median(index):.2f} ms, layouts and diagnostics {statistics.median(rest):.2f} ms; "
              f"total p50 {pct(total, 50):.2f} ms, p99 {pct(total, 99):.2f} ms")
        slow = sorted(range(len(latencies)), key=lambda i: -latencies[i])[:max(1, len(latencies) // 100)]
        print("  the slowest 1 %: " + ", ".join(f"{latencies[i]:.1f} ms (parse {parse[i]:.1f}, declarations {index[i]:.1f}, "
                                                f"layouts {rest[i]:.1f}, {read[i]} read)" for i in slow))
        print(f"ratio from-scratch / edit: p50 {med_scratch / p50:.0f}x, p99 {med_scratch / p99:.0f}x")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("file")
    ap.add_argument("--edits", type=int, default=1000)
    ap.add_argument("--scratch", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--against", help="a second binary given the same edits, interleaved (each edit goes to both, "
                                      "in turn first), so that both meet the same machine load")
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    text = open(a.file, encoding="utf-8").read()
    # Positions: Python string indexes are UTF-16 code units while every character is in the BMP (CJK is).
    assert all(ord(c) < 0x10000 for c in text)
    uri = "file:///bench/BenchmarkFeedViewController.swift"
    sessions = [Session(a.binary, text, uri)] + ([Session(a.against, text, uri)] if a.against else [])
    opened = [x.open() for x in sessions]
    n_diags, layouts = opened[0]
    scratch = [[] for _ in sessions]
    for _ in range(a.scratch):
        for k, x in enumerate(sessions):
            scratch[k] += x.scratch(1)

    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789 "
    rss_open = [x.s.rss_kb() for x in sessions]
    for i in range(a.edits // 2):
        off = rnd.randrange(len(text))
        c = rnd.choice(alphabet)
        order = sessions if i % 2 == 0 else sessions[::-1]
        for x in order:
            x.edit(off, c)
            x.edit(off, None)
    rss_edited = [x.s.rss_kb() for x in sessions]
    for x in sessions:
        x.s.close()

    print(f"file: {len(text.encode())} bytes, {text.count(chr(10))} lines, {layouts} layouts, {n_diags} diagnostics at open")
    names = [a.binary] + ([a.against] if a.against else [])
    for k, x in enumerate(sessions):
        if len(sessions) > 1:
            print(f"== {names[k]}")
        x.report(scratch[k])
        print(f"resident memory: {rss_open[k] / 1024:.1f} MB with the file open, {rss_edited[k] / 1024:.1f} MB after the edits")
    if len(sessions) > 1:
        a0, b0 = sessions[0].latencies, sessions[1].latencies
        print("side by side (first / second): " + ", ".join(
            f"{q} {pct(a0, n) / pct(b0, n):.2f}" for q, n in (("p50", 50), ("p90", 90), ("p98", 98), ("p99", 99))))


if __name__ == "__main__":
    main()
