import { closeSync, lstatSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { ownedByUs } from './ownership.js';
import { isProcessAlive } from './process-alive.js';

/**
 * The start lock: when many clients find no daemon at once, the one that creates this file starts it
 * and the others wait for the port file. It lives in the verified private state directory, never in
 * the project. The file holds the starter's pid so that a starter that died is noticed at once.
 */
export function tryStartLock(lockPath: string): boolean {
  try {
    // 'wx' = O_CREAT|O_EXCL: fails on any existing name, a symlink included, so it never writes through one.
    const fd = openSync(lockPath, 'wx', 0o600);
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

export function releaseStartLock(lockPath: string): void {
  rmSync(lockPath, { force: true });
}

/**
 * Removes a lock that nobody holds any more: its starter is dead, or it is older than `staleAfterMs`
 * (a starter that hung), or it is not a lock at all (a symlink, a directory, another user's file).
 * A live starter's lock stays.
 */
export function clearStaleStartLock(lockPath: string, staleAfterMs: number): void {
  try {
    // Only this user can create files in the verified state directory; anything else there is not a lock.
    const lock = lstatSync(lockPath);
    if (!lock.isFile() || !ownedByUs(lock)) {
      rmSync(lockPath, { force: true, recursive: true });
      return;
    }
    const holder = Number(readFileSync(lockPath, 'utf8'));
    const age = Date.now() - lock.mtimeMs;
    if ((holder > 0 && !isProcessAlive(holder)) || age > staleAfterMs) rmSync(lockPath, { force: true });
  } catch {
    // Gone already, or half-written by a client that is writing it right now: leave it.
  }
}
