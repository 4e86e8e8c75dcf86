import type { HierarchyDirection, ImplResponse } from '@cn/protocol';
import { notFound } from '../domain/errors.js';
import type { SourceFiles } from '../ports/source-files.js';
import { completeness, typeLocations, walkTypeGroups } from './hierarchy-answer.js';
import { searchedProjects } from './searched-projects.js';
import { typeDeclarationsOf } from './kept-type-declarations.js';
import { LocationRefBuilder } from './location-refs.js';
import { resolveSourceFile } from './resolve-source.js';
import { TypeHierarchy, type HierarchyDeps } from './type-hierarchy.js';

type Deps = HierarchyDeps & { files: SourceFiles };

/**
 * `cn impl src/router.ts`: a file stands for the classes and interfaces declared in it; the answer is
 * the hierarchy of each, walked as for one type, in one list (each entry's `via` says whose it is; an
 * entry reached from several is kept once, at its nearest). Type aliases have no subtypes to walk.
 */
export async function fileHierarchy(
  deps: Deps,
  file: string,
  direction: HierarchyDirection,
  depth: number,
): Promise<ImplResponse> {
  const filePath = await resolveSourceFile(deps.files, file);
  const relative = deps.paths.toRelative(filePath);
  const builder = new LocationRefBuilder(deps.files, deps.paths);
  const text = await builder.text(filePath);
  const types = text
    ? (await typeDeclarationsOf(deps.typeSyntax, filePath, text)).filter((type) => type.kind !== 'TypeAlias')
    : [];
  if (types.length === 0)
    throw notFound(`${relative} declares no class or interface`, `cn map ${relative} shows what it declares`);
  const hierarchy = new TypeHierarchy(deps, builder);
  const groups = types.map((declaration) => ({
    root: { filePath, position: declaration.position, declaration, relation: 'extends' as const },
    merged: [],
  }));
  const walked = await walkTypeGroups(hierarchy, groups, direction, depth);
  // Read once the walks have waited for the engine: before, no project may be loaded yet.
  const searched = searchedProjects(deps.engine);
  const declarations = await typeLocations(
    builder,
    groups.map(({ root }) => root),
  );
  const target = await builder.ref(filePath, { line: 1, character: 1 }, 'File');
  return {
    target: { ...target, id: relative, name: relative, preview: '' },
    declarations,
    direction,
    depth,
    implementations: walked.implementations,
    supertypes: walked.supertypes,
    ...completeness(searched, walked.truncated),
    examined: hierarchy.examined.counts(),
  };
}
