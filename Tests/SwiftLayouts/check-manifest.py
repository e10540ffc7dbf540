#!/usr/bin/env python3
"""Checks manifest.json against the corpus and against layoutlint.

For every entry: the Swift file or folder exists and every Cases/*.swift (and folder) has an entry; every
twin exists, lints with no format errors (syntax, invalid-value, unknown-property, missing-property,
wrong-type, unresolved-ref, ref-cycle, duplicate-key), flags exactly the rules in expectRules, and has
the number of sections the entry gives; every handWorked number matches `layoutlint explain --format json`
(to 0.0015 pt). The binary is $LAYOUTLINT, else `layoutlint` on PATH. Exits 1 on any mismatch.
"""
import json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
LAYOUTLINT = os.environ.get("LAYOUTLINT", "layoutlint")
FORMAT_RULES = {"syntax", "invalid-value", "unknown-property", "missing-property", "wrong-type",
                "unresolved-ref", "ref-cycle", "duplicate-key"}
TOLERANCE = 0.0015
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL " + msg)


def run_json(*args):
    out = subprocess.run([LAYOUTLINT, *args], capture_output=True, text=True)
    try:
        return json.loads(out.stdout)
    except json.JSONDecodeError:
        raise SystemExit(f"{LAYOUTLINT} {' '.join(args)} printed no JSON:\n{out.stdout}\n{out.stderr}")


def nodes(explain, env_name):
    """Every element of one environment, as (path, frame, contentFrame, groupCount) in document order."""
    found = []
    def walk(node):
        found.append((node["path"], node.get("frame"), node.get("contentFrame"), node.get("groupCount")))
        if "group" in node:
            walk(node["group"])
        for child in node.get("children", []):
            walk(child)
    for env in explain["environments"]:
        if env["name"] == env_name:
            for section in env["sections"]:
                walk(section)
            return found
    return None


manifest = json.load(open(os.path.join(HERE, "manifest.json")))
cases = os.path.join(HERE, "Cases")
listed = {entry["file"] for entry in manifest["cases"]}
on_disk = {f"Cases/{n}" for n in os.listdir(cases) if n.endswith(".swift")}
on_disk |= {f"Cases/{n}/" for n in os.listdir(cases) if os.path.isdir(os.path.join(cases, n))}
for missing in sorted(on_disk - listed):
    fail(f"{missing} has no manifest entry")
for extra in sorted(listed - on_disk):
    fail(f"manifest entry {extra} names no file")

checked_numbers = 0
for entry in manifest["cases"]:
    for layout in entry["layouts"]:
        twin = layout.get("twin")
        label = f"{entry['file']} {layout['name']}"
        if twin is None:
            continue
        path = os.path.join(HERE, twin)
        if not os.path.exists(path):
            fail(f"{label}: twin {twin} does not exist")
            continue
        lint = run_json("lint", path, "--format", "json")
        rules = {d["rule"] for f in lint["files"] for d in f["diagnostics"]}
        if rules & FORMAT_RULES:
            fail(f"{label}: format errors {sorted(rules & FORMAT_RULES)}")
        if rules != set(layout["expectRules"]):
            fail(f"{label}: lint flags {sorted(rules)}, expectRules says {sorted(layout['expectRules'])}")
        explain = run_json("explain", path, "--format", "json")
        counts = {env["name"]: len(env["sections"]) for env in explain["environments"]}
        want = layout["sections"]
        for env_name, count in counts.items():
            expected = want.get(env_name) if isinstance(want, dict) else want
            if expected != count:
                fail(f"{label}: {count} sections in {env_name}, manifest says {expected}")
        for hand in layout.get("handWorked", []):
            found = nodes(explain, hand["environment"])
            if found is None:
                fail(f"{label}: no environment {hand['environment']!r} in explain")
                continue
            matches = [n for n in found if n[0] == hand["path"]]
            occurrence = hand.get("occurrence", 0)
            if occurrence >= len(matches):
                fail(f"{label}: {hand['path']} #{occurrence} not in {hand['environment']}")
                continue
            _, frame, content, group_count = matches[occurrence]
            actual = {"x": frame[0], "y": frame[1], "width": frame[2], "height": frame[3]}
            if content:
                actual.update({"contentX": content[0], "contentY": content[1],
                               "contentWidth": content[2], "contentHeight": content[3]})
            actual["groupCount"] = group_count
            for key in ("x", "y", "width", "height", "contentX", "contentY", "contentWidth", "contentHeight", "groupCount"):
                if key in hand:
                    checked_numbers += 1
                    if actual.get(key) is None or abs(actual[key] - hand[key]) > TOLERANCE:
                        fail(f"{label}: {hand['environment']} {hand['path']} #{occurrence} {key} is {actual.get(key)}, "
                             f"worked by hand as {hand[key]} ({hand['why']})")

print(f"{len(manifest['cases'])} entries, {checked_numbers} hand-worked numbers checked, {len(failures)} failures")
sys.exit(1 if failures else 0)
