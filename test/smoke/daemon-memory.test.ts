import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cn.js';

/** scripts/bench/daemon-memory.mjs on a fixture (no network), so it does not rot between measurements. */
describe('scripts/bench/daemon-memory.mjs', () => {
  it("prints the daemon's memory at each stage, from its modules loaded to at rest", () => {
    const stdout = execFileSync(
      process.execPath,
      [path.join(REPO, 'scripts/bench/daemon-memory.mjs'), '--corpus', 'fixture:test/fixtures/search'],
      { cwd: REPO, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' }, timeout: 600_000 },
    );
    const rows = stdout.split('\n').filter((line) => /^\| (?!stage|---)/.test(line));
    expect(
      rows.map((row) => row.split('|')[1].trim().split(' ')[0]),
      stdout,
    ).toEqual(['modules', 'ready', 'after', 'after', 'after', 'at']);
    for (const row of rows) expect(Number(row.split('|')[2]), row).toBeGreaterThan(0);
    // The daemon's modules leave the compiler API out; the first find has loaded it.
    expect(rows[0]).toMatch(/\| no \|$/);
    expect(rows[2]).toMatch(/\| yes \|$/);
  });
});
