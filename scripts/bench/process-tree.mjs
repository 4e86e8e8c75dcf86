// Memory of a process and of everything it started, from /proc (Linux only, like the figures quoted).
import { readFileSync } from 'node:fs';
import { listDescendants } from '../../packages/lsp/dist/process-tree.js';

/** Every descendant pid, from the daemon's own process-table reader (built packages/lsp). */
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
