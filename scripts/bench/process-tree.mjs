// Memory of a process and of everything it started, from /proc (Linux only, like the figures quoted).
import { readdirSync, readFileSync } from 'node:fs';

/** Every descendant pid, through /proc/<pid>/task/<tid>/children (Linux). */
export function descendantsOf(pid) {
  const result = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift();
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${current}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      let children = '';
      try {
        children = readFileSync(`/proc/${current}/task/${task}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const child of children.trim().split(/\s+/).filter(Boolean).map(Number)) {
        result.push(child);
        queue.push(child);
      }
    }
  }
  return result;
}

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
