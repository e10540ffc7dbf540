"""Every capability of `layoutlint serve`, driven by pytest-lsp with Neovim 0.7's client capabilities."""
import asyncio
import json
import pathlib
import subprocess
import tempfile

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import BIN, DUPLICATE, EXAMPLES, GRID, OVERFLOW, client, find, open_doc, wait_diagnostics  # noqa: F401


def doc(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


async def test_capabilities(client: LanguageClient):
    caps = client.capabilities
    assert caps is not None


    # The client keeps its own capabilities; ask for stats to see the server answers.
    stats = await client.protocol.send_request_async("layoutlint/stats", {})
    assert stats.documents == 0


async def test_diagnostics_pushed(client: LanguageClient):
    uri = "file:///tmp/pytest-overflow.layout.json"
    open_doc(client, uri, OVERFLOW)
    diags = await wait_diagnostics(client, uri)
    overflow = [d for d in diags if d.code == "group-overflow"]
    assert overflow, diags
    d = overflow[0]
    assert d.source == "layoutlint"
    assert d.severity == types.DiagnosticSeverity.Warning
    assert d.code_description is not None and d.code_description.href.endswith("#group-overflow")
    assert "iPhone 12" in d.message
    # Fixing the text republishes without the finding.
    client.diagnostics.pop(uri)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=OVERFLOW.replace("absolute(250)", "absolute(190)"))]))
    diags = await wait_diagnostics(client, uri)
    assert not [d for d in diags if d.code == "group-overflow"]
    # Closing clears them.
    client.diagnostics.pop(uri)
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=doc(uri)))
    assert list(await wait_diagnostics(client, uri)) == []


async def test_incremental_edits_with_cjk_and_emoji(client: LanguageClient):
    uri = "file:///tmp/pytest-unicode.layout.json"
    text = '{\r\n  "sections": [\r\n    { "name": "日本😀", "bogus": 1, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)",\r\n      "subitems": [{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }] } }\r\n  ]\r\n}\r\n'
    open_doc(client, uri, text)
    diags = await wait_diagnostics(client, uri)
    bogus = [d for d in diags if d.code == "unknown-property"][0]
    p = find(text.replace("\r\n", "\n"), '"bogus"')
    assert bogus.range.start == p
    assert bogus.range.end.character == p.character + 7
    # Insert two emoji right after the first one (UTF-16 columns), then the finding moves by 4 units.
    at = find(text.replace("\r\n", "\n"), '", "bogus"')
    client.diagnostics.pop(uri)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=at, end=at), text="🎉🎉")]))
    diags = await wait_diagnostics(client, uri)
    moved = [d for d in diags if d.code == "unknown-property"][0]
    assert moved.range.start.character == p.character + 4


async def test_hover_shows_computed_size(client: LanguageClient):
    uri = "file:///tmp/pytest-grid.layout.json"
    open_doc(client, uri, GRID)
    await wait_diagnostics(client, uri)
    p = find(GRID, "fractionalWidth(1/3)")
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=doc(uri), position=types.Position(line=p.line, character=p.character + 2)))
    assert hover is not None
    assert isinstance(hover.contents, types.MarkupContent) and hover.contents.kind == types.MarkupKind.Markdown
    assert "390×130" in hover.contents.value
    assert "| environment |" in hover.contents.value


async def test_hover_on_diagnostic_shows_rule_docs(client: LanguageClient):
    uri = "file:///tmp/pytest-overflow2.layout.json"
    open_doc(client, uri, OVERFLOW)
    await wait_diagnostics(client, uri)
    p = find(OVERFLOW, "absolute(250)")
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=doc(uri), position=types.Position(line=p.line, character=p.character + 2)))
    assert hover is not None and "group-overflow" in hover.contents.value
    # The rule's documentation, with its examples in the spec format (the language of this document) only.
    assert "```jsonc" in hover.contents.value and "```swift" not in hover.contents.value


async def test_inlay_hints(client: LanguageClient):
    uri = "file:///tmp/pytest-grid2.layout.json"
    open_doc(client, uri, GRID)
    hints = await client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=doc(uri), range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=50, character=0))))
    labels = [h.label for h in hints]
    assert "= 130 pt" in labels, labels
    assert "= 390 pt" in labels


async def test_code_actions_quick_fix_and_fix_all(client: LanguageClient):
    uri = "file:///tmp/pytest-dup.layout.json"
    open_doc(client, uri, DUPLICATE)
    diags = await wait_diagnostics(client, uri)
    dup = [d for d in diags if d.code == "duplicate-key"][0]
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=doc(uri), range=dup.range, context=types.CodeActionContext(diagnostics=[dup])))
    quick = [a for a in actions if a.kind == types.CodeActionKind.QuickFix and a.is_preferred]
    assert quick and quick[0].diagnostics[0].code == "duplicate-key"
    assert any(a.title == "Disable duplicate-key for this line" for a in actions)
    edits = quick[0].edit.changes[uri]
    assert edits
    fix_all = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=doc(uri), range=dup.range,
        context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.SourceFixAll])))
    assert [a.kind for a in fix_all] == ["source.fixAll.layoutlint"]


async def test_completion(client: LanguageClient):
    uri = "file:///tmp/pytest-grid3.layout.json"
    open_doc(client, uri, GRID)
    p = find(GRID, '"direction"')
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=doc(uri), position=types.Position(line=p.line, character=p.character + 2)))
    labels = [i.label for i in result.items]
    assert "interItemSpacing" in labels and "width" not in labels
    # The group has "subitem" and "count": the other ways of giving subitems are not offered, nor the keys it has.
    assert not {"subitem", "repeatingSubitem", "count", "frames", "subitems"} & set(labels), labels
    v = find(GRID, '"horizontal"')
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=doc(uri), position=types.Position(line=v.line, character=v.character + 2)))
    assert {i.label for i in result.items} == {"horizontal", "vertical", "custom"}
    w = find(GRID, '"fractionalWidth(1/3)"')
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=doc(uri), position=types.Position(line=w.line, character=w.character + 2)))
    assert "estimated(44)" in [i.label for i in result.items]
    # Neovim 0.7 as configured here takes no snippets: plain text only.
    assert all(i.insert_text_format in (None, types.InsertTextFormat.PlainText) for i in result.items)
    r = find(GRID, '"#/definitions/cell"')
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=doc(uri), position=types.Position(line=r.line, character=r.character + 2)))
    assert "#/definitions/cell" in [i.label for i in result.items]


async def test_document_symbols(client: LanguageClient):
    uri = "file:///tmp/pytest-grid4.layout.json"
    open_doc(client, uri, GRID)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc(uri)))
    assert [s.name for s in symbols] == ["definitions", "grid"]
    grid = symbols[1]
    assert grid.children[0].name.startswith("group")
    assert "390×130" in grid.children[0].detail


async def test_definition_references_rename_links(client: LanguageClient):
    uri = "file:///tmp/pytest-grid5.layout.json"
    open_doc(client, uri, GRID)
    ref = find(GRID, "#/definitions/cell")
    cell = find(GRID, '"cell"')
    loc = await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc(uri), position=types.Position(line=ref.line, character=ref.character + 3)))
    loc = loc[0] if isinstance(loc, list) else loc
    assert loc.uri == uri and loc.range.start == cell
    refs = await client.text_document_references_async(types.ReferenceParams(
        text_document=doc(uri), position=types.Position(line=cell.line, character=cell.character + 2),
        context=types.ReferenceContext(include_declaration=True)))
    assert len(refs) == 2
    edit = await client.text_document_rename_async(types.RenameParams(
        text_document=doc(uri), position=types.Position(line=cell.line, character=cell.character + 2), new_name="tile"))
    texts = sorted(e.new_text for e in edit.changes[uri])
    assert texts == ['"#/definitions/tile"', '"tile"']
    links = await client.text_document_document_link_async(types.DocumentLinkParams(text_document=doc(uri)))
    assert len(links) == 1 and links[0].target == f"{uri}#L{cell.line + 1}"


async def test_pull_diagnostics(client: LanguageClient):
    uri = "file:///tmp/pytest-pull.layout.json"
    open_doc(client, uri, OVERFLOW)
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=doc(uri)))
    assert report.kind == "full" and any(d.code == "group-overflow" for d in report.items)
    again = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=doc(uri), previous_result_id=report.result_id))
    assert again.kind == "unchanged"


async def test_stats(client: LanguageClient):
    uri = "file:///tmp/pytest-stats.layout.json"
    open_doc(client, uri, GRID, version=4)
    await wait_diagnostics(client, uri)
    stats = await client.protocol.send_request_async("layoutlint/stats", {})
    assert stats.documents == 1
    last = stats.lastChange
    assert last.uri == uri and last.version == 4
    assert last.sectionsResolved == 1 and last.sectionsReused == 0
    assert last.parseMicros >= 0 and last.resolveMicros >= 0 and last.lintMicros >= 0


async def test_stats_one_character_edit_resolves_one_section(client: LanguageClient):
    """Issue 5: after a one-character edit inside one section of a 2 000-section document, layoutlint/stats reports
    that section resolved again and the 1 999 others reused; the pulled diagnostics are those of the new text."""
    uri = "file:///tmp/pytest-incremental.layout.json"
    sections = ",\n".join(
        f'    {{ "name": "s{i}", "interGroupSpacing": {i % 5}, "group": {{ "direction": "horizontal", "width": "fractionalWidth(1)", '
        f'"height": "absolute(100)", "subitems": [{{ "width": "fractionalWidth(0.5)", "height": "fractionalHeight(1)" }}] }} }}'
        for i in range(2000))
    text = '{\n  "sections": [\n' + sections + "\n  ]\n}\n"
    open_doc(client, uri, text, version=1)
    first = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=doc(uri)))
    assert first.kind == "full" and not [d for d in first.items if d.code == "fraction-above-one"]
    # Line 2 + 1234 holds section 1234: make its item wider than the group ("0.5" -> "1.5").
    line = 2 + 1234
    col = text.splitlines()[line].index('"fractionalWidth(0.5)"') + len('"fractionalWidth(')
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=line, character=col), end=types.Position(line=line, character=col + 1)),
            text="1")]))
    report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(text_document=doc(uri)))
    assert report.kind == "full"
    assert [d.range.start.line for d in report.items if d.code == "fraction-above-one"] == [line], report.items
    stats = await client.protocol.send_request_async("layoutlint/stats", {})
    last = stats.lastChange
    assert last.version == 2 and last.mode == "section", last
    assert last.sectionsResolved == 1 and last.sectionsReused == 1999, last


async def test_configuration_change(client: LanguageClient):
    # Inside the client's workspace (the repository): serve reads configuration only there.
    with tempfile.TemporaryDirectory(dir=pathlib.Path(__file__).parent) as d:
        root = pathlib.Path(d)
        (root / ".git").mkdir()
        config = root / ".layoutlint.json"
        config.write_text('{ "rules": { "group-overflow": "off" } }')
        path = root / "a.layout.json"
        path.write_text(OVERFLOW)
        uri = path.as_uri()
        open_doc(client, uri, OVERFLOW)
        diags = await wait_diagnostics(client, uri)
        assert not [x for x in diags if x.code == "group-overflow"]
        config.write_text('{ "rules": { "group-overflow": "error" } }')
        client.diagnostics.pop(uri)
        client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=config.as_uri(), type=types.FileChangeType.Changed)]))
        diags = await wait_diagnostics(client, uri)
        assert [x.severity for x in diags if x.code == "group-overflow"] == [types.DiagnosticSeverity.Error]
        # An invalid config: a diagnostic on the config file itself.
        config.write_text('{ "rules": { "group-overflow": "loud" } }')
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={}))
        cdiags = await wait_diagnostics(client, config.as_uri())
        assert cdiags and cdiags[0].severity == types.DiagnosticSeverity.Error


async def test_unknown_method(client: LanguageClient):
    with pytest.raises(Exception) as err:
        await client.protocol.send_request_async("layoutlint/nope", {})
    assert "-32601" in str(err.value) or "not found" in str(err.value).lower()


def _frame(obj) -> bytes:
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


@pytest.mark.parametrize("shutdown, code", [(True, 0), (False, 1)])
def test_exit_codes(shutdown: bool, code: int):
    msgs = [_frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})]
    if shutdown:
        msgs.append(_frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
    msgs.append(_frame({"jsonrpc": "2.0", "method": "exit"}))
    proc = subprocess.run([BIN, "serve"], input=b"".join(msgs), capture_output=True, timeout=30)
    assert proc.returncode == code
    assert proc.stdout.startswith(b"Content-Length: ")


def test_before_initialize_and_garbage():
    msgs = b"junk\r\n\r\n" + _frame({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {}})
    msgs += b"Content-Length: 5\r\n\r\n{bad}"
    proc = subprocess.run([BIN, "serve"], input=msgs, capture_output=True, timeout=30)
    assert proc.returncode == 1
    out = proc.stdout.decode()
    assert '"code":-32002' in out and '"code":-32700' in out
