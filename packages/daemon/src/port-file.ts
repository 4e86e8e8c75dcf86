import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { PORT_FILE_NAME, type PortFile } from '@cn/core';

export function portFilePath(root: string): string {
  return path.join(root, PORT_FILE_NAME);
}

/**
 * Written atomically (temp file + rename) so a client never reads half a file, and 0600 because it
 * holds the token that lets a process talk to the daemon.
 */
export async function writePortFile(root: string, content: PortFile): Promise<void> {
  const target = portFilePath(root);
  const temporary = `${target}.${process.pid}.tmp`;
  await fs.writeFile(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  await fs.rename(temporary, target);
}

/** True while the port file exists and names this process. */
export async function portFileNames(root: string, pid: number): Promise<boolean> {
  try {
    const current = JSON.parse(await fs.readFile(portFilePath(root), 'utf8')) as Partial<PortFile>;
    return current.pid === pid;
  } catch {
    return false;
  }
}

/** Removes the port file only if it still names this process (a newer daemon may have replaced it). */
export async function removeOwnPortFile(root: string, pid: number): Promise<void> {
  if (await portFileNames(root, pid)) await fs.rm(portFilePath(root), { force: true });
}
