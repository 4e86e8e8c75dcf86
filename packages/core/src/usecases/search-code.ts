import type { SearchHit, SearchRequest, SearchResponse } from '@cn/protocol';
import { badInput } from '../domain/errors.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { SourceFiles } from '../ports/source-files.js';
import { snippet } from '../output/snippets.js';
import { kindFilter } from '../ranking/kind-filter.js';
import { pathFilter } from '../ranking/path-filter.js';
import type { RankedDeclaration } from '../search/declaration-index.js';
import type { SearchIndex } from '../search/search-index.js';
import { identifierWords, searchTerm } from '../search/words.js';
import { LocationRefBuilder } from './location-refs.js';

/** How long a question waits for the index to catch up (the first build on a large project) before it answers. */
export const SEARCH_WAIT_MS = 3000;
const DEFAULT_LIMIT = 10;
/**
 * Unless a snippet level is asked for, the best match's code is given whole when it is at most this many lines, and
 * the next ones' (up to the third) when they are at most SHORT_CODE_LINES: a question about behaviour is answered by
 * reading the code, and agents read it with `sed -n` over the line range the answer gave (20 of 77 shell calls after
 * a cn answer in one evaluation round; the next round, hono's SmartRouter.match, 41 lines, first, and the 12-line
 * constantTimeEqualString third). 80, not 50: mikro-orm's checkOptimisticLocks (51 lines) and detectColumnRenamings
 * (54) ranked first, no code came, and both agents of a round read each with sed.
 */
export const BEST_CODE_LINES = 80;
export const SHORT_CODE_LINES = 15;
const CODE_SHOWN_FOR = 3;

type Deps = { searchIndex: SearchIndex; files: SourceFiles; paths: ProjectPaths };

/**
 * `cn search <words…>`: declarations ranked by how well their name, container, signature, doc comment, comments,
 * strings, the identifiers they use and their file's path match the words (BM25F), for when the name is what the
 * agent does not know. Narrowed by kind and path, cut by limit; each result says which fields matched which words, and
 * the best ones bring their code when it is short.
 */
export async function searchCode(deps: Deps, request: SearchRequest): Promise<SearchResponse> {
  const words = searchedWords(request.query);
  if (words.length === 0)
    throw badInput(
      `no words to search for in '${request.query}'`,
      'give words the code may use, e.g. cn search "retry delay"; words like "the" and "where" are left out',
    );
  const keepKind = kindFilter(request.kind);
  const keepPath = pathFilter(request.in);
  const state = await deps.searchIndex.fresh(SEARCH_WAIT_MS);
  const { total, hits } = deps.searchIndex.search(
    request.query,
    (declaration) =>
      (!keepKind || keepKind(declaration.kind)) && (!keepPath || keepPath(deps.paths.toRelative(declaration.filePath))),
    request.limit ?? DEFAULT_LIMIT,
  );
  const builder = new LocationRefBuilder(deps.files, deps.paths);
  const shown = codeShown(hits);
  const results = await Promise.all(hits.map((hit, index) => searchHit(builder, hit, request.snippet ?? shown[index])));
  return {
    query: request.query,
    words,
    results,
    total,
    ...(hits.length < total ? { truncated: true as const } : {}),
    files: state.files,
    declarations: state.declarations,
    complete: state.complete,
    ...(state.reason !== undefined ? { incomplete: state.reason } : {}),
  };
}

/**
 * Which of the first hits bring their code: the first one longer than a line up to BEST_CODE_LINES, the others up to
 * SHORT_CODE_LINES. A one-line hit is whole in its preview, so it leaves the larger allowance to the next: hono's
 * `class UnsupportedPathError extends Error {}` ranked first, and the agent read SmartRouter.match, second, by sed.
 */
function codeShown(hits: RankedDeclaration[]): Array<SearchRequest['snippet']> {
  let bestGiven = false;
  return hits.map(({ declaration }, rank) => {
    const lines = declaration.endLine - declaration.startLine + 1;
    if (rank >= CODE_SHOWN_FOR || lines <= 1) return undefined;
    const allowed = bestGiven ? SHORT_CODE_LINES : BEST_CODE_LINES;
    bestGiven = true;
    return lines <= allowed ? 'full' : undefined;
  });
}

/** The query's words that take part (lowercased, each once): what the answer echoes as `words`. */
function searchedWords(query: string): string[] {
  const words = new Set<string>();
  for (const word of identifierWords(query)) if (searchTerm(word) !== undefined) words.add(word.toLowerCase());
  return [...words];
}

async function searchHit(
  builder: LocationRefBuilder,
  { declaration, score, matched }: RankedDeclaration,
  level: SearchRequest['snippet'],
): Promise<SearchHit> {
  const { filePath, position, kind, name, container, startLine, endLine } = declaration;
  const place = await builder.ref(filePath, position, kind);
  const text = level === undefined || place.outsideRoot ? undefined : await builder.text(filePath);
  return {
    ...place,
    name,
    ...(container !== undefined ? { container } : {}),
    score: Math.round(score * 100) / 100,
    matched,
    endLine,
    ...(text && level ? { snippet: snippet(text, startLine, endLine, level) } : {}),
  };
}
