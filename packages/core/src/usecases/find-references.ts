import type { EnclosingSymbol, FindRequest, FindResponse, Reference, ReferenceRole } from '@cn/protocol';
import { formatLocationId } from '../domain/ids.js';
import type { LocationRef, Position, SourceLocation } from '../domain/location.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import { MODULE_NODE_NAME } from '../graph/module-items.js';
import type { ReferenceSite, ReferenceSyntax } from '../ports/reference-syntax.js';
import { referenceScope } from '../ranking/path-filter.js';
import type { LocationRefBuilder } from './location-refs.js';
import { describeScope } from './word-occurrences.js';
import { ImportModules, namesModule } from './import-modules.js';
import { letOthersIn, pausesOf, type WorkBudget, type WorkClock } from '../search/work-budget.js';

export type ReferenceFilters = Pick<FindRequest, 'role' | 'refsIn' | 'refsNotIn' | 'group' | 'limit'>;
/** The reference fields an answer and each of its `moreDefinitions` share. */
export type ReferenceFields = Pick<
  FindResponse,
  | 'references'
  | 'totalReferences'
  | 'totalReferenceFiles'
  | 'filteredReferences'
  | 'filteredBy'
  | 'filteredRoles'
  | 'commentReferences'
  | 'referenceFiles'
  | 'referenceSymbols'
  | 'totalGroups'
>;
export type ReferencePart = ReferenceFields & { truncated: boolean };

/**
 * How long describing the references runs before it lets the engine's answers in. The word search of the same answer
 * asks the engine about each other use of the name once the references are in (typeorm's DataSource: 160 lookups,
 * ~80 ms of the engine's time); described in one stretch (2,172 references, ~25 ms), the lookups sent nothing until
 * the description was done, and the engine waited.
 */
const DESCRIBE_SLICE_MS = 4;

interface Classified {
  location: SourceLocation;
  relativePath: string;
  site: ReferenceSite;
}

/**
 * The engine's references with what each does (`role`) and where it sits (`in`), read from each file's syntax once;
 * then the filters (`role`, `refsIn`, `refsNotIn`; comment mentions unless asked), counted, and grouped or cut by
 * `limit`.
 */
export async function describeReferences(
  deps: Partial<WorkClock> & { referenceSyntax: ReferenceSyntax; paths: ProjectPaths },
  builder: LocationRefBuilder,
  locations: SourceLocation[],
  filters: ReferenceFilters,
): Promise<ReferencePart> {
  const budget = pausesOf(deps, DESCRIBE_SLICE_MS);
  const keepsPath = referenceScope(filters);
  const roles = filters.role === undefined || filters.role.length === 0 ? undefined : new Set(filters.role);
  // What each filter left out, by role: the path filters first (a reference outside them is theirs), then the roles.
  const byPath = new Map<string, number>();
  const byRole = new Map<string, number>();
  const filterOut = (by: Map<string, number>, { site }: Classified) => by.set(site.role, (by.get(site.role) ?? 0) + 1);
  let comments = 0;
  const kept: Classified[] = [];
  for (const reference of await classify(deps, builder, sortByPlace(locations), budget)) {
    if (!keepsPath(reference.relativePath)) filterOut(byPath, reference);
    else if (reference.site.role === 'comment' && !roles?.has('comment')) comments++;
    else if (roles && !roles.has(reference.site.role)) filterOut(byRole, reference);
    else kept.push(reference);
  }
  const filtered = [...byPath.values(), ...byRole.values()].reduce((sum, count) => sum + count, 0);
  const counts = {
    totalReferences: kept.length,
    totalReferenceFiles: new Set(kept.map((reference) => reference.relativePath)).size,
    ...(filtered > 0
      ? {
          filteredReferences: filtered,
          filteredBy: filterWords(filters),
          // An agent told `6 filtered out (role call)` grepped for what the six were.
          filteredRoles: [
            ...(byPath.size > 0 ? [{ by: describeScope(filters) ?? 'path', roles: mostFirst(byPath) }] : []),
            ...(byRole.size > 0 ? [{ by: `role ${filters.role!.join(',')}`, roles: mostFirst(byRole) }] : []),
          ],
        }
      : {}),
    ...(comments > 0 ? { commentReferences: comments } : {}),
  };
  if (filters.group === 'file')
    return { references: [], ...counts, ...cutGroups('referenceFiles', byFile(kept), filters.limit) };
  if (filters.group === 'symbol')
    return { references: [], ...counts, ...cutGroups('referenceSymbols', bySymbol(kept), filters.limit) };
  const shown = filters.limit === undefined ? kept : kept.slice(0, filters.limit);
  const modules = new ImportModules(builder);
  const references: Reference[] = [];
  // File by file (the references are in place order): each file's places from its text, read once.
  let placeAt: ((position: Position) => Omit<LocationRef, 'kind'>) | undefined;
  for (const [index, { location, relativePath, site }] of shown.entries()) {
    if (index === 0 || shown[index - 1].location.filePath !== location.filePath) {
      placeAt = await builder.placesIn(location.filePath);
      const turn = letOthersIn(budget);
      if (turn) await turn;
    }
    const { id, filePath, line, character, preview, outsideRoot } = placeAt!(location.range.start);
    const from =
      !outsideRoot && (site.role === 'import' || site.role === 'export') && !namesModule(preview)
        ? await modules.at(location.filePath, line)
        : undefined;
    references.push({
      id,
      filePath,
      line,
      character,
      role: site.role,
      in: enclosingSymbol(relativePath, site),
      preview,
      ...(from !== undefined ? { from } : {}),
      ...(outsideRoot ? { outsideRoot } : {}),
    });
  }
  return { references, ...counts, truncated: shown.length < kept.length };
}

function sortByPlace(locations: SourceLocation[]): SourceLocation[] {
  return [...locations].sort(
    (a, b) =>
      a.filePath.localeCompare(b.filePath) ||
      a.range.start.line - b.range.start.line ||
      a.range.start.character - b.range.start.character,
  );
}

/** One parse per file. A file cn may not read (outside the root, over the size cap) is taken as plain reads. */
async function classify(
  deps: { referenceSyntax: ReferenceSyntax; paths: ProjectPaths },
  builder: LocationRefBuilder,
  locations: SourceLocation[],
  budget: WorkBudget,
): Promise<Classified[]> {
  const byPath = new Map<string, SourceLocation[]>();
  for (const location of locations) {
    const inFile = byPath.get(location.filePath);
    if (inFile) inFile.push(location);
    else byPath.set(location.filePath, [location]);
  }
  const perFile = await Promise.all(
    [...byPath].map(async ([filePath, inFile]) => {
      const text = await builder.text(filePath);
      const turn = letOthersIn(budget);
      if (turn) await turn;
      const sites: ReferenceSite[] = text
        ? await deps.referenceSyntax.classify(
            filePath,
            text.text,
            inFile.map((location) => location.range.start),
          )
        : inFile.map(() => ({ role: 'read' }));
      const relativePath = deps.paths.toRelative(filePath);
      return inFile.map((location, index) => ({ location, relativePath, site: sites[index] ?? { role: 'read' } }));
    }),
  );
  return perFile.flat();
}

function enclosingSymbol(relativePath: string, site: ReferenceSite): EnclosingSymbol {
  const enclosing = site.enclosing;
  if (!enclosing) return { name: MODULE_NODE_NAME, kind: 'Module', id: relativePath };
  const { line, character } = enclosing.position;
  return { name: enclosing.name, kind: enclosing.kind, id: formatLocationId(relativePath, line, character) };
}

type FileGroup = NonNullable<FindResponse['referenceFiles']>[number];
type SymbolGroup = NonNullable<FindResponse['referenceSymbols']>[number];

/** Most references first, then by path: the files an answer cut by `limit` keeps are the ones that matter. */
function byFile(references: Classified[]): FileGroup[] {
  const groups = new Map<string, FileGroup & { roles: Partial<Record<ReferenceRole, number>> }>();
  for (const { relativePath, site } of references) {
    const group = groups.get(relativePath) ?? { filePath: relativePath, count: 0, roles: {} };
    group.count++;
    group.roles[site.role] = (group.roles[site.role] ?? 0) + 1;
    groups.set(relativePath, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || a.filePath.localeCompare(b.filePath));
}

function bySymbol(references: Classified[]): SymbolGroup[] {
  const groups = new Map<string, SymbolGroup>();
  for (const { relativePath, site } of references) {
    const symbol = enclosingSymbol(relativePath, site);
    const group = groups.get(symbol.id) ?? { ...symbol, filePath: relativePath, count: 0 };
    group.count++;
    groups.set(symbol.id, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || a.id.localeCompare(b.id));
}

function cutGroups<Field extends 'referenceFiles' | 'referenceSymbols', Group>(
  field: Field,
  groups: Group[],
  limit: number | undefined,
): { [key in Field]: Group[] } & { totalGroups?: number; truncated: boolean } {
  const shown = limit === undefined ? groups : groups.slice(0, limit);
  const cut = shown.length < groups.length;
  return { [field]: shown, ...(cut ? { totalGroups: groups.length } : {}), truncated: cut } as {
    [key in Field]: Group[];
  } & { totalGroups?: number; truncated: boolean };
}

/** `role call, refs not in tests/**`: the filters that left references out, as the note beside the count says them. */
/** Roles and their counts, most first. */
function mostFirst(counts: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
}

function filterWords(filters: ReferenceFilters): string {
  const roles = filters.role !== undefined && filters.role.length > 0 ? [`role ${filters.role.join(',')}`] : [];
  const scope = describeScope({ refsIn: filters.refsIn, refsNotIn: filters.refsNotIn });
  return [...roles, ...(scope !== undefined ? [scope] : [])].join(', ');
}
