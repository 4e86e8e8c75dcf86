import type { PortFile } from '@cn/protocol';
import { readPortFileState } from '@cn/daemon/local-files';

/**
 * The port file's daemon, if the file is ours and valid; a missing, truncated or corrupt file reads
 * as "no daemon". One that cn must not touch (another user's, a symlink, a FIFO, a directory)
 * throws its refusal (exit 3): cn will not start a second daemon over it.
 */
export function readPortFile(root: string): PortFile | undefined {
  const state = readPortFileState(root);
  if (state.kind === 'foreign') throw state.refusal;
  return state.kind === 'ours' ? state.portFile : undefined;
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
