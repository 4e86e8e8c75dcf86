import { describe, expect, it } from 'vitest';
import { SourceText } from '../src/index.js';
import { isCallOrNewSite } from '../src/graph/call-sites.js';
import { refineKind } from '../src/ranking/refine-kind.js';

/** Judges the site of the first occurrence of the name in the code. */
function judge(code: string, name = 'Foo'): boolean {
  const text = new SourceText(code);
  const line = text.lineRange(1, text.lineCount).findIndex((content) => content.includes(name)) + 1;
  const character = text.line(line)!.indexOf(name) + 1;
  return isCallOrNewSite(text, { start: { line, character }, end: { line, character: character + name.length } });
}

describe('isCallOrNewSite: only calls and new count', () => {
  it.each([
    'Foo()',
    'a.Foo()',
    'a?.Foo?.()',
    'Foo!()',
    'Foo<string>()',
    'Foo<(a: A) => B, { x: number }>(1)',
    'Foo<\n  T,\n>(1)',
    'new Foo',
    'new Foo()',
    'new z.Foo(1)',
    'Foo`<b>${x}</b>`',
  ])('calls: %s', (code) => expect(judge(code)).toBe(true));

  it.each([
    'x instanceof Foo',
    'x instanceof z.Foo',
    'expect(e).toBeInstanceOf(z.Foo)',
    "import { Foo } from './foo'",
    'let a: Foo = b',
    'const f = Foo;',
    'if (a.Foo < b) { go() }',
    'renew Foo',
    '@Foo class A {}',
  ])('no call: %s', (code) => expect(judge(code)).toBe(false));
});

describe('refineKind: a variable holding a function is a Function', () => {
  it.each([
    ['export const getPath = (request: Request): string => {', 'getPath'],
    ['const f = async (a, b) => a + b', 'f'],
    ['const f = x => x', 'f'],
    ['const f: Handler = (c) => c.text()', 'f'],
    ['const f: (a: A) => B = function (a) {', 'f'],
    ['const f = <T,>(value: T) => value', 'f'],
    ['export const mergePath = (', 'mergePath'],
  ])('%s', (line, name) => expect(refineKind('Variable', line, line.indexOf(name) + 1)).toBe('Function'));

  it.each([
    ['const total = (a + b) * 2', 'total'],
    ['const handler: (a: A) => B = make()', 'handler'],
    ['const x = 1', 'x'],
    ['export type Id = string', 'Id'],
  ])('%s', (line, name) => expect(refineKind('Variable', line, line.indexOf(name) + 1)).not.toBe('Function'));
});
