import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { CnError, LinePattern, SEARCH_WINDOW, requiredLiterals } from '../src/index.js';

/** Every match of the pattern in each candidate line of the text, as [line text, start, end]. */
function grep(pattern: LinePattern, text: string): Array<[string, number, number]> {
  const found: Array<[string, number, number]> = [];
  const lines = text.split('\n');
  let offset = 0;
  const starts = lines.map((line) => {
    const start = offset;
    offset += line.length + 1;
    return start;
  });
  const tested = new Set<number>();
  for (let at = pattern.nextCandidate(text, 0); at !== undefined;) {
    const index = starts.findLastIndex((start) => start <= at);
    if (!tested.has(index)) {
      tested.add(index);
      for (const { start, end } of pattern.matches(lines[index])) found.push([lines[index], start, end]);
    }
    const next = starts[index] + lines[index].length + 1;
    at = next < text.length ? pattern.nextCandidate(text, next) : undefined;
  }
  return found;
}

describe('LinePattern: RE2 syntax, line by line, in linear time', () => {
  it('finds every match of each line, with UTF-16 offsets (an emoji counts two)', () => {
    expect(grep(LinePattern.compile('retry\\w*'), 'a retryDelay b retrying\nnone\n😀 retry')).toEqual([
      ['a retryDelay b retrying', 2, 12],
      ['a retryDelay b retrying', 15, 23],
      ['😀 retry', 3, 8],
    ]);
  });

  it('ignoreCase, word and fixed behave as rg -i, -w and -F', () => {
    expect(grep(LinePattern.compile('RETRY', { ignoreCase: true }), 'retry\nRetry\nx')).toHaveLength(2);
    expect(grep(LinePattern.compile('retry', { word: true }), 'retry(\nretryDelay\n_retry')).toEqual([
      ['retry(', 0, 5],
    ]);
    expect(grep(LinePattern.compile('a.b(', { fixed: true }), 'a.b(1)\naxb(1)')).toEqual([['a.b(1)', 0, 4]]);
  });

  it('ignoreCase folds as RE2 does, past ASCII (the Kelvin sign is a k), through the prefilter too', () => {
    expect(grep(LinePattern.compile('kelvin scale', { ignoreCase: true }), 'x\n\u212Aelvin SCALE\ny')).toEqual([
      ['\u212Aelvin SCALE', 0, 12],
    ]);
    expect(grep(LinePattern.compile('foo.*bar', { ignoreCase: true }), 'FOO then BAR\nfoo only')).toHaveLength(1);
  });

  it('a pattern with no literal tests every line; an empty match is taken once per place', () => {
    expect(grep(LinePattern.compile('\\d{4}'), 'x 2024\ny\n1999 2000')).toHaveLength(3);
    expect([...LinePattern.compile('x*').matches('ab')].map((match) => match.start)).toEqual([0, 1, 2]);
  });

  it('a line longer than a window is searched a window at a time, with the same matches as the whole line', () => {
    const words = ['alpha', 'foo', 'fooo', 'b4r', '123', 'x', 'na', 'banana', '"q"'];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const line = Array.from({ length: 12_000 }, () => words[Math.floor(random() * words.length)]).join(' ');
    expect(line.length).toBeGreaterThan(3 * SEARCH_WINDOW);
    for (const source of ['foo', '\\bfo+\\b', '^al', 'na$', 'x*', '[0-9]{3}', '"q" [a-z]+ "q"', 'a(?:na)+']) {
      const whole = RE2JS.compile(source).matcher(line);
      const expected: Array<[number, number]> = [];
      for (let from = 0; from <= line.length && whole.find(from);) {
        expected.push([whole.start(), whole.end()]);
        from = whole.end() > whole.start() ? whole.end() : whole.end() + 1;
      }
      const windowed = [...LinePattern.compile(source).matches(line)].map(({ start, end }) => [start, end]);
      expect(windowed, source).toEqual(expected);
    }
  });

  it('a long line costs one bounded search per window, and a match far in is found', () => {
    const line = `${'-'.repeat(5 * SEARCH_WINDOW)}needle${'-'.repeat(SEARCH_WINDOW)}`;
    const pattern = LinePattern.compile('ne+dle');
    const first = pattern.firstMatch(line);
    expect(first).toEqual({ searchedTo: SEARCH_WINDOW });
    let from = 0;
    let searches = 0;
    for (let found = pattern.firstMatch(line, from); ; found = pattern.firstMatch(line, from)) {
      searches++;
      if (found.match) {
        expect(found.match).toEqual({ start: 5 * SEARCH_WINDOW, end: 5 * SEARCH_WINDOW + 6 });
        break;
      }
      from = found.searchedTo;
    }
    expect(searches).toBe(6);
  });

  it('a pattern that makes a backtracking engine run for ages matches in linear time', () => {
    const line = `${'a'.repeat(5000)}!`;
    expect([...LinePattern.compile('(a+)+$').matches(line)]).toEqual([]);
    expect([...LinePattern.compile('(a|aa)*b').matches(line)]).toEqual([]);
  });

  it.each([
    ['a(b', /bad pattern: missing closing \): 'a\(b'/],
    // Issue 22, item 17: RE2 said "invalid named capture" for a lookbehind, "invalid escape sequence" for \1.
    ['(a)\\1', /^bad pattern: backreferences \(\\1, \\k<name>\) are not supported \(RE2\)$/],
    ['(?=a)', /^bad pattern: lookahead \(\(\?=…\), \(\?!…\)\) is not supported \(RE2\)$/],
    ['(?<=a)b', /^bad pattern: lookbehind \(\(\?<=…\), \(\?<!…\)\) is not supported \(RE2\)$/],
    ['(?<!a)b', /^bad pattern: lookbehind /],
    ['(?<name)', /^bad pattern: invalid named capture: '\(\?<name\)'$/],
    ['x{2000}', /bad pattern: invalid repeat count/],
    ['', /needs a pattern/],
    ['a'.repeat(1001), /over 1000 characters/],
  ])('refuses %j with one line naming the problem', (pattern, message) => {
    const refused = (() => {
      try {
        LinePattern.compile(pattern);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(CnError);
    expect((refused as CnError).kind).toBe('bad-input');
    expect((refused as CnError).message).toMatch(message);
    expect((refused as CnError).message).not.toContain('\n');
  });
});

describe('requiredLiterals: what every match must contain, from RE2’s prefilter', () => {
  const literals = (pattern: string) => requiredLiterals(RE2JS.compile(pattern).re2().prefilter);
  it('picks the longest required literal of a sequence, and the union of alternatives', () => {
    expect(literals('\\bcatch\\s*\\(')).toEqual(['catch']);
    expect(literals('(foo|barbaz)\\d')).toEqual(['foo', 'barbaz']);
    expect(literals('[A-Z][a-z]+Error\\b')).toEqual(['Error']);
  });

  it('none when an alternative or the whole pattern has none', () => {
    expect(literals('\\d{4}')).toBeUndefined();
    expect(literals('foo|\\d+')).toBeUndefined();
    expect(requiredLiterals({ type: 'unknown shape' })).toBeUndefined();
    expect(requiredLiterals(null)).toBeUndefined();
  });
});
