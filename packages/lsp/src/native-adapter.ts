import path from 'node:path';
import { decodeSourceBytes } from '@cn/core';
import { RequestType } from 'vscode-jsonrpc/node.js';
import {
  DidChangeWatchedFilesNotification,
  DocumentSymbolRequest,
  FileChangeType,
  FoldingRangeRequest,
  type DocumentSymbol,
  type FileEvent,
} from 'vscode-languageserver-protocol';
import { fromFoldingRanges, pathToUri } from './convert.js';
import type { EngineAdapter, SourceChanges } from './engine-adapter.js';
import { readFileBytes } from './file-stamp.js';
import { CLIENT_CAPABILITIES, commonInitializeParams } from './initialize-params.js';
import type { LanguageServerSession } from './language-server-session.js';
import type { ProjectLayout } from './project-layout.js';
import type { NativeInstallation } from './native-installation.js';
import { normalizeNativeFolds, normalizeNativeOutline, type NativeOutline } from './native-outline.js';
import { NativeSymbolIndex } from './native-symbol-index.js';
import { openLooseProject } from './native-loose-project.js';
import { savedIndexKey } from './saved-name-index.js';
import { discoverNatively } from './native-discovery.js';
import { nativeFileDiagnostics } from './navigation/diagnostics.js';

/** The native server's own request: which tsconfig holds a file (it loads the project to answer). */
const ProjectInfoRequest = new RequestType<{ textDocument: { uri: string } }, { configFilePath?: string } | null, void>(
  'custom/projectInfo',
);

/**
 * Automatic type acquisition would run `npm install` into ~/.cache/typescript/7.0 for JavaScript
 * projects (measured: npm children within a second of loading a project that imports lodash); cn only
 * navigates. The native server ignores initializationOptions and reads this through workspace/configuration,
 * under its current key and the deprecated one. A rename renames every use, as tsserver does with
 * `providePrefixAndSuffixTextForRename: false` (initialize-params.ts): typescript-go's default would keep the old name
 * through an alias (`export { priceOf as formatPrice }`), so the two engines would rename differently.
 */
export const NATIVE_SETTINGS = {
  disableAutomaticTypeAcquisition: true,
  tsserver: { automaticTypeAcquisition: { enabled: false } },
  preferences: { useAliasesForRenames: false },
};
const SETTING_SECTIONS = new Set(['js/ts', 'typescript', 'javascript']);

/** typescript@7's language server (`tsc --lsp --stdio`): one Go process, no tsserver behind it. */
export function nativeAdapter(installation: NativeInstallation): EngineAdapter {
  return {
    versions: installation,
    // The platform package's lib/ holds tsc and the lib.*.d.ts it compiles with.
    libraryDirectory: path.dirname(installation.binary),
    dropsOnlyTheDeclaration: false,
    watchesFiles: false,
    lineBreaks: 'lsp',
    // Its info messages narrate every snapshot: only warnings and errors go to daemon.log.
    logLevel: 2,
    discover: (root, maxLooseFiles, tree) => discoverNatively(installation.binary, root, maxLooseFiles, tree),
    launch: (settings) => ({
      command: installation.binary,
      args: ['--lsp', '--stdio'],
      // Go's soft memory ceiling: the collector works harder near it instead of the process dying.
      env: {
        ...process.env,
        ...(settings.maxTsServerMemory ? { GOMEMLIMIT: `${Math.round(settings.maxTsServerMemory)}MiB` } : {}),
      },
    }),
    initializeParams: (settings) => commonInitializeParams(settings.root, CLIENT_CAPABILITIES),
    configuration: (section) => (section !== undefined && SETTING_SECTIONS.has(section) ? NATIVE_SETTINGS : null),
    describeProcess: (_command, isServer) =>
      isServer
        ? { name: 'the native TypeScript server', essential: true }
        : { name: 'a helper of the native TypeScript server', essential: false },
    deathIn: nativeDeathIn,
    async loadProject(session, anchor, timeoutMs) {
      const info = await session.connection.request(
        ProjectInfoRequest,
        { textDocument: { uri: pathToUri(anchor) } },
        timeoutMs,
      );
      const config = info?.configFilePath;
      return config && /\.json$/i.test(config) ? path.resolve(config) : undefined;
    },
    openLooseFiles,
    applyFileChanges: notifyFileChanges,
    createSymbols: (session) => {
      const saved = session.savedIndexFile;
      return new NativeSymbolIndex(
        session,
        (file) => nativeOutline(session, file),
        saved && { file: saved.file, key: savedIndexKey(saved.cnVersion, installation.serverVersion) },
      );
    },
    outline: async (session, file) => (await nativeOutline(session, file)).outline,
    async foldingSpans(session, file) {
      const [ranges, text] = await Promise.all([
        session.request(FoldingRangeRequest.type, { textDocument: { uri: pathToUri(file) } }),
        readText(file),
      ]);
      return fromFoldingRanges(normalizeNativeFolds(ranges ?? [], text));
    },
    fileDiagnostics: nativeFileDiagnostics,
  };
}

/** Go's fatal errors end the process (its exit restarts the session); these lines say why. */
function nativeDeathIn(line: string, maxTsServerMemory?: number): string | undefined {
  if (/fatal error: runtime: out of memory|runtime: out of memory/.test(line)) {
    const limit = maxTsServerMemory ? ` (GOMEMLIMIT ${maxTsServerMemory} MB)` : '';
    return `the native TypeScript server ran out of memory${limit}`;
  }
  if (/^panic: /.test(line.trim())) return `the native TypeScript server crashed: ${line.trim().slice(0, 160)}`;
  return undefined;
}

/** The file's outline as tsserver would give it (native-outline.ts), and the import/export bindings it dropped. */
async function nativeOutline(session: LanguageServerSession, file: string): Promise<NativeOutline> {
  const [symbols, text] = await Promise.all([
    session.request(DocumentSymbolRequest.type, { textDocument: { uri: pathToUri(file) } }),
    readText(file),
  ]);
  // Hierarchical symbols were asked for; a flat answer would carry no tree to normalize.
  const tree = (symbols ?? []).filter((symbol): symbol is DocumentSymbol => 'selectionRange' in symbol);
  return normalizeNativeOutline(tree, text);
}

async function readText(file: string): Promise<string> {
  return decodeSourceBytes(await readFileBytes(file));
}

/** The loose files as one project of cn's own (native-loose-project.ts); `previous` is the generation's business. */
async function openLooseFiles(session: LanguageServerSession, layout: ProjectLayout): Promise<void> {
  await openLooseProject(session, layout.looseFiles);
}

/**
 * The native server watches nothing unless the client offers to watch for it (dynamic registration,
 * which cn does not advertise), so cn tells it what its file-set monitor and file feed saw.
 */
async function notifyFileChanges(session: LanguageServerSession, changes: SourceChanges): Promise<void> {
  const event = (file: string, type: FileChangeType): FileEvent => ({ uri: pathToUri(file), type });
  const events = [
    ...changes.created.map((file) => event(file, FileChangeType.Created)),
    ...changes.edited.map((file) => event(file, FileChangeType.Changed)),
    ...changes.deleted.map((file) => event(file, FileChangeType.Deleted)),
  ];
  if (events.length > 0) session.connection.notify(DidChangeWatchedFilesNotification.type, { changes: events });
  if (changes.layout === changes.previous) return;
  await openLooseFiles(session, changes.layout);
  // Anchors may have been deleted: each project gets its current one open.
  for (const project of changes.layout.projects)
    await session.documents.sync(project.anchor, true).catch(() => undefined);
}
