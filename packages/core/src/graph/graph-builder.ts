import type { GraphEdge, GraphNode } from '@cn/protocol';

/**
 * Collects the nodes and edges of a walk: a node keeps the smallest depth it was reached at, an
 * edge found twice (both directions reach it) merges its sites. Output order is stable so the same
 * question always prints the same graph.
 */
export class GraphBuilder {
  private readonly nodes = new Map<string, GraphNode>();
  private readonly edges = new Map<string, GraphEdge>();

  get nodeCount(): number {
    return this.nodes.size;
  }

  has(id: string): boolean {
    return this.nodes.has(id);
  }

  addNode(node: GraphNode): void {
    const known = this.nodes.get(node.id);
    if (!known) this.nodes.set(node.id, node);
    else if (node.depth < known.depth) known.depth = node.depth;
  }

  addEdge(edge: GraphEdge): void {
    const key = `${edge.kind}\u0000${edge.from}\u0000${edge.to}`;
    const known = this.edges.get(key);
    if (!known) {
      this.edges.set(key, { ...edge, ...sites(edge) });
      return;
    }
    if (edge.callSites) known.callSites = union(known.callSites, edge.callSites);
    if (edge.importSites) known.importSites = union(known.importSites, edge.importSites);
    if (edge.through) known.through = { ...known.through, ...edge.through };
  }

  result(): { nodes: GraphNode[]; edges: GraphEdge[] } {
    const nodes = [...this.nodes.values()].sort((a, b) => a.depth - b.depth || compareIds(a.id, b.id));
    const edges = [...this.edges.values()].sort((a, b) => compareIds(a.from, b.from) || compareIds(a.to, b.to));
    return { nodes, edges };
  }
}

function sites(edge: GraphEdge): Partial<GraphEdge> {
  const copy: Partial<GraphEdge> = {};
  if (edge.callSites) copy.callSites = union([], edge.callSites);
  if (edge.importSites) copy.importSites = union([], edge.importSites);
  if (edge.through) copy.through = { ...edge.through };
  return copy;
}

function union(known: string[] | undefined, more: string[]): string[] {
  return [...new Set([...(known ?? []), ...more])].sort(compareIds);
}

/** Ids compare by path, then numerically by line and column (`a.ts::10` after `a.ts::9`). */
export function compareIds(a: string, b: string): number {
  const partsA = a.split('::');
  const partsB = b.split('::');
  if (partsA[0] !== partsB[0]) return partsA[0] < partsB[0] ? -1 : 1;
  for (let index = 1; index < Math.max(partsA.length, partsB.length); index++) {
    const difference = Number(partsA[index] ?? 0) - Number(partsB[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
