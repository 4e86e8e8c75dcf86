import type { HierarchyDirection, HierarchyEntry, ImplRequest, ImplResponse, NamedLocation } from '@cn/protocol';
import { badInput } from '../domain/errors.js';
import { formatLocationId, looksLikeTarget } from '../domain/ids.js';
import { looksLikeFilePath } from '../graph/module-items.js';
import { fileHierarchy } from './file-hierarchy.js';
import type { SourceLocation } from '../domain/location.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import { MAX_DEPTH, checkDepth } from '../graph/graph-options.js';
import { namedLocation } from '../graph/named-location.js';
import { searchedProjects } from './searched-projects.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { SymbolIndex } from '../ports/symbol-index.js';
import type { CodeNavigation } from '../ports/navigation.js';
import type { SourceFiles } from '../ports/source-files.js';
import type { TypeSyntax } from '../ports/type-syntax.js';
import { LocationRefBuilder } from './location-refs.js';
import type { ResolvedSymbolTarget } from './symbol-search.js';
import { memberContainer, membersInSubtypes } from './member-implementations.js';
import { declarationForm, TypeHierarchy, type TypeNode } from './type-hierarchy.js';
import { guessFields, type GuessFields } from './target-guess.js';
import { completeness, MAX_IMPLEMENTATIONS, sortedEntries, typeLocations, walkTypeGroups } from './hierarchy-answer.js';
import { nameMeanings } from './name-meanings.js';
import { targetOtherMatches } from './name-matches.js';
import { withHeaders } from './type-headers.js';

type Deps = {
  engine: CodeIntelligence;
  symbols: SymbolIndex;
  navigation: CodeNavigation;
  files: SourceFiles;
  paths: ProjectPaths;
  typeSyntax: TypeSyntax;
};

/**
 * `cn impl <target>` (alias `cn hierarchy`): for a class or interface, its subtypes and/or
 * supertypes at every level, from the heritage clauses of every loaded project; for a member of
 * one, the members of that name declared in its subtypes.
 */
export async function findImplementations(deps: Deps, request: ImplRequest): Promise<ImplResponse> {
  const builder = new LocationRefBuilder(deps.files, deps.paths);
  return withHeaders(limitEntries(await walkHierarchy(deps, request), request.limit), (file) =>
    builder.text(deps.paths.toAbsolute(file)),
  );
}

async function walkHierarchy(deps: Deps, request: ImplRequest): Promise<ImplResponse> {
  const direction = checkHierarchyDirection(request.direction);
  const depth = checkDepth(request.depth, MAX_DEPTH);
  const query = request.target.trim();
  if (!looksLikeTarget(query) && looksLikeFilePath(query)) return fileHierarchy(deps, query, direction, depth);
  const builder = new LocationRefBuilder(deps.files, deps.paths);
  const hierarchy = new TypeHierarchy(deps, builder);
  // A class or interface is what fits; two declarations of one symbol (merged, an alias) are one meaning.
  const { meanings, more } = await nameMeanings(deps, request.target, request, async (target) => {
    const located = await locateTarget(deps, builder, hierarchy, target);
    if (!located.declaration) return undefined;
    const { filePath, declaration } = located;
    const root: TypeNode = { filePath, position: declaration.position, declaration, relation: 'extends' };
    const group = { root, merged: await hierarchy.mergedWith(filePath, declaration) };
    const key = [root, ...group.merged].map(
      (type) => `${type.filePath}:${type.position.line}:${type.position.character}`,
    );
    return { key: key.sort().join(' '), value: { located, group } };
  });
  const [first] = meanings;
  const words = targetOtherMatches(
    deps,
    builder,
    meanings.map(({ target }) => target),
  );
  const guess = { ...(await guessFields(builder, [first.target])), ...(await words) };
  if (!first.fitted) {
    const located = await locateTarget(deps, builder, hierarchy, first.target);
    return memberHierarchy(
      deps,
      builder,
      hierarchy,
      first.target,
      located,
      { asked: request.target, direction, depth },
      guess,
    );
  }
  const groups = meanings.map(({ fitted }) => fitted!.group);
  const walked = await walkTypeGroups(hierarchy, groups, direction, depth);
  const { described, declaration } = first.fitted.located;
  const declarations = await typeLocations(
    builder,
    groups.flatMap(({ root, merged }) => [root, ...merged]),
  );
  // `const Ring = class …` is a constant to the outline, a class to the hierarchy.
  return {
    target: { ...described, kind: declaration.kind, ...declarationForm(declaration) },
    ...(declarations.length > 1 ? { declarations } : {}),
    direction,
    depth,
    implementations: walked.implementations,
    supertypes: walked.supertypes,
    ...guess,
    ...completeness(searchedProjects(deps.engine), walked.truncated),
    examined: hierarchy.examined.counts(),
    ...(meanings.length > 1
      ? {
          meanings: groups.map((group, index) => ({
            ...declarations.find((type) => type.id === typeId(deps, group.root))!,
            ...walked.counts[index],
          })),
          ...(more > 0 ? { moreMeanings: more } : {}),
        }
      : {}),
  };
}

function typeId(deps: Deps, type: TypeNode): string {
  return formatLocationId(deps.paths.toRelative(type.filePath), type.position.line, type.position.character);
}

/** Not a class or interface: a member's overrides in the subtypes of its class, or the engine's implementations. */
async function memberHierarchy(
  deps: Deps,
  builder: LocationRefBuilder,
  hierarchy: TypeHierarchy,
  target: ResolvedSymbolTarget,
  { described, filePath }: Awaited<ReturnType<typeof locateTarget>>,
  { asked, direction, depth }: { asked: string; direction: HierarchyDirection; depth: number },
  guess: GuessFields & Pick<ImplResponse, 'otherMatches'>,
): Promise<ImplResponse> {
  if (direction !== 'sub')
    throw badInput(
      `'${asked}' is no class or interface`,
      'supertypes are found for classes and interfaces; cn find shows what the name is',
    );
  const container = described.outsideRoot
    ? undefined
    : await memberContainer(deps.engine, hierarchy, filePath, {
        line: described.line,
        character: described.character,
      });
  const searched = searchedProjects(deps.engine);
  if (!container) {
    const { implementations, truncated } = await engineImplementations(deps, builder, target, described);
    // tsserver answers `implementation` from the default project of the file only.
    const oneProject = searched.projects > 1 ? ['the engine searched the project of the target only'] : [];
    return {
      target: described,
      direction,
      depth: 1,
      implementations,
      supertypes: [],
      ...guess,
      ...completeness(searched, truncated, oneProject),
    };
  }
  const subtypes = await hierarchy.walk(container.type, 'sub', depth, MAX_IMPLEMENTATIONS);
  const containerId = formatLocationId(
    described.filePath,
    container.type.position.line,
    container.type.position.character,
  );
  const implementations = await membersInSubtypes(deps.engine, builder, deps.paths, subtypes, {
    ...described,
    containerId,
    memberName: container.memberName,
  });
  return {
    target: described,
    direction,
    depth,
    implementations: sortedEntries(implementations),
    supertypes: [],
    ...guess,
    ...completeness(searchedProjects(deps.engine), subtypes.truncated),
    examined: hierarchy.examined.counts(),
  };
}

/**
 * The target as described, and the type declared there. A name may resolve to an import or
 * re-export alias (`export { Hono as HonoBase }`): then the type is the one the alias stands for.
 */
async function locateTarget(
  deps: Deps,
  builder: LocationRefBuilder,
  hierarchy: TypeHierarchy,
  target: ResolvedSymbolTarget,
) {
  const described = await describeTarget(deps, builder, target);
  const filePath = deps.paths.toAbsolute(described.filePath);
  if (described.outsideRoot) return { described, filePath, declaration: undefined };
  const declaration = await hierarchy.declarationAt(filePath, { line: described.line, character: described.character });
  if (declaration) return { described, filePath, declaration };
  const [aliased] = await deps.engine.definition(target.filePath, target.position).catch((): SourceLocation[] => []);
  const original = aliased && (await hierarchy.declarationWithin(aliased));
  if (!original) return { described, filePath, declaration: undefined };
  const ref = await builder.ref(aliased.filePath, original.position, original.kind);
  return { described: { ...ref, name: original.name }, filePath: aliased.filePath, declaration: original };
}

/** Subtypes first, nearest first: what is cut is the farthest. */
export function limitEntries(response: ImplResponse, limit: number | undefined): ImplResponse {
  const total = response.implementations.length + response.supertypes.length;
  if (limit === undefined || total <= limit) return limit === undefined ? response : { ...response, total };
  const implementations = response.implementations.slice(0, limit);
  const supertypes = response.supertypes.slice(0, Math.max(0, limit - implementations.length));
  return { ...response, implementations, supertypes, total, truncated: true };
}

export function checkHierarchyDirection(direction: string | undefined): HierarchyDirection {
  if (direction === undefined) return 'sub';
  if (direction === 'sub' || direction === 'super' || direction === 'both') return direction;
  throw badInput(`unknown direction '${direction}'`, 'use --direction sub, super or both');
}

/**
 * A member of something that is no class or interface (an object type, a function's): the engine's
 * implementations, leaving out the target itself, `this` and unnamed places (a cast, a typed literal).
 */
async function engineImplementations(
  deps: Deps,
  builder: LocationRefBuilder,
  target: ResolvedSymbolTarget,
  described: NamedLocation,
) {
  const locations = sortLocations(await deps.navigation.implementations(target.filePath, target.position));
  const named = await Promise.all(
    locations
      .slice(0, MAX_IMPLEMENTATIONS)
      .map((location) => namedLocation(deps.engine, builder, location.filePath, location.range.start, 'Reference')),
  );
  const kept = dedupeById(named).filter(
    (impl) => impl.id !== described.id && impl.name !== 'this' && impl.name !== '' && impl.kind !== 'Reference',
  );
  const implementations = kept.map((impl): HierarchyEntry => ({
    ...impl,
    depth: 1,
    via: described.id,
    relation: 'implements',
  }));
  return { implementations, truncated: locations.length > MAX_IMPLEMENTATIONS };
}

/** The target as a named place: from the search hit when it was a name, else from the outline. */
export async function describeTarget(
  deps: Pick<Deps, 'engine' | 'files'>,
  builder: LocationRefBuilder,
  target: ResolvedSymbolTarget,
): Promise<NamedLocation> {
  if (target.symbol) {
    const ref = await builder.ref(target.filePath, target.position, target.symbol.kind);
    return {
      ...ref,
      name: target.symbol.name,
      ...(target.symbol.containerName ? { container: target.symbol.containerName } : {}),
    };
  }
  // An id may point at a use; the symbol is described by its declaration, as cn find does.
  const [declared] = await deps.engine.definition(target.filePath, target.position).catch(() => []);
  const place =
    declared && (await deps.files.isInsideRoot(declared.filePath))
      ? declared
      : { filePath: target.filePath, range: { start: target.position } };
  return namedLocation(deps.engine, builder, place.filePath, place.range.start);
}

export function sortLocations(locations: SourceLocation[]): SourceLocation[] {
  return [...locations].sort(
    (a, b) =>
      a.filePath.localeCompare(b.filePath) ||
      a.range.start.line - b.range.start.line ||
      a.range.start.character - b.range.start.character,
  );
}

export function dedupeById<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && (seen.add(item.id), true));
}
