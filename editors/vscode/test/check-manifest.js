#!/usr/bin/env node
// Checks the VS Code extension without its npm dependencies (no registry here): the manifest's fields and
// contributions against what VS Code requires, the schema it ships, and extension.js itself, loaded with stand-ins
// for the `vscode` and `vscode-languageclient/node` modules and activated, asserting the client it starts.
'use strict';
const assert = require('assert');
const fs = require('fs');
const path = require('path');
const Module = require('module');

const root = path.resolve(__dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const failures = [];
function check(name, fn) {
  try {
    fn();
    console.log(`ok   ${name}`);
  } catch (err) {
    failures.push(name);
    console.log(`FAIL ${name}: ${err.message}`);
  }
}
const PATTERNS = ['*.layout.json', '*.layout.jsonc'];

// --- the manifest (the rules vsce and VS Code apply to it) ---
check('name, publisher, version, engines', () => {
  assert.match(manifest.name, /^[a-z0-9][a-z0-9-]*$/, 'name: lowercase, no spaces');
  assert.match(manifest.publisher, /^[a-zA-Z0-9][a-zA-Z0-9-]*$/, 'publisher');
  assert.match(manifest.version, /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/, 'version: semver');
  assert.match(manifest.engines && manifest.engines.vscode, /^\^\d+\.\d+\.\d+$/, 'engines.vscode like ^1.82.0');
  assert.ok(manifest.displayName && manifest.description, 'displayName and description');
  assert.ok(manifest.repository && manifest.license, 'repository and license (vsce asks for them)');
  for (const c of manifest.categories) {
    assert.ok(['Programming Languages', 'Linters', 'Formatters', 'Snippets', 'Other'].includes(c), `category ${c}`);
  }
});
check('main exists and activation events are valid', () => {
  assert.ok(fs.existsSync(path.join(root, manifest.main)), `main ${manifest.main} missing`);
  assert.ok(Array.isArray(manifest.activationEvents) && manifest.activationEvents.length > 0);
  for (const e of manifest.activationEvents) {
    assert.match(e, /^(onLanguage:[\w-]+|workspaceContains:.+|onCommand:[\w.]+)$/, `activation event ${e}`);
  }
  assert.ok(manifest.activationEvents.includes('onLanguage:jsonc'), 'activates for jsonc documents');
});
check('language id and file associations', () => {
  const langs = manifest.contributes.languages;
  const jsonc = langs.find((l) => l.id === 'jsonc');
  assert.ok(jsonc, 'contributes the *.layout.json(c) file names to the jsonc language');
  assert.deepStrictEqual([...jsonc.filenamePatterns].sort(), PATTERNS);
});
check('jsonValidation points at the layout schema', () => {
  const v = manifest.contributes.jsonValidation;
  assert.strictEqual(v.length, 1);
  assert.deepStrictEqual([...v[0].fileMatch].sort(), PATTERNS);
  assert.match(v[0].url, /^\.\//, 'url relative to the extension');
  const copy = require(path.join(root, 'scripts', 'copy-schema.js'));
  assert.strictEqual(path.resolve(root, v[0].url), copy.target, 'url is where scripts/copy-schema.js puts the schema');
  const schema = JSON.parse(fs.readFileSync(copy.source, 'utf8'));
  assert.strictEqual(schema.type, 'object');
  assert.ok(schema.properties && schema.properties.sections, 'the layout schema (has sections)');
});
check('settings: binary path and trace', () => {
  const props = manifest.contributes.configuration.properties;
  assert.strictEqual(props['layoutlint.path'].type, 'string');
  assert.strictEqual(props['layoutlint.path'].default, 'layoutlint');
  assert.deepStrictEqual(props['layoutlint.trace.server'].enum, ['off', 'messages', 'verbose']);
  for (const [key, p] of Object.entries(props)) {
    assert.match(key, /^layoutlint\./, `${key} is namespaced`);
    assert.ok(p.description || p.markdownDescription, `${key} is described`);
    assert.ok('default' in p, `${key} has a default`);
  }
});
check('scripts: npm run package and check', () => {
  assert.match(manifest.scripts.package, /^vsce package\b/);
  assert.ok(manifest.scripts['vscode:prepublish'], 'vscode:prepublish copies the schema');
  assert.ok(manifest.dependencies['vscode-languageclient'], 'depends on vscode-languageclient');
  assert.ok(manifest.devDependencies['@vscode/vsce'], 'devDepends on @vscode/vsce');
});

// --- extension.js, activated against stand-ins ---
const calls = { clients: [], commands: [], started: 0, stopped: 0 };
const settings = { 'layoutlint.path': '/opt/bin/layoutlint', 'layoutlint.enable': true };
const vscodeStub = {
  workspace: {
    getConfiguration: (section) => ({ get: (k, d) => (settings[`${section}.${k}`] ?? d) }),
    createFileSystemWatcher: (glob) => ({ glob, dispose() {} }),
    onDidChangeConfiguration: () => ({ dispose() {} }),
    applyEdit: async () => true,
  },
  window: {
    createOutputChannel: (name) => ({ name, show() {}, dispose() {} }),
    showErrorMessage: async (msg) => { throw new Error('unexpected error message: ' + msg); },
    showInformationMessage: async () => undefined,
  },
  commands: {
    registerCommand: (id, fn) => { calls.commands.push(id); return { dispose() {} }; },
    executeCommand: async () => [],
  },
  Range: class {},
};
class LanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    Object.assign(this, { id, name, serverOptions, clientOptions });
    calls.clients.push(this);
  }
  async start() { calls.started++; }
  async stop() { calls.stopped++; }
}
const lcStub = { LanguageClient, TransportKind: { stdio: 0, ipc: 1 }, RevealOutputChannelOn: { Never: 4 } };
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === 'vscode' || request === 'vscode-languageclient/node') return request;
  return resolve.call(this, request, ...rest);
};
require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: vscodeStub };
require.cache['vscode-languageclient/node'] = { id: 'lc', filename: 'lc', loaded: true, exports: lcStub };

(async () => {
  let ext;
  check('extension.js loads', () => { ext = require(path.join(root, manifest.main)); });
  if (ext) {
    const context = { subscriptions: [] };
    await ext.activate(context);
    check('activate starts `<layoutlint.path> serve` over stdio', () => {
      assert.strictEqual(calls.clients.length, 1);
      const c = calls.clients[0];
      assert.strictEqual(c.id, 'layoutlint', 'client id (trace setting prefix layoutlint.trace.server)');
      assert.deepStrictEqual(c.serverOptions.run, { command: '/opt/bin/layoutlint', args: ['serve'], transport: 0 });
      assert.strictEqual(calls.started, 1);
    });
    check('the client serves *.layout.json and *.layout.jsonc as jsonc', () => {
      const sel = calls.clients[0].clientOptions.documentSelector;
      const patterns = sel.filter((s) => s.scheme === 'file').map((s) => s.pattern).sort();
      assert.deepStrictEqual(patterns, ['**/*.layout.json', '**/*.layout.jsonc']);
      assert.ok(sel.every((s) => s.language === 'jsonc'));
    });
    check('contributed commands are registered, and only those', () => {
      const contributed = manifest.contributes.commands.map((c) => c.command).sort();
      assert.deepStrictEqual([...calls.commands].sort(), contributed);
    });
    await ext.deactivate();
    check('deactivate stops the client', () => assert.strictEqual(calls.stopped, 1));
  }
  if (failures.length) {
    console.log(`check-manifest: ${failures.length} check(s) failed`);
    process.exit(1);
  }
  console.log('check-manifest: all checks passed');
})().catch((err) => {
  console.log('FAIL ' + (err && err.stack || err));
  process.exit(1);
});
