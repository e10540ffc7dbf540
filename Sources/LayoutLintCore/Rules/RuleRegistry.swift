// The rule registry: every rule's typed id and the type that holds its documentation and check. A diagnostic is made
// with a `RuleID`, so an id that is not a rule's does not compile. The engine (`RuleRegistry.sizeChecks`), the
// catalogue (`RuleCatalog.all`: `layoutlint rules`, docs/rules.md, hover, SARIF) and the config's known ids derive
// from here.

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
    case negativeContentInsets = "negative-content-insets"
    case compoundedFraction = "compounded-fraction"
    case estimateFarFromSize = "estimate-far-from-size"
    case syntax
    case tooManyProblems = "too-many-problems"
    case duplicateKey = "duplicate-key"
    case unknownProperty = "unknown-property"
    case invalidValue = "invalid-value"
    case swiftUnresolved = "swift-unresolved"
    case swiftAssumption = "swift-assumption"
    case swiftLimit = "swift-limit"
    case screenSizeInLayout = "screen-size-in-layout"
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

/// A rule: one type per rule, in a file of its own named after it, holding its documentation and, for a rule that
/// reads resolved sizes, its check. Rules the parser, builder, resolver or the Swift front end report have
/// documentation only.
protocol Rule {
    /// The rule's id, default severity and documentation.
    static var info: RuleInfo { get }
}

/// A rule that reads one environment's resolved layout: `check` runs once per environment and emits findings
/// (`RuleContext.emit`), which `mergeFindings` makes one diagnostic per cause.
protocol SizeRule: Rule {
    static func check(_ ctx: inout RuleContext)
}

extension RuleID {
    /// The rule's type. The switch is exhaustive: a case without its line here does not compile.
    var definition: any Rule.Type {
        switch self {
        case .estimatedContentInsets: return EstimatedContentInsetsRule.self
        case .centeredPagingInterGroupSpacing: return CenteredPagingInterGroupSpacingRule.self
        case .groupOverflow: return GroupOverflowRule.self
        case .noItemFits: return NoItemFitsRule.self
        case .insetsExceedSize: return InsetsExceedSizeRule.self
        case .groupExceedsContainer: return GroupExceedsContainerRule.self
        case .negativeContentInsets: return NegativeContentInsetsRule.self
        case .compoundedFraction: return CompoundedFractionRule.self
        case .estimateFarFromSize: return EstimateFarFromSizeRule.self
        case .pagingInterGroupSpacing: return PagingInterGroupSpacingRule.self
        case .groupPagingItemNarrowed: return GroupPagingItemNarrowedRule.self
        case .countOverridesItemSize: return CountOverridesItemSizeRule.self
        case .repeatingCountGap: return RepeatingCountGapRule.self
        case .estimateWithoutSelfSizing: return EstimateWithoutSelfSizingRule.self
        case .uniformSiblingsParent: return UniformSiblingsParentRule.self
        case .fractionalInset: return FractionalInsetRule.self
        case .fractionalEstimate: return FractionalEstimateRule.self
        case .fractionAboveOne: return FractionAboveOneRule.self
        case .fractionGap: return FractionGapRule.self
        case .flexibleGroupEdgeSpacing: return FlexibleGroupEdgeSpacingRule.self
        case .mainAxisFractionalHeight: return MainAxisFractionalHeightRule.self
        case .estimatedOrthogonal: return EstimatedOrthogonalRule.self
        case .duplicateElementKind: return DuplicateElementKindRule.self
        case .pinnedHeaderZIndex: return PinnedHeaderZIndexRule.self
        case .unmatchedEnvironment: return UnmatchedEnvironmentRule.self
        case .unreachableVariant: return UnreachableVariantRule.self
        case .unusedDefinition: return UnusedDefinitionRule.self
        case .unusedSuppression: return UnusedSuppressionRule.self
        case .duplicateSectionName: return DuplicateSectionNameRule.self
        case .emptySectionInterGroupSpacing: return EmptySectionInterGroupSpacingRule.self
        case .nonPositiveDimension: return NonPositiveDimensionRule.self
        case .syntax: return SyntaxRule.self
        case .tooManyProblems: return TooManyProblemsRule.self
        case .duplicateKey: return DuplicateKeyRule.self
        case .unknownProperty: return UnknownPropertyRule.self
        case .invalidValue: return InvalidValueRule.self
        case .swiftUnresolved: return SwiftUnresolvedRule.self
        case .swiftAssumption: return SwiftAssumptionRule.self
        case .swiftLimit: return SwiftLimitRule.self
        case .screenSizeInLayout: return ScreenSizeInLayoutRule.self
        case .swiftSpelling: return SwiftSpellingRule.self
        case .wrongType: return WrongTypeRule.self
        case .missingProperty: return MissingPropertyRule.self
        case .unresolvedRef: return UnresolvedRefRule.self
        case .refCycle: return RefCycleRule.self
        }
    }
}

enum RuleRegistry {
    /// The size rules' checks, in registry order: what `collectFindings` runs in each environment. (Their order
    /// does not show: `mergeFindings` keeps one diagnostic per rule and range, and every output is sorted.)
    static let sizeChecks: [RuleCheck] = RuleID.allCases.compactMap { id in
        // (A rule is a stateless enum: its metatype is safe to share. Swift 6.2 has `SendableMetatype` to say so,
        // which earlier compilers do not know.)
        guard let found = id.definition as? any SizeRule.Type else { return nil }
        nonisolated(unsafe) let rule = found
        return { rule.check(&$0) }
    }
}
