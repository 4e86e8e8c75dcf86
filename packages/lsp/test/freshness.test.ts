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
