import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { listDescendants, tryListProcesses, type ProcessEntry } from '@cn/local-files/process-tree';

/** One process of the daemon's tree and the memory it holds (resident set). */
export interface ProcessMemory {
  pid: number;
  /** daemon, typescript-language-server, tsserver, project discovery, … */
  name: string;
  rssBytes: number;
}

/**
 * The resident memory of `rootPid` and every process under it: the daemon's own RSS is a fraction of
 * what a project costs (196 MB while its tsserver held 1.6 GB). A process that ends while it is read
 * is left out; undefined when the process table cannot be read (then only the root is known).
 */
export function treeMemory(rootPid: number, rootName: string): ProcessMemory[] | undefined {
  const processes = tryListProcesses();
  if (!processes) return undefined;
  const members = [{ pid: rootPid, ppid: 0, command: '' }, ...listDescendants(rootPid, processes)];
  const resident = residentBytes(members.map((member) => member.pid));
  return members.flatMap((member) => {
    const rssBytes = resident.get(member.pid);
    if (rssBytes === undefined) return [];
    return [{ pid: member.pid, name: member.pid === rootPid ? rootName : processName(member), rssBytes }];
  });
}

/** What a process of the engine's tree is, from its command line. */
export function processName({ command }: Pick<ProcessEntry, 'command'>): string {
  // tsserver first: its path may pass through the language server's directory.
  // It may run twice: a semantic server and, with useSyntaxServer, a syntax-only one.
  if (/tsserver\.js/.test(command))
    return /--serverMode\s+(partialSemantic|syntactic)/.test(command) ? 'tsserver (syntax)' : 'tsserver';
  if (/typingsInstaller\.js/.test(command)) return 'typings installer';
  // The native engine: TypeScript 7's own language server, one process with nothing behind it.
  if (/\btsc(?:\.exe)?\s+--lsp\b/.test(command)) return 'native TypeScript server';
  if (command.includes('typescript-language-server')) return 'typescript-language-server';
  if (/discovery-worker\.c?js/.test(command)) return 'project discovery';
  const program = command.split(' ').find((part, index) => index > 0 && !part.startsWith('-')) ?? command;
  return program.split(/[\\/]/).pop() || 'process';
}

/** RSS per pid: /proc/<pid>/status on Linux, one `ps` elsewhere. */
function residentBytes(pids: number[]): Map<number, number> {
  const sizes = new Map<number, number>();
  if (process.platform === 'linux') {
    for (const pid of pids) {
      try {
        const kilobytes = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
        // A zombie has no VmRSS line: it holds nothing.
        if (kilobytes !== undefined) sizes.set(pid, Number(kilobytes) * 1024);
      } catch {
        // Ended while we looked.
      }
    }
    return sizes;
  }
  try {
    const output = execFileSync('ps', ['-o', 'pid=,rss=', '-p', pids.join(',')], { encoding: 'utf8' });
    for (const [, pid, kilobytes] of output.matchAll(/^\s*(\d+)\s+(\d+)\s*$/gm))
      sizes.set(Number(pid), Number(kilobytes) * 1024);
  } catch {
    // ps exits 1 when none of the pids is left.
  }
  return sizes;
}
