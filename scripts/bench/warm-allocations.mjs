#!/usr/bin/env node
// What a warm question allocates in cn's daemon, garbage included: V8's sampling heap profiler, told to keep the
// objects collected since (HeapProfiler.startSampling with includeObjectsCollectedBy{Major,Minor}GC), over `--runs`
// warm questions once the search index is complete. The MB a question allocates, and the functions that allocate
// most. Garbage is what a warm daemon's heap grows with between collections (docs/performance.md, nineteenth session).
//   node scripts/bench/warm-allocations.mjs [--corpus rxjs|typeorm|fixture:<dir>] [--runs 5] [--top 25] [-- <question>]
// The question defaults to `find <the corpus's symbol>`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareCorpus, removeCorpus } from './corpora.mjs';
import { cn } from './measure.mjs';
import { parseScriptArgs, usageError, wholeNumber } from '../lib/cli-args.mjs';

const { values, positionals } = parseScriptArgs(
  'warm-allocations',
  process.argv.slice(2),
  {
    corpus: { type: 'string', default: 'rxjs' },
    engine: { type: 'string', default: 'native' },
    runs: { type: 'string', default: '5' },
    top: { type: 'string', default: '25' },
  },
  { allowPositionals: true },
);

const runs = wholeNumber('warm-allocations', '--runs', values.runs);
const top = wholeNumber('warm-allocations', '--top', values.top);

// Preloaded into the daemon only: SIGUSR2 starts sampling, the next one writes the profile.
const probe = `
if (/cn-daemon\\.cjs$/.test(process.argv[1] || '')) {
  const fs = require('node:fs');
  const session = new (require('node:inspector').Session)();
  session.connect();
  let sampling = false;
  process.on('SIGUSR2', () => {
    if (!sampling) {
      sampling = true;
      session.post('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
      fs.writeFileSync(process.env.CN_ALLOCATIONS_OUT + '.started', '');
    } else {
      session.post('HeapProfiler.stopSampling', (error, result) => fs.writeFileSync(process.env.CN_ALLOCATIONS_OUT, error ? '' : JSON.stringify(result.profile)));
    }
  });
}`;

let corpus;
try {
  corpus = prepareCorpus(values.corpus);
} catch (error) {
  usageError('warm-allocations', error.message);
}
const question = positionals.length > 0 ? positionals : ['find', corpus.symbol.name];
const work = mkdtempSync(path.join(os.tmpdir(), 'cn-warm-allocations-'));
const probeFile = path.join(work, 'probe.cjs');
const out = path.join(work, 'allocations.json');
writeFileSync(probeFile, probe);
const env = { CN_ENGINE: values.engine, CN_ALLOCATIONS_OUT: out };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitFor(file) {
  for (let waited = 0; ; waited += 50) {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      if (waited > 60_000) throw new Error(`the daemon's probe did not write ${path.basename(file)}`);
      await sleep(50);
    }
  }
}

let profile;
try {
  cn(['stop'], corpus.root, { env, allowExit: [0, 1] });
  cn(['start'], corpus.root, { env: { ...env, NODE_OPTIONS: `--require ${probeFile}` } });
  const pid = JSON.parse(cn(['status', '--format', 'json'], corpus.root, { env }).stdout).pid;
  const symbol = corpus.symbol.name;
  while (
    !JSON.parse(cn(['search', symbol, '--format', 'json'], corpus.root, { env, allowExit: [0, 1] }).stdout).complete
  )
    await sleep(500);
  for (let i = 0; i < 2; i++) cn(question, corpus.root, { env, allowExit: [0, 1] });
  process.kill(pid, 'SIGUSR2');
  await waitFor(`${out}.started`);
  for (let i = 0; i < runs; i++) cn(question, corpus.root, { env, allowExit: [0, 1] });
  process.kill(pid, 'SIGUSR2');
  profile = JSON.parse(await waitFor(out));
} finally {
  if (corpus.root) cn(['stop'], corpus.root, { env, allowExit: [0, 1] });
  if (corpus.temporary) removeCorpus(corpus);
  rmSync(work, { recursive: true, force: true });
}

const bySelf = new Map();
let total = 0;
(function visit(node) {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = `${functionName || '(anonymous)'} ${url ? `${path.basename(url)}:${lineNumber + 1}` : '(native)'}`;
  bySelf.set(where, (bySelf.get(where) ?? 0) + node.selfSize);
  total += node.selfSize;
  for (const child of node.children ?? []) visit(child);
})(profile.head);
const mb = (bytes) => (bytes / 1e6).toFixed(2);
console.log(
  `warm allocations, ${corpus.spec}, ${values.engine} engine, \`cn ${question.join(' ')}\` × ${runs}, node ${process.version}`,
);
console.log('');
console.log(`${mb(total / runs)} MB a question (sampled every 16 KB, collected objects included)`);
console.log('');
console.log('| MB a question | allocated in (self) |');
console.log('|---:|---|');
for (const [where, bytes] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`| ${mb(bytes / runs)} | ${where} |`);
