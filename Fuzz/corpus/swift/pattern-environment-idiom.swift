import UIKit

// Evaluator pattern: the user-interface idiom, read from the environment's traits and from UIDevice.
// The spec has no idiom condition: the twin lists the iPad environments by name.
final class NotesViewController: UIViewController {
    private var isPad: Bool { UIDevice.current.userInterfaceIdiom == .pad }

    func makeLayout() -> UICollectionViewLayout {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = isPad ? 24 : 12
        return UICollectionViewCompositionalLayout(sectionProvider: { _, environment in
            let onPad = environment.traitCollection.userInterfaceIdiom == .pad
            let note = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(onPad ? 0.25 : 0.5),
                                                                                 heightDimension: .fractionalHeight(1)))
            note.contentInsets = NSDirectionalEdgeInsets(top: 6, leading: 6, bottom: 6, trailing: 6)
            let row = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(onPad ? 220 : 160)),
                subitems: [note])
            let section = NSCollectionLayoutSection(group: row)
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
            return section
        }, configuration: configuration)
    }
}
// The data source has two sections (pinned, all notes) of 4 and 30 notes.
