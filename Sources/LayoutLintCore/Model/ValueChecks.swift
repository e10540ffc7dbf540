// The checks of one dimension's value that every front end makes as it builds the layout model: the spec builder
// (`BuilderValues.dimension`) and the Swift reader (`Evaluator.checkDimension`) both ask `DimensionCheck.of`, so a
// value is judged the same whichever front end read it, and only the words for where it stands differ.

/// What is wrong with a dimension's value, if anything.
public enum DimensionCheck: Equatable, Sendable {
    /// Not finite, or larger than a model takes: an `invalid-value` error; the element is not built.
    case outOfRange(limit: Double)
    /// Zero or negative: `non-positive-dimension`; the element is not built. A negative size is an error; a zero one
    /// a warning (UIKit logs it at run time and draws nothing: Firefox's homepage keeps a deliberately empty
    /// fallback section of `.absolute(0)` sizes, its comment noting the warnings).
    case nonPositive(zero: Bool)
    /// An estimate below one point (`estimated(0.5)`): a `fractional-estimate` warning; the element is built.
    case fractionalEstimate

    /// The problem of `value` as a dimension of `kind`, or nil.
    public static func of(_ kind: Dimension.Kind, _ value: Double, limits: ModelLimits = ModelLimits())
        -> DimensionCheck?
    {
        let fractional = kind == .fractionalWidth || kind == .fractionalHeight
        let limit = fractional ? 1000 : limits.maxPoints
        if !value.isFinite || abs(value) > limit { return .outOfRange(limit: limit) }
        if value <= 0 { return .nonPositive(zero: value == 0) }
        if (kind == .estimated || kind == .uniformAcrossSiblings) && value < 1 { return .fractionalEstimate }
        return nil
    }

    public var rule: RuleID {
        switch self {
        case .outOfRange: return .invalidValue
        case .nonPositive: return .nonPositiveDimension
        case .fractionalEstimate: return .fractionalEstimate
        }
    }

    public var severity: Severity {
        switch self {
        case .outOfRange, .nonPositive(zero: false): return .error
        case .nonPositive(zero: true), .fractionalEstimate: return .warning
        }
    }

    /// Whether the element with this value is left out of the model (as UIKit would throw or draw nothing).
    public var dropsElement: Bool { self != .fractionalEstimate }

    /// The message, `subject` naming the value as its front end writes it (`height .estimated(0.5)`,
    /// `.estimated(0.5)`); `axis` is the size's side the dimension stands for, where known (the fraction it
    /// suggests is of that side).
    public func message(_ d: Dimension, subject: String, axis: Axis?) -> String {
        switch self {
        case .outOfRange(let limit):
            return "\(subject) is out of range (at most \(formatPoints(limit)))"
        case .nonPositive:
            if d.value == 0 {
                return
                    "\(subject) is zero: UIKit draws nothing of the element and logs a warning at run time (for a section meant to be empty, suppress this here)"
            }
            return "\(subject) is negative: UIKit cannot lay out an element without a positive size"
        case .fractionalEstimate:
            let fraction = DimensionCheck.fraction(of: d, axis: axis)
            return
                "\(subject) estimates \(formatPoints(d.value)) pt: an estimate is in points, not a fraction of the container; a fraction is \(fraction)"
        }
    }

    /// The fraction a fractional estimate most likely meant: of the side it stands for (`fractionalHeight(0.5)`).
    public static func fraction(of d: Dimension, axis: Axis?) -> String {
        let v = formatPoints(d.value)
        switch axis {
        case .horizontal?: return "fractionalWidth(\(v))"
        case .vertical?: return "fractionalHeight(\(v))"
        case nil: return "fractionalWidth(\(v)) or fractionalHeight(\(v))"
        }
    }
}
