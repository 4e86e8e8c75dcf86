import { RE2JS } from 're2js';
import { badInput } from '../domain/errors.js';
import type { SourceText } from '../domain/source-text.js';

/** The longest pattern cn grep takes (the request schema's MAX_PATTERN_LENGTH; route-table.ts checks they agree). */
export const MAX_PATTERN_LENGTH = 1000;

export interface PatternOptions {
  ignoreCase?: boolean;
  /** Only matches bounded by word boundaries. */
  word?: boolean;
  /** A literal string rather than a regular expression. */
  fixed?: boolean;
}

/** Where a match starts and ends in one line's text (UTF-16 offsets). */
export interface LineMatch {
  start: number;
  end: number;
}

/**
 * A line longer than this is searched a window at a time, each window one bounded stretch of work: RE2 runs in time
 * linear in the text but also in the pattern (a `.{900}x` finds its way through 8 KB in ~0.2 s, through a 4 MB line
 * in minutes), and between windows a search can check its time and let other questions in.
 */
export const SEARCH_WINDOW = 8192;
/** Characters of the line on each side of a window that its matches may reach into (and that `\b` and `$` see). */
export const WINDOW_CONTEXT = 1024;

/**
 * A pattern compiled for line-by-line matching in linear time (re2js, a port of RE2: no backtracking, so no pattern
 * can make a search take exponential time), with a prefilter for speed: RE2 works out which literal strings every
 * match must contain (`\bcatch\s*\(` needs `catch`), the engine's own string search finds the lines that hold one, and
 * only those lines reach the matcher. A pattern without such a literal (`\d{4}`) tests every line.
 */
export class LinePattern {
  /** Literals of which every match holds one (none known: undefined). */
  private readonly literals: string[] | undefined;
  /**
   * A regular expression of escaped literals, safe for the backtracking engine (no quantifiers); undefined when the
   * pattern needs a single literal in its exact case, which the engine's string search finds faster (a fresh RegExp
   * starts in V8's regexp interpreter: scanning effect's 516 KB holding `exponential` took 1.9 ms with it).
   */
  private readonly scan: RegExp | undefined;
  private readonly onlyLiteral: string | undefined;
  /** The whole prefilter (every AND and OR of literals) as string searches: most candidate lines stop here. */
  private readonly mayMatch: ((line: string) => boolean) | undefined;

  private constructor(
    private readonly compiled: RE2JS,
    prefilter: unknown,
    ignoreCase: boolean,
  ) {
    const literals = requiredLiterals(prefilter);
    this.literals = literals && literals.length > 0 ? literals : undefined;
    this.onlyLiteral = this.literals?.length === 1 && !ignoreCase ? this.literals[0] : undefined;
    this.scan =
      this.literals && this.onlyLiteral === undefined
        ? new RegExp(this.literals.map(escapeLiteral).join('|'), ignoreCase ? 'giu' : 'gu')
        : undefined;
    this.mayMatch = lineTest(prefilter, ignoreCase);
  }

  static compile(pattern: string, options: PatternOptions = {}): LinePattern {
    if (pattern === '')
      throw badInput('cn grep needs a pattern', 'e.g. cn grep "retry\\w*" src; -F for a literal string');
    if (pattern.length > MAX_PATTERN_LENGTH)
      throw badInput(`the pattern is over ${MAX_PATTERN_LENGTH} characters`, 'search for a shorter one');
    const source = options.fixed ? RE2JS.quote(pattern) : pattern;
    const wrapped = options.word ? `\\b(?:${source})\\b` : source;
    try {
      const compiled = RE2JS.compile(wrapped, options.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
      // Case folding hides the literals from RE2's prefilter; the same pattern without it has them, and a
      // case-insensitive search for them finds every line the folded pattern can match.
      const literalSource = options.ignoreCase ? RE2JS.compile(wrapped, 0) : compiled;
      return new LinePattern(compiled, literalSource.re2().prefilter, options.ignoreCase === true);
    } catch (error) {
      const reason = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
      throw badInput(
        `bad pattern: ${unsupportedSyntax(pattern) ?? reason.replace(/`/g, "'")}`,
        'cn grep takes RE2 syntax, as rg does: no backreferences or lookaround; -F for a literal string',
      );
    }
  }

  /** False when the text's trigram signature shows it holds none of the literals every match needs: nothing to scan. */
  mayMatchIn(source: SourceText): boolean {
    return this.literals === undefined || source.mayContainAny(this.literals);
  }

  /**
   * Offsets in `text` worth testing: each hit of a required literal (the caller tests that hit's line, then asks
   * again from the line's end), or every offset when the pattern has no literal.
   */
  nextCandidate(text: string, from: number): number | undefined {
    if (this.onlyLiteral !== undefined) {
      const at = text.indexOf(this.onlyLiteral, from);
      return at === -1 ? undefined : at;
    }
    if (!this.scan) return from < text.length ? from : undefined;
    this.scan.lastIndex = from;
    const hit = this.scan.exec(text);
    return hit ? hit.index : undefined;
  }

  /**
   * The first match in a line starting at or after `from`, looked for in one bounded stretch: the rest of a line of
   * up to SEARCH_WINDOW characters, the next SEARCH_WINDOW characters of a longer one. Without a match, `searchedTo`
   * says where the next call goes on. In a window, a match counts when it starts there and ends within its context:
   * a match over WINDOW_CONTEXT characters long in a line over SEARCH_WINDOW may be missed (such lines are minified
   * code, the matches an agent greps for are short).
   */
  firstMatch(line: string, from = 0): { match?: LineMatch; searchedTo: number } {
    if (line.length <= SEARCH_WINDOW) {
      // The whole-line tests (string searches, then RE2's DFA, cheaper than finding where) answer for the line only.
      if (from === 0 && (this.mayMatch?.(line) === false || !this.compiled.test(line)))
        return { searchedTo: line.length };
      const matcher = this.compiled.matcher(line);
      const found = from <= line.length && matcher.find(from);
      return { ...(found ? { match: { start: matcher.start(), end: matcher.end() } } : {}), searchedTo: line.length };
    }
    const until = Math.min(line.length, from + SEARCH_WINDOW);
    const windowStart = Math.max(0, from - WINDOW_CONTEXT);
    const windowEnd = Math.min(line.length, until + WINDOW_CONTEXT);
    const window = line.slice(windowStart, windowEnd);
    if (this.mayMatch?.(window) === false || !this.compiled.test(window)) return { searchedTo: until };
    const matcher = this.compiled.matcher(window);
    for (let at = from - windowStart; at <= window.length && matcher.find(at); at = matcher.start() + 1) {
      const start = windowStart + matcher.start();
      const end = windowStart + matcher.end();
      // The next window's, unless this is the line's end (an empty match there).
      if (start >= until && until < line.length) break;
      // One reaching the window's edge may go on past it (or be a `$` at the edge): a window does not say.
      if (end < windowEnd || windowEnd === line.length) return { match: { start, end }, searchedTo: until };
    }
    return { searchedTo: until };
  }

  /** Every match in one line, left to right (an empty match once at each place): for tests and short lines. */
  *matches(line: string, from = 0): Generator<LineMatch> {
    while (from <= line.length) {
      const { match, searchedTo } = this.firstMatch(line, from);
      if (match === undefined) {
        if (searchedTo >= line.length) return;
        from = searchedTo;
        continue;
      }
      yield match;
      from = match.end > match.start ? match.end : match.end + 1;
    }
  }
}

/**
 * What RE2 leaves out on purpose, named: its parser reports `(?<=a)` as an "invalid named capture" and `(?=a)` as
 * "invalid or unsupported Perl syntax", which sent people looking for a typo.
 */
function unsupportedSyntax(pattern: string): string | undefined {
  if (/\(\?<[=!]/.test(pattern)) return 'lookbehind ((?<=…), (?<!…)) is not supported (RE2)';
  if (/\(\?[=!]/.test(pattern)) return 'lookahead ((?=…), (?!…)) is not supported (RE2)';
  if (/\\([1-9]|k<)/.test(pattern)) return 'backreferences (\\1, \\k<name>) are not supported (RE2)';
  return undefined;
}

function escapeLiteral(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * The literals of re2js's prefilter (`prefilter` of the compiled RE2: EXACT strings combined by AND and OR) as one
 * set of which every match contains at least one; undefined when there is no such set. Read defensively: a shape
 * this does not know only costs speed (every line is tested), never a match.
 */
export function requiredLiterals(prefilter: unknown): string[] | undefined {
  if (!isPrefilterNode(prefilter)) return undefined;
  switch (prefilter.type) {
    case PREFILTER_EXACT:
      return typeof prefilter.str === 'string' && prefilter.str !== '' ? [prefilter.str] : undefined;
    case PREFILTER_AND: {
      // Any one child's set will do; the one whose shortest literal is longest finds the fewest lines.
      const choices = prefilter.subs.map(requiredLiterals).filter((set): set is string[] => set !== undefined);
      const shortest = (set: string[]) => Math.min(...set.map((literal) => literal.length));
      return choices.sort((a, b) => shortest(b) - shortest(a) || a.length - b.length)[0];
    }
    case PREFILTER_OR: {
      const union: string[] = [];
      for (const sub of prefilter.subs) {
        const set = requiredLiterals(sub);
        if (set === undefined) return undefined;
        union.push(...set);
      }
      return union.length > 0 ? union : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The prefilter as a test of one line, undefined when it tests nothing. Case-insensitive literals are searched with
 * the engine's `iu` flags, whose Unicode simple case folding is RE2's (`K` also finds the Kelvin sign).
 */
function lineTest(prefilter: unknown, ignoreCase: boolean): ((line: string) => boolean) | undefined {
  if (!isPrefilterNode(prefilter)) return undefined;
  if (prefilter.type === PREFILTER_EXACT) {
    if (typeof prefilter.str !== 'string' || prefilter.str === '') return undefined;
    const literal = prefilter.str;
    if (!ignoreCase) return (line) => line.includes(literal);
    const folded = new RegExp(escapeLiteral(literal), 'iu');
    return (line) => folded.test(line);
  }
  const tests = prefilter.subs.map((sub) => lineTest(sub, ignoreCase));
  const known = tests.filter((test): test is (line: string) => boolean => test !== undefined);
  if (prefilter.type === PREFILTER_AND && known.length > 0) return (line) => known.every((test) => test(line));
  // An alternative that tests nothing may match any line: then the OR tests nothing either.
  if (prefilter.type === PREFILTER_OR && known.length > 0 && known.length === tests.length)
    return (line) => known.some((test) => test(line));
  return undefined;
}

// re2js's Prefilter.Type (NONE is 0).
const PREFILTER_EXACT = 1;
const PREFILTER_AND = 2;
const PREFILTER_OR = 3;

interface PrefilterNode {
  type: number;
  str?: unknown;
  subs: unknown[];
}

function isPrefilterNode(value: unknown): value is PrefilterNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PrefilterNode).type === 'number' &&
    Array.isArray((value as PrefilterNode).subs)
  );
}
