#!/usr/bin/env node
// Measures what a one-shot CLI pays to reach a local HTTP server, in one run (ratios, not absolutes:
// these machines are noisy). Compares node's floor, node:http, fetch, undici, and the built cn
// (bundled vs the unbundled tsc output) against a warm daemon; then the daemon's own start, from spawn
// to a listening daemon that wrote its port file (bundled vs unbundled: its module load).
//   node scripts/cli-startup.mjs [--runs 20] [--daemon-runs 10] [--root examples/shop]
import { execFile, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
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
 * One daemon start: spawn → its port file names it (it listens; the language server is still starting).
 * On a private copy of the root and a private state directory, so no other daemon is met; stopped after.
 */
function daemonStartOnce(entry) {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'cn-startup-'));
  cpSync(root, copy, { recursive: true, filter: (source) => path.basename(source) !== '.ts-search-daemon.json' });
  // The daemon checks that the state directory's parent is private: mkdtemp's is (0700).
  const stateBase = mkdtempSync(path.join(os.tmpdir(), 'cn-startup-state-'));
  const stateDir = path.join(stateBase, 'state');
  const start = process.hrtime.bigint();
  const child = spawn(process.execPath, [entry, '--root', copy, '--state-dir', stateDir], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      if (!existsSync(path.join(copy, '.ts-search-daemon.json'))) return;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      clearInterval(poll);
      child.once('exit', () => {
        rmSync(copy, { recursive: true, force: true });
        rmSync(stateBase, { recursive: true, force: true });
        resolve(ms);
      });
      child.kill('SIGTERM');
    }, 2);
    child.once('exit', (code) => {
      clearInterval(poll);
      if (!existsSync(path.join(copy, '.ts-search-daemon.json')) && code !== 0)
        reject(new Error(`${entry} exited with ${code} before listening`));
    });
  });
}
const daemonCases = [
  ['daemon spawn → listening (unbundled ES modules)', path.join(repo, 'packages/daemon/dist/main.js')],
  ['daemon spawn → listening (bundle, what cn starts)', path.join(repo, 'packages/cli/dist/cn-daemon.cjs')],
];
for (const [name, entry] of daemonCases) rows.push({ name, ...(await time(entry, daemonRuns, daemonStartOnce)) });

const floor = rows[0].median;
console.log(
  `runs per case: ${runs} (daemon starts: ${daemonRuns}); node ${process.version}; root ${path.relative(repo, root) || '.'}`,
);
console.log(`| case | median ms | p95 ms | median − floor | ÷ floor |`);
console.log(`|---|---:|---:|---:|---:|`);
for (const row of rows) {
  console.log(
    `| ${row.name} | ${row.median.toFixed(1)} | ${row.p95.toFixed(1)} | ${(row.median - floor).toFixed(1)} | ${(row.median / floor).toFixed(2)} |`,
  );
}
