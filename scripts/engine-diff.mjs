#!/usr/bin/env node
// Runs the same cn commands on one project with each engine and diffs their JSON; also times a cold
// `cn find` (daemon start included), a warm one, and the daemon tree's RSS per engine.
//
//   node scripts/engine-diff.mjs --corpus rxjs                    (scripts/bench/corpora.mjs fetches it)
//   node scripts/engine-diff.mjs --root ~/code/hono --symbol Hono --file src/hono-base.ts
//   [--runs 5] [--show 3]: warm runs per engine; differing items shown per command
//
// The engines run one after the other on the same root (one daemon per root), so paths and ids match.
// Prints a table of timings and, per command, "identical" or what differs. Exit 0 whatever differs.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { CN_BIN, summarize } from './bench/measure.mjs';
import { prepareCorpus } from './bench/corpora.mjs';
import { treeRss } from './bench/process-tree.mjs';
import { parseScriptArgs, usageError, wholeNumber } from './lib/cli-args.mjs';

const SCRIPT = 'engine-diff';
const USAGE = 'usage: engine-diff.mjs --corpus rxjs | --root <dir> --symbol <name> --file <path> [--runs 5] [--show 3]';
const { values } = parseScriptArgs(
  SCRIPT,
  process.argv.slice(2),
  {
    corpus: { type: 'string' },
    root: { type: 'string' },
    symbol: { type: 'string' },
    file: { type: 'string' },
    runs: { type: 'string', default: '5' },
    show: { type: 'string', default: '3' },
  },
  { usage: USAGE },
);
const runs = wholeNumber(SCRIPT, '--runs', values.runs);
const show = wholeNumber(SCRIPT, '--show', values.show);
if (!values.corpus && !(values.root && values.symbol && values.file))
  usageError(SCRIPT, `give --corpus, or --root with --symbol and --file; ${USAGE}`);
const corpus = values.corpus ? prepareCorpus(values.corpus) : undefined;
const root = path.resolve(values.root ?? corpus.root);
const symbol = values.symbol ?? corpus.symbol.name;
const file = values.file ?? corpus.symbol.file;

/** Every command's question, by name: what an agent asks most (find, map, calls, impl, type, unused …). */
const QUESTIONS = {
  find: ['find', symbol],
  'find --refs-only --format ids': ['find', symbol, '--refs-only', '--format', 'ids'],
  [`find ${symbol.slice(0, 4)}* (pattern)`]: ['find', `${symbol.slice(0, 4)}*`],
  'find --kind interface': ['find', '*', '--kind', 'interface', '--limit', '500'],
  map: ['map', file],
  'map --snippet fold': ['map', file, '--snippet', 'fold'],
  'calls --direction in': ['calls', symbol, '--direction', 'in'],
  'calls --direction out': ['calls', symbol, '--direction', 'out'],
  impl: ['impl', symbol, '--direction', 'both'],
  type: ['type', symbol],
  'inspect (definition)': ['inspect', `${file}:1`],
  'unused (file)': ['unused', file],
  impact: ['impact', symbol],
  'deps (file)': ['deps', file, '--direction', 'in'],
  'diagnostics (file)': ['diagnostics', file],
};

function cn(engine, args) {
  const started = process.hrtime.bigint();
  let stdout;
  try {
    stdout = execFileSync(process.execPath, [CN_BIN, ...args, '--root', root], {
      env: { ...process.env, CN_ENGINE: engine },
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    // Exit 1 (nothing found) still answers on stdout; anything else is an answer of its own.
    stdout = error.stdout || JSON.stringify({ exit: error.status, stderr: String(error.stderr).trim() });
  }
  return { stdout, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

function measure(engine) {
  cn(engine, ['stop']);
  const cold = cn(engine, ['find', symbol, '--no-refs']).ms;
  const warm = summarize(Array.from({ length: runs }, () => cn(engine, ['find', symbol]).ms)).median;
  const status = JSON.parse(cn(engine, ['status']).stdout);
  const answers = Object.fromEntries(
    Object.entries(QUESTIONS).map(([name, args]) => [name, cn(engine, args).stdout.trim()]),
  );
  const rss = treeRss(status.pid);
  cn(engine, ['stop']);
  return { engine, cold, warm, rss, status, answers };
}

/** Leaves of two JSON values that differ, as `path: a ≠ b`, at most `limit` of them. */
function differences(a, b, where = '', found = []) {
  if (found.length > 50) return found;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    if (a !== b) found.push(`${where || '.'}: ${short(a)} ≠ ${short(b)}`);
    return found;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length)
    found.push(`${where}: ${a.length} items ≠ ${b.length}`);
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
    differences(a[key], b[key], `${where}.${key}`, found);
  return found;
}

function short(value) {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text.split('\n');
  }
}

const results = ['tsserver', 'native'].map(measure);
console.log(`# cn engines on ${root} (${symbol}, ${file})\n`);
console.log(`load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores\n`);
console.log(
  '| engine | version | cold find (daemon start) | warm find (median) | daemon tree RSS | of it the daemon |',
);
console.log('|---|---|---:|---:|---:|---:|');
const mb = (bytes) => `${Math.round(bytes / 1048576)} MB`;
for (const { engine, status, cold, warm, rss } of results)
  console.log(
    `| ${engine} | ${status.typescriptVersion} | ${(cold / 1000).toFixed(2)} s | ${warm.toFixed(0)} ms | ${mb(rss)} | ${mb(status.rssBytes)} |`,
  );
console.log('\n| command | answers |\n|---|---|');
const [tsserver, native] = results;
for (const name of Object.keys(QUESTIONS)) {
  const found = differences(parse(tsserver.answers[name]), parse(native.answers[name]));
  console.log(`| ${name} | ${found.length === 0 ? 'identical' : `${found.length} differences`} |`);
  for (const line of found.slice(0, show)) console.log(`|  | ${line.replace(/\|/g, '\\|')} |`);
}
