import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, isAlive, readPortFile } from '../helpers/cn.js';

function runScript(script: string, args: string[]): Promise<{ stdout: string; stderr: string; exitCode: number }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(REPO, script), ...args], { cwd: REPO }, (error, stdout, stderr) =>
      resolve({ stdout, stderr, exitCode: error ? (typeof error.code === 'number' ? error.code : 1) : 0 }),
    );
  });
}

describe('npm run demo (issue 16: it left a daemon running without saying so)', () => {
  it('answers cn find User on examples/shop, then stops the daemon it started and says how that works', async () => {
    const demo = await runScript('scripts/demo.mjs', []);
    expect(demo.exitCode, demo.stderr).toBe(0);
    expect(demo.stdout).toMatch(/^definition {2}Class User /m);
    expect(demo.stdout).toMatch(/^cn daemon {2}stopped {2}\(pid \d+\)$/m);
    expect(demo.stdout).toMatch(/`cn status` shows it, `cn stop` ends it/);
    const left = readPortFile(path.join(REPO, 'examples/shop'));
    expect(left === undefined || !isAlive(left.pid)).toBe(true);
  });
});

describe('node scripts/mcp-tools-tokens.mjs --answers shop', () => {
  it('measures one call per tool in every format it offers, compact by default and smaller than json', async () => {
    const run = await runScript('scripts/mcp-tools-tokens.mjs', ['--answers', 'shop']);
    expect(run.exitCode, run.stderr).toBe(0);
    const rows = run.stdout.split('\n').filter((line) => line.startsWith('| `cn_'));
    expect(rows).toHaveLength(13);
    const find = rows.find((row) => row.startsWith('| `cn_find {"query":"User"}`'))!;
    const [sent, , json, compact] = find
      .split('|')
      .slice(2, 6)
      .map((cell) => Number(cell.trim()));
    expect(sent).toBe(compact);
    expect(compact).toBeLessThan(json / 2);
  });
});
