// Timing helpers: whole processes and in-process requests, summarised as median and p95.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO } from './corpora.mjs';

export const CN_BIN = path.join(REPO, 'packages/cli/bin/cn.cjs');

export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)];
  return { median: median(sorted), p95: at(0.95), runs: sorted.length };
}

function median(sorted) {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Runs `node <argv>` to completion; milliseconds from spawn to exit, plus what it printed. */
export function runNode(argv, { cwd = REPO, allowExit = [0], env = {} } = {}) {
  const started = performance.now();
  const result = spawnSync(process.execPath, argv, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NODE_OPTIONS: '', ...env },
  });
  const ms = performance.now() - started;
  if (!allowExit.includes(result.status)) {
    throw new Error(`node ${argv.join(' ')} exited ${result.status}: ${(result.stderr || '').trim().split('\n')[0]}`);
  }
  return { ms, stdout: result.stdout, stderr: result.stderr, status: result.status };
}

export function cn(args, root, options = {}) {
  return runNode([CN_BIN, ...args, '--root', root], options);
}

export function timeProcess(argv, runs, options) {
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(runNode(argv, options).ms);
  return summarize(samples);
}

/**
 * Times `run` (a whole process) `runs` times, each in a round with a `node -e 0` (the order alternating), after one
 * untimed run: `overFloor` is the median of each run less its round's floor, which the shared machine's drift
 * mostly cancels; `floor` the floors' summary. Answers what the untimed run printed as `stdout`.
 */
export function timeOverFloor(run, runs) {
  const first = run();
  const samples = [];
  const floors = [];
  const over = [];
  const floor = () => runNode(['-e', '0']).ms;
  for (let i = 0; i < runs; i++) {
    let floorMs;
    let ms;
    if (i % 2 === 0) {
      floorMs = floor();
      ms = run().ms;
    } else {
      ms = run().ms;
      floorMs = floor();
    }
    samples.push(ms);
    floors.push(floorMs);
    over.push(ms - floorMs);
  }
  return { ...summarize(samples), floor: summarize(floors), overFloor: summarize(over), stdout: first.stdout };
}

/** Times an async request `runs` times after one untimed warm-up; returns the summary and the last answer. */
export async function timeRequest(runs, request) {
  let answer = await request();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    answer = await request();
    samples.push(performance.now() - started);
  }
  return { ...summarize(samples), answer };
}

export const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);
export const ms = (value) => (value >= 1000 ? value.toFixed(0) : value >= 100 ? value.toFixed(0) : value.toFixed(1));
