"""`layoutlint serve` on Swift documents (languageId "swift"), beside sourcekit-lsp: diagnostics at the Swift
expression at fault, positions exact in UTF-16 with CJK and emoji before them, hover with the computed sizes per
environment, inlay hints after each dimension, a preview lens per layout, quick fixes, and `layoutlint/stats`."""
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import client, find, wait_diagnostics  # noqa: F401

SWIFT = """import UIKit

// 日本語のコメント 😀👩‍👩‍👧 — positions after this line are counted in UTF-16.
final class FeedViewController: UIViewController {
    let title₂ = "カード 🃏"
    func makeLayout() -> UICollectionViewLayout {
        let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1/3), heightDimension: .estimated(44))
        let item = NSCollectionLayoutItem(layoutSize: itemSize)
        item.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 4, bottom: 8, trailing: 4) // 余白 🎯
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        return UICollectionViewCompositionalLayout(section: section)
    }
}
"""


def open_swift(client: LanguageClient, uri: str, text: str, version: int = 1) -> None:
    client.diagnostics.pop(uri, None)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="swift", version=version, text=text)))


async def test_swift_diagnostics_hover_hints_lens(client: LanguageClient):
    uri = "file:///tmp/pytest-feed/FeedViewController.swift"
    open_swift(client, uri, SWIFT)
    diags = await wait_diagnostics(client, uri)
    ins = [d for d in diags if d.code == "estimated-content-insets"]
    assert len(ins) == 1, diags
    # At the insets expression, in UTF-16 columns past the CJK and emoji of the lines above and of its own line.
    assert ins[0].range.start == find(SWIFT, "NSDirectionalEdgeInsets(top: 8")
    # A Swift file with no configured environments is checked in the devices an app ships to (no project here: all).
    assert "(iPhone 16 Pro, iPhone SE, iPhone 16 Pro Max landscape, iPad (A16), iPad (A16) landscape)" in ins[0].message, ins[0].message

    # Hover on `.fractionalWidth(1/3)`: the item's computed size (a third of 402 pt in the first device, the iPhone 16 Pro).
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=find(SWIFT, "fractionalWidth(1/3)")))
    assert hover is not None
    value = hover.contents.value
    assert "134×" in value and "iPhone 16 Pro" in value, value
    assert hover.range.start == find(SWIFT, ".fractionalWidth(1/3)")

    # Hover on the finding: its rule's documentation with the Swift examples, not the spec format's.
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=find(SWIFT, "DirectionalEdgeInsets(top: 8")))
    value = hover.contents.value
    assert "estimated-content-insets" in value and "```swift" in value and "```jsonc" not in value, value
    assert "item.edgeSpacing" in value, value

    # An inlay hint after each dimension: the item's width from the smallest device to the largest (a third of
    # 375 pt on the iPhone SE to a third of 1180 pt on an iPad in landscape, floored to the pixel), `≈ 44 pt` after its estimated height.
    hints = await client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=40, character=0))))
    labels = {(h.position.line, h.position.character): h.label for h in hints}
    end = find(SWIFT, ", heightDimension: .estimated(44))\n        let item")
    assert labels.get((end.line, end.character)) == "125–393 pt", labels
    assert "≈ 44 pt" in labels.values()

    # A "Preview in <environment>" lens on the layout.
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert any(l.command and l.command.title == "Preview in iPhone 16 Pro" for l in lenses)

    # The layout is the document's symbol.
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert [s.name for s in symbols] == ["makeLayout"]

    stats = await client.protocol.send_request_async("layoutlint/stats", {})
    assert stats.lastChange.mode == "swift-whole" and stats.lastChange.layouts == 1

    # Typing CJK and emoji into the comment above the class: nothing is read again, and the finding moves with
    # the text (its line and its UTF-16 column as they are now).
    client.diagnostics.pop(uri)
    at = find(SWIFT, " — positions")
    typed = SWIFT.replace(" — positions", "漢字🙂 — positions", 1)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=at, end=at), text="漢字🙂")]))
    diags = await wait_diagnostics(client, uri)
    stats = await client.protocol.send_request_async("layoutlint/stats", {})
    assert stats.lastChange.mode == "swift" and stats.lastChange.layoutsRead == 0 and stats.lastChange.layoutsReused == 1
    ins = [d for d in diags if d.code == "estimated-content-insets"]
    assert len(ins) == 1 and ins[0].range.start == find(typed, "NSDirectionalEdgeInsets(top: 8")

    # A new line typed above the layout function (inside the class): the hover still lands on the expression.
    client.diagnostics.pop(uri)
    at = find(typed, "    func makeLayout()")
    typed = typed.replace("    func makeLayout()", "    var count = 0 // 数\n    func makeLayout()", 1)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=3),
        content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=at, end=at), text="    var count = 0 // 数\n")]))
    await wait_diagnostics(client, uri)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=find(typed, "fractionalWidth(1/3)")))
    assert hover is not None and "134×" in hover.contents.value  # (a third of the iPhone 16 Pro's 402 pt)
    assert hover.range.start == find(typed, ".fractionalWidth(1/3)")

    # An edit that removes the insets reads the layout again and clears the finding.
    client.diagnostics.pop(uri)
    fixed = typed.replace("top: 8, leading: 4, bottom: 8, trailing: 4", "top: 0, leading: 4, bottom: 0, trailing: 4")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=4),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)]))
    diags = await wait_diagnostics(client, uri)
    assert not [d for d in diags if d.code == "estimated-content-insets"]
    stats = await client.protocol.send_request_async("layoutlint/stats", {})
    assert stats.lastChange.mode == "swift" and stats.lastChange.layoutsRead == 1


async def test_swift_file_without_layouts_is_quiet(client: LanguageClient):
    uri = "file:///tmp/pytest-feed/Model.swift"
    open_swift(client, uri, "struct Item { let id: Int }\n")
    assert list(await wait_diagnostics(client, uri)) == []
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=0, character=8)))
    assert hover is None


SECTION_PROPERTIES = """import UIKit

// 区切り 🧱: a section's own properties, each hovered.
final class GridViewController: UIViewController {
    func makeLayout() -> UICollectionViewLayout {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(100)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [item])
        group.interItemSpacing = .fixed(10) // 間 ↔
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16) // 余白 📏
        section.interGroupSpacing = 12
        return UICollectionViewCompositionalLayout(section: section)
    }
}
"""


async def test_swift_hover_on_section_properties(client: LanguageClient):
    """Hover on a section's `contentInsets`, its `interGroupSpacing` and a group's `interItemSpacing` (the value or
    the property name) shows what they do in each environment, with the range of the value."""
    uri = "file:///tmp/pytest-feed/GridViewController.swift"
    open_swift(client, uri, SECTION_PROPERTIES)
    await wait_diagnostics(client, uri)

    async def hover_at(needle: str):
        h = await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=find(SECTION_PROPERTIES, needle)))
        assert h is not None, needle
        return h

    # The insets: the section's content width in the first device (402 − 2 × 16 = 370 pt on the iPhone 16 Pro).
    for needle in ["contentInsets = NSDirectional", "NSDirectionalEdgeInsets(top: 0, leading: 16"]:
        h = await hover_at(needle)
        assert "contentInsets" in h.contents.value and "370" in h.contents.value, h.contents.value
        assert h.range.start == find(SECTION_PROPERTIES, "NSDirectionalEdgeInsets(top: 0, leading: 16")

    # The spacing between groups: 12 pt between the section's groups of 370×100 pt.
    h = await hover_at("interGroupSpacing = 12")
    assert "interGroupSpacing" in h.contents.value and "12 pt between groups" in h.contents.value, h.contents.value
    assert "370×100" in h.contents.value, h.contents.value

    # The spacing between items: two half-width items with 10 pt between them (the first device: (370 − 10) / 2 = 180).
    for needle in [".fixed(10)", "interItemSpacing = .fixed"]:
        h = await hover_at(needle)
        assert "interItemSpacing" in h.contents.value and "items 180 pt, 10 pt apart" in h.contents.value, h.contents.value
        assert h.range.start == find(SECTION_PROPERTIES, ".fixed(10)")
