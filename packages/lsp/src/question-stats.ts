import { statSync, type BigIntStats } from 'node:fs';
import { fsPath } from './byte-paths.js';
import { currentLedger, type FileEventLedger } from './file-event-ledger.js';
import { stampOf, type FileStamp } from './stamp.js';

/** What says how fresh the questions in flight need the project (the daemon's questions-in-flight.ts). */
export interface Freshness {
  /** The latest moment a question in flight needs the project as of; undefined when none is in flight. */
  freshSince(): number | undefined;
  /** The clock of those moments. */
  now(): number;
}

/**
 * A file's stat, taken once for every reader of the questions in flight. A warm `cn find` on typeorm stat'ed each of
 * its files several times: the word accounting (is the kept text current?), the search index (is the declaration
 * table?), the line tables of the references' files, the open documents, each on its own. A stat taken after every
 * question in flight arrived tells each of them what a stat of its own would (its answer is as of its arrival, or its
 * connection's: questions-in-flight.ts), so it is kept for them; a question arriving later stats again, unless the file
 * events vouch that nothing changed since the stat (file-event-ledger.ts: the native engine's watch). With none in
 * flight (the background index) every stat is new, and kept for the questions to come. Whatever the daemon writes into
 * the project (`cn rename --apply`) is forgotten at once, so that the question that wrote sees its own writes.
 */
export class QuestionStats {
  private readonly taken = new Map<string, { at: number; stats: FileStat | undefined }>();

  constructor(
    private readonly freshness: Freshness,
    private readonly ledger: () => FileEventLedger | undefined = currentLedger,
    private readonly statFile: (filePath: string) => FileStat | undefined = statQuietly,
  ) {}

  /** The file's stats (undefined for anything stat refuses: gone, a broken link, no permission). */
  stat(filePath: string): FileStat | undefined {
    const since = this.freshness.freshSince();
    const kept = this.taken.get(filePath);
    if (since !== undefined && kept !== undefined) {
      if (kept.at >= since) return kept.stats;
      if (this.ledger()?.fileUnchanged(filePath, kept.stats, kept.at, since)) {
        // The events vouch that the file is as the stat saw it as of `since`: the stat serves the questions in flight
        // as one taken then would, so their other readers need not ask again (a warm find on typeorm asked ~10,000
        // times for its ~3,600 files), and a later question asks the events from then on.
        kept.at = since;
        return kept.stats;
      }
    }
    // The moment before the stat: what the stat saw is at least as new as that.
    const at = this.freshness.now();
    const stats = this.statFile(filePath);
    if (this.taken.size >= MAX_KEPT) this.taken.clear();
    this.taken.set(filePath, { at, stats });
    return stats;
  }

  forget(): void {
    this.taken.clear();
  }
}

/** Stats kept for the ledger to vouch for: every file of a large monorepo, not every path ever asked about. */
const MAX_KEPT = 200_000;

/** No question is ever in flight: every stat is taken anew (tests, scripts, the engine outside a daemon). */
const NO_QUESTIONS: Freshness = { freshSince: () => undefined, now: () => 0 };

let shared = new QuestionStats(NO_QUESTIONS);

/** The daemon's questions, for every stat of this process to share (one daemon a process). */
export function shareStatsWithin(freshness: Freshness): void {
  shared = new QuestionStats(freshness);
}

/** A stat as QuestionStats takes it, through the process's shared stats. */
export function questionStat(filePath: string): FileStat | undefined {
  return shared.stat(filePath);
}

/** After the daemon wrote into the project: the stats taken before are of files that may have changed since. */
export function forgetQuestionStats(): void {
  shared.forget();
}

/**
 * What cn reads of a file's stat: whether it is a regular file, and what its stamp (file-stamp.ts) and the file-event
 * ledger need. A BigIntStats is one; the stats kept for the questions are a copy of these alone.
 */
export type FileStat = Pick<BigIntStats, 'isFile' | 'size' | 'mtimeNs' | 'ctimeNs' | 'ino' | 'dev' | 'nlink'> & {
  /** Its stamp, made once: every reader stamps it (each file's on every warm `cn find`). */
  readonly stamp: FileStamp;
};

/**
 * The kept copy: a BigIntStats holds 18 bigints and four Dates, 1.1 KB, and typeorm's daemon kept one for each of its
 * 3,589 files (4.1 MB of its heap at rest).
 */
class KeptStat implements FileStat {
  readonly size: bigint;
  readonly mtimeNs: bigint;
  readonly ctimeNs: bigint;
  readonly ino: bigint;
  readonly dev: bigint;
  readonly nlink: bigint;
  readonly stamp: FileStamp;
  private readonly regularFile: boolean;

  constructor(stats: BigIntStats) {
    this.size = stats.size;
    this.mtimeNs = stats.mtimeNs;
    this.ctimeNs = stats.ctimeNs;
    this.ino = stats.ino;
    this.dev = stats.dev;
    this.nlink = stats.nlink;
    this.regularFile = stats.isFile();
    this.stamp = stampOf(stats);
  }

  isFile(): boolean {
    return this.regularFile;
  }
}

/** Synchronous, bigint: a promise per file cost more than the stat itself, and stamps need nanoseconds. */
function statQuietly(filePath: string): FileStat | undefined {
  try {
    const stats = statSync(fsPath(filePath), { bigint: true, throwIfNoEntry: false });
    return stats && new KeptStat(stats);
  } catch {
    return undefined;
  }
}
