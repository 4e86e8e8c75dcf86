import { readFileSync, statfsSync, statSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { fsPath } from './byte-paths.js';

/**
 * Filesystems whose every change on this machine reaches inotify (statfs f_type). Not network or FUSE filesystems
 * (NFS, 9p — WSL's /mnt/c —, virtiofs, SMB, sshfs): a change made from the other side sends no event there.
 */
const LOCAL_FILESYSTEMS: ReadonlySet<number> = new Set([
  0xef53, // ext2/3/4
  0x58465342, // xfs
  0x9123683e, // btrfs
  0x01021994, // tmpfs
  0x794c7630, // overlayfs
  0x2fc12fc1, // zfs
  0xf2f52010, // f2fs
]);

/** Paths with an event remembered before the ledger starts afresh (editors' temporary names add up over days). */
const MAX_REMEMBERED_EVENTS = 100_000;

export interface LedgerSettings {
  root: string;
  /** The clock of the stats' moments (performance.now in the daemon). */
  now: () => number;
  /** The root's device: a file on another (a mount under the root) is never vouched for. */
  rootDevice: bigint;
  /**
   * Whether the file is one its directory's listing holds as a regular file (a source or a config): a symlink's target
   * changes where no watch of ours sees it.
   */
  listed: (filePath: string, directory: string) => boolean;
  /** Whether the root's filesystem reports every change (LOCAL_FILESYSTEMS); when false nothing is vouched for. */
  eventsComplete: boolean;
  /**
   * Events read between two turns of the event loop from which on some may have been dropped: the kernel drops
   * events past max_queued_events unread, and libuv skips the overflow notice without a word.
   */
  overflowAt: number;
}

/**
 * What the file events say has not changed since a stat, so that a question need not stat it again: a warm
 * `cn find` on typeorm stat'ed its 3,583 files and 2,011 directories every time. FileChangeFeed watches every source
 * directory with inotify, and passes every event here, whatever its name.
 *
 * A stat taken at `t` still holds for a question when: its directory was watched before `t`; no event has named the
 * file, or any directory from it up to the root (one moved, deleted or replaced), since `t`; and the event loop has
 * turned since the question arrived. The kernel queues a change's event before the client that made or saw it
 * connects, and libuv reads every queued event in the poll phase that reads the connection; a check phase after the
 * question's moment is after that poll phase. Not vouched for, ever: a file with several hard links (an edit through
 * another name in another directory reaches no watch of ours), one on another device, anything on a filesystem whose
 * changes may come from elsewhere (LOCAL_FILESYSTEMS), and every stat taken before a batch of events large enough that
 * the kernel may have dropped some. Left: a hard link made after the stat and written through from outside the root,
 * and writes through a shared mmap (editors write neither way), send no event the watches see; such a file is seen
 * again once an event names it or its directory, or the daemon restarts.
 */
export class FileEventLedger {
  private readonly watchedSince = new Map<string, number>();
  /** Path → moment of the last event naming it (a file, or a directory created, moved, deleted or changed). */
  private readonly named = new Map<string, number>();
  /** Directory → moment of the last event inside it (its entries, so its own stamp, may have changed). */
  private readonly inside = new Map<string, number>();
  /** Stats taken before this are vouched for by nothing (an overflow, too many remembered events). */
  private trustedFrom: number;
  /** The moment of the last event of all: a stat taken after it needs no look at what the events named. */
  private latestEvent = -Infinity;
  private readonly rootDevice: string;
  private batch = 0;
  private checkPhaseAt = -Infinity;
  private checkPhaseAsked = false;
  private closed = false;

  constructor(private readonly settings: LedgerSettings) {
    this.trustedFrom = settings.now();
    this.rootDevice = String(settings.rootDevice);
  }

  /** The ledger for a root as this machine has it, or one that vouches for nothing (and says why). */
  static forRoot(
    root: string,
    listed: (filePath: string, directory: string) => boolean,
    now: () => number,
    onLog: (line: string) => void,
  ): FileEventLedger {
    let eventsComplete = false;
    let rootDevice = -1n;
    try {
      const type = Number(statfsSync(fsPath(root)).type);
      rootDevice = statSync(fsPath(root), { bigint: true }).dev;
      eventsComplete = LOCAL_FILESYSTEMS.has(type);
      if (!eventsComplete)
        onLog(
          `cn: the root's filesystem (type 0x${type.toString(16)}) may change without file events: stats every file`,
        );
    } catch (error) {
      onLog(`cn: cannot tell the root's filesystem (${(error as Error).message}): stats every file`);
    }
    return new FileEventLedger({ root, now, rootDevice, listed, eventsComplete, overflowAt: overflowThreshold() });
  }

  /** After fs.watch of `directory` returned: events from now on reach the ledger. */
  watching(directory: string): void {
    this.watchedSince.set(directory, this.settings.now());
  }

  unwatched(directory: string): void {
    this.watchedSince.delete(directory);
  }

  /** An event in `directory`, naming an entry (`name`) or, without one, the directory as a whole. */
  event(directory: string, name: string | undefined): void {
    const at = this.settings.now();
    this.latestEvent = at;
    if (this.batch++ === 0) setImmediate(() => (this.batch = 0));
    if (this.batch >= this.settings.overflowAt) this.trustedFrom = at;
    this.inside.set(directory, at);
    this.named.set(name === undefined ? directory : path.join(directory, name), at);
    // libuv names a watched directory's own deletion or move by its base name: taken as the directory's own event.
    if (name === path.basename(directory)) this.named.set(directory, at);
    if (this.named.size > MAX_REMEMBERED_EVENTS) {
      this.named.clear();
      this.inside.clear();
      this.trustedFrom = at;
    }
  }

  /**
   * Whether `stats` (undefined: nothing was there), taken at `takenAt`, is still what a stat of `filePath` gives for a
   * question that needs the project as of `since`.
   */
  fileUnchanged(
    filePath: string,
    stats: Pick<BigIntStats, 'nlink' | 'dev'> | undefined,
    takenAt: number,
    since: number,
  ): boolean {
    if (stats !== undefined && (stats.nlink > 1n || stats.dev !== this.settings.rootDevice)) return false;
    const directory = path.dirname(filePath);
    if (!this.vouches(directory, takenAt, since)) return false;
    if (stats !== undefined && !this.settings.listed(filePath, directory)) return false;
    return !this.namedSince(filePath, takenAt);
  }

  /** The same for a directory's stamp (its entries): `device` is the stamp's. */
  directoryUnchanged(directory: string, device: string | undefined, takenAt: number, since: number): boolean {
    if (device !== this.rootDevice) return false;
    return this.vouches(directory, takenAt, since) && (this.inside.get(directory) ?? -Infinity) < takenAt;
  }

  /** Whether it may vouch for anything: open, on a filesystem whose changes all send events. */
  get active(): boolean {
    return !this.closed && this.settings.eventsComplete;
  }

  close(): void {
    this.closed = true;
    this.watchedSince.clear();
  }

  private vouches(directory: string, takenAt: number, since: number): boolean {
    if (!this.active || takenAt < this.trustedFrom) return false;
    const watched = this.watchedSince.get(directory);
    if (watched === undefined || watched > takenAt || !this.turnedSince(since)) return false;
    if (this.latestEvent < takenAt) return true;
    for (let dir = directory; ; dir = path.dirname(dir)) {
      if (this.namedSince(dir, takenAt)) return false;
      if (dir === this.settings.root || path.dirname(dir) === dir) return true;
    }
  }

  private namedSince(somePath: string, takenAt: number): boolean {
    return this.latestEvent >= takenAt && (this.named.get(somePath) ?? -Infinity) >= takenAt;
  }

  /**
   * Resolves once the events queued before `since` have been delivered (a check phase after it), so that a scan that
   * follows can be vouched for: a scan of every directory runs in one turn of the event loop.
   */
  async settle(since: number | undefined): Promise<void> {
    if (since === undefined || this.turnedSince(since)) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.checkPhaseAt = Math.max(this.checkPhaseAt, this.settings.now());
  }

  /** Whether a check phase ran after `since`; if not, one is asked for, and the stats until then are taken anew. */
  private turnedSince(since: number): boolean {
    if (this.checkPhaseAt > since) return true;
    if (!this.checkPhaseAsked) {
      this.checkPhaseAsked = true;
      setImmediate(() => {
        this.checkPhaseAsked = false;
        this.checkPhaseAt = Math.max(this.checkPhaseAt, this.settings.now());
      });
    }
    return false;
  }
}

/** Half the kernel's queue: a batch that large may have overflowed it (read once; 16,384 where it cannot be read). */
function overflowThreshold(): number {
  try {
    const queued = Number(readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8').trim());
    if (Number.isInteger(queued) && queued > 1) return Math.floor(queued / 2);
  } catch {
    // not Linux, or no procfs
  }
  return 8_192;
}

let current: FileEventLedger | undefined;

/** The ledger the process's stats consult (one engine session at a time), or none. */
export function currentLedger(): FileEventLedger | undefined {
  return current;
}

/** Whether the file events vouch for the stats of the questions now: they cost a question little then. */
export function fileEventsVouch(): boolean {
  return current?.active ?? false;
}

/** Resolves once the file events queued before `since` have arrived (FileEventLedger.settle), at once without one. */
export async function settleFileEvents(since: number | undefined): Promise<void> {
  await current?.settle(since);
}

export function useLedger(ledger: FileEventLedger | undefined): void {
  current = ledger;
}
