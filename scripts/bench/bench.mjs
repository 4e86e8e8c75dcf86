#!/usr/bin/env node
// How close is cn to the physical limit? For each corpus and each engine, in one run: the node floor, a raw
// vscode-jsonrpc client to the engine's language server, and whole `cn` processes (cold and warm) told to use that
// engine through CN_ENGINE; then issue 25's targets (targets.mjs), one table per engine.
//   npm run build && node scripts/bench/bench.mjs [--corpus rxjs,effect,three,typeorm|fixture:<dir>]
//     [--engine tsserver,native] [--runs 20] [--cold-runs 5]
import os from 'node:os';
import path from 'node:path';
import { CorpusUnavailable, listSources, prepareCorpus, removeCorpus, symbolPosition } from './corpora.mjs';
import { ENGINE_NAMES, ENGINES, engineOfStatus, rawFirstFind } from './engines.mjs';
import { startThenSearch, stopCn } from './search-start.mjs';
import { CN_BIN, cn, runNode, summarize, timeOverFloor, timeProcess, timeRequest } from './measure.mjs';
import { rssOf, treeRss } from './process-tree.mjs';
import { daemonStartup, moduleLoad } from './daemon-startup.mjs';
import { loadLine, printCorpusReport, printSummary, printUnavailable } from './report.mjs';
import { commaList, parseScriptArgs, usageError, wholeNumber } from '../lib/cli-args.mjs';

const options = parseArguments(process.argv.slice(2));
console.log(`load at start: ${loadLine()}`);
const results = [];
for (const name of options.corpora) {
  let corpus;
  try {
    corpus = prepareCorpus(name);
  } catch (error) {
    if (!(error instanceof CorpusUnavailable)) throw error;
    printUnavailable(name, error.message);
    continue;
  }
  try {
    progress(`${corpus.spec}: node floor`);
    const floor = timeProcess(['-e', '0'], options.runs);
    // The CLI's own start (issue 25, item 6): no daemon is asked.
    const cliStart = timeOverFloor(() => runNode([CN_BIN, '--version']), options.runs);
    const daemonModules = moduleLoad(options.runs);
    const files = listSources(corpus.root).length;
    for (const engine of options.engines) {
      const result = await benchEngine(corpus, ENGINES[engine], { ...options, floor, cliStart, files, daemonModules });
      if (result.unavailable) printUnavailable(`${corpus.spec}, ${engine} engine`, result.unavailable);
      else printCorpusReport(result);
      results.push(result);
    }
  } finally {
    for (const engine of options.engines) stopCn(corpus, engine);
    removeCorpus(corpus);
  }
}
printSummary(results, options.engines);
console.log(`\nload at end: ${loadLine()}`);

function parseArguments(argv) {
  const { values } = parseScriptArgs('bench', argv, {
    corpus: { type: 'string', default: 'rxjs,effect,three,typeorm' },
    engine: { type: 'string', default: ENGINE_NAMES.join(',') },
    runs: { type: 'string', default: '20' },
    'cold-runs': { type: 'string', default: '5' },
  });
  const engines = commaList(values.engine);
  const unknown = engines.find((engine) => !ENGINE_NAMES.includes(engine));
  if (unknown || engines.length === 0)
    usageError('bench', `--engine takes ${ENGINE_NAMES.join(', ')} (comma-separated), not '${values.engine}'`);
  return {
    corpora: commaList(values.corpus),
    engines,
    runs: wholeNumber('bench', '--runs', values.runs),
    coldRuns: wholeNumber('bench', '--cold-runs', values['cold-runs']),
  };
}

async function benchEngine(corpus, engine, { runs, coldRuns, floor, cliStart, files, daemonModules }) {
  const base = { corpus, engine: engine.name, runs, coldRuns, files };
  const located = engine.locate();
  if (!located.available) return { ...base, unavailable: located.reason };
  const env = { CN_ENGINE: engine.name };
  stopCn(corpus, engine.name);
  // One cold find first: it tells whether this build of cn runs the engine at all.
  const firstCold = cn(['find', corpus.symbol.name], corpus.root, { env });
  const status = JSON.parse(cn(['status', '--format', 'json'], corpus.root, { env }).stdout);
  stopCn(corpus, engine.name);
  if (engineOfStatus(status) !== engine.name)
    return {
      ...base,
      unavailable: `cn under CN_ENGINE=${engine.name} runs the ${engineOfStatus(status)} engine: this build of cn has no ${engine.name} engine`,
    };
  const raw = await benchRaw(corpus, engine, located, { runs, coldRuns });
  progress(`${corpus.spec}: cn (${engine.name}), ${coldRuns} cold finds`);
  const coldFinds = [firstCold.ms];
  const startups = [daemonStartup(status.logFile)];
  for (let i = 1; i < coldRuns; i++) {
    coldFinds.push(cn(['find', corpus.symbol.name], corpus.root, { env }).ms);
    startups.push(daemonStartup(status.logFile));
    stopCn(corpus, engine.name);
  }
  progress(`${corpus.spec}: cn (${engine.name}), a second start and its first searches`);
  const secondStart = startThenSearch(corpus.root, corpus.symbol.name, env);
  progress(`${corpus.spec}: cn (${engine.name}), warm`);
  const id = `${corpus.symbol.file}::${raw.position.line}::${raw.position.character}`;
  const warm = (args) => timeCn(args, corpus.root, runs, env);
  const find = warm(['find', corpus.symbol.name]);
  const map = warm(['map', corpus.bigFile]);
  const inspect = warm(['inspect', id]);
  // The graph commands where the corpus names their targets (issue 25's target is for large repositories).
  const impl = corpus.graph ? warm(['impl', corpus.graph.impl]) : undefined;
  const calls = corpus.graph ? warm(['calls', corpus.graph.calls]) : undefined;
  const daemonPid = JSON.parse(cn(['status', '--format', 'json'], corpus.root, { env }).stdout).pid;
  const result = {
    ...base,
    id,
    floor,
    cliStart,
    raw,
    cn: {
      coldFind: summarize(coldFinds),
      // Every cold run but the first follows a stop of cn's own daemon on the unchanged corpus: what cn keeps
      // across a stop (the compile cache of its bundles, the name index the daemon stopped had built) is there.
      coldFindAfterStop: coldFinds.length > 1 ? summarize(coldFinds.slice(1)) : undefined,
      secondStart,
      startup: summarizeStartups(startups, daemonModules, floor),
      find,
      map,
      inspect,
      impl,
      calls,
      // The daemon process alone; the rest of its tree is the engine.
      daemonRss: rssOf(daemonPid),
      daemonTreeRss: treeRss(daemonPid),
      references: JSON.parse(find.stdout).totalReferences,
      version: `${status.serverVersion} / TypeScript ${status.typescriptVersion}`,
    },
  };
  stopCn(corpus, engine.name);
  return result;
}

async function benchRaw(corpus, engine, located, { runs, coldRuns }) {
  const position = symbolPosition(corpus);
  const symbolFile = path.join(corpus.root, corpus.symbol.file);
  const bigFile = path.join(corpus.root, corpus.bigFile);
  progress(`${corpus.spec}: raw ${engine.name}, ${coldRuns} cold starts`);
  const cold = { initialize: [], openToLoaded: [], spawnToLoaded: [], spawnToFirstFind: [] };
  let server;
  for (let i = 0; i < coldRuns; i++) {
    if (server) await server.dispose();
    let spawnToFirstFind;
    ({ server, spawnToFirstFind } = await rawFirstFind(engine, located, corpus, position));
    cold.initialize.push(server.timings.initializeMs);
    cold.openToLoaded.push(server.timings.openToLoadedMs);
    cold.spawnToLoaded.push(server.timings.spawnToLoadedMs);
    cold.spawnToFirstFind.push(spawnToFirstFind);
  }
  progress(`${corpus.spec}: raw ${engine.name}, warm requests`);
  server.open(bigFile);
  const raw = {
    position,
    projects: server.projects,
    initialize: summarize(cold.initialize),
    openToLoaded: summarize(cold.openToLoaded),
    spawnToLoaded: summarize(cold.spawnToLoaded),
    spawnToFirstFind: summarize(cold.spawnToFirstFind),
    search: await timeRequest(runs, () => engine.search(server, corpus.symbol.name)),
    workspaceSymbol: await timeRequest(runs, () => server.workspaceSymbol(corpus.symbol.name)),
    definition: await timeRequest(runs, () => server.definition(symbolFile, position)),
    references: await timeRequest(runs, () => server.references(symbolFile, position)),
  };
  raw.treeRss = treeRss(server.pid);
  await server.dispose();
  return raw;
}

/** A warm command's runs, each paired with a `node -e 0` of its own (measure.mjs, timeOverFloor). */
function timeCn(args, root, runs, env) {
  return timeOverFloor(() => cn(args, root, { env }), runs);
}

/** Medians of the daemon's own start-up phases over the cold runs (from its log). */
function summarizeStartups(startups, daemonModules, floor) {
  const known = (field) => startups.map((startup) => startup[field]).filter((value) => value !== undefined);
  return {
    moduleLoad: { ...daemonModules, median: daemonModules.median - floor.median },
    engineStarted: known('engineStarted').length > 0 ? summarize(known('engineStarted')) : undefined,
    listening: known('listening').length > 0 ? summarize(known('listening')) : undefined,
  };
}

function progress(message) {
  process.stderr.write(`bench: ${message} (load ${os.loadavg()[0].toFixed(1)})\n`);
}
