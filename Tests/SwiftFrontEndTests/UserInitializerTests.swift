// A user type's own initializer runs as Swift runs it: its assignments, default arguments and switches.

import LayoutLintCore
import LayoutLintSwift
import Testing

@Suite("Swift front end: a user type's own initializer")
struct UserInitializerTests {
    @Test("init(kind:) runs as Swift runs it: assignments, a switch on its parameter, a default, self.x")
    func initializerWithSwitch() {
        let r = SwiftFrontEnd.lint([
            (
                "Cards.swift",
                Array(
                    """
                    import UIKit
                    struct CardMetrics {
                        enum Kind { case compact, regular }
                        let height: CGFloat
                        let inset: CGFloat
                        var spacing: CGFloat = 6
                        init(kind: Kind) {
                            inset = 4
                            switch kind {
                            case .compact: height = 60
                            case .regular: self.height = 90
                            }
                            spacing = self.inset * 2
                        }
                    }
                    func makeLayout() -> UICollectionViewLayout {
                        let metrics = CardMetrics(kind: .regular)
                        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(metrics.height)))
                        let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(metrics.height)), subitems: [item])
                        let section = NSCollectionLayoutSection(group: group)
                        section.interGroupSpacing = metrics.spacing
                        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: metrics.inset, bottom: 0, trailing: metrics.inset)
                        return UICollectionViewCompositionalLayout(section: section)
                    }
                    """.utf8)
            )
        ])[0]
        #expect(r.coverage.checked == 1, "\(r.diagnostics.map(\.message))")
        let section = r.layouts.first?.result.layouts.first?.sections.first
        #expect(section?.frame.height == 90)
        #expect(section?.contentInsets.leading == 4)
        #expect(r.layouts.first?.documents.first?.sections.first?.base.interGroupSpacing == 8)
    }
}
