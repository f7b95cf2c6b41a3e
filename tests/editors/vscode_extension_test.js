// The VS Code extension (editors/vscode/extension.js) with stand-ins for VS Code's API and for
// vscode-languageclient (ctest `vscode_extension`, Node.js only: nothing is installed from npm). Checks that
// it starts `mlsi lsp` for .mls documents with the configured executable and options, serves
// `mlsi-builtin:` documents through the server's workspace/textDocumentContent, and runs the code lenses'
// commands as `mlsi run` and `mlsi test` command lines in a terminal.
//   node vscode_extension_test.js SOURCE_DIR
const Module = require('module');
const path = require('path');

const failures = [];
let passed = 0;
function check(name, actual, expected) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a === e) passed++;
  else failures.push(`${name}:\n  expected ${e}\n  actual   ${a}`);
}

const registered = { commands: {}, providers: {}, terminals: [] };
const vscode = {
  Uri: {
    parse(uri) {
      const scheme = uri.slice(0, uri.indexOf(':'));
      return { scheme, fsPath: scheme === 'file' ? decodeURIComponent(uri.slice('file://'.length)) : undefined };
    },
  },
  workspace: {
    getConfiguration: () => ({ get: (key) => ({ path: '/opt/mlsi/bin/mlsi', extraArgs: ['--catalog', 'my chips.toml'] })[key] }),
    registerTextDocumentContentProvider(scheme, provider) {
      registered.providers[scheme] = provider;
      return { dispose() {} };
    },
  },
  commands: {
    registerCommand(name, f) {
      registered.commands[name] = f;
      return { dispose() {} };
    },
  },
  window: {
    terminals: [],
    createTerminal(name) {
      const t = { name, sent: [], show() {}, sendText(text) { this.sent.push(text); } };
      vscode.window.terminals.push(t);
      return t;
    },
  },
};
const clients = [];
class LanguageClient {
  constructor(id, name, server, client) {
    Object.assign(this, { id, name, server, client, requests: [] });
    clients.push(this);
  }
  start() { return Promise.resolve(); }
  stop() { return Promise.resolve(); }
  async sendRequest(method, params) {
    this.requests.push([method, params]);
    return { text: 'unit B = 1 byte\n' };
  }
}
const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === 'vscode') return vscode;
  if (request === 'vscode-languageclient/node') return { LanguageClient, TransportKind: { stdio: 0 } };
  return load.call(this, request, parent, isMain);
};

const ext = require(path.join(process.argv[2], 'editors', 'vscode', 'extension.js'));
(async () => {
  const context = { subscriptions: [] };
  await ext.activate(context);
  check('commands', Object.keys(registered.commands).sort(), ['mlsi.restart', 'mlsi.run', 'mlsi.test']);
  check('subscriptions', context.subscriptions.length, 4);
  check('server command', clients[0].server, { command: '/opt/mlsi/bin/mlsi', args: ['lsp', '--catalog', 'my chips.toml'], transport: 0 });
  check('documents', clients[0].client.documentSelector, [{ language: 'mls' }]);
  const text = await registered.providers['mlsi-builtin'].provideTextDocumentContent({ toString: () => 'mlsi-builtin:/prelude/units.mls' });
  check('built-in document', [text, clients[0].requests], ['unit B = 1 byte\n', [['workspace/textDocumentContent', { uri: 'mlsi-builtin:/prelude/units.mls' }]]]);
  registered.commands['mlsi.run']('file:///work/my%20scenarios/kv.mls', 'KvCache', '');
  registered.commands['mlsi.run']('file:///work/kv.mls', 'KvCache', 'long_context');
  registered.commands['mlsi.test']('file:///work/kv.mls', 'KvCache', 'long_context');
  registered.commands['mlsi.run']('mlsi-builtin:/builtin/scenarios/training/training_run.mls', 'TrainingRun', 'published');
  check('one terminal', vscode.window.terminals.map((t) => t.name), ['mlsi']);
  check('lens command lines', vscode.window.terminals[0].sent, [
    "/opt/mlsi/bin/mlsi run '/work/my scenarios/kv.mls' --scenario KvCache",
    '/opt/mlsi/bin/mlsi run /work/kv.mls --scenario KvCache --config long_context',
    '/opt/mlsi/bin/mlsi test /work/kv.mls --config long_context',
    '/opt/mlsi/bin/mlsi run TrainingRun --config published',
  ]);
  await registered.commands['mlsi.restart']();
  check('restart starts a new client', clients.length, 2);
  for (const f of failures) console.log('FAIL ' + f);
  console.log(`${passed} passed, ${failures.length} failed`);
  process.exit(failures.length ? 1 : 0);
})();
