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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("file")
    ap.add_argument("--edits", type=int, default=1000)
    ap.add_argument("--scratch", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    text = open(a.file, encoding="utf-8").read()
    uri = "file:///bench/BenchmarkFeedViewController.swift"
    s = Server(a.binary)
    initialize(s)
    version = 1

    def opened():
        nonlocal version
        version += 1
        return {"jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": "swift", "version": version, "text": text}}}

    def pull():
        return s.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})

    def stats():
        st = s.request("layoutlint/stats", None)
        s.send(st)
        _, m = s.wait_for(st["id"])
        return m["result"]["lastChange"]

    s.send(opened())
    r = pull()
    s.send(r)
    _, first = s.wait_for(r["id"])
    n_diags = len(first["result"]["items"])
    layouts = stats().get("layouts")

    scratch = []
    for _ in range(a.scratch):
        s.send({"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": uri}}})
        r = pull()
        t0 = time.perf_counter()
        s.send(opened(), r)
        t, _ = s.wait_for(r["id"])
        scratch.append((t - t0) * 1000)

    # Positions: Python string indexes are UTF-16 code units while every character is in the BMP (CJK is).
    assert all(ord(c) < 0x10000 for c in text)
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789 "
    latencies, read, reused, modes, parse, index, rest, total = [], [], [], {}, [], [], [], []

    def position(off):
        line = text.count("\n", 0, off)
        return {"line": line, "character": off - (text.rfind("\n", 0, off) + 1)}

    def edit(off, insert):
        nonlocal text, version
        start = position(off)
        end = start if insert is not None else {"line": start["line"], "character": start["character"] + 1}
        version += 1
        change = {"jsonrpc": "2.0", "method": "textDocument/didChange",
                  "params": {"textDocument": {"uri": uri, "version": version},
                             "contentChanges": [{"range": {"start": start, "end": end}, "text": insert or ""}]}}
        text = text[:off] + insert + text[off:] if insert is not None else text[:off] + text[off + 1:]
        r = pull()
        t0 = time.perf_counter()
        s.send(change, r)
        t, _ = s.wait_for(r["id"])
        latencies.append((t - t0) * 1000)
        lc = stats()
        modes[lc.get("mode")] = modes.get(lc.get("mode"), 0) + 1
        read.append(lc.get("layoutsRead", 0))
        reused.append(lc.get("layoutsReused", 0))
        parse.append(lc.get("parseMicros", 0) / 1000)
        index.append(lc.get("indexMicros", 0) / 1000)
        rest.append(lc.get("readMicros", 0) / 1000)
        total.append(lc.get("totalMicros", 0) / 1000)

    rss_open = s.rss_kb()
    for _ in range(a.edits // 2):
        off = rnd.randrange(len(text))
        edit(off, rnd.choice(alphabet))
        edit(off, None)
    rss_edited = s.rss_kb()
    s.close()

    med_scratch = statistics.median(scratch)
    p50, p99, mx = pct(latencies, 50), pct(latencies, 99), max(latencies)
    print(f"file: {len(text.encode())} bytes, {text.count(chr(10))} lines, {layouts} layouts, {n_diags} diagnostics at open")
    print(f"from scratch (didOpen → diagnostics), {a.scratch} runs: median {med_scratch:.1f} ms, min {min(scratch):.1f} ms")
    print(f"edit → diagnostics, {len(latencies)} single-character edits at random places (typed, then deleted): "
          f"p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {mx:.2f} ms")
    print(f"  the distribution: p90 {pct(latencies, 90):.2f} ms, p95 {pct(latencies, 95):.2f} ms, p98 {pct(latencies, 98):.2f} ms; "
          f"edits over 5 ms: {sum(v > 5 for v in latencies)}; parses over 3 ms: {sum(v > 3 for v in parse)}, "
          f"over 10 ms: {sum(v > 10 for v in parse)}")
    print(f"  modes: {modes}; layouts read again per edit: median {statistics.median(read)}, max {max(read)}; "
          f"kept: median {statistics.median(reused)}")
    print(f"  in the reader, per edit (medians): parse {statistics.median(parse):.2f} ms, regions and declarations "
          f"{statistics.median(index):.2f} ms, layouts and diagnostics {statistics.median(rest):.2f} ms; "
          f"total p50 {pct(total, 50):.2f} ms, p99 {pct(total, 99):.2f} ms")
    slow = sorted(range(len(latencies)), key=lambda i: -latencies[i])[:max(1, len(latencies) // 100)]
    print("  the slowest 1 %: " + ", ".join(f"{latencies[i]:.1f} ms (parse {parse[i]:.1f}, declarations {index[i]:.1f}, "
                                            f"layouts {rest[i]:.1f}, {read[i]} read)" for i in slow))
    print(f"ratio from-scratch / edit: p50 {med_scratch / p50:.0f}x, p99 {med_scratch / p99:.0f}x")
    print(f"resident memory: {rss_open / 1024:.1f} MB with the file open, {rss_edited / 1024:.1f} MB after the edits")


if __name__ == "__main__":
    main()
