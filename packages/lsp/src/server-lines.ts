import { lineStarts, positionAt, type Position, type Range } from '@cn/core';
import type * as lsp from 'vscode-languageserver-protocol';
import { fromLspPosition, fromLspRange, toLspPosition } from './convert.js';

/**
 * How a language server counts lines. cn's lines are the compiler's (core's SourceText: LF, CRLF, a lone CR,
 * U+2028 and U+2029 each end one), and typescript-language-server reports tsserver's, which are the same. The
 * native server counts as LSP says, LF, CRLF and a lone CR only (typescript-go's lsconv.ComputeLSPLineStarts),
 * so past a U+2028 or U+2029 its lines are off by the separators before them: its places are converted through
 * the file's text, both ways. Columns are UTF-16 code units on both sides.
 */
export type ServerLineBreaks = 'compiler' | 'lsp';

/** One file's places, between the server's 0-based lines and cn's 1-based compiler lines. */
export interface FileLines {
  fromServer(position: lsp.Position): Position;
  fromServerRange(range: lsp.Range): Range;
  toServer(position: Position): lsp.Position;
}

/** The server's lines are the compiler's: only the base differs. */
export const SAME_LINES: FileLines = {
  fromServer: fromLspPosition,
  fromServerRange: fromLspRange,
  toServer: toLspPosition,
};

/** Whether the text holds a line end LSP does not count: only then do the server's lines differ from cn's. */
export function hasSeparatorBreaks(text: string): boolean {
  return text.includes('\u2028') || text.includes('\u2029');
}

/** The conversion for one text, as the server that counts `breaks` sees it. */
export function fileLines(text: string, breaks: ServerLineBreaks): FileLines {
  if (breaks === 'compiler' || !hasSeparatorBreaks(text)) return SAME_LINES;
  const server = lspLineStarts(text);
  const compiler = lineStarts(text);
  const fromServer = (position: lsp.Position): Position =>
    positionAt(compiler, offsetOf(text, server, position.line, position.character));
  return {
    fromServer,
    fromServerRange: (range) => ({ start: fromServer(range.start), end: fromServer(range.end) }),
    toServer(position) {
      const at = positionAt(server, offsetOf(text, compiler, position.line - 1, position.character - 1));
      return { line: at.line - 1, character: at.character - 1 };
    },
  };
}

/** Where each line starts as LSP counts them (LF, CRLF, a lone CR). */
export function lspLineStarts(text: string): number[] {
  // Without a separator the two counts agree, and the compiler's has a fast path for LF-only text.
  if (!hasSeparatorBreaks(text)) return lineStarts(text);
  const starts = [0];
  for (let offset = 0; offset < text.length; offset++) {
    const code = text.charCodeAt(offset);
    if (code === 0x0d && text.charCodeAt(offset + 1) === 0x0a) offset++;
    if (code === 0x0a || code === 0x0d) starts.push(offset + 1);
  }
  return starts;
}

/**
 * The offset of a 0-based line and column, kept on that line (at most its line end's last character): a column
 * past the end is never turned into a place on another line.
 */
function offsetOf(text: string, starts: readonly number[], line: number, character: number): number {
  if (line >= starts.length) return text.length;
  const start = starts[Math.max(0, line)];
  const last = line + 1 < starts.length ? starts[line + 1] - 1 : text.length;
  return Math.min(start + Math.max(0, character), last);
}
