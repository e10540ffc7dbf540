#!/usr/bin/env python3
"""Skipping bodies over the message limit: `serve` reads a body it will not keep for its id, method and document
(SkippedMessageScanner). Times, for two binaries side by side (alternating runs), how long the server takes from the
first byte of an 8 MB over-the-limit body to its answer to the request that follows, for three shapes of body: one
long string, many short strings (`"",`), many numbers (`1,`).

  Benchmarks/skip_bench.py BEFORE_BINARY AFTER_BINARY [RUNS]
"""
import json, os, statistics, subprocess, sys, time

def frame(obj):
    body = obj if isinstance(obj, bytes) else json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body

SIZE = 8 << 20
def body(shape):
    head = b'{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"contentChanges":'
    if shape == "one long string":
        middle = b'[{"text":"' + b"x" * SIZE + b'"}]'
    elif shape == 'short strings ("",)':
        middle = b"[" + b'"",' * (SIZE // 3) + b'""]'
    else:
        middle = b"[" + b"1," * (SIZE // 2) + b"1]"
    return head + middle + b',"textDocument":{"uri":"file:///x.layout.json","version":2}}}'

def run(binary, payload):
    env = dict(os.environ, LAYOUTLINT_MAX_MESSAGE="1000000")
    p = subprocess.Popen([binary, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    def read_message():
        length = None
        while True:
            line = p.stdout.readline()
            if line in (b"\r\n", b"\n"):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(p.stdout.read(length))
    p.stdin.write(frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}))
    p.stdin.flush()
    while read_message().get("id") != 1:
        pass
    p.stdin.write(frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
    start = time.perf_counter()
    p.stdin.write(frame(payload) + frame({"jsonrpc": "2.0", "id": 2, "method": "layoutlint/stats"}))
    p.stdin.flush()
    while read_message().get("id") != 2:
        pass
    elapsed = time.perf_counter() - start
    p.stdin.write(frame({"jsonrpc": "2.0", "id": 3, "method": "shutdown"}) + frame({"jsonrpc": "2.0", "method": "exit"}))
    p.stdin.close()
    p.wait()
    return elapsed

def main():
    before, after = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    print(f"| body (8 MB, over a 1 MB limit) | before: median of {runs} | after | before / after |")
    print("|---|---:|---:|---:|")
    for shape in ["one long string", 'short strings ("",)', "numbers (1,)"]:
        payload = body(shape)
        times = {before: [], after: []}
        for _ in range(runs):
            for b in (before, after):
                times[b].append(run(b, payload))
        mb, ma = statistics.median(times[before]), statistics.median(times[after])
        print(f"| {shape} | {mb * 1000:.0f} ms | {ma * 1000:.0f} ms | {mb / ma:.2f} |")

main()
