#!/usr/bin/env python3
"""Writes a generated app tree of Swift files for the Swift front end's benchmark (BENCHMARKS.md, "Swift: an app
tree"): FILES files (default 2,000) of about 10 KB each (~20 MB), in feature folders. 5 % of them build compositional
layouts; a third of those use helpers declared in other files (`AppMetrics` in a file that never names the API, and
`NSCollectionLayoutSection.list(rowHeight:)` / `.grid(columns:)` in `Shared/LayoutKit.swift`). The rest is ordinary
app code (models, view models, services, views) that parses and never names the API.

Usage: gen_swift_app.py OUT_DIR [FILES]   (deterministic: the same tree every time)
"""
import os
import random
import sys

out = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
rng = random.Random(42)
TARGET = 8_500  # bytes per file before the last block: about 10 KB per file

FEATURES = ["Home", "Search", "Profile", "Settings", "Feed", "Cart", "Checkout", "Library", "Player", "Messages",
            "Notifications", "Onboarding", "Explore", "Orders", "Wallet", "Photos", "Calendar", "Maps", "Reviews",
            "Support"]
TYPES = ["Int", "String", "Double", "Bool", "Date", "[String]", "URL?", "UUID"]


def ident(prefix):
    return prefix + "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(5)).capitalize()


def model(name):
    fields = [(ident("f").lower(), rng.choice(TYPES)) for _ in range(rng.randint(4, 10))]
    s = f"struct {name}: Codable, Hashable, Sendable {{\n"
    for f, t in fields:
        s += f"    var {f}: {t}\n"
    s += f"\n    static func == (a: {name}, b: {name}) -> Bool {{\n        " + \
         " && ".join(f"a.{f} == b.{f}" for f, _ in fields[:3]) + "\n    }\n"
    s += f"    func hash(into h: inout Hasher) {{\n" + "".join(f"        h.combine({f})\n" for f, _ in fields[:3]) + "    }\n}\n\n"
    return s


def function(owner):
    name = ident("compute").replace("Compute", "compute")
    n = rng.randint(2, 6)
    body = [f"        var total = 0",
            f"        for (index, value) in values.enumerated() where index % {n} != 0 {{",
            f"            switch value {{",
            f"            case ..<0: total -= value",
            f"            case 0...{rng.randint(10, 99)}: total += value * {n}",
            f"            default: total += value / {n}",
            f"            }}",
            f"        }}",
            f"        let label = \"\\({owner}.self) total: \\(total), count: \\(values.count)\"",
            f"        guard !label.isEmpty else {{ return nil }}",
            f"        let mapped = values.filter {{ $0 > {rng.randint(0, 9)} }}.map {{ Double($0) * {rng.random():.3f} }}",
            f"        return mapped.reduce(0, +) > Double(total) ? label : label.uppercased()"]
    return f"    func {name}(_ values: [Int]) -> String? {{\n" + "\n".join(body) + "\n    }\n\n"


def view_model(name):
    s = f"@MainActor\nfinal class {name}ViewModel: ObservableObject {{\n"
    s += f"    @Published private(set) var items: [{name}Item] = []\n    @Published var isLoading = false\n"
    s += f"    private let service: {name}Service\n\n    init(service: {name}Service) {{ self.service = service }}\n\n"
    s += f"    func load() async {{\n        isLoading = true\n        defer {{ isLoading = false }}\n" \
         f"        do {{\n            items = try await service.fetch(page: 0)\n        }} catch {{\n" \
         f"            print(\"failed: \\(error)\")\n        }}\n    }}\n\n"
    return s


def filler(name, size):
    s = ""
    k = 0
    while len(s) < size:
        s += model(f"{name}Item{k}" if k else f"{name}Item")
        s += f"protocol {name}Service{k or ''} {{\n    func fetch(page: Int) async throws -> [{name}Item]\n}}\n\n"
        s += view_model(f"{name}{k}" if k else name)
        for _ in range(rng.randint(3, 6)):
            s += function(f"{name}ViewModel")
        s += "}\n\n"
        k += 1
    return s


def layout_code(name, kind):
    if kind == "helpers":  # helpers declared in other files
        return f"""    func createLayout() -> UICollectionViewLayout {{
        UICollectionViewCompositionalLayout {{ index, environment in
            switch index {{
            case 0: return .grid(columns: environment.container.effectiveContentSize.width > 500 ? 4 : 2)
            default: return .list(rowHeight: AppMetrics.rowHeight)
            }}
        }}
    }}
"""
    if kind == "provider":
        return f"""    func createLayout() -> UICollectionViewLayout {{
        let config = UICollectionViewCompositionalLayoutConfiguration()
        config.interSectionSpacing = {rng.choice([8, 12, 16, 20])}
        return UICollectionViewCompositionalLayout(sectionProvider: {{ sectionIndex, environment in
            let columns = environment.container.effectiveContentSize.width > 800 ? {rng.randint(3, 5)} : {rng.randint(1, 2)}
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / CGFloat(columns)), heightDimension: .fractionalHeight(1.0)))
            item.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute({rng.choice([44, 80, 120, 200])})), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = {rng.choice([0, 4, 8, 10])}
            if sectionIndex == 0 {{ section.orthogonalScrollingBehavior = .groupPaging }}
            return section
        }}, configuration: config)
    }}
"""
    w = rng.choice(["0.5", "0.25", "1.0", "0.3333"])
    return f"""    func createLayout() -> UICollectionViewLayout {{
        let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth({w}), heightDimension: .fractionalHeight(1.0))
        let item = NSCollectionLayoutItem(layoutSize: itemSize)
        item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute({rng.choice([44, 100, 150])}))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(44)), elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        section.boundarySupplementaryItems = [header]
        return UICollectionViewCompositionalLayout(section: section)
    }}
"""


def write(path, text):
    full = os.path.join(out, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)


total = 0
write("Shared/AppMetrics.swift", "import CoreGraphics\n\nenum AppMetrics {\n    static let rowHeight: CGFloat = 56\n"
      "    static let spacing: CGFloat = 12\n    static let inset: CGFloat = 16\n}\n\n" + filler("Metrics", TARGET - 200))
write("Shared/LayoutKit.swift", """import UIKit

extension NSCollectionLayoutSection {
    static func list(rowHeight: CGFloat) -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(rowHeight)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = AppMetrics.spacing
        return section
    }

    static func grid(columns: Int) -> NSCollectionLayoutSection {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / CGFloat(columns)), heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(1.0 / CGFloat(columns))), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: AppMetrics.inset, leading: AppMetrics.inset, bottom: AppMetrics.inset, trailing: AppMetrics.inset)
        return section
    }
}
""")
layouts = 1  # LayoutKit.swift
for i in range(count - 2):
    feature = FEATURES[i % len(FEATURES)]
    name = f"{feature}{i}"
    is_layout = layouts < count * 5 // 100 and i % 20 == 7
    if is_layout:
        layouts += 1
        kind = ["helpers", "provider", "plain"][i // 20 % 3]
        text = f"import UIKit\n\nfinal class {name}ViewController: UIViewController {{\n" + layout_code(name, kind) + "}\n\n"
        text += filler(name, TARGET - len(text))
        write(f"{feature}/{name}ViewController.swift", text)
    else:
        kind = ["Models", "ViewModels", "Services", "Views"][i % 4]
        write(f"{feature}/{kind}/{name}.swift", "import Foundation\n\n" + filler(name, TARGET))
print(f"{count} files, {layouts} of them building layouts (LayoutKit.swift included), in {out}")
