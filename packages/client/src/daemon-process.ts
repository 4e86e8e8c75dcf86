import type { DaemonRecord } from '@cn/protocol';
import { daemonEntry, isDaemonCommand } from './daemon-entry.js';

/** What has become of the process a daemon record names. */
export type RecordedProcess = 'running' | 'stopped' | 'gone';

/**
 * Whether the record's pid is still the daemon that wrote the record: started when the record says (a pid
 * reused by another process started later) and running this root's daemon command line; then whether a
 * signal has stopped it (SIGSTOP: it answers nothing until SIGCONT). Anything else (ended, another process,
 * a start time not recorded or not readable) is `gone`: nothing cn may signal or wait for. Never a pid the
 * project's port file names: a repository can commit any pid it likes.
 */
export async function recordedProcess(record: DaemonRecord, root: string): Promise<RecordedProcess> {
  // Loaded here, not at the top: child_process (ps, where there is no /proc) only on this path.
  const [{ commandOf, processStartTime, stoppedAmong }, entry] = await Promise.all([
    import('@cn/local-files/process-tree'),
    daemonEntry(),
  ]);
  if (record.processStart === undefined || processStartTime(record.pid) !== record.processStart) return 'gone';
  const command = commandOf(record.pid);
  if (command === undefined || !isDaemonCommand(command, entry, root)) return 'gone';
  return stoppedAmong([record.pid]).length > 0 ? 'stopped' : 'running';
}
