import type { CallsRequest, CallsResponse, GraphNode } from '../contract-graph.js';
import { notFound } from '../domain/errors.js';
import { formatLocationId } from '../domain/ids.js';
import type { Position } from '../domain/location.js';
import type { ProjectPaths } from '../domain/project-paths.js';
import { walkBreadthFirst, type Step } from '../graph/breadth-first.js';
import { GraphBuilder } from '../graph/graph-builder.js';
import { MAX_GRAPH_NODES, checkDepth, checkDirection } from '../graph/graph-options.js';
import type { CodeIntelligence } from '../ports/code-intelligence.js';
import type { CallHierarchyItem, CodeNavigation } from '../ports/navigation.js';
import type { SourceFiles } from '../ports/source-files.js';
import { resolveSymbolTarget } from './symbol-search.js';

type Deps = { engine: CodeIntelligence; navigation: CodeNavigation; files: SourceFiles; paths: ProjectPaths };

/**
 * `cn calls <target>`: who calls it (in), what it calls (out), or both, breadth first to a depth.
 * Edges always point from caller to callee, whichever way the walk went.
 */
export async function traceCalls(deps: Deps, request: CallsRequest): Promise<CallsResponse> {
  const direction = checkDirection(request.direction, 'in');
  const depth = checkDepth(request.depth);
  const target = await resolveSymbolTarget(deps, request.target, request.kind);
  const [root] = await deps.navigation.prepareCallHierarchy(target.filePath, target.position);
  if (!root) {
    throw notFound(`nothing callable at '${request.target}'`, 'cn calls takes a function, method or constructor; cn find shows what the name is');
  }
  const idAt = (filePath: string, position: Position) => formatLocationId(deps.paths.toRelative(filePath), position.line, position.character);
  const idOf = (item: CallHierarchyItem) => idAt(item.filePath, item.selectionRange.start);
  // Calls into the standard library (lib.d.ts), packages installed outside the root or files reached
  // through a symlink leading out would get ids no other command accepts; the graph stays within the project.
  const keepInRoot = async <T>(calls: T[], itemOf: (call: T) => CallHierarchyItem) => {
    const inside = await Promise.all(calls.map((call) => deps.files.isInsideRoot(itemOf(call).filePath)));
    return calls.filter((_call, index) => inside[index]);
  };
  const graph = new GraphBuilder();
  graph.addNode(callNode(root, idOf(root), 0));
  const walk = (neighbours: (item: CallHierarchyItem) => Promise<Step<CallHierarchyItem>[]>, towardsCallers: boolean) =>
    walkBreadthFirst<CallHierarchyItem>(
      {
        root,
        idOf,
        depth,
        maxNodes: MAX_GRAPH_NODES,
        alreadyKnown: (id) => graph.has(id),
        neighbours,
        onNode: (item, level) => graph.addNode(callNode(item, idOf(item), level)),
        onStep: (expanded, step) => {
          const [from, to] = towardsCallers ? [step.node, expanded] : [expanded, step.node];
          graph.addEdge({ from: idOf(from), to: idOf(to), kind: 'calls', callSites: step.sites });
        },
      },
      () => graph.nodeCount,
    );
  let truncated = false;
  if (direction !== 'out') {
    truncated = await walk(async (item) => {
      const calls = await deps.navigation.incomingCalls(item);
      return (await keepInRoot(calls, (call) => call.from)).map((call) => ({ node: call.from, sites: call.callSites.map((site) => idAt(site.filePath, site.range.start)) }));
    }, true);
  }
  if (direction !== 'in') {
    const cut = await walk(async (item) => {
      const calls = await deps.navigation.outgoingCalls(item);
      return (await keepInRoot(calls, (call) => call.to)).map((call) => ({ node: call.to, sites: call.callSites.map((site) => idAt(site.filePath, site.range.start)) }));
    }, false);
    truncated ||= cut;
  }
  return { root: idOf(root), direction, depth, ...graph.result(), ...(truncated ? { truncated } : {}) };
}

function callNode(item: CallHierarchyItem, id: string, depth: number): GraphNode {
  return { id, name: item.name, kind: item.kind, ...(item.detail ? { container: item.detail } : {}), depth };
}
