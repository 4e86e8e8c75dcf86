import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { fileNameText } from '@cn/core';
import { fsPath, listDirectory } from './byte-paths.js';
import type { FileEventLedger } from './file-event-ledger.js';
import { statWithStamp, type FileStamp } from './file-stamp.js';
import { isProjectConfig, isSourceFileName } from './source-tree.js';

/** Files whose edits change answers: sources, tsconfig/jsconfig, and package.json (module resolution). */
function isWatchedName(name: string): boolean {
  return isSourceFileName(name) || isProjectConfig(name) || name === 'package.json';
}

/**
 * Files edited in place under the root, for an engine that does not watch files itself (the native
 * one reads a closed file from disk only when told it changed). One non-recursive fs.watch per source
 * directory (inotify on Linux: one descriptor for all of them), never node_modules or build output.
 * An edit made before a request is seen by it: the kernel queued the event before the request's bytes,
 * and `drain` lets the event loop deliver pending events first. A directory that cannot be watched
 * (the inotify limit) is polled instead: its files' stamps (file-stamp.ts: an edit that keeps the size and mtime
 * still moves the ctime) are compared on every drain. Every event, whatever it names, also goes to the ledger
 * (file-event-ledger.ts), which spares the questions the stats of what no event touched.
 */
export class FileChangeFeed {
  private readonly watchers = new Map<string, FSWatcher>();
  private readonly polled = new Map<string, Map<string, FileStamp>>();
  /** Directories whose watch was dropped because they were moved, deleted or replaced, until watched again. */
  private readonly replaced = new Set<string>();
  private changed = new Set<string>();
  private closed = false;

  constructor(
    private readonly onLog: (line: string) => void,
    private readonly ledger?: FileEventLedger,
  ) {}

  /** Watches exactly these directories (new ones added, vanished ones dropped). */
  async follow(directories: readonly string[]): Promise<void> {
    const wanted = new Set(directories);
    for (const directory of this.watchers.keys()) if (!wanted.has(directory)) this.unwatch(directory);
    for (const directory of this.polled.keys()) if (!wanted.has(directory)) this.polled.delete(directory);
    for (const directory of wanted)
      if (!this.watchers.has(directory) && !this.polled.has(directory)) await this.watchDirectory(directory);
  }

  private async watchDirectory(directory: string): Promise<void> {
    if (this.closed) return;
    try {
      // Names as bytes: one that is not UTF-8 is spelled as cn spells it (byte-paths.ts), not with U+FFFD.
      const watcher = watch(fsPath(directory), { persistent: false, encoding: 'buffer' }, (_event, bytes) => {
        const name = bytes === null ? undefined : fileNameText(bytes);
        this.ledger?.event(directory, name);
        if (name === undefined) return;
        const named = path.join(directory, name);
        if (isWatchedName(path.basename(name))) this.changed.add(named);
        // A watched directory moved, deleted or replaced: its watch (and its subdirectories') follows the old
        // inode, so they are watched anew on the next follow.
        if (this.watchers.has(named)) this.unwatchTree(named);
      });
      // A watched directory removed later reports an error; the file-set monitor reports its files.
      watcher.on('error', () => (this.watchers.get(directory) === watcher ? this.unwatch(directory) : watcher.close()));
      this.watchers.set(directory, watcher);
      this.ledger?.watching(directory);
      if (this.replaced.delete(directory)) await this.changedAll(directory);
    } catch (error) {
      if (this.polled.size === 0)
        this.onLog(`cn: cannot watch ${directory} (${(error as Error).message}): polling its files instead`);
      this.polled.set(directory, await this.stamps(directory, new Map()));
    }
  }

  private unwatch(directory: string): void {
    this.watchers.get(directory)?.close();
    this.watchers.delete(directory);
    this.ledger?.unwatched(directory);
  }

  private unwatchTree(directory: string): void {
    for (const watched of [...this.watchers.keys()])
      if (watched === directory || watched.startsWith(`${directory}${path.sep}`)) {
        this.unwatch(watched);
        this.replaced.add(watched);
      }
  }

  /** A directory watched anew after it was replaced: its files may have changed unseen in between. */
  private async changedAll(directory: string): Promise<void> {
    const entries = await listDirectory(directory).catch(() => []);
    for (const entry of entries) if (entry.isFile && isWatchedName(entry.name)) this.changed.add(entry.path);
  }

  /** Files edited (or replaced) since the last call. */
  async drain(): Promise<string[]> {
    // Events the kernel already queued are delivered before the check phase that resumes us.
    await new Promise((resolve) => setImmediate(resolve));
    for (const [directory, before] of this.polled) {
      const now = await this.stamps(directory, before);
      for (const [file, stamp] of now) if (before.get(file) !== stamp) this.changed.add(file);
      this.polled.set(directory, now);
    }
    const files = [...this.changed];
    this.changed = new Set();
    return files;
  }

  private async stamps(directory: string, previous: Map<string, FileStamp>): Promise<Map<string, FileStamp>> {
    const entries = await listDirectory(directory);
    const stamps = new Map<string, FileStamp>();
    for (const { path: file } of entries.filter((entry) => isWatchedName(entry.name))) {
      const stamp = (await statWithStamp(file))?.stamp;
      if (stamp !== undefined) stamps.set(file, stamp);
      else if (previous.has(file)) this.changed.add(file);
    }
    return stamps;
  }

  /**
   * Files reported edited and not yet drained, without waiting for more events: the engine has not been told of
   * them, so what it says of them now may be of their old text (the saved name index leaves them out).
   */
  undrained(): ReadonlySet<string> {
    return this.changed;
  }

  close(): void {
    this.closed = true;
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
    this.polled.clear();
    this.ledger?.close();
  }
}
