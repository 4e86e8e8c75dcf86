import { isDeclarationFile } from '../domain/project-paths.js';
import type { WorkspaceSymbolHit } from '../domain/symbols.js';

/**
 * workspace/symbol answers are fuzzy, unranked and uncapped (lowercase `observable` can come before
 * the class), so we rank them the way an agent means the name: exact case-sensitive first, then
 * exact ignoring case, then prefix, then substring; project sources before declaration files and
 * node_modules; source paths before tests, benchmarks, examples and fixtures; exported top-level
 * declarations before other top-level ones, and those before members and object-literal
 * properties; declarations (classes, interfaces, functions …) before variables and re-exports.
 */
export enum NameMatch {
  Exact = 0,
  ExactIgnoringCase = 1,
  Prefix = 2,
  PrefixIgnoringCase = 3,
  Substring = 4,
}

export function nameMatch(name: string, query: string): NameMatch | undefined {
  if (name === query) return NameMatch.Exact;
  const lowerName = name.toLowerCase();
  const lowerQuery = query.toLowerCase();
  if (lowerName === lowerQuery) return NameMatch.ExactIgnoringCase;
  if (name.startsWith(query)) return NameMatch.Prefix;
  if (lowerName.startsWith(lowerQuery)) return NameMatch.PrefixIgnoringCase;
  return alignedSubstring(name, lowerName, lowerQuery) ? NameMatch.Substring : undefined;
}

/**
 * A query inside a name counts only when it covers whole words of it (`Router` in `LinearRouter`,
 * `parse` in `safeParse`): `parsee` inside `SafeParseError` is a typo of `parse`, not that type, and
 * is answered with "did you mean" rather than a confident wrong pick.
 */
function alignedSubstring(name: string, lowerName: string, lowerQuery: string): boolean {
  const starts = wordStarts(name);
  for (let at = lowerName.indexOf(lowerQuery); at >= 0; at = lowerName.indexOf(lowerQuery, at + 1)) {
    const end = at + lowerQuery.length;
    const wordEnds = end === name.length || starts.has(end) || !isLetterOrDigit(name[end]);
    if (starts.has(at) && wordEnds) return true;
  }
  return false;
}

/** Where words begin in an identifier: camelCase humps, acronym ends (`HTTP|Server`), after `_`/`$`, at digits. */
export function wordStarts(name: string): Set<number> {
  const starts = new Set<number>([0]);
  for (let index = 1; index < name.length; index++) {
    const before = charKind(name[index - 1]);
    const here = charKind(name[index]);
    const after = charKind(name[index + 1]);
    if (here === 'other') continue;
    if (before === 'other') starts.add(index);
    else if (here === 'upper' && (before !== 'upper' || after === 'lower')) starts.add(index);
    else if ((here === 'digit') !== (before === 'digit')) starts.add(index);
  }
  return starts;
}

type CharKind = 'upper' | 'lower' | 'digit' | 'other' | 'none';

/**
 * What a name's character is to its word starts, by Unicode property (Lu, Ll, N). An ASCII character is told by its
 * code: three property tests a character were 40 % of ranking typeorm's ~1,270 names for `DataSource` on every find.
 */
export function charKind(char: string | undefined): CharKind {
  if (char === undefined) return 'none';
  const code = char.charCodeAt(0);
  if (code < 0x80) {
    if (code >= 0x41 && code <= 0x5a) return 'upper';
    if (code >= 0x61 && code <= 0x7a) return 'lower';
    return code >= 0x30 && code <= 0x39 ? 'digit' : 'other';
  }
  return /\p{Lu}/u.test(char) ? 'upper' : /\p{Ll}/u.test(char) ? 'lower' : /\p{N}/u.test(char) ? 'digit' : 'other';
}

/** Whether a character is a letter or a digit (Unicode L or N), ASCII by its code. */
export function isLetterOrDigit(char: string): boolean {
  const code = char.charCodeAt(0);
  if (code < 0x80)
    return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
  return /[\p{L}\p{N}]/u.test(char);
}

const KIND_RANK: Record<string, number> = {
  Class: 0,
  Interface: 0,
  Function: 0,
  Enum: 0,
  Namespace: 1,
  Module: 1,
  TypeParameter: 1,
  Struct: 1,
  Method: 2,
  Getter: 2,
  Setter: 2,
  Constructor: 2,
  Property: 3,
  Field: 3,
  EnumMember: 3,
  TypeAlias: 1,
  Constant: 4,
  Variable: 4,
};

export function kindRank(kind: string): number {
  return KIND_RANK[kind] ?? 5;
}

/** Tests, benchmarks, examples and fixtures: a name there is rarely the one meant. */
const SIDE_PATH =
  /(?:^|\/)(?:tests?|__tests__|spec|specs|bench|benchmarks?|examples?|fixtures?|__fixtures__|__mocks__|e2e|runtime-tests|perf-measures)\/|\.(?:test|spec|bench|stories)\.[cm]?[jt]sx?$/;

export function pathRank(relativePath: string): number {
  return SIDE_PATH.test(relativePath.replace(/\\/g, '/')) ? 1 : 0;
}

const MEMBER_KINDS = new Set(['Method', 'Getter', 'Setter', 'Property', 'Field', 'Constructor', 'EnumMember']);

/** Exported top-level (0), other top-level (1), members, object-literal properties and re-exports (2). */
function scopeRank(ranked: RankedHit): number {
  const { hit } = ranked;
  if (hit.alias || hit.containerName || MEMBER_KINDS.has(hit.kind)) return 2;
  return ranked.exported ? 0 : 1;
}

function locationRank(filePath: string): number {
  if (/[\\/]node_modules[\\/]/.test(filePath)) return 2;
  return isDeclarationFile(filePath) ? 1 : 0;
}

/**
 * Among equally good hits, the one an agent means usually lives in the file named after it
 * (`Effect` in Effect.ts, `User` in user.ts) and is declared at the top level rather than inside a
 * module augmentation or a namespace of another file.
 */
function homeRank(hit: WorkspaceSymbolHit): number {
  // A re-export points at the declaration an agent wants; it is never that declaration.
  if (hit.alias) return 4;
  const base = hit.filePath
    .slice(Math.max(hit.filePath.lastIndexOf('/'), hit.filePath.lastIndexOf('\\')) + 1)
    .replace(/\..*$/, '');
  const named = base.toLowerCase() === hit.name.toLowerCase() ? 0 : 2;
  const nested = hit.containerName ? 1 : 0;
  return named + nested;
}

/** The only match `--exact` keeps: JavaScript names are case-sensitive, so `observable` is another name. */
export function isExactMatch(match: NameMatch): boolean {
  return match === NameMatch.Exact;
}

/**
 * Two hits rank alike when nothing but their file order tells them apart (same match, same kind
 * of file, same kind of symbol): choosing the first would be a guess, so the answer says so.
 */
export function rankAlike(a: RankedHit, b: RankedHit): boolean {
  return compareRankKeys(rankKey(a), rankKey(b)) === 0;
}

/** What ranks a hit before its file and line, in that order, lower first (the order above). */
export function rankKey(ranked: RankedHit): number[] {
  return [
    ranked.match,
    locationRank(ranked.hit.filePath),
    pathRank(ranked.relativePath ?? ranked.hit.filePath),
    scopeRank(ranked),
    kindRank(ranked.hit.kind),
    homeRank(ranked.hit),
  ];
}

export function compareRankKeys(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return a[index] - b[index];
  return 0;
}

export interface RankedHit {
  hit: WorkspaceSymbolHit;
  match: NameMatch;
  /** The declaration's line starts with `export`; known once its file was read. */
  exported?: boolean;
  /** Root-relative path, so the root's own location (`/home/test/…`) never counts as a test path. */
  relativePath?: string;
}

/** Best first: the order above, then file and line so the same question always gets the same answer. */
export function compareRanked(a: RankedHit, b: RankedHit): number {
  return compareKeyed(a, rankKey(a), b, rankKey(b));
}

function compareKeyed(a: RankedHit, aKey: readonly number[], b: RankedHit, bKey: readonly number[]): number {
  return (
    compareRankKeys(aKey, bKey) ||
    a.hit.filePath.localeCompare(b.hit.filePath) ||
    a.hit.range.start.line - b.hit.range.start.line
  );
}

/**
 * Sorts best first, in compareRanked's order, with each hit's rank key computed once: compareRanked builds both keys
 * on every comparison, and ranking the ~1,000 hits of a warm `cn find DataSource` on typeorm made 3 MB of them.
 */
export function sortRanked<T extends RankedHit>(ranked: T[]): T[] {
  const keys = new Map<T, number[]>(ranked.map((hit) => [hit, rankKey(hit)]));
  return ranked.sort((a, b) => compareKeyed(a, keys.get(a)!, b, keys.get(b)!));
}

/** Keeps only hits whose name matches the query and orders them best first (stable). */
export function rankSymbols(
  hits: WorkspaceSymbolHit[],
  query: string,
  relative?: (filePath: string) => string,
): RankedHit[] {
  const ranked: RankedHit[] = [];
  for (const hit of hits) {
    const match = nameMatch(hit.name, query);
    if (match !== undefined) ranked.push({ hit, match, ...(relative ? { relativePath: relative(hit.filePath) } : {}) });
  }
  // Array.prototype.sort is stable: equal hits keep the engine's order.
  return sortRanked(ranked);
}
