#!/usr/bin/env python3
"""Writes a layout document of about SIZE bytes (default 1 MB): varied sections, shared definitions used by $ref,
comments, and a few deliberate findings, so that lint exercises the parser, the resolver and every rule."""
import random, sys

def section(i, rnd):
    kind = i % 6
    name = f'"name": "s{i}"'
    if kind == 0:
        return f'''    {{ {name}, "itemCount": {rnd.randint(3, 30)}, // a 3-column grid
      "contentInsets": {{ "leading": 16, "trailing": 16 }}, "interGroupSpacing": 8,
      "group": {{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "fractionalWidth(1/3)",
                 "subitem": {{ "$ref": "#/definitions/tile" }}, "count": 3, "interItemSpacing": "fixed(8)" }} }}'''
    if kind == 1:
        return f'''    {{ {name}, "itemCount": {rnd.randint(5, 20)}, "orthogonalScrollingBehavior": "groupPaging",
      "boundarySupplementaryItems": [ {{ "$ref": "#/definitions/header" }} ],
      "group": {{ "direction": "horizontal", "width": "fractionalWidth(0.9)", "height": "absolute({rnd.randint(120, 300)})",
                 "subitems": [ {{ "$ref": "#/definitions/cover" }} ] }} }}'''
    if kind == 2:
        return f'''    {{ {name}, "itemCount": {rnd.randint(1, 50)}, /* self-sizing rows */
      "group": {{ "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(60)",
                 "subitems": [ {{ "width": "fractionalWidth(1)", "height": "estimated(60)",
                                  "edgeSpacing": {{ "top": "fixed(4)", "bottom": "fixed(4)" }} }} ] }} }}'''
    if kind == 3:
        w = rnd.choice(["0.5", "1/2", "0.25", "1/4"])
        return f'''    {{ {name}, "itemCount": {rnd.randint(4, 40)},
      "group": {{ "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(200)",
                 "subitems": [
                   {{ "width": "fractionalWidth({w})", "height": "fractionalHeight(1)", "contentInsets": 2 }},
                   {{ "direction": "vertical", "width": "fractionalWidth({w})", "height": "fractionalHeight(1)",
                     "subitem": {{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)", "contentInsets": 2 }}, "count": 2 }} ] }} }}'''
    if kind == 4:
        # a deliberate finding now and then: contentInsets along an estimated axis
        return f'''    {{ {name}, "itemCount": {rnd.randint(1, 10)},
      "group": {{ "direction": "vertical", "width": "fractionalWidth(1)", "height": "estimated(44)",
                 "subitems": [ {{ "width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": {{ "top": 8, "bottom": 8 }} }} ] }} }}'''
    return f'''    {{ {name}, "itemCount": {rnd.randint(2, 12)}, "orthogonalScrollingBehavior": "continuous", "interGroupSpacing": 10,
      "contentInsets": [0, 16, 0, 16],
      "group": {{ "direction": "horizontal", "width": "absolute({rnd.randint(100, 180)})", "height": "absolute(140)",
                 "repeatingSubitem": {{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }}, "count": 1 }} }}'''

def document(size, seed=1):
    rnd = random.Random(seed)
    head = '''{
  "$schema": "../schemas/layout.schema.json",
  "environments": ["iPhone 12", "iPhone 12 landscape", "iPad"],
  "definitions": {
    "tile": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" },
    "cover": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)", "contentInsets": { "leading": 4, "trailing": 4 } },
    "header": { "elementKind": "header", "width": "fractionalWidth(1)", "height": "absolute(44)", "alignment": "top" }
  },
  "sections": [
'''
    parts, total, i = [], len(head), 0
    while total < size:
        s = section(i, rnd)
        parts.append(s)
        total += len(s) + 2
        i += 1
    return head + ",\n".join(parts) + "\n  ]\n}\n"

if __name__ == "__main__":
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    sys.stdout.write(document(size))
