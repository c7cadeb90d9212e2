// Starts `cairn lsp` for .scene files; everything else (diagnostics, completion, hover,
// definition, outline, rename, formatting) comes from the server.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration('cairn').get('command') || ['cairn', 'lsp'];
  const serverOptions = { command: command[0], args: command.slice(1) };
  const clientOptions = { documentSelector: [{ scheme: 'file', language: 'scene' }] };
  client = new LanguageClient('cairn', 'Cairn scene language server', serverOptions, clientOptions);
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
