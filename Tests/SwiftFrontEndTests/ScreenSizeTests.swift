// `screen-size-in-layout`: a layout sized from `UIScreen.main.bounds` is flagged once, at the read, as a warning
// where the app runs on iPad (Split View and Slide Over make the window narrower than the screen) and as
// information where it runs only on iPhones.

import LayoutLintCore
import LayoutLintSwift
import Testing

@Suite("Swift front end: a layout sized from the screen")
struct ScreenSizeTests {
    static let source = """
        import UIKit
        func makeLayout() -> UICollectionViewLayout {
            let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let height = (UIScreen.main.bounds.width - 20) * 206 / 167
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)), subitems: [item])
            return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
        }
        """

    static func findings(_ text: String, environments: [String]) -> [Diagnostic] {
        var options = LintOptions()
        options.environments = environments.compactMap(LayoutEnvironment.preset(named:))
        return SwiftFrontEnd.lint([("Layout.swift", Array(text.utf8))], options: options)[0].diagnostics.filter {
            $0.ruleID == .screenSizeInLayout
        }
    }

    @Test("one warning at the read when an iPad is among the environments, information on iPhones alone")
    func severityFollowsTheDevices() {
        let withPad = Self.findings(Self.source, environments: ["iPhone 16 Pro", "iPad (A16)", "iPad (A16) landscape"])
        #expect(withPad.map(\.severity) == [.warning])
        let bytes = Array(Self.source.utf8)
        if let d = withPad.first {
            #expect(String(decoding: bytes[d.range.start..<d.range.end], as: UTF8.self) == "UIScreen.main.bounds")
        }
        #expect(
            Self.findings(Self.source, environments: ["iPhone 16 Pro", "iPhone SE"]).map(\.severity) == [.information])
    }

    @Test("the layout environment's size is not the screen's")
    func environmentIsSilent() {
        let text = """
            import UIKit
            func makeLayout() -> UICollectionViewLayout {
                UICollectionViewCompositionalLayout { _, environment in
                    let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                    let height = (environment.container.effectiveContentSize.width - 20) * 206 / 167
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)), subitems: [item])
                    return NSCollectionLayoutSection(group: group)
                }
            }
            """
        var options = LintOptions()
        options.environments = [LayoutEnvironment.preset(named: "iPad (A16)")!]
        let r = SwiftFrontEnd.lint([("Layout.swift", Array(text.utf8))], options: options)[0]
        // Read and checked (a layout not read would be silent too).
        #expect(r.layouts.count == 1)
        #expect(r.layouts.first?.documents.first?.sections.isEmpty == false)
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics.map(\.message))")
    }
}
