import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import type { LaunchCommand } from './engine-adapter.js';
import {
  commandOf,
  killQuietly,
  stoppedAmong,
  tryListDescendants,
  type ProcessEntry,
} from '@cn/local-files/process-tree';

/** The `version` of a package.json, or 'unknown'. */
export function readVersion(packageJsonPath: string): string {
  try {
    const manifest = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** A line of the server's stderr longer than this is taken in pieces of it. */
const MAX_PARTIAL_LINE = 64 * 1024;
/** How long a dead server's stderr may stay open (a descendant holding it) before its death is settled without it. */
const STDERR_AFTER_EXIT_MS = 1000;

export type ServerChild = ChildProcessByStdio<Writable, Readable, Readable>;

/** How the engine names a process of its tree, and whether the session cannot live without it. */
export type DescribeProcess = (command: string, isServer: boolean) => { name: string; essential: boolean };

/** The language server process and the processes it starts (tsserver, for typescript-language-server). */
export class LanguageServerProcess {
  readonly child: ServerChild;
  /** Every descendant seen so far, so they can be killed even after the language server itself is gone. */
  private readonly knownDescendants = new Map<number, string>();
  private exited = false;
  readonly exitedPromise: Promise<void>;
  /** Resolves once nothing more can come on the server's stderr (the pipe closed). */
  private readonly stderrEnded: Promise<void>;

  constructor(
    launch: LaunchCommand,
    cwd: string,
    private readonly describe: DescribeProcess,
    onStderr: (text: string) => void,
    /** The tree's own temp dir (its TMPDIR), removed with it: see LanguageServerSession. */
    private readonly tempDirectory?: string,
  ) {
    this.child = spawn(launch.command, launch.args, { cwd, stdio: ['pipe', 'pipe', 'pipe'], env: launch.env });
    this.child.stderr.setEncoding('utf8');
    // Whole lines only: Go writes a panic a few bytes at a time ("panic: ", then the error), and a line is what the
    // adapter reads a death from (deathIn).
    let partial = '';
    this.child.stderr.on('data', (text: string) => {
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      if (partial.length > MAX_PARTIAL_LINE) {
        lines.push(partial);
        partial = '';
      }
      if (lines.length > 0) onStderr(lines.join('\n'));
    });
    this.stderrEnded = new Promise((resolve) =>
      this.child.stderr.once('close', () => {
        if (partial !== '') onStderr(partial);
        resolve();
      }),
    );
    this.exitedPromise = new Promise((resolve) => {
      this.child.once('exit', () => {
        this.exited = true;
        resolve();
      });
      this.child.once('error', () => {
        this.exited = true;
        resolve();
      });
    });
  }

  /** Once the server exited: its stderr read to the end, or a second later (a descendant may hold it open). */
  stderrRead(): Promise<void> {
    const later = new Promise<void>((resolve) => setTimeout(resolve, STDERR_AFTER_EXIT_MS).unref());
    return Promise.race([this.stderrEnded, later]);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get hasExited(): boolean {
    return this.exited;
  }

  /**
   * Refreshes the known descendants and reports an essential helper (tsserver) that was running and has
   * disappeared while the language server itself lives on (it then keeps answering, but with nothing behind
   * it), and which of the language server and its descendants are stopped by a signal (they answer nothing).
   */
  checkTree(): { lostHelper: string | undefined; stopped: { pid: number; name: string }[] } {
    if (this.exited || this.child.pid === undefined) return { lostHelper: undefined, stopped: [] };
    const current = this.recordDescendants();
    // The process table could not be read: ask again on the next tick.
    if (!current) return { lostHelper: undefined, stopped: [] };
    const lost = [...this.knownDescendants].find(
      ([pid, command]) => this.describe(command, false).essential && !current.some((entry) => entry.pid === pid),
    );
    const members = [{ pid: this.child.pid, command: '' }, ...current];
    const stoppedPids = stoppedAmong(members.map((member) => member.pid));
    const stopped = members
      .filter((member) => stoppedPids.includes(member.pid))
      .map((member) => ({ pid: member.pid, name: this.describe(member.command, member.pid === this.child.pid).name }));
    return { lostHelper: lost && this.describe(lost[1], false).name, stopped };
  }

  /**
   * Remembers the current descendants, so they can be killed even if the language server dies first;
   * undefined if unreadable.
   */
  recordDescendants(): ProcessEntry[] | undefined {
    if (this.exited || this.child.pid === undefined) return [];
    const current = tryListDescendants(this.child.pid);
    if (!current) return undefined;
    for (const entry of current) this.knownDescendants.set(entry.pid, entry.command);
    return current;
  }

  /**
   * Kills the language server and every process it started, waits until the language server has exited, and
   * removes the tree's temp dir with whatever it left there (TLS's per-tsserver cancellation directories): all of
   * them, whether or not the tree watch ever saw the process that made them.
   */
  async kill(): Promise<void> {
    this.recordDescendants();
    // Only pids still running the same command: a remembered pid may have been reused since.
    for (const [pid, command] of this.knownDescendants) if (commandOf(pid) === command) killQuietly(pid);
    if (!this.exited) this.child.kill('SIGKILL');
    await this.exitedPromise;
    if (this.tempDirectory) rmSync(this.tempDirectory, { recursive: true, force: true });
  }

  /** Gives the language server `graceMs` to exit by itself (after LSP exit), then kills the tree. */
  async stop(graceMs: number): Promise<void> {
    this.recordDescendants();
    const timer = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([this.exitedPromise, timer]);
    await this.kill();
  }
}
