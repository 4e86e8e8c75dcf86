import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { QuestionsInFlight } from '../src/questions-in-flight.js';

describe('QuestionsInFlight: how fresh the questions being answered need the project', () => {
  it('none in flight: nothing is fresh enough (undefined)', () => {
    const questions = new QuestionsInFlight(() => 0);
    expect(questions.freshSince()).toBeUndefined();
  });

  it("a connection's first question needs the project as of the connection; its next, as of its own arrival", () => {
    let now = 100;
    const questions = new QuestionsInFlight(() => now);
    const socket = {} as Socket;
    questions.connected(socket);
    now = 130;
    const first = { url: '/find' };
    questions.questionStarted(first, socket);
    expect(questions.freshSince()).toBe(100);
    questions.questionEnded(first);
    expect(questions.freshSince()).toBeUndefined();
    now = 200;
    questions.questionStarted({ url: '/map' }, socket);
    expect(questions.freshSince()).toBe(200);
  });

  it('with several in flight, the latest need: what serves it serves the older ones', () => {
    let now = 0;
    const questions = new QuestionsInFlight(() => now);
    const [a, b] = [{} as Socket, {} as Socket];
    questions.connected(a);
    now = 50;
    questions.connected(b);
    const [one, two] = [{ url: '/find' }, { url: '/map' }];
    questions.questionStarted(one, a);
    questions.questionStarted(two, b);
    expect(questions.freshSince()).toBe(50);
    questions.questionEnded(two);
    expect(questions.freshSince()).toBe(0);
  });

  it('a question on a connection it was not told of needs the project as of its arrival', () => {
    const questions = new QuestionsInFlight(() => 70);
    questions.questionStarted({ url: '/find' }, {} as Socket);
    expect(questions.freshSince()).toBe(70);
  });

  it('noneInFlight resolves at once with none, else when the last question in flight ends', async () => {
    const questions = new QuestionsInFlight(() => 0);
    await questions.noneInFlight();
    const socket = {} as Socket;
    questions.connected(socket);
    const [one, two] = [{ url: '/find' }, { url: '/map' }];
    questions.questionStarted(one, socket);
    questions.questionStarted(two, socket);
    let resolved = false;
    const none = questions.noneInFlight().then(() => (resolved = true));
    questions.questionEnded(one);
    await Promise.resolve();
    expect(resolved).toBe(false);
    questions.questionEnded(two);
    await none;
    expect(resolved).toBe(true);
  });
});
