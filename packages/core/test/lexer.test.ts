import { describe, expect, it } from 'vitest';
import { relatedSymbols } from '../src/index.js';
import { exportEntries } from '../src/inspect/export-entries.js';
import { literalSpans, tokenize } from '../src/inspect/lexer.js';

const identifiers = (code: string) =>
  tokenize(code)
    .filter((token) => token.type === 'identifier')
    .map((token) => token.text);

describe('tokenize reads regular expression literals as one token', () => {
  it('a quote, a slash or a word inside a regex neither opens a string nor becomes an identifier', () => {
    const code = `const quote = /it's "quoted" \\/ [/'"]+ Hidden/g; call(quote, Visible);`;
    expect(identifiers(code)).toEqual(['const', 'quote', 'call', 'quote', 'Visible']);
    const regex = tokenize(code).find((token) => token.type === 'other' && token.text === 'regex')!;
    expect(code.slice(regex.start, regex.end)).toBe(`/it's "quoted" \\/ [/'"]+ Hidden/g`);
  });

  it('still tells division from a regex', () => {
    expect(identifiers('const half = total / 2 / scale; const q = a / b; // c / d')).toEqual([
      'const',
      'half',
      'total',
      'scale',
      'const',
      'q',
      'a',
      'b',
    ]);
    expect(tokenize('x = a / b').map((token) => token.text)).toEqual(['x', '=', 'a', '/', 'b']);
  });

  it("reads TypeScript's non-null assertion before a division as a division, and `!/re/` as a regex", () => {
    expect(tokenize('const r = a! / 2 / b;').map((token) => token.text)).toEqual([
      'const',
      'r',
      '=',
      'a',
      '!',
      '/',
      'number',
      '/',
      'b',
      ';',
    ]);
    expect(tokenize('f()! / g[0]! / h').map((token) => token.text)).toEqual([
      'f',
      '(',
      ')',
      '!',
      '/',
      'g',
      '[',
      'number',
      ']',
      '!',
      '/',
      'h',
    ]);
    expect(tokenize("if (!/'/.test(s)) x").map((token) => token.text)).toEqual([
      'if',
      '(',
      '!',
      'regex',
      '.',
      'test',
      '(',
      's',
      ')',
      ')',
      'x',
    ]);
    const tokens = tokenize('a! / b');
    expect(tokens.map((token) => 'a! / b'.slice(token.start, token.end))).toEqual(['a', '!', '/', 'b']);
  });

  it('keeps the token shapes the heuristics read: single-character punctuation, #names, strings, templates', () => {
    const tokens = tokenize('a >>= b?.c ... => #secret `t ${ `u ${v}` } w` "s" 1.5e3');
    expect(tokens.map((token) => token.text)).toEqual([
      'a',
      '>',
      '>',
      '=',
      'b',
      '?.',
      'c',
      '...',
      '=>',
      '#',
      'secret',
      'template',
      'template',
      'v',
      'template',
      'template',
      'string',
      'number',
    ]);
  });
});

describe('the heuristics after a regex literal', () => {
  it('relatedSymbols sees the names after a regex holding a quote', () => {
    const code = `const unquote = (text: string) => text.replace(/^['"]|['"]$/g, ''); export function load(config: Config): Loader { return make(config); }`;
    expect(relatedSymbols(code)).toEqual(['Config', 'Loader', 'make']);
  });

  it('exportEntries finds the re-exports after a regex holding a quote', () => {
    const code = [`const QUOTE = /'/;`, `export { parse } from './parse.js';`].join(' ');
    expect(exportEntries(code).map((entry) => [entry.name, entry.from])).toEqual([['parse', './parse.js']]);
  });
});

describe('literalSpans: what cn grep --code-only skips', () => {
  const spans = (code: string, jsx = false) => literalSpans(code, jsx).map(([start, end]) => code.slice(start, end));

  it('comments, strings and template text, but not a template’s expressions', () => {
    expect(spans("// a\nconst s = 'b' /* c */ + `d${e}f`; /g/.test(x)")).toEqual([
      '// a',
      "'b'",
      '/* c */',
      '`d${',
      '}f`',
    ]);
  });

  it('a division after a non-null assertion does not swallow the comment after it', () => {
    expect(spans('const half = value! / 2; // note')).toEqual(['// note']);
  });

  it('JSX text and attribute strings in .tsx/.jsx only', () => {
    expect(spans('const el = <a title="t">hi</a>;', true)).toEqual(['"t"', 'hi']);
  });
});
