import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TypeScriptEngine } from '../src/index.js';
import { columnOf, fixture, LONG, startEngine } from './helpers.js';

const root = fixture('js-plain');
const file = (relative: string) => path.join(root, relative);
const filesOf = (locations: { filePath: string }[]) =>
  [...new Set(locations.map((location) => path.relative(root, location.filePath)))].sort();

describe('js-plain: JavaScript without a jsconfig', { timeout: LONG }, () => {
  let engine: TypeScriptEngine;
  beforeAll(async () => {
    engine = await startEngine(root);
  }, LONG);
  afterAll(() => engine?.dispose());

  it('loads every source file as a loose file', () => {
    expect(engine.status()).toMatchObject({ state: 'ready', projects: [], looseFiles: 5 });
  });

  it('finds Vector in files that no opened file imports', async () => {
    const vector = file('src/math/vector.js');
    const references = await engine.references(vector, { line: 1, character: columnOf(vector, 1, 'Vector') }, true);
    // sprite.js and canvas.js import Vector but nothing imports them: without the loose files
    // tsserver's inferred project would only know the open file.
    expect(filesOf(references)).toEqual([
      'src/math/index.js',
      'src/math/vector.js',
      'src/render/canvas.js',
      'src/render/sprite.js',
    ]);
    expect(references).toHaveLength(7);
  });

  it('links the CommonJS require to the class too, when asked from the requiring side', async () => {
    // TypeScript does not list `const { Vector } = require(...)` among the references of the ES
    // class declaration, but resolves it from the requiring file.
    const legacy = file('src/legacy.js');
    const at = { line: 4, character: columnOf(legacy, 4, 'Vector') };
    expect(filesOf(await engine.references(legacy, at, true))).toEqual([
      'src/legacy.js',
      'src/math/index.js',
      'src/math/vector.js',
      'src/render/canvas.js',
      'src/render/sprite.js',
    ]);
    const [definition] = await engine.definition(legacy, at);
    expect(definition).toMatchObject({
      filePath: file('src/math/vector.js'),
      range: { start: { line: 1, character: 14 } },
    });
  });

  it('finds the class by name', async () => {
    const hits = (await engine.searchSymbols('Vector')).hits;
    expect(hits).toContainEqual(
      expect.objectContaining({ name: 'Vector', kind: 'Class', filePath: file('src/math/vector.js') }),
    );
  });
});
