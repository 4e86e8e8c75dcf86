import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DaemonUsageError, parseDaemonOptions } from '../src/daemon-options.js';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');

describe('parseDaemonOptions (node:util parseArgs)', () => {
  it('reads --flag value and --flag=value, falling back to the environment', () => {
    const options = parseDaemonOptions(['--root', '/p', '--idle-minutes=5', '--state-dir', '/s'], {
      CN_REQUEST_TIMEOUT_MS: '1000',
    });
    expect(options).toMatchObject({ root: path.resolve('/p'), stateDir: '/s', idleMinutes: 5, requestTimeoutMs: 1000 });
    expect(options.maxTsServerMemory).toBeUndefined();
  });

  it('trusts the project only when the user says so: --trust-project or CN_TRUST_PROJECT=1', () => {
    expect(parseDaemonOptions(['--root', '/p'], {}).trustProject).toBe(false);
    expect(parseDaemonOptions(['--root', '/p'], { CN_TRUST_PROJECT: '0' }).trustProject).toBe(false);
    expect(parseDaemonOptions(['--root', '/p'], { CN_TRUST_PROJECT: '1' }).trustProject).toBe(true);
    expect(parseDaemonOptions(['--root', '/p', '--trust-project'], {}).trustProject).toBe(true);
  });

  it.each([
    [['--root', '/p', '--bogus'], "unknown option '--bogus'"],
    [['--root'], "option '--root <value>' argument missing"],
    [['--root', '/p', 'extra'], "unexpected argument 'extra'"],
    [[], '--root is required'],
    [['--root', '/p', '--max-ts-memory', 'lots'], "tsserver memory must be a number of 0 or more, not 'lots'"],
  ])('refuses %j with one usage message', (argv, message) => {
    expect(() => parseDaemonOptions(argv, {})).toThrow(new DaemonUsageError(message));
  });
});

describe('the daemon entry with bad arguments', () => {
  it('prints one line on stderr and exits 2, before starting anything', () => {
    const run = spawnSync(process.execPath, [MAIN, '--root', '/p', '--no-such-flag'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("cn daemon: unknown option '--no-such-flag'\n");
    expect(run.stdout).toBe('');
  });
});
