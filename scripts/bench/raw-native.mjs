// The physical limit of the native engine: a direct vscode-jsonrpc client to TypeScript 7's own language server
// (`tsc --lsp --stdio`, the platform binary, as the native engine starts it), with nothing of cn in between.
// Settings as the issue measured them: automatic type acquisition off through workspace/configuration, one anchor
// per project opened, loaded once `custom/projectInfo` answers for each. Native has no navto: a find is
// workspace/symbol + definition + references.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO } from './corpora.mjs';

const lspDist = path.join(REPO, 'packages/lsp/dist');
const requireFromLsp = createRequire(path.join(REPO, 'packages/lsp/package.json'));
const jsonrpc = requireFromLsp('vscode-jsonrpc/node.js');
const { discoverProjects } = await import(pathToFileURL(path.join(lspDist, 'project-discovery.js')).href);
const { languageIdFor } = await import(pathToFileURL(path.join(lspDist, 'document-sync.js')).href);

const uri = (file) => pathToFileURL(file).href;

/**
 * The native server's binary as the engine finds it (`typescript-native`, typescript@7, beside 5.9 in packages/lsp),
 * or why there is none: until the native engine is merged, cn's checkout does not install it.
 */
export function locateNativeBinary() {
  const nativeInstallation = path.join(lspDist, 'native-installation.js');
  try {
    const manifest = requireFromLsp.resolve('typescript-native/package.json');
    const platform = createRequire(manifest).resolve(
      `@typescript/typescript-${process.platform}-${process.arch}/package.json`,
    );
    const binary = path.join(path.dirname(platform), 'lib', 'tsc');
    if (existsSync(binary)) return { binary, version: JSON.parse(readFileSync(manifest, 'utf8')).version };
    return { reason: `typescript-native has no binary for ${process.platform}-${process.arch}` };
  } catch {
    return {
      reason: existsSync(nativeInstallation)
        ? 'typescript-native (typescript@7) is not installed in packages/lsp (run npm ci)'
        : 'this checkout has no native engine yet (packages/lsp has no typescript-native)',
    };
  }
}

/** Spawn → initialize → didOpen one anchor per project → every project answered custom/projectInfo. */
export async function startRawNativeServer(root, binary) {
  const spawnedAt = performance.now();
  const child = spawn(binary, ['--lsp', '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'ignore'] });
  const connection = jsonrpc.createMessageConnection(
    new jsonrpc.StreamMessageReader(child.stdout),
    new jsonrpc.StreamMessageWriter(child.stdin),
  );
  connection.onRequest('workspace/configuration', (params) =>
    params.items.map(() => ({ disableAutomaticTypeAcquisition: true })),
  );
  connection.onRequest(() => null);
  connection.onNotification(() => undefined);
  connection.onUnhandledProgress(() => undefined);
  connection.onError(() => undefined);
  child.stdin.on('error', () => undefined);
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: uri(root),
    workspaceFolders: [{ uri: uri(root), name: path.basename(root) }],
    capabilities: {
      workspace: { configuration: true, symbol: {} },
      textDocument: { references: {}, definition: {}, documentSymbol: { hierarchicalDocumentSymbolSupport: true } },
    },
  });
  connection.sendNotification('initialized', {});
  const initializedAt = performance.now();
  const { projects } = discoverProjects(root, 0);
  const server = new RawNativeServer(connection, child);
  for (const project of projects) server.open(project.anchor);
  for (const project of projects)
    await connection.sendRequest('custom/projectInfo', { textDocument: { uri: uri(project.anchor) } });
  const loadedAt = performance.now();
  server.timings = {
    initializeMs: initializedAt - spawnedAt,
    openToLoadedMs: loadedAt - initializedAt,
    spawnToLoadedMs: loadedAt - spawnedAt,
  };
  server.projects = projects.length;
  return server;
}

class RawNativeServer {
  constructor(connection, child) {
    this.connection = connection;
    this.child = child;
    this.opened = new Set();
  }

  get pid() {
    return this.child.pid;
  }

  open(file) {
    if (this.opened.has(file)) return;
    this.opened.add(file);
    this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: uri(file), languageId: languageIdFor(file), version: 1, text: readFileSync(file, 'utf8') },
    });
  }

  workspaceSymbol(query) {
    return this.connection.sendRequest('workspace/symbol', { query });
  }

  definition(file, position) {
    return this.connection.sendRequest('textDocument/definition', {
      textDocument: { uri: uri(file) },
      position: { line: position.line - 1, character: position.character - 1 },
    });
  }

  references(file, position) {
    return this.connection.sendRequest('textDocument/references', {
      textDocument: { uri: uri(file) },
      position: { line: position.line - 1, character: position.character - 1 },
      context: { includeDeclaration: true },
    });
  }

  async dispose() {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    try {
      // Native refuses a shutdown with params.
      await Promise.race([this.connection.sendRequest('shutdown'), sleep(2000)]);
      this.connection.sendNotification('exit');
    } catch {
      // Already gone.
    }
    await Promise.race([exited, sleep(2000)]);
    try {
      this.child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
    this.connection.dispose();
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());
