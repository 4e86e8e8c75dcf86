import { readdirSync, readFileSync } from 'node:fs';

/** Parent pid of every process, read from /proc (Linux, where CI runs). */
function parentMap(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may contain spaces and parentheses; fields resume after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // The process exited while we looked.
    }
  }
  return parents;
}

export function descendants(pid: number): number[] {
  const parents = parentMap();
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const [child, parent] of parents) {
      if (parent === current) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/** Daemon processes serving this root (to prove there is exactly one). */
export function daemonsFor(root: string): number[] {
  return [...parentMap().keys()].filter((pid) => {
    const command = commandLine(pid);
    return command.includes('daemon/dist/main.js') && command.includes(`--root ${root} `);
  });
}

export function tsserverOf(daemonPid: number): number | undefined {
  return descendants(daemonPid).find((pid) => commandLine(pid).includes('tsserver.js'));
}

export function languageServerOf(daemonPid: number): number | undefined {
  return descendants(daemonPid).find((pid) => commandLine(pid).includes('typescript-language-server'));
}
