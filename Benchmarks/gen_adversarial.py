# Adversarial layout documents for Benchmarks/run-scaling: python3 gen_adversarial.py CASE N > doc.layout.json
import json, sys
case, n = sys.argv[1], int(sys.argv[2])
item = {"width": 10, "height": 10}
def sec(group): return {"group": group}
def grp(sub): return {"direction": "horizontal", "width": 100, "height": 100, "subitems": [sub]}
doc = None
if case == "refchain":
    defs = {"d0": item}
    for i in range(1, n+1): defs[f"d{i}"] = {"$ref": f"#/definitions/d{i-1}"}
    doc = {"definitions": defs, "sections": [sec(grp({"$ref": f"#/definitions/d{n}"}))]}
elif case == "sectionref":
    secs = [sec(grp(item))]
    for i in range(1, n): secs.append({"group": {"$ref": f"#/sections/{i-1}/group"}})
    doc = {"sections": secs}
elif case == "unknownkeys":
    it = dict(item); 
    for i in range(n): it[f"widht{i}"] = 1
    doc = {"sections": [sec(grp(it))]}
elif case == "overrides":
    r = {"$ref": "#/definitions/a"}
    for i in range(n): r[f"k{i}"] = 1
    doc = {"definitions": {"a": item}, "sections": [sec(grp(r))]}
elif case == "keysvariants":  # n keys in all: sqrt(n) variants of sqrt(n) keys
    m = max(1, int(n ** 0.5))
    s = sec(grp(item)); s["variants"] = []
    for v in range(m):
        var = {"when": {"minWidth": v}}
        for k in range(m): var[f"k{k}"] = 1
        s["variants"].append(var)
    doc = {"sections": [s]}
elif case == "misspeltrefs":
    defs = {f"definition{i}": item for i in range(n)}
    doc = {"definitions": defs, "sections": [sec({"direction": "horizontal", "width": 100, "height": 100, "subitems": [{"$ref": f"#/definitions/definitoin{i}"} for i in range(n)]})]}
elif case == "siblings":
    it = dict(item)
    for i in range(n): it[f"zIndex{i}"] = 1
    doc = {"sections": [sec(grp(it))]}
elif case == "manysections":
    doc = {"sections": [sec(grp({"width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": 5})) for i in range(n)]}
elif case == "envnodes":
    envs = ["iPhone SE", "iPhone 12", "iPhone 12 landscape", "iPad", "iPad landscape", "iPad Pro 12.9", "iPhone 15 Pro Max", "iPhone SE landscape"]
    envs = (envs * 4)[:32]
    envs = [{"name": f"e{i}", "width": 300 + i, "height": 800} for i in range(32)]
    g = {"direction": "horizontal", "width": "fractionalWidth(1)", "height": 100, "subitems": [{"width": 1, "height": 1}]}
    doc = {"environments": envs, "sections": [{"itemCount": 10000, "group": {"direction":"vertical","width": "fractionalWidth(1)", "height": 100000, "subitems":[{"width":1,"height":1}]}} for i in range(n)]}
if case == "suppressions":
    lines = ['{ "sections": [']
    for i in range(n):
        lines.append('// layoutlint-disable-next-line estimated-content-insets')
        lines.append('{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "estimated(44)", "subitems": [ { "width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": 5 } ] } }' + (',' if i < n-1 else ''))
    lines.append(']}')
    sys.stdout.write("\n".join(lines)); sys.exit()
if case == "unclosed":  # n blocks of 100 `{ "k": [` whose `[` the `}`s close wrongly: 100 n "is not closed" messages
    block = '{\n"k": [\n' * 100 + '}\n' * 100
    sys.stdout.write('{ "sections": [\n' + ',\n'.join([block.rstrip()] * n) + '\n] }'); sys.exit()
if case == "garbage":  # n tokens `'a `: three syntax errors each (regression tests: DiagnosticLimitTests)
    sys.stdout.write('{"sections":[\n' + "'a " * n + '\n]}'); sys.exit()
if case == "numbers":  # n sections that are numbers: one builder diagnostic each (regression: DiagnosticLimitTests)
    sys.stdout.write('{"sections":[\n' + ",".join(["1"] * n) + '\n]}'); sys.exit()
if case == "dupkeys":  # many fixes for --fix
    body = ", ".join(['"width": 10'] * n)
    sys.stdout.write('{ "sections": [ { "group": { "direction": "horizontal", "width": 100, "height": 100, "subitems": [ { ' + body + ', "height": 10 } ] } } ] }'); sys.exit()
json.dump(doc, sys.stdout)
