// The layoutlint VS Code extension: starts `layoutlint serve` (stdio) for *.layout.json / *.layout.jsonc
// documents, and for Swift files when `layoutlint.swift.enable` is set. The language is VS Code's own `jsonc` (comments and trailing commas allowed), so the built-in JSON
// features — schema completion and validation from jsonValidation — work even before or without the server.
'use strict';
const vscode = require('vscode');
const { LanguageClient, TransportKind, RevealOutputChannelOn } = require('vscode-languageclient/node');

const DOCUMENT_SELECTOR = [
  { scheme: 'file', language: 'jsonc', pattern: '**/*.layout.json' },
  { scheme: 'file', language: 'jsonc', pattern: '**/*.layout.jsonc' },
];

/** Swift files, beside the Swift extension's sourcekit-lsp (opt-in: `layoutlint.swift.enable`). */
const SWIFT_SELECTOR = { scheme: 'file', language: 'swift' };

function documentSelector() {
  const swift = vscode.workspace.getConfiguration('layoutlint').get('swift.enable', false);
  return swift ? DOCUMENT_SELECTOR.concat([SWIFT_SELECTOR]) : DOCUMENT_SELECTOR;
}

/** @type {LanguageClient | undefined} */
let client;
/** @type {vscode.OutputChannel | undefined} */
let output;

function serverCommand() {
  const config = vscode.workspace.getConfiguration('layoutlint');
  const command = config.get('path') || 'layoutlint';
  return { command, args: ['serve'], transport: TransportKind.stdio };
}

async function start(context) {
  if (!vscode.workspace.getConfiguration('layoutlint').get('enable', true)) return;
  output = output || vscode.window.createOutputChannel('layoutlint');
  const executable = serverCommand();
  client = new LanguageClient(
    'layoutlint', // also the prefix of the `layoutlint.trace.server` setting
    'layoutlint',
    { run: executable, debug: executable },
    {
      documentSelector: documentSelector(),
      outputChannel: output,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      synchronize: {
        fileEvents: vscode.workspace.createFileSystemWatcher('**/.layoutlint.json'),
      },
    }
  );
  try {
    await client.start();
  } catch (err) {
    const choice = await vscode.window.showErrorMessage(
      `layoutlint: could not start "${executable.command} serve" (${err && err.message ? err.message : err}). ` +
        'Install layoutlint or set "layoutlint.path".',
      'Open Settings'
    );
    if (choice === 'Open Settings') {
      vscode.commands.executeCommand('workbench.action.openSettings', 'layoutlint.path');
    }
    client = undefined;
  }
}

async function stop() {
  if (!client) return;
  const c = client;
  client = undefined;
  try {
    await c.stop();
  } catch (_) {
    // the server may already be gone
  }
}

async function fixAll() {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return;
  const actions = await vscode.commands.executeCommand(
    'vscode.executeCodeActionProvider',
    editor.document.uri,
    new vscode.Range(0, 0, editor.document.lineCount, 0),
    'source.fixAll.layoutlint'
  );
  const action = (actions || []).find((a) => a.edit);
  if (action) {
    await vscode.workspace.applyEdit(action.edit);
  } else {
    vscode.window.showInformationMessage('layoutlint: nothing to fix');
  }
}

async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('layoutlint.restartServer', async () => {
      await stop();
      await start(context);
    }),
    vscode.commands.registerCommand('layoutlint.fixAll', fixAll),
    vscode.commands.registerCommand('layoutlint.showOutput', () => output && output.show(true)),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration('layoutlint.path') || e.affectsConfiguration('layoutlint.enable')) {
        await stop();
        await start(context);
      }
    }),
    { dispose: () => stop() }
  );
  await start(context);
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate };
