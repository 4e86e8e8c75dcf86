import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TypeScriptEngine } from '../src/index.js';
import { guessAnchors, walkSourceTree } from '../src/source-tree.js';
import { fixture, LONG, startEngine } from './helpers.js';

/**
 * test/fixtures/solution-beside, reduced from vitest's test/e2e/project-references: a solution config (`"include": []`)
 * referencing a composite project, a script beside it that no config lists, and a loose file elsewhere. cn opened the
 * script first, as the solution config's guessed anchor, and typescript-go 7.0.2 panicked in Snapshot.Clone on every
 * start (issue 24).
 */
const root = fixture('solution-beside');

describe('a config that lists no files gets no guessed anchor', { timeout: LONG }, () => {
  let engine: TypeScriptEngine;
  beforeAll(async () => {
    engine = await startEngine(root);
  }, LONG);
  afterAll(() => engine?.dispose());

  it('guesses anchors only for configs that list files', () => {
    const guessed = guessAnchors(walkSourceTree(root)).map((file) => path.relative(root, file));
    expect(guessed).toEqual(['solution/a/index.ts']);
  });

  it('loads the project without a crash, the script beside the solution config a loose file', async () => {
    expect(engine.status()).toMatchObject({
      state: 'ready',
      restarts: 0,
      projects: ['solution/a/tsconfig.json'],
      looseFiles: 2,
    });
    const hits = await engine.searchSymbols('unlisted');
    expect(hits.hits.map((hit) => hit.name)).toContain('unlisted');
  });
});
