#!/usr/bin/env python3
"""One Swift file of about SIZE bytes (default 4,150,000, under the Swift front end's 4 MiB bound) of small model
structs and one compositional layout: the largest file `lint` reads where nearly nothing is a layout.
Usage: gen_swift_models.py [SIZE] > Models.swift"""
import sys

size = int(sys.argv[1]) if len(sys.argv) > 1 else 4_150_000
out = ["import UIKit", ""]
total, i = 0, 0
while total < size:
    s = (f"struct Model{i} {{\n    var a: Int\n    var b: String = \"row {i}\"\n"
         f"    func score(_ x: Int) -> Int {{ return a * {i % 7 + 2} + x - {i} }}\n}}\n")
    out.append(s)
    total += len(s) + 1
    i += 1
out.append("""func makeLayout() -> UICollectionViewCompositionalLayout {
    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(44)))
    let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
}""")
sys.stdout.write("\n".join(out) + "\n")
