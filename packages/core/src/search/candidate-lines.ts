import { lineStarts, onlyLineFeeds, positionAt } from '../domain/source-text.js';
import type { LinePattern } from './line-pattern.js';

/** A line of a text that may hold a match of the pattern: its 1-based number, where it starts, its text. */
export interface CandidateLine {
  line: number;
  /** Offset of the line's first character in the text. */
  start: number;
  text: string;
}

/**
 * The lines of `text` the pattern may match, in order, numbered as the compiler numbers them: the lines holding a
 * candidate (a literal every match needs; every line for a pattern without one). The caller matches each
 * (LinePattern.firstMatch, a window at a time on a long line), and lines are found around a candidate with the engine's
 * string search, never by splitting the whole text: in a 7 MB project most files hold `Effect` and few `Effect.gen`.
 * A text with lone CRs or U+2028/2029 is numbered through its full line table instead. Lazy: a caller that has seen
 * enough (its time is up, it paused for other work) stops or resumes between lines.
 */
export function* candidateLines(text: string, pattern: LinePattern): Generator<CandidateLine> {
  let candidate = pattern.nextCandidate(text, 0);
  // Most files hold no candidate: they are not scanned for line terminators at all (1.5 ms of a warm grep on effect).
  if (candidate === undefined) return;
  const starts = onlyLineFeeds(text) ? undefined : lineStarts(text);
  // Lines counted so far (by `\n`) up to `counted`: numbering is incremental, as matches come in order.
  let line = 1;
  let counted = 0;
  while (candidate !== undefined) {
    let start: number;
    let next: number;
    let number: number;
    if (starts) {
      number = positionAt(starts, candidate).line;
      start = starts[number - 1];
      next = starts[number] ?? text.length;
    } else {
      start = text.lastIndexOf('\n', candidate - 1) + 1;
      const end = text.indexOf('\n', candidate);
      next = end === -1 ? text.length : end + 1;
      for (let at = text.indexOf('\n', counted); at !== -1 && at < start; at = text.indexOf('\n', at + 1)) line++;
      counted = start;
      number = line;
    }
    yield { line: number, start, text: text.slice(start, next).replace(/(?:\r\n|[\n\r\u2028\u2029])$/, '') };
    candidate = next < text.length ? pattern.nextCandidate(text, next) : undefined;
  }
}
