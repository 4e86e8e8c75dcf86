import { badInput, notFound } from '../domain/errors.js';
import { looksLikeTarget } from '../domain/ids.js';
import type { Position } from '../domain/location.js';
import type { SourceText } from '../domain/source-text.js';
import type { OutlineNode, WorkspaceSymbolHit } from '../domain/symbols.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { SourceFiles } from '../ports/source-files.js';
import type { SymbolIndex } from '../ports/symbol-index.js';
import { kindFilter } from '../ranking/kind-filter.js';
import {
  sortRanked,
  isExactMatch,
  NameMatch,
  rankAlike,
  rankSymbols,
  type RankedHit,
} from '../ranking/rank-symbols.js';
import { suggestNames } from '../ranking/did-you-mean.js';
import { declaredKind } from '../ranking/refine-kind.js';
import { readDeclarationHead } from '../inspect/declaration-head.js';
import { exportEntriesOf } from '../inspect/module-statements.js';
import { LocationRefBuilder } from './location-refs.js';
import { locateName, nameInOutline } from './name-position.js';
import { resolveTargetPosition } from './target-position.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { TargetNarrowing } from '@cn/protocol';
import { pathFilter } from '../ranking/path-filter.js';

export const MAX_QUERY_LENGTH = 256;

export interface LocatedSymbol {
  hit: WorkspaceSymbolHit;
  /** Where the name itself is (workspace/symbol ranges start at `export`, decorators …). */
  position: Position;
}

/** Checks a name or id query the way every command that takes one does. */
export function validateQuery(raw: string): string {
  const query = raw.trim();
  if (query === '') throw badInput('empty query', 'pass a symbol name, e.g. cn find User');
  if (query.length > MAX_QUERY_LENGTH) {
    throw badInput(
      `query is too long (${query.length} characters, at most ${MAX_QUERY_LENGTH})`,
      'pass one symbol name or id',
    );
  }
  return query;
}

export interface SymbolSearchOptions {
  /** Keep only names equal to the query (ignoring case at worst). */
  exact?: boolean;
  /** Keep only hits whose absolute path passes (built from `--in`). */
  where?: (filePath: string) => boolean;
  /**
   * Locate (read the file of) at most this many of the best hits. Locating every fuzzy match of a
   * common word costs more than the search itself; `total` still counts them all.
   */
  limit?: number;
  /** Root-relative paths, so only paths inside the project count as tests or benchmarks. */
  relativePath?: (filePath: string) => string;
  /** Wait for the whole index even when an exact name would answer sooner (complete: false) without it. */
  whole?: boolean;
}

/**
 * Whether a declaration is exported is read from its file, so ranking by it needs the hits
 * located; beyond this many equally named hits the engine's rank decides the rest.
 */
const MAX_RERANKED = 200;

/** What a name search reads: the symbol index, and the engine's outlines to place hits. */
export interface NameSearchDeps {
  engine: CodeIntelligence;
  symbols: SymbolIndex;
}

export interface RankedLocatedSymbol extends LocatedSymbol, RankedHit {}

export interface RankedSearch {
  symbols: RankedLocatedSymbol[];
  /** How many hits passed the filters, located or not. */
  total: number;
  /**
   * False when the engine's symbol index was still being built: the declarations named exactly as asked
   * are all there (and the choice among them is final), but `total` may miss longer and other-case names.
   */
  complete: boolean;
}

/**
 * Symbols matching a name (`User`, or `Container.member` at any depth), best first, each located at
 * its name and with its name match kept. The first is the one `cn find` chooses; the rest are its
 * candidates. A name declared exactly so is answered without waiting for a symbol index still being
 * built; anything else waits for the whole index.
 */
export async function searchSymbolsRanked(
  deps: NameSearchDeps,
  texts: (filePath: string) => Promise<SourceText | undefined>,
  query: string,
  kind?: string,
  options: SymbolSearchOptions = {},
): Promise<RankedSearch> {
  if (/\s/.test(query))
    throw badInput(
      `'${query.slice(0, 40)}' is not a symbol name`,
      'pass one name, e.g. cn find User or cn find User.save',
    );
  if (options.whole) return rankedMatches(deps, texts, query, kind, options, false);
  const quick = await rankedMatches(deps, texts, query, kind, options, true);
  if (quick.complete || quick.symbols.some(({ match }) => match === NameMatch.Exact))
    // --exact lists only exact names, and those are all in a quick answer.
    return options.exact ? { ...quick, complete: true } : quick;
  return rankedMatches(deps, texts, query, kind, options, false);
}

async function rankedMatches(
  { engine, symbols }: NameSearchDeps,
  texts: (filePath: string) => Promise<SourceText | undefined>,
  query: string,
  kind: string | undefined,
  options: SymbolSearchOptions,
  exactSuffices: boolean,
): Promise<RankedSearch> {
  const { name, container } = splitQualifiedName(query);
  const acceptsKind = kindFilter(kind);
  const scopes = container?.split('.') ?? [];
  const search = await symbols.searchSymbols(name, { exactSuffices });
  const { complete } = search;
  const hits = search.hits.filter(
    (hit) => (!options.where || options.where(hit.filePath)) && (scopes.length === 0 || containerMatches(hit, scopes)),
  );
  const ranked = rankSymbols(hits, name, options.relativePath).filter(
    ({ match }) => !options.exact || isExactMatch(match),
  );
  // A kind filter needs each hit's refined kind, and deep qualifiers its outline: then all are located.
  const locateAll = acceptsKind !== undefined || scopes.length > 1 || options.limit === undefined;
  // Every hit as good a name match as the best is read too: being exported can put any of them first.
  const bestMatches = ranked.filter(({ match }) => match === ranked[0]?.match).length;
  const toLocate = locateAll
    ? ranked
    : ranked.slice(0, Math.max(options.limit ?? 0, Math.min(bestMatches, MAX_RERANKED)));
  const located = await Promise.all(toLocate.map((ranking) => locateRanked(engine, texts, ranking)));
  sortRanked(located);
  if (!locateAll) located.splice(options.limit ?? located.length);
  const kept = located.filter(({ hit }) => !acceptsKind || acceptsKind(hit.kind));
  if (scopes.length <= 1) return { symbols: kept, total: locateAll ? kept.length : ranked.length, complete };
  // navto names only the nearest container; deeper qualifiers are checked against the outline.
  const checks = await Promise.all(
    kept.map(async (symbol) => endsWith(await containerChain(engine, symbol.hit.filePath, symbol.position), scopes)),
  );
  const deep = kept.filter((_, index) => checks[index]);
  return { symbols: deep, total: deep.length, complete };
}

/**
 * A hit placed at its name, with the kind cn reports (type alias, arrow function, getter …) and
 * whether its line exports it, which ranking needs.
 */
export async function locateRanked(
  engine: CodeIntelligence,
  texts: (filePath: string) => Promise<SourceText | undefined>,
  ranking: RankedHit,
): Promise<RankedLocatedSymbol> {
  const { hit } = ranking;
  const text = await texts(hit.filePath);
  const position = text ? locateName(text, hit.range, hit.name) : await locateWithoutText(engine, hit);
  const line = text?.line(position.line);
  // `export { type Money }` has `type` before the name too, but a re-export is no type alias.
  const refined = hit.alias
    ? aliasKind(text, position)
    : declaredKind(hit.kind, line, position.character, text && accessorAt(text, hit, position));
  return {
    ...ranking,
    hit: refined === hit.kind ? hit : { ...hit, kind: refined },
    position,
    exported: /^\s*export\b/.test(line ?? ''),
  };
}

/**
 * What an alias hit is, in the words cn map uses: `Export` for a re-export (`export { Box as Crate }`), `Import` for a
 * renamed import (`import { Box as Carton }`); the engine calls both a Variable, which they are not.
 */
function aliasKind(text: SourceText | undefined, position: Position): string {
  if (!text) return 'Export';
  const exported = exportEntriesOf(text).some(
    ({ nameAt }) => nameAt.line === position.line && nameAt.character === position.character,
  );
  return exported ? 'Export' : 'Import';
}

/** `get`/`set` before a member's name, read as cn map reads it. */
function accessorAt(text: SourceText, hit: WorkspaceSymbolHit, position: Position): 'get' | 'set' | undefined {
  if (hit.kind !== 'Method' && hit.kind !== 'Property') return undefined;
  const selectionRange = {
    start: position,
    end: { line: position.line, character: position.character + hit.name.length },
  };
  return readDeclarationHead(text, { name: hit.name, kind: hit.kind, range: hit.range, selectionRange, children: [] })
    .accessor;
}

export interface ResolvedSymbolTarget {
  filePath: string;
  position: Position;
  /** Known when the target was a name. */
  symbol?: WorkspaceSymbolHit;
  /**
   * The name was a guess: another match ranks as high, or nothing matched the name exactly
   * (`ZodTyp` answered for `ZodTypeDef`). `alternatives` are what else it could have meant.
   */
  ambiguous?: true;
  alternatives?: LocatedSymbol[];
}

/** Other matches a guessed target lists, best first, so one re-ask by id settles it. */
export const MAX_ALTERNATIVES = 5;

/**
 * What commands that act on one symbol (calls, impl, type …) are pointed at: an id is that exact
 * position; a name is the declaration `cn find` would choose, flagged `ambiguous` when find would
 * flag it or when only an inexact match was found. Nothing matching → not-found.
 */
export async function resolveSymbolTarget(
  deps: NameSearchDeps & { files: SourceFiles; paths: ProjectPaths },
  rawQuery: string,
  narrowing: TargetNarrowing = {},
): Promise<ResolvedSymbolTarget> {
  const query = validateQuery(rawQuery);
  // Checked even when the target is an id, so a bad --in is refused the same way every time.
  const within = pathFilter(narrowing.in);
  if (looksLikeTarget(query)) {
    const { filePath, position } = await resolveTargetPosition(deps, query);
    return { filePath, position };
  }
  const builder = new LocationRefBuilder(deps.files, deps.paths);
  const { symbols } = await searchSymbolsRanked(deps, (filePath) => builder.text(filePath), query, narrowing.kind, {
    limit: MAX_ALTERNATIVES + 1,
    exact: narrowing.exact,
    relativePath: (filePath) => deps.paths.toRelative(filePath),
    ...(within ? { where: (filePath: string) => within(deps.paths.toRelative(filePath)) } : {}),
  });
  const [best, ...rest] = symbols;
  if (!best) {
    const suggestions = await suggestNames(deps.symbols, splitQualifiedName(query).name);
    const narrowed = narrowingWords(narrowing);
    throw notFound(
      `no symbol named '${query}'${narrowed}`,
      suggestions.length > 0
        ? `did you mean ${suggestions.join(', ')}?`
        : narrowed
          ? 'try without the narrowing options'
          : 'check the spelling, or try cn find with a shorter prefix',
    );
  }
  const target = { filePath: best.hit.filePath, position: best.position, symbol: best.hit };
  const inexact = best.match !== NameMatch.Exact;
  // As cn find: once the name matched exactly, longer names and other spellings are not what was meant.
  const plausible = inexact ? rest : rest.filter(({ match }) => match === NameMatch.Exact);
  if (!inexact && (plausible.length === 0 || !rankAlike(best, plausible[0]))) return target;
  return {
    ...target,
    ambiguous: true,
    alternatives: plausible.slice(0, MAX_ALTERNATIVES).map(({ hit, position }) => ({ hit, position })),
  };
}

/** ` of kind class in src/router.ts`: what a not-found answer was narrowed by, so the agent knows what to drop. */
function narrowingWords({ kind, in: scope, exact }: TargetNarrowing): string {
  return `${exact ? ' exactly' : ''}${kind !== undefined ? ` of kind ${kind}` : ''}${scope !== undefined ? ` in ${scope}` : ''}`;
}

/** `Observable.subscribe` → name `subscribe` in a container whose name ends with `Observable`. */
export function splitQualifiedName(query: string): { name: string; container?: string } {
  const dot = query.lastIndexOf('.');
  if (dot <= 0 || dot === query.length - 1) return { name: query };
  return { name: query.slice(dot + 1), container: query.slice(0, dot) };
}

function containerMatches(hit: WorkspaceSymbolHit, scopes: string[]): boolean {
  const actual = hit.containerName ?? '';
  const nearest = scopes[scopes.length - 1];
  const qualified = scopes.join('.');
  return (
    actual === nearest || actual === qualified || actual.endsWith(`.${qualified}`) || actual.endsWith(`.${nearest}`)
  );
}

/** Names of the outline nodes enclosing the symbol whose name is at the position, outermost first. */
async function containerChain(engine: CodeIntelligence, filePath: string, position: Position): Promise<string[]> {
  const search = (nodes: OutlineNode[], chain: string[]): string[] | undefined => {
    for (const node of nodes) {
      const { start, end } = node.selectionRange;
      if (start.line === position.line && start.character <= position.character && end.character >= position.character)
        return chain;
      const { range } = node;
      if (range.start.line <= position.line && range.end.line >= position.line) {
        const inside = search(node.children, [...chain, node.name]);
        if (inside) return inside;
      }
    }
    return undefined;
  };
  return search(await engine.outline(filePath).catch(() => []), []) ?? [];
}

function endsWith(chain: string[], scopes: string[]): boolean {
  // A container may itself be dotted (`namespace A.B`), so compare the joined names.
  return chain.join('.') === scopes.join('.') || chain.join('.').endsWith(`.${scopes.join('.')}`);
}

/**
 * A hit in a file cn may not read (outside the root): the engine's outline names the place, or the range start does.
 */
async function locateWithoutText(engine: CodeIntelligence, hit: WorkspaceSymbolHit): Promise<Position> {
  const outline = await engine.outline(hit.filePath).catch((): OutlineNode[] => []);
  return nameInOutline(outline, hit.range, hit.name) ?? hit.range.start;
}
