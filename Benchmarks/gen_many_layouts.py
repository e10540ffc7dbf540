#!/usr/bin/env python3
"""Writes one Swift file with N small layouts (BENCHMARKS.md, "Swift: many layouts in one file"): a view controller
whose `makeLayoutK()` functions each build an item, a group and a section, with a constant of the type read by
every tenth, so that time per layout can be seen to stay flat as N grows.

    python3 Benchmarks/gen_many_layouts.py N > Many.swift
"""
import sys

n = int(sys.argv[1])
out = ["import UIKit", "", "final class ManyLayoutsViewController: UIViewController {",
       "    static let rowHeight: CGFloat = 44", ""]
for k in range(n):
    height = "Self.rowHeight" if k % 10 == 0 else f"{40 + k % 7}"
    out += [
        f"    func makeLayout{k}() -> UICollectionViewLayout {{",
        f"        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / {1 + k % 4}), heightDimension: .absolute({height})))",
        f"        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute({height})), subitems: [item])",
        "        let section = NSCollectionLayoutSection(group: group)",
        f"        section.interGroupSpacing = {k % 9}",
        "        return UICollectionViewCompositionalLayout(section: section)",
        "    }",
        "",
    ]
out.append("}")
print("\n".join(out))
