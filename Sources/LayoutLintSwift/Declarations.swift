// Indexing a file's declarations: functions, properties and stored properties, enums and type names, by owner, with
// `#if` clauses as an iOS build compiles them.

import LayoutLintCore
import SwiftSyntax

extension SwiftModule {
    // MARK: declarations

    func index(_ items: [CodeBlockItemSyntax.Item], file: Int, owner: String?) {
        for item in items {
            if case .decl(let d) = item { indexDecl(d, file: file, owner: owner) }
        }
    }

    func indexMembers(_ members: MemberBlockItemListSyntax, file: Int, owner: String?) {
        for m in members { indexDecl(m.decl, file: file, owner: owner) }
    }

    /// Where a declaration's names are recorded (`declaredNames`, `tableKeys`): its last byte, inside the
    /// declaration's own region, past the comments before it.
    static func lastByte(of d: DeclSyntax) -> Int { max(d.position.utf8Offset, d.endPosition.utf8Offset - 1) }

    /// `members`: whether a type's members are indexed with it (a document reader indexes them one by one).
    /// Returns the name a type's or an extension's members are indexed under (nil: a declaration of another kind).
    @discardableResult
    func indexDecl(_ d: DeclSyntax, file: Int, owner: String?, members: Bool = true) -> String? {
        let at = files[file].base + SwiftModule.lastByte(of: d)
        let tables: Bool, sites: Bool, names: Bool
        switch pass {
        case .all: (tables, sites, names) = (true, true, true)
        case .sitesAndNames(let wanted): (tables, sites, names) = (false, true, wanted(at))
        case .tables: (tables, sites, names) = (true, false, false)
        }
        /// A name this declaration declares, and (`key`) one it puts in the tables, or an enum case.
        func declares(_ name: @autoclosure () -> String, key: Bool = true) {
            guard names else { return }
            let n = name()
            declaredNames.append((n, at))
            if key { tableKeys.append((n, at)) }
        }
        /// Whether a site candidate can be here: its text names a section or a group (a byte search that skips
        /// most declarations without reading their syntax).
        func mayBeSite() -> Bool {
            sites
                && withBytes(of: d, in: files[file].bytes, trivia: true) {
                    contains($0, "Section") || contains($0, "Group")
                }
        }
        if let owner { declares(owner, key: false) }
        /// The types `type`'s declaration or extension `d` inherits from or conforms to.
        func inherits(_ type: String, key: Bool) {
            guard let clause = d.asProtocol(DeclGroupSyntax.self)?.inheritanceClause else { return }
            if names, key { tableKeys.append((type, at)) }
            if tables {
                supertypes[type, default: []] += clause.inheritedTypes.map {
                    canonicalTypeName(withoutAny($0.type.trimmedDescription))
                }
            }
        }
        if let f = d.as(FunctionDeclSyntax.self) {
            declares(f.name.text)
            let candidate = mayBeSite()
            guard tables || candidate else { return nil }
            let isStatic = f.modifiers.contains {
                $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
            }
            let entry = FunctionEntry(decl: f, file: file, owner: owner, isStatic: isStatic)
            if tables { functions[f.name.text, default: []].append(entry) }
            if candidate, f.body != nil, let type = builtType(of: f), namesSectionOrGroup(type, file: file) {
                returnsSectionOrGroup.append(entry)
            }
        } else if let v = d.as(VariableDeclSyntax.self) {
            let candidate = mayBeSite()
            guard tables || candidate || names else { return nil }
            let isStatic = v.modifiers.contains {
                $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
            }
            let isLazy = v.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
            for b in v.bindings {
                guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                declares(name)
                // (The owner, declared above, is the key its stored properties are found by.)
                if names, let owner, !isStatic, b.computedAccessors == nil { tableKeys.append((owner, at)) }
                let entry = PropertyEntry(
                    binding: b, file: file, owner: owner, isLet: v.bindingSpecifier.tokenKind == .keyword(.let),
                    isStatic: isStatic || owner == nil, isLazy: isLazy)
                if candidate, b.computedAccessors != nil, let annotation = b.typeAnnotation,
                    namesSectionOrGroup(annotation.type, file: file)
                {
                    computesSectionOrGroup.append(entry)
                }
                if tables {
                    properties[name, default: []].append(entry)
                    if let owner, !isStatic, b.computedAccessors == nil {
                        storedProperties[owner, default: []].append(entry)
                    }
                }
            }
        } else if let typeName = d.as(ClassDeclSyntax.self)?.name.text ?? d.as(StructDeclSyntax.self)?.name.text
            ?? d.as(ActorDeclSyntax.self)?.name.text
        {
            if tables { typeNames.storage.insert(typeName) }
            declares(typeName)
            inherits(typeName, key: false)
            return indexMembers(of: d, under: typeName, file: file, members)
        } else if let e = d.as(ExtensionDeclSyntax.self) {
            let extended = e.extendedType.trimmedDescription
            declares(extended, key: false)
            inherits(extended, key: true)
            return indexMembers(of: d, under: extended, file: file, members)
        } else if let e = d.as(EnumDeclSyntax.self) {
            if tables { typeNames.storage.insert(e.name.text) }
            declares(e.name.text)
            inherits(e.name.text, key: false)
            if tables || names {
                var entry = EnumEntry(name: e.name.text, file: file, position: at, owner: owner)
                entry.rawType = e.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
                for m in activeMembers(e.memberBlock.members) {
                    if let c = m.decl.as(EnumCaseDeclSyntax.self) {
                        for el in c.elements {
                            entry.cases.append((el.name.text, el.rawValue?.value))
                            declares(el.name.text)
                        }
                    }
                }
                if tables, (enums.storage[e.name.text]?.position ?? -1) <= at { enums.storage[e.name.text] = entry }
                if tables, !(enumCandidates[e.name.text]?.contains { $0.position == at } ?? false) {
                    enumCandidates[e.name.text, default: []].append(entry)
                }
            }
            return indexMembers(of: d, under: e.name.text, file: file, members)
        } else if let ic = d.as(IfConfigDeclSyntax.self), let clause = activeClause(ic) {
            switch clause.elements {
            case .statements(let s)?: index(s.map(\.item), file: file, owner: owner)
            case .decls(let m)?: indexMembers(m, file: file, owner: owner)
            default: break
            }
        }
        return nil
    }

    /// A type's or an extension's members, indexed under `owner` when `members`; returns `owner`.
    func indexMembers(of d: DeclSyntax, under owner: String, file: Int, _ members: Bool) -> String {
        if members, let block = d.asProtocol(DeclGroupSyntax.self)?.memberBlock {
            indexMembers(block.members, file: file, owner: owner)
        }
        return owner
    }

    /// Members through active `#if` clauses.
    func activeMembers(_ members: MemberBlockItemListSyntax) -> [MemberBlockItemSyntax] {
        var out: [MemberBlockItemSyntax] = []
        for m in members {
            if let ic = m.decl.as(IfConfigDeclSyntax.self) {
                if case .decls(let inner)? = activeClause(ic)?.elements { out += activeMembers(inner) }
            } else {
                out.append(m)
            }
        }
        return out
    }
}
