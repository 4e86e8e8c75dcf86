import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { DaemonRecord, PortFile } from '@cn/protocol';
import { daemonRecordPath, readDaemonRecord } from './daemon-record.js';
import { portFilePath, readPortFileState } from './port-file-reader.js';

/**
 * What a daemon leaves for its clients: the private record (the token, and what identifies this process)
 * in its state directory, then the port file at the root with the same facts but no secret. The record
 * comes first, so a client that sees the port file finds the record that vouches for it (docs/daemon.md).
 */
export async function writeDaemonFiles(root: string, stateDir: string, record: DaemonRecord): Promise<void> {
  const current = readPortFileState(root);
  if (current.kind === 'foreign') throw current.refusal;
  await writeAtomically(daemonRecordPath(stateDir), record);
  await writeAtomically(portFilePath(root), publicFacts(record));
}

/** The record less what must not leave the state directory (the token) or means nothing to others. */
function publicFacts(record: DaemonRecord): PortFile {
  const { pid, port, host, root, version, startedAt, logFile, engine } = record;
  return { pid, port, host, root, version, startedAt, logFile, ...(engine !== undefined ? { engine } : {}) };
}

/**
 * Written whole (temp file + rename) so a client never reads half a file, and 0600. The temp name is random
 * and created exclusively ('wx': O_CREAT|O_EXCL, which also refuses a symlink), so nobody can plant a link
 * there to catch the content or to make the file a symlink. Another user's port file is never replaced
 * (docs/daemon.md: one daemon per root, owned by whoever started it).
 */
async function writeAtomically(target: string, content: object): Promise<void> {
  const temporary = `${target}.${randomBytes(12).toString('hex')}.tmp`;
  const handle = await fs.open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(content, null, 2)}\n`);
  } finally {
    await handle.close();
  }
  await fs.rename(temporary, target).catch(async (error: unknown) => {
    await fs.rm(temporary, { force: true });
    throw error;
  });
}

/**
 * True while both files are ours and name this process: a daemon that either one no longer names can never
 * be reached again (a client replaced it, or the project or the state directory went away).
 */
export function daemonFilesName(root: string, stateDir: string, pid: number): boolean {
  const portFile = readPortFileState(root);
  return portFile.kind === 'ours' && portFile.portFile.pid === pid && readDaemonRecord(stateDir)?.pid === pid;
}

/** Removes the port file, then the record, each only if it still names this process (a newer daemon's stay). */
export async function removeOwnDaemonFiles(root: string, stateDir: string, pid: number): Promise<void> {
  const portFile = readPortFileState(root);
  if (portFile.kind === 'ours' && portFile.portFile.pid === pid) await fs.rm(portFilePath(root), { force: true });
  if (readDaemonRecord(stateDir)?.pid === pid) await fs.rm(daemonRecordPath(stateDir), { force: true });
}
