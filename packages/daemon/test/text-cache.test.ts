import { describe, expect, it } from 'vitest';
import type { FileStamp } from '@cn/lsp';
import { TextCache } from '../src/adapters/text-cache.js';

const stamp = (value: string) => value as unknown as FileStamp;

describe('TextCache', () => {
  it('answers only for the stamp it was given, and forgets a stale text', () => {
    const cache = new TextCache(100);
    cache.set('/a.ts', stamp('1'), 'alpha');
    expect(cache.get('/a.ts', stamp('1'))).toBe('alpha');
    expect(cache.get('/a.ts', stamp('2'))).toBeUndefined();
    expect(cache.get('/a.ts', stamp('1'))).toBeUndefined();
  });

  it('stays within its characters, dropping the least recently used first', () => {
    const cache = new TextCache(10);
    cache.set('/a.ts', stamp('1'), 'aaaa');
    cache.set('/b.ts', stamp('1'), 'bbbb');
    expect(cache.get('/a.ts', stamp('1'))).toBe('aaaa'); // a is now the most recent
    cache.set('/c.ts', stamp('1'), 'cccc');
    expect(cache.get('/b.ts', stamp('1'))).toBeUndefined();
    expect(cache.get('/a.ts', stamp('1'))).toBe('aaaa');
    expect(cache.get('/c.ts', stamp('1'))).toBe('cccc');
  });

  it('keeps no text over the whole budget, and a replaced file does not count twice', () => {
    const cache = new TextCache(10);
    cache.set('/a.ts', stamp('1'), 'aaaaa');
    cache.set('/a.ts', stamp('2'), 'AAAAA');
    cache.set('/b.ts', stamp('1'), 'bbbbb');
    expect(cache.get('/a.ts', stamp('2'))).toBe('AAAAA');
    expect(cache.get('/b.ts', stamp('1'))).toBe('bbbbb');
    cache.set('/a.ts', stamp('3'), 'x'.repeat(11));
    expect(cache.get('/a.ts', stamp('3'))).toBeUndefined();
    expect(cache.get('/a.ts', stamp('2'))).toBeUndefined();
    cache.set('/empty.ts', stamp('1'), '');
    expect(cache.get('/empty.ts', stamp('1'))).toBe('');
  });
});
