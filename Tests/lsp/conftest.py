"""Shared set-up for the pytest-lsp suite: the server binary, sample documents, helpers."""
import asyncio
import os
import pathlib
import sys

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = os.environ.get("LAYOUTLINT_BIN", str(ROOT / ".build" / "debug" / "layoutlint"))
EXAMPLES = ROOT / "examples"

SERVER_ENV = dict(os.environ, LAYOUTLINT_DEBOUNCE_MS="10")

GRID = """{
  "environments": ["iPhone 12"],
  "definitions": {
    "cell": { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }
  },
  "sections": [
    {
      "name": "grid",
      "group": {
        "direction": "horizontal",
        "width": "fractionalWidth(1)",
        "height": "fractionalWidth(1/3)",
        "subitem": { "$ref": "#/definitions/cell" },
        "count": 3
      }
    }
  ]
}
"""

OVERFLOW = """{
  "sections": [
    { "name": "row", "group": { "direction": "horizontal", "width": "absolute(390)", "height": "absolute(100)",
      "subitems": [ { "width": "absolute(200)", "height": "absolute(100)" }, { "width": "absolute(250)", "height": "absolute(100)" } ] } }
  ]
}
"""

DUPLICATE = """{
  "sections": [
    { "name": "list",
      "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "height": "absolute(50)",
                 "subitems": [{ "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" }] } }
  ]
}
"""


def find(text: str, needle: str, after: str | None = None) -> types.Position:
    """The UTF-16 position of the first `needle` (after `after`)."""
    start = text.index(after) + len(after) if after else 0
    i = text.index(needle, start)
    before = text[:i]
    line = before.count("\n")
    col_text = before[before.rfind("\n") + 1:]
    return types.Position(line=line, character=len(col_text.encode("utf-16-le")) // 2)


def open_doc(client: LanguageClient, uri: str, text: str, version: int = 1) -> None:
    client.diagnostics.pop(uri, None)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="json", version=version, text=text)))


async def wait_diagnostics(client: LanguageClient, uri: str, timeout: float = 10.0):
    """Waits until diagnostics for `uri` arrive (clearing earlier ones first is the caller's job)."""
    async def loop():
        while uri not in client.diagnostics:
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        return client.diagnostics[uri]
    return await asyncio.wait_for(loop(), timeout)


def make_fixture(capabilities: str = "neovim@v0.7.0"):
    @pytest_lsp.fixture(config=ClientServerConfig(server_command=[BIN, "serve", "--stdio"], server_env=SERVER_ENV))
    async def client(lsp_client: LanguageClient):
        # pytest-lsp's client has no handler for dynamic registration: record what the server registers.
        lsp_client.registrations = []

        @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
        def register(params: types.RegistrationParams):
            lsp_client.registrations.extend(params.registrations)
            return None

        await lsp_client.initialize_session(types.InitializeParams(
            capabilities=client_capabilities(capabilities), root_uri=(ROOT).as_uri()))
        yield
        await lsp_client.shutdown_session()
        assert lsp_client._server.returncode == 0
    return client


client = make_fixture()
