import { describe, expect, it } from 'vitest';
import { LinePattern, SourceText } from '../src/index.js';
import { matchingLines } from '../src/search/matching-lines.js';

const found = (text: string, pattern: string) =>
  [...matchingLines(text, LinePattern.compile(pattern))].map(({ line, start, text: lineText, matches }) => ({
    line,
    start,
    lineText,
    at: matches.map((match) => match.start),
  }));

describe('matchingLines: the matched lines of a text, numbered as the compiler numbers them', () => {
  it('numbers lines by \\n and \\r\\n, finds several matches on a line once, and the last line without a newline', () => {
    const text = 'hit one\r\nmiss\nhit hit\n\nmiss\nlast hit';
    expect(found(text, 'hit')).toEqual([
      { line: 1, start: 0, lineText: 'hit one', at: [0] },
      { line: 3, start: 14, lineText: 'hit hit', at: [0, 4] },
      { line: 6, start: 28, lineText: 'last hit', at: [5] },
    ]);
  });

  it('agrees with SourceText on texts with lone CRs and U+2028/2029 line ends', () => {
    const text = 'a hit\rb\u2028hit c\u2029d\r\nhit\nx hit';
    const source = new SourceText(text);
    const lines = found(text, 'hit');
    expect(lines.map(({ line, lineText }) => [line, lineText])).toEqual(
      lines.map(({ line }) => [line, source.line(line)]),
    );
    expect(lines.map(({ line }) => line)).toEqual([1, 3, 5, 6]);
  });

  it('a pattern with no literal tests every line, and a text with no candidate costs no line at all', () => {
    expect(found('1999\nnone\nx 2024', '\\d{4}').map(({ line }) => line)).toEqual([1, 3]);
    expect(found('nothing here\nat all', 'zebra')).toEqual([]);
  });
});
