import type { Range } from '../domain/location.js';
import type { SourceText } from '../domain/source-text.js';

/** Lines read past a site for `<T,\n U>(` spread over lines; further is never a call of this name. */
const LINES_AHEAD = 4;

/**
 * Whether the name in the range is called (`f()`, `a.f?.()`, `f<T>()`, `` f`…` ``) or constructed
 * (`new F`, `new ns.F()`) there. The engine's call hierarchy also lists a name read as a value on the
 * right of a dot (`x instanceof z.ZodError`, `expect(e).toBeInstanceOf(z.ZodError)`), which no
 * one would call a call: those sites are left out of the graph and counted instead.
 */
export function isCallOrNewSite(text: SourceText, range: Range): boolean {
  const line = text.line(range.start.line);
  if (line === undefined) return false;
  const before = line.slice(0, range.start.character - 1);
  if (/(?:^|[^\w$.])new\s+(?:[\p{L}\p{N}$_]+\s*\.\s*)*$/u.test(before)) return true;
  const endLine = text.line(range.end.line) ?? '';
  const following = [endLine.slice(range.end.character - 1)];
  for (let next = range.end.line + 1; next <= range.end.line + LINES_AHEAD; next++) {
    const content = text.line(next);
    if (content === undefined) break;
    following.push(content);
  }
  return isCalledAfter(following.join('\n'));
}

/** The text right after a name starts its call: optional `!`, type arguments and `?.`, then `(` or a template. */
function isCalledAfter(after: string): boolean {
  let index = skipSpace(after, 0);
  if (after[index] === '!') index = skipSpace(after, index + 1);
  if (after[index] === '<') {
    const closed = typeArgumentsEnd(after, index);
    if (closed === undefined) return false;
    index = skipSpace(after, closed);
  }
  if (after.startsWith('?.', index)) index = skipSpace(after, index + 2);
  return after[index] === '(' || after[index] === '`';
}

/**
 * The index after the `>` closing the type arguments opened at `start`. `=>` inside (function types)
 * closes nothing; a `)`, `}` or `;` that closes what was opened before (`a < b) {`) means a comparison.
 */
function typeArgumentsEnd(text: string, start: number): number | undefined {
  let angles = 0;
  let brackets = 0;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (char === '=' && text[index + 1] === '>') index++;
    else if (char === '<') angles++;
    else if (char === '>' && --angles === 0) return index + 1;
    else if (char === '(' || char === '{' || char === '[') brackets++;
    else if (char === ')' || char === '}' || char === ']') {
      if (--brackets < 0) return undefined;
    } else if (char === ';') return undefined;
  }
  return undefined;
}

function skipSpace(text: string, index: number): number {
  while (index < text.length && /\s/.test(text[index])) index++;
  return index;
}
