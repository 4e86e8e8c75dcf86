import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TypeScriptEngine } from '../src/index.js';
import { fixture, LONG, startEngine } from './helpers.js';

const root = fixture('graph');
const sources = (readdirSync(path.join(root, 'src'), { recursive: true }) as string[])
  .filter((name) => /\.ts$/.test(name))
  .map((name) => path.join(root, 'src', name))
  // Files that declare something, so an empty outline can only be a wrong answer.
  .filter((file) =>
    /^(export )?(abstract )?(function|class|interface|type|const|enum) /m.test(readFileSync(file, 'utf8')),
  );

describe(
  'the open-document set stays consistent with the language server under concurrency',
  { timeout: LONG * 3 },
  () => {
    let engine: TypeScriptEngine;
    const log: string[] = [];
    beforeAll(async () => {
      // Two open documents for ten files: nearly every request evicts another file's document.
      engine = await startEngine(root, { maxOpenDocuments: 2, onLog: (line) => log.push(line) });
    }, LONG);
    afterAll(() => engine?.dispose());

    it('every file keeps its symbols after rounds of concurrent opens, re-syncs and evictions', async () => {
      expect(sources.length).toBeGreaterThanOrEqual(8);
      for (let round = 0; round < 6; round++) {
        // Project-wide requests re-sync every open document while other files open and evict.
        await Promise.all([
          ...sources.map((file) => engine.outline(file)),
          ...sources.map((file) => engine.foldingSpans(file)),
          engine.searchSymbols('helper'),
          engine.references(sources[round % sources.length], { line: 1, character: 1 }, true).catch(() => []),
        ]);
      }
      const emptyAfterwards: string[] = [];
      for (const file of sources) {
        if ((await engine.outline(file)).length === 0) emptyAfterwards.push(path.relative(root, file));
      }
      expect(emptyAfterwards).toEqual([]);
      expect(log.filter((line) => /not opened document/i.test(line))).toEqual([]);
    });

    it('a file answered concurrently with many others answers with its symbols every time', async () => {
      const answers = await Promise.all(sources.flatMap((file) => [engine.outline(file), engine.outline(file)]));
      expect(answers.filter((symbols) => symbols.length === 0)).toEqual([]);
    });
  },
);
