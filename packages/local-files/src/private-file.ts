import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { CnError } from '@cn/core';
import { ownedByUs } from './ownership.js';

const APPEND_FLAGS =
  constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * Opens a log for appending, created 0600. Never through a symlink (O_NOFOLLOW), never blocking on a
 * FIFO (O_NONBLOCK), and the opened file must be a regular file of ours with no second name (a hard
 * link would let lines land in someone else's file).
 */
export function openPrivateAppend(file: string): number {
  let fd: number;
  try {
    fd = openSync(file, APPEND_FLAGS, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const what = code === 'ELOOP' ? 'is a symlink' : `cannot be opened (${code ?? String(error)})`;
    throw new CnError('unavailable', `log file ${file} ${what}`, 'remove it; cn creates its logs itself');
  }
  const stat = fstatSync(fd);
  if (!stat.isFile() || !ownedByUs(stat) || stat.nlink !== 1) {
    closeSync(fd);
    throw new CnError(
      'unavailable',
      `log file ${file} is not a private regular file of yours`,
      'remove it; cn creates its logs itself',
    );
  }
  return fd;
}
