#!/usr/bin/env node
// Warm one-shot calls of two builds of cn, each against a warm daemon of its own on its own copy of the
// project, alternated call by call (the order flipped every pair) so a shared machine's load weighs on both
// alike. Reports each build's median and the median of the paired differences; the `node -e 0` row runs the
// same command on both sides, so its paired median is the noise of the method.
//   node scripts/warm-calls.mjs --before <old clone>/packages/cli/bin/cn.cjs [--after packages/cli/bin/cn.cjs]
//        [--root examples/shop] [--query User] [--runs 60]
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScriptArgs, usageError, wholeNumber } from './lib/cli-args.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseScriptArgs(
  'warm-calls',
  process.argv.slice(2),
  {
    before: { type: 'string' },
    after: { type: 'string', default: path.join(REPO, 'packages/cli/bin/cn.cjs') },
    root: { type: 'string', default: 'examples/shop' },
    query: { type: 'string', default: 'User' },
    runs: { type: 'string', default: '60' },
  },
  { needs: { before: 'the cn.cjs of the build to compare with' } },
);
if (!values.before) usageError('warm-calls', '--before is required: the cn.cjs of the build to compare with');
const builds = { before: path.resolve(values.before), after: path.resolve(values.after) };
for (const [name, file] of Object.entries(builds))
  if (!existsSync(file)) usageError('warm-calls', `--${name} ${file} does not exist`);
const source = path.resolve(REPO, values.root);
const runs = wholeNumber('warm-calls', '--runs', values.runs);

const roots = {};
for (const [name, cn] of Object.entries(builds)) {
  roots[name] = mkdtempSync(path.join(os.tmpdir(), `cn-warm-${name}-`));
  cpSync(source, roots[name], { recursive: true, filter: (file) => path.basename(file) !== '.ts-search-daemon.json' });
  execFileSync(process.execPath, [cn, 'start', '--root', roots[name]], { stdio: 'ignore' });
}
const cases = {
  'node -e 0 (the same on both sides)': () => ['-e', '0'],
  'cn --version': (name) => [builds[name], '--version'],
  [`cn find ${values.query}`]: (name) => [builds[name], 'find', values.query, '--root', roots[name]],
  'cn status': (name) => [builds[name], 'status', '--root', roots[name]],
};
const time = (argv) => {
  const started = performance.now();
  execFileSync(process.execPath, argv, { stdio: 'ignore' });
  return performance.now() - started;
};
const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];

console.log(
  `warm calls on ${path.relative(REPO, source) || source}, ${runs} alternated pairs per case; node ${process.version}; load average ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`,
);
console.log('| case | before (median ms) | after | paired after − before |\n|---|---:|---:|---:|');
try {
  for (const [label, argv] of Object.entries(cases)) {
    const samples = { before: [], after: [] };
    for (const name of Object.keys(builds)) time(argv(name));
    for (let run = 0; run < runs; run++)
      for (const name of run % 2 ? ['after', 'before'] : ['before', 'after']) samples[name].push(time(argv(name)));
    const paired = samples.after.map((ms, index) => ms - samples.before[index]);
    console.log(
      `| ${label} | ${median(samples.before).toFixed(1)} | ${median(samples.after).toFixed(1)} | ${median(paired).toFixed(1)} |`,
    );
  }
} finally {
  for (const [name, cn] of Object.entries(builds)) {
    execFileSync(process.execPath, [cn, 'stop', '--root', roots[name]], { stdio: 'ignore' });
    rmSync(roots[name], { recursive: true, force: true });
  }
}
