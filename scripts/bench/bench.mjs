#!/usr/bin/env node
// How close is cn to the physical limit? For each corpus, in one run: the node floor, a raw
// vscode-jsonrpc client to typescript-language-server (same settings as the daemon), and whole `cn`
// processes (cold and warm), then the ratios against the targets of issue 4.
//   npm run build && node scripts/bench/bench.mjs [--corpus rxjs,effect,three|fixture:<dir>] [--runs 20] [--cold-runs
// 20]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { prepareCorpus, removeCorpus, symbolPosition } from './corpora.mjs';
import { cn, summarize, timeProcess, timeRequest } from './measure.mjs';
import { startRawServer } from './raw-lsp.mjs';
import { rssOf, treeRss } from './process-tree.mjs';
import { printCorpusReport, printSummary } from './report.mjs';
import { commaList, parseScriptArgs, wholeNumber } from '../lib/cli-args.mjs';

const options = parseArguments(process.argv.slice(2));
const results = [];
for (const name of options.corpora) {
  const corpus = prepareCorpus(name);
  try {
    const result = await benchCorpus(corpus, options);
    printCorpusReport(result);
    results.push(result);
  } finally {
    cn(['stop'], corpus.root, { allowExit: [0, 1, 2, 3, 4] });
    removeCorpus(corpus);
  }
}
printSummary(results);

function parseArguments(argv) {
  const { values } = parseScriptArgs('bench', argv, {
    corpus: { type: 'string', default: 'rxjs,effect,three' },
    runs: { type: 'string', default: '20' },
    'cold-runs': { type: 'string' },
  });
  const runs = wholeNumber('bench', '--runs', values.runs);
  return {
    corpora: commaList(values.corpus),
    runs,
    coldRuns: values['cold-runs'] === undefined ? runs : wholeNumber('bench', '--cold-runs', values['cold-runs']),
  };
}

async function benchCorpus(corpus, { runs, coldRuns }) {
  const position = symbolPosition(corpus);
  const symbolFile = path.join(corpus.root, corpus.symbol.file);
  const bigFile = path.join(corpus.root, corpus.bigFile);
  const id = `${corpus.symbol.file}::${position.line}::${position.character}`;
  cn(['stop'], corpus.root, { allowExit: [0, 1, 2, 3, 4] });
  progress(`${corpus.spec}: node floor`);
  const floor = timeProcess(['-e', '0'], runs);

  progress(`${corpus.spec}: raw LSP, ${coldRuns} cold starts`);
  const cold = { initialize: [], openToLoaded: [], spawnToLoaded: [], spawnToFirstFind: [] };
  let server;
  for (let i = 0; i < coldRuns; i++) {
    if (server) await server.dispose();
    server = await startRawServer(corpus.root);
    cold.initialize.push(server.timings.initializeMs);
    cold.openToLoaded.push(server.timings.openToLoadedMs);
    cold.spawnToLoaded.push(server.timings.spawnToLoadedMs);
    // A cold `cn find` ends with its first answer, so the cold limit must too: the first
    // symbol search, definition and references on a freshly loaded tsserver.
    const firstFindStarted = performance.now();
    server.open(symbolFile);
    await server.tsserver('navto', { searchValue: corpus.symbol.name });
    await server.definition(symbolFile, position);
    await server.references(symbolFile, position);
    cold.spawnToFirstFind.push(server.timings.spawnToLoadedMs + (performance.now() - firstFindStarted));
  }
  progress(`${corpus.spec}: raw LSP, warm requests`);
  server.open(bigFile);
  const raw = {
    projects: server.projects,
    initialize: summarize(cold.initialize),
    openToLoaded: summarize(cold.openToLoaded),
    spawnToLoaded: summarize(cold.spawnToLoaded),
    spawnToFirstFind: summarize(cold.spawnToFirstFind),
    workspaceSymbol: await timeRequest(runs, () => server.workspaceSymbol(corpus.symbol.name)),
    navto: await timeRequest(runs, () => server.tsserver('navto', { searchValue: corpus.symbol.name })),
    definition: await timeRequest(runs, () => server.definition(symbolFile, position)),
    references: await timeRequest(runs, () => server.references(symbolFile, position)),
  };
  // Memory before the edit loop below: repeated full-text edits of a big file grow tsserver's heap,
  // which the daemon's tree (measured without edits) would not be charged for.
  raw.treeRss = treeRss(server.pid);
  Object.assign(raw, {
    documentSymbol: await timeRequest(runs, () => server.documentSymbol(bigFile)),
    documentSymbolAfterEdit: await timeRequest(runs, () => {
      server.touch(bigFile);
      return server.documentSymbol(bigFile);
    }),
    foldingRange: await timeRequest(runs, () => server.foldingRange(bigFile)),
  });
  await server.dispose();

  progress(`${corpus.spec}: cn, ${coldRuns} cold finds`);
  const coldFinds = [];
  for (let i = 0; i < coldRuns; i++) {
    coldFinds.push(cn(['find', corpus.symbol.name], corpus.root).ms);
    cn(['stop'], corpus.root);
  }
  progress(`${corpus.spec}: cn, warm`);
  cn(['start'], corpus.root);
  const warmFind = timeCn(['find', corpus.symbol.name], corpus.root, runs);
  const warmMap = timeCn(['map', corpus.bigFile], corpus.root, runs);
  const warmInspect = timeCn(['inspect', id], corpus.root, runs);
  const daemonPid = JSON.parse(readFileSync(path.join(corpus.root, '.ts-search-daemon.json'), 'utf8')).pid;
  const cnResult = {
    coldFind: summarize(coldFinds),
    find: warmFind,
    map: warmMap,
    inspect: warmInspect,
    daemonRss: rssOf(daemonPid),
    daemonTreeRss: treeRss(daemonPid),
    references: JSON.parse(warmFind.stdout).totalReferences,
  };
  cn(['stop'], corpus.root);
  return { corpus, id, floor, raw, cn: cnResult, runs, coldRuns };
}

function timeCn(args, root, runs) {
  const first = cn(args, root);
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(cn(args, root).ms);
  return { ...summarize(samples), stdout: first.stdout };
}

function progress(message) {
  process.stderr.write(`bench: ${message}\n`);
}
