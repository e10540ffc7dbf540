"""The same server seen by a client with more capabilities (VS Code 1.65): snippets, link tooltips, prepareRename,
positionEncodings not offered (UTF-16)."""
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import GRID, find, make_fixture, open_doc

client = make_fixture("visual_studio_code@v1.65.2")


def doc(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


async def test_config_watcher_registered(client: LanguageClient):
    import asyncio
    for _ in range(100):
        if client.registrations:
            break
        await asyncio.sleep(0.02)
    reg = client.registrations[0]
    assert reg.method == "workspace/didChangeWatchedFiles"
    assert reg.register_options["watchers"][0]["globPattern"] == "**/.layoutlint.json"


async def test_snippet_completion_and_links(client: LanguageClient):
    uri = "file:///tmp/pytest-vscode.layout.json"
    open_doc(client, uri, GRID)
    w = find(GRID, '"fractionalWidth(1/3)"')
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=doc(uri), position=types.Position(line=w.line, character=w.character + 2)))
    snippets = [i for i in result.items if i.insert_text_format == types.InsertTextFormat.Snippet]
    assert snippets and any("${1:" in i.text_edit.new_text for i in snippets)
    links = await client.text_document_document_link_async(types.DocumentLinkParams(text_document=doc(uri)))
    assert links and links[0].tooltip
    cell = find(GRID, '"cell"')
    prep = await client.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=doc(uri), position=types.Position(line=cell.line, character=cell.character + 2)))
    assert prep is not None


async def test_inlay_hints_range_across_environments(client: LanguageClient):
    uri = "file:///tmp/pytest-vscode2.layout.json"
    text = GRID.replace('["iPhone 12"]', '["iPhone 12", "iPad"]')
    open_doc(client, uri, text)
    hints = await client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=doc(uri), range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=50, character=0))))
    labels = [h.label for h in hints]
    assert "130–273.333 pt" in labels or any("–" in l and l.startswith("130") for l in labels), labels


async def test_preview_code_lens_and_command(client: LanguageClient):
    """Issue 8: a "Preview in <environment>" lens per section; the command writes the SVG and asks the client to open it."""
    import asyncio
    import pathlib
    import xml.etree.ElementTree as ET
    uri = "file:///tmp/pytest-preview.layout.json"
    open_doc(client, uri, GRID)
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=doc(uri)))
    assert [l.command.title for l in lenses] == ["Preview in iPhone 12"]
    assert lenses[0].command.command == "layoutlint.preview"
    assert lenses[0].range.start.line == GRID[:GRID.index('{\n      "name": "grid"')].count("\n")
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command=lenses[0].command.command, arguments=lenses[0].command.arguments))
    for _ in range(100):
        if client.shown_documents:
            break
        await asyncio.sleep(0.02)
    shown = client.shown_documents[0]
    assert shown.external is True and shown.uri.endswith(".svg")
    assert result["uri"] == shown.uri
    svg = pathlib.Path(shown.uri.removeprefix("file://")).read_text()
    tree = ET.fromstring(svg)
    panels = [g for g in tree.iter("{http://www.w3.org/2000/svg}g") if g.get("data-environment")]
    assert [p.get("data-environment") for p in panels] == ["iPhone 12"]
    # The grid's items are drawn with the resolver's 130-pt frames.
    items = [r for r in tree.iter("{http://www.w3.org/2000/svg}rect") if r.get("data-kind") == "item"]
    assert items and all(r.get("width") == "130" for r in items)
    # Another environment than the document's is resolved for the preview.
    other = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="layoutlint.preview", arguments=[uri, "iPad"]))
    assert "iPad" in pathlib.Path(other["uri"].removeprefix("file://")).read_text()
