import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export interface ProcessEntry {
  pid: number;
  ppid: number;
  command: string;
}

/** Every process on the machine with its parent; /proc on Linux, `ps` elsewhere. */
export function listProcesses(): ProcessEntry[] {
  return process.platform === 'linux' ? listFromProc() : listFromPs();
}

/**
 * The process table, or undefined when it cannot be read right now: listing /proc needs a file
 * descriptor, and a daemon flooded with connections may have none left (EMFILE). Callers in timers
 * use this one, so a failed scan is "no verdict this time", never an exception that ends the process.
 */
export function tryListProcesses(): ProcessEntry[] | undefined {
  try {
    return listProcesses();
  } catch {
    return undefined;
  }
}

function listFromProc(): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name in parentheses may itself contain spaces and parentheses.
      const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      entries.push({ pid: Number(name), ppid: Number(afterName[1]), command });
    } catch {
      // The process ended while we were reading it.
    }
  }
  return entries;
}

function listFromPs(): ProcessEntry[] {
  const output = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,command='], { encoding: 'utf8' });
  return output
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ pid: Number(match[1]), ppid: Number(match[2]), command: match[3] }));
}

/**
 * All descendants of `rootPid` (children, grandchildren …), not including the root. Without a process table, on
 * Linux, only the tree itself is read (`/proc/<pid>/task/<tid>/children`): a few dozen small files instead of two
 * per process on the machine — the daemon asks every second, and a shared machine runs hundreds of processes.
 */
export function listDescendants(rootPid: number, processes?: ProcessEntry[]): ProcessEntry[] {
  if (processes === undefined) {
    const walked = walkChildren(rootPid);
    if (walked) return walked;
  }
  const byParent = new Map<number, ProcessEntry[]>();
  for (const entry of processes ?? listProcesses()) {
    const siblings = byParent.get(entry.ppid) ?? [];
    siblings.push(entry);
    byParent.set(entry.ppid, siblings);
  }
  const result: ProcessEntry[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const children = byParent.get(queue.shift()!) ?? [];
    result.push(...children);
    queue.push(...children.map((child) => child.pid));
  }
  return result;
}

/**
 * `listDescendants`, or undefined when the process table cannot be read right now (no free file descriptor, see
 * tryListProcesses): for callers in timers.
 */
export function tryListDescendants(rootPid: number): ProcessEntry[] | undefined {
  try {
    return listDescendants(rootPid);
  } catch {
    return undefined;
  }
}

/** The command line of a running process, undefined when it is gone or cannot be read. */
export function commandOf(pid: number): string | undefined {
  try {
    if (process.platform !== 'linux') return listFromPs().find((entry) => entry.pid === pid)?.command;
    return readCommand(pid);
  } catch {
    return undefined;
  }
}

/**
 * When the process started, as the system records it: Linux's /proc/<pid>/stat field 22 (clock ticks since
 * boot), `ps -o lstart` elsewhere. A pid taken over by another process has another start time, so a pid and
 * its start time name one process for good. Undefined when it is gone or cannot be read.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    if (process.platform === 'linux') {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Counted from the state (field 3), after the command name in parentheses, which may hold spaces.
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] || undefined;
    }
    const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C' },
    });
    return started.trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Undefined when the process is gone; any other failure (no free descriptor) is thrown, not taken for "gone". */
function readCommand(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch (error) {
    if (isGone(error)) return undefined;
    throw error;
  }
}

const isGone = (error: unknown) => ['ENOENT', 'ESRCH'].includes((error as NodeJS.ErrnoException).code ?? '');

/** Undefined where the kernel does not list children (not Linux, or built without CONFIG_PROC_CHILDREN). */
function walkChildren(rootPid: number): ProcessEntry[] | undefined {
  if (!childrenFilesExist()) return undefined;
  const result: ProcessEntry[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const pid of childrenOf(parent)) {
      const command = readCommand(pid);
      // It ended between the two reads.
      if (command === undefined) continue;
      result.push({ pid, ppid: parent, command });
      queue.push(pid);
    }
  }
  return result;
}

let childrenFiles: boolean | undefined;

function childrenFilesExist(): boolean {
  childrenFiles ??= process.platform === 'linux' && existsSync(`/proc/self/task/${process.pid}/children`);
  return childrenFiles;
}

/** A process's children, from each of its threads' lists (a child belongs to the thread that forked it). */
function childrenOf(pid: number): number[] {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch (error) {
    // Gone: no children. Out of descriptors: the caller's try decides.
    if (isGone(error)) return [];
    throw error;
  }
  const children: number[] = [];
  for (const thread of threads) {
    let text: string;
    try {
      text = readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8');
    } catch (error) {
      if (isGone(error)) continue;
      throw error;
    }
    for (const child of text.split(' ')) if (child.trim() !== '') children.push(Number(child));
  }
  return children;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/**
 * The pids among these that a signal has stopped (SIGSTOP, SIGTSTP): alive, holding their memory,
 * answering nothing until someone sends SIGCONT. A busy process is running, never stopped.
 */
export function stoppedAmong(pids: number[]): number[] {
  if (pids.length === 0) return [];
  if (process.platform !== 'linux') {
    try {
      const output = execFileSync('ps', ['-o', 'pid=,stat=', '-p', pids.join(',')], { encoding: 'utf8' });
      return [...output.matchAll(/^\s*(\d+)\s+T/gm)].map((match) => Number(match[1]));
    } catch {
      return [];
    }
  }
  return pids.filter((pid) => processState(pid) === 'T');
}

function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2);
  } catch {
    return undefined;
  }
}

// A killed process whose parent is gone may linger as a zombie when nothing reaps it (PID 1 in
// many containers); it holds no memory and runs nothing, so it does not count as alive.
function isZombie(pid: number): boolean {
  return process.platform === 'linux' && processState(pid) === 'Z';
}

export function killQuietly(pid: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}
