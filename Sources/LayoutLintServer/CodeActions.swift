// Code actions: the quick fixes and the fix-all action for a range, as literals or as commands.
import Foundation
import PlainJSON
import JSONRPC
import LSPProtocol
import LayoutLintCore

extension FeatureContext {
    // MARK: code actions

    /// The quick fixes and the fix-all action for a range, as `CodeAction` literals; for a client that does not
    /// take them (`ClientCapabilities.codeActionLiteralSupport`), as `Command`s that name the action, which
    /// `LanguageServer.applyCodeAction` finds again (for the same document version) and applies.
    func codeActions(_ params: JSONValue) -> Reply {
        guard !server.client.codeActionLiteralSupport else { return .result(.array(codeActionLiterals(params))) }
        // (Without `workspace/applyEdit` no command could change the text: nothing is offered, nor computed.)
        guard server.client.applyEditSupport else { return .result(.array([])) }
        let actions = codeActionLiterals(params)
        let only = params["context"]?["only"] ?? .null
        return .result(
            .array(
                actions.enumerated().compactMap { i, a in
                    guard let title = a["title"] else { return nil }
                    return .object([
                        ("title", title), ("command", .string(LanguageServer.applyCodeActionCommand)),
                        (
                            "arguments",
                            .array([
                                .string(doc.uri), .int(Int64(doc.version)), params["range"] ?? .null, only,
                                .int(Int64(i)), title,
                                .array([.int(Int64(doc.opening)), .int(Int64(doc.editCount))]),
                            ])
                        ),
                    ])
                }))
    }

    func codeActionLiterals(_ params: JSONValue) -> [JSONValue] {
        let wanted = conv.byteRange(params["range"]) ?? ByteRange(0, 0)
        let only = params["context"]?["only"]?.arrayValue?.compactMap(\.stringValue)
        func allowed(_ kind: String) -> Bool {
            guard let only, !only.isEmpty else { return true }
            return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
        }
        var actions: [JSONValue] = []
        let c = conv
        func edit(_ edits: [TextEdit]) -> JSONValue { workspaceEdit(edits.map { LSP.textEdit($0, c) }) }
        if allowed("quickfix") {
            for d in doc.diagnostics
            where d.range.touches(wanted.start) || wanted.touches(d.range.start)
                || (d.range.start <= wanted.start && d.range.end >= wanted.end)
            {
                let lspDiag = LSP.diagnostic(d, uri: doc.uri, c, features: server.client.diagnosticFeatures)
                if let fix = d.fix {
                    actions.append(
                        .object([
                            ("title", .string(fix.title)), ("kind", .string("quickfix")),
                            ("diagnostics", .array([lspDiag])), ("isPreferred", .bool(fix.isSafe)),
                            ("edit", edit(fix.edits)),
                        ]))
                }
                if !doc.isConfig && d.ruleID != .syntax && d.ruleID != .unusedSuppression
                    && d.ruleID != .tooManyProblems
                {
                    let fix = disableLineFix(for: d, in: doc.text, lineIndex: doc.lineIndex)
                    actions.append(
                        .object([
                            ("title", .string(fix.title)), ("kind", .string("quickfix")),
                            ("diagnostics", .array([lspDiag])), ("edit", edit(fix.edits)),
                        ]))
                }
                if actions.count > 500 { break }
            }
        }
        if allowed("source.fixAll.layoutlint") {
            // As `lint --fix`'s rounds pick them: never a set of fixes that together break the document (the
            // editor applies this on save), and no action when none is left. Once per lint (`Document.fixAllPick`).
            let fixes =
                doc.fixAllPick
                ?? {
                    let safe = doc.diagnostics.compactMap(\.fix).filter(\.isSafe)
                    // (Past the diagnostics' cap the list does not hold them all: then they are counted.)
                    let syntaxErrors =
                        doc.diagnostics.contains { $0.ruleID == .tooManyProblems }
                        ? countSyntaxErrors(doc.text) : doc.diagnostics.count { $0.ruleID == .syntax }
                    let picked =
                        safe.isEmpty
                        ? [] : fixesKeepingSyntax(safe, source: doc.text, syntaxErrors: syntaxErrors).map { safe[$0] }
                    doc.fixAllPick = picked
                    return picked
                }()
            if !fixes.isEmpty {
                actions.append(
                    .object([
                        ("title", .string("Fix all safe layoutlint problems (\(fixes.count))")),
                        ("kind", .string("source.fixAll.layoutlint")),
                        ("edit", edit(fixes.flatMap(\.edits).sorted { $0.range < $1.range })),
                    ]))
            }
        }
        return actions
    }
}
