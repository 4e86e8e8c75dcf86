import { describe, expect, it } from 'vitest';
import { kindFilter, rankSymbols, type WorkspaceSymbolHit } from '../src/index.js';
import {
  charKind,
  compareRanked,
  isLetterOrDigit,
  nameMatch,
  sortRanked,
  type RankedHit,
} from '../src/ranking/rank-symbols.js';

const hit = (name: string, kind: string, filePath: string, line = 1): WorkspaceSymbolHit => ({
  name,
  kind,
  filePath,
  range: { start: { line, character: 1 }, end: { line, character: 10 } },
});

describe('rankSymbols', () => {
  it('puts the exact case-sensitive class first, then ignoring case, then prefix; drops non-matches', () => {
    const ranked = rankSymbols(
      [
        hit('observable', 'Variable', '/p/src/symbol/observable.ts'),
        hit('ObservableInput', 'TypeParameter', '/p/src/types.ts'),
        hit('isObservable', 'Function', '/p/src/util/isObservable.ts'),
        hit('Observable', 'Class', '/p/src/Observable.ts'),
        hit('Subject', 'Class', '/p/src/Subject.ts'),
      ],
      'Observable',
    ).map((r) => `${r.hit.name}:${r.hit.kind}`);
    expect(ranked).toEqual([
      'Observable:Class',
      'observable:Variable',
      'ObservableInput:TypeParameter',
      'isObservable:Function',
    ]);
  });

  it('prefers project sources over declaration files and node_modules, classes over re-exported variables', () => {
    const ranked = rankSymbols(
      [
        hit('User', 'Class', '/p/node_modules/lib/user.ts'),
        hit('User', 'Class', '/p/types/user.d.ts'),
        hit('User', 'Variable', '/p/src/index.ts'),
        hit('User', 'Class', '/p/src/user.ts'),
      ],
      'User',
    ).map((r) => r.hit.filePath);
    expect(ranked).toEqual(['/p/src/user.ts', '/p/src/index.ts', '/p/types/user.d.ts', '/p/node_modules/lib/user.ts']);
  });
});

describe('kindFilter', () => {
  it('maps the words people use onto SymbolKind names', () => {
    expect(kindFilter('variable')!('Constant')).toBe(true);
    expect(kindFilter('Class')!('Class')).toBe(true);
    expect(kindFilter('class')!('Variable')).toBe(false);
    expect(kindFilter(undefined)).toBeUndefined();
  });

  it('takes a comma list as a union (an agent asked --kind method,function and was refused)', () => {
    const either = kindFilter('method, function')!;
    expect(['Method', 'Getter', 'Function', 'Class'].map(either)).toEqual([true, true, true, false]);
    expect(() => kindFilter('method,gizmo')).toThrow(/unknown kind 'gizmo'/);
    expect(() => kindFilter(',')).toThrow(/unknown kind ','/);
  });

  it('refuses unknown kinds with the list of known ones', () => {
    expect(() => kindFilter('gizmo')).toThrow(/unknown kind 'gizmo'/);
  });
});

describe('rankSymbols: the declaration an agent means', () => {
  it('prefers the top-level declaration in the file named after the symbol over a module augmentation elsewhere', () => {
    const augmentation = { ...hit('Effect', 'Interface', '/p/src/Channel.ts', 132), containerName: './Effect.js' };
    const home = hit('Effect', 'Interface', '/p/src/Effect.ts', 80);
    expect(rankSymbols([augmentation, home], 'Effect').map((r) => r.hit.filePath)).toEqual([
      '/p/src/Effect.ts',
      '/p/src/Channel.ts',
    ]);
  });
});

describe('rankSymbols: re-exports', () => {
  it('ranks a re-export below the declaration it points at, whatever the file order', () => {
    const reexport = { ...hit('asyncScheduler', 'Constant', '/p/src/index.ts', 3), alias: true };
    const declaration = hit('asyncScheduler', 'Constant', '/p/src/internal/scheduler/async.ts', 51);
    expect(rankSymbols([reexport, declaration], 'asyncScheduler').map((r) => r.hit.filePath)).toEqual([
      '/p/src/internal/scheduler/async.ts',
      '/p/src/index.ts',
    ]);
  });
});

describe('name matches inside a name', () => {
  it('count only when they cover whole words, so a typo is not taken for a longer name', async () => {
    const { nameMatch, NameMatch, wordStarts } = await import('../src/ranking/rank-symbols.js');
    expect(nameMatch('LinearRouter', 'Router')).toBe(NameMatch.Substring);
    expect(nameMatch('LinearRouter', 'router')).toBe(NameMatch.Substring);
    expect(nameMatch('safeParse', 'parse')).toBe(NameMatch.Substring);
    expect(nameMatch('SafeParseError', 'ParseError')).toBe(NameMatch.Substring);
    expect(nameMatch('parseHTTPResponse', 'http')).toBe(NameMatch.Substring);
    expect(nameMatch('get_user_id', 'user')).toBe(NameMatch.Substring);
    expect(nameMatch('SafeParseError', 'parsee')).toBeUndefined();
    expect(nameMatch('Observable', 'servable')).toBeUndefined();
    expect([...wordStarts('parseHTTPResponse2x')]).toEqual([0, 5, 9, 17, 18]);
  });
});

describe('sortRanked', () => {
  it('orders as compareRanked does', () => {
    const names = ['User', 'user', 'UserRepository', 'isUser'];
    const kinds = ['Class', 'Variable', 'Function', 'Interface'];
    const files = ['/p/src/a.ts', '/p/node_modules/x/b.ts', '/p/test/c.spec.ts', '/p/types/d.d.ts', '/p/src/B.ts'];
    const ranked: RankedHit[] = [];
    for (let i = 0; i < 120; i++) {
      const found = hit(names[i % 4], kinds[(i * 7) % 4], files[(i * 3) % 5], 1 + ((i * 11) % 9));
      ranked.push({ hit: found, match: nameMatch(found.name, 'User')!, ...(i % 3 === 0 ? { exported: true } : {}) });
    }
    const expected = [...ranked].sort(compareRanked);
    expect(new Set(expected.map(({ hit }) => hit.filePath)).size).toBe(5);
    expect(sortRanked([...ranked].reverse())).toEqual([...ranked].reverse().sort(compareRanked));
    expect(sortRanked([...ranked])).toEqual(expected);
  });
});

describe('the character classes of word starts', () => {
  it('are the Unicode properties for every UTF-16 code unit, ASCII told by its code', () => {
    const byProperty = (char: string) =>
      /\p{Lu}/u.test(char) ? 'upper' : /\p{Ll}/u.test(char) ? 'lower' : /\p{N}/u.test(char) ? 'digit' : 'other';
    const differing: number[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code);
      if (charKind(char) !== byProperty(char) || isLetterOrDigit(char) !== /[\p{L}\p{N}]/u.test(char))
        differing.push(code);
    }
    expect(differing).toEqual([]);
    expect(charKind(undefined)).toBe('none');
  });
});
