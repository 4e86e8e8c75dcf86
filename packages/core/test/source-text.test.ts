import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { decodeSourceBytes, identifierAround, lineStarts, SourceText } from '../src/index.js';

/** The compiler's 1-based line and column of an offset: what the language server reports. */
function compilerPosition(text: string, offset: number): { line: number; character: number } {
  const { line, character } = ts.getLineAndCharacterOfPosition(
    ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest),
    offset,
  );
  return { line: line + 1, character: character + 1 };
}

const BREAKS =
  '// lone CR\rexport const afterCr = 1;\r\n/* para \u2029 sep */ export const afterPara = 2;\nconst s = "line \u2028 sep"; export const afterLs = s;\n';

describe('SourceText: lines as the compiler counts them', () => {
  it('breaks lines at LF, CRLF, a lone CR, U+2028 and U+2029, like ts.computeLineStarts', () => {
    expect(lineStarts(BREAKS)).toEqual([...ts.computeLineStarts(BREAKS)]);
    expect(lineStarts('a\r\rb\u2028\u2029')).toEqual([...ts.computeLineStarts('a\r\rb\u2028\u2029')]);
  });

  it.each(['afterCr', 'afterPara', 'afterLs'])('finds %s at the line and column the compiler gives it', (name) => {
    const text = new SourceText(BREAKS);
    const { line, character } = compilerPosition(BREAKS, BREAKS.indexOf(name));
    expect(text.line(line)?.slice(character - 1, character - 1 + name.length)).toBe(name);
  });

  it('keeps terminators out of lines and previews', () => {
    const text = new SourceText(BREAKS);
    expect(text.lineCount).toBe(ts.computeLineStarts(BREAKS).length - 1);
    expect(text.lineRange(1, text.lineCount).some((line) => /[\r\n\u2028\u2029]/.test(line))).toBe(false);
    expect(text.preview(2)).toBe('export const afterCr = 1;');
  });

  it.each([
    ['breaks of every kind', BREAKS],
    ['no trailing newline', 'a\nb'],
    ['a trailing CRLF', 'a\r\nb\r\n'],
    ['only a newline', '\n'],
    ['empty', ''],
  ])('reads lines, counts and slices on demand exactly as splitting the whole text gives them: %s', (_name, source) => {
    const split = source.split(/\r\n|[\n\r\u2028\u2029]/);
    // A trailing newline does not make another line.
    if (split.length > 1 && split[split.length - 1] === '') split.pop();
    const text = new SourceText(source);
    expect(text.lineRange(1, text.lineCount)).toEqual(split);
    expect(text.lineCount).toBe(split.length);
    split.forEach((line, index) => expect(text.line(index + 1)).toBe(line));
    expect([text.line(0), text.line(split.length + 1), text.line(1.5)]).toEqual([undefined, undefined, undefined]);
    expect(text.slice(1, split.length)).toBe(split.join('\n'));
    expect(text.slice(2, split.length + 5)).toBe(split.slice(1).join('\n'));
  });
});

describe('decodeSourceBytes: bytes read as the compiler reads them (ts.sys.readFile)', () => {
  const code = 'export const wide = "é🚀";\n';
  it.each([
    ['UTF-8 without a BOM', Buffer.from(code, 'utf8')],
    [
      'UTF-8 with a BOM (dropped: it would shift line 1 by a column)',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(code, 'utf8')]),
    ],
    ['UTF-16 LE with a BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(code, 'utf16le')])],
    ['UTF-16 BE with a BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(code, 'utf16le').swap16()])],
  ])('%s', (_name, bytes) => {
    expect(decodeSourceBytes(bytes)).toBe(code);
  });

  it('agrees with the compiler on the edges: an odd last UTF-16 byte is dropped, a lone surrogate kept, a second BOM kept', () => {
    const odd = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('ab', 'utf16le'), Buffer.from([0x41])]);
    expect(decodeSourceBytes(odd)).toBe('ab');
    const oddBigEndian = Buffer.concat([
      Buffer.from([0xfe, 0xff]),
      Buffer.from('ab', 'utf16le').swap16(),
      Buffer.from([0x41]),
    ]);
    expect(decodeSourceBytes(oddBigEndian)).toBe('ab');
    const loneSurrogate = Buffer.from('a\ud800b', 'utf16le');
    expect(decodeSourceBytes(Buffer.concat([Buffer.from([0xff, 0xfe]), loneSurrogate]))).toBe('a\ud800b');
    expect(decodeSourceBytes(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(loneSurrogate).swap16()]))).toBe(
      'a\ud800b',
    );
    const long = 'x'.repeat(20_000) + '\u00e9';
    expect(decodeSourceBytes(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(long, 'utf16le')]))).toBe(long);
    const twoBoms = Buffer.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x61]);
    expect(decodeSourceBytes(twoBoms)).toBe('\ufeffa');
  });

  it('leaves the bytes it was given untouched (the BE swap works on a copy)', () => {
    const bytes = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('ab', 'utf16le').swap16()]);
    const before = Buffer.from(bytes);
    decodeSourceBytes(bytes);
    expect(bytes.equals(before)).toBe(true);
  });
});

describe('identifierAround', () => {
  it('gives the whole identifier under any of its columns, private names with their #', () => {
    const line = '  timer = setTimeout(this.#path, 名前);';
    expect(identifierAround(line, 11)).toBe('setTimeout');
    expect(identifierAround(line, 12)).toBe('setTimeout');
    expect(identifierAround(line, 20)).toBe('setTimeout');
    expect(identifierAround(line, 27)).toBe('#path');
    expect(identifierAround(line, 29)).toBe('#path');
    expect(identifierAround(line, 34)).toBe('名前');
    expect(identifierAround(line, 21)).toBe('');
    expect(identifierAround(undefined, 3)).toBe('');
  });
});
