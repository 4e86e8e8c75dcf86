import type { Socket } from 'node:net';
import type { FileStamp } from '@cn/lsp';
import type { Question } from '../http/server.js';
import type { QuestionsInFlight } from '../questions-in-flight.js';

/** Where the stamps come from: the project's file list and a stat of each file (the checks every answer would do). */
export interface StampTaker {
  /**
   * The file list as it stands, or undefined when it would have to be made or made again (the first listing, or a
   * file created or deleted since): that is the question's work, and stamps are not worth it.
   */
  files(): Promise<string[] | undefined>;
  statStamps(files: readonly string[]): Array<FileStamp | undefined>;
  /** False while the file events vouch for the questions' stats (lsp file-event-ledger.ts): they cost little then. */
  worthTaking(): boolean;
}

/** What the readers ask: the stamps of the question being answered, when they are known without a stat. */
export interface KnownStamps {
  /** The project's files as the stamps saw them, or undefined. */
  files(): string[] | undefined;
  /** A file's stamp (null: not a file then), or undefined when unknown. */
  stamp(filePath: string): FileStamp | null | undefined;
  /** The latest moment a question in flight needs the project as of (questions-in-flight.ts); undefined: none. */
  freshSince(): number | undefined;
}

interface Snapshot {
  startedAt: number;
  files: string[];
  stamps: Map<string, FileStamp | undefined>;
}

/** Files stamped between two turns of the event loop: a question on another connection waits at most one batch. */
const BATCH = 64;
/**
 * After stamps that took `d` ms, none are taken for REST_FACTOR × `d` ms: connections anyone can open (a flood) get
 * at most a fifth of a core of stats; a client running `cn` after `cn` connects a node start-up (~100 ms) apart.
 */
const REST_FACTOR = 4;

/**
 * The stamps of every project file, taken when a connection arrives, while the client is still signing its
 * question (cn connects first: ~10 ms on this machine), so that `cn search` and `cn grep` need not stat 361 files
 * (effect) after the question is in. Answers stay as fresh as the client can tell: anything written before the
 * client connected — before `cn` ran — is in the stamps.
 *
 * A question may use the stamps only if they were started after its connection was accepted, and only as its
 * connection's first question (a kept-alive connection's next question is newer than that connection); while
 * several questions are in flight, the stamps must be newer than every one of them; with none in flight (the index
 * building in the background) they are not used. Anything else stats as before. Stamps are taken a batch at a time
 * and given up when a question arrives first (a large project, or a question that needs none of them).
 */
export class StampsOnConnect implements KnownStamps {
  private snapshot: Snapshot | undefined;
  private taking = false;
  /** A question arrived while stamps were being taken: it stats for itself, so the rest is not worth taking. */
  private abandon = false;
  private restUntil = -Infinity;

  /** `questions`: the freshness each question in flight needs (its connection's accept time, or its own arrival). */
  constructor(
    private readonly taker: StampTaker,
    private readonly questions: QuestionsInFlight,
  ) {}

  connected(socket: Socket): void {
    this.questions.connected(socket);
    if (!this.taking && this.now() >= this.restUntil && this.taker.worthTaking()) this.take().catch(() => undefined);
  }

  questionStarted(question: Question, socket: Socket): void {
    // On a large project the question may come before the stamps are all taken (or it needs no stamps at all).
    if (this.taking) this.abandon = true;
    this.questions.questionStarted(question, socket);
  }

  questionEnded(question: Question): void {
    this.questions.questionEnded(question);
  }

  private now(): number {
    return this.questions.now();
  }

  freshSince(): number | undefined {
    return this.questions.freshSince();
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
    const since = this.questions.freshSince();
    if (this.snapshot === undefined || since === undefined || this.snapshot.startedAt < since) return undefined;
    return this.snapshot;
  }

  private async take(): Promise<void> {
    this.taking = true;
    this.abandon = false;
    const startedAt = this.now();
    try {
      const files = await this.taker.files();
      if (files === undefined) return;
      const stamps = new Map<string, FileStamp | undefined>();
      for (let from = 0; from < files.length; from += BATCH) {
        if (from > 0) await new Promise((resolve) => setImmediate(resolve));
        if (this.abandon) return;
        const batch = files.slice(from, from + BATCH);
        this.taker.statStamps(batch).forEach((stamp, index) => stamps.set(batch[index], stamp));
      }
      this.snapshot = { startedAt, files, stamps };
    } finally {
      this.taking = false;
      const ended = this.now();
      this.restUntil = ended + REST_FACTOR * (ended - startedAt);
    }
  }
}
