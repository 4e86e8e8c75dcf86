import type { Socket } from 'node:net';
import type { QuestionListener } from './http/server.js';
import { IdleTimer } from './idle-timer.js';

/**
 * Starts background work (the search index) once, when the project is loaded and the daemon has gone `quietMs`
 * without a question starting or ending, and none is in flight: the timer counted only from a question's arrival, so
 * a first find that took longer than the quiet had the index start beside it, competing for the one thread
 * (issue 25's cold-find timeline).
 */
export class QuietStart {
  private inFlight = 0;
  private loaded = false;
  private started = false;
  private readonly timer: IdleTimer;

  constructor(
    quietMs: number,
    private readonly start: () => void,
  ) {
    this.timer = new IdleTimer(quietMs, () => this.fire());
  }

  /** The project is loaded: the quiet may count from now. */
  projectLoaded(): void {
    this.loaded = true;
    this.wait();
  }

  /**
   * Starts at once, if the project is loaded and nothing started yet: `cn start` asked for the project ready, and the
   * search it makes ready for is likely the next question (no quiet to wait for: that question would wait instead).
   */
  startNow(): void {
    if (!this.loaded || this.started) return;
    this.started = true;
    this.timer.stop();
    this.start();
  }

  /** Something happened that asks for more quiet (a request, even a refused one). */
  activity(): void {
    this.wait();
  }

  /** Passes questions on to `listener`, counting those in flight. */
  counting(listener: QuestionListener): QuestionListener {
    return {
      connected: (socket: Socket) => listener.connected(socket),
      questionStarted: (question, socket) => {
        this.inFlight++;
        this.wait();
        listener.questionStarted(question, socket);
      },
      questionEnded: (question) => {
        this.inFlight = Math.max(0, this.inFlight - 1);
        this.wait();
        listener.questionEnded(question);
      },
    };
  }

  /** The daemon is leaving: nothing starts any more, not even by startNow (a cn start answered just before). */
  stop(): void {
    this.started = true;
    this.timer.stop();
  }

  private wait(): void {
    if (!this.started) this.timer.touch();
  }

  private fire(): void {
    // A question still in flight ends with a touch of its own: the quiet counts from then.
    if (!this.loaded || this.started || this.inFlight > 0) return;
    this.started = true;
    this.start();
  }
}
