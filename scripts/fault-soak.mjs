#!/usr/bin/env node
// Drives fault and load scenarios against real daemons on a copy of a fixture and prints a table:
// scenario, requests, correct answers, failures with exit codes, recoveries, lost answers.
// Bounded: every scenario has a request count, every cn process a time limit; loopback only.
//   node scripts/fault-soak.mjs [--fixture examples/shop] [--only name,name] [--rounds 1]
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CN = path.join(repo, 'packages/cli/bin/cn.cjs');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const fixture = option('fixture', 'examples/shop');
const only = option('only', '')?.split(',').filter(Boolean);
const rounds = Number(option('rounds', '1'));
const PROCESS_LIMIT_MS = 60_000;
const PORT_FILE = '.ts-search-daemon.json';

function cn(cliArgs, env = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    execFile(process.execPath, [CN, ...cliArgs], { env: { ...process.env, ...env }, timeout: PROCESS_LIMIT_MS, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      const hung = error?.killed === true;
      resolve({ exitCode: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr, hung, ms: Date.now() - started });
    });
  });
}

const portFile = (root) => {
  try {
    return JSON.parse(readFileSync(path.join(root, PORT_FILE), 'utf8'));
  } catch {
    return undefined;
  }
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
function children(pid) {
  const parents = new Map();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {}
  }
  const found = [];
  const queue = [pid];
  while (queue.length) {
    const current = queue.shift();
    for (const [child, parent] of parents) if (parent === current) found.push(child), queue.push(child);
  }
  return found;
}
const commandOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};
const daemonsFor = (root) =>
  readdirSync('/proc').filter((name) => /^\d+$/.test(name) && commandOf(name).includes('daemon/dist/main.js') && commandOf(name).includes(`--root ${root} `)).length;

function freshRoot() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'cn-soak-'));
  cpSync(path.join(repo, fixture), root, { recursive: true, filter: (source) => path.basename(source) !== PORT_FILE });
  return root;
}

/** Tallies answers: correct, documented failures by exit code, recoveries, and lost answers. */
class Tally {
  requests = 0;
  correct = 0;
  failures = {};
  recoveries = 0;
  lost = 0;
  notes = [];
  previousFailed = false;
  record(result, isCorrect) {
    this.requests += 1;
    const documented = [1, 2, 3, 4].includes(result.exitCode) && result.stderr.trim().split('\n').length === 1 && result.stderr.startsWith('cn: ');
    if (result.exitCode === 0 && isCorrect) {
      this.correct += 1;
      if (this.previousFailed) this.recoveries += 1;
      this.previousFailed = false;
    } else if (!result.hung && result.exitCode !== 0 && documented) {
      this.failures[result.exitCode] = (this.failures[result.exitCode] ?? 0) + 1;
      this.previousFailed = true;
    } else {
      this.lost += 1;
      this.notes.push(result.hung ? 'hung' : `exit ${result.exitCode}: ${(result.stderr || result.stdout).slice(0, 120)}`);
    }
  }
}

const expectations = {};
async function expected(root, query) {
  expectations[query] ??= JSON.parse((await cn(['find', query, '--root', root])).stdout).totalReferences;
  return expectations[query];
}
const findIsCorrect = (total) => (result) => {
  try {
    return JSON.parse(result.stdout).totalReferences === total;
  } catch {
    return false;
  }
};

const scenarios = {
  async 'cold stampede: 20 cn at once, no daemon'(tally) {
    const root = freshRoot();
    const results = await Promise.all(Array.from({ length: 20 }, () => cn(['find', 'User', '--root', root])));
    const total = JSON.parse(results.find((r) => r.exitCode === 0)?.stdout ?? '{}').totalReferences;
    for (const result of results) tally.record(result, findIsCorrect(total)(result) && total > 0);
    if (daemonsFor(root) !== 1) tally.notes.push(`${daemonsFor(root)} daemons`), (tally.lost += 1);
    return root;
  },
  async 'warm burst: 50 cn at once'(tally) {
    const root = freshRoot();
    const total = await expected(root, 'User');
    const results = await Promise.all(Array.from({ length: 50 }, () => cn(['find', 'User', '--root', root])));
    for (const result of results) tally.record(result, findIsCorrect(total)(result));
    return root;
  },
  async 'kill -9 typescript-language-server mid-stream'(tally) {
    return killMidStream(tally, (daemon) => children(daemon).find((pid) => commandOf(pid).includes('typescript-language-server')));
  },
  async 'kill -9 tsserver mid-stream'(tally) {
    return killMidStream(tally, (daemon) => children(daemon).find((pid) => commandOf(pid).includes('tsserver.js')));
  },
  async 'kill -9 the daemon mid-stream'(tally) {
    return killMidStream(tally, (daemon) => daemon);
  },
  async 'edit churn: edit, then ask (20 rounds)'(tally) {
    const root = freshRoot();
    const base = await expected(root, 'User');
    const file = path.join(root, 'src/churn.ts');
    for (let i = 1; i <= 20; i++) {
      writeFileSync(file, `import { User } from './domain/user.js';\n${Array.from({ length: i }, (_, n) => `export const u${n}: User | null = null;`).join('\n')}\n`);
      tally.record(await cn(['find', 'User', '--root', root]), findIsCorrect(base + i + 1));
    }
    return root;
  },
  async 'idle shutdown, then ask again'(tally) {
    const root = freshRoot();
    const total = await expected(root, 'User');
    const first = await cn(['find', 'User', '--root', root], { CN_IDLE_MINUTES: '0.03' });
    tally.record(first, findIsCorrect(total)(first));
    const pid = portFile(root)?.pid;
    for (let waited = 0; waited < 20_000 && portFile(root); waited += 200) await sleep(200);
    if (portFile(root) || (pid && commandOf(pid))) tally.notes.push('daemon did not leave when idle'), (tally.lost += 1);
    const again = await cn(['find', 'User', '--root', root]);
    tally.record(again, findIsCorrect(total)(again));
    return root;
  },
};

scenarios['corrupt port file mid-stream'] = async (tally) => {
  const root = freshRoot();
  const total = await expected(root, 'User');
  for (let i = 0; i < 10; i++) {
    if (i === 4) writeFileSync(path.join(root, PORT_FILE), '{"pid": 1, "po');
    const result = await cn(['find', 'User', '--root', root]);
    tally.record(result, findIsCorrect(total)(result));
  }
  return root;
};

async function killMidStream(tally, victimOf) {
  const root = freshRoot();
  const total = await expected(root, 'User');
  for (let i = 0; i < 15; i++) {
    if (i === 5) {
      const victim = victimOf(portFile(root).pid);
      if (victim) process.kill(victim, 'SIGKILL');
      else tally.notes.push('no process to kill');
    }
    const result = await cn(['find', 'User', '--root', root]);
    tally.record(result, findIsCorrect(total)(result));
  }
  return root;
}

const rows = [];
for (const [name, run] of Object.entries(scenarios)) {
  if (only.length && !only.some((wanted) => name.startsWith(wanted))) continue;
  for (let round = 0; round < rounds; round++) {
    const tally = new Tally();
    const started = Date.now();
    const root = await run(tally);
    await cn(['stop', '--root', root]);
    rmSync(root, { recursive: true, force: true });
    rows.push({ name, tally, seconds: (Date.now() - started) / 1000 });
  }
}

console.log(`fault/soak on ${fixture} · ${new Date().toISOString().slice(0, 10)} · node ${process.version} · ${os.cpus().length} cores`);
console.log('| scenario | requests | correct | failures (exit: n) | recoveries | lost | s |');
console.log('|---|---:|---:|---|---:|---:|---:|');
for (const { name, tally, seconds } of rows) {
  const failures = Object.entries(tally.failures).map(([code, n]) => `${code}: ${n}`).join(', ') || '—';
  console.log(`| ${name} | ${tally.requests} | ${tally.correct} | ${failures} | ${tally.recoveries} | ${tally.lost} | ${seconds.toFixed(1)} |`);
}
const lost = rows.reduce((sum, row) => sum + row.tally.lost, 0);
for (const { name, tally } of rows) for (const note of tally.notes) console.log(`note: ${name}: ${note}`);
console.log(lost === 0 ? 'no lost or wrong answers' : `${lost} lost or wrong answers`);
process.exitCode = lost === 0 ? 0 : 1;
