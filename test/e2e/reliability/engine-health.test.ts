import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENGINE, cleanUp, cn, copyProject, isAlive, json, waitFor } from '../../helpers/cn.js';
import { commandLineOf, daemonsFor, tsserverOf } from '../../helpers/processes.js';

/** The directory TLS named on a tsserver's command line for its cancellation pipes. */
function cancellationDirectoryOf(tsserver: number): string | undefined {
  const match = /--cancellationPipeName (\S+)\/tscancellation\*/.exec(commandLineOf(tsserver) ?? '');
  return match?.[1];
}

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
    'TLS’s per-tsserver cancellation directory never outlives its tsserver: killed as it starts, restarted, stopped',
    async () => {
      // A private temp dir, so only this daemon's processes write there.
      temp = mkdtempSync(path.join(os.tmpdir(), 'cn-tmpdir-'));
      const env = { TMPDIR: temp };
      root = copyProject('examples/shop');
      const starting = cn(['start', '--root', root], { env });
      // The first tsserver is killed as soon as it runs, before cn's tree watch (once a second) has seen it: the
      // restart must still remove what its language server made for it.
      const first = await vi.waitFor(
        () => {
          const [daemon] = daemonsFor(root);
          const tsserver = daemon === undefined ? undefined : tsserverOf(daemon);
          const directory = tsserver === undefined ? undefined : cancellationDirectoryOf(tsserver);
          if (tsserver === undefined || directory === undefined) throw new Error('no tsserver yet');
          process.kill(tsserver, 'SIGKILL');
          return { daemon: daemon!, directory };
        },
        { timeout: 60_000, interval: 5 },
      );
      expect(json(await starting)).toMatchObject({ state: 'ready', pid: first.daemon });
      expect(json(await cn(['status', '--root', root], { env })).restarts).toBeGreaterThanOrEqual(1);
      await vi.waitFor(() => expect(existsSync(first.directory)).toBe(false), { timeout: 60_000 });

      const second = cancellationDirectoryOf(tsserverOf(first.daemon)!)!;
      expect(existsSync(second)).toBe(true);
      expect((await cn(['stop', '--root', root], { env })).exitCode).toBe(0);
      expect(existsSync(second)).toBe(false);
      // The language server made them in cn's private state directory, never in the shared temp dir.
      expect(readdirSync(temp).filter((name) => /^[0-9a-f]{32}$/.test(name))).toEqual([]);
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
