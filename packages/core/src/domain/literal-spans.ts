/**
 * Where a file's comments and literal text are: string literals, template text (a template's `${…}` is code), regular
 * expressions and JSX text, each `[start, end)` in UTF-16 offsets, in order and not overlapping. Read from the syntax
 * (DeclarationSyntax.read) and kept by the search index with each file's declarations, so telling a word in a comment
 * or string from one in code costs a binary search, not a lexer pass over the file.
 */
export interface LiteralSpans {
  /** Each span's start and end, flattened: `[start0, end0, start1, end1, …]`. */
  readonly offsets: Int32Array;
  /** Per span: 1 for a comment, 0 for literal text. */
  readonly comments: Uint8Array;
}

export type LiteralKind = 'comment' | 'string';

export const NO_LITERALS: LiteralSpans = { offsets: new Int32Array(0), comments: new Uint8Array(0) };

/** Builds the spans from `[start, end, isComment]` triples in any order. */
export function literalSpans(spans: ReadonlyArray<readonly [number, number, boolean]>): LiteralSpans {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const offsets = new Int32Array(sorted.length * 2);
  const comments = new Uint8Array(sorted.length);
  sorted.forEach(([start, end, comment], index) => {
    offsets[index * 2] = start;
    offsets[index * 2 + 1] = end;
    comments[index] = comment ? 1 : 0;
  });
  return { offsets, comments };
}

/** Whether the offset is in a comment, in literal text, or (undefined) in code. */
export function literalAt(spans: LiteralSpans, offset: number): LiteralKind | undefined {
  let low = 0;
  let high = spans.comments.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (offset < spans.offsets[middle * 2]) high = middle - 1;
    else if (offset >= spans.offsets[middle * 2 + 1]) low = middle + 1;
    else return spans.comments[middle] === 1 ? 'comment' : 'string';
  }
  return undefined;
}
