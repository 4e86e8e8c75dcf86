import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commandOf, listDescendants, listProcesses, processStartTime } from '../src/process-tree.js';

const started: number[] = [];

afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

/** A shell with two sleeping children: a tree of three below this process. */
function startTree(): number {
  const child = spawn('sh', ['-c', 'sleep 30 & sleep 30 & wait'], { detached: true, stdio: 'ignore' });
  started.push(child.pid!);
  return child.pid!;
}

describe('listDescendants', () => {
  it('reads the same tree from the children lists as from the whole process table', async () => {
    const shell = startTree();
    // A forked child shows the shell's command line until it has exec'd sleep: wait for both execs, or the two
    // reads below may see the tree on either side of one.
    await vi.waitFor(
      () => expect(listDescendants(shell).map((entry) => entry.command)).toEqual(['sleep 30', 'sleep 30']),
      { timeout: 10_000 },
    );
    const walked = listDescendants(process.pid);
    const fromTable = listDescendants(process.pid, listProcesses());
    const byPid = (entries: { pid: number }[]) => [...entries].sort((a, b) => a.pid - b.pid);
    const ours = (entries: { pid: number; ppid: number }[]) =>
      entries.filter((entry) => entry.pid === shell || entry.ppid === shell);
    expect(byPid(ours(walked))).toEqual(byPid(ours(fromTable)));
    expect(ours(walked).map((entry) => entry.command)).toEqual(
      expect.arrayContaining(['sh -c sleep 30 & sleep 30 & wait', 'sleep 30', 'sleep 30']),
    );
  });

  it('is empty for a process that has ended', () => {
    expect(listDescendants(2 ** 22 + 1)).toEqual([]);
  });
});

describe('commandOf', () => {
  it('names a running process by its command line, and none once it is gone', async () => {
    const shell = startTree();
    expect(commandOf(shell)).toBe('sh -c sleep 30 & sleep 30 & wait');
    process.kill(-shell, 'SIGKILL');
    await vi.waitFor(() => expect(commandOf(shell)).toBeUndefined(), { timeout: 10_000 });
  });
});

describe('processStartTime', () => {
  it('is the same for a process on every read, differs between processes, and is none once it is gone', async () => {
    const shell = startTree();
    const started = processStartTime(shell);
    expect(started).toMatch(/\S/);
    expect(processStartTime(shell)).toBe(started);
    expect(processStartTime(process.pid)).not.toBe(started);
    process.kill(-shell, 'SIGKILL');
    await vi.waitFor(() => expect(processStartTime(shell)).toBeUndefined(), { timeout: 10_000 });
  });
});
