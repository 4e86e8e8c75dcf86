import { decodeSourceBytes, type Position, type Range, type SourceLocation } from '@cn/core';
import { LRUCache } from 'lru-cache';
import type * as lsp from 'vscode-languageserver-protocol';
import { lspPlaces, pathToUri } from './convert.js';
import { statWithStamp, type FileStamp } from './file-stamp.js';
import { readRegularFileSync } from './regular-file.js';
import { SAME_LINES, fileLines, type FileLines, type ServerLineBreaks } from './server-lines.js';

/** Files whose conversion is remembered (most hold no separator: an entry is then a stamp and a shared object). */
const MAX_FILES = 2000;
/** U+2028 and U+2029 in UTF-8: a file without either byte sequence (and no UTF-16 BOM) needs no decoding. */
const SEPARATORS_UTF8 = [Buffer.from([0xe2, 0x80, 0xa8]), Buffer.from([0xe2, 0x80, 0xa9])];

/**
 * The session's conversion of places between its server's lines and cn's (server-lines.ts), per file version:
 * a file is read once per stamp, and only while the server counts lines differently from the compiler. The text
 * is the one the server has: cn sends open documents decoded the same way (document-sync.ts), and references
 * elsewhere are read from the same bytes after cn brought the open ones up to date.
 */
export class ServerPositions {
  private readonly files = new LRUCache<string, { stamp: FileStamp; lines: Promise<FileLines> }>({ max: MAX_FILES });

  constructor(private readonly breaks: ServerLineBreaks) {}

  /** The conversion for the file as it is on disk now; the identity when nothing there can be read. */
  async of(file: string): Promise<FileLines> {
    if (this.breaks === 'compiler') return SAME_LINES;
    const found = await statWithStamp(file);
    if (!found?.stats.isFile()) return SAME_LINES;
    const cached = this.files.get(file);
    if (cached?.stamp === found.stamp) return cached.lines;
    const lines = this.read(file);
    this.files.set(file, { stamp: found.stamp, lines });
    return lines;
  }

  /**
   * Synchronously (regular-file.ts): a find's references take every file they are in through here once, ~1,000 on
   * typeorm's DataSource, and a promise per step cost several times the read. Anything but a regular file is no text.
   */
  private async read(file: string): Promise<FileLines> {
    let bytes: Buffer;
    try {
      const found = readRegularFileSync(file);
      if (found.kind !== 'file') return SAME_LINES;
      bytes = found.bytes;
    } catch {
      return SAME_LINES;
    }
    const utf16 =
      bytes.length >= 2 && ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe));
    if (!utf16 && !SEPARATORS_UTF8.some((separator) => bytes.includes(separator))) return SAME_LINES;
    return fileLines(decodeSourceBytes(bytes), this.breaks);
  }

  /** A request's document and position, in the server's lines. */
  async at(file: string, position: Position): Promise<lsp.TextDocumentPositionParams> {
    return { textDocument: { uri: pathToUri(file) }, position: (await this.of(file)).toServer(position) };
  }

  async toServerRange(file: string, range: Range): Promise<lsp.Range> {
    const lines = await this.of(file);
    return { start: lines.toServer(range.start), end: lines.toServer(range.end) };
  }

  /**
   * Definitions, references, implementations: each file read at most once, and each place converted without a promise
   * of its own (2,172 of them for every warm find of typeorm's DataSource).
   */
  async locations(
    result: lsp.Location | lsp.Location[] | lsp.LocationLink[] | null | undefined,
  ): Promise<SourceLocation[]> {
    const places = lspPlaces(result);
    const reading = new Map<string, Promise<FileLines>>();
    for (const { filePath } of places) if (!reading.has(filePath)) reading.set(filePath, this.of(filePath));
    const lines = new Map(
      await Promise.all([...reading].map(async ([filePath, read]) => [filePath, await read] as const)),
    );
    return places.map(({ filePath, range }) => ({ filePath, range: lines.get(filePath)!.fromServerRange(range) }));
  }
}
