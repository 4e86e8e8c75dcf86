import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { PortFile } from '@cn/protocol';
import { portFilePath, readPortFileState } from './local-files/index.js';

export { portFilePath };

/**
 * Written atomically (temp file + rename) so a client never reads half a file, and 0600 because it
 * holds the token that lets a process talk to the daemon. The temp name is random and created
 * exclusively ('wx': O_CREAT|O_EXCL, which also refuses a symlink), so nobody can plant a link
 * there to catch the token or to make the port file a symlink. Another user's port file is never
 * replaced (docs/daemon.md: one daemon per root, owned by whoever started it).
 */
export async function writePortFile(root: string, content: PortFile): Promise<void> {
  const current = readPortFileState(root);
  if (current.kind === 'foreign') throw current.refusal;
  const target = portFilePath(root);
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

/** True while the port file is ours and names this process. */
export async function portFileNames(root: string, pid: number): Promise<boolean> {
  const state = readPortFileState(root);
  return state.kind === 'ours' && state.portFile.pid === pid;
}

/** Removes the port file only if it still names this process (a newer daemon may have replaced it). */
export async function removeOwnPortFile(root: string, pid: number): Promise<void> {
  if (await portFileNames(root, pid)) await fs.rm(portFilePath(root), { force: true });
}
