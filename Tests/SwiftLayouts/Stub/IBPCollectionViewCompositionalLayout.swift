// A stub of IBPCollectionViewCompositionalLayout (kishikawakatsumi's iOS 12 backport of compositional
// layouts), for the corpus files that spell the API with the `IBP` prefix. The backport's classes copy
// UIKit's API one for one, so here each name is an alias of the UIKit stub's type.
//
// Build it after the UIKit stub, as the module `IBPCollectionViewCompositionalLayout`:
//   swiftc -parse-as-library -emit-module -module-name IBPCollectionViewCompositionalLayout -I DIR \
//     Stub/IBPCollectionViewCompositionalLayout.swift -emit-module-path DIR/IBPCollectionViewCompositionalLayout.swiftmodule

import UIKit

public typealias IBPNSCollectionLayoutAnchor = NSCollectionLayoutAnchor
public typealias IBPNSCollectionLayoutBoundarySupplementaryItem = NSCollectionLayoutBoundarySupplementaryItem
public typealias IBPNSCollectionLayoutDecorationItem = NSCollectionLayoutDecorationItem
public typealias IBPNSCollectionLayoutDimension = NSCollectionLayoutDimension
public typealias IBPNSCollectionLayoutEdgeSpacing = NSCollectionLayoutEdgeSpacing
public typealias IBPNSCollectionLayoutGroup = NSCollectionLayoutGroup
public typealias IBPNSCollectionLayoutGroupCustomItem = NSCollectionLayoutGroupCustomItem
public typealias IBPNSCollectionLayoutItem = NSCollectionLayoutItem
public typealias IBPNSCollectionLayoutSection = NSCollectionLayoutSection
public typealias IBPNSCollectionLayoutSize = NSCollectionLayoutSize
public typealias IBPNSCollectionLayoutSpacing = NSCollectionLayoutSpacing
public typealias IBPNSCollectionLayoutSupplementaryItem = NSCollectionLayoutSupplementaryItem
public typealias IBPUICollectionViewCompositionalLayout = UICollectionViewCompositionalLayout
public typealias IBPUICollectionViewCompositionalLayoutConfiguration = UICollectionViewCompositionalLayoutConfiguration
public typealias IBPUICollectionViewCompositionalLayoutSectionProvider = UICollectionViewCompositionalLayoutSectionProvider
public typealias IBPUICollectionLayoutSectionOrthogonalScrollingBehavior = UICollectionLayoutSectionOrthogonalScrollingBehavior
public typealias IBPNSCollectionLayoutContainer = NSCollectionLayoutContainer
public typealias IBPNSCollectionLayoutEnvironment = NSCollectionLayoutEnvironment
public typealias IBPNSCollectionLayoutVisibleItem = NSCollectionLayoutVisibleItem
public typealias IBPNSDirectionalEdgeInsets = NSDirectionalEdgeInsets
public typealias IBPNSDirectionalRectEdge = NSDirectionalRectEdge
public typealias IBPNSRectAlignment = NSRectAlignment
