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
