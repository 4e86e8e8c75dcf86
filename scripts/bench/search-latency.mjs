#!/usr/bin/env node
// Warm `cn search` and `cn grep` as whole processes against node's own start-up (`node -e 0`), the issue-15
// target being floor + 50 ms on effect. Samples are taken in rounds (floor, search, grep; the next round in the
// reverse order) and each run is compared with its own round's floor: the "− floor" columns are medians of those
// differences, which the shared machine's drift (the floor itself moves 105–165 ms within minutes) mostly cancels.
// Runs on a temporary copy of each corpus with its own daemon, stopped at the end (a bench running on the cached
// corpora is not disturbed), once the daemon is idle (its background indexes built: they would compete with the
// samples for the two cores).
// A separate script so the bench (bench.mjs, report.mjs) can fold it in as it sees fit:
//   node scripts/bench/search-latency.mjs [--corpus effect,rxjs,three|fixture:<dir>] [--runs 20]
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commaList, parseScriptArgs, wholeNumber } from '../lib/cli-args.mjs';
import { prepareCorpus, removeCorpus } from './corpora.mjs';
import { cn, ms, runNode, summarize } from './measure.mjs';
import { waitUntilIdle } from './process-tree.mjs';

/** A question and a pattern an agent would plausibly ask of each corpus; each pattern matches (a grep finds lines). */
const QUESTIONS = {
  // effect's own sources never write `Schedule.exponential` (its docs' spelling): that pattern matched nothing.
  effect: { search: 'retry with exponential backoff schedule', grep: 'exponential' },
  rxjs: { search: 'retry with a delay after an error', grep: 'retryWhen|retry\\(' },
  three: { search: 'compute the bounding sphere of a geometry', grep: 'computeBoundingSphere' },
};
const FALLBACK = { search: 'create a new instance', grep: 'new \\w+\\(' };
const TARGET_MS = 50;

const { values: options } = parseScriptArgs('search-latency', process.argv.slice(2), {
  corpus: { type: 'string', default: 'effect' },
  runs: { type: 'string', default: '20' },
});
const runs = wholeNumber('search-latency', '--runs', options.runs);

console.log(`| corpus | node -e 0 | warm cn search | − floor | warm cn grep | − floor | target |`);
console.log('|---|---:|---:|---:|---:|---:|---|');
for (const name of commaList(options.corpus) ?? []) {
  const corpus = prepareCorpus(name);
  const root = mkdtempSync(path.join(os.tmpdir(), `cn-search-latency-${name.replace(/\W/g, '-')}-`));
  cpSync(corpus.root, root, { recursive: true, filter: (file) => path.basename(file) !== '.ts-search-daemon.json' });
  const { search, grep } = QUESTIONS[name] ?? FALLBACK;
  const searchArgs = ['search', search, '--format', 'compact'];
  const grepArgs = ['grep', grep, '--format', 'compact'];
  try {
    cn(['start'], root);
    // Warm means the index is built: ask until an answer says it is complete.
    const deadline = Date.now() + 10 * 60_000;
    while (!JSON.parse(cn(['search', search, '--format', 'json'], root, { allowExit: [0, 1] }).stdout).complete) {
      if (Date.now() > deadline) throw new Error(`the search index of ${name} was not complete after 10 minutes`);
    }
    cn(grepArgs, root, { allowExit: [0, 1] });
    await waitUntilIdle(JSON.parse(cn(['status', '--format', 'json'], root).stdout).pid);
    const measures = {
      floor: () => runNode(['-e', '0']).ms,
      search: () => cn(searchArgs, root, { allowExit: [0, 1] }).ms,
      grep: () => cn(grepArgs, root, { allowExit: [0, 1] }).ms,
    };
    const rounds = [];
    for (let i = 0; i < runs; i++) {
      const order = i % 2 === 0 ? ['floor', 'search', 'grep'] : ['grep', 'search', 'floor'];
      const round = {};
      for (const what of order) round[what] = measures[what]();
      rounds.push(round);
    }
    const medianOf = (figure) => summarize(rounds.map(figure)).median;
    const [floor, searched, grepped] = ['floor', 'search', 'grep'].map((what) => medianOf((round) => round[what]));
    const searchOver = medianOf((round) => round.search - round.floor);
    const grepOver = medianOf((round) => round.grep - round.floor);
    const verdict = searchOver <= TARGET_MS && grepOver <= TARGET_MS ? 'PASS' : 'MISS';
    console.log(
      `| ${name} | ${ms(floor)} | ${ms(searched)} | ${ms(searchOver)} | ${ms(grepped)} | ${ms(grepOver)} | ≤ ${TARGET_MS} ms: ${verdict} |`,
    );
  } finally {
    cn(['stop'], root, { allowExit: [0, 1, 3] });
    rmSync(root, { recursive: true, force: true });
    removeCorpus(corpus);
  }
}
console.log(
  `\nmedians of ${runs} rounds (ms; − floor: of each run less its round's floor), ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores`,
);
