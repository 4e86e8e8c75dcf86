import type { CallsResponse, GraphEdge, GraphNode, NamedLocation } from '@cn/core';
import type { Renderings } from './graph-text.js';
import { graphTree } from './tree.js';

/**
 * `cn calls` in text/tree, compact and ids. Compact is one line per call edge with both ends named
 * and the call sites as `line:col` in the caller's file:
 *
 *   Hono.route [src/hono.ts::120::3] → mergePath [src/utils/url.ts::50::14] @ 122:10 130:5
 *   <module> [src/x.test.ts] → Hono [src/hono.ts::10::14] @ 5:13
 */
export const callsRenderings: Renderings<CallsResponse> = {
  text: (response) => [graphTree(response), ...callsNotes(response)].join('\n'),
  compact: (response) => {
    const nodes = new Map(response.nodes.map((node) => [node.id, node]));
    const lines = response.edges.map((edge) => `${nodeLabel(nodes.get(edge.from), edge.from)} → ${nodeLabel(nodes.get(edge.to), edge.to)}${sitesSuffix(edge)}`);
    if (lines.length === 0) lines.push(`no calls (roots: ${(response.roots ?? [response.root]).join(' ')})`);
    return [...lines, ...callsNotes(response)].join('\n');
  },
  ids: (response) => {
    const roots = new Set(response.roots ?? [response.root]);
    return response.nodes.filter((node) => !roots.has(node.id)).map((node) => node.id);
  },
};

function nodeLabel(node: GraphNode | undefined, id: string): string {
  if (!node) return id;
  const qualified = node.container && !node.name.startsWith(`${node.container}.`) ? `${node.container}.${node.name}` : node.name;
  return `${qualified} [${id}]`;
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

/** What the graph leaves out or guessed, so an empty or small answer is not read as "nobody calls it". */
function callsNotes(response: CallsResponse): string[] {
  const notes: string[] = [];
  if (response.nonCallSites) notes.push(`${response.nonCallSites} references that do not call (imports, types, instanceof, values): left out`);
  if (response.filteredCallSites) notes.push(`${response.filteredCallSites} call sites in files --refs-in/--refs-not-in exclude: left out`);
  if (response.ambiguous) {
    notes.push('ambiguous: the name was a guess; re-ask with an id: cn calls <id>');
    for (const candidate of response.candidates ?? []) notes.push(`  also ${candidateLabel(candidate)}`);
  }
  return notes;
}

export function candidateLabel(candidate: NamedLocation): string {
  const name = candidate.container ? `${candidate.container}.${candidate.name}` : candidate.name;
  return `${name} (${candidate.kind}) [${candidate.id}]`;
}
