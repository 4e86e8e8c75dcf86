import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMER_MS } from '@cn/core';
import { DaemonUsageError, parseDaemonOptions } from '../src/daemon-options.js';
import { IdleTimer } from '../src/idle-timer.js';

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
    [
      ['--root', '/p', '--max-ts-memory', 'lots'],
      "--max-ts-memory takes a whole number from 16 to 1048576, not 'lots'",
    ],
    [['--root', '/p', '--idle-minutes', '40000'], "--idle-minutes takes a number from 0 to 35791, not '40000'"],
  ])('refuses %j with one usage message', (argv, message) => {
    expect(() => parseDaemonOptions(argv, {})).toThrow(new DaemonUsageError(message));
  });

  // Issue 22, item 16: 40,000 minutes overflowed setTimeout, and the daemon left as soon as it started.
  it('refuses environment settings out of their range, naming the variable', () => {
    expect(() => parseDaemonOptions(['--root', '/p'], { CN_IDLE_MINUTES: '40000' })).toThrow(
      new DaemonUsageError("CN_IDLE_MINUTES takes a number from 0 to 35791, not '40000'"),
    );
    expect(parseDaemonOptions(['--root', '/p'], { CN_IDLE_MINUTES: '0.05' }).idleMinutes).toBe(0.05);
  });
});

describe('the idle timer', () => {
  afterEach(() => vi.useRealTimers());

  it('never fires early, however long the idle time (setTimeout fires at once past 2^31-1 ms)', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    new IdleTimer(40_000 * 60_000, onIdle).touch();
    vi.advanceTimersByTime(60_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MAX_TIMER_MS);
    expect(onIdle).toHaveBeenCalledOnce();
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
