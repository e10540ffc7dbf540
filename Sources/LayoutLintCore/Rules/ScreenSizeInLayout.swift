// The `screen-size-in-layout` rule.

enum ScreenSizeInLayoutRule: Rule {
    static let info = RuleInfo(
        rule: .screenSizeInLayout, severity: .warning,
        summary:
            "A Swift layout sized from UIScreen.main.bounds: the screen, not the collection view, which is narrower in Split View, Slide Over, Stage Manager, on a Mac and in any view that does not fill the screen.",
        explanation:
            "The screen's bounds are the device's, whatever size the app's window and the collection view have. On iPad the window is narrower in Split View, Slide Over and Stage Manager, and on a Mac the window has any size: a layout sized from the screen is then too wide for its view. On iPhone it holds only while the collection view is as wide as the screen. The section provider's environment gives the size the layout has: `environment.container.effectiveContentSize` (or fractional sizes, which follow it). layoutlint reports it where the Swift reader evaluates the read: a warning where an environment is an iPad, information where all are iPhones. The spec format has no screen to read.",
        examples: [
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .absolute(↓UIScreen.main.bounds.width / 2), heightDimension: .absolute(100)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
            .swift(
                #"""
                let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(100)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                """#),
        ],
        weakEvidence: false,
        basis:
            "Apple's documentation of UIScreen.bounds and of multitasking on iPad (the window, not the screen, sizes an app's views); real code of the corpus (TodayAppSection.swift, UserPageViewModel.swift)"
    )
}
