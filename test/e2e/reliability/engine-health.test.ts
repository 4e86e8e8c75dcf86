import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINE, cleanUp, cn, copyProject, isAlive, json, waitFor } from '../../helpers/cn.js';
import { tsserverOf } from '../../helpers/processes.js';

/** How status and errors name the process that type-checks (test/helpers/processes.ts tsserverOf). */
const CHECKER = ENGINE === 'native' ? 'the native TypeScript server' : 'tsserver';
const stoppedMessage = new RegExp(`${CHECKER} \\(pid \\d+\\) is stopped`);

describe('engine health', () => {
  let root: string;
  let temp: string | undefined;
  afterEach(async () => {
    await cleanUp(root);
    if (temp) rmSync(temp, { recursive: true, force: true });
    temp = undefined;
  });

  // The native engine has no tsserver and no cancellation pipes.
  it.runIf(ENGINE === 'tsserver')(
    'TLS’s per-tsserver cancellation directory is removed after a restart and on stop',
    async () => {
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
      for (let tries = 0; tries < 100 && !(await restarted()); tries++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await restarted()).toBe(true);
      // Removed once the old tree is gone; a machine loaded by the rest of the suite can take long to get there.
      expect(await waitFor(() => firstLife.every((name) => !existsSync(path.join(temp!, name))), 60_000)).toBe(true);
      expect(cancellationDirectories().length).toBeGreaterThan(0); // the new tsserver's

      expect((await cn(['stop', '--root', root], { env })).exitCode).toBe(0);
      expect(cancellationDirectories()).toEqual([]);
    },
    120_000,
  );

  it('a SIGSTOPped tsserver: the waiting request fails fast with exit 4, status tells why, the tree is replaced', async () => {
    root = copyProject('examples/shop');
    const daemon = json(await cn(['start', '--root', root])).pid;
    const tsserver = tsserverOf(daemon)!;
    process.kill(tsserver, 'SIGSTOP');
    try {
      // Without a health check this waits for the 60 s request deadline; the CLI gives up at 30 s.
      const result = await cn(['find', 'Checkout', '--root', root, '--timeout', '30000']);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        new RegExp(`^cn: language server unavailable: ${stoppedMessage.source} .*\\(it restarts by itself`),
      );
      expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
      expect(result.exitCode).toBe(4);
    } finally {
      if (isAlive(tsserver)) process.kill(tsserver, 'SIGCONT');
    }
    expect(await waitFor(() => !isAlive(tsserver))).toBe(true);
    expect(json(await cn(['find', 'Checkout', '--root', root])).definition).toMatchObject({ name: 'Checkout' });
    const status = json(await cn(['status', '--root', root]));
    expect(status).toMatchObject({ state: 'ready', pid: daemon });
    expect(status.restarts).toBeGreaterThanOrEqual(1);
    expect(status.lastError).toMatch(stoppedMessage);
  });

  it('cn status says unresponsive while tsserver is stopped, and ready again once it runs', async () => {
    root = copyProject('examples/shop');
    const daemon = json(await cn(['start', '--root', root])).pid;
    const tsserver = tsserverOf(daemon)!;
    const state = async () => json(await cn(['status', '--root', root])).state;
    process.kill(tsserver, 'SIGSTOP');
    try {
      let seen = await state();
      for (let tries = 0; tries < 100 && seen !== 'unresponsive'; tries++) seen = await state();
      expect(seen).toBe('unresponsive');
      expect(json(await cn(['status', '--root', root])).lastError).toMatch(stoppedMessage);
    } finally {
      process.kill(tsserver, 'SIGCONT');
    }
    // Nothing was waiting on it, so it was left to resume rather than killed.
    let seen = await state();
    for (let tries = 0; tries < 100 && seen !== 'ready'; tries++) seen = await state();
    expect(seen).toBe('ready');
    expect(tsserverOf(daemon)).toBe(tsserver);
  });
});
