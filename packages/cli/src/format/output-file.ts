import {
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  lstatSync,
  openSync,
  realpathSync,
  statSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import * as path from 'node:path';
import { CnError } from '@cn/core';

const TRUST_HINT = 'cn writes regular files only, through your own symbolic links only; name another file';

/**
 * Writes `--output`'s file as `> file` would, but never where another user laid a trap (another user's symlink
 * in /tmp overwrote the victim's ~/.profile on a machine with protected_symlinks off; a FIFO held cn for ever):
 * - opened without O_TRUNC and with O_NONBLOCK, so a FIFO with no reader fails at once (ENXIO) instead of waiting;
 *   then fstat must say a regular file (a FIFO with a reader, a device, a socket are refused), and only then is
 *   it truncated and written;
 * - a final symbolic link is followed only when it is the user's own (`-o out.json` where out.json is their link
 *   into a build directory works; another user's link never does, in any directory), and only if it still leads
 *   to the file opened once open;
 * - in a directory anyone can write (/tmp), an existing file must also be the user's with no other name: another
 *   user's file there would receive the answer, and a hard link planted there would write through to the file it
 *   names (the protected_regular and protected_hardlinks rules, whatever the machine's sysctls say).
 * The file is created 0666 less the umask, as the shell creates it.
 */
export function writeOutputFile(target: string, shown: string, text: string): void {
  const refuse = (why: string) => new CnError('io', `cannot write ${shown}: ${why}`, TRUST_HINT);
  const uid = process.getuid?.();
  const link = lstatOrUndefined(target);
  const followed = link?.isSymbolicLink() === true;
  if (followed && link.uid !== uid) throw refuse(`it is a symbolic link of uid ${link.uid}, not yours`);
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_NONBLOCK | (followed ? 0 : constants.O_NOFOLLOW);
  let fd: number;
  try {
    fd = openSync(target, flags, 0o666);
  } catch (error) {
    throw failure(error, shown, refuse);
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) throw refuse(`it is ${typeOf(opened)}, not a regular file`);
    if (followed && !stillLeadsTo(target, opened, uid)) throw refuse('its symbolic link changed while cn opened it');
    const directory = path.dirname(followed ? realpathSync(target) : target);
    if (isWritableByAnyone(directory) && (opened.uid !== uid || opened.nlink > 1))
      throw refuse(
        opened.uid !== uid
          ? `it is uid ${opened.uid}'s file in ${directory}, which anyone can write`
          : `it has ${opened.nlink} names (hard links) in ${directory}, which anyone can write`,
      );
    ftruncateSync(fd, 0);
    writeFileSync(fd, text);
  } catch (error) {
    throw error instanceof CnError ? error : failure(error, shown, refuse);
  } finally {
    closeSync(fd);
  }
}

/** An I/O error as one line with its code (ENOSPC, EACCES …), exit 5 like every --output failure. */
function failure(error: unknown, shown: string, refuse: (why: string) => CnError): CnError {
  const code = (error as NodeJS.ErrnoException).code;
  // O_NOFOLLOW met a link that was not there a moment before; O_NONBLOCK met a FIFO nobody reads.
  if (code === 'ELOOP') return refuse('it is a symbolic link');
  if (code === 'ENXIO') return refuse('it is a FIFO or a socket, not a regular file');
  return new CnError(
    'io',
    `cannot write ${shown}: ${code ?? (error as Error).message}`,
    'check the directory exists and is writable',
  );
}

function lstatOrUndefined(target: string): Stats | undefined {
  try {
    return lstatSync(target);
  } catch {
    return undefined;
  }
}

/** The link is still the user's and still leads to the file that was opened (not swapped in between). */
function stillLeadsTo(target: string, opened: Stats, uid: number | undefined): boolean {
  try {
    const link = lstatSync(target);
    const led = statSync(target);
    return link.isSymbolicLink() && link.uid === uid && led.dev === opened.dev && led.ino === opened.ino;
  } catch {
    return false;
  }
}

function isWritableByAnyone(directory: string): boolean {
  try {
    return (statSync(directory).mode & 0o002) !== 0;
  } catch {
    return true;
  }
}

function typeOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isDirectory()) return 'a directory';
  if (stats.isSocket()) return 'a socket';
  return 'not a file';
}
