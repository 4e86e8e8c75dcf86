import type { HierarchyDirection, HierarchyEntry, ImplResponse, NamedLocation } from '@cn/protocol';
import { notFound } from '../domain/errors.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { SourceFiles } from '../ports/source-files.js';
import type { TypeSyntax } from '../ports/type-syntax.js';
import { completeness, MAX_IMPLEMENTATIONS, sortedEntries } from './hierarchy-answer.js';
import { searchedProjects } from './searched-projects.js';
import { LocationRefBuilder } from './location-refs.js';
import { resolveSourceFile } from './resolve-source.js';
import { declarationForm, TypeHierarchy, type TypeNode } from './type-hierarchy.js';

type Deps = { engine: CodeIntelligence; files: SourceFiles; paths: ProjectPaths; typeSyntax: TypeSyntax };

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
    ? (await deps.typeSyntax.typeDeclarations(filePath, text.text)).filter((type) => type.kind !== 'TypeAlias')
    : [];
  if (types.length === 0)
    throw notFound(`${relative} declares no class or interface`, `cn map ${relative} shows what it declares`);
  const hierarchy = new TypeHierarchy(deps, builder);
  const walks = await Promise.all(
    types.map(async (declaration) => {
      const root: TypeNode = { filePath, position: declaration.position, declaration, relation: 'extends' };
      const [sub, sup] = await Promise.all([
        direction === 'super' ? undefined : hierarchy.walk(root, 'sub', depth, MAX_IMPLEMENTATIONS),
        direction === 'sub' ? undefined : hierarchy.walk(root, 'super', depth, MAX_IMPLEMENTATIONS),
      ]);
      return { sub, sup };
    }),
  );
  // Read once the walks have waited for the engine: before, no project may be loaded yet.
  const searched = searchedProjects(deps.engine);
  const declarations = await Promise.all(
    types.map(async (type): Promise<NamedLocation> => {
      const ref = await builder.ref(filePath, type.position, type.kind);
      return {
        ...ref,
        name: type.name,
        ...(type.container ? { container: type.container } : {}),
        ...declarationForm(type),
      };
    }),
  );
  const target = await builder.ref(filePath, { line: 1, character: 1 }, 'File');
  return {
    target: { ...target, id: relative, name: relative, preview: '' },
    declarations,
    direction,
    depth,
    implementations: nearestOnce(walks.flatMap(({ sub }) => sub?.entries ?? [])),
    supertypes: nearestOnce(walks.flatMap(({ sup }) => sup?.entries ?? [])),
    ...completeness(
      searched,
      walks.some(({ sub, sup }) => sub?.truncated || sup?.truncated),
    ),
  };
}

/** One entry per type, the nearest (sortedEntries puts it first). */
function nearestOnce(entries: HierarchyEntry[]): HierarchyEntry[] {
  const seen = new Set<string>();
  return sortedEntries(entries).filter((entry) => !seen.has(entry.id) && (seen.add(entry.id), true));
}
