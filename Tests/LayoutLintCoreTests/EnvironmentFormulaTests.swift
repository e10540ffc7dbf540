// Sizes written as formulas of the layout container (docs/format.md#environment-formulas): read, written back,
// resolved per environment, and found from the numbers of several environments.

import LayoutLintCore
import Testing

@Suite("Environment formulas")
struct EnvironmentFormulaTests {
    @Test("a linear formula of one container size is read and written back in its simplest form")
    func parseAndText() throws {
        let cases: [(String, String)] = [
            ("container.effectiveContentSize.width - 40", "container.effectiveContentSize.width - 40"),
            ("(container.effectiveContentSize.width - 32) / 2", "(container.effectiveContentSize.width - 32) / 2"),
            ("0.5 * container.contentSize.height + 8", "(container.contentSize.height + 16) / 2"),
            ("-(20 - container.effectiveContentSize.width)", "container.effectiveContentSize.width - 20"),
            ("container.contentSize.width * 0.4", "container.contentSize.width * 0.4"),
        ]
        for (text, written) in cases {
            let f = try #require(EnvironmentFormula.parse(text), "\(text)")
            #expect(f.text() == written, "\(text)")
            #expect(EnvironmentFormula.parse(f.text()) == f, "\(text)")
        }
        for bad in [
            "40", "container.width - 40", "container.contentSize.width * container.contentSize.height",
            "container.contentSize.width - container.contentSize.height", "1 / container.contentSize.width",
            "container.contentSize.width / 0", "container.contentSize.width +", String(repeating: "(", count: 500),
        ] {
            #expect(EnvironmentFormula.parse(bad) == nil, "\(bad)")
        }
    }

    @Test("a document's formula is its environment's number in each environment, and judged there")
    func resolvedPerEnvironment() throws {
        let doc = """
            { "environments": ["iPhone SE", "iPad"],
              "sections": [{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)",
                "subitems": [{ "width": "absolute(container.effectiveContentSize.width - 400)", "height": "absolute(44)" }] } }] }
            """
        let r = lint(bytes: Array(doc.utf8))
        #expect(!r.diagnostics.contains { $0.ruleID == .invalidValue }, "\(r.diagnostics.map(\.message))")
        let widths = r.layouts.map { $0.sections.first?.group?.children.first?.frame.width }
        #expect(widths == [375 - 400, 820 - 400], "\(widths)")
        // Negative in iPhone SE only: reported there.
        let zero = try #require(r.diagnostics.first { $0.ruleID == .nonPositiveDimension })
        #expect(zero.message.contains("iPhone SE") && !zero.message.contains("iPad"), "\(zero.message)")
        // A formula the parser cannot read as linear is not a dimension.
        let bad = lint(
            bytes: Array(
                #"{ "sections": [{ "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [{ "width": "absolute(container.contentSize.width * container.contentSize.width)", "height": "absolute(44)" }] } }] }"#
                    .utf8))
        #expect(
            bad.diagnostics.contains { $0.message.contains("is not a dimension") }, "\(bad.diagnostics.map(\.message))")
    }

    @Test("numbers that follow one container size exactly, in three environments or more, are that formula")
    func fit() {
        let envs = ["iPhone SE", "iPhone 12", "iPad"].compactMap { LayoutEnvironment.preset(named: $0) }
        let configuration = LayoutConfiguration()
        let widths = envs.map { containerSizes(in: $0, configuration: configuration).effectiveWidth }
        let f = EnvironmentFormula.fit(widths.map { ($0 - 40) / 3 }, environments: envs, configuration: configuration)
        #expect(f?.text() == "(container.effectiveContentSize.width - 40) / 3")
        // Not a line: no formula.
        #expect(
            EnvironmentFormula.fit(widths.map { min($0, 600) }, environments: envs, configuration: configuration) == nil
        )
        // Two environments are not enough to tell a formula from chance.
        #expect(
            EnvironmentFormula.fit(
                Array(widths.prefix(2)), environments: Array(envs.prefix(2)), configuration: configuration) == nil)
    }
}
