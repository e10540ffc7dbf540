// How much of what a file builds was checked: a front end that reads code (the Swift reader) counts its layouts as
// checked, partly checked (read with values it assumed or could not compute), or not checked (named by a note at
// the layout). `lint` prints the sum, so a run with no findings says whether the layouts were read at all.

public struct LayoutCoverage: Sendable, Equatable {
    /// Layouts read with nothing assumed.
    public var checked = 0
    /// Layouts read with at least one value assumed or left unread (`swift-assumption`, `swift-unresolved`).
    public var partly = 0
    /// Layouts not read: a note at each says why.
    public var notChecked = 0
    /// The values the partly checked layouts were read with as layoutlint assumed them (`swift-assumption` notes:
    /// a list's rows as 44-pt estimates, a branch on app state read one way).
    public var assumed = 0
    /// What the partly checked layouts left unknown (`swift-unresolved` notes: a value only the running app knows,
    /// whose section's frames are not computed; a section of a provider not read).
    public var unknown = 0

    public init(checked: Int = 0, partly: Int = 0, notChecked: Int = 0, assumed: Int = 0, unknown: Int = 0) {
        self.checked = checked
        self.partly = partly
        self.notChecked = notChecked
        self.assumed = assumed
        self.unknown = unknown
    }

    public var total: Int { checked + partly + notChecked }

    public static func + (a: LayoutCoverage, b: LayoutCoverage) -> LayoutCoverage {
        LayoutCoverage(
            checked: a.checked + b.checked, partly: a.partly + b.partly, notChecked: a.notChecked + b.notChecked,
            assumed: a.assumed + b.assumed, unknown: a.unknown + b.unknown)
    }

    /// "14 layouts in 9 files: 11 checked, 2 partly (3 values assumed, 1 unknown), 1 not checked"; `files`: the
    /// files that build them.
    public func summary(files: Int) -> String {
        guard total > 0 else { return "no compositional layout is built in these files" }
        var parts: [String] = []
        if checked > 0 { parts.append("\(checked) checked") }
        if partly > 0 {
            var why: [String] = []
            if assumed > 0 { why.append("\(assumed) value\(assumed == 1 ? "" : "s") assumed") }
            if unknown > 0 {
                why.append(assumed > 0 ? "\(unknown) unknown" : "\(unknown) value\(unknown == 1 ? "" : "s") unknown")
            }
            parts.append("\(partly) partly (\(why.joined(separator: ", ")))")
        }
        if notChecked > 0 { parts.append("\(notChecked) not checked") }
        return "\(total) layout\(total == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s"): "
            + parts.joined(separator: ", ")
    }
}
