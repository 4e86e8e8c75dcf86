import { describe, expect, it } from 'vitest';
import { changedLines, diffLines } from '../src/domain/line-diff.js';
import { SourceText } from '../src/domain/source-text.js';

const lines = (text: string) => (text === '' ? [] : text.split(''));

describe('diffLines: the changed lines of the new text, as git diff --unified=0 gives them', () => {
  it.each([
    ['nothing changed', 'abc', 'abc', []],
    ['a line rewritten', 'abcd', 'aXcd', [{ start: 2, end: 2 }]],
    ['lines inserted', 'abcd', 'abXYcd', [{ start: 3, end: 4 }]],
    ['a line deleted: the gap after the line before it', 'abcd', 'abd', [{ start: 2, end: 3 }]],
    ['the first line deleted: the gap 0..1', 'abc', 'bc', [{ start: 0, end: 1 }]],
    ['the last line deleted', 'abcd', 'abc', [{ start: 3, end: 4 }]],
    ['a new file', '', 'ab', [{ start: 1, end: 2 }]],
    ['everything deleted', 'ab', '', [{ start: 0, end: 1 }]],
    [
      'separate hunks stay separate',
      'abcdefgh',
      'aXcdefYh',
      [
        { start: 2, end: 2 },
        { start: 7, end: 7 },
      ],
    ],
    ['a replacement longer than what it replaces', 'abcd', 'aXYZd', [{ start: 2, end: 4 }]],
    [
      'a deletion and an insertion apart',
      'abcdef',
      'acdeXf',
      [
        { start: 1, end: 2 },
        { start: 5, end: 5 },
      ],
    ],
  ])('%s', (_what, before, after, expected) => {
    expect(diffLines(lines(before), lines(after))).toEqual(expected);
  });

  it('places an insertion between equal lines as late as it can be (after the closing brace, as git does)', () => {
    const before = ['function a() {', '}', '', 'function c() {', '}'];
    const after = ['function a() {', '}', '', 'function b() {', '}', '', 'function c() {', '}'];
    expect(diffLines(before, after)).toEqual([{ start: 4, end: 6 }]);
  });

  it('finds a shortest script through a shuffled middle (Myers’ own example: 5 edits)', () => {
    const before = ['x', 'a', 'b', 'c', 'a', 'b', 'b', 'a', 'y'];
    const after = ['x', 'c', 'b', 'a', 'b', 'a', 'c', 'y'];
    // The paper's script: delete a b, keep c, insert b, keep a b, delete b, keep a, insert c. git's heuristics pick
    // another of the same length here (@@ -2,2 +1,0 @@, @@ -5 +2,0 @@, @@ -6,0 +4 @@, @@ -8,0 +7 @@).
    expect(diffLines(before, after)).toEqual([
      { start: 1, end: 2 },
      { start: 3, end: 3 },
      { start: 5, end: 6 },
      { start: 7, end: 7 },
    ]);
  });

  it('past 2,000 edits the whole span between the common ends is one change', () => {
    const before = Array.from({ length: 5000 }, (_, index) => `old ${index}`);
    const after = Array.from({ length: 5000 }, (_, index) => `new ${index}`);
    expect(diffLines(['head', ...before, 'tail'], ['head', ...after, 'tail'])).toEqual([{ start: 2, end: 5001 }]);
  });
});

describe('changedLines', () => {
  it('compares the compiler’s lines without their terminators: CRLF against LF is no change', () => {
    expect(changedLines(new SourceText('a\nb\nc\n'), new SourceText('a\r\nb\r\nc\r\n'))).toEqual([]);
    expect(changedLines(new SourceText('a\nb\n'), new SourceText('a\r\nB\r\n'))).toEqual([{ start: 2, end: 2 }]);
  });

  it('counts lines as the outline does (a lone CR ends a line)', () => {
    expect(changedLines(new SourceText('a\rb\rc'), new SourceText('a\rB\rc'))).toEqual([{ start: 2, end: 2 }]);
  });
});
