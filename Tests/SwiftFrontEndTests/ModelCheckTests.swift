// The checks of a value that the model is built with (`DimensionCheck`) judge a value the same whichever front end
// read it: the same rule and severity for a Swift `.estimated(1.0/3.0)` as for a spec document's "estimated(0.333)".

import LayoutLintCore
import LayoutLintSwift
import Testing

@Suite("Model checks: one verdict for both front ends")
struct ModelCheckTests {
    /// The rules and severities of one item height, read from Swift and from a spec document.
    static func verdicts(swift: String, spec: String) -> (swift: [String], spec: [String]) {
        let s = lintSwift(
            """
            import UIKit
            func makeLayout() -> UICollectionViewLayout {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: \(swift)))
                let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(100)), subitems: [item])
                return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
            }
            """)
        let j = lint(
            bytes: Array(
                """
                { "environments": ["iPhone 12"], "sections": [{ "group": { "direction": "vertical",
                  "width": "fractionalWidth(1)", "height": "estimated(100)",
                  "subitems": [{ "width": "fractionalWidth(1)", "height": \(spec) }] } }] }
                """.utf8))
        func names(_ ds: [Diagnostic]) -> [String] {
            ds.filter { $0.severity >= .warning }.map { "\($0.rule) \($0.severity)" }.sorted()
        }
        return (names(s.diagnostics), names(j.diagnostics))
    }

    @Test(
        "an estimate below a point, zero, negative or out of range: the same finding from Swift and from a spec",
        arguments: [
            (".estimated(1.0/3.0)", #""estimated(0.3333333)""#, "fractional-estimate warning"),
            (".estimated(0.5)", #""estimated(0.5)""#, "fractional-estimate warning"),
            (
                ".uniformAcrossSiblings(estimate: 0.5)", #""uniformAcrossSiblings(estimate: 0.5)""#,
                "fractional-estimate warning"
            ),
            (".absolute(0)", #""absolute(0)""#, "non-positive-dimension warning"),
            (".fractionalHeight(-1)", #""fractionalHeight(-1)""#, "non-positive-dimension error"),
            (".fractionalHeight(2000)", #""fractionalHeight(2000)""#, "invalid-value error"),
        ])
    func sameVerdict(_ swift: String, _ spec: String, _ expected: String) {
        let v = Self.verdicts(swift: swift, spec: spec)
        #expect(v.swift.contains(expected), "Swift \(swift): \(v.swift)")
        #expect(v.spec.contains(expected), "spec \(spec): \(v.spec)")
        #expect(v.swift.filter { !$0.hasPrefix("estimate") } == v.spec.filter { !$0.hasPrefix("estimate") })
    }

    @Test("an estimate of a point or more is taken as meant, in both")
    func wholePointEstimate() {
        let v = Self.verdicts(swift: ".estimated(1.0)", spec: #""estimated(1)""#)
        #expect(!v.swift.contains { $0.hasPrefix("fractional-estimate") })
        #expect(!v.spec.contains { $0.hasPrefix("fractional-estimate") })
    }

    @Test("the Swift finding names the fraction of the side it stands for, at the estimate")
    func swiftWording() {
        let r = lintSwift(
            """
            import UIKit
            let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: .vertical(
                layoutSize: NSCollectionLayoutSize(widthDimension: .estimated(0.25), heightDimension: .absolute(44)),
                subitems: [NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(1.0/2.0)))])))
            """)
        let found = r.diagnostics.filter { $0.rule == RuleID.fractionalEstimate.rawValue }
        #expect(found.count == 2)
        #expect(
            found.contains {
                $0.message.contains(".estimated(0.25) estimates 0.25 pt")
                    && $0.message.hasSuffix("a fraction is fractionalWidth(0.25)")
            })
        #expect(
            found.contains {
                $0.message.contains(".estimated(0.5) estimates 0.5 pt")
                    && $0.message.hasSuffix("a fraction is fractionalHeight(0.5)")
            })
        let text = Array(r.source)
        for d in found {
            #expect(String(decoding: text[d.range.start..<d.range.end], as: UTF8.self).hasPrefix(".estimated("))
        }
    }
}
