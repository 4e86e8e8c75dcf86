import type { DaemonRecord, PortFile } from '@cn/protocol';
import { isProcessAlive, readDaemonRecord, readPortFileState, stateDirectory } from '@cn/local-files';

/**
 * What the root's port file leads to:
 * - none: no port file;
 * - stale: a port file cn may replace that no daemon of ours vouches for: no private record in the root's
 *   state directory, or one that names another daemon. A port file committed to a repository is one: its
 *   pid, port and token command nothing (docs/security.md);
 * - recorded: the port file agrees with the daemon's private record, which holds the token and the
 *   daemon's process identity. Its answers must still prove the token (http-call.ts).
 * One that cn must not touch (another user's, a symlink, a FIFO, a directory) throws its refusal
 * (exit 3): cn will not start a second daemon over it.
 */
export type KnownDaemon = { state: 'none' } | { state: 'stale' } | { state: 'recorded'; record: DaemonRecord };

export function knownDaemon(root: string): KnownDaemon {
  const portFile = readPortFileState(root);
  if (portFile.kind === 'foreign') throw portFile.refusal;
  if (portFile.kind === 'absent') return { state: 'none' };
  if (portFile.kind === 'unusable') return { state: 'stale' };
  const record = readDaemonRecord(stateDirectory(root));
  return record !== undefined && agree(record, portFile.portFile, root)
    ? { state: 'recorded', record }
    : { state: 'stale' };
}

/** The recorded daemon while its pid lives: the one a client may send a question to. */
export function recordedDaemon(root: string): DaemonRecord | undefined {
  const known = knownDaemon(root);
  return known.state === 'recorded' && isProcessAlive(known.record.pid) ? known.record : undefined;
}

/** The same daemon, started for this root: the port file was written with this record, not beside another one. */
function agree(record: DaemonRecord, portFile: PortFile, root: string): boolean {
  return (
    record.root === root &&
    portFile.root === root &&
    portFile.pid === record.pid &&
    portFile.port === record.port &&
    portFile.startedAt === record.startedAt
  );
}
