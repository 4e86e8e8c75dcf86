import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, type Stats } from 'node:fs';
import { ownedByUs } from './ownership.js';

const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** Why a file is not one cn may read as its own: another user's (with their uid), or not a plain small file. */
export type Refusal = { owner: number } | { problem: string };

/**
 * A small file cn wrote for itself (the port file, the daemon's private record):
 * - absent;
 * - unusable: ours, but unreadable, or writable by group or others (cn wrote it 0600: someone else may
 *   have rewritten it);
 * - refused: another user's, a symlink, a FIFO, a directory, a device, larger than `maxBytes`;
 * - read: its text.
 */
export type OwnFile =
  { kind: 'absent' } | { kind: 'unusable' } | { kind: 'refused'; refusal: Refusal } | { kind: 'read'; text: string };

/** OwnFile, its bytes undecoded: for a reader that decodes only the parts it is asked for. */
export type OwnBytes = Exclude<OwnFile, { kind: 'read' }> | { kind: 'read'; bytes: Buffer };

/** readOwnBytes, decoded as UTF-8. */
export function readOwnFile(file: string, maxBytes: number): OwnFile {
  const read = readOwnBytes(file, maxBytes);
  return read.kind === 'read' ? { kind: 'read', text: read.bytes.toString('utf8') } : read;
}

/**
 * lstat first, so a FIFO or a device is never opened; then open without following symlinks and without
 * blocking, and check the opened file again, in case the path was swapped in between.
 */
export function readOwnBytes(file: string, maxBytes: number): OwnBytes {
  let fd: number;
  try {
    const refusal = untrusted(lstatSync(file), maxBytes);
    if (refusal) return { kind: 'refused', refusal };
    fd = openSync(file, READ_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'absent' };
    if (code === 'ELOOP') return { kind: 'refused', refusal: { problem: 'is a symlink' } };
    return { kind: 'unusable' };
  }
  try {
    const stat = fstatSync(fd);
    const refusal = untrusted(stat, maxBytes);
    if (refusal) return { kind: 'refused', refusal };
    if ((stat.mode & 0o022) !== 0) return { kind: 'unusable' };
    return { kind: 'read', bytes: readAll(fd, stat.size) };
  } catch {
    return { kind: 'unusable' };
  } finally {
    closeSync(fd);
  }
}

function untrusted(stat: Stats, maxBytes: number): Refusal | undefined {
  // Ownership first: another user's symlink or file is theirs (or a trap), never ours to use.
  if (!ownedByUs(stat)) return { owner: stat.uid };
  if (stat.isSymbolicLink()) return { problem: 'is a symlink' };
  if (!stat.isFile()) return { problem: `is not a regular file (${fileType(stat)})` };
  if (stat.size > maxBytes) return { problem: `is too large (${stat.size} bytes)` };
  return undefined;
}

function fileType(stat: Stats): string {
  if (stat.isDirectory()) return 'a directory';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a file';
}

/**
 * Up to one byte past the size fstat gave (already checked against the limit): a file that grew since reads
 * cut, and then fails to parse.
 */
function readAll(fd: number, size: number): Buffer {
  // Not zeroed first (7 MB of saved syntax: ~10 ms on a slow VM): only the bytes read are returned.
  const buffer = Buffer.allocUnsafe(size + 1);
  let length = 0;
  while (length < buffer.length) {
    const read = readSync(fd, buffer, length, buffer.length - length, null);
    if (read === 0) break;
    length += read;
  }
  return buffer.subarray(0, length);
}
