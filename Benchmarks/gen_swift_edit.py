#!/usr/bin/env python3
"""Writes the Swift file of the Swift editing benchmark (BENCHMARKS.md, "Swift: editing a 3,000-line file"): one view
controller of about 3,000 lines with LAYOUTS layouts (default 20) in the styles real code has (literal sizes, shared
constants, a helper called by several layouts, a section provider switching on the section index, a layout that reads
the container's width), between ordinary app code (data source methods, models, formatting helpers) that never
builds a layout.

Usage: gen_swift_edit.py [LAYOUTS] [LINES] > OUT.swift   (deterministic: the same file every time)
"""
import random
import sys

layouts = int(sys.argv[1]) if len(sys.argv) > 1 else 20
target_lines = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
rng = random.Random(7)


def layout(i):
    kind = i % 5
    h = rng.choice([44, 60, 80, 120, 200])
    if kind == 0:
        return f"""    // Layout {i}: a list of rows.
    func makeListLayout{i}() -> UICollectionViewCompositionalLayout {{
        let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated({h}))
        let item = NSCollectionLayoutItem(layoutSize: itemSize)
        let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated({h}))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: groupSize, subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = Metrics.spacing
        section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: Metrics.margin, bottom: 8, trailing: Metrics.margin)
        return UICollectionViewCompositionalLayout(section: section)
    }}
"""
    if kind == 1:
        cols = rng.choice([2, 3, 4])
        return f"""    // Layout {i}: a grid built by a shared helper.
    func makeGridLayout{i}() -> UICollectionViewCompositionalLayout {{
        let section = gridSection(columns: {cols}, spacing: Metrics.spacing)
        section.contentInsets.top = {rng.choice([0, 8, 16])}
        return UICollectionViewCompositionalLayout(section: section)
    }}
"""
    if kind == 2:
        return f"""    // Layout {i}: sections by index.
    func makeSectionedLayout{i}() -> UICollectionViewCompositionalLayout {{
        UICollectionViewCompositionalLayout {{ index, environment in
            switch index {{
            case 0:
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.85), heightDimension: .absolute({h})), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .groupPagingCentered
                section.interGroupSpacing = 12
                return section
            case 1:
                return self.gridSection(columns: 2, spacing: 8)
            default:
                return nil
            }}
        }}
    }}
"""
    if kind == 3:
        return f"""    // Layout {i}: columns from the container's width.
    func makeAdaptiveLayout{i}() -> UICollectionViewCompositionalLayout {{
        UICollectionViewCompositionalLayout {{ _, environment in
            let width = environment.container.effectiveContentSize.width
            let columns = width > 700 ? 4 : 2
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / CGFloat(columns)), heightDimension: .fractionalHeight(1.0)))
            item.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute({h})), subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }}
    }}
"""
    return f"""    // Layout {i}: a header over estimated rows.
    func makeHeaderLayout{i}() -> UICollectionViewCompositionalLayout {{
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated({h})))
        item.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated({h})), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(44)), elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        header.pinToVisibleBounds = true
        section.boundarySupplementaryItems = [header]
        return UICollectionViewCompositionalLayout(section: section)
    }}
"""


def ordinary(i):
    n = rng.randint(2, 9)
    return f"""    // MARK: ordinary code {i}

    func formattedTotal{i}(_ values: [Int]) -> String {{
        var total = 0
        for (index, value) in values.enumerated() where index % {n} != 0 {{
            switch value {{
            case ..<0: total -= value
            case 0...{rng.randint(10, 99)}: total += value * {n}
            default: total += value / {n}
            }}
        }}
        let label = "total \\(total) of \\(values.count) — 合計 ✅"
        return values.isEmpty ? "" : label
    }}

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt{i} indexPath: IndexPath) {{
        guard indexPath.item < items.count else {{ return }}
        let item = items[indexPath.item]
        selection.insert(item.id)
        delegate?.feed(self, didSelect: item, at: indexPath)
        collectionView.deselectItem(at: indexPath, animated: true)
    }}

    private func reload{i}(animated: Bool) {{
        var snapshot = NSDiffableDataSourceSnapshot<Int, Item.ID>()
        snapshot.appendSections([0])
        snapshot.appendItems(items.map(\\.id).filter {{ $0.hashValue % {n} != 0 }})
        dataSource.apply(snapshot, animatingDifferences: animated)
    }}

"""


head = """import UIKit

enum Metrics {
    static let spacing: CGFloat = 10
    static let margin: CGFloat = 16
}

final class BenchmarkFeedViewController: UIViewController, UICollectionViewDelegate {
    var items: [Item] = []
    var selection = Set<Item.ID>()
    weak var delegate: FeedDelegate?
    var dataSource: UICollectionViewDiffableDataSource<Int, Item.ID>!

    func gridSection(columns: Int, spacing: CGFloat) -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / CGFloat(columns)), heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(1.0 / CGFloat(columns))), subitems: [item])
        group.interItemSpacing = .fixed(spacing)
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = spacing
        return section
    }

"""
parts = [head]
lines = head.count("\n")
per_layout = max(1, (target_lines - 20) // layouts)
k = 0
for i in range(layouts):
    block = layout(i)
    parts.append(block)
    lines += block.count("\n")
    budget = (i + 1) * per_layout
    while lines < budget:
        block = ordinary(k)
        k += 1
        parts.append(block)
        lines += block.count("\n")
parts.append("}\n\nstruct Item: Identifiable, Hashable {\n    let id: UUID\n    var title: String\n}\n\n"
             "protocol FeedDelegate: AnyObject {\n    func feed(_ controller: BenchmarkFeedViewController, didSelect item: Item, at indexPath: IndexPath)\n}\n")
sys.stdout.write("".join(parts))
