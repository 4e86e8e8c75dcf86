import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cn.js';

describe('scripts/fault-soak.mjs', () => {
  it('runs two scenarios and prints a table with no lost answers', async () => {
    const output = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        [path.join(REPO, 'scripts/fault-soak.mjs'), '--only', 'edit churn,corrupt port file'],
        { timeout: 240_000 },
        (error, stdout) => resolve({ code: error ? Number(error.code) : 0, stdout }),
      );
    });
    expect(output.stdout).toMatch(
      /^\| scenario \| requests \| correct \| failures \(exit: n\) \| recoveries \| lost \| s \|$/m,
    );
    expect(output.stdout).toMatch(
      /^\| edit churn: edit, then ask \(20 rounds\) \| 20 \| 20 \| — \| 0 \| 0 \| [\d.]+ \|$/m,
    );
    expect(output.stdout).toMatch(/^\| corrupt port file mid-stream \| 10 \| 10 \| — \| 0 \| 0 \| [\d.]+ \|$/m);
    expect(output.stdout).toContain('no lost or wrong answers');
    expect(output.code).toBe(0);
  }, 240_000);
});
