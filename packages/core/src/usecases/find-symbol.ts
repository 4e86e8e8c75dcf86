import type { Candidate, FindRequest, FindResponse } from '../contract.js';
import { badInput } from '../domain/errors.js';
import { looksLikeTarget } from '../domain/ids.js';
import type { LocationRef, Position, SourceLocation } from '../domain/location.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { WorkspaceSymbolHit } from '../domain/symbols.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { SourceFiles } from '../ports/source-files.js';
import { LocationRefBuilder } from './location-refs.js';
import { searchRankedSymbols, validateQuery } from './symbol-search.js';
import { resolveTargetPosition, symbolAt } from './target-position.js';

const DEFAULT_CANDIDATE_LIMIT = 10;

type Deps = { engine: CodeIntelligence; files: SourceFiles; paths: ProjectPaths };
type Definition = NonNullable<FindResponse['definition']>;

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
  const builder = new LocationRefBuilder(deps.files, deps.paths);
  return looksLikeTarget(query) ? findAtTarget(deps, builder, query, request) : findByName(deps, builder, query, request);
}

async function findByName(deps: Deps, builder: LocationRefBuilder, query: string, request: FindRequest): Promise<FindResponse> {
  const located = await searchRankedSymbols(deps.engine, (filePath) => builder.text(filePath), query, request.kind);
  if (located.length === 0) return { query, definition: null, references: [], totalReferences: 0, candidates: [] };
  const [chosen, ...others] = located;
  const definition = await namedRef(builder, chosen.hit, chosen.position);
  const candidateLimit = request.limit ?? DEFAULT_CANDIDATE_LIMIT;
  const candidates = await Promise.all(others.slice(0, candidateLimit).map(({ hit, position }) => namedRef(builder, hit, position)));
  const locations = await deps.engine.references(chosen.hit.filePath, chosen.position, true);
  return { query, definition, ...(await referenceRefs(builder, locations, request.limit)), candidates };
}

async function findAtTarget(deps: Deps, builder: LocationRefBuilder, query: string, request: FindRequest): Promise<FindResponse> {
  const { filePath, position } = await resolveTargetPosition(deps, query);
  const [definitions, locations] = await Promise.all([
    deps.engine.definition(filePath, position),
    deps.engine.references(filePath, position, true),
  ]);
  let definition: Definition | null = null;
  const declared = definitions[0];
  if (declared) {
    const symbol = await symbolAt(deps.engine, declared.filePath, declared.range.start).catch(() => undefined);
    const ref = await builder.ref(declared.filePath, declared.range.start, symbol?.kind ?? 'Unknown');
    definition = { ...ref, name: symbol?.name ?? identifierAt(await builder.text(declared.filePath), declared.range.start), ...(symbol?.container ? { container: symbol.container } : {}) };
  }
  return { query, definition, ...(await referenceRefs(builder, locations, request.limit)), candidates: [] };
}

async function referenceRefs(builder: LocationRefBuilder, locations: SourceLocation[], limit: number | undefined) {
  const sorted = [...locations].sort(
    (a, b) => a.filePath.localeCompare(b.filePath) || a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
  );
  const kept = limit === undefined ? sorted : sorted.slice(0, limit);
  const references: LocationRef[] = await Promise.all(kept.map((location) => builder.ref(location.filePath, location.range.start, 'Reference')));
  return { references, totalReferences: sorted.length };
}

async function namedRef(builder: LocationRefBuilder, hit: WorkspaceSymbolHit, position: Position): Promise<Candidate> {
  const ref = await builder.ref(hit.filePath, position, hit.kind);
  return { ...ref, name: hit.name, ...(hit.containerName ? { container: hit.containerName } : {}) };
}

function identifierAt(text: { line(line: number): string | undefined } | undefined, position: Position): string {
  const content = text?.line(position.line) ?? '';
  const match = /^[\p{L}\p{N}$_]+/u.exec(content.slice(position.character - 1));
  return match ? match[0] : '';
}
