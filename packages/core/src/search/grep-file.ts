import type { GrepGroup, GrepMatch } from '@cn/protocol';
import { formatLocationId } from '../domain/ids.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import { PREVIEW_MAX } from '../domain/source-text.js';
import { MODULE_NODE_NAME } from '../graph/module-items.js';
import { literalSpans } from '../inspect/lexer.js';
import type { DeclarationSpan } from '../ports/declaration-syntax.js';
import type { LineMatch, LinePattern } from './line-pattern.js';
import { candidateLines, type CandidateLine } from './candidate-lines.js';
import type { SearchIndex } from './search-index.js';
import type { WorkBudget } from './work-budget.js';

/** A long line's preview starts this many characters before the match, so the match is always in it. */
const PREVIEW_LEAD = 20;
/** A line longer than this is said to be long (`lineLength`): minified or generated code, seen through a preview. */
export const LONG_LINE = 1000;
/**
 * Matches inside comments and strings looked past on one line (`--code-only`) before the line is given up: each costs
 * a search of the rest of the line, and a minified line may hold a million strings.
 */
export const MAX_MATCHES_PER_LINE = 1000;

export interface Found {
  filePath: string;
  in: GrepGroup['in'];
  match: GrepMatch;
}

export interface FileMatches {
  found: Found[];
  /** The line the search was on when its time ran out (the file was searched up to it). */
  cutAtLine?: number;
  /** Lines given up after MAX_MATCHES_PER_LINE matches in comments and strings (`--code-only`). */
  linesGivenUp: number;
}

export interface GrepFileDeps {
  paths: ProjectPaths;
  searchIndex: Pick<SearchIndex, 'declarationsOf'>;
}

/**
 * One file's matching lines (each once, at its first match; with `codeOnly` the first outside comments, strings and
 * template text), grouped by the innermost declaration. The budget is checked on every line and every window of a
 * long one, and the search pauses for other questions between them: a 4 MB line of `a`s is one search, not four
 * million.
 */
export async function grepFile(
  deps: GrepFileDeps,
  filePath: string,
  text: string,
  pattern: LinePattern,
  options: { codeOnly: boolean; maxLines: number; budget: WorkBudget },
): Promise<FileMatches> {
  const { budget } = options;
  let literals: ((offset: number) => number | undefined) | undefined;
  const lines: Array<{ line: number; offset: number; character: number; text: string }> = [];
  let cutAtLine: number | undefined;
  let linesGivenUp = 0;
  for (const candidate of candidateLines(text, pattern)) {
    if (options.codeOnly) literals ??= literalEnds(filePath, text);
    const { match, givenUp, outOfTime } = await firstOnLine(candidate, pattern, budget, literals);
    if (givenUp) linesGivenUp++;
    if (outOfTime) {
      cutAtLine = candidate.line;
      break;
    }
    if (match) {
      const { line, start, text: lineText } = candidate;
      lines.push({ line, offset: start + match.start, character: match.start + 1, text: lineText });
    }
    if (lines.length >= options.maxLines) break;
  }
  if (lines.length === 0) return { found: [], cutAtLine, linesGivenUp };
  const relative = deps.paths.toRelative(filePath);
  for (let pause = budget.pauseIfDue(); pause; pause = budget.pauseIfDue()) await pause;
  const declarations = await deps.searchIndex.declarationsOf(filePath, text);
  const found = lines.map(({ line, offset, character, text: lineText }) => ({
    filePath: relative,
    in: enclosingAt(relative, declarations, offset),
    match: grepMatch(lineText, line, character),
  }));
  return { found, cutAtLine, linesGivenUp };
}

/**
 * The line's first match (with `literalEnd`, the first outside comments, strings and template text), searched a
 * window at a time, the time checked before each. Past a match inside a literal the search goes on from that
 * literal's end: `x*` (an empty match at every character) costs one search per literal, not one per character.
 */
async function firstOnLine(
  line: CandidateLine,
  pattern: LinePattern,
  budget: WorkBudget,
  literalEnd: ((offset: number) => number | undefined) | undefined,
): Promise<{ match?: LineMatch; givenUp?: true; outOfTime?: true }> {
  let looked = 0;
  for (let from = 0; from <= line.text.length;) {
    for (let pause = budget.pauseIfDue(); pause; pause = budget.pauseIfDue()) await pause;
    if (budget.spent()) return { outOfTime: true };
    const { match, searchedTo } = pattern.firstMatch(line.text, from);
    if (match === undefined) {
      if (searchedTo >= line.text.length) return {};
      from = searchedTo;
    } else {
      const end = literalEnd?.(line.start + match.start);
      if (end === undefined) return { match };
      if (++looked >= MAX_MATCHES_PER_LINE) return { givenUp: true };
      from = end - line.start;
    }
  }
  return {};
}

/** Where the comment, string or template text holding an offset ends; undefined for an offset in code. */
function literalEnds(filePath: string, text: string): (offset: number) => number | undefined {
  const spans = literalSpans(text, /\.[jt]sx$/i.test(filePath));
  return (offset) => {
    let low = 0;
    let high = spans.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const [start, end] = spans[middle];
      if (offset < start) high = middle - 1;
      else if (offset >= end) low = middle + 1;
      else return end;
    }
    return undefined;
  };
}

/**
 * The innermost declaration whose text (doc comment to end) holds the offset: the last one in source order that
 * does, since nested declarations follow the one holding them. A match on a declaration's own name is in it.
 */
function enclosingAt(relativePath: string, declarations: readonly DeclarationSpan[], offset: number): GrepGroup['in'] {
  let innermost: DeclarationSpan | undefined;
  for (const declaration of declarations) {
    if (declaration.start > offset) break;
    if (offset < declaration.end) innermost = declaration;
  }
  if (!innermost) return { name: MODULE_NODE_NAME, kind: 'Module', id: relativePath };
  const { name, kind, container, position } = innermost;
  return {
    name,
    kind,
    id: formatLocationId(relativePath, position.line, position.character),
    ...(container !== undefined ? { container } : {}),
  };
}

/** A match as the answer gives it: its place, the line's preview, and the line's length when it is a long one. */
function grepMatch(lineText: string, line: number, character: number): GrepMatch {
  return {
    line,
    character,
    preview: grepPreview(lineText, character),
    ...(lineText.length > LONG_LINE ? { lineLength: lineText.length } : {}),
  };
}

/**
 * The matching line, trimmed; a line longer than a preview is shown from a little before the match, `…` standing for
 * each end left out, so at most PREVIEW_MAX characters of a line are ever printed.
 */
export function grepPreview(line: string, character: number): string {
  const trimmed = line.trim();
  if (trimmed.length <= PREVIEW_MAX) return trimmed;
  const matchAt = character - 1 - (line.length - line.trimStart().length);
  const from = Math.max(0, Math.min(matchAt - PREVIEW_LEAD, trimmed.length - PREVIEW_MAX + 1));
  const head = from === 0 ? '' : '…';
  const room = PREVIEW_MAX - head.length;
  const tail = from + room < trimmed.length ? '…' : '';
  return `${head}${trimmed.slice(from, from + room - tail.length)}${tail}`;
}
