#!/usr/bin/env node
// Drives fault, load and hang scenarios against real daemons on a copy of a fixture and prints a
// table: scenario, requests, correct answers, failures with exit codes, recoveries, lost answers.
// Bounded: every scenario has a request count, every cn process a time limit; loopback only.
//   node scripts/fault-soak.mjs [--fixture examples/shop] [--only name,name] [--rounds 1]
import { rmSync } from 'node:fs';
import * as os from 'node:os';
import { faultScenarios } from './fault-soak/fault-scenarios.mjs';
import { hangScenarios } from './fault-soak/hang-scenarios.mjs';
import { Tally, cn } from './fault-soak/harness.mjs';
import { commaList, parseScriptArgs, wholeNumber } from './lib/cli-args.mjs';

const { values: options } = parseScriptArgs('fault-soak', process.argv.slice(2), {
  fixture: { type: 'string', default: 'examples/shop' },
  only: { type: 'string', default: '' },
  rounds: { type: 'string', default: '1' },
});
const fixture = options.fixture;
const only = commaList(options.only);
const rounds = wholeNumber('fault-soak', '--rounds', options.rounds);
const scenarios = { ...faultScenarios(fixture), ...hangScenarios(fixture) };

/**
 * A scenario about one engine's processes (a tsserver to kill or stop, the native server) says so in its name, and
 * its daemons run that engine; the others run whatever CN_ENGINE says (auto when unset), as a user's would.
 */
function engineFor(name) {
  if (/tsserver|typescript-language-server/.test(name)) return 'tsserver';
  if (/native/.test(name)) return 'native';
  return userEngine;
}
const userEngine = process.env.CN_ENGINE;

const rows = [];
for (const [name, run] of Object.entries(scenarios)) {
  if (only.length && !only.some((wanted) => name.startsWith(wanted))) continue;
  const engine = engineFor(name);
  if (engine === undefined) delete process.env.CN_ENGINE;
  else process.env.CN_ENGINE = engine;
  for (let round = 0; round < rounds; round++) {
    const tally = new Tally();
    const started = Date.now();
    const root = await run(tally);
    await cn(['stop', '--root', root]);
    rmSync(root, { recursive: true, force: true });
    rows.push({ name, tally, seconds: (Date.now() - started) / 1000 });
  }
}

console.log(
  `fault/soak on ${fixture} · ${new Date().toISOString().slice(0, 10)} · node ${process.version} · ${os.cpus().length} cores`,
);
console.log('| scenario | requests | correct | failures (exit: n) | recoveries | lost | s |');
console.log('|---|---:|---:|---|---:|---:|---:|');
for (const { name, tally, seconds } of rows) {
  const failures =
    Object.entries(tally.failures)
      .map(([code, n]) => `${code}: ${n}`)
      .join(', ') || '—';
  console.log(
    `| ${name} | ${tally.requests} | ${tally.correct} | ${failures} | ${tally.recoveries} | ${tally.lost} | ${seconds.toFixed(1)} |`,
  );
}
const lost = rows.reduce((sum, row) => sum + row.tally.lost, 0);
for (const { name, tally } of rows) for (const note of tally.notes) console.log(`note: ${name}: ${note}`);
console.log(lost === 0 ? 'no lost or wrong answers' : `${lost} lost or wrong answers`);
process.exitCode = lost === 0 ? 0 : 1;
