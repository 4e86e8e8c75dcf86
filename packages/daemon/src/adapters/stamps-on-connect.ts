import type { Socket } from 'node:net';
import type { FileStamp } from '@cn/lsp';

/** Where the stamps come from: the project's file list and a stat of each file (the checks every answer would do). */
export interface StampTaker {
  files(): Promise<string[]>;
  statStamps(files: readonly string[]): Array<FileStamp | undefined>;
}

/** What the readers ask: the stamps of the question being answered, when they are known without a stat. */
export interface KnownStamps {
  /** The project's files as the stamps saw them, or undefined. */
  files(): string[] | undefined;
  /** A file's stamp (null: not a file then), or undefined when unknown. */
  stamp(filePath: string): FileStamp | null | undefined;
}

interface Snapshot {
  startedAt: number;
  files: string[];
  stamps: Map<string, FileStamp | undefined>;
}

/** Files stamped between two turns of the event loop: a question on another connection waits at most one batch. */
const BATCH = 64;

/**
 * The stamps of every project file, taken when a connection arrives, while the client is still signing its
 * question (cn connects first: ~10 ms on this machine), so that `cn search` and `cn grep` need not stat 361 files
 * (effect) after the question is in. Answers stay as fresh as the client can tell: anything written before the
 * client connected — before `cn` ran — is in the stamps.
 *
 * A question may use the stamps only if they were started after its connection was accepted, and only as its
 * connection's first question (a kept-alive connection's next question is newer than that connection); while
 * several questions are in flight, the stamps must be newer than every one of them; with none in flight (the index
 * building in the background) they are not used. Anything else stats as before.
 */
export class StampsOnConnect implements KnownStamps {
  private snapshot: Snapshot | undefined;
  private taking = false;
  /** When each connection was accepted, and how many questions it carried so far. */
  private readonly connections = new WeakMap<Socket, { acceptedAt: number; questions: number }>();
  /** The freshness each question in flight needs: its connection's accept time, or its own arrival. */
  private readonly inFlight = new Map<object, number>();

  constructor(
    private readonly taker: StampTaker,
    private readonly now: () => number,
  ) {}

  connected(socket: Socket): void {
    this.connections.set(socket, { acceptedAt: this.now(), questions: 0 });
    if (!this.taking) this.take().catch(() => undefined);
  }

  questionStarted(question: object, socket: Socket): void {
    const connection = this.connections.get(socket);
    const first = connection !== undefined && connection.questions++ === 0;
    this.inFlight.set(question, first ? connection.acceptedAt : this.now());
  }

  questionEnded(question: object): void {
    this.inFlight.delete(question);
  }

  files(): string[] | undefined {
    return this.usable()?.files;
  }

  stamp(filePath: string): FileStamp | null | undefined {
    const snapshot = this.usable();
    if (snapshot === undefined || !snapshot.stamps.has(filePath)) return undefined;
    return snapshot.stamps.get(filePath) ?? null;
  }

  private usable(): Snapshot | undefined {
    if (this.snapshot === undefined || this.inFlight.size === 0) return undefined;
    for (const needed of this.inFlight.values()) if (this.snapshot.startedAt < needed) return undefined;
    return this.snapshot;
  }

  private async take(): Promise<void> {
    this.taking = true;
    try {
      const startedAt = this.now();
      const files = await this.taker.files();
      const stamps = new Map<string, FileStamp | undefined>();
      for (let from = 0; from < files.length; from += BATCH) {
        if (from > 0) await new Promise((resolve) => setImmediate(resolve));
        const batch = files.slice(from, from + BATCH);
        this.taker.statStamps(batch).forEach((stamp, index) => stamps.set(batch[index], stamp));
      }
      this.snapshot = { startedAt, files, stamps };
    } finally {
      this.taking = false;
    }
  }
}
