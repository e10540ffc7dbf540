// `layoutlint import`'s document: one layout read from Swift, written as a spec document with variants where it reads
// its environment, and comments that point back at the Swift and list what the evaluator assumed.

import LayoutLintCore

extension SwiftFrontEnd {
    /// One imported layout as a spec document: variants where it reads its environment, comments that point back at
    /// the Swift and list what the evaluator assumed.
    public static func importedDocumentText(
        _ layout: SwiftLayoutResult, file: SwiftFileResult, listEnvironments narrowed: Bool = false
    ) -> String {
        let envs = layout.environments
        let names = envs.map(\.name)
        // (A size that is one formula of the environment everywhere is written as it: no variant for it.)
        let documents =
            layout.documents.count > 1
            ? withEnvironmentFormulas(layout.documents, environments: envs) : layout.documents
        let merged =
            documents.count > 1
            ? mergeEnvironmentDocuments(documents, environments: envs) : MergedDocument(document: documents[0])
        let doc = merged.document
        func here(_ r: ByteRange) -> String {
            let (path, line) = layout.location(of: r)
            return "\(path.split(separator: "/").last.map(String.init) ?? path):\(line)"
        }
        let line = file.lineIndex.position(of: layout.range.start, in: .utf8).line + 1
        let shortPath = file.path.split(separator: "/").last.map(String.init) ?? file.path
        var header = ["Imported by `layoutlint import` from \(shortPath):\(line) (\(layout.name))."]
        if layout.documents.count > 1 {
            let varied =
                doc.sections.contains { !$0.variants.isEmpty } || !merged.notes.isEmpty || !merged.sectionNotes.isEmpty
            header.append(
                "The Swift reads its layout environment; layoutlint read it in \(names.joined(separator: ", "))"
                    + (varied
                        ? ", and the variants below tell those environments apart."
                        : ", and it builds the same sections in each."))
        } else if envs.count > 1 || narrowed {
            header.append(
                "The Swift does not read its layout environment: these sections are the same in every environment.")
        }
        if documents.contains(where: { d in d.sections.contains { $0.base.group?.containsFormula ?? false } }) {
            header.append(
                "Sizes the Swift computes from the container's size are written as formulas of it (docs/format.md, environment formulas)."
            )
        }
        header += merged.notes
        header.append(
            "The Swift has no item counts (the data source's): each section shows one group until you add \"itemCount\"."
        )
        // What the evaluator assumed or could not read, once each.
        var seen = Set<String>()
        var assumptions: [String] = []
        for n in layout.notes {
            let text = "\(n.path.split(separator: "/").last.map(String.init) ?? n.path):\(n.line): \(n.message)"
            if seen.insert(text).inserted { assumptions.append(text) }
        }
        for d in file.diagnostics
        where (d.ruleID == .swiftAssumption || d.ruleID == .swiftUnresolved) && layout.range.contains(d.range.start) {
            let l = file.lineIndex.position(of: d.range.start, in: .utf8).line + 1
            let text = "\(shortPath):\(l): \(d.message)"
            if seen.insert(text).inserted { assumptions.append(text) }
        }
        if !assumptions.isEmpty {
            header.append("What layoutlint assumed reading the Swift:")
            header += assumptions.map { "- " + $0 }
        }

        // A piece's comment: where its Swift is, when that is not the line its parent's comment named.
        var lines: [String: String] = [:]
        var options = SpecWriterOptions()
        options.header = header
        if narrowed { options.environments = envs }
        options.comment = { piece, path in
            var out: [String] = []
            let range: ByteRange
            var label = ""
            switch piece {
            case .section(let s):
                range = s.range
                label = " (\(s.name ?? layout.name))"
                if let k = Int(path.split(separator: "/").last ?? "") {
                    out += merged.sectionNotes[k] ?? []
                    if let e = merged.baseEnvironments[k] {
                        out.append("These keys apply in \(e.joined(separator: ", ")); the variants in the others.")
                    }
                }
            case .variant(let v):
                if let e = merged.variantEnvironments[path] { out.append("In \(e.joined(separator: ", ")).") }
                out += merged.variantNotes[path] ?? []
                range = v.spec.range
            case .element(let e): range = e.range
            case .boundary(let b): range = b.range
            case .supplementary(let s): range = s.range
            case .decoration(let d): range = d.range
            }
            let at = here(range)
            let parent = lines.keys.filter { path.hasPrefix($0 + "/") }.max { $0.count < $1.count }
            lines[path] = at
            if parent.map({ lines[$0] }) != at || label != "" { out.insert("from \(at)\(label)", at: 0) }
            return out
        }
        return specDocumentText(doc, options: options)
    }
}
