import type { GraphEdge, GraphNode, GraphResponse } from '@cn/protocol';
import { plural } from './notes.js';
import type { Voice } from './voice.js';

type Way = 'in' | 'out';

const LABELS: Record<GraphEdge['kind'], Record<Way, string>> = {
  calls: { in: 'called by', out: 'calls' },
  imports: { in: 'imported by', out: 'imports' },
};

/**
 * `--format tree`: the graph as an indented tree in the LocAgent style,
 *
 *   map (Function) [src/internal/operators/map.ts::47::17]
 *   ├─[called by]→ pluck (Function) [src/internal/operators/pluck.ts::101::17]
 *   └─[called by]→ …
 *
 * Each node is expanded once, where the walk first reached it (its depth); elsewhere it is listed
 * with a note, so recursion and cycles print once instead of forever.
 */
export function graphTree(
  response: GraphResponse & { roots?: string[]; totalEdges?: number },
  voice: Voice,
  /** What follows each edge's line (deps' text: the import statements); the call sites by default. */
  { edgeSuffix = sitesSuffix }: { edgeSuffix?: (edge: GraphEdge) => string } = {},
): string {
  const nodes = new Map(response.nodes.map((node) => [node.id, node]));
  const edgeKind = response.edges[0]?.kind ?? (looksLikeFile(response.root) ? 'imports' : 'calls');
  const towards: Record<Way, Map<string, string[]>> = { in: new Map(), out: new Map() };
  const edges = new Map<string, GraphEdge>();
  for (const edge of response.edges) {
    push(towards.in, edge.to, edge.from);
    push(towards.out, edge.from, edge.to);
    edges.set(`${edge.from}\u0000${edge.to}`, edge);
  }
  const ways: Way[] = response.direction === 'both' ? ['in', 'out'] : [response.direction];
  const expanded = new Set<string>();
  const lines: string[] = [];
  const visit = (id: string, prefix: string, level: number, visitWays: Way[], path: string[]) => {
    const children = visitWays.flatMap((way) => (towards[way].get(id) ?? []).map((child) => ({ child, way })));
    children.forEach(({ child, way }, index) => {
      const last = index === children.length - 1;
      const node = nodes.get(child);
      const key = `${way}\u0000${child}`;
      const expandHere = node !== undefined && node.depth === level + 1 && !expanded.has(key) && !path.includes(child);
      const note =
        child === id
          ? '  (recursive)'
          : path.includes(child)
            ? '  (cycle)'
            : !expandHere && hasChildren(towards[way], child, level + 1, response.depth)
              ? '  (expanded elsewhere)'
              : '';
      const edge = edges.get(way === 'in' ? `${child}\u0000${id}` : `${id}\u0000${child}`);
      const sites = edge ? edgeSuffix(edge) : '';
      lines.push(`${prefix}${last ? '└─' : '├─'}[${LABELS[edgeKind][way]}]→ ${label(node, child)}${sites}${note}`);
      if (!expandHere) return;
      expanded.add(key);
      if (level + 1 < response.depth)
        visit(child, `${prefix}${last ? '   ' : '│  '}`, level + 1, [way], [...path, child]);
    });
  };
  // Several roots (`cn calls a b`): one tree each, a node shared by two expanded under the first.
  (response.roots ?? [response.root]).forEach((root, index) => {
    if (index > 0) lines.push('');
    lines.push(label(nodes.get(root), root));
    visit(root, '', 0, ways, [root]);
  });
  // A `--limit` cut is noted by the command (calls-text.ts); this is the node cap's.
  if (response.truncated && response.totalEdges === undefined)
    lines.push(
      `… cut at ${plural(response.nodes.length, 'node')} (narrow the question or lower ${voice.option('depth')})`,
    );
  return lines.join('\n');
}

function label(node: GraphNode | undefined, id: string): string {
  if (!node) return id;
  const entry = node.entryPoint ? '  entry point' : '';
  if (node.kind === 'File' || node.kind === 'Package' || node.kind === 'Unresolved')
    return `${node.id} (${node.kind})${entry}`;
  return `${node.name} (${node.kind}) [${node.id}]`;
}

function hasChildren(towards: Map<string, string[]>, id: string, level: number, depth: number): boolean {
  return level < depth && (towards.get(id)?.length ?? 0) > 0;
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function looksLikeFile(id: string): boolean {
  return !id.includes('::');
}

/** ` @ 12:5 14:3`: the call sites, short when they are in the caller's file (they always are). */
export function sitesSuffix(edge: GraphEdge): string {
  if (!edge.callSites || edge.callSites.length === 0) return '';
  const callerFile = edge.from.split('::')[0];
  const short = edge.callSites.map((site) => {
    const [file, line, character] = site.split('::');
    return file === callerFile ? `${line}:${character}` : site;
  });
  return ` @ ${short.join(' ')}`;
}
