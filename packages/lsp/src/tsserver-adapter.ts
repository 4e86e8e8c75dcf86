import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DocumentSymbolRequest, FoldingRangeRequest } from 'vscode-languageserver-protocol';
import { fromDocumentSymbols, fromFoldingRanges, pathToUri } from './convert.js';
import { discoverInWorker } from './discover-in-worker.js';
import type { EngineAdapter, EngineVersions, SessionSymbols, SourceChanges } from './engine-adapter.js';
import { buildInitializeParams } from './initialize-params.js';
import type { LanguageServerSession } from './language-server-session.js';
import type { ProjectLayout } from './project-layout.js';
import { readVersion } from './language-server-process.js';
import { tsserverFileDiagnostics } from './navigation/diagnostics.js';
import { classifyServerLog } from './server-log.js';
import { tsserverRequest } from './tsserver-commands.js';
import { fromNavtoItem } from './tsserver-navto.js';

const require = createRequire(import.meta.url);
// Not files: tsserver only uses the names to identify the projects and their directory.
const LOOSE_PROJECT_NAME = 'cn-loose-files';
const CONFIGS_PROJECT_NAME = 'cn-configured-projects';

export interface TsserverInstallation extends EngineVersions {
  cliPath: string;
  tsserverPath: string;
}

/**
 * cn's own TypeScript, unless the user trusts the project (CN_TRUST_PROJECT=1, `cn start --trust-project`: never a
 * file in the project) and it has its own: `node_modules/typescript/lib/tsserver.js` is code the repository
 * provides, and so are the tsconfig `plugins` tsserver loads from beside itself (`<tsserver>/../../..`, the
 * node_modules that holds it: cn's own installation unless the project's TypeScript runs).
 */
export function locateTsserver(root: string, trustProject = false): TsserverInstallation {
  const serverPackage = require.resolve('typescript-language-server/package.json');
  const projectTsserver = projectTsserverPath(root);
  const useProject = trustProject && existsSync(projectTsserver);
  const tsserverPath = useProject ? projectTsserver : require.resolve('typescript/lib/tsserver.js');
  return {
    engine: 'tsserver',
    cliPath: path.join(path.dirname(serverPackage), 'lib', 'cli.mjs'),
    serverVersion: readVersion(serverPackage),
    tsserverPath,
    typescriptVersion: readVersion(path.join(path.dirname(tsserverPath), '..', 'package.json')),
    typescriptSource: useProject ? 'project' : 'bundled',
  };
}

/** Where a project keeps its own TypeScript's server (run only when the user trusts the project). */
export function projectTsserverPath(root: string): string {
  return path.join(root, 'node_modules', 'typescript', 'lib', 'tsserver.js');
}

/** typescript-language-server 5.3 and its tsserver 5.9 (or the project's own TypeScript). */
export function tsserverAdapter(installation: TsserverInstallation): EngineAdapter {
  return {
    versions: installation,
    libraryDirectory: path.dirname(installation.tsserverPath),
    dropsOnlyTheDeclaration: true,
    watchesFiles: true,
    // typescript-language-server reports tsserver's lines, which are the compiler's.
    lineBreaks: 'compiler',
    // typescript-language-server logs little (logVerbosity off), and tsserver's deaths among it.
    logLevel: 4,
    discover: discoverInWorker,
    launch: (settings) => ({
      command: process.execPath,
      args: [installation.cliPath, '--stdio'],
      // The host's NODE_OPTIONS (test runners' loaders, --inspect …) must not reach the language server and
      // tsserver. TMPDIR: its cancellation directories go to the tree's private temp dir, not the shared one.
      env: { ...process.env, NODE_OPTIONS: '', TMPDIR: settings.tempDirectory, TMP: settings.tempDirectory },
    }),
    initializeParams: (settings) => buildInitializeParams(installation.tsserverPath, settings),
    // Its settings come in initializationOptions.
    configuration: () => null,
    describeProcess: (command, isServer) => {
      if (isServer) return { name: 'typescript-language-server', essential: true };
      return command.includes('tsserver')
        ? { name: 'tsserver', essential: true }
        : { name: 'a helper of the language server', essential: false };
    },
    deathIn: classifyServerLog,
    async loadProject(session, anchor, timeoutMs) {
      // tsserver handles requests in order, so this answers only once the anchor's project is built.
      const info = await tsserverRequest(session, 'projectInfo', { file: anchor, needFileNameList: false }, timeoutMs);
      // Inferred and external projects carry made-up names; only real config files are reported.
      const configFile = info?.configFileName;
      return configFile && /\.json$/i.test(configFile) ? path.resolve(configFile) : undefined;
    },
    openLooseFiles: (session, layout) => openLooseProject(session, layout),
    applyFileChanges: reloadProjects,
    createSymbols: navtoSymbols,
    outline: async (session, file) =>
      fromDocumentSymbols(
        await session.request(DocumentSymbolRequest.type, { textDocument: { uri: pathToUri(file) } }),
      ),
    foldingSpans: async (session, file) =>
      fromFoldingRanges(await session.request(FoldingRangeRequest.type, { textDocument: { uri: pathToUri(file) } })),
    fileDiagnostics: tsserverFileDiagnostics,
  };
}

/**
 * tsserver's wildcard directory watchers would add new files only after a delay; a reload is
 * immediate. Anchors may have been deleted, so each project gets its current one re-opened. Edits
 * in place need nothing: tsserver watches the files it loaded.
 */
async function reloadProjects(session: LanguageServerSession, changes: SourceChanges): Promise<void> {
  if (changes.created.length === 0 && changes.deleted.length === 0) return;
  await session.documents.syncAll();
  await tsserverRequest(session, 'reloadProjects', {}, session.loadTimeoutMs);
  for (const project of changes.layout.projects)
    await session.documents.sync(project.anchor, true).catch(() => undefined);
  if (changes.layout.looseFiles.length > 0 || changes.previous.looseFiles.length > 0)
    await openLooseProject(session, changes.layout);
}

/**
 * Sources outside every config go into one external project that tsserver reads from disk and
 * watches itself. Opening them one by one instead would make the language server type-check each open file
 * and make tsserver trust possibly stale open copies over the disk.
 */
async function openLooseProject(session: LanguageServerSession, layout: ProjectLayout): Promise<void> {
  // The loose files reach into the packages they import, and tsserver closes a configured project once each of its open
  // files is in an external project too (ProjectService.getOrphanConfiguredProjects): vitest lost packages/vitest's
  // project that way. An external project whose root files are configs keeps their projects for as long as it lives.
  await tsserverRequest(
    session,
    'openExternalProject',
    {
      projectFileName: path.join(session.root, CONFIGS_PROJECT_NAME),
      rootFiles: layout.projects.map((project) => ({ fileName: project.configPath })),
      options: {},
    },
    session.loadTimeoutMs,
  );
  await tsserverRequest(
    session,
    'openExternalProject',
    {
      projectFileName: path.join(session.root, LOOSE_PROJECT_NAME),
      rootFiles: layout.looseFiles.map((fileName) => ({ fileName })),
      // The options of the config nearest the root (project-discovery.ts, looseFileOptions), in tsc's parsed form.
      options: layout.looseOptions ?? {},
      typeAcquisition: { enable: false },
    },
    session.loadTimeoutMs,
  );
}

/**
 * LSP workspace/symbol searches only the projects of one open file; navto without a file searches every
 * loaded project and also returns the container name. Always complete.
 */
function navtoSymbols(session: LanguageServerSession): SessionSymbols {
  return {
    async search(query) {
      await session.documents.syncAll();
      const items = await tsserverRequest(session, 'navto', { searchValue: query });
      return { hits: (items ?? []).map(fromNavtoItem), complete: true };
    },
    start: () => undefined,
    changed: () => undefined,
    // navto searches tsserver's own projects: complete once they are loaded.
    whenBuilt: () => Promise.resolve(),
    dispose: () => undefined,
  };
}
