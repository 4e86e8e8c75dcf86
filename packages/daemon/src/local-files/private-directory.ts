import { lstatSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { CnError } from '@cn/core';
import { currentUid, ownedByUs } from './ownership.js';

const HINT =
  "another local user may have created it to read or write cn's files; remove it, or point XDG_RUNTIME_DIR or TMPDIR at a private directory";

/**
 * The state directory is `<base>/cn-<user>/<root>-<hash>`: cn creates both levels, 0700, and uses
 * them only if they are still real directories of this user that nobody else can write. In such a
 * directory no other user can plant a log symlink or a start lock.
 */
export function ensureStateDirectory(stateDir: string): void {
  ensurePrivateDirectory(path.dirname(stateDir));
  ensurePrivateDirectory(stateDir);
}

/** Creates dir (0700) unless it exists; either way refuses it unless it is private to this user. */
export function ensurePrivateDirectory(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST')
      throw new CnError(
        'unavailable',
        `cannot create state directory ${dir} (${code ?? String(error)})`,
        'check that its parent exists and is writable',
      );
  }
  // lstat: a symlink named like our directory is refused, never followed.
  const stat = lstatSync(dir);
  if (stat.isSymbolicLink()) throw new CnError('unavailable', `state directory ${dir} is a symlink`, HINT);
  if (!stat.isDirectory()) throw new CnError('unavailable', `state directory ${dir} is not a directory`, HINT);
  if (!ownedByUs(stat))
    throw new CnError(
      'unavailable',
      `state directory ${dir} is owned by uid ${stat.uid}, not by you (uid ${currentUid()})`,
      HINT,
    );
  if ((stat.mode & 0o022) !== 0) {
    throw new CnError(
      'unavailable',
      `state directory ${dir} is writable by others (mode ${(stat.mode & 0o777).toString(8)})`,
      HINT,
    );
  }
}
