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

describe('lines of rg -n run on one file (issue 24, item 11)', () => {
  // rg leaves the file name out when it searches one file: `590:    throw …`, and `591-` for a context line.
  const rg = ['590:    throw new Error("x");', '591-  }', '12:5:const x = 1;'].join('\n');

  it('name places in --file', () => {
    expect(idsFromLines(rg, 'src/request.ts')).toEqual([
      'src/request.ts:590',
      'src/request.ts:591',
      'src/request.ts:12:5',
    ]);
  });

  it('without --file are refused once, saying why and what to pass', () => {
    expect(() => idsFromLines(rg)).toThrow(
      expect.objectContaining({
        kind: 'bad-input',
        message: '\'590:    throw new Error("x");\' has a line number but no file',
        hint: 'rg omits the file name when it searches one file: pass --file <path>, or run rg with -H',
      }),
    );
  });

  it('leave lines that name their file alone, --file or not', () => {
    expect(idsFromLines('src/b.ts:12:  x', 'src/other.ts')).toEqual(['src/b.ts:12']);
  });
});
