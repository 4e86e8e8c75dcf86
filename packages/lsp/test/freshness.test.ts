import { rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TypeScriptEngine } from '../src/index.js';
import { copyFixture, LONG, startEngine } from './helpers.js';

describe('answers follow the files on disk', { timeout: LONG }, () => {
  let root: string;
  let engine: TypeScriptEngine;
  beforeAll(async () => {
    root = copyFixture('ts-multi');
    engine = await startEngine(root);
  }, LONG);
  afterAll(async () => {
    await engine?.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  it('re-syncs a file edited after it was opened', async () => {
    const file = path.join(root, 'lib', 'shapes.ts');
    const before = await engine.outline(file);
    expect(before.map((node) => node.name)).not.toContain('Triangle');
    writeFileSync(file, `export class Triangle {\n  sides = 3;\n}\n`);
    const after = await engine.outline(file);
    expect(after.map((node) => node.name)).toEqual(['Triangle']);
    expect(after[0].range).toEqual({ start: { line: 1, character: 1 }, end: { line: 3, character: 2 } });
  });

  it('sees an edit to an open file in project-wide answers', async () => {
    const file = path.join(root, 'lib', 'registry.ts');
    await engine.outline(file);
    writeFileSync(file, `export class PeopleIndex {}\n`);
    const hits = (await engine.searchSymbols('PeopleIndex')).hits;
    expect(hits.map((hit) => hit.filePath)).toEqual([file]);
    expect((await engine.searchSymbols('UserRegistry')).hits).toEqual([]);
  });

  it('refuses a file deleted after it was opened', async () => {
    const file = path.join(root, 'app', 'welcome.ts');
    await engine.outline(file);
    unlinkSync(file);
    await expect(engine.outline(file)).rejects.toMatchObject({ kind: 'bad-input' });
  });
});

describe(
  'within a question, one scan for files created or deleted serves every request of it',
  { timeout: LONG },
  () => {
    let root: string;
    let engine: TypeScriptEngine;
    /** When the question in flight arrived (performance.now()), as the daemon tells the engine; undefined: none. */
    let questionSince: number | undefined;
    beforeAll(async () => {
      root = copyFixture('ts-multi');
      engine = await startEngine(root, { freshSince: () => questionSince });
    }, LONG);
    afterAll(async () => {
      await engine?.dispose();
      rmSync(root, { recursive: true, force: true });
    });

    it('a file created before the question arrived is seen, though a scan ran just before it was written', async () => {
      questionSince = performance.now();
      expect((await engine.searchSymbols('BrandNewShape')).hits).toEqual([]);
      questionSince = undefined;
      const file = path.join(root, 'lib', 'brand-new.ts');
      writeFileSync(file, 'export class BrandNewShape {}\n');
      questionSince = performance.now();
      expect((await engine.searchSymbols('BrandNewShape')).hits.map((hit) => hit.filePath)).toEqual([file]);
      // Asked again within the same question: the scan that saw it still serves.
      expect((await engine.searchSymbols('BrandNewShape')).hits.map((hit) => hit.filePath)).toEqual([file]);
      questionSince = undefined;
    });

    it('a file deleted before the next question arrived is gone from it', async () => {
      const file = path.join(root, 'lib', 'brand-new.ts');
      unlinkSync(file);
      questionSince = performance.now();
      expect((await engine.searchSymbols('BrandNewShape')).hits).toEqual([]);
      questionSince = undefined;
    });
  },
);
