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
import { connectTo, RawServer } from './raw-lsp.mjs';

const lspDist = path.join(REPO, 'packages/lsp/dist');
const requireFromLsp = createRequire(path.join(REPO, 'packages/lsp/package.json'));
const { discoverProjects } = await import(pathToFileURL(path.join(lspDist, 'project-discovery.js')).href);

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
  const connection = connectTo(child, (params) => params.items.map(() => ({ disableAutomaticTypeAcquisition: true })));
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
  // No log directory: the native server writes none.
  const server = new RawServer(connection, child, undefined);
  for (const project of projects) server.open(project.anchor);
  for (const project of projects)
    await connection.sendRequest('custom/projectInfo', { textDocument: { uri: uri(project.anchor) } });
  server.loaded({ spawnedAt, initializedAt, loadedAt: performance.now() }, projects.length);
  return server;
}
