import { rmSync } from 'node:fs';
import * as path from 'node:path';
import { CnError } from '@cn/core';
import { PORT_FILE_NAME, type PortFile } from '@cn/protocol';
import { readOwnFile, type Refusal } from './own-file.js';
import { describeUser } from './user-name.js';

/** A port file is a few hundred bytes; anything much larger is not one. */
const MAX_PORT_FILE_BYTES = 64 * 1024;

/**
 * What is at `<root>/.ts-search-daemon.json`:
 * - absent, or unusable (ours but truncated, corrupt, unreadable, writable by others): no daemon;
 *   cn may replace it;
 * - ours: a regular file of this user with a port file's fields. It names a daemon only if the daemon's
 *   private record agrees (the client's known-daemon.ts): a repository may commit a file like this;
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

/** The one reader of the port file (client and daemon), with the checks of readOwnFile. */
export function readPortFileState(root: string): PortFileState {
  const file = portFilePath(root);
  const read = readOwnFile(file, MAX_PORT_FILE_BYTES);
  if (read.kind === 'refused') return { kind: 'foreign', refusal: refusal(read.refusal, root, file) };
  if (read.kind !== 'read') return read;
  try {
    const parsed = JSON.parse(read.text) as Partial<PortFile>;
    const valid = Number.isInteger(parsed.pid) && Number.isInteger(parsed.port) && typeof parsed.root === 'string';
    return valid ? { kind: 'ours', portFile: parsed as PortFile } : { kind: 'unusable' };
  } catch {
    return { kind: 'unusable' };
  }
}

/** Removes a port file cn may replace (absent, unusable or ours); refuses one that is not cn's to touch. */
export function removeReplaceablePortFile(root: string): void {
  const state = readPortFileState(root);
  if (state.kind === 'foreign') throw state.refusal;
  rmSync(portFilePath(root), { force: true });
}

function refusal(why: Refusal, root: string, file: string): CnError {
  if ('owner' in why) {
    return new CnError(
      'unavailable',
      `the daemon for ${root} belongs to ${describeUser(why.owner)}: ${file} is theirs`,
      "cn neither uses nor replaces another user's port file; ask them to stop their daemon, or use --root on a copy of the project",
    );
  }
  return new CnError(
    'unavailable',
    `the port file ${file} ${why.problem}`,
    'cn cannot replace it safely; remove it and run cn again',
  );
}
