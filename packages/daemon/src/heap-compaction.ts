import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { QuestionListener } from './http/server.js';
import { IdleTimer } from './idle-timer.js';

/**
 * Gives the heap V8 keeps after a burst of work back to the system once the daemon goes quiet. V8 grows its old
 * space while a find, a search index build or a graph walk allocates, and its ordinary full collections free the
 * objects but leave the pages they were spread over committed: on rxjs the daemon held 52 MB of old space for 31 MB
 * of live objects after warm-up, on typeorm 200 MB for 94 MB, and nothing gave them back in minutes of idleness.
 * One compacting collection after the daemon has had no question for `quietMs` moves the survivors together and
 * unmaps the rest (docs/performance.md, "Where the daemon's memory goes"). Once per burst: an idle daemon is not
 * collected again until something has allocated. Never while a question is in flight, so no answer waits on it.
 */
export class QuietCompaction implements Pick<QuestionListener, 'questionStarted' | 'questionEnded'> {
  private readonly timer: IdleTimer;
  private readonly inFlight = new Set<object>();
  private worked = false;

  constructor(
    quietMs: number,
    private readonly compact: () => void = compactHeap,
  ) {
    this.timer = new IdleTimer(quietMs, () => this.quiet());
  }

  questionStarted(question: object): void {
    this.inFlight.add(question);
    this.worked = true;
    this.timer.stop();
  }

  questionEnded(question: object): void {
    this.inFlight.delete(question);
    if (this.inFlight.size === 0) this.timer.touch();
  }

  /** `listener`, with this compaction told of each question's start and end too. */
  listening(listener: QuestionListener): QuestionListener {
    return {
      connected: (socket) => listener.connected(socket),
      questionStarted: (question, socket) => {
        listener.questionStarted(question, socket);
        this.questionStarted(question);
      },
      questionEnded: (question) => {
        listener.questionEnded(question);
        this.questionEnded(question);
      },
    };
  }

  /** Work done outside a question (the background indexes): worth a compaction once the daemon is quiet. */
  workDone(): void {
    this.worked = true;
    if (this.inFlight.size === 0) this.timer.touch();
  }

  stop(): void {
    this.timer.stop();
  }

  private quiet(): void {
    if (!this.worked || this.inFlight.size > 0) return;
    this.worked = false;
    this.compact();
  }
}

let collectGarbage: (() => void) | undefined;

/**
 * A full collection that compacts every page. Node exposes neither V8's memory-reducing collection nor `gc()`
 * without a flag: `--expose-gc` set at run time gives `gc` to a context created after it, and compaction on every
 * full collection is V8's switch for what its memory reducer would do, on for this one collection only.
 */
export function compactHeap(): void {
  if (!collectGarbage) {
    v8.setFlagsFromString('--expose-gc');
    collectGarbage = runInNewContext('gc') as () => void;
  }
  v8.setFlagsFromString('--compact-on-every-full-gc');
  try {
    collectGarbage();
  } finally {
    v8.setFlagsFromString('--no-compact-on-every-full-gc');
  }
}
