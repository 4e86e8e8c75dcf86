// Memory of a process and of everything it started, from /proc (Linux only, like the figures quoted).
import { readFileSync } from 'node:fs';
import { listDescendants } from '../../packages/local-files/dist/process-tree.js';

/** Every descendant pid, from the daemon's own process-table reader (built packages/local-files). */
export const descendantsOf = (pid) => listDescendants(pid).map((entry) => entry.pid);

/** VmRSS in bytes, 0 when the process is gone. */
export function rssOf(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export function treeRss(pid) {
  return [pid, ...descendantsOf(pid)].reduce((sum, each) => sum + rssOf(each), 0);
}

/** CPU seconds (user + system) a process has used, 0 when it is gone (fields 14 and 15 of /proc/<pid>/stat). */
function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Waits until `pid` and everything it started use under `share` of one core over a second (a daemon done with its
 * background indexes), at most `maxMs`; answers the share last seen. "Warm" figures are taken from an idle daemon,
 * not one still building an index in the background on the same two cores.
 */
export async function waitUntilIdle(pid, { share = 0.05, maxMs = 120_000 } = {}) {
  const deadline = Date.now() + maxMs;
  const treeCpu = () => [pid, ...descendantsOf(pid)].reduce((sum, each) => sum + cpuSecondsOf(each), 0);
  let seen = 1;
  while (Date.now() < deadline) {
    const before = treeCpu();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    seen = treeCpu() - before;
    if (seen < share) break;
  }
  return seen;
}
