#!/usr/bin/env node
// How cn's costs grow with the repository (issue 25, item 5): the same questions of rxjs asked at every size, rxjs
// alone and then with more real packages beside it under one root (scaling-tiers.mjs), native engine. Per size: the
// raw engine's load and first references, cn's cold find (nothing saved, then after a stop), the search index's first
// build and a second start's, the warm commands over the node floor, and memory; then each figure's growth per 1,000
// files and how it grows against the repository (between the two largest roots), and where a 50,000-file root lands.
//   npm run build && node scripts/bench/scaling.mjs [--tier 250,1k,3.5k,11k] [--runs 5] [--cold-runs 2]
import { rmSync } from 'node:fs';
import os from 'node:os';
import { stateDirectory } from '../../packages/local-files/dist/state-directory.js';
import { commaList, parseScriptArgs, usageError, wholeNumber } from '../lib/cli-args.mjs';
import { removeCorpus, symbolPosition } from './corpora.mjs';
import { ENGINES, rawFirstFind } from './engines.mjs';
import { cn, mb, ms, summarize, timeOverFloor } from './measure.mjs';
import { rssOf, treeRss, waitUntilIdle } from './process-tree.mjs';
import { loadLine, machineLine } from './report.mjs';
import { TIERS, prepareTier } from './scaling-tiers.mjs';
import { startThenSearch, stopCn } from './search-start.mjs';

const ENV = { CN_ENGINE: 'native' };
const PROJECTED_FILES = 50_000;
/** A cold start on the largest root is the figure asked for, however long: the CLI's default timeout is 120 s. */
const COLD_TIMEOUT_MS = '600000';
const LAPTOP_BYTES = 16 * 2 ** 30;

/** Each figure: how it is printed, and whether it is a time (ms) or a size (bytes, printed in MB). */
const FIGURES = [
  ['rawLoaded', 'raw engine: spawn → loaded', 'ms'],
  ['rawFirstFind', 'raw engine: spawn → first references', 'ms'],
  ['coldFind', 'cn find, cold, nothing saved', 'ms'],
  ['coldFindAfterStop', 'cn find, cold, after a stop', 'ms'],
  ['searchFirstBuild', 'cn start → complete search, first build', 'ms'],
  ['searchSecondStart', 'cn start → complete search, after a stop', 'ms'],
  ['find', 'warm cn find − floor', 'ms'],
  ['map', 'warm cn map − floor', 'ms'],
  ['impl', 'warm cn impl − floor', 'ms'],
  ['calls', 'warm cn calls − floor', 'ms'],
  ['search', 'warm cn search − floor', 'ms'],
  ['daemonRss', 'daemon RSS (without the engine)', 'bytes'],
  ['engineRss', 'engine RSS under cn', 'bytes'],
  ['rawRss', 'raw engine RSS', 'bytes'],
];

const show = (value, unit) => (value === undefined ? '—' : unit === 'bytes' ? `${mb(value)} MB` : `${ms(value)} ms`);

const options = parseArguments(process.argv.slice(2));
const engine = ENGINES.native;
const located = engine.locate();
if (!located.available) usageError('scaling', `the native engine is not available: ${located.reason}`);
console.log(`load at start: ${loadLine()}`);
const rows = [];
for (const name of options.tiers) {
  const tier = prepareTier(name);
  try {
    rows.push(await measureTier(tier, options));
  } finally {
    removeCorpus(tier);
  }
}
printTable(rows);
printGrowth(rows);
console.log(`\n${machineLine()} · load at end: ${loadLine()}`);

function parseArguments(argv) {
  const { values } = parseScriptArgs('scaling', argv, {
    tier: { type: 'string', default: TIERS.map((tier) => tier.name).join(',') },
    runs: { type: 'string', default: '5' },
    'cold-runs': { type: 'string', default: '2' },
  });
  const tiers = commaList(values.tier);
  const unknown = tiers.find((name) => !name.startsWith('fixture:') && !TIERS.some((tier) => tier.name === name));
  if (unknown !== undefined || tiers.length === 0)
    usageError(
      'scaling',
      `--tier takes ${TIERS.map((tier) => tier.name).join(', ')} or fixture:<dir>, not '${values.tier}'`,
    );
  const coldRuns = wholeNumber('scaling', '--cold-runs', values['cold-runs']);
  if (coldRuns < 2) usageError('scaling', '--cold-runs takes 2 or more: one cold find from nothing, then after stops');
  return { tiers, runs: wholeNumber('scaling', '--runs', values.runs), coldRuns };
}

async function measureTier(tier, { runs, coldRuns }) {
  const { root, questions } = tier;
  const corpus = { root, symbol: tier.symbol };
  stopCn(corpus, 'native');
  // Nothing an earlier daemon saved for this root (name index, search syntax, reference sites): the first start is
  // a first start. The compile cache of cn's bundles is per user, not per root, and stays.
  rmSync(stateDirectory(root), { recursive: true, force: true });
  progress(tier, `raw engine, ${coldRuns} cold starts`);
  const position = symbolPosition(corpus);
  const raw = { spawnToLoaded: [], spawnToFirstFind: [] };
  for (let i = 0; i < coldRuns; i++) {
    const { server, spawnToFirstFind } = await rawFirstFind(engine, located, corpus, position);
    raw.spawnToLoaded.push(server.timings.spawnToLoadedMs);
    raw.spawnToFirstFind.push(spawnToFirstFind);
    raw.projects = server.projects;
    raw.rss = treeRss(server.pid);
    await server.dispose();
  }
  progress(tier, `cn, ${coldRuns} cold finds`);
  const coldFinds = [];
  for (let i = 0; i < coldRuns; i++) {
    coldFinds.push(cn(['find', questions.find, '--timeout', COLD_TIMEOUT_MS], root, { env: ENV }).ms);
    stopCn(corpus, 'native');
  }
  progress(tier, 'cn, the search index: a first start, then a second');
  const searchStarts = startThenSearch(root, questions.search, ENV);
  const pid = JSON.parse(cn(['status', '--format', 'json'], root, { env: ENV }).stdout).pid;
  await waitUntilIdle(pid);
  progress(tier, `cn, warm (${runs} runs each)`);
  const warm = (args) => timeOverFloor(() => cn(args, root, { env: ENV, allowExit: [0, 1] }), runs).overFloor.median;
  const result = {
    name: tier.name,
    questions,
    files: tier.files,
    projects: raw.projects,
    rawLoaded: summarize(raw.spawnToLoaded).median,
    rawFirstFind: summarize(raw.spawnToFirstFind).median,
    coldFind: coldFinds[0],
    coldFindAfterStop: summarize(coldFinds.slice(1)).median,
    searchFirstBuild: searchStarts.firstBuildMs,
    searchSecondStart: searchStarts.toCompleteMs,
    find: warm(['find', questions.find]),
    map: warm(['map', questions.map]),
    impl: warm(['impl', questions.impl]),
    calls: warm(['calls', questions.calls]),
    search: warm(['search', questions.search]),
    daemonRss: rssOf(pid),
    engineRss: treeRss(pid) - rssOf(pid),
    rawRss: raw.rss,
  };
  stopCn(corpus, 'native');
  // Each root's figures as they come, should a larger root not finish.
  progress(tier, `done: ${JSON.stringify(result)}`);
  return result;
}

function printTable(results) {
  console.log(`\n### How cn's costs grow, native engine — ${machineLine()} · ${loadLine()}\n`);
  console.log(
    `| measured | ${results.map((row) => `${row.name}: ${row.files} files, ${row.projects} projects`).join(' | ')} |`,
  );
  console.log(`|---|${results.map(() => '---:').join('|')}|`);
  for (const [key, label, unit] of FIGURES)
    console.log(`| ${label} | ${results.map((row) => show(row[key], unit)).join(' | ')} |`);
  const asked = [...new Set(results.map((row) => JSON.stringify(row.questions)))].map((text) => JSON.parse(text));
  for (const { find, map, impl, calls, search } of asked)
    console.log(`\nAsked: cn find ${find}, cn map ${map}, cn impl ${impl}, cn calls ${calls}, cn search "${search}".`);
}

/**
 * Per figure, between the two largest roots (what the next files cost, the fixed costs of a small root aside): the
 * growth per 1,000 files, the exponent of a power law through the two (1: grows as the repository does; above 1:
 * faster), and that power law's value at 50,000 files; beside them the least-squares slope over every root.
 */
function printGrowth(results) {
  if (results.length < 2) return;
  const [before, last] = results.slice(-2);
  const across = `${before.files} → ${last.files} files`;
  console.log(
    `\n| figure | per 1,000 files (${across}) | exponent (${across}; 1 = as the repository) | at ${PROJECTED_FILES} files (that power law) | per 1,000 files (least squares, every root) |`,
  );
  console.log('|---|---:|---:|---:|---:|');
  const projected = {};
  for (const [key, label, unit] of FIGURES) {
    const [from, to] = [before[key], last[key]];
    if (from === undefined || to === undefined || from <= 0 || to <= 0) continue;
    const perThousand = ((to - from) / (last.files - before.files)) * 1000;
    const exponent = Math.log(to / from) / Math.log(last.files / before.files);
    projected[key] = to * (PROJECTED_FILES / last.files) ** exponent;
    const points = results.filter((row) => row[key] !== undefined).map((row) => [row.files / 1000, row[key]]);
    const { slope } = leastSquares(points);
    console.log(
      `| ${label} | ${show(perThousand, unit)} | ${exponent.toFixed(2)} | ${show(projected[key], unit)} | ${show(slope, unit)} |`,
    );
  }
  if (projected.daemonRss !== undefined && projected.engineRss !== undefined) {
    const total = projected.daemonRss + projected.engineRss;
    console.log(
      `\nAt ${PROJECTED_FILES} files the daemon and its engine would hold ${mb(total)} MB (the power laws above): ${((100 * total) / LAPTOP_BYTES).toFixed(0)}% of a 16 GB laptop.`,
    );
  }
}

function leastSquares(points) {
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const sxx = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  const sxy = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const slope = sxx === 0 ? 0 : sxy / sxx;
  return { slope };
}

function progress(tier, message) {
  process.stderr.write(
    `scaling: ${tier.name} (${tier.files} files): ${message} (load ${os.loadavg()[0].toFixed(1)})\n`,
  );
}
