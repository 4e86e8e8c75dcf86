import { isProcessAlive } from '@cn/local-files';
import type { DaemonRecord } from '@cn/protocol';
import { sleep } from './daemon-connection.js';
import { recordedProcess } from './daemon-process.js';

/** A stopped daemon gets this long to run its own orderly shutdown after SIGTERM (+ SIGCONT). */
const TERM_GRACE_MS = 5_000;
const KILL_WAIT_MS = 2_000;
const POLL_MS = 50;

/**
 * Whether the process ended within `ms`. Ended means gone from the process table, so whoever checks
 * the pid next sees it gone; a zombie still there at the deadline counts as ended too (it runs
 * nothing, and an init that never reaps would otherwise keep it forever).
 */
export async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const { isAlive } = await import('@cn/local-files/process-tree');
  const deadline = Date.now() + ms;
  while (isProcessAlive(pid) && Date.now() < deadline) await sleep(POLL_MS);
  return !isAlive(pid);
}

/**
 * Ends a daemon that does not answer. SIGTERM first, with SIGCONT so a stopped one can run its
 * orderly shutdown (port file, language server); if it is still there, SIGKILL for it and every
 * process it started, listed before it dies (after, they belong to init). Each signal goes only to the
 * process the private record names, and only while it is still that daemon (recordedProcess): never
 * to a pid the project's port file names, nor to a pid reused since. True when no such daemon is left.
 */
export async function forceStop(record: DaemonRecord, root: string): Promise<boolean> {
  const { killQuietly, listDescendants, tryListProcesses } = await import('@cn/local-files/process-tree');
  const { pid } = record;
  if ((await recordedProcess(record, root)) === 'gone') return true;
  killQuietly(pid, 'SIGTERM');
  killQuietly(pid, 'SIGCONT');
  if (await waitForExit(pid, TERM_GRACE_MS)) return true;
  if ((await recordedProcess(record, root)) === 'gone') return true;
  const children = listDescendants(pid, tryListProcesses() ?? []);
  killQuietly(pid, 'SIGKILL');
  for (const child of children) killQuietly(child.pid, 'SIGKILL');
  return waitForExit(pid, KILL_WAIT_MS);
}
