import Foundation
import Testing
@testable import LayoutLintCore

@Suite("Rule registry")
struct RuleRegistryTests {
    /// Each id's type documents that id (a rule file copied from another and left naming the old id would give two
    /// ids one documentation), and sits in its own file, named after it, under Rules/.
    @Test func everyIDHasItsOwnRuleTypeAndFile() throws {
        for id in RuleID.allCases {
            let type = id.definition
            #expect(type.info.rule == id, "\(id.rawValue) is documented as \(type.info.id)")
            let name = String(describing: type)
            #expect(name.hasSuffix("Rule"), "\(name)")
            let file = repoRoot.appendingPathComponent("Sources/LayoutLintCore/Rules/\(name.dropLast(4)).swift")
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.contains("enum \(name): "), "\(file.lastPathComponent) does not declare \(name)")
        }
        #expect(RuleCatalog.all.map(\.rule) == RuleID.allCases)
    }

    /// A gate fails on warnings: a rule whose own documentation calls its evidence weak is below a warning by
    /// default (a team raises it in `.layoutlint.json` if it trusts it).
    @Test func weakEvidenceIsNotAWarningByDefault() {
        for info in RuleCatalog.all where info.weakEvidence {
            #expect(info.severity < .warning, "\(info.id) is \(info.severity) by default on weak evidence")
        }
    }

    /// Ids are what `.layoutlint.json` and suppression comments name: the config schema's pattern for a rule id.
    @Test func idsFollowTheConfigSchemasPattern() throws {
        let data = try Data(contentsOf: repoRoot.appendingPathComponent("schemas/config.schema.json"))
        let schema = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let rules = try #require((schema["properties"] as? [String: Any])?["rules"] as? [String: Any])
        let pattern = try #require((rules["propertyNames"] as? [String: Any])?["pattern"] as? String)
        let regex = try Regex(pattern)
        for id in RuleID.allCases { #expect(id.rawValue.wholeMatch(of: regex) != nil, "\(id.rawValue)") }
    }

    /// The config schema lists the ids (editors complete and check them as `lint` does): the catalogue's, in its
    /// order. When this fails, copy `RuleCatalog.all.map(\.id)` into `rules.propertyNames.enum`.
    @Test func configSchemaListsTheRegisteredIDs() throws {
        let data = try Data(contentsOf: repoRoot.appendingPathComponent("schemas/config.schema.json"))
        let schema = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let rules = try #require((schema["properties"] as? [String: Any])?["rules"] as? [String: Any])
        let ids = try #require((rules["propertyNames"] as? [String: Any])?["enum"] as? [String])
        #expect(ids == RuleCatalog.all.map(\.id))
    }

    /// Every rule id that linting the corpus (the bundled examples and the Swift front end's expected documents)
    /// emits is one the catalogue knows by its text, the way SARIF, the editor's hover and `layoutlint rules ID`
    /// look it up, and has its section in docs/rules.md.
    @Test func everyEmittedIDIsRegistered() throws {
        let page = try String(contentsOf: repoRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        let fm = FileManager.default
        var files: [URL] = []
        for dir in ["examples", "Tests/SwiftLayouts/Cases"] {
            let d = repoRoot.appendingPathComponent(dir)
            for name in try fm.contentsOfDirectory(atPath: d.path) where name.hasSuffix(".layout.json") {
                files.append(d.appendingPathComponent(name))
            }
        }
        #expect(files.count > 50)
        var emitted = Set<String>()
        for f in files {
            let result = lint(bytes: Array(try Data(contentsOf: f)), options: LintOptions())
            for d in result.diagnostics {
                emitted.insert(d.rule)
                #expect(RuleCatalog.info(d.rule)?.rule == d.ruleID, "\(f.lastPathComponent): \(d.rule)")
            }
        }
        for id in emitted { #expect(page.contains("<a id=\"\(id)\"></a>"), "\(id)") }
        // The corpus exercises many rules, not a handful.
        #expect(emitted.count >= 15, "\(emitted.sorted())")
    }
}
