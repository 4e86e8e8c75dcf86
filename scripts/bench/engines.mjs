// The two engines the bench compares cn with: for each, the raw language server (the physical limit) and how cn is
// told to use it (CN_ENGINE). An engine this checkout cannot run is reported with the reason, never a failure.
import path from 'node:path';
import { locateNativeEngine, startRawNativeServer, startRawServer } from './raw-lsp.mjs';

export const ENGINE_NAMES = ['tsserver', 'native'];

export const ENGINES = {
  tsserver: {
    name: 'tsserver',
    rawName: 'raw TLS tree (TLS + tsserver)',
    locate: () => ({ available: true }),
    start: (root) => startRawServer(root),
    /** What cn find asks: tsserver's navto searches every project (workspace/symbol searches one). */
    search: (server, name) => server.tsserver('navto', { searchValue: name }).then((answer) => answer?.body ?? []),
  },
  native: {
    name: 'native',
    rawName: 'raw native server (tsc --lsp)',
    locate: locateNativeEngine,
    start: (root, located) => startRawNativeServer(root, located.installation),
    /** Native has no navto: workspace/symbol is the name search. */
    search: (server, name) => server.workspaceSymbol(name),
  },
};

/**
 * Which engine a running cn daemon uses, from `cn status`: a build without the native engine has no `engine` field
 * and always runs tsserver, whatever CN_ENGINE says.
 */
export function engineOfStatus(status) {
  return status.engine ?? 'tsserver';
}

/**
 * A raw server started on the corpus and asked what a cold `cn find` asks before it answers: the first name search,
 * definition and references on the freshly loaded server (a cold find ends with its first answer, so the cold limit
 * must too). Answers the loaded server and the milliseconds from its spawn to those references.
 */
export async function rawFirstFind(engine, located, corpus, position) {
  const server = await engine.start(corpus.root, located);
  const symbolFile = path.join(corpus.root, corpus.symbol.file);
  const started = performance.now();
  server.open(symbolFile);
  await engine.search(server, corpus.symbol.name);
  await server.definition(symbolFile, position);
  await server.references(symbolFile, position);
  return { server, spawnToFirstFind: server.timings.spawnToLoadedMs + (performance.now() - started) };
}
