#!/usr/bin/env python3
"""Typing in `serve` when sections `$ref` other sections: fixes of section text that a `$ref`
reads are not safe, so the incremental linter follows the `$ref`s into sections. Two documents of N sections, side by
side in one run: each section's second subitem `$ref`s a definition (the peer), or the previous section's first
subitem. In each, the same character is typed in the middle section 2 * REPS times; `layoutlint/stats` gives the
work of each update. Prints the medians and their ratio.

usage: section_refs_keystroke.py LAYOUTLINT_BINARY [--sections 1000 4000 16000] [--reps 8]
"""
import argparse, statistics, sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from edit_bench import Server, initialize

URI = "file:///bench.layout.json"


def document(n, kind):
    secs = []
    for k in range(n):
        ref = "#/sections/%d/group/subitems/0" % (k - 1) if kind == "sections" and k > 0 else "#/definitions/item"
        secs.append('{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", '
                    '"subitems": [ { "width": "fractionalWidth(0.5)", "height": "fractionalHeight(1)" }, { "$ref": "%s" } ] } }' % ref)
    return ('{ "environments": ["iPhone 12"], "definitions": { "item": { "width": "fractionalWidth(0.5)", "height": '
            '"fractionalHeight(1)" } }, "sections": [\n' + ",\n".join(secs) + "\n] }\n")


def measure(binary, n, kind, reps):
    s = Server(binary)
    initialize(s)
    text = document(n, kind)
    s.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": URI, "languageId": "json", "version": 1, "text": text}}})
    b = text.encode()
    mid = b.index(b"absolute(44)", len(b) // 2) + 9
    line = b[:mid].count(b"\n")
    col = mid - (b.rfind(b"\n", 0, mid) + 1)
    out = []
    for r in range(2 * reps + 1):
        s.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": {"textDocument": {"uri": URI, "version": r + 2}, "contentChanges": [
                    {"range": {"start": {"line": line, "character": col}, "end": {"line": line, "character": col + 2}},
                     "text": "45" if r % 2 == 0 else "44"}]}})
        q = s.request("textDocument/diagnostic", {"textDocument": {"uri": URI}})
        s.send(q)
        s.wait_for(q["id"])
        st = s.request("layoutlint/stats", {})
        s.send(st)
        _, m = s.wait_for(st["id"])
        if r > 0:   # (the first update after opening is left out)
            out.append(m["result"]["lastChange"])
    s.close()
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--sections", type=int, nargs="+", default=[1000, 4000, 16000])
    ap.add_argument("--reps", type=int, default=8)
    a = ap.parse_args()
    print("| sections | peer: `$ref`s to a definition, resolve µs (total) | `$ref`s to the previous section, resolve µs (total) | ratio of totals |")
    print("|---:|---:|---:|---:|")
    for n in a.sections:
        res = {k: measure(a.binary, n, k, a.reps) for k in ("definitions", "sections")}
        med = {k: (statistics.median(x["resolveMicros"] for x in v), statistics.median(x["totalMicros"] for x in v)) for k, v in res.items()}
        print("| %d | %d (%d) | %d (%d) | %.2f |" % (n, med["definitions"][0], med["definitions"][1], med["sections"][0],
                                                    med["sections"][1], med["sections"][1] / max(1, med["definitions"][1])), flush=True)


if __name__ == "__main__":
    main()
