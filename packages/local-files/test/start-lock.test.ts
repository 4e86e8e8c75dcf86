import { spawnSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearStaleStartLock, releaseStartLock, tryStartLock } from '../src/start-lock.js';

const STALE_AFTER_MS = 65_000;
let dir: string;
let lock: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cn-start-lock-'));
  lock = path.join(dir, 'start.lock');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has exited (pids are not reused within a test's few milliseconds). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid;
}

describe('the start lock', () => {
  it('of two starters, only the first takes it; once released the next one can', () => {
    expect(tryStartLock(lock)).toBe(true);
    expect(tryStartLock(lock)).toBe(false);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    expect(lstatSync(lock).mode & 0o777).toBe(0o600);
    releaseStartLock(lock);
    expect(tryStartLock(lock)).toBe(true);
  });

  it('a live starter keeps its lock: the waiting clients do not clear it', () => {
    expect(tryStartLock(lock)).toBe(true);
    clearStaleStartLock(lock, STALE_AFTER_MS);
    expect(tryStartLock(lock)).toBe(false);
  });

  it('a lock left by a starter that died is cleared at once, and taken', () => {
    writeFileSync(lock, String(deadPid()));
    clearStaleStartLock(lock, STALE_AFTER_MS);
    expect(existsSync(lock)).toBe(false);
    expect(tryStartLock(lock)).toBe(true);
  });

  it('a lock older than the start timeout is cleared even if its pid is alive (a hung starter, or a reused pid)', () => {
    writeFileSync(lock, String(process.pid));
    const old = (Date.now() - STALE_AFTER_MS - 1_000) / 1000;
    utimesSync(lock, old, old);
    clearStaleStartLock(lock, STALE_AFTER_MS);
    expect(existsSync(lock)).toBe(false);
  });

  it('a half-written lock (no pid yet) is left to its writer', () => {
    writeFileSync(lock, '');
    clearStaleStartLock(lock, STALE_AFTER_MS);
    expect(existsSync(lock)).toBe(true);
  });

  it('a symlink planted as the lock is never written through, and is removed rather than honoured', () => {
    // The target names a live pid: only the symlink check can tell it is not a lock.
    const victim = path.join(dir, 'victim');
    writeFileSync(victim, String(process.pid));
    symlinkSync(victim, lock);
    expect(tryStartLock(lock)).toBe(false);
    expect(readFileSync(victim, 'utf8')).toBe(String(process.pid));
    clearStaleStartLock(lock, STALE_AFTER_MS);
    expect(existsSync(victim)).toBe(true);
    expect(tryStartLock(lock)).toBe(true);
    expect(lstatSync(lock).isFile()).toBe(true);
  });

  it('a dangling symlink does not make the lock create its target', () => {
    const target = path.join(dir, 'elsewhere');
    symlinkSync(target, lock);
    expect(tryStartLock(lock)).toBe(false);
    expect(existsSync(target)).toBe(false);
  });

  it('a directory in the lock’s place is not a lock: removed, then the lock is taken', () => {
    mkdirSync(path.join(lock, 'inner'), { recursive: true });
    clearStaleStartLock(lock, STALE_AFTER_MS);
    expect(tryStartLock(lock)).toBe(true);
  });

  // Making a file another user's needs root; elsewhere the check cannot be staged.
  it.skipIf(process.getuid?.() !== 0)(
    'another user’s file is not a lock, even naming a live pid: removed, then taken',
    () => {
      writeFileSync(lock, String(process.pid));
      chownSync(lock, 65534, 65534);
      clearStaleStartLock(lock, STALE_AFTER_MS);
      expect(existsSync(lock)).toBe(false);
      expect(tryStartLock(lock)).toBe(true);
    },
  );
});
