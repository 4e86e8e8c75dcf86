#!/usr/bin/env node
// Cold `cn find` (no daemon: the CLI starts one, which starts the language server and loads the
// project) of two builds of cn, alternated run by run so a shared machine's load weighs on both alike.
// Each run gets a fresh copy of the project in the temp dir and stops its daemon after.
//   node scripts/cold-find.mjs --before <old clone>/packages/cli/bin/cn.cjs [--after packages/cli/bin/cn.cjs]
//        [--root examples/shop] [--query User] [--runs 10]
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScriptArgs, usageError, wholeNumber } from './lib/cli-args.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseScriptArgs(
  'cold-find',
  process.argv.slice(2),
  {
    before: { type: 'string' },
    after: { type: 'string', default: path.join(REPO, 'packages/cli/bin/cn.cjs') },
    root: { type: 'string', default: 'examples/shop' },
    query: { type: 'string', default: 'User' },
    runs: { type: 'string', default: '10' },
  },
  { needs: { before: 'the cn.cjs of the build to compare with' } },
);
if (!values.before) usageError('cold-find', '--before is required: the cn.cjs of the build to compare with');
const builds = { before: path.resolve(values.before), after: path.resolve(values.after) };
for (const [name, file] of Object.entries(builds))
  if (!existsSync(file)) usageError('cold-find', `--${name} ${file} does not exist`);
const source = path.resolve(REPO, values.root);
const runs = wholeNumber('cold-find', '--runs', values.runs);

const samples = { before: [], after: [] };
for (let run = 0; run < runs; run++) {
  for (const [name, cn] of Object.entries(builds)) {
    const copy = mkdtempSync(path.join(os.tmpdir(), 'cn-cold-'));
    cpSync(source, copy, { recursive: true, filter: (file) => path.basename(file) !== '.ts-search-daemon.json' });
    const started = performance.now();
    execFileSync(process.execPath, [cn, 'find', values.query, '--root', copy], { stdio: 'ignore' });
    samples[name].push(performance.now() - started);
    execFileSync(process.execPath, [cn, 'stop', '--root', copy], { stdio: 'ignore' });
    rmSync(copy, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
console.log(
  `cold cn find ${values.query} on ${path.relative(REPO, source) || source}, ${runs} alternated runs; node ${process.version}`,
);
console.log('| build | median ms | runs (ms) |\n|---|---:|---|');
for (const [name, list] of Object.entries(samples))
  console.log(
    `| ${name} (${builds[name]}) | ${median(list).toFixed(0)} | ${list.map((ms) => ms.toFixed(0)).join(' ')} |`,
  );
console.log(`after ÷ before: ${(median(samples.after) / median(samples.before)).toFixed(2)}×`);
