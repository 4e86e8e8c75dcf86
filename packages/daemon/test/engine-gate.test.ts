import { describe, expect, it } from 'vitest';
import { EngineGate } from '../src/engine-gate.js';

/** A promise and its resolve, to let a piece of work finish when the test says. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('EngineGate', () => {
  it('an exclusive turn waits for the questions running, and questions that come meanwhile wait for it', async () => {
    const gate = new EngineGate();
    const events: string[] = [];
    const first = deferred();
    const edit = deferred();
    const running = gate.shared(async () => {
      events.push('question 1 starts');
      await first.promise;
      events.push('question 1 ends');
    });
    const exclusive = gate.exclusive(async () => {
      events.push('edit starts');
      await edit.promise;
      events.push('edit ends');
    });
    const later = gate.shared(async () => void events.push('question 2'));
    await settle();
    expect(events).toEqual(['question 1 starts']);
    first.resolve();
    await settle();
    expect(events).toEqual(['question 1 starts', 'question 1 ends', 'edit starts']);
    edit.resolve();
    await Promise.all([running, exclusive, later]);
    expect(events).toEqual(['question 1 starts', 'question 1 ends', 'edit starts', 'edit ends', 'question 2']);
  });

  it('exclusive turns run one at a time, and a failed one opens the gate again', async () => {
    const gate = new EngineGate();
    const events: string[] = [];
    const failing = gate.exclusive(async () => {
      events.push('a');
      throw new Error('engine failed');
    });
    const next = gate.exclusive(async () => void events.push('b'));
    await expect(failing).rejects.toThrow('engine failed');
    await next;
    await gate.shared(async () => void events.push('question'));
    expect(events).toEqual(['a', 'b', 'question']);
  });
});
