import type { RankedLocatedSymbol } from './symbol-search.js';
import { NameMatch, rankAlike } from '../ranking/rank-symbols.js';

/**
 * Which of a name's matches an answer gives (issue 23: "never a silent pick"), shared by every command that takes a
 * name: `cn find` answers each with its references; calls and impl may answer each, or flag the guess.
 */

/** How many declarations one name answers at most; the rest stay candidates, to re-ask by id. */
export const MAX_ANSWERED = 5;

/** A declaration a name answers beside the best one, and why. */
export interface AnsweredDeclaration {
  symbol: RankedLocatedSymbol;
  /** `merged`: the same name's other meaning (declared with the best one); `alike`: it ranks as high. */
  relation: 'merged' | 'alike';
}

export interface NameAnswers {
  /** The best match. */
  best: RankedLocatedSymbol;
  /** The other declarations answered with it, its other meanings first. */
  more: AnsweredDeclaration[];
  /** The remaining matches worth listing, best first. */
  others: RankedLocatedSymbol[];
  /** Another match ranks as high as the best (answered in `more` or, past MAX_ANSWERED, among `others`). */
  ambiguous: boolean;
  /** Matches that were the same declaration again (overload signatures, the other accessor): no candidates. */
  collapsed: number;
}

/**
 * The declarations a name answers: the best match; the other declarations of its name in the same file and container
 * (an interface and a const, a class and a namespace: one name's meanings, whose references the engine keeps apart);
 * and, for a name that matched exactly and is not qualified (`Class.member` is certain), every other declaration that
 * ranks as high (two exported functions `mergePath`). Overload signatures and a get/set pair are one declaration
 * first. When the name matched exactly, longer names and other spellings are counted, not listed.
 */
export function declarationsAnswered(located: RankedLocatedSymbol[], options: { qualified: boolean }): NameAnswers {
  const declarations = oneDeclarationEach(located);
  const [best, ...rest] = declarations;
  const others = rest.filter(({ match }) => match <= best.match || best.match > NameMatch.ExactIgnoringCase);
  const merged = others.filter((other) => sameSymbol(best, other));
  const alike = others.filter(
    (other) => !merged.includes(other) && best.match === NameMatch.Exact && rankAlike(best, other),
  );
  const more: AnsweredDeclaration[] = [
    ...merged.map((symbol) => ({ symbol, relation: 'merged' as const })),
    ...(options.qualified ? [] : alike.map((symbol) => ({ symbol, relation: 'alike' as const }))),
  ].slice(0, MAX_ANSWERED - 1);
  const answered = new Set(more.map(({ symbol }) => symbol));
  return {
    best,
    more,
    others: others.filter((other) => !answered.has(other)),
    ambiguous: others.some((other) => !sameSymbol(best, other) && rankAlike(best, other)),
    collapsed: located.length - declarations.length,
  };
}

/** Declared under one name in one file and container: one symbol (another meaning, or the same one again). */
function sameSymbol(a: RankedLocatedSymbol, b: RankedLocatedSymbol): boolean {
  return (
    a.hit.name === b.hit.name &&
    a.hit.filePath === b.hit.filePath &&
    (a.hit.containerName ?? '') === (b.hit.containerName ?? '') &&
    !a.hit.alias &&
    !b.hit.alias
  );
}

const CALLABLE_KINDS = new Set(['Function', 'Method']);
const ACCESSOR_KINDS = new Set(['Getter', 'Setter']);

/**
 * One entry per declaration: overload signatures (the native engine lists each; tsserver only the implementation) as
 * the implementation, the last; a get/set pair as its first accessor; an interface declared twice as its first.
 * Other kinds under one name (an interface and a const) stay apart: they are meanings of their own.
 */
export function oneDeclarationEach(located: RankedLocatedSymbol[]): RankedLocatedSymbol[] {
  const kept: RankedLocatedSymbol[] = [];
  for (const symbol of located) {
    const earlier = kept.findIndex((other) => sameSymbol(other, symbol) && oneDeclaration(other, symbol));
    if (earlier < 0) kept.push(symbol);
    else if (CALLABLE_KINDS.has(symbol.hit.kind) && later(symbol, kept[earlier])) kept[earlier] = symbol;
  }
  return kept;
}

function oneDeclaration(a: RankedLocatedSymbol, b: RankedLocatedSymbol): boolean {
  const kinds = [a.hit.kind, b.hit.kind];
  return a.hit.kind === b.hit.kind || kinds.every((kind) => ACCESSOR_KINDS.has(kind));
}

function later(a: RankedLocatedSymbol, b: RankedLocatedSymbol): boolean {
  return (
    a.position.line > b.position.line ||
    (a.position.line === b.position.line && a.position.character > b.position.character)
  );
}
