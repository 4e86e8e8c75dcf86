import { describe, expect, it } from 'vitest';
import { CnError, formatLocationId, looksLikeTarget, parseTarget } from '../src/index.js';

describe('location ids', () => {
  it('round-trips the cn form', () => {
    const id = formatLocationId('src/user.ts', 12, 14);
    expect(id).toBe('src/user.ts::12::14');
    expect(parseTarget(id)).toEqual({ filePath: 'src/user.ts', line: 12, character: 14 });
  });

  it('accepts the ref:: prefix, path::line and compiler/rg styles', () => {
    expect(parseTarget('ref::src/a.ts::3::7')).toEqual({ filePath: 'src/a.ts', line: 3, character: 7 });
    expect(parseTarget('src/a.ts::3')).toEqual({ filePath: 'src/a.ts', line: 3 });
    expect(parseTarget('src/a.ts:3:7')).toEqual({ filePath: 'src/a.ts', line: 3, character: 7 });
    expect(parseTarget('src/a.ts:3')).toEqual({ filePath: 'src/a.ts', line: 3 });
    // ripgrep -n prints the matched text after the line number
    expect(parseTarget('src/a.ts:3:export class A {')).toEqual({ filePath: 'src/a.ts', line: 3 });
    expect(parseTarget('src/dir with space/a.ts::3::1')).toEqual({
      filePath: 'src/dir with space/a.ts',
      line: 3,
      character: 1,
    });
  });

  it.each([
    ['src/a.ts::0::1', /line must be 1 or more/],
    ['src/a.ts::-2::1', /line must be 1 or more/],
    ['src/a.ts::3::0', /column must be 1 or more/],
    ['src/a.ts::x::1', /malformed id/],
    ['src/a.ts', /malformed id/],
    ['::3::1', /malformed id/],
    ['', /empty id/],
    // A fourth part used to be dropped silently: the id named some other place than was meant.
    ['src/a.ts::1::1::1', /malformed id 'src\/a\.ts::1::1::1': more parts than path::line::character/],
    ['src/a.ts::2::3::x', /more parts than path::line::character/],
    // Too many digits to be a line used to be reported as "must be 1 or more".
    ['src/a.ts::12345678901234567890::1', /^line 12345678901234567890 is too large in /],
    ['src/a.ts::3::99999999999999999999999', /^column 99999999999999999999… is too large in /],
  ])('refuses %j', (input, message) => {
    let error: unknown;
    try {
      parseTarget(input);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CnError);
    expect((error as CnError).kind).toBe('bad-input');
    expect((error as CnError).message).toMatch(message);
  });

  it('tells ids from names', () => {
    expect(looksLikeTarget('src/a.ts::3::1')).toBe(true);
    expect(looksLikeTarget('src/a.ts:3')).toBe(true);
    expect(looksLikeTarget('src/a.ts:3:1')).toBe(true);
    expect(looksLikeTarget('User')).toBe(false);
    expect(looksLikeTarget('Observable.subscribe')).toBe(false);
  });
});
