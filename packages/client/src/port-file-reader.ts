import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { PORT_FILE_NAME, type PortFile } from '@cn/core';

/** Reads the port file; a missing, truncated or corrupt file reads as "no daemon". */
export function readPortFile(root: string): PortFile | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path.join(root, PORT_FILE_NAME), 'utf8')) as Partial<PortFile>;
    const valid = Number.isInteger(parsed.pid) && Number.isInteger(parsed.port) && typeof parsed.token === 'string' && typeof parsed.root === 'string';
    return valid ? (parsed as PortFile) : undefined;
  } catch {
    return undefined;
  }
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive but someone else's; it cannot be our daemon either way, but it is not dead.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
