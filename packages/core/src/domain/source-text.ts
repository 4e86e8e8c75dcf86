import { TrigramSignature } from './trigram-signature.js';

/**
 * A file's text as lines, for previews and line-range checks. Lines are the compiler's: LF, CRLF, a lone CR, U+2028
 * and U+2029 all end a line (ts.computeLineStarts), so every line and column cn prints or accepts is the one the
 * language server reports. Only the line starts are found up front; a line's text is cut when asked for (a preview
 * needs one line of a 900 KB file, not 20,000).
 */
export class SourceText {
  private starts: readonly number[] | undefined;
  private count: number | undefined;
  private trigrams: TrigramSignature | undefined;

  constructor(readonly text: string) {}

  /**
   * Offsets where lines start, computed on first use: a `find` wraps the ~100 files its references live in and
   * reads one line of most, so splitting every file into strings up front cost more than the rest of the answer.
   * Kept with the text (the daemon keeps texts between questions): never split into an array of lines.
   */
  get lineStarts(): readonly number[] {
    this.starts ??= lineStarts(this.text);
    return this.starts;
  }

  get lineCount(): number {
    if (this.count === undefined) {
      const starts = this.lineStarts;
      // A trailing newline does not make another line a user can point at.
      this.count =
        starts.length > 1 && starts[starts.length - 1] === this.text.length ? starts.length - 1 : starts.length;
    }
    return this.count;
  }

  /** Lines `first` to `last` (1-based, within the file), without their terminators. */
  lineRange(first: number, last: number): string[] {
    const lines: string[] = [];
    for (let line = Math.max(1, first); line <= Math.min(this.lineCount, last); line++) lines.push(this.line(line)!);
    return lines;
  }

  /**
   * Computes the text's trigram signature, kept with it: the search index does as it reads each file (in the
   * background), so `cn grep` can skip texts that cannot match. Not computed on demand by grep itself: a text read
   * anew for each grep (a project over the text cache's budget) would cost ten times its scan.
   */
  indexTrigrams(): void {
    this.trigramSignature();
  }

  /** The text's trigram signature, computed now if it was not. */
  trigramSignature(): TrigramSignature {
    this.trigrams ??= TrigramSignature.of(this.text);
    return this.trigrams;
  }

  /** False only when the text surely holds none of `literals`; true while its signature is not computed. */
  mayContainAny(literals: readonly string[]): boolean {
    return this.trigrams === undefined || this.trigrams.mayContainAny(literals);
  }

  /** 1-based; undefined past the end. */
  line(line: number): string | undefined {
    if (!Number.isInteger(line) || line < 1 || line > this.lineCount) return undefined;
    const starts = this.lineStarts;
    return withoutTerminator(this.text.slice(starts[line - 1], starts[line] ?? this.text.length));
  }

  preview(line: number): string {
    return clipPreview((this.line(line) ?? '').trim());
  }

  slice(startLine: number, endLine: number): string {
    return this.lineRange(startLine, endLine).join('\n');
  }
}

const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const LINE_SEPARATOR = 0x2028;
const PARAGRAPH_SEPARATOR = 0x2029;

/** Offsets where each line starts, exactly as TypeScript's computeLineStarts counts them. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  if (onlyLineFeeds(text)) {
    // Only LF and CRLF: the engine's string search finds them faster than a loop over every character.
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
    return starts;
  }
  for (let offset = 0; offset < text.length; offset++) {
    const code = text.charCodeAt(offset);
    if (code === CARRIAGE_RETURN && text.charCodeAt(offset + 1) === LINE_FEED) offset++;
    if (code === LINE_FEED || code === CARRIAGE_RETURN || code === LINE_SEPARATOR || code === PARAGRAPH_SEPARATOR)
      starts.push(offset + 1);
  }
  return starts;
}

/** No line end but LF and CRLF (no lone CR, U+2028 or U+2029): three string searches, cheaper than a pattern. */
export function onlyLineFeeds(text: string): boolean {
  return (
    text.indexOf('\u2028') === -1 &&
    text.indexOf('\u2029') === -1 &&
    (text.indexOf('\r') === -1 || !/\r(?!\n)/.test(text))
  );
}

/** The 1-based line and UTF-16 column of an offset, given the text's line starts. */
export function positionAt(starts: readonly number[], offset: number): { line: number; character: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, character: offset - starts[low] + 1 };
}

function withoutTerminator(line: string): string {
  return line.replace(/(?:\r\n|[\n\r\u2028\u2029])$/, '');
}

export const PREVIEW_MAX = 100;

export function clipPreview(text: string): string {
  return text.length > PREVIEW_MAX ? text.slice(0, PREVIEW_MAX) : text;
}

/**
 * The whole identifier under a 1-based column (`#name` for a private one), or '' when the column is
 * on no identifier: an id may point anywhere inside a name, and `setTimeout` must not come out as `tTimeout`.
 */
export function identifierAround(content: string | undefined, character: number): string {
  const line = content ?? '';
  // On the `#` of a private name, the name starts one further.
  const at = line[character - 1] === '#' ? character : character - 1;
  const before = /[\p{L}\p{N}$_]*$/u.exec(line.slice(0, Math.max(0, at)))![0];
  const after = /^[\p{L}\p{N}$_]*/u.exec(line.slice(Math.max(0, at)))![0];
  if (after === '') return '';
  const start = at - before.length;
  return (line[start - 1] === '#' ? '#' : '') + before + after;
}
