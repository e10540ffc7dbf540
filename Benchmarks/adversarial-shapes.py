#!/usr/bin/env python3
"""Writes the four adversarial documents of BENCHMARKS.md, "Adversarial one-offs" (fanout, supp, variants, refkeys)
into a folder (default /tmp):

    python3 Benchmarks/adversarial-shapes.py /tmp
    (ulimit -v 4000000; /usr/bin/time -f "%e s %M KB" .build/debug/layoutlint lint --format json /tmp/fanout.layout.json > /dev/null)
"""
import os
import sys

out = sys.argv[1] if len(sys.argv) > 1 else "/tmp"


def write(name, text):
    with open(os.path.join(out, name), "w") as f:
        f.write(text)


# fanout (regression test: FindingFanOutTests): a group placed 250 000 times (within the node limit) listing 100
# fractionalWidth(2) subitems.
sub = ",".join(['{"width":"fractionalWidth(2)","height":1}'] * 100)
write("fanout.layout.json",
      '{"sections":[{"group":{"direction":"vertical","width":100,"height":100,"count":25,"repeatingSubitem":'
      '{"direction":"horizontal","width":100,"height":100,"count":10000,"repeatingSubitem":'
      '{"direction":"horizontal","width":100,"height":100,"subitems":[%s]}}}}]}' % sub)

# supp (measured only: suppressions are grouped by line and by rule): 20 000 file-wide suppressions over an item with
# 20 000 duplicate keys.
n = 20000
item = "{ " + ", ".join(['"width": 1'] * n) + ', "height": 1 }'
write("supp.layout.json", "\n".join(["// layoutlint-disable group-overflow"] * n)
      + '\n{ "sections": [ { "group": { "direction": "horizontal", "width": 100, "height": 100, "subitems": [ %s ] } } ] }\n' % item)

# variants (regression test: VariantBudgetTests/variantsTimesSectionKeysAreBounded): a section with 3 000 unknown keys
# and 3 000 variants.
n = 3000
keys = ", ".join('"k%d": 0' % i for i in range(n))
variants = ", ".join(['{"when":{}}'] * n)
write("variants.layout.json",
      '{"sections":[{"group":{"direction":"horizontal","width":"fractionalWidth(1)","height":"absolute(44)",'
      '"subitems":[{"width":"fractionalWidth(1)","height":"fractionalHeight(1)"}]}, %s, "variants":[%s]}]}' % (keys, variants))

# refkeys (regression test: VariantBudgetTests/keysOfExpandedElementsAreBounded): a definition of 2 000 unknown keys
# $ref'd by 2 000 subitems.
k = n = 2000
keys = ", ".join('"u%d": 1' % i for i in range(k))
subs = ", ".join(['{"$ref":"#/definitions/big"}'] * n)
write("refkeys.layout.json",
      '{"definitions":{"big":{"width":1,"height":1, %s}},"sections":[{"group":{"direction":"vertical","width":100,'
      '"height":100,"subitems":[%s]}}]}' % (keys, subs))
