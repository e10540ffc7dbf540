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
