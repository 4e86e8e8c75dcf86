import type { CallsRequest, CallsResponse, GraphEdge, GraphNode, TargetNarrowing } from '@cn/protocol';
import { badInput, notFound } from '../domain/errors.js';
import { formatLocationId, looksLikeTarget } from '../domain/ids.js';
import type { Position, SourceLocation } from '../domain/location.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import { walkBreadthFirst, type Step } from '../graph/breadth-first.js';
import { CallCounts } from '../graph/call-counts.js';
import { ReferenceCallers, callIds, type Caller, type ReferenceCallerDeps } from '../graph/reference-callers.js';
import { GraphBuilder } from '../graph/graph-builder.js';
import { cutFields, limitEdges } from '../graph/limit-edges.js';
import { MAX_GRAPH_NODES, checkDepth, checkDirection, checkLimit } from '../graph/graph-options.js';
import { MODULE_NODE_NAME, isModuleItem, looksLikeFilePath, moduleItem } from '../graph/module-items.js';
import type { CallHierarchyItem, CodeNavigation } from '../ports/navigation.js';
import type { SourceFiles } from '../ports/source-files.js';
import { checkMaxTokens } from '../output/budget.js';
import { fitCalls } from '../output/graph-budget.js';
import { referenceScope } from '../ranking/path-filter.js';
import { LocationRefBuilder } from './location-refs.js';
import { resolveSourceFile } from './resolve-source.js';
import { nameMeanings } from './name-meanings.js';
import { validateQuery, type ResolvedSymbolTarget, type NameSearchDeps } from './symbol-search.js';
import { searchCompleteness, searchedProjects } from './searched-projects.js';
import { guessFields } from './target-guess.js';
import { targetOtherMatches } from './name-matches.js';

type Deps = NameSearchDeps &
  ReferenceCallerDeps & { navigation: CodeNavigation; files: SourceFiles; paths: ProjectPaths };

/** `cn calls a b c` answers them in one graph; more is a different question (cn find, cn map). */
export const MAX_CALL_TARGETS = 20;

interface Root {
  item: CallHierarchyItem;
  resolved?: ResolvedSymbolTarget;
}

/**
 * `cn calls <target…>`: who calls it (in), what it calls (out), or both, breadth first to a depth.
 * Edges always point from caller to callee, whichever way the walk went. Only calls and `new` (read from the syntax
 * at each site) count; other references (imports, types, `instanceof`, a function passed as a value, an override's
 * declaration) are counted by role, not shown.
 */
export async function traceCalls(deps: Deps, request: CallsRequest): Promise<CallsResponse> {
  const direction = checkDirection(request.direction, 'in');
  checkLimit(request.limit);
  const maxTokens = checkMaxTokens(request.maxTokens);
  const depth = checkDepth(request.depth);
  const queries = [request.target, ...(request.targets ?? [])];
  if (queries.length > MAX_CALL_TARGETS)
    throw badInput(`${queries.length} targets, at most ${MAX_CALL_TARGETS}`, 'ask about fewer functions at once');
  const keepCaller = callerFilter(deps.paths, request);
  const resolvedQueries = await Promise.all(queries.map((query) => resolveRoots(deps, query, request)));
  const roots = resolvedQueries.flatMap((resolved) => resolved.roots);
  const builder = new LocationRefBuilder(deps.files, deps.paths);
  // One name asked: what a word search for it would also hit, found while the calls are walked.
  const words = targetOtherMatches(
    deps,
    builder,
    queries.length === 1 ? roots.flatMap(({ resolved }) => (resolved ? [resolved] : [])) : [],
    // Its callers asked: the other calls of the word are what a grep for them would add.
    { calls: direction !== 'out', ...(roots.length > 0 ? { kind: roots[0].item.kind } : {}) },
  );
  const idAt = (filePath: string, position: Position) =>
    formatLocationId(deps.paths.toRelative(filePath), position.line, position.character);
  // A file's top-level code is named by the file's path, the id that asks for it again.
  const idOf = (item: CallHierarchyItem) =>
    isModuleItem(item) ? deps.paths.toRelative(item.filePath) : idAt(item.filePath, item.selectionRange.start);
  const counts = new CallCounts();
  const callers = new ReferenceCallers(deps, (filePath) => builder.text(filePath));
  const siteId = (location: SourceLocation) => idAt(location.filePath, location.range.start);
  // Calls into the standard library (lib.d.ts), packages installed outside the root or files reached
  // through a symlink leading out would get ids no other command accepts; the graph stays within the project.
  // Sites that only name the callee (no call, no `new`: an import, a type, an override's declaration) are no calls.
  const stepsOf = async (calls: Caller[], towardsCallers: boolean): Promise<Step<CallHierarchyItem>[]> => {
    const steps = await Promise.all(
      calls.map(async ({ from: item, sites }) => {
        if (!(await deps.files.isInsideRoot(item.filePath))) return undefined;
        const step = callIds(sites, siteId);
        if (towardsCallers && !keepCaller(item.filePath)) {
          counts.filteredCallSites += step.sites.length;
          return undefined;
        }
        counts.nonCalls(sites);
        return step.sites.length === 0 ? undefined : { node: item, ...step };
      }),
    );
    return steps.filter((step): step is Step<CallHierarchyItem> => step !== undefined);
  };
  const callersOf = async (item: CallHierarchyItem) => {
    const found = await callers.incomingCalls(item);
    counts.namesakeCallSites += found.namesakeCalls;
    counts.uncheckedCallSites += found.unchecked;
    return stepsOf(found.callers, true);
  };
  const calleesOf = async (item: CallHierarchyItem) => {
    const calls = await deps.navigation.outgoingCalls(item);
    const found = await Promise.all(
      calls.map(async (call) => ({ from: call.to, sites: await callers.sitesIn(item, call.callSites) })),
    );
    return stepsOf(found, false);
  };
  const graph = new GraphBuilder();
  for (const { item } of roots) graph.addNode(callNode(item, idOf(item), 0));
  const walkFrom = (root: CallHierarchyItem, towardsCallers: boolean) =>
    walkBreadthFirst<CallHierarchyItem>(
      {
        root,
        idOf,
        depth,
        maxNodes: MAX_GRAPH_NODES,
        alreadyKnown: (id) => graph.has(id),
        neighbours: (item) => (towardsCallers ? callersOf(item) : calleesOf(item)),
        onNode: (item, level) => graph.addNode(callNode(item, idOf(item), level)),
        onStep: (expanded, step) => {
          const [from, to] = towardsCallers ? [step.node, expanded] : [expanded, step.node];
          const through = step.through ? { through: step.through } : {};
          graph.addEdge({ from: idOf(from), to: idOf(to), kind: 'calls', callSites: step.sites, ...through });
        },
      },
      () => graph.nodeCount,
    );
  let truncated = false;
  for (const { item } of roots) {
    if (direction !== 'out') truncated = (await walkFrom(item, true)) || truncated;
    if (direction !== 'in') truncated = (await walkFrom(item, false)) || truncated;
  }
  const rootIds = [...new Set(roots.map(({ item }) => idOf(item)))];
  const { nodes, edges, totalEdges } = limitEdges(graph.result(), rootIds, request.limit);
  const response: CallsResponse = {
    root: rootIds[0],
    ...(rootIds.length > 1 ? { roots: rootIds } : {}),
    direction,
    depth,
    nodes,
    edges,
    ...cutFields(truncated, totalEdges),
    ...counts.fields(),
    // Callers are searched project-wide; callees are read from the asked function's own body.
    ...(direction !== 'out' ? searchCompleteness(searchedProjects(deps.engine), []) : {}),
    ...(await guessFields(
      builder,
      roots.flatMap(({ resolved }) => (resolved ? [resolved] : [])),
    )),
    ...(await words),
    ...(await meaningFields(builder, resolvedQueries, idOf, graph.result().edges)),
  };
  return maxTokens === undefined ? response : fitCalls(response, maxTokens);
}

/**
 * A file is its top-level code; an id or a name is the callable there. A name that exactly names several callables is
 * each of them (name-meanings.ts): never one picked silently.
 */
async function resolveRoots(
  deps: Deps,
  rawQuery: string,
  narrowing: TargetNarrowing,
): Promise<{ roots: Root[]; more: number }> {
  const query = validateQuery(rawQuery);
  if (!looksLikeTarget(query) && looksLikeFilePath(query))
    return { roots: [{ item: moduleItem(await resolveSourceFile(deps.files, query)) }], more: 0 };
  const { meanings, more } = await nameMeanings(deps, query, narrowing, async (target) => {
    const [item] = await deps.navigation.prepareCallHierarchy(target.filePath, target.position);
    return item ? { key: itemKey(item), value: item } : undefined;
  });
  const roots = meanings.map(({ target, fitted }): Root => {
    if (!fitted)
      throw notFound(
        `nothing callable at '${query}'`,
        'cn calls takes a function, method, constructor or file; cn find shows what the name is',
      );
    return { item: fitted, resolved: target };
  });
  return { roots, more };
}

function itemKey(item: CallHierarchyItem): string {
  const { line, character } = item.selectionRange.start;
  return `${item.filePath}\u0000${line}\u0000${character}`;
}

/** For each name that stood for several callables: each one, with the edges at it and their call sites. */
async function meaningFields(
  builder: LocationRefBuilder,
  resolvedQueries: Array<{ roots: Root[]; more: number }>,
  idOf: (item: CallHierarchyItem) => string,
  edges: GraphEdge[],
): Promise<Pick<CallsResponse, 'meanings' | 'moreMeanings'>> {
  const several = resolvedQueries.filter(({ roots }) => roots.length > 1);
  if (several.length === 0) return {};
  const meanings = await Promise.all(
    several
      .flatMap(({ roots }) => roots)
      .map(async ({ item }) => {
        const id = idOf(item);
        const at = edges.filter((edge) => edge.from === id || edge.to === id);
        const ref = await builder.ref(item.filePath, item.selectionRange.start, item.kind);
        return {
          ...ref,
          name: item.name,
          ...(item.detail ? { container: item.detail } : {}),
          edges: at.length,
          callSites: at.reduce((sum, edge) => sum + (edge.callSites?.length ?? 0), 0),
        };
      }),
  );
  const more = several.reduce((sum, { more: left }) => sum + left, 0);
  return { meanings, ...(more > 0 ? { moreMeanings: more } : {}) };
}

/** `refsIn`/`refsNotIn` over the caller's root-relative path. */
function callerFilter(paths: ProjectPaths, request: CallsRequest): (filePath: string) => boolean {
  const keeps = referenceScope(request);
  return (filePath) => keeps(paths.toRelative(filePath));
}

function callNode(item: CallHierarchyItem, id: string, depth: number): GraphNode {
  // The engine names top-level code after its file, which the id already says.
  if (isModuleItem(item)) return { id, name: MODULE_NODE_NAME, kind: 'Module', depth };
  return { id, name: item.name, kind: item.kind, ...(item.detail ? { container: item.detail } : {}), depth };
}
