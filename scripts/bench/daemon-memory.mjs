#!/usr/bin/env node
// Where cn's daemon's memory goes, stage by stage: its modules loaded, the project ready, after a find, after a
// complete search, after warm-up (right after the last question, as `npm run bench` reads it) and at rest (10 s
// later, once the daemon has given back the heap of its work). A probe preloaded into the daemon (NODE_OPTIONS
// --require, on the start only) writes process.memoryUsage() and V8's heap spaces on SIGUSR2, and whether the
// compiler API is loaded. The native engine unless --engine says otherwise. With --snapshot <file>, a heap snapshot of
// the daemon at rest too (read it with scripts/bench/heap-dominators.mjs).
//   node scripts/bench/daemon-memory.mjs [--corpus rxjs|typeorm|fixture:<dir>] [--engine native|tsserver]
//     [--snapshot <file>]
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareCorpus, removeCorpus } from './corpora.mjs';
import { cn } from './measure.mjs';
import { parseScriptArgs, usageError } from '../lib/cli-args.mjs';

const { values } = parseScriptArgs('daemon-memory', process.argv.slice(2), {
  corpus: { type: 'string', default: 'rxjs' },
  engine: { type: 'string', default: 'native' },
  snapshot: { type: 'string' },
});
const REST_MS = 10_000;

const probe = `
if (/cn-daemon\\.cjs$/.test(process.argv[1] || '')) {
  const fs = require('node:fs');
  const v8 = require('node:v8');
  const record = (stage) => {
    const memory = process.memoryUsage();
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, [s.space_used_size, s.space_size]]));
    const typescript = Object.keys(require.cache).some((file) => /[\\\\/]typescript[\\\\/]lib[\\\\/]typescript\\.js$/.test(file));
    fs.appendFileSync(process.env.CN_MEMORY_PROBE_OUT, JSON.stringify({ stage, rss: memory.rss, heapUsed: memory.heapUsed, heapTotal: memory.heapTotal, spaces, typescript }) + '\\n');
  };
  setImmediate(() => record('modules loaded'));
  process.on('SIGUSR2', () => {
    const stage = fs.readFileSync(process.env.CN_MEMORY_PROBE_OUT + '.stage', 'utf8');
    record(stage);
    if (stage.startsWith('at rest') && process.env.CN_MEMORY_SNAPSHOT) {
      v8.writeHeapSnapshot(process.env.CN_MEMORY_SNAPSHOT);
      fs.writeFileSync(process.env.CN_MEMORY_PROBE_OUT + '.snapshot', '');
    }
  });
}`;

let corpus;
try {
  corpus = prepareCorpus(values.corpus);
} catch (error) {
  usageError('daemon-memory', error.message);
}
const work = mkdtempSync(path.join(os.tmpdir(), 'cn-daemon-memory-'));
const probeFile = path.join(work, 'probe.cjs');
const out = path.join(work, 'stages.jsonl');
writeFileSync(probeFile, probe);
const env = {
  CN_ENGINE: values.engine,
  CN_MEMORY_PROBE_OUT: out,
  ...(values.snapshot ? { CN_MEMORY_SNAPSHOT: path.resolve(values.snapshot) } : {}),
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const records = () =>
  readFileSync(out, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

let pid;
async function stage(name) {
  const before = records().length;
  writeFileSync(`${out}.stage`, name);
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; records().length === before; waited += 20) {
    if (waited > 30_000) throw new Error(`the daemon's probe did not answer for ${name}`);
    await sleep(20);
  }
}

try {
  cn(['stop'], corpus.root, { env, allowExit: [0, 1] });
  writeFileSync(out, '');
  cn(['start'], corpus.root, { env: { ...env, NODE_OPTIONS: `--require ${probeFile}` } });
  pid = JSON.parse(cn(['status', '--format', 'json'], corpus.root, { env }).stdout).pid;
  await stage('ready (cn start returned)');
  const symbol = corpus.symbol.name;
  cn(['find', symbol], corpus.root, { env });
  await stage(`after cn find ${symbol}`);
  while (
    !JSON.parse(cn(['search', symbol, '--format', 'json'], corpus.root, { env, allowExit: [0, 1] }).stdout).complete
  )
    await sleep(500);
  await stage('after a complete cn search');
  for (let i = 0; i < 5; i++) {
    cn(['find', symbol], corpus.root, { env });
    cn(['map', corpus.bigFile ?? corpus.symbol.file], corpus.root, { env });
  }
  await stage('after warm-up (5 × find, map)');
  await sleep(REST_MS);
  await stage(`at rest (${REST_MS / 1000} s later)`);
  // A snapshot of a large heap takes a while, and the daemon answers nothing meanwhile.
  for (let waited = 0; values.snapshot && !existsSync(`${out}.snapshot`); waited += 100) {
    if (waited > 300_000) throw new Error('the daemon wrote no heap snapshot');
    await sleep(100);
  }
} finally {
  if (corpus.root) cn(['stop'], corpus.root, { env, allowExit: [0, 1] });
  if (corpus.temporary) removeCorpus(corpus);
}

const mb = (bytes) => (bytes / 1e6).toFixed(1);
const space = (spaces, name) => (spaces[name] ? `${mb(spaces[name][0])} / ${mb(spaces[name][1])}` : '—');
console.log(
  `daemon memory, ${corpus.spec}, ${values.engine} engine, node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
);
console.log('');
console.log(
  '| stage | RSS MB | heap used / committed | young gen used / committed | old space used / committed | large objects | typescript loaded |',
);
console.log('|---|---:|---:|---:|---:|---:|---|');
for (const r of records())
  console.log(
    `| ${r.stage} | ${mb(r.rss)} | ${mb(r.heapUsed)} / ${mb(r.heapTotal)} | ${space(r.spaces, 'new_space')} | ${space(r.spaces, 'old_space')} | ${space(r.spaces, 'large_object_space')} | ${r.typescript ? 'yes' : 'no'} |`,
  );
rmSync(work, { recursive: true, force: true });
