import { statSync } from 'node:fs';
import path from 'node:path';
import { fsPath, listDirectory } from './byte-paths.js';
import { currentLedger } from './file-event-ledger.js';
import { stampOf, type FileStamp } from './file-stamp.js';
import {
  isProjectConfig,
  isSourceFileName,
  isWalkedDirectory,
  walkSourceTree,
  type SourceTree,
} from './source-tree.js';

export interface FileSetChange {
  addedSources: string[];
  removedSources: string[];
  /** A tsconfig.json/jsconfig.json appeared or disappeared: the set of projects changed. */
  configsChanged: boolean;
}

/**
 * Notices files created, deleted or renamed under the root before the next answer. tsserver's own
 * directory watchers catch up only after a delay (a new file is missing from `find` for about a
 * second), so every request first compares directory stamps and re-reads only the directories that changed.
 * A directory's mtime changes when an entry is added, removed or renamed, but anyone can set it back (`touch -r`,
 * `utimes`, an archive extracted with its times): the stamp also holds the ctime, which moves with every entry
 * change and with that very setting back, and cannot be set from user space (file-stamp.ts).
 * Edits to existing files do not touch directories; tsserver's file watchers and the
 * document sync handle those.
 */
export class FileSetMonitor {
  private readonly directoryStamps = new Map<string, FileStamp>();
  private readonly entries = new Map<string, Set<string>>();
  private checking: Promise<FileSetChange> | undefined;

  private constructor(private readonly ignored: (file: string) => boolean) {}

  /**
   * `ignored`: files the tree leaves out on purpose (a config kept from the engine, and the sources it would own),
   * which a rescan of their directory must not take for new ones.
   */
  static async watch(tree: SourceTree, ignored: (file: string) => boolean = () => false): Promise<FileSetMonitor> {
    const monitor = new FileSetMonitor(ignored);
    const byDirectory = new Map<string, Set<string>>();
    for (const file of [...tree.sources, ...tree.configs]) {
      const directory = path.dirname(file);
      if (!byDirectory.has(directory)) byDirectory.set(directory, new Set());
      byDirectory.get(directory)!.add(file);
    }
    for (const directory of tree.directories) {
      // A stamp taken after the listing would take an entry created in between for one the monitor has seen.
      const stamp = tree.stamps?.has(directory) ? tree.stamps.get(directory) : directoryStamp(directory);
      if (stamp !== undefined) monitor.directoryStamps.set(directory, stamp);
      monitor.entries.set(directory, byDirectory.get(directory) ?? new Set());
    }
    return monitor;
  }

  get directoryCount(): number {
    return this.directoryStamps.size;
  }

  /** Whether the file is a source or config its directory held as a regular file at the last look. */
  lists(file: string, directory = path.dirname(file)): boolean {
    return this.entries.get(directory)?.has(file) ?? false;
  }

  /** The directories followed now (new ones included, vanished ones gone). */
  directories(): string[] {
    return [...this.directoryStamps.keys()];
  }

  /**
   * Whether every followed directory still has the stamp last seen: a look that records nothing, so the next
   * `check` still sees (and reports) any change.
   */
  async unchanged(since?: number): Promise<boolean> {
    await currentLedger()?.settle(since);
    for (const [directory, known] of this.directoryStamps) if (directoryStamp(directory, since) !== known) return false;
    return true;
  }

  /**
   * Concurrent callers share one check, so fifty simultaneous requests cost one scan. `since`: the moment the
   * questions being answered need the directories as of; a stamp another monitor took since then is used (see
   * directoryStamp).
   */
  check(since?: number): Promise<FileSetChange> {
    this.checking ??= this.scan(since).finally(() => (this.checking = undefined));
    return this.checking;
  }

  private async scan(since: number | undefined): Promise<FileSetChange> {
    const change: FileSetChange = { addedSources: [], removedSources: [], configsChanged: false };
    const changed: string[] = [];
    await currentLedger()?.settle(since);
    for (const [directory, known] of this.directoryStamps)
      if (directoryStamp(directory, since) !== known) changed.push(directory);
    for (const directory of changed) await this.rescan(directory, change);
    return change;
  }

  /** Re-reads one directory; new subdirectories are walked whole, vanished ones forgotten whole. */
  private async rescan(directory: string, change: FileSetChange): Promise<void> {
    const stamp = directoryStamp(directory);
    const before = this.entries.get(directory) ?? new Set<string>();
    if (stamp === undefined) {
      this.forget(directory, change);
      return;
    }
    this.directoryStamps.set(directory, stamp);
    const now = new Set<string>();
    const listing = await listDirectory(directory);
    for (const entry of listing) {
      const full = entry.path;
      if (entry.isDirectory && isWalkedDirectory(entry.name) && !this.directoryStamps.has(full))
        await this.rescan(full, change);
      else if (entry.isFile && (isSourceFileName(entry.name) || isProjectConfig(entry.name)) && !this.ignored(full))
        now.add(full);
    }
    for (const file of now) if (!before.has(file)) record(change, file, 'added');
    for (const file of before) if (!now.has(file)) record(change, file, 'removed');
    this.entries.set(directory, now);
    for (const known of [...this.directoryStamps.keys()]) {
      if (path.dirname(known) === directory && !listing.some((entry) => entry.isDirectory && entry.path === known)) {
        this.forget(known, change);
      }
    }
  }

  private forget(directory: string, change: FileSetChange): void {
    for (const known of [...this.directoryStamps.keys()]) {
      if (known !== directory && !known.startsWith(`${directory}${path.sep}`)) continue;
      for (const file of this.entries.get(known) ?? []) record(change, file, 'removed');
      this.directoryStamps.delete(known);
      this.entries.delete(known);
    }
  }
}

/**
 * The tree, each directory stamped just before it is listed: a FileSetMonitor watching it sees every entry created or
 * removed after the listing, however long after the walk it starts (the daemon walks once, before it spawns its engine,
 * and watches once the engine is initialized).
 */
export function stampedWalk(root: string): SourceTree {
  return walkSourceTree(root, (directory) => directoryStamp(directory));
}

function record(change: FileSetChange, file: string, how: 'added' | 'removed'): void {
  if (isProjectConfig(path.basename(file))) change.configsChanged = true;
  else (how === 'added' ? change.addedSources : change.removedSources).push(file);
}

/**
 * Each directory's stamp as last taken, and when the stat began (performance.now()): the daemon follows the same
 * directories with two monitors (the engine's and the project list's), and the stamps taken when a question's
 * connection arrived serve both for that question, instead of a scan each (2,011 directories on typeorm).
 */
const lastStamps = new Map<string, { stamp: FileStamp | undefined; takenAt: number }>();

/**
 * The directory's stamp: one taken at or after `since` if there is one, or one the file events vouch for
 * (file-event-ledger.ts), else a stat now. Synchronous: a scan stats every directory, and through fs/promises that
 * cost ~35 ms of CPU against ~8 ms on typeorm.
 */
function directoryStamp(directory: string, since?: number): FileStamp | undefined {
  const last = lastStamps.get(directory);
  if (since !== undefined && last !== undefined) {
    if (last.takenAt >= since) return last.stamp;
    const device = last.stamp?.slice(last.stamp.lastIndexOf(':') + 1);
    if (currentLedger()?.directoryUnchanged(directory, device, last.takenAt, since)) return last.stamp;
  }
  const takenAt = performance.now();
  let stamp: FileStamp | undefined;
  try {
    const stats = statSync(fsPath(directory), { bigint: true, throwIfNoEntry: false });
    stamp = stats && stampOf(stats);
  } catch {
    stamp = undefined;
  }
  if (stamp === undefined) lastStamps.delete(directory);
  else lastStamps.set(directory, { stamp, takenAt });
  return stamp;
}
