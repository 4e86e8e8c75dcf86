import { describe, expect, it } from 'vitest';
import { idsFromLines } from '../src/stdin-ids.js';

describe('idsFromLines', () => {
  it('reduces every kind of line to the place it names', () => {
    const input = [
      'src/a.ts::3::7',
      'ref::src/a.ts::4::1',
      'with space/file name.ts::1::17',
      'src/a.ts::9::2  Class  Thing',
      'src/b.ts:12:5:  const x = call();',
      'src/b.ts:12:  const x = call();',
      'src/c.ts(4,10): error TS2322: Type string is not assignable',
      'src/c.ts:4:10 - error TS2322: Type string is not assignable',
      '',
      '   ',
    ].join('\n');
    expect(idsFromLines(input)).toEqual([
      'src/a.ts::3::7',
      'ref::src/a.ts::4::1',
      'with space/file name.ts::1::17',
      'src/a.ts::9::2',
      'src/b.ts:12:5',
      'src/b.ts:12',
      'src/c.ts:4:10',
      'src/c.ts:4:10',
    ]);
  });
});
