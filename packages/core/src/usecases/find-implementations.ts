import type { ImplRequest, ImplResponse, NamedLocation } from '../contract-graph.js';
import type { SourceLocation } from '../domain/location.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import { namedLocation } from '../graph/named-location.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { CodeNavigation } from '../ports/navigation.js';
import type { SourceFiles } from '../ports/source-files.js';
import { LocationRefBuilder } from './location-refs.js';
import { resolveSymbolTarget, type ResolvedSymbolTarget } from './symbol-search.js';
import { guessFields } from './target-guess.js';

type Deps = { engine: CodeIntelligence; navigation: CodeNavigation; files: SourceFiles; paths: ProjectPaths };

/** Each implementation is named through its file's outline; beyond this many, naming costs more than it tells. */
const MAX_IMPLEMENTATIONS = 200;

/** `cn impl <target>`: the classes and members that implement an interface or abstract member. */
export async function findImplementations(deps: Deps, request: ImplRequest): Promise<ImplResponse> {
  const target = await resolveSymbolTarget(deps, request.target, request.kind);
  const builder = new LocationRefBuilder(deps.files, deps.paths);
  const [described, locations] = await Promise.all([
    describeTarget(deps, builder, target),
    deps.navigation.implementations(target.filePath, target.position),
  ]);
  const implementations = await Promise.all(
    sortLocations(locations)
      .slice(0, MAX_IMPLEMENTATIONS)
      .map((location) => namedLocation(deps.engine, builder, location.filePath, location.range.start, 'Reference')),
  );
  // For a concrete class the engine lists the class itself, and tsserver adds `this` inside
  // implementing classes; neither answers "what implements it".
  const kept = dedupeById(implementations).filter((impl) => impl.id !== described.id && impl.name !== 'this');
  return { target: described, implementations: kept, ...(await guessFields(builder, [target])) };
}

/** The target as a named place: from the search hit when it was a name, else from the outline. */
export async function describeTarget(deps: Deps, builder: LocationRefBuilder, target: ResolvedSymbolTarget): Promise<NamedLocation> {
  if (target.symbol) {
    const ref = await builder.ref(target.filePath, target.position, target.symbol.kind);
    return { ...ref, name: target.symbol.name, ...(target.symbol.containerName ? { container: target.symbol.containerName } : {}) };
  }
  // An id may point at a use; the symbol is described by its declaration, as cn find does.
  const [declared] = await deps.engine.definition(target.filePath, target.position).catch(() => []);
  const place = declared && (await deps.files.isInsideRoot(declared.filePath)) ? declared : { filePath: target.filePath, range: { start: target.position } };
  return namedLocation(deps.engine, builder, place.filePath, place.range.start);
}

export function sortLocations(locations: SourceLocation[]): SourceLocation[] {
  return [...locations].sort(
    (a, b) => a.filePath.localeCompare(b.filePath) || a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
  );
}

export function dedupeById<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && (seen.add(item.id), true));
}
