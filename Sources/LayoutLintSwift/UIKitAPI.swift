// The compositional layout's API as the Swift reader models it, declared once: each property of the API's
// objects with the class that declares it, its Swift type, whether code can set it, and UIKit's default. The
// evaluator reads, writes and defaults properties through this table, and the model builder reads an object's
// fields by `APIField`, so a misspelt name does not compile. `UIKitTableTests` checks the table against the UIKit
// stub the tests type-check with.
//
// Teaching the reader a property: add its field and its row here; if it changes geometry, read it in
// `ModelBuilder` into the model.

import LayoutLintCore

/// A field an API object keeps: a UIKit property (`contentInsets`), or what a constructor took under a label that
/// no property of that name exposes (`direction`, `subitem`, `count`), or what the reader notes about the object
/// (`madeBy`, `owner`).
enum APIField: String, CaseIterable {
    // UIKit's properties
    case contentInsets, edgeSpacing, layoutSize, supplementaryItems
    case interItemSpacing, subitems
    case zIndex, elementKind, containerAnchor, itemAnchor, extendsBoundary, pinToVisibleBounds, alignment, offset
    case interGroupSpacing, contentInsetsReference, supplementaryContentInsetsReference, orthogonalScrollingBehavior
    case boundarySupplementaryItems, supplementariesFollowContentInsets, visibleItemsInvalidationHandler,
        decorationItems
    case orthogonalScrollingProperties, decelerationRate, bounce
    case scrollDirection, interSectionSpacing
    case configuration
    // constructor arguments kept under their labels
    case direction, subitem, count, repeatingSubitem, itemProvider, group, section, provider, absoluteOffset
    // what the reader notes
    case madeBy, owner
}

/// One property of the API.
struct UIKitProperty {
    /// What UIKit gives the property before code sets it.
    enum Default {
        case zeroInsets, number(Double), integer(Int), member(String), bool(Bool), emptyArray, none
        /// An object of the API the property holds (`layout.configuration`), made on first read.
        case object(APIObject.Kind)
        /// Set by the initializer; there is nothing to default.
        case fromInitializer
    }
    let field: APIField
    /// The class (or struct) that declares it, as UIKit spells it.
    let owner: String
    /// Its Swift type, as UIKit declares it (`NSCollectionLayoutSpacing?`).
    let type: String
    let settable: Bool
    let defaultValue: Default

    var name: String { field.rawValue }
}

enum UIKitAPI {
    /// The classes an object of each kind is, most derived first (the owners its properties and extension methods
    /// come from).
    static func classes(_ kind: APIObject.Kind) -> [String] {
        switch kind {
        case .item: return ["NSCollectionLayoutItem"]
        case .group: return ["NSCollectionLayoutGroup", "NSCollectionLayoutItem"]
        case .section: return ["NSCollectionLayoutSection"]
        case .layout: return ["UICollectionViewCompositionalLayout", "UICollectionViewLayout"]
        case .configuration: return ["UICollectionViewCompositionalLayoutConfiguration"]
        case .boundary:
            return [
                "NSCollectionLayoutBoundarySupplementaryItem", "NSCollectionLayoutSupplementaryItem",
                "NSCollectionLayoutItem",
            ]
        case .supplementary: return ["NSCollectionLayoutSupplementaryItem", "NSCollectionLayoutItem"]
        case .decoration: return ["NSCollectionLayoutDecorationItem", "NSCollectionLayoutItem"]
        case .scrollingProperties: return ["UICollectionLayoutSectionOrthogonalScrollingProperties"]
        default: return []
        }
    }

    static let properties: [UIKitProperty] = [
        .init(
            field: .contentInsets, owner: "NSCollectionLayoutItem", type: "NSDirectionalEdgeInsets", settable: true,
            defaultValue: .zeroInsets),
        .init(
            field: .edgeSpacing, owner: "NSCollectionLayoutItem", type: "NSCollectionLayoutEdgeSpacing?",
            settable: true, defaultValue: .none),
        .init(
            field: .layoutSize, owner: "NSCollectionLayoutItem", type: "NSCollectionLayoutSize", settable: false,
            defaultValue: .fromInitializer),
        .init(
            field: .supplementaryItems, owner: "NSCollectionLayoutItem", type: "[NSCollectionLayoutSupplementaryItem]",
            settable: false, defaultValue: .emptyArray),

        .init(
            field: .interItemSpacing, owner: "NSCollectionLayoutGroup", type: "NSCollectionLayoutSpacing?",
            settable: true, defaultValue: .none),
        .init(
            field: .subitems, owner: "NSCollectionLayoutGroup", type: "[NSCollectionLayoutItem]", settable: false,
            defaultValue: .fromInitializer),

        .init(
            field: .zIndex, owner: "NSCollectionLayoutSupplementaryItem", type: "Int", settable: true,
            defaultValue: .integer(0)),
        .init(
            field: .elementKind, owner: "NSCollectionLayoutSupplementaryItem", type: "String", settable: false,
            defaultValue: .fromInitializer),
        .init(
            field: .containerAnchor, owner: "NSCollectionLayoutSupplementaryItem", type: "NSCollectionLayoutAnchor",
            settable: false, defaultValue: .fromInitializer),
        .init(
            field: .itemAnchor, owner: "NSCollectionLayoutSupplementaryItem", type: "NSCollectionLayoutAnchor?",
            settable: false, defaultValue: .fromInitializer),

        // UIKit draws boundary items above the section's cells: zIndex 1 (docs/format.md).
        .init(
            field: .zIndex, owner: "NSCollectionLayoutBoundarySupplementaryItem", type: "Int", settable: true,
            defaultValue: .integer(1)),
        .init(
            field: .extendsBoundary, owner: "NSCollectionLayoutBoundarySupplementaryItem", type: "Bool", settable: true,
            defaultValue: .bool(true)),
        .init(
            field: .pinToVisibleBounds, owner: "NSCollectionLayoutBoundarySupplementaryItem", type: "Bool",
            settable: true, defaultValue: .bool(false)),
        .init(
            field: .alignment, owner: "NSCollectionLayoutBoundarySupplementaryItem", type: "NSRectAlignment",
            settable: false, defaultValue: .fromInitializer),
        .init(
            field: .offset, owner: "NSCollectionLayoutBoundarySupplementaryItem", type: "CGPoint", settable: false,
            defaultValue: .fromInitializer),

        .init(
            field: .zIndex, owner: "NSCollectionLayoutDecorationItem", type: "Int", settable: true,
            defaultValue: .integer(0)),
        .init(
            field: .elementKind, owner: "NSCollectionLayoutDecorationItem", type: "String", settable: false,
            defaultValue: .fromInitializer),

        .init(
            field: .contentInsets, owner: "NSCollectionLayoutSection", type: "NSDirectionalEdgeInsets", settable: true,
            defaultValue: .zeroInsets),
        .init(
            field: .interGroupSpacing, owner: "NSCollectionLayoutSection", type: "CGFloat", settable: true,
            defaultValue: .number(0)),
        .init(
            field: .contentInsetsReference, owner: "NSCollectionLayoutSection", type: "UIContentInsetsReference",
            settable: true, defaultValue: .member("automatic")),
        .init(
            field: .supplementaryContentInsetsReference, owner: "NSCollectionLayoutSection",
            type: "UIContentInsetsReference", settable: true, defaultValue: .member("automatic")),
        .init(
            field: .orthogonalScrollingBehavior, owner: "NSCollectionLayoutSection",
            type: "UICollectionLayoutSectionOrthogonalScrollingBehavior", settable: true, defaultValue: .member("none")),
        .init(
            field: .boundarySupplementaryItems, owner: "NSCollectionLayoutSection",
            type: "[NSCollectionLayoutBoundarySupplementaryItem]", settable: true, defaultValue: .emptyArray),
        .init(
            field: .supplementariesFollowContentInsets, owner: "NSCollectionLayoutSection", type: "Bool",
            settable: true, defaultValue: .bool(true)),
        .init(
            field: .visibleItemsInvalidationHandler, owner: "NSCollectionLayoutSection",
            type: "NSCollectionLayoutSectionVisibleItemsInvalidationHandler?", settable: true, defaultValue: .none),
        .init(
            field: .decorationItems, owner: "NSCollectionLayoutSection", type: "[NSCollectionLayoutDecorationItem]",
            settable: true, defaultValue: .emptyArray),
        // iOS 17: how the orthogonal scroll decelerates and bounces; it changes no frame.
        .init(
            field: .orthogonalScrollingProperties, owner: "NSCollectionLayoutSection",
            type: "UICollectionLayoutSectionOrthogonalScrollingProperties", settable: false,
            defaultValue: .object(.scrollingProperties)),
        .init(
            field: .decelerationRate, owner: "UICollectionLayoutSectionOrthogonalScrollingProperties",
            type: "UICollectionLayoutSectionOrthogonalScrollingProperties.DecelerationRate", settable: true,
            defaultValue: .member("automatic")),
        .init(
            field: .bounce, owner: "UICollectionLayoutSectionOrthogonalScrollingProperties",
            type: "UICollectionLayoutSectionOrthogonalScrollingProperties.Bounce", settable: true,
            defaultValue: .member("automatic")),

        .init(
            field: .scrollDirection, owner: "UICollectionViewCompositionalLayoutConfiguration",
            type: "UICollectionView.ScrollDirection", settable: true, defaultValue: .member("vertical")),
        .init(
            field: .interSectionSpacing, owner: "UICollectionViewCompositionalLayoutConfiguration", type: "CGFloat",
            settable: true, defaultValue: .number(0)),
        .init(
            field: .boundarySupplementaryItems, owner: "UICollectionViewCompositionalLayoutConfiguration",
            type: "[NSCollectionLayoutBoundarySupplementaryItem]", settable: true, defaultValue: .emptyArray),
        .init(
            field: .contentInsetsReference, owner: "UICollectionViewCompositionalLayoutConfiguration",
            type: "UIContentInsetsReference", settable: true, defaultValue: .member("safeArea")),

        .init(
            field: .configuration, owner: "UICollectionViewCompositionalLayout",
            type: "UICollectionViewCompositionalLayoutConfiguration", settable: true,
            defaultValue: .object(.configuration)),
    ]

    private static let byOwner: [String: [String: UIKitProperty]] = {
        var out: [String: [String: UIKitProperty]] = [:]
        for p in properties { out[p.owner, default: [:]][p.name] = p }
        return out
    }()

    /// The property `name` of an object of `kind`: the most derived class's declaration.
    static func property(_ name: String, of kind: APIObject.Kind) -> UIKitProperty? {
        for c in classes(kind) { if let p = byOwner[c]?[name] { return p } }
        return nil
    }

    /// The property `name`'s type, when every class of the API that declares it gives it the same type (for an
    /// assignment whose target's object is not evaluated: `item.contentInsets = .zero`).
    static func type(ofMember name: String) -> String? {
        let types = Set(properties.lazy.filter { $0.name == name }.map(\.type))
        return types.count == 1 ? types.first : nil
    }
}

extension UIKitAPI {
    /// The API's static factories the evaluator builds objects and values with (`API.swift`, `staticCall`), with
    /// their argument labels ("_" for none). A call whose labels fit none of them is not the API's: Swift picks the
    /// module's own static function of that name (`extension NSCollectionLayoutSection { static func
    /// list(rowHeight:) }` is not `list(using:layoutEnvironment:)`).
    static let factories: [String: [String: [[String]]]] = [
        "NSCollectionLayoutDimension": [
            "fractionalWidth": [["_"]], "fractionalHeight": [["_"]], "absolute": [["_"]], "estimated": [["_"]],
            "uniformAcrossSiblings": [["estimate"]],
        ],
        "NSCollectionLayoutSpacing": ["fixed": [["_"]], "flexible": [["_"]]],
        "NSCollectionLayoutGroup": [
            "horizontal": [
                ["layoutSize", "subitems"], ["layoutSize", "subitem", "count"],
                ["layoutSize", "repeatingSubitem", "count"],
            ],
            "vertical": [
                ["layoutSize", "subitems"], ["layoutSize", "subitem", "count"],
                ["layoutSize", "repeatingSubitem", "count"],
            ],
            "custom": [["layoutSize", "itemProvider"]],
        ],
        "NSCollectionLayoutDecorationItem": ["background": [["elementKind"]]],
        "NSCollectionLayoutSection": ["list": [["using", "layoutEnvironment"]]],
    ]

    /// Whether a call of `type.name` with these labels (nil: none, or a trailing closure) can be the API's factory:
    /// true where the table does not declare `name` for `type`. A written label must be the factory's.
    static func factoryAccepts(_ type: String, _ name: String, labels: [String?]) -> Bool {
        guard let signatures = factories[type]?[name] else { return true }
        return signatures.contains { sig in
            sig.count == labels.count && zip(sig, labels).allSatisfy { s, l in l == nil || l == s }
        }
    }
}

/// The reason an unknown gives for a property of the API that the table does not declare.
let unmodelledPropertyReason = "a property layoutlint does not model"

extension APIObject {
    subscript(_ f: APIField) -> Value? {
        get { fields[f.rawValue] }
        set { fields[f.rawValue] = newValue }
    }
    func set(_ f: APIField, _ value: Value, key: ByteRange, valueRange: ByteRange) {
        set(f.rawValue, value, key: key, valueRange: valueRange)
    }
}
