// What every fault/soak scenario uses: the built cn as a bounded child process, private project
// copies, the /proc process tree, and the tally of answers.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listDescendants, listProcesses } from '../../packages/local-files/dist/process-tree.js';
import { DAEMON_BUNDLE } from '../bundle.mjs';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CN = path.join(repo, 'packages/cli/bin/cn.cjs');
const PROCESS_LIMIT_MS = 60_000;
export const PORT_FILE = '.ts-search-daemon.json';

/** One cn process; killed (and reported as hung) past `limitMs`. */
export function cn(cliArgs, env = {}, limitMs = PROCESS_LIMIT_MS) {
  return new Promise((resolve) => {
    const started = Date.now();
    execFile(
      process.execPath,
      [CN, ...cliArgs],
      { env: { ...process.env, ...env }, timeout: limitMs, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        const hung = error?.killed === true;
        resolve({
          exitCode: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
          stdout,
          stderr,
          hung,
          ms: Date.now() - started,
        });
      },
    );
  });
}

export const portFile = (root) => {
  try {
    return JSON.parse(readFileSync(path.join(root, PORT_FILE), 'utf8'));
  } catch {
    return undefined;
  }
};
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The process table is the daemon's own reader (built packages/lsp), not a copy of it.
export const children = (pid) => listDescendants(pid).map((entry) => entry.pid);
export const commandOf = (pid) => listProcesses().find((entry) => entry.pid === Number(pid))?.command ?? '';
export const daemonsFor = (root) =>
  listProcesses().filter(({ command }) => command.includes(DAEMON_BUNDLE) && command.includes(`--root ${root} `))
    .length;

export function freshRoot(fixture) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'cn-soak-'));
  cpSync(path.join(repo, fixture), root, { recursive: true, filter: (source) => path.basename(source) !== PORT_FILE });
  return root;
}

/** Tallies answers: correct, documented failures by exit code, recoveries, and lost answers. */
export class Tally {
  requests = 0;
  correct = 0;
  failures = {};
  recoveries = 0;
  lost = 0;
  notes = [];
  previousFailed = false;
  record(result, isCorrect) {
    this.requests += 1;
    const documented =
      [1, 2, 3, 4, 5].includes(result.exitCode) &&
      result.stderr.trim().split('\n').length === 1 &&
      result.stderr.startsWith('cn: ');
    if (result.exitCode === 0 && isCorrect) {
      this.correct += 1;
      if (this.previousFailed) this.recoveries += 1;
      this.previousFailed = false;
    } else if (!result.hung && result.exitCode !== 0 && documented) {
      this.failures[result.exitCode] = (this.failures[result.exitCode] ?? 0) + 1;
      this.previousFailed = true;
    } else {
      this.lost += 1;
      this.notes.push(
        result.hung
          ? `hung (killed after ${result.ms} ms)`
          : `exit ${result.exitCode}: ${(result.stderr || result.stdout).slice(0, 120)}`,
      );
    }
  }
  /** A question whose right answer may be "nothing found" (exit 1 with a JSON answer): any answer counts. */
  recordAnswered(result) {
    const nothingFound = result.exitCode === 1 && result.stderr === '' && isJson(result.stdout);
    this.record(nothingFound ? { ...result, exitCode: 0 } : result, result.exitCode === 0 || nothingFound);
  }
  /** A check that is not an answer (a daemon still alive, one daemon only): failing it loses one. */
  require(condition, note) {
    if (condition) return;
    this.notes.push(note);
    this.lost += 1;
  }
}

function isJson(text) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const expectations = {};
/** The reference count of a query on an undisturbed daemon of this root; asking it warms that daemon. */
export async function expected(root, query) {
  const key = `${root}\0${query}`;
  expectations[key] ??= JSON.parse((await cn(['find', query, '--root', root])).stdout).totalReferences;
  return expectations[key];
}
export const findIsCorrect = (total) => (result) => {
  try {
    return JSON.parse(result.stdout).totalReferences === total;
  } catch {
    return false;
  }
};
