import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, cn, copyProject, json, waitFor } from '../../helpers/cn.js';
import { tsserverOf } from '../../helpers/processes.js';

describe('engine health', () => {
  let root: string;
  let temp: string | undefined;
  afterEach(async () => {
    await cleanUp(root);
    if (temp) rmSync(temp, { recursive: true, force: true });
    temp = undefined;
  });

  it('TLS’s per-tsserver cancellation directory is removed after a restart and on stop', async () => {
    // A private temp dir, so only this daemon's TLS writes there.
    temp = mkdtempSync(path.join(os.tmpdir(), 'cn-tmpdir-'));
    const env = { TMPDIR: temp };
    const cancellationDirectories = () => readdirSync(temp!).filter((name) => /^[0-9a-f]{32}$/.test(name));
    root = copyProject('examples/shop');
    const daemon = json(await cn(['start', '--root', root], { env })).pid;
    const firstLife = cancellationDirectories();
    expect(firstLife.length).toBeGreaterThan(0);

    process.kill(tsserverOf(daemon)!, 'SIGKILL');
    const restarted = async () => {
      const status = json(await cn(['status', '--root', root], { env }));
      return status.restarts >= 1 && status.state === 'ready';
    };
    for (let tries = 0; tries < 100 && !(await restarted()); tries++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await restarted()).toBe(true);
    expect(await waitFor(() => firstLife.every((name) => !existsSync(path.join(temp!, name))))).toBe(true);
    expect(cancellationDirectories().length).toBeGreaterThan(0); // the new tsserver's

    expect((await cn(['stop', '--root', root], { env })).exitCode).toBe(0);
    expect(cancellationDirectories()).toEqual([]);
  });
});
