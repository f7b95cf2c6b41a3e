// The mlsi extension: starts `mlsi lsp` for .mls files (npm's vscode-languageclient), serves the built-in
// prelude, catalogue and scenarios that "Go to Definition" opens as read-only `mlsi-builtin:` documents
// (the server's workspace/textDocumentContent request), and runs the code lenses' `mlsi run` and
// `mlsi test` in a terminal.
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function shellQuote(text) {
  return /^[A-Za-z0-9_./:=-]+$/.test(text) ? text : "'" + text.replace(/'/g, "'\\''") + "'";
}

function runInTerminal(args) {
  const mlsi = vscode.workspace.getConfiguration('mlsi').get('path') || 'mlsi';
  let terminal = vscode.window.terminals.find((t) => t.name === 'mlsi');
  if (!terminal) terminal = vscode.window.createTerminal('mlsi');
  terminal.show(true);
  terminal.sendText([mlsi, ...args].map(shellQuote).join(' '));
}

function pathOf(uri) {
  const parsed = vscode.Uri.parse(uri);
  return parsed.scheme === 'file' ? parsed.fsPath : undefined;
}

function startClient() {
  const config = vscode.workspace.getConfiguration('mlsi');
  const command = config.get('path') || 'mlsi';
  const serverOptions = { command, args: ['lsp', ...(config.get('extraArgs') || [])], transport: TransportKind.stdio };
  const clientOptions = {
    documentSelector: [{ language: 'mls' }],
    outputChannelName: 'mlsi',
  };
  client = new LanguageClient('mlsi', 'mlsi language server', serverOptions, clientOptions);
  return client.start();
}

function activate(context) {
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider('mlsi-builtin', {
      async provideTextDocumentContent(uri) {
        const answer = await client.sendRequest('workspace/textDocumentContent', { uri: uri.toString() });
        return answer.text;
      },
    }),
    // The lenses' commands: arguments [uri, scenario, config] as the server gives them.
    vscode.commands.registerCommand('mlsi.run', (uri, scenario, config) => {
      const path = pathOf(uri);
      const args = path ? ['run', path, '--scenario', scenario] : ['run', scenario];
      if (config) args.push('--config', config);
      runInTerminal(args);
    }),
    vscode.commands.registerCommand('mlsi.test', (uri, scenario, config) => {
      const path = pathOf(uri);
      runInTerminal(path ? ['test', path, '--config', config] : ['test', '--config', config]);
    }),
    vscode.commands.registerCommand('mlsi.restart', async () => {
      if (client) await client.stop();
      await startClient();
    }),
  );
  return startClient();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
