// The physical limit: a direct vscode-jsonrpc client to typescript-language-server, with the very
// settings the daemon uses (its own initialize params, installation and project anchors are imported
// from the built @cn/lsp, so the two cannot drift apart), and nothing of cn in between.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO } from './corpora.mjs';
import { descendantsOf } from './process-tree.mjs';

const lspDist = path.join(REPO, 'packages/lsp/dist');
const requireFromLsp = createRequire(path.join(REPO, 'packages/lsp/package.json'));
const jsonrpc = requireFromLsp('vscode-jsonrpc/node.js');
const { buildInitializeParams } = await import(pathToFileURL(path.join(lspDist, 'initialize-params.js')).href);
const { locateInstallation } = await import(pathToFileURL(path.join(lspDist, 'language-server-process.js')).href);
const { discoverProjects } = await import(pathToFileURL(path.join(lspDist, 'project-discovery.js')).href);
const { languageIdFor } = await import(pathToFileURL(path.join(lspDist, 'document-sync.js')).href);

const uri = (file) => pathToFileURL(file).href;

/** Spawn → initialize → didOpen one anchor per project → every project answered a semantic request. */
export async function startRawServer(root) {
  const logDirectory = mkdtempSync(path.join(os.tmpdir(), 'cn-bench-tls-'));
  const installation = locateInstallation(root);
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [installation.cliPath, '--stdio'], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'ignore'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  // Same replies as the daemon: an unanswered server request stalls TLS.
  const connection = connectTo(child, (params) => params.items.map(() => null));
  await connection.sendRequest('initialize', buildInitializeParams(installation, { root, logDirectory }));
  connection.sendNotification('initialized', {});
  const initializedAt = performance.now();
  const { projects } = discoverProjects(root, 0);
  const server = new RawServer(connection, child, logDirectory);
  for (const project of projects) server.open(project.anchor);
  for (const project of projects)
    await server.tsserver('projectInfo', { file: project.anchor, needFileNameList: false });
  server.loaded({ spawnedAt, initializedAt, loadedAt: performance.now() }, projects.length);
  return server;
}

/** A JSON-RPC connection over the server's stdio that answers workspace/configuration and ignores the rest. */
export function connectTo(child, configuration) {
  const connection = jsonrpc.createMessageConnection(
    new jsonrpc.StreamMessageReader(child.stdout),
    new jsonrpc.StreamMessageWriter(child.stdin),
  );
  connection.onRequest('workspace/configuration', configuration);
  connection.onRequest(() => null);
  connection.onNotification(() => undefined);
  connection.onUnhandledProgress(() => undefined);
  connection.onError(() => undefined);
  child.stdin.on('error', () => undefined);
  connection.listen();
  return connection;
}

/** One raw language server: documents, the requests the bench times, and its end. */
export class RawServer {
  constructor(connection, child, logDirectory) {
    this.connection = connection;
    this.child = child;
    this.logDirectory = logDirectory;
    this.versions = new Map();
  }

  get pid() {
    return this.child.pid;
  }

  loaded({ spawnedAt, initializedAt, loadedAt }, projects) {
    this.timings = {
      initializeMs: initializedAt - spawnedAt,
      openToLoadedMs: loadedAt - initializedAt,
      spawnToLoadedMs: loadedAt - spawnedAt,
    };
    this.projects = projects;
  }

  open(file) {
    if (this.versions.has(file)) return;
    this.versions.set(file, 1);
    this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: uri(file), languageId: languageIdFor(file), version: 1, text: readFileSync(file, 'utf8') },
    });
  }

  /** A full-text didChange with the same text: tsserver must still re-parse the file. */
  touch(file) {
    const version = (this.versions.get(file) ?? 1) + 1;
    this.versions.set(file, version);
    this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: uri(file), version },
      contentChanges: [{ text: readFileSync(file, 'utf8') }],
    });
  }

  tsserver(command, args) {
    return this.connection.sendRequest('workspace/executeCommand', {
      command: 'typescript.tsserverRequest',
      arguments: [command, args],
    });
  }

  workspaceSymbol(query) {
    return this.connection.sendRequest('workspace/symbol', { query });
  }

  definition(file, position) {
    return this.connection.sendRequest('textDocument/definition', {
      textDocument: { uri: uri(file) },
      position: lspPosition(position),
    });
  }

  references(file, position) {
    return this.connection.sendRequest('textDocument/references', {
      textDocument: { uri: uri(file) },
      position: lspPosition(position),
      context: { includeDeclaration: true },
    });
  }

  documentSymbol(file) {
    return this.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: uri(file) } });
  }

  foldingRange(file) {
    return this.connection.sendRequest('textDocument/foldingRange', { textDocument: { uri: uri(file) } });
  }

  async dispose() {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    const tree = descendantsOf(this.child.pid);
    try {
      // No params: the native server refuses a shutdown that has some.
      await Promise.race([this.connection.sendRequest('shutdown'), sleep(2000)]);
      this.connection.sendNotification('exit');
    } catch {
      // Already gone.
    }
    await Promise.race([exited, sleep(2000)]);
    for (const pid of [this.child.pid, ...tree]) killQuietly(pid);
    this.connection.dispose();
    if (this.logDirectory) rmSync(this.logDirectory, { recursive: true, force: true });
  }
}

function lspPosition(position) {
  return { line: position.line - 1, character: position.character - 1 };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

function killQuietly(pid) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
