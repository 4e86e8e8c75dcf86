import { describe, expect, it } from 'vitest';
import { LinePattern, SourceText } from '../src/index.js';
import { candidateLines } from '../src/search/candidate-lines.js';

/** The candidate lines that match, with their first match. */
const found = (text: string, source: string) => {
  const pattern = LinePattern.compile(source);
  return [...candidateLines(text, pattern)].flatMap(({ line, start, text: lineText }) => {
    const { match } = pattern.firstMatch(lineText);
    return match ? [{ line, start, lineText, first: match.start }] : [];
  });
};

describe('candidateLines: the lines of a text that may match, numbered as the compiler numbers them', () => {
  it('numbers lines by \\n and \\r\\n, gives a line with several matches once, and the last line without a newline', () => {
    const text = 'hit one\r\nmiss\nhit hit\n\nmiss\nlast hit';
    expect(found(text, 'hit')).toEqual([
      { line: 1, start: 0, lineText: 'hit one', first: 0 },
      { line: 3, start: 14, lineText: 'hit hit', first: 0 },
      { line: 6, start: 28, lineText: 'last hit', first: 5 },
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
    expect([...candidateLines('1999\nnone\nx 2024', LinePattern.compile('\\d{4}'))]).toHaveLength(3);
    expect(found('1999\nnone\nx 2024', '\\d{4}').map(({ line }) => line)).toEqual([1, 3]);
    expect([...candidateLines('nothing here\nat all', LinePattern.compile('zebra'))]).toEqual([]);
  });
});
