// The rule registry: every rule's typed id. A diagnostic is made with a `RuleID`, so an id that is not a rule's does
// not compile.

/// A rule's identity; its raw value is the id users see (in output, `.layoutlint.json`, suppression comments, links).
/// The cases are in the order `layoutlint rules` and docs/rules.md list the rules.
public enum RuleID: String, CaseIterable, Sendable, Comparable {
    case estimatedContentInsets = "estimated-content-insets"
    case centeredPagingInterGroupSpacing = "centered-paging-inter-group-spacing"
    case groupOverflow = "group-overflow"
    case noItemFits = "no-item-fits"
    case insetsExceedSize = "insets-exceed-size"
    case groupExceedsContainer = "group-exceeds-container"
    case pagingInterGroupSpacing = "paging-inter-group-spacing"
    case groupPagingItemNarrowed = "group-paging-item-narrowed"
    case countOverridesItemSize = "count-overrides-item-size"
    case repeatingCountGap = "repeating-count-gap"
    case estimateWithoutSelfSizing = "estimate-without-self-sizing"
    case uniformSiblingsParent = "uniform-siblings-parent"
    case fractionalInset = "fractional-inset"
    case fractionalEstimate = "fractional-estimate"
    case fractionAboveOne = "fraction-above-one"
    case fractionGap = "fraction-gap"
    case flexibleGroupEdgeSpacing = "flexible-group-edge-spacing"
    case mainAxisFractionalHeight = "main-axis-fractional-height"
    case estimatedOrthogonal = "estimated-orthogonal"
    case duplicateElementKind = "duplicate-element-kind"
    case pinnedHeaderZIndex = "pinned-header-z-index"
    case unmatchedEnvironment = "unmatched-environment"
    case unreachableVariant = "unreachable-variant"
    case unusedDefinition = "unused-definition"
    case unusedSuppression = "unused-suppression"
    case duplicateSectionName = "duplicate-section-name"
    case emptySectionInterGroupSpacing = "empty-section-inter-group-spacing"
    case nonPositiveDimension = "non-positive-dimension"
    case syntax
    case tooManyProblems = "too-many-problems"
    case duplicateKey = "duplicate-key"
    case unknownProperty = "unknown-property"
    case invalidValue = "invalid-value"
    case swiftUnresolved = "swift-unresolved"
    case swiftAssumption = "swift-assumption"
    case swiftLimit = "swift-limit"
    case swiftSpelling = "swift-spelling"
    case wrongType = "wrong-type"
    case missingProperty = "missing-property"
    case unresolvedRef = "unresolved-ref"
    case refCycle = "ref-cycle"

    /// Ordered by the id's text (the order diagnostics at one place are reported in).
    public static func < (a: RuleID, b: RuleID) -> Bool { a.rawValue < b.rawValue }
}

extension SyntaxError.Code {
    /// The rule of the parser's diagnostic.
    var rule: RuleID {
        switch self {
        case .syntax: return .syntax
        case .duplicateKey: return .duplicateKey
        }
    }
}
