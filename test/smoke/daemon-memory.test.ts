import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cn.js';

/** The memory scripts of scripts/bench on a fixture (no network), so they do not rot between measurements. */
const run = (script: string, args: string[]) =>
  execFileSync(process.execPath, [path.join(REPO, script), ...args], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
    timeout: 600_000,
  });
const work = mkdtempSync(path.join(os.tmpdir(), 'cn-daemon-memory-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('scripts/bench/daemon-memory.mjs, heap-dominators.mjs', () => {
  it("prints the daemon's memory at each stage, from its modules loaded to at rest, and what holds it then", () => {
    const snapshot = path.join(work, 'daemon.heapsnapshot');
    const stdout = run('scripts/bench/daemon-memory.mjs', [
      '--corpus',
      'fixture:test/fixtures/search',
      '--snapshot',
      snapshot,
    ]);
    const rows = stdout.split('\n').filter((line) => /^\| (?!stage|---)/.test(line));
    expect(
      rows.map((row) => row.split('|')[1].trim().split(' ')[0]),
      stdout,
    ).toEqual(['modules', 'ready', 'after', 'after', 'after', 'at']);
    for (const row of rows) expect(Number(row.split('|')[2]), row).toBeGreaterThan(0);
    // The daemon's modules leave the compiler API out; the first find has loaded it.
    expect(rows[0]).toMatch(/\| no \|$/);
    expect(rows[2]).toMatch(/\| yes \|$/);

    const held = run('scripts/bench/heap-dominators.mjs', [snapshot, '--top', '5']);
    expect(Number(/objects, ([\d.]+) MB reachable/.exec(held)?.[1]), held).toBeGreaterThan(5);
    const retainers = held.split('\n').filter((line) => /^\| [\d.]+ \|/.test(line));
    expect(retainers.length, held).toBeGreaterThan(0);
    expect(retainers.length, held).toBeLessThanOrEqual(5);
  }, 300_000);
});

describe('scripts/bench/warm-allocations.mjs', () => {
  it('prints what a warm question allocates, and where', () => {
    const stdout = run('scripts/bench/warm-allocations.mjs', [
      '--corpus',
      'fixture:test/fixtures/search',
      '--runs',
      '2',
    ]);
    expect(Number(/([\d.]+) MB a question/.exec(stdout)?.[1]), stdout).toBeGreaterThan(0);
    expect(stdout.split('\n').filter((line) => /^\| [\d.]+ \| /.test(line)).length, stdout).toBeGreaterThan(3);
  }, 300_000);
});
