import type { PortFile, StatusResponse } from '@cn/protocol';
import { daemonEntry, isDaemonCommand } from './daemon-entry.js';
import { HEALTH_TIMEOUT_MS, runningDaemonStatus } from './daemon-connection.js';
import { readPortFile } from './port-file-reader.js';

/**
 * What the port file leads to: a daemon that answers; the root's daemon process alive but silent
 * (stopped with SIGSTOP, or hung); or nothing of ours (no file, a dead pid, a foreign server).
 */
export type DaemonProbe =
  | { state: 'running'; portFile: PortFile; status: StatusResponse }
  | { state: 'not-responding'; portFile: PortFile }
  | { state: 'none' };

export async function probeDaemon(root: string, timeoutMs = HEALTH_TIMEOUT_MS): Promise<DaemonProbe> {
  const running = await runningDaemonStatus(root, timeoutMs);
  if (running) return { state: 'running', ...running };
  const portFile = readPortFile(root);
  if (portFile && portFile.root === root && (await isDaemonProcess(portFile.pid, root)))
    return { state: 'not-responding', portFile };
  return { state: 'none' };
}

/** The pid runs this root's daemon (its command line, not just any process that reuses the pid). */
async function isDaemonProcess(pid: number, root: string): Promise<boolean> {
  const [{ tryListProcesses }, entry] = await Promise.all([import('@cn/lsp/process-tree'), daemonEntry()]);
  const command = tryListProcesses()?.find((process) => process.pid === pid)?.command;
  return command !== undefined && isDaemonCommand(command, entry, root);
}
