import * as path from 'node:path';
import type { DaemonRecord } from '@cn/protocol';
import { isPrivateDirectory } from './directory-check.js';
import { readOwnFile } from './own-file.js';

/** In the root's state directory, beside its log: never in the project. */
const DAEMON_RECORD_NAME = 'daemon.json';
const MAX_RECORD_BYTES = 64 * 1024;

export function daemonRecordPath(stateDir: string): string {
  return path.join(stateDir, DAEMON_RECORD_NAME);
}

/**
 * The daemon's private record in `stateDir` (the client's and the daemon's one reader of it): only from a
 * state directory that is private to this user at both levels (checked, not created), and only a regular file
 * of ours nobody else can write, never through a link (readOwnFile). Anything else, or no record, is undefined:
 * no daemon cn can trust.
 */
export function readDaemonRecord(stateDir: string): DaemonRecord | undefined {
  if (!isPrivateDirectory(path.dirname(stateDir)) || !isPrivateDirectory(stateDir)) return undefined;
  const read = readOwnFile(daemonRecordPath(stateDir), MAX_RECORD_BYTES);
  if (read.kind !== 'read') return undefined;
  try {
    const record = JSON.parse(read.text) as Partial<DaemonRecord>;
    const valid =
      Number.isInteger(record.pid) &&
      Number.isInteger(record.port) &&
      typeof record.root === 'string' &&
      typeof record.token === 'string' &&
      record.token.length > 0 &&
      typeof record.startedAt === 'string' &&
      (record.processStart === undefined || typeof record.processStart === 'string');
    return valid ? (record as DaemonRecord) : undefined;
  } catch {
    return undefined;
  }
}
