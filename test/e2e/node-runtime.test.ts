import { realpathSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE, cleanUp, cn, copyProject, readPortFile } from '../helpers/cn.js';
import { descendants, languageServerOf, tsserverOf } from '../helpers/processes.js';

/**
 * `npm run test:node-matrix` runs this tier under each supported Node major: that proves something
 * only if every process cn starts runs the node that ran cn (the daemon is spawned with the CLI's
 * process.execPath, the language server with the daemon's, tsserver forked by the language server),
 * never whatever `node` the PATH or a shebang finds.
 */
const root = copyProject('examples/shop');
afterAll(() => cleanUp(root));

describe.runIf(process.platform === 'linux')('the node cn runs on', () => {
  // The native engine's server is a Go binary: only the daemon runs on node there (checked below).
  it.runIf(ENGINE === 'tsserver')('runs the daemon, the language server and tsserver too', async () => {
    const result = await cn(['find', 'User', '--no-refs', '--root', root]);
    expect(result.exitCode).toBe(0);
    const daemon = readPortFile(root)!.pid;
    expect(languageServerOf(daemon)).toBeDefined();
    expect(tsserverOf(daemon)).toBeDefined();
    const node = realpathSync(process.execPath);
    const executables = [daemon, ...descendants(daemon)].flatMap((pid) => {
      try {
        return [{ pid, exe: realpathSync(`/proc/${pid}/exe`) }];
      } catch {
        return []; // ended meanwhile (a short-lived helper)
      }
    });
    expect(executables.length).toBeGreaterThanOrEqual(3);
    for (const { pid, exe } of executables) expect({ pid, exe }).toEqual({ pid, exe: node });
  });

  it.runIf(ENGINE === 'native')('runs the daemon; the native server is its own executable', async () => {
    const result = await cn(['find', 'User', '--no-refs', '--root', root]);
    expect(result.exitCode).toBe(0);
    const daemon = readPortFile(root)!.pid;
    expect(realpathSync(`/proc/${daemon}/exe`)).toBe(realpathSync(process.execPath));
    const server = languageServerOf(daemon)!;
    expect(realpathSync(`/proc/${server}/exe`)).toMatch(/@typescript[\\/]typescript-linux-[^\\/]+[\\/]lib[\\/]tsc$/);
  });
});
