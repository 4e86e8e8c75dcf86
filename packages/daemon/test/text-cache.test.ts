import { describe, expect, it } from 'vitest';
import { SourceText } from '@cn/core';
import type { FileStamp } from '@cn/lsp';
import { heapBytes, TextCache } from '../src/adapters/text-cache.js';

const stamp = (value: string) => value as unknown as FileStamp;
const source = (text: string) => new SourceText(text);

describe('TextCache', () => {
  it('answers only for the stamp it was given, and forgets a stale text', () => {
    const cache = new TextCache(100);
    cache.set('/a.ts', stamp('1'), source('alpha'));
    expect(cache.get('/a.ts', stamp('1'))?.text).toBe('alpha');
    expect(cache.get('/a.ts', stamp('2'))).toBeUndefined();
    expect(cache.get('/a.ts', stamp('1'))).toBeUndefined();
  });

  it('stays within its bytes, dropping the least recently used first', () => {
    const cache = new TextCache(10);
    cache.set('/a.ts', stamp('1'), source('aaaa'));
    cache.set('/b.ts', stamp('1'), source('bbbb'));
    expect(cache.get('/a.ts', stamp('1'))?.text).toBe('aaaa'); // a is now the most recent
    cache.set('/c.ts', stamp('1'), source('cccc'));
    expect(cache.get('/b.ts', stamp('1'))).toBeUndefined();
    expect(cache.get('/a.ts', stamp('1'))?.text).toBe('aaaa');
    expect(cache.get('/c.ts', stamp('1'))?.text).toBe('cccc');
  });

  it('keeps no text over the whole budget, and a replaced file does not count twice', () => {
    const cache = new TextCache(10);
    cache.set('/a.ts', stamp('1'), source('aaaaa'));
    cache.set('/a.ts', stamp('2'), source('AAAAA'));
    cache.set('/b.ts', stamp('1'), source('bbbbb'));
    expect(cache.get('/a.ts', stamp('2'))?.text).toBe('AAAAA');
    expect(cache.get('/b.ts', stamp('1'))?.text).toBe('bbbbb');
    cache.set('/a.ts', stamp('3'), source('x'.repeat(11)));
    expect(cache.get('/a.ts', stamp('3'))).toBeUndefined();
    expect(cache.get('/a.ts', stamp('2'))).toBeUndefined();
    cache.set('/empty.ts', stamp('1'), source(''));
    expect(cache.get('/empty.ts', stamp('1'))?.text).toBe('');
  });

  it('counts a text with a character past Latin-1 at two bytes a character, as V8 stores it', () => {
    expect(heapBytes('abcé')).toBe(4);
    expect(heapBytes('a → b')).toBe(10);
    const cache = new TextCache(10);
    cache.set('/a.ts', stamp('1'), source('// → x'));
    cache.set('/b.ts', stamp('1'), source('bbbb'));
    // 12 + 4 bytes: over the budget, so the older text went, though 6 + 4 characters would have fit.
    expect(cache.get('/a.ts', stamp('1'))).toBeUndefined();
    expect(cache.get('/b.ts', stamp('1'))?.text).toBe('bbbb');
  });
});
