import type { GraphEdge, GraphNode } from '@cn/protocol';

/** The first `count` edges in the graph's stable order, and only the nodes they (or the roots) name. */
export function keepEdges(
  graph: { nodes: GraphNode[]; edges: GraphEdge[] },
  rootIds: string[],
  count: number,
): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const edges = graph.edges.slice(0, count);
  const named = new Set([...rootIds, ...edges.flatMap((edge) => [edge.from, edge.to])]);
  return { nodes: graph.nodes.filter((node) => named.has(node.id)), edges };
}

/** `limit`: the first edges in the graph's stable order and the nodes they name; `totalEdges` when it cut. */
export function limitEdges(
  graph: { nodes: GraphNode[]; edges: GraphEdge[] },
  rootIds: string[],
  limit: number | undefined,
): { nodes: GraphNode[]; edges: GraphEdge[]; totalEdges: number | undefined } {
  if (limit === undefined || graph.edges.length <= limit) return { ...graph, totalEdges: undefined };
  return { ...keepEdges(graph, rootIds, limit), totalEdges: graph.edges.length };
}

/** What an answer says of a cut graph: `truncated` when the walk or `limit` cut it, `totalEdges` when `limit` did. */
export function cutFields(walkCut: boolean, totalEdges: number | undefined): { truncated?: true; totalEdges?: number } {
  return {
    ...(walkCut || totalEdges !== undefined ? { truncated: true as const } : {}),
    ...(totalEdges !== undefined ? { totalEdges } : {}),
  };
}
