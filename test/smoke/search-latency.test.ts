import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cn.js';

/** scripts/bench/search-latency.mjs on a fixture (no network), so it does not rot between measurements. */
describe('scripts/bench/search-latency.mjs', () => {
  it('prints a row per corpus: floor, warm search and grep, their differences and a verdict', () => {
    const stdout = execFileSync(
      process.execPath,
      [path.join(REPO, 'scripts/bench/search-latency.mjs'), '--corpus', 'fixture:test/fixtures/search', '--runs', '1'],
      { cwd: REPO, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' }, timeout: 600_000 },
    );
    const row = stdout.split('\n').find((line) => line.startsWith('| fixture:test/fixtures/search |'));
    expect(row, stdout).toBeDefined();
    const cells = row!
      .split('|')
      .slice(2, -1)
      .map((cell) => cell.trim());
    for (const figure of cells.slice(0, 5)) expect(Number(figure), row).not.toBeNaN();
    expect(cells[5]).toMatch(/^≤ 50 ms: (PASS|MISS)$/);
  });
});
