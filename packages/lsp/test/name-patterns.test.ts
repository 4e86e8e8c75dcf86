import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchNamePattern, SourceText } from '@cn/core';
import { LazyImportGraph, type TypeScriptEngine } from '../src/index.js';
import { fixture, LONG, startEngine } from './helpers.js';

const root = fixture('name-patterns');

// What cn find's pattern listing takes for granted of tsserver's navto, checked on the real engine:
// a search for a capitalised run returns every name holding it, so the listing is complete.
describe('name patterns against the real engine', { timeout: LONG }, () => {
  let engine: TypeScriptEngine;
  const deps = () => ({
    engine,
    symbols: engine,
    files: { filesInsideRoot: async (filePaths: readonly string[]) => filePaths.map(() => true) },
    importGraph: new LazyImportGraph(root),
  });
  const texts = async (filePath: string) => new SourceText(await readFile(filePath, 'utf8'));
  const list = async (pattern: string) =>
    (
      await searchNamePattern(deps(), texts, pattern, { relativePath: (filePath) => path.relative(root, filePath) })
    ).symbols.map(({ hit }) => `${hit.kind} ${hit.name}`);

  beforeAll(async () => {
    engine = await startEngine(root);
  }, LONG);
  afterAll(() => engine?.dispose());

  it('navto for "Router" returns every name containing it, at the start or inside', async () => {
    const names = (await engine.searchSymbols('Router')).hits.map((hit) => hit.name);
    expect(names).toEqual(expect.arrayContaining(['Router', 'SmartRouter', 'activeRouter', 'RouterOptions']));
  });

  it('the name search and the outlines list the same symbols for a case-sensitive pattern', async () => {
    // `[R]` keeps the engine's name search out of it: the outlines of every project file are read instead.
    const searched = await list('*Router*');
    expect(searched.sort()).toEqual([
      'Class SmartRouter',
      'Getter activeRouter',
      'Interface Router',
      'TypeAlias RouterOptions',
    ]);
    expect((await list('*[R]outer*')).sort()).toEqual(searched);
  });

  it('a lowercase pattern is read from outlines, since navto misses a lowercase run inside a word', async () => {
    expect((await engine.searchSymbols('router')).hits.map((hit) => hit.name)).not.toContain('myrouter');
    expect((await list('*router*')).sort()).toEqual([
      'Class SmartRouter',
      'Class XROUTER',
      'Constant myrouter',
      'Function routerOf',
      'Getter activeRouter',
      'Interface Router',
      'TypeAlias RouterOptions',
    ]);
  });
});
