import type { Socket } from 'node:net';
import type { Question, QuestionListener } from './http/server.js';

/**
 * The questions being answered, and how fresh each needs the project: a connection's first question as of the moment
 * the connection was accepted (cn connects, then signs and sends: anything written before `cn` ran is older than
 * that), a kept-alive connection's next question as of its own arrival. What was looked at since the latest of these
 * moments serves every question in flight (the stamps taken on connect, a scan for files created or deleted); with
 * none in flight, nothing is fresh enough and whoever asks looks again.
 */
export class QuestionsInFlight implements QuestionListener {
  /** When each connection was accepted, and how many questions it carried so far. */
  private readonly connections = new WeakMap<Socket, { acceptedAt: number; questions: number }>();
  private readonly needs = new Map<Question, number>();
  private readonly waitingForNone: Array<() => void> = [];

  constructor(readonly now: () => number) {}

  connected(socket: Socket): void {
    this.connections.set(socket, { acceptedAt: this.now(), questions: 0 });
  }

  questionStarted(question: Question, socket: Socket): void {
    const connection = this.connections.get(socket);
    const first = connection !== undefined && connection.questions++ === 0;
    this.needs.set(question, first ? connection.acceptedAt : this.now());
  }

  questionEnded(question: Question): void {
    this.needs.delete(question);
    if (this.needs.size === 0) for (const resolve of this.waitingForNone.splice(0)) resolve();
  }

  /** Resolves once no question is in flight (at once if none is): when work nobody waits for may go on. */
  noneInFlight(): Promise<void> {
    if (this.needs.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.waitingForNone.push(resolve));
  }

  /** The latest moment a question in flight needs the project as of; undefined when none is in flight. */
  freshSince(): number | undefined {
    let latest: number | undefined;
    for (const needed of this.needs.values()) if (latest === undefined || needed > latest) latest = needed;
    return latest;
  }
}
