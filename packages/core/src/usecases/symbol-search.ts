import { badInput, notFound } from '../domain/errors.js';
import { looksLikeTarget } from '../domain/ids.js';
import type { Position } from '../domain/location.js';
import type { SourceText } from '../domain/source-text.js';
import type { WorkspaceSymbolHit } from '../domain/symbols.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { SourceFiles } from '../ports/source-files.js';
import { kindFilter } from '../ranking/kind-filter.js';
import { rankSymbols } from '../ranking/rank-symbols.js';
import { LocationRefBuilder } from './location-refs.js';
import { locateName } from './name-position.js';
import { resolveTargetPosition } from './target-position.js';
import type { ProjectPaths } from '../domain/project-paths.js';

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
    throw badInput(`query is too long (${query.length} characters, at most ${MAX_QUERY_LENGTH})`, 'pass one symbol name or id');
  }
  return query;
}

/**
 * Symbols matching a name (`User`, or `Container.member` at any depth), best first, each located at
 * its name. The first is the one `cn find` chooses; the rest are its candidates.
 */
export async function searchRankedSymbols(
  engine: CodeIntelligence,
  texts: (filePath: string) => Promise<SourceText | undefined>,
  query: string,
  kind?: string,
): Promise<LocatedSymbol[]> {
  if (/\s/.test(query)) throw badInput(`'${query.slice(0, 40)}' is not a symbol name`, 'pass one name, e.g. cn find User or cn find User.save');
  const { name, container } = splitQualifiedName(query);
  const acceptsKind = kindFilter(kind);
  const hits = (await engine.searchSymbols(name)).filter(
    (hit) => (!acceptsKind || acceptsKind(hit.kind)) && (container === undefined || containerMatches(hit, container)),
  );
  return Promise.all(rankSymbols(hits, name).map(async ({ hit }) => ({ hit, position: locateName(await texts(hit.filePath), hit.range, hit.name) })));
}

export interface ResolvedSymbolTarget {
  filePath: string;
  position: Position;
  /** Known when the target was a name. */
  symbol?: WorkspaceSymbolHit;
}

/**
 * What commands that act on one symbol (calls, impl, type …) are pointed at: an id is that exact
 * position; a name is the declaration `cn find` would choose. Nothing matching → not-found.
 */
export async function resolveSymbolTarget(
  deps: { engine: CodeIntelligence; files: SourceFiles; paths: ProjectPaths },
  rawQuery: string,
  kind?: string,
): Promise<ResolvedSymbolTarget> {
  const query = validateQuery(rawQuery);
  if (looksLikeTarget(query)) {
    const { filePath, position } = await resolveTargetPosition(deps, query);
    return { filePath, position };
  }
  const builder = new LocationRefBuilder(deps.files, deps.paths);
  const [best] = await searchRankedSymbols(deps.engine, (filePath) => builder.text(filePath), query, kind);
  if (!best) throw notFound(`no symbol named '${query}'`, 'check the spelling, or try cn find with a shorter prefix');
  return { filePath: best.hit.filePath, position: best.position, symbol: best.hit };
}

/** `Observable.subscribe` → name `subscribe` in a container whose name ends with `Observable`. */
export function splitQualifiedName(query: string): { name: string; container?: string } {
  const dot = query.lastIndexOf('.');
  if (dot <= 0 || dot === query.length - 1) return { name: query };
  return { name: query.slice(dot + 1), container: query.slice(0, dot) };
}

function containerMatches(hit: WorkspaceSymbolHit, container: string): boolean {
  const actual = hit.containerName ?? '';
  return actual === container || actual.endsWith(`.${container}`);
}
