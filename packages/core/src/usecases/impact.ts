import type { ImpactFile, ImpactReason, ImpactRequest, ImpactResponse, TargetNarrowing } from '@cn/protocol';
import { badInput } from '../domain/errors.js';
import { formatLocationId, looksLikeTarget } from '../domain/ids.js';
import { isTestFile, type ProjectPaths } from '../domain/project-paths.js';
import { walkBreadthFirst, type Step } from '../graph/breadth-first.js';
import { declarationItem, topLevelDeclarations } from '../graph/changed-declarations.js';
import { GraphBuilder } from '../graph/graph-builder.js';
import { MAX_GRAPH_NODES, checkDepth, checkLimit } from '../graph/graph-options.js';
import { MODULE_NODE_NAME, isModuleItem, looksLikeFilePath } from '../graph/module-items.js';
import { ReferenceCallers, callIds, isCall, type CallerSite } from '../graph/reference-callers.js';
import type { ReferenceSyntax } from '../ports/reference-syntax.js';
import type { ImportGraphSource } from '../ports/import-graph.js';
import { buildImporterIndex, graphFiles, projectFilesInRoot } from '../graph/import-index.js';
import { reExportersOf, type ReExporters } from '../graph/re-exporters.js';
import { checkMaxTokens } from '../output/budget.js';
import { fitImpact } from '../output/impact-budget.js';
import type { ChangeHistory } from '../ports/change-history.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { SymbolIndex } from '../ports/symbol-index.js';
import type { CallHierarchyItem, CodeNavigation } from '../ports/navigation.js';
import type { SourceFiles } from '../ports/source-files.js';
import { changedSymbols } from './changed-symbols.js';
import { LocationRefBuilder } from './location-refs.js';
import { resolveSourceFile } from './resolve-source.js';
import { searchCompleteness, searchedProjects } from './searched-projects.js';
import { resolveSymbolTarget, validateQuery, type ResolvedSymbolTarget } from './symbol-search.js';
import { guessFields } from './target-guess.js';
import { referenceScope } from '../ranking/path-filter.js';
import { targetOtherMatches, type NameMatchDeps } from './name-matches.js';

export type ImpactDeps = {
  engine: CodeIntelligence;
  symbols: SymbolIndex;
  navigation: CodeNavigation;
  files: SourceFiles;
  paths: ProjectPaths;
  changes: ChangeHistory;
  referenceSyntax: ReferenceSyntax;
  importGraph: ImportGraphSource;
} & Omit<NameMatchDeps, 'engine' | 'files' | 'paths'>;

export interface Roots {
  items: CallHierarchyItem[];
  /** What the answer is rooted at when no declaration changed: the file or the ref asked about. */
  asked: string;
  resolved?: ResolvedSymbolTarget;
  /** `since`: changed files holding no declaration. */
  changedFiles?: number;
}

const REASON_ORDER: ImpactReason[] = ['calls', 'imports', 'references'];

/**
 * `cn impact <target>` / `cn impact --since <ref>`: the files a change to symbols reaches. Depth 1 is every
 * file that calls, imports (re-exports followed, as the engine's references follow them) or otherwise names a
 * changed symbol; each further step adds the callers of the callers found, and the files naming those.
 * The changed symbols' own files are left out: they are the change.
 */
export async function impactOf(deps: ImpactDeps, request: ImpactRequest): Promise<ImpactResponse> {
  if ((request.target === undefined) === (request.since === undefined))
    throw badInput('give one of a target and --since <ref>', 'e.g. cn impact compose, or cn impact --since HEAD');
  const limit = checkLimit(request.limit);
  const maxTokens = checkMaxTokens(request.maxTokens);
  const depth = checkDepth(request.depth);
  const builder = new LocationRefBuilder(deps.files, deps.paths);
  const reaches = reachFilter(deps.paths, request);
  const filtered = new Set<string>();
  const roots: Roots =
    request.since !== undefined
      ? await changedSymbols(deps, builder, request.since)
      : await targetRoots(deps, builder, request.target!, request);
  // One symbol asked: what a word search for its name would also hit, and the barrels re-exporting its file, found
  // while the callers are walked.
  // Its calls and imports are the answer: the other calls of the word (in its call shape) and the other imports naming
  // it are what a grep for them would add (agents grepped `(^|[^.\w])raw\b` and `\braw\b.*from` after the answer).
  const words = targetOtherMatches(deps, builder, roots.resolved ? [roots.resolved] : [], {
    calls: true,
    imports: true,
    ...(roots.items.length > 0 ? { kind: roots.items[0].kind } : {}),
  });
  const barrels = roots.resolved && roots.items.length === 1 ? barrelsOf(deps, builder, roots.items[0]) : undefined;
  const idOf = (item: CallHierarchyItem) =>
    isModuleItem(item)
      ? deps.paths.toRelative(item.filePath)
      : formatLocationId(
          deps.paths.toRelative(item.filePath),
          item.selectionRange.start.line,
          item.selectionRange.start.character,
        );
  const graph = new GraphBuilder();
  const depthOf = new Map<string, number>();
  const addNode = (item: CallHierarchyItem, level: number) => {
    depthOf.set(idOf(item), Math.min(level, depthOf.get(idOf(item)) ?? level));
    graph.addNode(
      isModuleItem(item)
        ? { id: idOf(item), name: MODULE_NODE_NAME, kind: 'Module', depth: level }
        : {
            id: idOf(item),
            name: item.name,
            kind: item.kind,
            ...(item.detail ? { container: item.detail } : {}),
            depth: level,
          },
    );
  };
  for (const item of roots.items) addNode(item, 0);
  const affected = new Map<string, { depth: number; reasons: Set<ImpactReason> }>();
  const note = (filePath: string, level: number, reason: ImpactReason) => {
    if (!reaches(filePath)) {
      filtered.add(filePath);
      return;
    }
    const known = affected.get(filePath);
    if (!known) affected.set(filePath, { depth: level, reasons: new Set([reason]) });
    else {
      known.depth = Math.min(known.depth, level);
      known.reasons.add(reason);
    }
  };
  const callers = new ReferenceCallers(deps, (filePath) => builder.text(filePath));
  let namesakeCallSites = 0;
  // Every site names its file; only the sites that call make the enclosing declaration a caller to follow.
  const neighbours = async (item: CallHierarchyItem): Promise<Step<CallHierarchyItem>[]> => {
    const level = (depthOf.get(idOf(item)) ?? 0) + 1;
    const steps: Step<CallHierarchyItem>[] = [];
    const found = await callers.incomingCalls(item);
    namesakeCallSites += found.namesakeCalls;
    for (const { from, sites } of found.callers) {
      if (!(await deps.files.isInsideRoot(from.filePath))) continue;
      for (const site of sites) note(site.location.filePath, level, reasonOf(site));
      const step = callIds(sites, (location) =>
        formatLocationId(
          deps.paths.toRelative(location.filePath),
          location.range.start.line,
          location.range.start.character,
        ),
      );
      // A caller in a file the filters leave out is not followed: its own callers reach through it only.
      if (step.sites.length > 0 && reaches(from.filePath)) steps.push({ node: from, ...step });
    }
    return steps;
  };
  let truncated = false;
  for (const root of roots.items) {
    const cut = await walkBreadthFirst<CallHierarchyItem>(
      {
        root,
        idOf,
        depth,
        maxNodes: MAX_GRAPH_NODES,
        alreadyKnown: (id) => graph.has(id),
        neighbours,
        onNode: addNode,
        onStep: (expanded, step) =>
          graph.addEdge({
            from: idOf(step.node),
            to: idOf(expanded),
            kind: 'calls',
            callSites: step.sites,
            ...(step.through ? { through: step.through } : {}),
          }),
      },
      () => graph.nodeCount,
    );
    truncated ||= cut;
  }
  const changedFiles = new Set(roots.items.map((item) => item.filePath));
  const files = [...affected]
    .filter(([filePath]) => !changedFiles.has(filePath))
    .map(([filePath, { depth: level, reasons }]): ImpactFile => {
      const relative = deps.paths.toRelative(filePath);
      return {
        filePath: relative,
        depth: level,
        reasons: REASON_ORDER.filter((reason) => reasons.has(reason)),
        ...(isTestFile(relative) ? { test: true as const } : {}),
      };
    })
    .sort((a, b) => a.depth - b.depth || (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0));
  const rootIds = [...new Set(roots.items.map(idOf))];
  const { nodes, edges } = graph.result();
  const kept = limit !== undefined && files.length > limit ? files.slice(0, limit) : files;
  const response: ImpactResponse = {
    root: rootIds[0] ?? roots.asked,
    ...(rootIds.length > 1 ? { roots: rootIds } : {}),
    direction: 'in',
    depth,
    nodes,
    edges,
    files: kept,
    tests: files.filter((file) => file.test).map((file) => file.filePath),
    ...(kept.length < files.length ? { totalFiles: files.length } : {}),
    ...(truncated || kept.length < files.length ? { truncated: true } : {}),
    ...(namesakeCallSites > 0 ? { namesakeCallSites } : {}),
    ...(filteredCount(filtered, changedFiles) > 0 ? { filteredFiles: filteredCount(filtered, changedFiles) } : {}),
    ...(roots.changedFiles ? { changedFiles: roots.changedFiles } : {}),
    ...searchCompleteness(searchedProjects(deps.engine), truncated ? [`stopped at ${MAX_GRAPH_NODES} symbols`] : []),
    ...(await guessFields(builder, roots.resolved ? [roots.resolved] : [])),
    ...(await words),
    ...(barrels ? { reExportedBy: await barrels } : {}),
  };
  return maxTokens === undefined ? response : fitImpact(response, maxTokens);
}

/** The files re-exporting the symbol's file, barrels of barrels too (graph/re-exporters.ts). */
async function barrelsOf(
  deps: ImpactDeps,
  builder: LocationRefBuilder,
  symbol: CallHierarchyItem,
): Promise<ReExporters> {
  const files = graphFiles(await projectFilesInRoot(deps.importGraph, deps.files));
  const importers = await buildImporterIndex(deps.importGraph, files);
  return reExportersOf(symbol.filePath, symbol.name, importers, (file) => builder.text(file), deps.paths);
}

/** `refsIn`/`refsNotIn` over a file's root-relative path: which files impact lists and whose callers it follows. */
function reachFilter(paths: ProjectPaths, request: ImpactRequest): (filePath: string) => boolean {
  const keeps = referenceScope(request);
  return (filePath) => keeps(paths.toRelative(filePath));
}

/** The files left out that would have been listed (the changed symbols' own files never are). */
function filteredCount(filtered: Set<string>, changedFiles: Set<string>): number {
  return [...filtered].filter((filePath) => !changedFiles.has(filePath)).length;
}

/** A file is its declarations; an id or a name is the symbol there, callable or not. */
async function targetRoots(
  deps: ImpactDeps,
  builder: LocationRefBuilder,
  rawQuery: string,
  narrowing: TargetNarrowing,
): Promise<Roots> {
  const query = validateQuery(rawQuery);
  if (!looksLikeTarget(query) && looksLikeFilePath(query)) {
    const filePath = await resolveSourceFile(deps.files, query);
    const [outline, text] = await Promise.all([deps.engine.outline(filePath), builder.text(filePath)]);
    const items = topLevelDeclarations(outline).map((node) => declarationItem(filePath, node, text));
    return { items, asked: deps.paths.toRelative(filePath) };
  }
  const resolved = await resolveSymbolTarget(deps, query, narrowing);
  const [callable] = await deps.navigation.prepareCallHierarchy(resolved.filePath, resolved.position);
  return { items: [callable ?? (await symbolItem(builder, resolved, query))], asked: query, resolved };
}

/** A type, an interface or a constant has no call-hierarchy item; its name and place make one for its references. */
async function symbolItem(
  builder: LocationRefBuilder,
  resolved: ResolvedSymbolTarget,
  query: string,
): Promise<CallHierarchyItem> {
  const { filePath, position } = resolved;
  const line = (await builder.text(filePath))?.line(position.line) ?? '';
  const name = resolved.symbol?.name ?? /^[\p{L}\p{N}$_]+/u.exec(line.slice(position.character - 1))?.[0] ?? query;
  const end = { line: position.line, character: position.character + name.length };
  return {
    name,
    kind: resolved.symbol?.kind ?? 'Variable',
    filePath,
    range: { start: position, end },
    selectionRange: { start: position, end },
  };
}

/** Why a site's file is affected: it calls (or cannot be read, so may), imports or re-exports, or names otherwise. */
function reasonOf(site: CallerSite): ImpactReason {
  if (isCall(site)) return 'calls';
  return site.role === 'import' || site.role === 'export' ? 'imports' : 'references';
}
