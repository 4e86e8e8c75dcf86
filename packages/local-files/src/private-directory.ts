import * as path from 'node:path';
import { CnError } from '@cn/core';
import { preparePrivateDirectory } from './directory-check.js';

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
  const problem = preparePrivateDirectory(dir);
  if (problem) throw new CnError('unavailable', problem.message, problem.hint);
}
