import UIKit

// Evaluator pattern: a script (a playground page, main.swift). Its top-level statements run in order, so the
// item's insets, the group's spacing and the section's spacing and insets, each set after the object was built,
// are the layout's. The collection view made after the layout changes nothing in it.
let spacing: CGFloat = 10
let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5),
                                                                     heightDimension: .fractionalHeight(1)))
item.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
let group = NSCollectionLayoutGroup.horizontal(
    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120)),
    subitems: [item, item])
group.interItemSpacing = .fixed(spacing)
let section = NSCollectionLayoutSection(group: group)
section.interGroupSpacing = spacing
section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
let layout = UICollectionViewCompositionalLayout(section: section)
let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
// One section of 12 photos.
