// The document builder's readers of single values: numbers, strings, enumerations, dimensions, spacing, insets,
// each reporting what it cannot read.

extension DocumentBuilder {
    func number(_ e: Entry, min: Double? = nil) -> Double? {
        guard let v = e.value else { return nil }
        guard v.kind == .number else { wrongTypeNumber(e, expected: "a number"); return nil }
        let x = v.numberValue
        guard x.isFinite, abs(x) <= limits.maxPoints else {
            report(
                .invalidValue, .error,
                "\"\(e.key)\" is out of range: \(formatPoints(x)) (at most \(formatPoints(limits.maxPoints)))", v.range)
            return nil
        }
        if let min, x < min {
            report(
                .invalidValue, .error, "\"\(e.key)\" must be at least \(formatPoints(min)), not \(formatPoints(x))",
                v.range)
            return nil
        }
        return x == 0 ? 0 : x // -0 reads as 0
    }

    func integer(_ e: Entry, min: Int, max: Int, rule: RuleID = .invalidValue) -> Int? {
        guard let v = e.value else { return nil }
        guard v.kind == .number else { wrongTypeNumber(e, expected: "a whole number", whole: true); return nil }
        let x = v.numberValue
        guard x.isFinite, x.rounded() == x else {
            report(.invalidValue, .error, "\"\(e.key)\" must be a whole number, not \(formatPoints(x))", v.range)
            return nil
        }
        if x < Double(min) {
            report(rule, .error, "\"\(e.key)\" must be at least \(min), not \(formatPoints(x))", v.range)
            return nil
        }
        if x > Double(max) {
            report(.invalidValue, .error, "\"\(e.key)\" is out of range: \(formatPoints(x)) (at most \(max))", v.range)
            return nil
        }
        return Int(x)
    }

    func string(_ e: Entry) -> String? {
        guard let v = e.value else { return nil }
        guard v.kind == .string else { wrongType(e, expected: "a string"); return nil }
        return v.stringValue
    }

    func bool(_ e: Entry) -> Bool? {
        guard let v = e.value else { return nil }
        guard v.kind == .bool else { wrongType(e, expected: "true or false"); return nil }
        return v.boolValue
    }

    func enumValue<T: RawRepresentable & CaseIterable>(_ e: Entry, _ type: T.Type) -> T? where T.RawValue == String {
        guard let s = string(e), let v = e.value else { return nil }
        if let t = T(rawValue: s) { return t }
        if let plain = withoutSwiftSpelling(s), let t = T(rawValue: plain) {
            swiftSpelling(s, plain, v.range); return t
        }
        let all = T.allCases.map(\.rawValue)
        invalidValue(e.key, s, v.range, among: all)
        return nil
    }

    func invalidValue(_ key: String, _ text: String, _ range: ByteRange, among: [String], forms: String? = nil) {
        var msg = "\"\(text)\" is not a valid \(key)"
        var fix: Fix?
        if let s = suggest(text, among: among) {
            msg += "; did you mean \"\(s)\"?"
            fix = Fix(
                title: "Replace with \"\(s)\"", edits: [TextEdit(range: range, newText: "\"\(s)\"")], isSafe: false)
        } else {
            msg += " (expected \(forms ?? among.map { "\"\($0)\"" }.joined(separator: ", ")))"
        }
        report(.invalidValue, .error, msg, range, fix: fix)
    }

    /// The error for a dimension or spacing text that does not read (`what`), most telling first: a misspelt name
    /// whose repair reads (`named`), a fraction in points or one that divides by zero (`argumentProblem`, for the
    /// calls `pointNames` that take points), a slip `repairCall` mends, or else `otherwise`. Each "did you mean" comes
    /// with its repair as a fix the editor offers (not `--fix`: it guesses).
    func reportUnreadable(
        _ t: String, shown: String? = nil, what: String, named: String?, pointNames: [String], parses: (String) -> Bool,
        otherwise: String, range: ByteRange
    ) {
        let written = shown ?? t
        func replace(_ newText: String, title: String) -> Fix {
            Fix(title: "Replace with \(title)", edits: [TextEdit(range: range, newText: newText)], isSafe: false)
        }
        if let named, parses(named) {
            report(
                .invalidValue, .error, "\"\(written)\" is not a \(what); did you mean \"\(named)\"?", range,
                fix: replace(jsonQuoted(named), title: "\"\(named)\""))
        } else if let (problem, repaired) = argumentProblem(named ?? t, names: pointNames, parses: parses) {
            report(
                .invalidValue, .error,
                "\"\(written)\" is not a \(what): \(problem)\(repaired.map { "; did you mean \"\($0)\"?" } ?? "")",
                range,
                fix: repaired.map { replace(jsonQuoted($0), title: "\"\($0)\"") })
        } else if let r = repairCall(t, parses: parses) {
            let (shown, newText) =
                switch r {
                case .text(let s): ("\"\(s)\"", jsonQuoted(s))
                case .number(let n): ("the number \(n)", n)
                }
            let why: String
            if case .text(let s) = r, let reason = repairReason(from: t, to: s) {
                why = " (\(reason))"
            } else {
                why = ""
            }
            report(
                .invalidValue, .error, "\"\(written)\" is not a \(what); did you mean \(shown)?\(why)", range,
                fix: replace(newText, title: newText))
        } else if let (n, _) = numberInString(t) {
            report(
                .invalidValue, .error, "\"\(written)\" is not a \(what); did you mean the number \(n) (points)?", range,
                fix: replace(n, title: "the number \(n)"))
        } else {
            report(.invalidValue, .error, otherwise, range)
        }
    }

    func dimension(_ e: Entry) -> Dimension? {
        guard let v = e.value else { return nil }
        var kind = Dimension.Kind.absolute
        var value: Double
        switch v.kind {
        case .number:
            value = v.numberValue
        case .string:
            var text = v.stringValue
            if Dimension.parse(text) == nil, let plain = withoutSwiftSpelling(text), Dimension.parse(plain) != nil {
                swiftSpelling(text, plain, v.range)
                text = plain
            }
            let parsed = Dimension.parse(text)
            if parsed == nil, let (k, f) = Dimension.parseFormula(text) {
                // A size of the environment's: a number in each environment the resolver resolves.
                var d = Dimension(kind: k, value: 0, range: v.range)
                d.formula = f
                return d
            }
            guard let (k, x) = parsed else {
                let t = withoutSwiftSpelling(text) ?? text
                let name = t.split(separator: "(").first.map(String.init)?.trimmingSpaces() ?? t
                let arg = t.firstIndex(of: "(").map { String(t[$0...]) } ?? "(…)"
                let names = Dimension.Kind.allNames
                let named = suggest(name, among: names).flatMap { s -> String? in
                    guard s != name else { return nil }
                    return s == "uniformAcrossSiblings"
                        ? "uniformAcrossSiblings(estimate: \(arg.dropFirst().dropLast()))" : s + arg
                }
                reportUnreadable(
                    t, shown: v.stringValue, what: "dimension", named: named,
                    pointNames: ["absolute", "estimated", "uniformAcrossSiblings"],
                    parses: { Dimension.parse($0) != nil },
                    otherwise:
                        "\"\(v.stringValue)\" is not a dimension (expected \(Keys.dimensionForms.map { "\"\($0)\"" }.joined(separator: ", ")) or a number of points; fractions may be written 1/3)",
                    range: v.range)
                return nil
            }
            kind = k
            value = x
        default:
            wrongType(e, expected: "a dimension such as \"fractionalWidth(1)\" or a number")
            return nil
        }
        let d = Dimension(kind: kind, value: value, range: v.range)
        if let problem = DimensionCheck.of(kind, value, limits: limits) {
            let axis: Axis = e.key.sameKey(as: "height") ? .vertical : .horizontal
            let subject: String
            var fix: Fix?
            switch problem {
            case .outOfRange: subject = "\(e.key) \(formatPoints(value))"
            case .nonPositive: subject = "\(e.key) \(d.swiftDescription)"
            case .fractionalEstimate:
                subject = d.swiftDescription
                let fraction = DimensionCheck.fraction(of: d, axis: axis)
                fix = Fix(
                    title: "Replace with \"\(fraction)\"",
                    edits: [TextEdit(range: v.range, newText: jsonQuoted(fraction))], isSafe: false)
            }
            report(problem.rule, problem.severity, problem.message(d, subject: subject, axis: axis), v.range, fix: fix)
            if problem.dropsElement { return nil }
        }
        return d
    }

    func spacing(_ e: Entry) -> Spacing? {
        guard let v = e.value else { return nil }
        switch v.kind {
        case .number:
            guard let x = number(e) else { return nil }
            return Spacing(isFlexible: false, value: x, range: v.range)
        case .string:
            var text = v.stringValue
            if Spacing.parse(text) == nil, let plain = withoutSwiftSpelling(text), Spacing.parse(plain) != nil {
                swiftSpelling(text, plain, v.range)
                text = plain
            }
            guard let (flex, x) = Spacing.parse(text), x.isFinite, abs(x) <= limits.maxPoints else {
                let t = withoutSwiftSpelling(text) ?? text
                let name = t.split(separator: "(").first.map(String.init)?.trimmingSpaces() ?? t
                let named = suggest(name, among: ["fixed", "flexible"]).flatMap { s -> String? in
                    guard s != name, let open = t.firstIndex(of: "(") else { return nil }
                    return s + t[open...]
                }
                // (A spacing that reads but is out of range gets `otherwise`: it has no fraction and nothing to mend.)
                reportUnreadable(
                    t, shown: v.stringValue, what: "spacing", named: named, pointNames: ["fixed", "flexible"],
                    parses: { Spacing.parse($0) != nil },
                    otherwise:
                        "\"\(v.stringValue)\" is not a spacing (expected \"fixed(N)\", \"flexible(N)\" or a number of points)",
                    range: v.range)
                return nil
            }
            if flex && x < 0 {
                report(.invalidValue, .error, "flexible spacing must not be negative (\(formatPoints(x)))", v.range)
                return nil
            }
            return Spacing(isFlexible: flex, value: x, range: v.range)
        default:
            wrongType(e, expected: "a spacing such as \"fixed(8)\", \"flexible(0)\" or a number")
            return nil
        }
    }

    func insets(_ e: Entry) -> Insets? {
        guard let v = e.value else { return nil }
        switch v.kind {
        case .number:
            guard let x = number(e) else { return nil }
            var i = Insets(top: x, leading: x, bottom: x, trailing: x, range: v.range)
            for edge in Insets.Edge.allCases { i.edgeRanges[edge] = v.range }
            return i
        case .array:
            guard v.elements.count == 4 else {
                report(
                    .invalidValue, .error,
                    "insets as an array take 4 numbers [top, leading, bottom, trailing], not \(v.elements.count)",
                    v.range)
                return nil
            }
            var vals: [Double] = []
            for (i, el) in v.elements.enumerated() {
                // Named like `contentInsets[0]` for messages; its pointer is never asked for.
                let sub = Entry(
                    prop: JSONProperty(key: e.key + "[\(i)]", keyRange: el.range, value: el), parentPath: e.parentPath,
                    objectRange: v.range)
                guard let x = number(sub) else { return nil }
                vals.append(x)
            }
            var ins = Insets(top: vals[0], leading: vals[1], bottom: vals[2], trailing: vals[3], range: v.range)
            for (i, edge) in [Insets.Edge.top, .leading, .bottom, .trailing].enumerated() {
                ins.edgeRanges[edge] = v.elements[i].range
            }
            return ins
        case .object:
            // Followed through a `$ref` (its own edges overriding the target's), as edgeSpacing is: a `$ref` here was
            // skipped without a word, and the insets it named were 0.
            return withView(v, path: e.path, anchor: e.prop.keyRange, expected: "an object", key: "\"\(e.key)\"") {
                view in
                checkKeys(view, allowed: Keys.insets, element: "insets")
                var ins = Insets(range: v.range)
                if view.refTarget != nil { ins.refRange = v.property("$ref")?.value?.range }
                for edge in Insets.Edge.allCases {
                    guard let sub = view.entry(edge.rawValue), let x = number(sub) else { continue }
                    switch edge {
                    case .top: ins.top = x
                    case .leading: ins.leading = x
                    case .bottom: ins.bottom = x
                    case .trailing: ins.trailing = x
                    }
                    ins.edgeRanges[edge] = sub.value?.range
                }
                return ins
            }
        default:
            wrongTypeNumber(e, expected: "insets: a number, [top, leading, bottom, trailing] or an object")
            return nil
        }
    }

    func pair(_ e: Entry) -> (Double, Double)? {
        guard let v = e.value else { return nil }
        guard v.kind == .array, v.elements.count == 2,
            v.elements.allSatisfy({ $0.kind == .number && $0.numberValue.isFinite })
        else {
            wrongType(e, expected: "[x, y] (two numbers)")
            return nil
        }
        return (v.elements[0].numberValue, v.elements[1].numberValue)
    }
}
