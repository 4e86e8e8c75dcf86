import { describe, expect, it } from 'vitest';
import { refineKind } from '../src/ranking/refine-kind.js';

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
