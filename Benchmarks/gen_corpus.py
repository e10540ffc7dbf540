#!/usr/bin/env python3
"""Writes a corpus of N layout documents (default 10 000) into DIR: varied, realistic sizes (1 to 40 sections, a few
hundred bytes to ~20 KB), plain JSON (so that check-jsonschema can read them too), some with findings."""
import json, os, random, sys

def item(rnd):
    return rnd.choice([
        {"width": "fractionalWidth(1)", "height": "fractionalHeight(1)"},
        {"width": "fractionalWidth(1/3)", "height": "fractionalHeight(1)", "contentInsets": 2},
        {"width": "fractionalWidth(1)", "height": "estimated(44)", "edgeSpacing": {"top": "fixed(4)", "bottom": "fixed(4)"}},
        {"width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": {"top": 8, "bottom": 8}},  # a finding
        {"width": "absolute(120)", "height": "absolute(160)"},
    ])

def section(rnd, i):
    s = {"name": f"s{i}", "itemCount": rnd.randint(1, 30)}
    kind = rnd.randrange(5)
    if kind == 0:
        s["group"] = {"direction": "horizontal", "width": "fractionalWidth(1)", "height": "fractionalWidth(1/3)",
                      "subitem": {"width": "fractionalWidth(1)", "height": "fractionalHeight(1)"}, "count": 3}
    elif kind == 1:
        s["orthogonalScrollingBehavior"] = rnd.choice(["continuous", "groupPaging", "groupPagingCentered"])
        s["group"] = {"direction": "horizontal", "width": "fractionalWidth(0.9)", "height": "absolute(200)", "subitems": [item(rnd)]}
        if rnd.random() < 0.2: s["interGroupSpacing"] = 10
    elif kind == 2:
        s["group"] = {"direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)", "subitems": [item(rnd)]}
    elif kind == 3:
        s["contentInsets"] = {"leading": 16, "trailing": 16}
        s["boundarySupplementaryItems"] = [{"elementKind": "header", "width": "fractionalWidth(1)", "height": "absolute(44)"}]
        s["group"] = {"direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(200)", "subitems": [
            {"width": "fractionalWidth(0.5)", "height": "fractionalHeight(1)"},
            {"direction": "vertical", "width": "fractionalWidth(0.5)", "height": "fractionalHeight(1)",
             "subitem": {"width": "fractionalWidth(1)", "height": "fractionalHeight(1)"}, "count": 2}]}
    else:
        s["group"] = {"direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(100)",
                      "subitems": [item(rnd), item(rnd)]}
    return s

def document(rnd):
    n = min(40, int(rnd.expovariate(1 / 6)) + 1)
    doc = {"$schema": "../schemas/layout.schema.json"}
    if rnd.random() < 0.5:
        doc["environments"] = rnd.sample(["iPhone SE", "iPhone 12", "iPhone 12 landscape", "iPad", "iPad Pro 12.9"], rnd.randint(1, 3))
    doc["sections"] = [section(rnd, i) for i in range(n)]
    return json.dumps(doc, indent=2)

if __name__ == "__main__":
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    rnd = random.Random(7)
    os.makedirs(out, exist_ok=True)
    total = 0
    for i in range(n):
        text = document(rnd)
        total += len(text)
        with open(os.path.join(out, f"doc{i:05d}.layout.json"), "w") as f:
            f.write(text)
    print(f"{n} documents, {total} bytes", file=sys.stderr)
