// The physical limit: a direct vscode-jsonrpc client to an engine's language server (typescript-language-server +
// tsserver, or TypeScript 7's `tsc --lsp`), started, initialized, configured and loaded by the very engine adapter
// the daemon uses (imported from the built @cn/lsp, so the two cannot drift apart), and nothing of cn in between.
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
const lspModule = (name) => import(pathToFileURL(path.join(lspDist, name)).href);
const { locateTsserver, tsserverAdapter } = await lspModule('tsserver-adapter.js');
const { nativeAdapter } = await lspModule('native-adapter.js');
const { locateNative } = await lspModule('native-installation.js');
const { discoverProjects } = await lspModule('project-discovery.js');
const { languageIdFor } = await lspModule('document-sync.js');

const uri = (file) => pathToFileURL(file).href;

/** The native engine's installation as the daemon finds it, or why this checkout cannot run it. */
export function locateNativeEngine() {
  try {
    return { available: true, installation: locateNative() };
  } catch (error) {
    return { available: false, reason: error.message };
  }
}

/** Spawn → initialize → didOpen one anchor per project → every project loaded, for tsserver. */
export function startRawServer(root) {
  return startWithAdapter(root, tsserverAdapter(locateTsserver(root)));
}

/** The same for the native engine (its installation from locateNativeEngine). */
export function startRawNativeServer(root, installation) {
  return startWithAdapter(root, nativeAdapter(installation));
}

async function startWithAdapter(root, adapter) {
  const logDirectory = mkdtempSync(path.join(os.tmpdir(), 'cn-bench-raw-'));
  const settings = { root, logDirectory };
  const launch = adapter.launch(settings);
  const spawnedAt = performance.now();
  const child = spawn(launch.command, launch.args, { cwd: root, stdio: ['pipe', 'pipe', 'ignore'], env: launch.env });
  // Same replies as the daemon: an unanswered server request stalls the server.
  const connection = connectTo(child, (params) => params.items.map((item) => adapter.configuration(item.section)));
  await connection.sendRequest('initialize', adapter.initializeParams(settings));
  connection.sendNotification('initialized', {});
  const initializedAt = performance.now();
  const { projects } = discoverProjects(root, 0);
  const server = new RawServer(connection, child, logDirectory);
  for (const project of projects) server.open(project.anchor);
  // The adapter asks its load request through a session's connection: this connection, with no timeout of cn's.
  const session = { connection: { request: (type, params) => connection.sendRequest(type, params) } };
  for (const project of projects) await adapter.loadProject(session, project.anchor, 0);
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
