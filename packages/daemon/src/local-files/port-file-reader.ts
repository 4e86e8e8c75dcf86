import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, rmSync, type Stats } from 'node:fs';
import * as path from 'node:path';
import { CnError } from '@cn/core';
import { PORT_FILE_NAME, type PortFile } from '@cn/protocol';
import { describeUser, ownedByUs } from './ownership.js';

/** A port file is a few hundred bytes; anything much larger is not one. */
const MAX_PORT_FILE_BYTES = 64 * 1024;
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * What is at `<root>/.ts-search-daemon.json`:
 * - absent, or unusable (ours but truncated, corrupt, unreadable, writable by others): no daemon;
 *   cn may replace it;
 * - ours: a regular file of this user naming a daemon;
 * - foreign: another user's file, a symlink, a FIFO, a directory, a huge file. cn neither reads,
 *   replaces nor removes it (it cannot do so safely) and reports `refusal` (exit 3).
 */
export type PortFileState =
  | { kind: 'absent' }
  | { kind: 'unusable' }
  | { kind: 'ours'; portFile: PortFile }
  | { kind: 'foreign'; refusal: CnError };

export function portFilePath(root: string): string {
  return path.join(root, PORT_FILE_NAME);
}

/**
 * The one reader of the port file (client and daemon). lstat first, so a FIFO or a device is
 * never opened; then open without following symlinks and without blocking, and check the opened
 * file again, in case the path was swapped in between.
 */
export function readPortFileState(root: string): PortFileState {
  const file = portFilePath(root);
  let fd: number;
  try {
    const refusal = untrusted(lstatSync(file), root, file);
    if (refusal) return { kind: 'foreign', refusal };
    fd = openSync(file, READ_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'absent' };
    if (code === 'ELOOP') return { kind: 'foreign', refusal: notAPortFile(file, 'is a symlink') };
    return { kind: 'unusable' };
  }
  try {
    const stat = fstatSync(fd);
    const refusal = untrusted(stat, root, file);
    if (refusal) return { kind: 'foreign', refusal };
    // cn writes it 0600; one that others could rewrite cannot be trusted to name our daemon (cn replaces it).
    if ((stat.mode & 0o022) !== 0) return { kind: 'unusable' };
    const parsed = JSON.parse(readAll(fd, stat.size)) as Partial<PortFile>;
    const valid =
      Number.isInteger(parsed.pid) &&
      Number.isInteger(parsed.port) &&
      typeof parsed.token === 'string' &&
      typeof parsed.root === 'string';
    return valid ? { kind: 'ours', portFile: parsed as PortFile } : { kind: 'unusable' };
  } catch {
    return { kind: 'unusable' };
  } finally {
    closeSync(fd);
  }
}

/** Removes a port file cn may replace (absent, unusable or ours); refuses one that is not cn's to touch. */
export function removeReplaceablePortFile(root: string): void {
  const state = readPortFileState(root);
  if (state.kind === 'foreign') throw state.refusal;
  rmSync(portFilePath(root), { force: true });
}

function untrusted(stat: Stats, root: string, file: string): CnError | undefined {
  // Ownership first: another user's symlink or file is their daemon (or a trap), never ours to use.
  if (!ownedByUs(stat)) {
    return new CnError(
      'unavailable',
      `the daemon for ${root} belongs to ${describeUser(stat.uid)}: ${file} is theirs`,
      "cn neither uses nor replaces another user's port file; ask them to stop their daemon, or use --root on a copy of the project",
    );
  }
  if (stat.isSymbolicLink()) return notAPortFile(file, 'is a symlink');
  if (!stat.isFile()) return notAPortFile(file, `is not a regular file (${fileType(stat)})`);
  if (stat.size > MAX_PORT_FILE_BYTES) return notAPortFile(file, `is too large to be a port file (${stat.size} bytes)`);
  return undefined;
}

function notAPortFile(file: string, what: string): CnError {
  return new CnError(
    'unavailable',
    `the port file ${file} ${what}`,
    'cn cannot replace it safely; remove it and run cn again',
  );
}

function fileType(stat: Stats): string {
  if (stat.isDirectory()) return 'a directory';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a file';
}

function readAll(fd: number, size: number): string {
  const buffer = Buffer.alloc(Math.min(size, MAX_PORT_FILE_BYTES) + 1);
  let length = 0;
  while (length < buffer.length) {
    const read = readSync(fd, buffer, length, buffer.length - length, null);
    if (read === 0) break;
    length += read;
  }
  return buffer.toString('utf8', 0, length);
}
