#!/usr/bin/env node
// Measures what a one-shot CLI pays to reach a local HTTP server, in one run (ratios, not absolutes:
// these machines are noisy). Compares node's floor, node:http, fetch, undici, and the built cn
// (bundled vs the unbundled tsc output) against a warm daemon; then the daemon's module load (bundled vs
// unbundled), up to a usage error.
//   node scripts/cli-startup.mjs [--runs 20] [--daemon-runs 10] [--root examples/shop]
import { execFile, execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScriptArgs, wholeNumber } from './lib/cli-args.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseScriptArgs('cli-startup', process.argv.slice(2), {
  runs: { type: 'string', default: '20' },
  root: { type: 'string', default: 'examples/shop' },
  'daemon-runs': { type: 'string', default: '10' },
});
const runs = wholeNumber('cli-startup', '--runs', values.runs);
const daemonRuns = wholeNumber('cli-startup', '--daemon-runs', values['daemon-runs']);
const root = path.resolve(repo, values.root);

const server = createServer((_req, res) => res.end('{"ok":true}')).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const port = server.address().port;
const url = `http://127.0.0.1:${port}/`;

// Asynchronous on purpose: the HTTP server above lives in this process and must keep answering.
function runOnce(argv) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    execFile(process.execPath, argv, { cwd: repo }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`${argv.join(' ')} failed: ${stderr}`));
      else resolve(Number(process.hrtime.bigint() - start) / 1e6);
    });
  });
}

async function time(argv, count = runs, once = runOnce) {
  const samples = [];
  for (let i = 0; i < count; i++) samples.push(await once(argv));
  samples.sort((a, b) => a - b);
  return {
    median: samples[Math.floor(samples.length / 2)],
    p95: samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.95))],
  };
}

const cases = [
  ['node -e 0 (floor)', ['-e', '0']],
  ['node:http GET', ['-e', `require('node:http').get(${JSON.stringify(url)}, r => r.resume())`]],
  ['fetch GET', ['-e', `fetch(${JSON.stringify(url)}).then(r => r.text())`]],
  // What cn's client does: one HTTP/1.1 exchange over a plain socket.
  [
    'node:net GET (what cn uses)',
    [
      '-e',
      `const s = require('node:net').connect(${port}, '127.0.0.1', () => s.end('GET / HTTP/1.1\\r\\nhost: x\\r\\nconnection: close\\r\\n\\r\\n')); s.resume()`,
    ],
  ],
];
if (existsSync(path.join(repo, 'node_modules/undici'))) {
  cases.push(['undici request', ['-e', `require('undici').request(${JSON.stringify(url)}).then(r => r.body.text())`]]);
}

// The real CLI against a warm daemon: bundled single file vs the unbundled module tree.
execFileSync(process.execPath, [path.join(repo, 'packages/cli/bin/cn.cjs'), 'start', '--root', root], {
  stdio: 'ignore',
});
cases.push(['cn --version (bundle, no request)', [path.join(repo, 'packages/cli/bin/cn.cjs'), '--version']]);
cases.push(['cn status (bundled)', [path.join(repo, 'packages/cli/bin/cn.cjs'), 'status', '--root', root]]);
cases.push([
  'cn status (unbundled ES modules)',
  [path.join(repo, 'packages/cli/dist/main.js'), 'status', '--root', root],
]);
cases.push([
  'cn map src/domain/user.ts (bundled)',
  [path.join(repo, 'packages/cli/bin/cn.cjs'), 'map', 'src/domain/user.ts', '--root', root],
]);
cases.push(['cn find User (bundled)', [path.join(repo, 'packages/cli/bin/cn.cjs'), 'find', 'User', '--root', root]]);

const rows = [];
for (const [name, argv] of cases) rows.push({ name, ...(await time(argv)) });
execFileSync(process.execPath, [path.join(repo, 'packages/cli/bin/cn.cjs'), 'stop', '--root', root], {
  stdio: 'ignore',
});
server.close();

/**
 * The daemon's start-up without the rest of its start: node, its modules, then a usage error (exit 2)
 * before anything else runs — tsc's ES modules against the bundle cn starts.
 */
function daemonLoadOnce(entry) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    execFile(process.execPath, [entry, '--no-such-flag'], (error) => {
      if (error?.code !== 2) reject(new Error(`${entry} --no-such-flag should exit 2, not ${error?.code ?? 0}`));
      else resolve(Number(process.hrtime.bigint() - start) / 1e6);
    });
  });
}
const daemonCases = [
  ['daemon modules loaded, then exit (unbundled ES modules)', path.join(repo, 'packages/daemon/dist/main.js')],
  ['daemon modules loaded, then exit (bundle, what cn starts)', path.join(repo, 'packages/cli/dist/cn-daemon.cjs')],
];
for (const [name, entry] of daemonCases) rows.push({ name, ...(await time(entry, daemonRuns, daemonLoadOnce)) });

const floor = rows[0].median;
console.log(
  `runs per case: ${runs} (daemon loads: ${daemonRuns}); node ${process.version}; root ${path.relative(repo, root) || '.'}`,
);
console.log(`| case | median ms | p95 ms | median − floor | ÷ floor |`);
console.log(`|---|---:|---:|---:|---:|`);
for (const row of rows) {
  console.log(
    `| ${row.name} | ${row.median.toFixed(1)} | ${row.p95.toFixed(1)} | ${(row.median - floor).toFixed(1)} | ${(row.median / floor).toFixed(2)} |`,
  );
}
