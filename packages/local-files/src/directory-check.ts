import { lstatSync, mkdirSync } from 'node:fs';
import { currentUid, ownedByUs } from './ownership.js';

// Apart from private-directory.ts (which throws CnErrors) so that the `cn` launcher can check its
// compile cache's directory without loading @cn/core.

const HINT =
  "another local user may have created it to read or write cn's files; remove it, or point XDG_RUNTIME_DIR or TMPDIR at a private directory";

/** Why a directory cannot be used as private to this user, and what to do about it. */
export interface DirectoryProblem {
  message: string;
  hint: string;
}

/**
 * `ensurePrivateDirectory` for callers that can do without the directory (a cache): creates it (0700)
 * unless it exists, and answers why it must not be used, or undefined when it is private to this user.
 */
export function preparePrivateDirectory(dir: string): DirectoryProblem | undefined {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST')
      return {
        message: `cannot create state directory ${dir} (${code ?? String(error)})`,
        hint: 'check that its parent exists and is writable',
      };
  }
  return privateDirectoryProblem(dir);
}

/** Whether `dir` exists and is private to this user, without creating it (for readers of what it holds). */
export function isPrivateDirectory(dir: string): boolean {
  try {
    return privateDirectoryProblem(dir) === undefined;
  } catch {
    return false;
  }
}

function privateDirectoryProblem(dir: string): DirectoryProblem | undefined {
  // lstat: a symlink named like our directory is refused, never followed.
  const stat = lstatSync(dir);
  if (stat.isSymbolicLink()) return { message: `state directory ${dir} is a symlink`, hint: HINT };
  if (!stat.isDirectory()) return { message: `state directory ${dir} is not a directory`, hint: HINT };
  if (!ownedByUs(stat))
    return {
      message: `state directory ${dir} is owned by uid ${stat.uid}, not by you (uid ${currentUid()})`,
      hint: HINT,
    };
  if ((stat.mode & 0o022) !== 0)
    return {
      message: `state directory ${dir} is writable by others (mode ${(stat.mode & 0o777).toString(8)})`,
      hint: HINT,
    };
  return undefined;
}
