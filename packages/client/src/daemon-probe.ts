import type { DaemonRecord, StatusResponse } from '@cn/protocol';
import { isProcessAlive, removeReplaceablePortFile } from '@cn/local-files';
import { HEALTH_TIMEOUT_MS, statusOf } from './daemon-connection.js';
import { recordedProcess } from './daemon-process.js';
import { knownDaemon } from './known-daemon.js';

/**
 * What the port file leads to: a daemon that answers; the root's daemon process alive but silent
 * (stopped with SIGSTOP, or hung); a stale port file (no daemon of ours vouches for it, or its daemon
 * is gone); or no port file at all.
 */
export type DaemonProbe =
  | { state: 'running'; record: DaemonRecord; status: StatusResponse }
  | { state: 'not-responding'; record: DaemonRecord }
  | { state: 'stale' }
  | { state: 'none' };

export async function probeDaemon(root: string, timeoutMs = HEALTH_TIMEOUT_MS): Promise<DaemonProbe> {
  const known = knownDaemon(root);
  if (known.state !== 'recorded') return known;
  const { record } = known;
  const status = isProcessAlive(record.pid) ? await statusOf(record, timeoutMs) : undefined;
  if (status) return { state: 'running', record, status };
  return (await recordedProcess(record, root)) === 'gone' ? { state: 'stale' } : { state: 'not-responding', record };
}

/**
 * Removes the root's port file if no daemon of ours stands behind it (cn stop on a stale one): a daemon that
 * started meanwhile keeps its own. True when it was removed.
 */
export async function removeStalePortFile(root: string): Promise<boolean> {
  const known = knownDaemon(root);
  if (known.state === 'none') return false;
  if (known.state === 'recorded' && (await recordedProcess(known.record, root)) !== 'gone') return false;
  removeReplaceablePortFile(root);
  return true;
}
