/** What every cn impl answer shares: how complete the walk was, and its entries' order. */
import type { HierarchyDirection, HierarchyEntry, ImplResponse, NamedLocation } from '@cn/protocol';
import type { LocationRefBuilder } from './location-refs.js';
import { searchCompleteness, type Searched } from './searched-projects.js';
import { declarationForm, type TypeHierarchy, type TypeNode } from './type-hierarchy.js';

/**
 * Each entry is named through its file; beyond this many, naming costs more than it tells (the answer says it was cut).
 */
export const MAX_IMPLEMENTATIONS = 200;

/** Implementations found past the cap are left out; the answer says so. */
export function completeness(
  searched: Searched,
  truncated: boolean,
  more: string[] = [],
): Pick<ImplResponse, 'projects' | 'complete' | 'incomplete'> {
  return searchCompleteness(searched, [...more, ...(truncated ? [`stopped at ${MAX_IMPLEMENTATIONS} entries`] : [])]);
}

/** Nearest first, then by place, so the same question always prints the same answer. */
export function sortedEntries(entries: HierarchyEntry[]): HierarchyEntry[] {
  return [...entries].sort(
    (a, b) => a.depth - b.depth || a.filePath.localeCompare(b.filePath) || a.line - b.line || a.character - b.character,
  );
}

/** One entry per type, the nearest (sortedEntries puts it first). */
export function nearestOnce(entries: HierarchyEntry[]): HierarchyEntry[] {
  const seen = new Set<string>();
  return sortedEntries(entries).filter((entry) => !seen.has(entry.id) && (seen.add(entry.id), true));
}

/** The types an answer walked from, named as its entries are (a file's types, a merged class and interface). */
export function typeLocations(
  builder: LocationRefBuilder,
  types: TypeNode[],
): Promise<Array<NamedLocation & ReturnType<typeof declarationForm>>> {
  return Promise.all(
    types.map(async ({ filePath, position, declaration }) => {
      const ref = await builder.ref(filePath, position, declaration?.kind ?? 'Unknown');
      return {
        ...ref,
        name: declaration?.name ?? '',
        ...(declaration?.container ? { container: declaration.container } : {}),
        ...declarationForm(declaration),
      };
    }),
  );
}

/** A type to walk from, and the other declarations of the same symbol (an interface merged with the class). */
export interface TypeGroup {
  root: TypeNode;
  merged: TypeNode[];
}

/**
 * The hierarchies of several types in one answer (a file's, a name's several meanings): each entry once, at its
 * nearest. A group's subtypes are walked once from its root (the references are the symbol's), its supertypes from
 * each of its declarations; `counts` are each group's own.
 */
export async function walkTypeGroups(
  hierarchy: TypeHierarchy,
  groups: TypeGroup[],
  direction: HierarchyDirection,
  depth: number,
): Promise<{
  implementations: HierarchyEntry[];
  supertypes: HierarchyEntry[];
  truncated: boolean;
  counts: Array<{ implementations: number; supertypes: number }>;
}> {
  const walks = await Promise.all(
    groups.map(async ({ root, merged }) => {
      // `class Select extends QueryBase` extends the class of a class merged with an interface: subtypes hang there.
      const subRoot = [root, ...merged].find((type) => type.declaration?.kind === 'Class') ?? root;
      const [sub, ...sups] = await Promise.all([
        direction === 'super' ? undefined : hierarchy.walk(subRoot, 'sub', depth, MAX_IMPLEMENTATIONS),
        ...(direction === 'sub'
          ? []
          : [root, ...merged].map((type) => hierarchy.walk(type, 'super', depth, MAX_IMPLEMENTATIONS))),
      ]);
      return {
        sub: sub?.entries ?? [],
        sup: nearestOnce(sups.flatMap((walk) => walk.entries)),
        truncated: Boolean(sub?.truncated || sups.some((walk) => walk.truncated)),
      };
    }),
  );
  return {
    implementations: nearestOnce(walks.flatMap((walk) => walk.sub)),
    supertypes: nearestOnce(walks.flatMap((walk) => walk.sup)),
    truncated: walks.some((walk) => walk.truncated),
    counts: walks.map((walk) => ({ implementations: walk.sub.length, supertypes: walk.sup.length })),
  };
}
