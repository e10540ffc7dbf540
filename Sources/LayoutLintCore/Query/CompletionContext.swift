// What kind of object a JSON path names, which keys it takes and what values a key takes: completion and hover
// work from the syntax tree (the model may be broken while the user types).

public enum ObjectSchema: Sendable, Equatable {
    case root, configuration, definitions, section, variant, when, element(isGroup: Bool)
    case boundary, supplementary, decoration, anchor, insets, edgeSpacing, environment

    public var keys: [String] {
        switch self {
        case .root: return Keys.root
        case .configuration: return Keys.configuration
        case .definitions: return []
        case .section: return Keys.section
        case .variant: return Keys.variant
        case .when: return Keys.when
        case .element(let g): return g ? Keys.group : Keys.item + ["direction"]
        case .boundary: return Keys.boundary
        case .supplementary: return Keys.supplementary
        case .decoration: return Keys.decoration
        case .anchor: return Keys.anchor
        case .insets: return Keys.insets
        case .edgeSpacing: return Keys.edgeSpacing
        case .environment: return Keys.environment
        }
    }
}

/// The schema of the object at `components` (the unescaped path from the root). `object` is the object itself,
/// when it exists, to tell a group from an item and what a definition holds.
public func objectSchema(components c: [String], object: JSONNode?) -> ObjectSchema? {
    func elementSchema() -> ObjectSchema {
        let groupKeys = ["direction", "subitems", "subitem", "repeatingSubitem", "count", "frames", "interItemSpacing"]
        let isGroup = object.map { o in o.properties.contains { groupKeys.contains($0.key) } } ?? false
        return .element(isGroup: isGroup)
    }
    guard let last = c.last else { return .root }
    let n = c.count
    if n == 1 {
        switch last {
        case "configuration": return .configuration
        case "definitions": return .definitions
        default: return nil
        }
    }
    let parent = c[n - 2]
    let isIndex = Int(last) != nil
    if n == 2 && parent == "definitions" {
        guard let o = object else { return elementSchema() }
        if o["elementKind"] != nil {
            if o["containerAnchor"] != nil || o["itemAnchor"] != nil { return .supplementary }
            if o["width"] == nil && o["height"] == nil { return .decoration }
            return .boundary
        }
        if o["group"] != nil || o["variants"] != nil { return .section }
        return elementSchema()
    }
    if n == 2 && parent == "environments" && isIndex { return .environment }
    if n == 2 && parent == "sections" && isIndex { return .section }
    if isIndex {
        switch parent {
        case "variants": return .variant
        case "subitems": return elementSchema()
        case "boundarySupplementaryItems": return .boundary
        case "supplementaryItems": return .supplementary
        case "decorationItems": return .decoration
        default: return nil
        }
    }
    switch last {
    case "when": return .when
    case "group": return .element(isGroup: true)
    case "subitem", "repeatingSubitem": return elementSchema()
    case "contentInsets", "safeAreaInsets", "layoutMargins": return .insets
    case "edgeSpacing": return .edgeSpacing
    case "containerAnchor", "itemAnchor": return .anchor
    default: return nil
    }
}

/// What a key's value may be, for completion.
public enum ValueCompletion: Sendable, Equatable {
    case enumeration([String])
    case boolean
    case dimension
    case spacing
    case reference
    case environmentName
    case none
}

public func valueCompletion(forKey key: String, in schema: ObjectSchema) -> ValueCompletion {
    switch (schema, key) {
    case (_, "$ref"): return .reference
    case (.element, "direction"): return .enumeration(GroupDirection.allCases.map(\.rawValue))
    case (.section, "orthogonalScrollingBehavior"), (.variant, "orthogonalScrollingBehavior"):
        return .enumeration(OrthogonalScrollingBehavior.allCases.map(\.rawValue))
    case (_, "contentInsetsReference"), (_, "supplementaryContentInsetsReference"):
        return .enumeration(InsetsReference.allCases.map(\.rawValue))
    case (.boundary, "alignment"), (.anchor, "edges"): return .enumeration(RectAlignment.allCases.map(\.rawValue))
    case (.configuration, "scrollDirection"): return .enumeration(["vertical", "horizontal"])
    case (_, "horizontalSizeClass"), (_, "verticalSizeClass"): return .enumeration(SizeClass.allCases.map(\.rawValue))
    case (.element, "width"), (.element, "height"), (.boundary, "width"), (.boundary, "height"),
        (.supplementary, "width"), (.supplementary, "height"):
        return .dimension
    case (.element, "interItemSpacing"), (.edgeSpacing, _): return .spacing
    case (.boundary, "extendsBoundary"), (.boundary, "pinToVisibleBounds"): return .boolean
    case (.when, "environment"): return .environmentName
    default: return .none
    }
}

/// The spelled-out forms of a dimension and a spacing, with a placeholder number (for snippets: `${1:…}`).
public enum ValueForms {
    public static let dimensions: [(name: String, placeholder: String)] = [
        ("fractionalWidth", "1"), ("fractionalHeight", "1"), ("absolute", "44"), ("estimated", "44"),
        ("uniformAcrossSiblings", "estimate: 44"),
    ]
    public static let spacings: [(name: String, placeholder: String)] = [("fixed", "8"), ("flexible", "0")]
}
