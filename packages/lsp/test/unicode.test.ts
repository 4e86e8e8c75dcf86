import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TypeScriptEngine } from '../src/index.js';
import { columnOf, fixture, LONG, startEngine } from './helpers.js';

const root = fixture('unicode');
const text = path.join(root, 'text.ts');
const use = path.join(root, 'use.ts');

describe('unicode: columns are UTF-16 code units', { timeout: LONG }, () => {
  let engine: TypeScriptEngine;
  beforeAll(async () => {
    engine = await startEngine(root);
  }, LONG);
  afterAll(() => engine?.dispose());

  it('the fixture really has tabs, emoji and CJK before identifiers', () => {
    const lines = readFileSync(text, 'utf8').split('\n');
    expect(lines[0]).toMatch(/🎉.*中文.*名前/u);
    expect(lines[4]).toMatch(/^\t\t.*🚀.*shout/u);
  });

  it('outline columns match the position in the JavaScript string', async () => {
    const outline = await engine.outline(text);
    const name = outline.find((node) => node.name === '名前');
    expect(name?.selectionRange.start).toEqual({ line: 1, character: columnOf(text, 1, '名前') });
    expect(name?.selectionRange.end).toEqual({ line: 1, character: columnOf(text, 1, '名前') + 2 });
    const greet = outline.find((node) => node.name === 'Greeter')?.children.find((node) => node.name === 'greet');
    expect(greet?.selectionRange.start).toEqual({ line: 4, character: columnOf(text, 4, 'greet') });
    const shout = greet?.children.find((node) => node.name === 'shout');
    expect(shout?.selectionRange.start).toEqual({ line: 5, character: columnOf(text, 5, 'shout') });
    const makeGreeter = outline.find((node) => node.name === 'makeGreeter');
    expect(makeGreeter?.selectionRange.start).toEqual({ line: 10, character: columnOf(text, 10, 'makeGreeter') });
  });

  it('references and definitions land on the exact columns', async () => {
    const references = await engine.references(text, { line: 1, character: columnOf(text, 1, '名前') }, true);
    const found = references.map((location) => [
      path.basename(location.filePath),
      location.range.start.line,
      location.range.start.character,
    ]);
    expect(found.sort()).toEqual(
      [
        ['text.ts', 1, columnOf(text, 1, '名前')],
        ['text.ts', 6, columnOf(text, 6, '名前')],
        ['use.ts', 1, columnOf(use, 1, '名前')],
        ['use.ts', 3, columnOf(use, 3, '名前')],
      ].sort(),
    );
    const definitions = await engine.definition(use, { line: 3, character: columnOf(use, 3, 'makeGreeter') });
    expect(definitions).toEqual([
      {
        filePath: text,
        range: {
          start: { line: 10, character: columnOf(text, 10, 'makeGreeter') },
          end: { line: 10, character: columnOf(text, 10, 'makeGreeter') + 'makeGreeter'.length },
        },
      },
    ]);
  });
});
