// Assignments: to locals, to `self`'s fields and properties, to the API's objects (coerced as `UIKitAPI` types
// them; a property the table lacks is a note at the write), and to the members of insets, records and edge spacing.

import LayoutLintCore
import SwiftSyntax

extension Evaluator {
    // MARK: assignment

    /// The type a target of an assignment holds (so that `item.contentInsets = .zero` reads `.zero` as insets).
    func expectedForTarget(_ target: ExprSyntax, _ scope: Scope, _ file: Int) throws -> Expect? {
        if let d = target.as(DeclReferenceExprSyntax.self) {
            if let b = scope.lookup(d.baseName.text) {
                return expectation(ofType: b.type) ?? expectation(like: b.value)
            }
            return nil
        }
        guard let m = target.as(MemberAccessExprSyntax.self) else { return nil }
        let name = m.declName.baseName.text
        if let t = UIKitAPI.type(ofMember: name) { return expectation(ofType: t) }
        switch name {
        case "top", "leading", "bottom", "trailing", "left", "right", "width", "height", "x", "y": return .cgfloat
        default: return nil
        }
    }

    func assign(
        _ target: ExprSyntax, _ value: Value, rhsRange: ByteRange, statement: ByteRange, _ scope: Scope, _ file: Int
    ) throws {
        if target.is(DiscardAssignmentExprSyntax.self) { return }
        // Half-typed (`section.interGroupSpacing =` and nothing yet): the layout reads as it was before the line.
        if case .unknown(let u) = value, u.reason == typingReason { return }
        if let d = target.as(DeclReferenceExprSyntax.self) {
            let n = d.baseName.text
            if let box = scope.lookup(n) { box.value = typed(value, as: box.type); return }
            if case .object(let o)? = selfValue, o.kind != .view {
                if !(module.properties[n]?.contains { $0.owner == selfType } ?? false) {
                    noteUnmodelledWrite(o, n, rangeOf(d, file))
                }
                o.set(n, try fieldValue(o, n, value, rhsRange), key: rangeOf(d, file), valueRange: rhsRange)
                o.touched.append(statement)
                return
            }
            try assignProperty(n, owner: nil, value, at: rangeOf(d, file))
            return
        }
        if let t = target.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first {
            return try assign(only.expression, value, rhsRange: rhsRange, statement: statement, scope, file)
        }
        if let o = target.as(OptionalChainingExprSyntax.self) {
            return try assign(o.expression, value, rhsRange: rhsRange, statement: statement, scope, file)
        }
        if let f = target.as(ForceUnwrapExprSyntax.self) {
            return try assign(f.expression, value, rhsRange: rhsRange, statement: statement, scope, file)
        }
        if let s = target.as(SubscriptCallExprSyntax.self), let argExpr = s.arguments.first?.expression {
            let base = try eval(s.calledExpression, scope, file)
            let idx = try eval(argExpr, scope, file)
            if case .array(var a) = base, let i = idx.integer, a.indices.contains(i) {
                a[i] = value
                try assign(s.calledExpression, .array(a), rhsRange: rhsRange, statement: statement, scope, file)
            }
            return
        }
        guard let m = target.as(MemberAccessExprSyntax.self), let baseExpr = m.base else { return }
        let name = m.declName.baseName.text
        if let d = baseExpr.as(DeclReferenceExprSyntax.self), d.baseName.text == "self", scope.lookup("self") == nil {
            if let box = initializing?.vars[name] { box.value = typed(value, as: box.type); return }
            try assignProperty(name, owner: selfType, value, at: rangeOf(m, file))
            return
        }
        let base = try eval(baseExpr, scope, file)
        switch base {
        case .object(let o):
            noteUnmodelledWrite(o, name, rangeOf(m, file))
            o.set(name, try fieldValue(o, name, value, rhsRange), key: rangeOf(m, file), valueRange: rhsRange)
            o.touched.append(statement)
        case .unknown(let u) where u.reason == unmodelledPropertyReason:
            // `section.someNewProperty.flag = true`: the write is to a property the table lacks.
            note(
                .swiftAssumption, .information,
                "layoutlint does not model \(baseExpr.trimmedDescription); the layout is checked as if this line were not there",
                rangeOf(m, file))
        case .insets(var ins):
            guard let edge = Insets.Edge(rawValue: name == "left" ? "leading" : name == "right" ? "trailing" : name),
                let x = value.number
            else {
                if case .unknown(let u) = value { try stopUnknown(u, "insets") }
                return
            }
            switch edge {
            case .top: ins.top = x
            case .leading: ins.leading = x
            case .bottom: ins.bottom = x
            case .trailing: ins.trailing = x
            }
            ins.edgeRanges[edge] = rhsRange
            if ins.range.length == 0 || !ins.range.contains(statement.start) { ins.range = statement }
            try assign(baseExpr, .insets(ins), rhsRange: ins.range, statement: statement, scope, file)
        case .record(let type, var fields):
            fields[name] = value
            try assign(
                baseExpr, .record(type: type, fields: fields), rhsRange: rhsRange, statement: statement, scope, file)
        case .edgeSpacing(var es):
            let sp = try spacingValue(value, rhsRange)
            switch name {
            case "leading": es.leading = sp
            case "top": es.top = sp
            case "trailing": es.trailing = sp
            case "bottom": es.bottom = sp
            default: return
            }
            try assign(baseExpr, .edgeSpacing(es), rhsRange: rhsRange, statement: statement, scope, file)
        default:
            return
        }
    }

    /// A write to a property of the API that `UIKitAPI` does not declare: the layout is checked without it, and
    /// a note says so at the write.
    func noteUnmodelledWrite(_ o: APIObject, _ name: String, _ range: ByteRange) {
        guard let owner = UIKitAPI.classes(o.kind).first, UIKitAPI.property(name, of: o.kind) == nil else { return }
        note(
            .swiftAssumption, .information,
            "layoutlint does not model \(owner).\(name); the layout is checked as if it were not set", range)
    }

    func assignProperty(_ name: String, owner: String?, _ value: Value, at range: ByteRange) throws {
        guard let candidates = module.properties[name], !candidates.isEmpty else { return }
        guard let p = lookUp(candidates, owner: owner, at: range) else { return }
        let key = module.range(p.binding, file: p.file).start
        _ = try readProperty(name, owner: owner, ByteRange(key, key))
        if p.binding.computedAccessors == nil { storedOverride(key, typed(value, as: p.type), type: p.type) }
    }
}
