import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listDescendants } from '@cn/local-files/process-tree';
import type { TypeScriptEngine } from '../src/index.js';
import { ENGINE, fixture, LONG, startEngine } from './helpers.js';

/**
 * Left on, the native server's automatic type acquisition runs `npm install @types/lodash` into
 * ~/.cache/typescript/7.0 within a second of loading this project (measured with typescript@7.0.2).
 * Here a fake npm first on PATH records any call, and HOME points at an empty directory.
 */
describe.runIf(ENGINE === 'native')('native engine: no automatic type acquisition', { timeout: LONG }, () => {
  const root = fixture('typings');
  const file = path.join(root, 'src', 'chunks.js');
  const sandbox = mkdtempSync(path.join(os.tmpdir(), 'cn-typings-'));
  const marker = path.join(sandbox, 'npm-was-run');
  let engine: TypeScriptEngine;

  beforeAll(async () => {
    const bin = path.join(sandbox, 'bin');
    const npm = path.join(bin, 'npm');
    mkdirSync(bin);
    writeFileSync(npm, `#!/bin/sh\necho "$@" >> ${JSON.stringify(marker)}\nexit 1\n`);
    chmodSync(npm, 0o755);
    vi.stubEnv('PATH', `${bin}${path.delimiter}${process.env.PATH ?? ''}`);
    vi.stubEnv('HOME', sandbox);
    vi.stubEnv('XDG_CACHE_HOME', path.join(sandbox, '.cache'));
    engine = await startEngine(root);
  }, LONG);
  afterAll(async () => {
    await engine?.dispose();
    vi.unstubAllEnvs();
    rmSync(sandbox, { recursive: true, force: true });
  });

  it('runs no npm and writes no typings cache while the project loads and answers', async () => {
    expect(engine.status().looseFiles).toBe(1);
    // Questions on the import make the server resolve 'lodash', which is what triggers acquisition.
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline) {
      await engine.hover(file, { line: 4, character: 10 });
      await engine.references(file, { line: 1, character: 8 }, true);
      // A negative can only be watched for a while: every helper the server started, on every round.
      const helpers = listDescendants(process.pid).filter((entry) => /npm|typesInstaller/.test(entry.command));
      expect(helpers).toEqual([]);
    }
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(path.join(sandbox, '.cache', 'typescript'))).toBe(false);
  });
});
