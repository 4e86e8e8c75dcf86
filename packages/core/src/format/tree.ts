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
  /**
   * rootNotes: said after a root's own line (a name's several meanings: each one's counts); edgeSuffix: what follows
   * each edge's line (deps' text: the import statements), the call sites by default.
   */
  {
    rootNotes = new Map(),
    edgeSuffix = sitesSuffix,
  }: { rootNotes?: Map<string, string>; edgeSuffix?: (edge: GraphEdge) => string } = {},
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
    lines.push(`${label(nodes.get(root), root)}${rootNotes.get(root) ?? ''}`);
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

/** The call sites, short when they are in the caller's file (they always are), grouped by the callbacks around them. */
export interface SiteGroup {
  /** The unnamed functions between the caller and these sites, outermost first; empty for sites in its own body. */
  through: string[];
  sites: string[];
}

export function siteGroups(edge: GraphEdge): SiteGroup[] {
  const groups = new Map<string, SiteGroup>();
  const short = shortSites(edge);
  (edge.callSites ?? []).forEach((site, index) => {
    const through = edge.through?.[site] ?? [];
    const key = through.join(' › ');
    const group = groups.get(key) ?? { through, sites: [] };
    group.sites.push(short[index]);
    groups.set(key, group);
  });
  // Sites in the caller's own body first, then each callback in the order its first site comes.
  return [...groups.values()].sort((a, b) => Number(a.through.length > 0) - Number(b.through.length > 0));
}

/** The call sites as `line:col` when in the caller's file (they always are), in order. */
export function shortSites(edge: GraphEdge): string[] {
  const callerFile = edge.from.split('::')[0];
  return (edge.callSites ?? []).map((site) => {
    const [file, line, character] = site.split('::');
    return file === callerFile ? `${line}:${character}` : site;
  });
}

/**
 * ` @ 12:5 14:3`; ` @ › arrow@9: 10:3 11:3` when every site sits in the same callback of the caller (`mount › arrow@9`:
 * in an arrow function written in mount at line 9). Only what all sites share is named: a test file's calls, each in
 * its own `it` callback, would cost a group each (the JSON's `through` has every site's).
 */
export function sitesSuffix(edge: GraphEdge): string {
  const sites = shortSites(edge);
  if (sites.length === 0) return '';
  const path = sharedThrough(siteGroups(edge))
    .map((scope) => `› ${scope}`)
    .join(' ');
  return ` @ ${path ? `${path}: ` : ''}${sites.join(' ')}`;
}

/** The callbacks every group of sites starts with, outermost first. */
export function sharedThrough(groups: SiteGroup[]): string[] {
  const candidate = groups[0]?.through ?? [];
  let length = candidate.length;
  for (const group of groups) {
    let same = 0;
    while (same < length && group.through[same] === candidate[same]) same++;
    length = same;
  }
  return candidate.slice(0, length);
}
