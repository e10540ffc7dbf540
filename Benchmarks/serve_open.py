#!/usr/bin/env python3
"""How long `layoutlint serve` takes to open a document and answer a diagnostic pull, for one or more binaries
side by side in one run (BENCHMARKS.md, "Many diagnostics").

    python3 Benchmarks/serve_open.py DOC BINARY [BINARY...]     # ROUNDS=3 by default, binaries alternated

Each round starts every binary afresh, sends initialize, didOpen of DOC and textDocument/diagnostic, and times from
didOpen to the pull's response; then one edit (a space at the start of line 3) and a pull. Prints the medians, each
binary's open time over the first binary's, and the server's peak memory (VmHWM, the largest over the rounds). The
pipe client is edit_bench.py's."""
import os, statistics, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from edit_bench import Server, initialize  # noqa: E402


def peak_kb(pid):
    """The process's peak resident memory so far, in KB (Linux)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def session(binary, uri, text):
    s = Server(binary)
    try:
        initialize(s)
        pull = s.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
        t = time.perf_counter()
        s.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "json", "version": 1, "text": text}}}, pull)
        arrived, reply = s.wait_for(pull["id"])
        opened, items = arrived - t, len(reply["result"]["items"])
        pull = s.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
        t = time.perf_counter()
        s.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 0}},
                                "text": " "}]}}, pull)
        arrived, _ = s.wait_for(pull["id"])
        return opened, arrived - t, items, peak_kb(s.p.pid)
    finally:
        s.p.kill()
        s.p.wait()


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    doc, binaries = sys.argv[1], sys.argv[2:]
    text = open(doc, encoding="utf-8").read()
    uri = "file://" + os.path.abspath(doc)
    rounds = int(os.environ.get("ROUNDS", "3"))
    times = {b: ([], []) for b in binaries}
    count, peak = {}, {}
    for _ in range(rounds):
        for b in binaries:
            opened, edited, items, kb = session(b, uri, text)
            peak[b] = max(peak.get(b, 0), kb)
            times[b][0].append(opened)
            times[b][1].append(edited)
            count[b] = items
    first = statistics.median(times[binaries[0]][0])
    for b in binaries:
        o, e = statistics.median(times[b][0]), statistics.median(times[b][1])
        print(f"{b}: open+pull {o:.3f} s, edit+pull {e:.3f} s ({count[b]} diagnostics), peak {peak[b] / 1024:.0f} MB; "
              f"open / first binary's = {o / first:.2f}")


if __name__ == "__main__":
    main()
