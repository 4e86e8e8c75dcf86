import { describe, expect, it } from 'vitest';
import type { TypeScriptEngine } from '@cn/lsp';
import { DeferredEngine } from '../src/deferred-engine.js';
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

describe('DeferredEngine while cn check holds an unsaved text', () => {
  it('lets no question reach the engine until the check has given the disk text back', async () => {
    const events: string[] = [];
    const restored = deferred();
    // Only what the two calls use: the engine's unsaved-text check, and a question.
    const engine = {
      async diagnosticsWithText() {
        events.push('unsaved text in');
        await restored.promise;
        events.push('disk text back');
        return [];
      },
      async hover() {
        events.push('hover asked');
        return undefined;
      },
    } as unknown as TypeScriptEngine;
    const deferredEngine = new DeferredEngine(Promise.resolve(engine), {
      engine: 'native',
      engineMode: 'native',
      trustProject: false,
    });
    const check = deferredEngine.diagnosticsWithText('/p/a.ts', 'text', ['/p/a.ts']);
    await settle();
    const question = deferredEngine.hover('/p/b.ts', { line: 1, character: 1 });
    await settle();
    expect(events).toEqual(['unsaved text in']);
    restored.resolve();
    await Promise.all([check, question]);
    expect(events).toEqual(['unsaved text in', 'disk text back', 'hover asked']);
  });
});
