import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { SAME_LINES, fileLines, lspLineStarts } from '../src/server-lines.js';
import { ServerPositions } from '../src/server-positions.js';

/** The text after every kind of line end: LSP counts LF, CRLF and a lone CR; the compiler U+2028/9 too. */
const TEXT = '// a \u2028 b\nconst one = 1;\r/* \u2029 */ const two = 2;\r\nconst three = 3;\n';

/** Where the compiler puts an offset (1-based), and where LSP does (0-based, from LSP's line starts). */
function places(offset: number) {
  const compiler = ts.getLineAndCharacterOfPosition(ts.createSourceFile('a.ts', TEXT, ts.ScriptTarget.Latest), offset);
  const starts = lspLineStarts(TEXT);
  const line = starts.findLastIndex((start) => start <= offset);
  return {
    compiler: { line: compiler.line + 1, character: compiler.character + 1 },
    server: { line, character: offset - starts[line] },
  };
}

describe('places between a server that counts lines as LSP does and the compiler', () => {
  const lines = fileLines(TEXT, 'lsp');

  it('counts LF, CRLF and a lone CR as LSP does, not U+2028/U+2029', () => {
    expect(lspLineStarts(TEXT)).toEqual([
      0,
      TEXT.indexOf('const one'),
      TEXT.indexOf('/*'),
      TEXT.indexOf('const three'),
      TEXT.length,
    ]);
  });

  it('converts every offset of the text both ways', () => {
    for (let offset = 0; offset <= TEXT.length; offset++) {
      const { compiler, server } = places(offset);
      expect(lines.fromServer(server)).toEqual(compiler);
      expect(lines.toServer(compiler)).toEqual(server);
    }
  });

  it('keeps a column past a line’s end on that line', () => {
    expect(lines.fromServer({ line: 1, character: 500 }).line).toBe(3);
    expect(lines.toServer({ line: 1, character: 500 })).toEqual({ line: 0, character: TEXT.indexOf('\u2028') });
  });

  it('is the identity for text without a separator, and for a server that counts as the compiler', () => {
    expect(fileLines('a\rb\r\nc\n', 'lsp')).toBe(SAME_LINES);
    expect(fileLines(TEXT, 'compiler')).toBe(SAME_LINES);
  });
});

describe('ServerPositions', () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'cn-server-lines-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('reads each file once per version, in UTF-16 too, and follows an edit', async () => {
    const file = path.join(directory, 'a.ts');
    const positions = new ServerPositions('lsp');
    writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')]));
    const { compiler, server } = places(TEXT.indexOf('three'));
    expect((await positions.of(file)).fromServer(server)).toEqual(compiler);
    expect(await positions.of(file)).toBe(await positions.of(file));
    writeFileSync(file, 'const plain = 1;\n');
    expect(await positions.of(file)).toBe(SAME_LINES);
    expect(await positions.of(path.join(directory, 'missing.ts'))).toBe(SAME_LINES);
  });

  it('converts every location of an answer in its own file', async () => {
    const file = path.join(directory, 'b.ts');
    writeFileSync(file, TEXT);
    const { compiler, server } = places(TEXT.indexOf('three'));
    const [location] = await new ServerPositions('lsp').locations([
      { uri: `file://${file}`, range: { start: server, end: server } },
    ]);
    expect(location).toEqual({ filePath: file, range: { start: compiler, end: compiler } });
  });
});
