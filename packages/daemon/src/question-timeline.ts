import type { Socket } from 'node:net';
import { printable } from '@cn/core';
import type { QuestionListener } from './http/server.js';

/** The questions whose arrival and answer the log times: enough for a cold start's first find (and a status). */
const TIMED_QUESTIONS = 3;
const MAX_LOGGED_ROUTE_CHARS = 40;

/**
 * Passes every question on to `listener` and logs when the first few came in and were answered, counted from the
 * process start (as the start-up lines are): with them the log alone gives a cold find's timeline
 * (docs/performance.md).
 */
export function timingFirstQuestions(
  listener: QuestionListener,
  log: (line: string) => void,
  sinceProcessStart: () => string,
): QuestionListener {
  const numbers = new WeakMap<object, number>();
  let asked = 0;
  return {
    connected: (socket: Socket) => listener.connected(socket),
    questionStarted(question, socket) {
      if (asked < TIMED_QUESTIONS) {
        numbers.set(question, ++asked);
        log(`cn: question ${asked} (${printable(question.url, MAX_LOGGED_ROUTE_CHARS)}) in ${sinceProcessStart()}`);
      }
      listener.questionStarted(question, socket);
    },
    questionEnded(question) {
      listener.questionEnded(question);
      const number = numbers.get(question);
      if (number !== undefined) log(`cn: question ${number} answered ${sinceProcessStart()}`);
    },
  };
}
