import type { DefinitionGroup, FindRequest, FindResponse, ReferenceMode } from '@cn/protocol';
import { badInput } from '../domain/errors.js';
import { looksLikeTarget } from '../domain/ids.js';
import { checkMaxTokens, fitFind } from '../output/budget.js';
import { checkSnippetLevel } from '../output/snippets.js';
import { pathFilter } from '../ranking/path-filter.js';
import { LocationRefBuilder } from './location-refs.js';
import { suggestNames } from '../ranking/did-you-mean.js';
import { searchSymbolsRanked, splitQualifiedName, validateQuery, type RankedLocatedSymbol } from './symbol-search.js';
import { isNamePattern, searchNamePattern } from './symbol-patterns.js';
import { findAtTarget } from './find-at-target.js';
import { declarationsAnswered, type AnsweredDeclaration } from './same-name.js';
import { otherMatchesFor, startWordScan } from './name-matches.js';
import { modeEcho, namedRef, searchReferences, type FindOptions, type ReferenceSearch } from './find-parts.js';
import type { SourceLocation } from '../domain/location.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import { findInherited, listMembers, type MemberFindDeps } from './find-members.js';

const DEFAULT_CANDIDATE_LIMIT = 10;
/** A pattern's list is the answer itself, so it is longer than a name's candidates. */
const DEFAULT_LISTED = 50;
const REFERENCE_MODES: readonly ReferenceMode[] = ['all', 'none', 'only'];

type Deps = MemberFindDeps;
type Options = FindOptions;

/**
 * `cn find <query>`: the definition an agent means plus every reference, in one call. A query that
 * is an id (`path::line::char`, `path:line:col`) is answered at that exact position, so callers can
 * re-ask with a candidate's id.
 */
export async function findSymbol(deps: Deps, request: FindRequest): Promise<FindResponse> {
  const query = validateQuery(request.query);
  if (request.limit !== undefined && (!Number.isInteger(request.limit) || request.limit < 1)) {
    throw badInput(`limit must be a whole number of 1 or more, not ${request.limit}`);
  }
  const refs = request.refs ?? 'all';
  if (!REFERENCE_MODES.includes(refs)) throw badInput(`unknown refs mode '${refs}'`, 'use all, none or only');
  const maxTokens = checkMaxTokens(request.maxTokens);
  const { role, refsNotIn, group, limit } = request;
  const pinned = looksLikeTarget(query);
  // A path::Name or an id pins the declaration, so `--in` has nothing to narrow but the references: agents asked
  // `find path::wrap --in packages` and got every test's reference (25k tokens) where they meant `--refs-in`.
  const refsIn = request.refsIn ?? (pinned ? request.in : undefined);
  const options: Options = {
    refs,
    snippet: checkSnippetLevel(request.snippet),
    limit,
    filters: { role, refsIn, refsNotIn, group, limit },
  };
  const builder = new LocationRefBuilder(deps.files, deps.paths);
  const response = pinned
    ? await findAtTarget(deps, builder, query, options)
    : await findByName(deps, builder, query, request, options);
  return maxTokens === undefined ? response : fitFind(response, maxTokens);
}

async function findByName(
  deps: Deps,
  builder: LocationRefBuilder,
  query: string,
  request: FindRequest,
  options: Options,
): Promise<FindResponse> {
  if (isNamePattern(query)) return listByPattern(deps, builder, query, request, options);
  const within = pathFilter(request.in);
  const candidateLimit = options.limit ?? DEFAULT_CANDIDATE_LIMIT;
  const word = splitQualifiedName(query).name;
  // Started with the question only while the engine loads (a cold find): warm, the scan starts as the references are
  // asked anyway, and a name that matches nothing (a typo, an inherited member) would pay for a scan it never uses.
  const occurrences =
    options.refs === 'none' || deps.engine.status().state === 'ready'
      ? undefined
      : startWordScan(deps, builder, word, request);
  const search = (whole: boolean) =>
    searchSymbolsRanked(deps, (filePath) => builder.text(filePath), query, request.kind, {
      exact: request.exact,
      limit: candidateLimit + 1,
      relativePath: (filePath: string) => deps.paths.toRelative(filePath),
      ...(within ? { where: (filePath: string) => within(deps.paths.toRelative(filePath)) } : {}),
      whole,
    });
  // Without references nothing is gained by an early declaration: the whole index is waited for at once.
  const first = await search(options.refs === 'none');
  let { symbols: located, total } = first;
  let early: EarlyReferences | undefined;
  if (!first.complete && located.length > 0) {
    // The engine's name index is still being built (a cold start) and the exact name already says which declaration
    // is meant: its references (a find's costly part) are searched while the index is built, and the answer waits
    // for the whole index, so it is the one a warm daemon gives (candidates and their count included).
    early = earlyReferences(deps, builder, located, query, options);
    ({ symbols: located, total } = await search(true));
  }
  if (located.length === 0) {
    const inherited = await findInherited(deps, builder, query, request, options);
    if (inherited) return inherited;
    const suggestions = await suggestNames(deps.symbols, splitQualifiedName(query).name);
    return {
      query,
      definition: null,
      references: [],
      totalReferences: 0,
      candidates: [],
      // Said even when nothing matched, so every answer has the same fields (issue 16).
      totalCandidates: 0,
      ...(suggestions.length > 0 ? { didYouMean: suggestions } : {}),
      ...modeEcho(options),
    };
  }
  const { best, more, others, ambiguous, collapsed } = declarationsAnswered(located, {
    qualified: splitQualifiedName(query).container !== undefined,
  });
  const shared = sharedLimit(options, more.length);
  const searched =
    early?.at === placeOf(best, more.length)
      ? early.references
      : searchReferences(deps, builder, best.hit.filePath, best.position, shared);
  const moreSearched = more.map(({ symbol }) =>
    searchReferences(deps, builder, symbol.hit.filePath, symbol.position, shared),
  );
  const grouped = Promise.all(
    more.map((answered, index) => definitionGroup(builder, answered, moreSearched[index], shared)),
  );
  const everyReference = () => Promise.all([searched.found, ...moreSearched.map((search) => search.found)]);
  const [definition, candidates, { truncated: referencesCut, locations: _locations, ...references }, groups, words] =
    await Promise.all([
      namedRef(builder, best.hit, best.position, options.snippet, 'end'),
      options.refs === 'only'
        ? []
        : Promise.all(
            others
              .slice(0, candidateLimit)
              .map(({ hit, position }) => namedRef(builder, hit, position, options.snippet)),
          ),
      searched.described,
      grouped,
      options.refs === 'none'
        ? {}
        : otherMatchesFor(deps, builder, word, request, everyReference, {
            kind: best.hit.kind,
            ...(occurrences ? { occurrences } : {}),
          }),
    ]);
  const moreDefinitions = groups.map(({ locations: _places, ...group }) => group);
  const outsideIn =
    within && options.refs !== 'none' && request.refsIn === undefined
      ? outsideOf(within, request.refsNotIn, deps.paths, (await everyReference()).flat())
      : 0;
  const groupsCut = moreDefinitions.some((group) => group.truncated);
  return {
    query,
    definition: options.refs === 'only' ? null : definition,
    ...references,
    candidates,
    totalCandidates: total - 1 - collapsed - more.length,
    ...(candidates.length < others.length && options.refs !== 'only' ? { truncated: true as const } : {}),
    ...(referencesCut || groupsCut ? { truncated: true as const } : {}),
    ...(ambiguous ? { ambiguous: true as const } : {}),
    ...(moreDefinitions.length > 0
      ? { moreDefinitions: moreDefinitions.map(({ truncated: _cut, ...group }) => group) }
      : {}),
    ...words,
    ...(outsideIn > 0 ? { referencesOutsideIn: { count: outsideIn, in: request.in! } } : {}),
    ...modeEcho(options),
  };
}

/** References searched before the whole name index was built, for the declaration the exact name pointed at. */
interface EarlyReferences {
  at: string;
  references: ReferenceSearch;
}

function earlyReferences(
  deps: Deps,
  builder: LocationRefBuilder,
  located: RankedLocatedSymbol[],
  query: string,
  options: Options,
): EarlyReferences {
  const { best, more } = declarationsAnswered(located, {
    qualified: splitQualifiedName(query).container !== undefined,
  });
  const references = searchReferences(
    deps,
    builder,
    best.hit.filePath,
    best.position,
    sharedLimit(options, more.length),
  );
  // Unused when the whole index points elsewhere: its failure is then nobody's.
  references.described.catch(() => undefined);
  return { at: placeOf(best, more.length), references };
}

/** The declaration answered and how many more share `--limit` with it: what its references' answer depends on. */
function placeOf({ hit, position }: RankedLocatedSymbol, more: number): string {
  return `${hit.filePath}\0${position.line}\0${position.character}\0${more}`;
}

/** Several declarations answered share `--limit` (each shows at least one reference; totals count all). */
function sharedLimit(options: Options, more: number): Options {
  const limit = options.filters.limit;
  return limit === undefined || more === 0
    ? options
    : { ...options, filters: { ...options.filters, limit: Math.max(1, Math.floor(limit / (more + 1))) } };
}

/** References in files `in` leaves out and `refsNotIn` keeps. */
function outsideOf(
  within: (relativePath: string) => boolean,
  refsNotIn: string | undefined,
  paths: ProjectPaths,
  locations: SourceLocation[],
): number {
  const dropped = pathFilter(refsNotIn, '--refs-not-in');
  return locations.filter((location) => {
    const relative = paths.toRelative(location.filePath);
    return !within(relative) && !dropped?.(relative);
  }).length;
}

/** Another declaration the name answers, with its own references (their search report is the answer's). */
async function definitionGroup(
  builder: LocationRefBuilder,
  { symbol, relation }: AnsweredDeclaration,
  searched: ReferenceSearch,
  options: Options,
): Promise<DefinitionGroup & { truncated: boolean; locations: SourceLocation[] }> {
  const [definition, found] = await Promise.all([
    namedRef(builder, symbol.hit, symbol.position, options.snippet, 'end'),
    searched.described,
  ]);
  const { projects: _projects, complete: _complete, incomplete: _incomplete, ...references } = found;
  return { definition, relation, ...references };
}

/** `cn find "*Router"`, `cn find --kind interface --in src`: every match, best first; no references. */
async function listByPattern(
  deps: Deps,
  builder: LocationRefBuilder,
  pattern: string,
  request: FindRequest,
  options: Options,
): Promise<FindResponse> {
  if (options.refs === 'only')
    throw badInput('a pattern lists symbols; references are searched for one', 're-ask cn find <id> --refs-only');
  if (request.exact) throw badInput(`--exact takes a name, not the pattern '${pattern}'`);
  if (pattern.includes('.')) return listMembers(deps, builder, pattern, request, options.limit ?? DEFAULT_LISTED);
  const within = pathFilter(request.in);
  const { symbols, total, totalIsLowerBound } = await searchNamePattern(
    deps,
    (filePath) => builder.text(filePath),
    pattern,
    {
      kind: request.kind,
      relativePath: (filePath) => deps.paths.toRelative(filePath),
      limit: options.limit ?? DEFAULT_LISTED,
      ...(within ? { within } : {}),
    },
  );
  const candidates = await Promise.all(
    symbols.map(({ hit, position }) => namedRef(builder, hit, position, options.snippet)),
  );
  return {
    query: pattern,
    definition: null,
    references: [],
    totalReferences: 0,
    candidates,
    totalCandidates: total,
    ...(totalIsLowerBound ? { totalCandidatesAtLeast: true as const } : {}),
    ...(candidates.length < total || totalIsLowerBound ? { truncated: true as const } : {}),
    pattern: true,
    refs: 'none',
  };
}
