import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { cancellationDirectoryOf, removeCancellationDirectory } from './cancellation-directory.js';
import { commandOf, killQuietly, stoppedAmong, tryListDescendants, type ProcessEntry } from './process-tree.js';

const require = createRequire(import.meta.url);

export interface ServerInstallation {
  cliPath: string;
  serverVersion: string;
  tsserverPath: string;
  typescriptVersion: string;
  typescriptSource: 'project' | 'bundled';
}

/** Prefers the project's own TypeScript so answers match its compiler; falls back to ours. */
export function locateInstallation(root: string): ServerInstallation {
  const serverPackage = require.resolve('typescript-language-server/package.json');
  const projectTsserver = path.join(root, 'node_modules', 'typescript', 'lib', 'tsserver.js');
  const useProject = existsSync(projectTsserver);
  const tsserverPath = useProject ? projectTsserver : require.resolve('typescript/lib/tsserver.js');
  return {
    cliPath: path.join(path.dirname(serverPackage), 'lib', 'cli.mjs'),
    serverVersion: readVersion(serverPackage),
    tsserverPath,
    typescriptVersion: readVersion(path.join(path.dirname(tsserverPath), '..', 'package.json')),
    typescriptSource: useProject ? 'project' : 'bundled',
  };
}

function readVersion(packageJsonPath: string): string {
  try {
    const manifest = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

export type ServerChild = ChildProcessByStdio<Writable, Readable, Readable>;

/** The typescript-language-server process and the tsserver processes it forks. */
export class LanguageServerProcess {
  readonly child: ServerChild;
  /** Every descendant seen so far, so they can be killed even after the language server itself is gone. */
  private readonly knownDescendants = new Map<number, string>();
  private exited = false;
  readonly exitedPromise: Promise<void>;

  constructor(installation: ServerInstallation, cwd: string, onStderr: (text: string) => void) {
    this.child = spawn(process.execPath, [installation.cliPath, '--stdio'], {
      cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      // The host's NODE_OPTIONS (test runners' loaders, --inspect …) must not reach the language server and
      // tsserver.
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', onStderr);
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

  get pid(): number | undefined {
    return this.child.pid;
  }

  get hasExited(): boolean {
    return this.exited;
  }

  /**
   * Refreshes the known descendants and reports whether a tsserver child that was running has disappeared
   * while the language server itself lives on (the language server then keeps answering, but with nothing
   * behind it), and which of the language server and its descendants are stopped by a signal (they answer
   * nothing).
   */
  checkTree(): { lostATsserver: boolean; stopped: { pid: number; name: string }[] } {
    if (this.exited || this.child.pid === undefined) return { lostATsserver: false, stopped: [] };
    const current = this.recordDescendants();
    // The process table could not be read: ask again on the next tick.
    if (!current) return { lostATsserver: false, stopped: [] };
    const lostATsserver = [...this.knownDescendants].some(
      ([pid, command]) => command.includes('tsserver') && !current.some((entry) => entry.pid === pid),
    );
    const members = [{ pid: this.child.pid, command: 'typescript-language-server' }, ...current];
    const stoppedPids = stoppedAmong(members.map((member) => member.pid));
    const stopped = members
      .filter((member) => stoppedPids.includes(member.pid))
      .map((member) => ({
        pid: member.pid,
        name:
          member.pid === this.child.pid
            ? 'typescript-language-server'
            : member.command.includes('tsserver')
              ? 'tsserver'
              : 'a helper of the language server',
      }));
    return { lostATsserver, stopped };
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
   * removes what the language server left in the temp dir.
   */
  async kill(): Promise<void> {
    this.recordDescendants();
    // Only pids still running the same command: a remembered pid may have been reused since.
    for (const [pid, command] of this.knownDescendants) if (commandOf(pid) === command) killQuietly(pid);
    if (!this.exited) this.child.kill('SIGKILL');
    await this.exitedPromise;
    for (const command of this.knownDescendants.values()) {
      const directory = cancellationDirectoryOf(command);
      if (directory) removeCancellationDirectory(directory);
    }
  }

  /** Gives the language server `graceMs` to exit by itself (after LSP exit), then kills the tree. */
  async stop(graceMs: number): Promise<void> {
    this.recordDescendants();
    const timer = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([this.exitedPromise, timer]);
    await this.kill();
  }
}
