import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'node:net';
import { QuietStart } from '../src/quiet-start.js';

const QUIET_MS = 2_000;
const socket = {} as Socket;
const question = (url: string) => ({ url }) as never;

describe('QuietStart: background work once the project is loaded and no question is in flight', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup() {
    const start = vi.fn();
    const quiet = new QuietStart(QUIET_MS, start);
    const passed: string[] = [];
    const questions = quiet.counting({
      connected: () => passed.push('connected'),
      questionStarted: () => passed.push('started'),
      questionEnded: () => passed.push('ended'),
    });
    return { start, quiet, questions, passed };
  }

  it('starts after the quiet once loaded, once', () => {
    const { start, quiet } = setup();
    vi.advanceTimersByTime(QUIET_MS * 2);
    expect(start).not.toHaveBeenCalled();
    quiet.projectLoaded();
    vi.advanceTimersByTime(QUIET_MS);
    expect(start).toHaveBeenCalledTimes(1);
    quiet.activity();
    vi.advanceTimersByTime(QUIET_MS * 2);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('never while a question is in flight, however long it takes; the quiet counts from its end', () => {
    const { start, quiet, questions, passed } = setup();
    quiet.projectLoaded();
    const find = question('/find');
    questions.questionStarted(find, socket);
    vi.advanceTimersByTime(QUIET_MS * 5);
    expect(start).not.toHaveBeenCalled();
    questions.questionEnded(find);
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
    // The listener it wraps hears every question as before.
    expect(passed).toEqual(['started', 'ended']);
  });

  it('two questions at once: the quiet waits for the last to end', () => {
    const { start, quiet, questions } = setup();
    quiet.projectLoaded();
    const [a, b] = [question('/find'), question('/map')];
    questions.questionStarted(a, socket);
    questions.questionStarted(b, socket);
    questions.questionEnded(a);
    vi.advanceTimersByTime(QUIET_MS * 3);
    expect(start).not.toHaveBeenCalled();
    questions.questionEnded(b);
    vi.advanceTimersByTime(QUIET_MS);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('stop: nothing starts', () => {
    const { start, quiet } = setup();
    quiet.projectLoaded();
    quiet.stop();
    vi.advanceTimersByTime(QUIET_MS * 2);
    quiet.startNow();
    expect(start).not.toHaveBeenCalled();
  });

  it('startNow (cn start): at once once loaded, whatever is in flight; once; never before the load', () => {
    const { start, quiet, questions } = setup();
    quiet.startNow();
    expect(start).not.toHaveBeenCalled();
    quiet.projectLoaded();
    questions.questionStarted(question('/ready'), socket);
    quiet.startNow();
    expect(start).toHaveBeenCalledTimes(1);
    questions.questionEnded(question('/ready'));
    quiet.startNow();
    vi.advanceTimersByTime(QUIET_MS * 3);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
