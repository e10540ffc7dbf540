"""A client that offers UTF-8 positions (LSP 3.17 `general.positionEncodings`): the server must pick utf-8 and count
columns in bytes; plus cancellation of a queued request."""
import asyncio

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import BIN, ROOT, SERVER_ENV, open_doc, wait_diagnostics


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BIN, "serve"], server_env=SERVER_ENV))
async def client(lsp_client: LanguageClient):
    caps = client_capabilities("neovim@v0.7.0")
    caps.general = types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf8,
                                                                       types.PositionEncodingKind.Utf16])
    result = await lsp_client.initialize_session(types.InitializeParams(capabilities=caps, root_uri=ROOT.as_uri()))
    lsp_client.negotiated = result.capabilities.position_encoding
    yield
    await lsp_client.shutdown_session()


TEXT = '{ "sections": [ { "name": "日本😀", "bogus": 1, "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }] } } ] }\n'


async def test_utf8_positions(client: LanguageClient):
    assert client.negotiated == types.PositionEncodingKind.Utf8
    uri = "file:///tmp/pytest-utf8.layout.json"
    open_doc(client, uri, TEXT)
    diags = await wait_diagnostics(client, uri)
    bogus = [d for d in diags if d.code == "unknown-property"][0]
    # In UTF-8, the key starts at its byte offset: 日 and 本 are 3 bytes each, 😀 is 4.
    byte_col = len(TEXT[:TEXT.index('"bogus"')].encode("utf-8"))
    assert bogus.range.start == types.Position(line=0, character=byte_col)
    assert bogus.range.end.character == byte_col + len('"bogus"')
    # An edit given in UTF-8 columns lands where it says: remove the key and its value.
    end = byte_col + len('"bogus": 1, ')
    client.diagnostics.pop(uri)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=0, character=byte_col), end=types.Position(line=0, character=end)),
            text="")]))
    assert list(await wait_diagnostics(client, uri)) == []


async def test_cancelled_request_is_answered_request_cancelled(client: LanguageClient):
    uri = "file:///tmp/pytest-cancel.layout.json"
    open_doc(client, uri, TEXT)
    await wait_diagnostics(client, uri)
    # The request and its cancellation reach the server in one write (a pipe write this small is atomic), so the
    # server reads both before it runs the request: the request must be answered RequestCancelled.
    real = client.protocol.writer
    chunks = []

    class Buffer:
        def write(self, data):
            chunks.append(data)

    client.protocol.writer = Buffer()
    future = client.protocol.send_request(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)), msg_id="cancel-me")
    client.protocol.notify(types.CANCEL_REQUEST, types.CancelParams(id="cancel-me"))
    client.protocol.writer = real
    assert len(b"".join(chunks)) < 4096
    res = real.write(b"".join(chunks))
    if asyncio.iscoroutine(res) or isinstance(res, asyncio.Future):
        await res
    with pytest.raises(Exception) as info:
        await asyncio.wait_for(asyncio.wrap_future(future), 10)
    assert "-32800" in repr(info.value) or "cancel" in repr(info.value).lower(), repr(info.value)
    # The server goes on serving.
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert symbols
