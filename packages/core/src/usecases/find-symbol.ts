import type { Candidate, FindRequest, FindResponse, ReferenceMode, SnippetLevel } from '@cn/protocol';
import { badInput } from '../domain/errors.js';
import { looksLikeTarget } from '../domain/ids.js';
import type { Position, Range } from '../domain/location.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { WorkspaceSymbolHit } from '../domain/symbols.js';
import { checkMaxTokens, fitFind } from '../output/budget.js';
import { checkSnippetLevel, snippet } from '../output/snippets.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { ReferenceSyntax } from '../ports/reference-syntax.js';
import type { SourceFiles } from '../ports/source-files.js';
import { pathFilter } from '../ranking/path-filter.js';
import { NameMatch, rankAlike } from '../ranking/rank-symbols.js';
import { describeReferences, type ReferenceFilters, type ReferencePart } from './find-references.js';
import { LocationRefBuilder } from './location-refs.js';
import { suggestNames } from '../ranking/did-you-mean.js';
import { searchSymbolsRanked, splitQualifiedName, validateQuery } from './symbol-search.js';
import { isNamePattern, searchNamePattern } from './symbol-patterns.js';
import type { ImportGraphSource } from '../ports/import-graph.js';
import type { SymbolIndex } from '../ports/symbol-index.js';
import { resolveTargetPosition } from './target-position.js';
import { declarationAt } from './outline-node.js';
import { searchCompleteness, searchedProjects } from './searched-projects.js';
import type { WorkClock } from '../search/work-budget.js';

const DEFAULT_CANDIDATE_LIMIT = 10;
/** A pattern's list is the answer itself, so it is longer than a name's candidates. */
const DEFAULT_LISTED = 50;
const REFERENCE_MODES: readonly ReferenceMode[] = ['all', 'none', 'only'];

type Deps = Partial<WorkClock> & {
  engine: CodeIntelligence;
  symbols: SymbolIndex;
  files: SourceFiles;
  paths: ProjectPaths;
  /** The project's files, for listing by kind or path (symbol-patterns.ts). */
  importGraph: Pick<ImportGraphSource, 'projectFiles'>;
  referenceSyntax: ReferenceSyntax;
};
type Definition = NonNullable<FindResponse['definition']>;
interface Options {
  refs: ReferenceMode;
  snippet?: SnippetLevel;
  limit?: number;
  filters: ReferenceFilters;
}

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
  const { role, refsIn, refsNotIn, group, limit } = request;
  const options: Options = {
    refs,
    snippet: checkSnippetLevel(request.snippet),
    limit,
    filters: { role, refsIn, refsNotIn, group, limit },
  };
  const builder = new LocationRefBuilder(deps.files, deps.paths);
  const response = looksLikeTarget(query)
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
  const {
    symbols: located,
    total,
    complete,
  } = await searchSymbolsRanked(deps, (filePath) => builder.text(filePath), query, request.kind, {
    exact: request.exact,
    limit: candidateLimit + 1,
    relativePath: (filePath: string) => deps.paths.toRelative(filePath),
    ...(within ? { where: (filePath: string) => within(deps.paths.toRelative(filePath)) } : {}),
  });
  if (located.length === 0) {
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
  const [chosen] = located;
  // When the name matched exactly, prefix matches (`UserRepository` for `User`) and other spellings
  // (`user`, a different name in JavaScript) are not what was meant: counted in totalCandidates, not listed.
  const others = located
    .slice(1)
    .filter(({ match }) => match <= chosen.match || chosen.match > NameMatch.ExactIgnoringCase);
  const ambiguous = others.length > 0 && rankAlike(chosen, others[0]);
  const [definition, candidates, { truncated: referencesCut, ...references }] = await Promise.all([
    namedRef(builder, chosen.hit, chosen.position, options.snippet),
    options.refs === 'only'
      ? []
      : Promise.all(
          others.slice(0, candidateLimit).map(({ hit, position }) => namedRef(builder, hit, position, options.snippet)),
        ),
    referencesOf(deps, builder, chosen.hit.filePath, chosen.position, options),
  ]);
  return {
    query,
    definition: options.refs === 'only' ? null : definition,
    ...references,
    candidates,
    totalCandidates: total - 1,
    ...(candidates.length < others.length && options.refs !== 'only' ? { truncated: true as const } : {}),
    ...(referencesCut ? { truncated: true as const } : {}),
    ...(ambiguous ? { ambiguous: true as const } : {}),
    ...(complete ? {} : { complete: false, incomplete: joinReasons(references.incomplete, INDEX_BUILDING) }),
    ...modeEcho(options),
  };
}

/** What a name answered before the engine's symbol index was built may lack (symbol-search.ts). */
const INDEX_BUILDING =
  'the symbol index was still being built: totalCandidates counts only names matching exactly; ask again for the rest';

function joinReasons(...reasons: Array<string | undefined>): string {
  return reasons.filter((reason) => reason !== undefined).join('; ');
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

async function findAtTarget(
  deps: Deps,
  builder: LocationRefBuilder,
  query: string,
  options: Options,
): Promise<FindResponse> {
  const { filePath, position } = await resolveTargetPosition(deps, query);
  const [definitions, { truncated: referencesCut, ...references }] = await Promise.all([
    deps.engine.definition(filePath, position),
    referencesOf(deps, builder, filePath, position, options),
  ]);
  let definition: Definition | null = null;
  const declared = definitions[0];
  if (declared && options.refs !== 'only') {
    const text = await builder.text(declared.filePath);
    const found = await declarationAt(deps.engine, declared.filePath, declared.range.start, text);
    const name = found?.node.name ?? identifierAt(text, declared.range.start);
    const ref = await builder.ref(declared.filePath, declared.range.start, found?.kind ?? 'Unknown');
    definition = {
      ...ref,
      name,
      ...(found?.container ? { container: found.container } : {}),
      ...(found ? { endLine: found.node.range.end.line } : {}),
    };
    if (options.snippet && found)
      await addSnippet(builder, definition, declared.filePath, found.node.range, options.snippet);
  }
  return {
    query,
    definition,
    ...references,
    candidates: [],
    totalCandidates: 0,
    ...(referencesCut ? { truncated: true as const } : {}),
    ...modeEcho(options),
  };
}

async function referencesOf(
  deps: Deps,
  builder: LocationRefBuilder,
  filePath: string,
  position: Position,
  options: Options,
): Promise<ReferencePart & { projects?: number; complete?: boolean; incomplete?: string }> {
  // `--no-refs` skips the project-wide search entirely: that is where the time goes.
  if (options.refs === 'none') return { references: [], totalReferences: 0, truncated: false };
  const locations = await deps.engine.references(filePath, position, true);
  const described = await describeReferences(deps, builder, locations, options.filters);
  return { ...described, ...searchCompleteness(searchedProjects(deps.engine), []) };
}

async function namedRef(
  builder: LocationRefBuilder,
  hit: WorkspaceSymbolHit,
  position: Position,
  level: SnippetLevel | undefined,
): Promise<Candidate> {
  const ref = await builder.ref(hit.filePath, position, hit.kind);
  const named: Candidate = {
    ...ref,
    name: hit.name,
    ...(hit.containerName ? { container: hit.containerName } : {}),
    endLine: hit.range.end.line,
  };
  if (level) await addSnippet(builder, named, hit.filePath, hit.range, level);
  return named;
}

async function addSnippet(
  builder: LocationRefBuilder,
  target: { snippet?: string },
  filePath: string,
  range: Range,
  level: SnippetLevel,
): Promise<void> {
  const text = await builder.text(filePath);
  if (text) target.snippet = snippet(text, range.start.line, range.end.line, level);
}

/** `refs` is echoed when not `all`, so an empty reference list is not read as "never used". */
function modeEcho(options: Options): { refs?: ReferenceMode } {
  return options.refs === 'all' ? {} : { refs: options.refs };
}

function identifierAt(text: { line(line: number): string | undefined } | undefined, position: Position): string {
  const content = text?.line(position.line) ?? '';
  const match = /^[\p{L}\p{N}$_]+/u.exec(content.slice(position.character - 1));
  return match ? match[0] : '';
}
