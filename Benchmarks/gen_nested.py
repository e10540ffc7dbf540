#!/usr/bin/env python3
"""Writes a document of nested fractional groups with inter-item spacing (BENCHMARKS.md, "Nested fractional groups").

    python3 Benchmarks/gen_nested.py LEVELS SECTIONS ENVIRONMENTS > doc.layout.json

Each section's root group is vertical, 100 000 pt tall (`absolute`), with `count: 2`; below it LEVELS - 1 further
levels of `count: 2` groups of fractional size, alternating direction, each with `interItemSpacing: fixed(0.5)` (so
every level shrinks its halves in the second pass), and a fractional item at the bottom: 2^LEVELS items a section.
ENVIRONMENTS is a JSON array of environment names. `grid3`: 3 500 '["iPhone 12", "iPhone 12 landscape", "iPad"]'
(with a 400 pt root); `deep16`: 16 1 '["iPhone 12"]'.
"""
import sys


def group(depth):
    if depth < 0:
        return '{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }'
    direction = "horizontal" if depth % 2 == 0 else "vertical"
    return ('{ "direction": "%s", "width": "fractionalWidth(1)", "height": "fractionalHeight(1)", '
            '"interItemSpacing": "fixed(0.5)", "subitem": %s, "count": 2 }' % (direction, group(depth - 1)))


def main():
    levels, sections, envs = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    height = int(sys.argv[4]) if len(sys.argv) > 4 else (400 if levels <= 3 else 100000)
    root = ('{ "direction": "vertical", "width": "fractionalWidth(1)", "height": "absolute(%d)", '
            '"interItemSpacing": "fixed(0.5)", "subitem": %s, "count": 2 }' % (height, group(levels - 2)))
    body = ",".join('{ "group": %s }' % root for _ in range(sections))
    sys.stdout.write('{ "environments": %s, "sections": [ %s ] }' % (envs, body))


if __name__ == "__main__":
    main()
